"""Bidder: one test per ruling of RULES.md section 5 and docs/rules-bidder.md.

Positions are dealt with ``deal=`` (one single hand) and driven with action
texts. With four players most start from *blocks*: seat 0 holds every ♠,
seat 1 every ♥, seat 2 every ♦, seat 3 every ♣, so who wins each trick is
plain. Expected values are worked out here from the rules, never read from
``tricktable.games.bidder``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tricktable
from tricktable import DealError, GameState, IllegalAction, OptionError, Phase

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]  # low to high
SUITS = "SHDC"
HAND_SIZE = {3: 10, 4: 8, 5: 6, 6: 5}
MIDDLE = {3: 5, 4: 4, 5: 3, 6: 3}  # k = floor((n + 1) / 2)
NULL_VALUE = {3: 6, 4: 5, 5: 4, 6: 3}  # k for odd n, n/2 + 1 for even n
VIEW_KEYS = {"hand", "trick", "last_trick", "scores", "to_move", "phase", "trump", "bids",
             "tricks", "left_over", "contract", "knocks", "contra"}


def suit(letter: str) -> list[str]:
    return [rank + letter for rank in RANKS]


ALL_CARDS = [card for letter in SUITS for card in suit(letter)]
BLOCKS = [suit(letter) for letter in SUITS]  # seat s holds every card of suit s


def new_hand(hands: list[list[str]], dealer: int, left_over: list[str] | None = None,
             **options: Any) -> GameState:
    deal = {"dealer": dealer, "hands": hands, "left_over": left_over or []}
    return tricktable.new_game("bidder", players=len(hands), deal=deal, options=options)


def dealt(players: int, dealer: int = 0, **options: Any) -> GameState:
    """A single hand: the deck in order, n cards to each seat, the last ones left over."""
    n = HAND_SIZE[players]
    hands = [ALL_CARDS[seat * n:(seat + 1) * n] for seat in range(players)]
    return new_hand(hands, dealer, ALL_CARDS[players * n:], **options)


def auction(game: GameState, declarer: int, bid: str) -> GameState:
    """Everyone passes except ``declarer``, who makes ``bid`` ("bid 3", "null") on its turn."""
    while game.phase is Phase.BID:
        game.apply(bid if game.to_move == declarer and game.view(None)["high_bidder"] is None
                   else "pass")
    return game


def play_first_legal(game: GameState) -> GameState:
    """Play the hand out, each seat playing its first legal card."""
    while not game.is_over and game.phase is Phase.PLAY:
        game.apply(next(a for a in game.legal_actions() if a.kind == "play"))
    return game


def blocks_contract(bid: str, trump: str | None, **options: Any) -> GameState:
    """Four-player blocks, dealer 3: seat 0 speaks first, bids ``bid``, names ``trump``."""
    game = auction(new_hand(BLOCKS, dealer=3, **options), 0, bid)
    if trump is not None:
        game.apply(f"trump {trump}")
    return game


# -- players, deal and session -------------------------------------------------


def test_four_players_is_the_default() -> None:
    game = tricktable.new_game("bidder", seed=1)
    assert game.players == 4 and len(game.view(0)["hand"]) == 8


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_hand_sizes_and_the_shown_left_over_cards(players: int) -> None:
    game = tricktable.new_game("bidder", players=players, seed=players)
    n, left = HAND_SIZE[players], 32 - players * HAND_SIZE[players]
    assert left == (0 if players == 4 else 2)
    view = game.view(None)
    assert view["hand_sizes"] == [n] * players and len(view["left_over"]) == left
    shown = set(view["left_over"])
    for seat in range(players):
        assert not shown & set(game.view(seat)["hand"])
        assert game.view(seat)["left_over"] == view["left_over"]
    cards = [c for hand in game.reveal()["hands"] for c in hand] + game.reveal()["left_over"]
    assert sorted(cards) == sorted(tricktable.CardSet.parse(game.deck, ALL_CARDS).texts())


@pytest.mark.parametrize("players", [2, 7])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(OptionError, match=r"4, 3, 5, 6"):
        tricktable.new_game("bidder", players=players)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_session_is_two_deals_per_player_and_the_dealer_rotates(players: int) -> None:
    game = tricktable.new_game("bidder", players=players, seed=7)
    first = game.view(None)["dealer"]
    while not game.is_over:
        game.apply("pass")  # every hand thrown in: thrown-in hands count
    assert len(game.results) == 2 * players
    assert [r.dealer for r in game.results] == [(first + i) % players
                                                   for i in range(2 * players)]
    assert all(r.declarer is None and r.contract is None for r in game.results)
    assert game.winner is None and game.view(0)["winners"] == list(range(players))


def test_option_deals_sets_the_session_length() -> None:
    game = tricktable.new_game("bidder", players=3, seed=2, options={"deals": 2})
    game.apply("pass")
    game.apply("pass")
    assert not game.is_over
    game.apply("pass")
    assert game.phase is Phase.BID and len(game.results) == 1
    for _ in range(3):
        game.apply("pass")
    assert game.is_over and len(game.results) == 2


def test_the_first_dealer_comes_from_the_seed() -> None:
    dealers = {tricktable.new_game("bidder", seed=seed).view(None)["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_highest_total_wins_alone() -> None:
    game = play_first_legal(blocks_contract("bid 8", "spades"))
    assert game.is_over and game.scores == [24, -8, -8, -8]
    assert game.winner == 0 and game.view(None)["winners"] == [0]


def test_a_deal_with_the_wrong_cards_is_refused() -> None:
    with pytest.raises(DealError, match="must have 8 cards"):
        new_hand([BLOCKS[0][:7], *BLOCKS[1:]], dealer=0, left_over=["AS"])
    with pytest.raises(DealError, match="2 cards"):
        new_hand([ALL_CARDS[:10], ALL_CARDS[10:20], ALL_CARDS[20:30]], dealer=0)


# -- the auction -----------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_bid_order_puts_null_just_above_the_middle_bid(players: int) -> None:
    n, k = HAND_SIZE[players], MIDDLE[players]
    order = [f"bid {b}" for b in range(1, k + 1)] + ["null"] + [
        f"bid {b}" for b in range(k + 1, n + 1)]
    game = dealt(players)
    assert [a.text for a in game.legal_actions()] == ["pass", *order]
    game.apply(f"bid {k}")
    assert [a.text for a in game.legal_actions()] == ["pass", "null", *order[k + 1:]]
    game.apply("null")
    with pytest.raises(IllegalAction, match="must outrank the high bid of null"):
        game.apply(f"bid {k}")
    game.apply(f"bid {k + 1}")
    with pytest.raises(IllegalAction, match="must outrank"):
        game.apply("null")
    with pytest.raises(IllegalAction, match=f"a bid is 1 to {n}"):
        dealt(players).apply(f"bid {n + 1}")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_null_is_worth_k_or_half_n_plus_one(players: int) -> None:
    game = auction(dealt(players), 2, "null")
    assert game.view(None)["contract"] == "null"
    assert game.view(None)["value"] == NULL_VALUE[players]


def test_a_pass_is_final() -> None:
    game = new_hand(BLOCKS, dealer=3)
    for action in ["bid 1", "pass", "bid 2", "pass", "bid 3"]:
        game.apply(action)
    assert game.to_move == 2  # seat 1 passed: skipped for good
    game.apply("bid 4")
    assert game.to_move == 0
    game.apply("pass")
    assert game.phase is Phase.TRUMP and game.to_move == 2
    assert game.view(None)["declarer"] == 2 and game.view(None)["contract"] == "4"


def test_the_auction_ends_when_all_others_have_passed_after_the_last_bid() -> None:
    game = new_hand(BLOCKS, dealer=3)
    game.apply("pass")
    game.apply("bid 2")
    game.apply("pass")
    assert game.phase is Phase.BID  # seat 3 still to speak
    game.apply("pass")
    assert game.phase is Phase.TRUMP and game.to_move == 1


def test_the_top_bid_ends_the_auction_at_once() -> None:
    game = new_hand(BLOCKS, dealer=3)
    game.apply("pass")
    game.apply("bid 8")
    assert game.phase is Phase.TRUMP and game.to_move == 1
    assert [b["bid"] for b in game.view(None)["bids"]] == ["pass", 8]


def test_all_pass_throws_the_hand_in() -> None:
    game = new_hand(BLOCKS, dealer=1)
    for _ in range(4):
        game.apply("pass")
    assert game.is_over
    result = game.results[0]
    assert (result.declarer, result.contract, list(result.deltas)) == (None, None, [0] * 4)


# -- trump and play ----------------------------------------------------------------


def test_the_number_bid_winner_names_trump_and_the_dealers_left_leads() -> None:
    game = new_hand(BLOCKS, dealer=1)
    game.apply("pass")  # seat 2
    game.apply("bid 3")  # seat 3
    game.apply("pass")
    game.apply("pass")
    assert game.phase is Phase.TRUMP and game.to_move == 3
    with pytest.raises(IllegalAction, match="time to trump"):
        game.apply("play AC")
    game.apply("trump hearts")
    view = game.view(3)
    assert (view["trump"], view["contract"], view["phase"]) == ("♥", "3 ♥", "play")
    assert game.to_move == 2  # the dealer's left, not the bidder


def test_null_has_no_trump_and_play_starts_at_once() -> None:
    game = auction(new_hand(BLOCKS, dealer=0), 3, "null")
    assert game.phase is Phase.PLAY and game.to_move == 1
    assert game.view(None)["trump"] is None
    with pytest.raises(IllegalAction, match="time to play"):
        game.apply("trump spades")


def test_you_must_follow_suit() -> None:
    hands = [["7S", "8S", *suit("H")[:6]], ["9S", "AH", *suit("D")[:6]],
             ["10S", "KH", *suit("C")[:6]], ["JS", "QS", "KS", "AS", "KD", "AD", "KC", "AC"]]
    game = auction(new_hand(hands, dealer=3), 0, "bid 1")
    game.apply("trump clubs")
    game.apply("play 7S")
    with pytest.raises(IllegalAction, match="you must follow suit: you hold a ♠"):
        game.apply("play AH")
    with pytest.raises(IllegalAction, match="you do not hold"):
        game.apply("play 8S")
    game.apply("play 9S")
    assert game.legal_actions() == [game.parse("play 10S")]


def test_a_trump_beats_the_led_suit_else_the_highest_of_the_led_suit_wins() -> None:
    hands = [["7S", "8S", "7H", "8H", "9H", "10H", "JH", "7D"],
             ["9S", "AH", "QC", "KC", "AC", "9D", "10D", "8D"],
             ["7C", "KH", "QH", "JS", "AD", "KD", "QD", "JD"],
             ["10S", "QS", "KS", "AS", "8C", "9C", "10C", "JC"]]
    game = auction(new_hand(hands, dealer=3), 0, "bid 1")
    game.apply("trump clubs")
    for card in ["8S", "9S", "JS", "10S"]:  # spades led, all follow: the jack wins
        game.apply(f"play {card}")
    assert game.view(None)["last_trick"]["winner"] == 2
    for card in ["KH", "8C", "7H", "AH"]:  # seat 3 has no heart: its lowest trump wins
        game.apply(f"play {card}")
    assert game.view(None)["last_trick"]["winner"] == 3
    assert game.view(None)["tricks"] == [0, 0, 1, 1]


# -- scoring -----------------------------------------------------------------------


def test_a_made_contract_is_paid_by_every_other_player() -> None:
    game = play_first_legal(blocks_contract("bid 8", "spades"))
    result = game.results[0]
    assert list(result.seat_tricks) == list(result.card_points) == [8, 0, 0, 0]
    assert list(result.deltas) == [24, -8, -8, -8] and result.made is True
    assert (result.declarer, result.contract, result.extras["value"]) == (0, "8 ♠", 8)


def test_a_failed_contract_pays_every_other_player() -> None:
    game = play_first_legal(blocks_contract("bid 3", "hearts"))
    result = game.results[0]
    assert result.seat_tricks[0] < 3 and sum(result.seat_tricks) == 8
    assert list(result.deltas) == [-9, 3, 3, 3] and result.made is False


def test_null_ends_as_soon_as_the_bidder_takes_a_trick() -> None:
    game = blocks_contract("null", None)
    game.apply("play 7S")  # nobody else holds a spade: seat 0 takes the trick
    for _ in range(3):
        game.apply(next(a for a in game.legal_actions()))
    assert game.is_over
    result = game.results[0]
    assert list(result.seat_tricks) == [1, 0, 0, 0] and result.contract == "null"
    assert list(result.deltas) == [-15, 5, 5, 5]


def test_null_made_when_the_bidder_takes_no_trick() -> None:
    low = [r + s for s in SUITS for r in "78"]
    others = [c for c in ALL_CARDS if c not in low]
    game = auction(new_hand([low, others[:8], others[8:16], others[16:]], dealer=3), 0, "null")
    play_first_legal(game)
    result = game.results[0]
    assert result.seat_tricks[0] == 0 and sum(result.seat_tricks) == 8
    assert list(result.deltas) == [15, -5, -5, -5] and result.made is True


# -- contra and knocking ---------------------------------------------------------


def test_contra_is_off_by_default() -> None:
    game = blocks_contract("bid 8", "spades")
    game.apply("play AS")
    assert "contra" not in [a.text for a in game.legal_actions()]
    with pytest.raises(IllegalAction, match="option contra is off"):
        game.apply("contra")


def test_contra_doubles_the_value_once_before_the_defenders_first_card() -> None:
    game = blocks_contract("bid 8", "spades", contra=True)
    assert "contra" not in [a.text for a in game.legal_actions()]  # the declarer leads
    with pytest.raises(IllegalAction, match="only a defender"):
        game.apply("contra")
    game.apply("play AS")
    game.apply("play 7H")  # seat 1 plays without contra
    assert "contra" in [a.text for a in game.legal_actions()]
    game.apply("contra")  # seat 2, before its first card
    assert game.to_move == 2 and game.view(0)["contra"] is True
    with pytest.raises(IllegalAction, match="already declared contra"):
        game.apply("contra")
    play_first_legal(game)
    result = game.results[0]
    assert result.extras["contra"] is True and list(result.deltas) == [48, -16, -16, -16]


def test_contra_comes_before_the_first_card_only() -> None:
    game = blocks_contract("bid 8", "spades", contra=True)
    for card in ["AS", "7H", "7D", "7C", "KS"]:
        game.apply(f"play {card}")
    assert game.to_move == 1
    with pytest.raises(IllegalAction, match="before your first card"):
        game.apply("contra")


def test_knocking_deals_half_then_a_knock_round_from_the_dealers_left() -> None:
    game = tricktable.new_game("bidder", players=3, seed=5, options={"knocking": True})
    dealer = game.view(None)["dealer"]
    assert game.phase is Phase.KNOCK and game.to_move == (dealer + 1) % 3
    assert game.view(None)["hand_sizes"] == [5, 5, 5] and game.view(None)["left_over"] == []
    undealt = game.reveal()["undealt"]
    assert len(undealt) == 17  # 3 x 5 still to deal, and the 2 left over
    for seat in range(3):
        hidden = {game.deck.text(c) for c in range(32) if game.hidden_from(seat) >> c & 1}
        assert set(undealt) <= hidden
    with pytest.raises(IllegalAction, match="time to knock or pass"):
        game.apply("bid 1")
    game.apply("knock")
    game.apply("pass")
    assert game.phase is Phase.KNOCK and game.to_move == dealer
    game.apply("knock")
    view = game.view(dealer)
    assert game.phase is Phase.BID and game.to_move == (dealer + 1) % 3
    assert len(view["hand"]) == 10 and len(view["left_over"]) == 2 and view["knocks"] == 2
    assert game.reveal()["undealt"] == []


def test_each_knock_and_contra_double_the_value() -> None:
    game = new_hand(BLOCKS, dealer=3, knocking=True, contra=True)
    assert game.view(0)["hand"] == ["10♠", "9♠", "8♠", "7♠"]  # the first half as listed
    for action in ["knock", "pass", "knock", "pass"]:
        game.apply(action)
    game = auction(game, 0, "bid 8")
    game.apply("trump spades")
    game.apply("play AS")
    game.apply("contra")
    assert game.view(3)["value"] == 8 * 2 ** 3
    result = play_first_legal(game).results[0]
    extras = result.extras
    assert (extras["knocks"], extras["contra"], extras["multiplier"]) == (2, True, 8)
    assert list(result.deltas) == [192, -64, -64, -64]


def test_knocking_off_deals_everything_at_once() -> None:
    game = tricktable.new_game("bidder", players=5, seed=3)
    assert game.phase is Phase.BID and game.view(None)["knocks"] == 0
    assert "knock" not in [a.text for a in game.legal_actions()]


# -- views, results and records ----------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_show_the_table_and_only_the_own_hand(players: int) -> None:
    game = tricktable.new_game("bidder", players=players, seed=11, options={"knocking": True})
    hands = game.reveal()["hands"]
    for seat in range(players):
        view = game.view(seat)
        assert set(view) >= VIEW_KEYS
        words = set(json.dumps(view, ensure_ascii=False).replace('"', " ").split())
        others = {c for other, hand in enumerate(hands) if other != seat for c in hand}
        assert not words & (others | set(game.reveal()["undealt"]))
    assert "hand" not in game.view(None)


def test_the_hand_is_sorted_by_suit_high_to_low() -> None:
    mine = ["7S", "AH", "KS", "9D", "7C", "10S", "JH", "8C"]
    others = [card for card in ALL_CARDS if card not in mine]
    game = new_hand([mine, others[:8], others[8:16], others[16:]], dealer=0)
    assert game.view(0)["hand"] == ["K♠", "10♠", "7♠", "A♥", "J♥", "9♦", "8♣", "7♣"]


def test_played_tricks_stay_visible_for_the_hand() -> None:
    game = blocks_contract("bid 8", "spades")
    for card in ["AS", "7H", "7D", "7C", "KS"]:
        game.apply(f"play {card}")
    view = game.view(2)
    assert view["played"] == [[{"seat": 0, "card": "A♠"}, {"seat": 1, "card": "7♥"},
                               {"seat": 2, "card": "7♦"}, {"seat": 3, "card": "7♣"}]]
    assert view["trick"] == [{"seat": 0, "card": "K♠"}] and view["last_trick"] is None


def test_results_have_the_shared_keys() -> None:
    game = play_first_legal(blocks_contract("bid 8", "spades"))
    assert {"dealer", "declarer", "contract", "tricks", "card_points", "deltas", "value",
            "knocks", "contra"} <= set(game.results[0].to_json())
    assert game.sides == [[0], [1], [2], [3]]


def test_a_replayed_record_is_the_same_game() -> None:
    game = tricktable.new_game("bidder", players=5, seed=9,
                               options={"knocking": True, "contra": True, "deals": 3})
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[step * 7 % len(legal)])
        step += 1
    again = tricktable.replay(json.loads(json.dumps(game.record())))
    assert again.results == game.results and again.view(1) == game.view(1)


def test_without_knocking_each_seat_is_told_its_whole_hand() -> None:
    """The deal event names every card of the hand, not only its second half."""
    game = tricktable.new_game("bidder", players=3, seed=4)
    for seat in range(3):
        dealt = [e.seen_by(seat) for e in game.log if e.kind == "hand" and e.seat == seat]
        assert dealt == [f"you are dealt {' '.join(game.view(seat)['hand'])}"]
        others = [e.seen_by(seat) for e in game.log if e.kind == "hand" and e.seat != seat]
        assert all(text.endswith("is dealt 10 cards") for text in others), others
