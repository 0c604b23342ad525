"""Pinochle: one test per ruling of RULES.md section 2 and docs/rules-pinochle.md.

Positions are dealt with ``deal=`` (one single hand) and driven with action
texts. Many start from *blocks*: North holds every spade, East every heart,
South every diamond, West every club (two copies of each card). Other deals
name three hands and give the rest of the deck to the fourth. Expected values
are worked out here from the rules, never read from the game module.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import tricktable
from tricktable import GameState, IllegalAction, Phase
from tricktable.bots import make_bot, play_game
from tricktable.cards import PINOCHLE
from tricktable.games import pinochle
from tricktable.games.meld import mask_of

RANKS = ["A", "10", "K", "Q", "J", "9"]
DECK = Counter({f"{rank}{suit}": 2 for suit in "SHDC" for rank in RANKS})


def suit_cards(suit: str) -> str:
    return " ".join(f"{rank}{suit} {rank}{suit}" for rank in RANKS)


BLOCKS = [suit_cards(suit) for suit in "SHDC"]


def with_rest(*hands: str | None) -> list[str]:
    """Hands as given; the one left out (None, or the fourth) gets every card not named."""
    seats = list(hands) + [None] * (4 - len(hands))
    rest = DECK - Counter(card for hand in seats if hand for card in hand.split())
    return [hand if hand is not None else " ".join(rest.elements()) for hand in seats]


def new_hand(hands: list[str], dealer: int = 3, **options: Any) -> GameState:
    deal = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    return tricktable.new_game("pinochle", deal=deal, options=options)


def phase(game: GameState) -> Phase:
    """The game's phase (a call, so that type checkers do not narrow it between actions)."""
    return game.phase


def apply_all(game: GameState, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def declared(hands: list[str], trump: str = "S", bidder: int = 0, bid: int = 21,
             **options: Any) -> GameState:
    """The hand at the first lead: ``bidder`` (first to speak) won at ``bid``, named trump."""
    game = new_hand(hands, dealer=(bidder - 1) % 4, **options)
    game.apply(f"bid {bid}")
    while phase(game) is Phase.BID:
        game.apply("pass")
    game.apply(f"trump {trump}")
    assert phase(game) is Phase.PLAY and game.to_move == bidder
    return game


def legal(game: GameState) -> set[str]:
    return {action.text for action in game.legal_actions()}


def plays(*cards: str) -> set[str]:
    return {f"play {PINOCHLE.text(PINOCHLE.parse(card))}" for card in cards}


def play(game: GameState, *cards: str) -> None:
    apply_all(game, *(f"play {card}" for card in cards))


def play_out(game: GameState) -> None:
    """Finish the game with the first legal action each time."""
    while not game.is_over:
        game.apply(game.legal_actions()[0])


def refused(game: GameState, action: str) -> str:
    """The message of the IllegalAction ``action`` raises; the game must not change."""
    before = json.dumps([[game.view(s) for s in (0, 1, 2, 3, None)], game.reveal()])
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert json.dumps([[game.view(s) for s in (0, 1, 2, 3, None)], game.reveal()]) == before
    return str(error.value)


def words(value: Any) -> set[str]:
    return {word.strip(".,;:()[]'\"") for word in json.dumps(value, ensure_ascii=False).split()}


# -- the deal --------------------------------------------------------------------


def test_forty_eight_cards_two_of_each_twelve_a_seat() -> None:
    game = tricktable.new_game("pinochle", seed=4)
    hands = game.reveal()["hands"]
    assert [len(hand) for hand in hands] == [12] * 4
    assert Counter(card for hand in hands for card in hand) == Counter(
        {PINOCHLE.text(PINOCHLE.parse(card)): 2 for card in DECK})
    assert game.sides == [[0, 2], [1, 3]]
    assert game.view(0)["team_names"] == ["N/S", "E/W"]


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = {tricktable.new_game("pinochle", seed=seed).view(None)["dealer"]
               for seed in range(20)}
    assert dealers == {0, 1, 2, 3}
    assert (tricktable.new_game("pinochle", seed=9).view(None)["dealer"]
            == tricktable.new_game("pinochle", seed=9).view(None)["dealer"])


def test_the_dealer_rotates_clockwise_thrown_in_hands_included() -> None:
    game = tricktable.new_game("pinochle", seed=2, options={"target": 100})
    play_game(game, [make_bot("heuristic", "pinochle", seed) for seed in range(4)])
    dealers = [result.dealer for result in game.results]
    assert any(result.extras["thrown_in"] for result in game.results[:-1])
    first = dealers[0]
    assert dealers == [(first + hand) % 4 for hand in range(len(dealers))]
    assert len(dealers) > 1


def test_a_dealt_hand_is_a_single_hand() -> None:
    game = declared(BLOCKS)
    play_out(game)
    assert game.is_over and len(game.results) == 1


def test_a_deal_must_hold_each_card_twice() -> None:
    hands = with_rest(BLOCKS[0], BLOCKS[1], BLOCKS[2])
    hands[3] = hands[3].replace("9C 9C", "9C 9D")
    with pytest.raises(tricktable.DealError):
        new_hand(hands)


# -- bidding ---------------------------------------------------------------------


def test_bidding_starts_left_of_the_dealer_above_the_assumed_twenty() -> None:
    game = new_hand(BLOCKS, dealer=1)
    view = game.view(None)
    assert game.to_move == 2 and view["high_bid"] == 20 and view["high_bidder"] == 1
    actions = [action.text for action in game.legal_actions()]
    assert actions[:3] == ["pass", "bid 21", "bid 22"]
    assert refused(game, "bid 20") == "a bid is 21 to 100 in steps of 1"
    game.apply("bid 23")
    assert refused(game, "bid 23") == "a bid must be higher than the high bid of 23"


def test_a_pass_is_final_and_the_dealer_bids_in_turn() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "pass", "bid 21", "bid 22", "bid 23")  # N passes, E, S, W (dealer) bid
    assert game.to_move == 1, "North passed and is skipped"
    apply_all(game, "pass", "bid 24")  # E passes, S bids
    assert game.to_move == 3


def test_the_bidding_ends_when_one_bidder_is_left() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "bid 21", "pass", "pass", "bid 22", "pass")
    assert phase(game) is Phase.TRUMP and game.to_move == 3
    assert game.view(0)["declarer"] == 3 and game.view(0)["bid"] == 22


def test_everyone_else_passes_and_the_dealer_has_it_at_twenty() -> None:
    game = new_hand(BLOCKS, dealer=2)
    apply_all(game, "pass", "pass", "pass")
    assert phase(game) is Phase.TRUMP and game.to_move == 2
    assert game.view(1)["bid"] == 20 and game.view(1)["declarer"] == 2


def test_the_highest_bid_ends_the_bidding_at_once() -> None:
    game = new_hand(BLOCKS, dealer=3)
    assert "bid 101" not in legal(game)
    assert refused(game, "bid 101") == "a bid is 21 to 100 in steps of 1"
    game.apply("bid 100")
    assert phase(game) is Phase.TRUMP and game.to_move == 0


def test_the_high_bidder_names_trump() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "bid 21", "pass", "pass", "pass")
    assert legal(game) == {"trump ♠", "trump ♥", "trump ♦", "trump ♣"}
    assert refused(game, "play AS") == "it is time to name trump, not to play"
    game.apply("trump hearts")
    assert game.view(2)["trump"] == "♥" and game.view(2)["scoreboard"]["trump"] == "♥"


# -- meld bids -------------------------------------------------------------------


def marks(game: GameState) -> list[tuple[int, int | None, bool]]:
    return [(b["seat"], b["bid"], b["meld_bid"]) for b in game.view(None)["bids"]]


def test_a_first_round_bid_two_over_the_high_bid_is_a_meld_bid() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "bid 22", "bid 24", "bid 25", "bid 28", "bid 30", "bid 32")
    assert marks(game) == [(0, 22, True), (1, 24, True), (2, 25, False), (3, 28, False),
                           (0, 30, False), (1, 32, False)]  # the last two: a second round
    assert "(a meld bid)" in game.events(2)[-6]


def test_no_meld_bid_once_the_partner_has_passed() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "pass", "pass", "bid 22")
    assert marks(game)[-1] == (2, 22, False)


def test_meld_bids_option_off_marks_nothing() -> None:
    game = new_hand(BLOCKS, dealer=3, meld_bids=False)
    game.apply("bid 22")
    assert marks(game) == [(0, 22, False)]


# -- throwing it in --------------------------------------------------------------


def test_the_dealer_at_twenty_may_throw_it_in() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "pass", "pass", "pass")
    assert "throw" in legal(game)
    game.apply("throw")
    assert game.is_over
    result = game.results[0]
    assert list(result.deltas) == [0, -20] and game.scores == [0, -20]
    assert result.declarer is None and result.contract is None
    assert list(result.meld) == [0, 0] and list(result.card_points) == [0, 0]
    assert list(result.seat_tricks) == [0, 0, 0, 0]
    assert game.view(0)["meld"] is None, "no meld is shown"


def test_only_a_dealer_stuck_at_twenty_may_throw_it_in() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "bid 21", "pass", "pass", "bid 22", "pass")
    assert "throw" not in legal(game)
    assert refused(game, "throw") == "only a dealer who has the bid at 20 may throw it in"
    bidding = new_hand(BLOCKS, dealer=3)
    assert refused(bidding, "throw") == "it is time to bid or pass, not to throw"


def test_throw_in_option_off() -> None:
    game = new_hand(BLOCKS, dealer=3, throw_in=False)
    apply_all(game, "pass", "pass", "pass")
    assert "throw" not in legal(game)
    assert "not allowed" in refused(game, "throw")


# -- meld ------------------------------------------------------------------------


def test_meld_is_shown_per_player_and_team_after_trump() -> None:
    game = new_hand(BLOCKS, dealer=3)
    apply_all(game, "bid 21", "pass", "pass", "pass")
    assert game.view(1)["meld"] is None
    game.apply("trump S")
    meld = game.view(1)["meld"]
    north = meld["players"][0]
    assert north["total"] == 152  # double run 150 + two dix
    assert [(i["name"], i["value"]) for i in north["items"]] == [
        ("double run", 150), ("dix", 1), ("dix", 1)]
    assert north["items"][0]["cards"] == ["A♠", "A♠", "10♠", "10♠", "K♠", "K♠", "Q♠", "Q♠",
                                          "J♠", "J♠"]
    assert [p["total"] for p in meld["players"]] == [152, 4, 4, 4]  # two marriages each
    assert meld["teams"] == [156, 8]
    assert game.view(3)["scoreboard"]["meld"] == [156, 8]
    assert "N melds 152" in game.events(2)[-5]


def test_melded_cards_stay_known_while_in_the_hand() -> None:
    hands = with_rest("QS QS JD 9H 9H 9D 9D 9C 9C JH JH JC", BLOCKS[1].replace(
        "9H 9H", "10S 10S").replace("JH JH", "10D 10D"), "AD AD 10C 10C KD KD AC AC KC KC JS JS")
    game = declared(hands, trump="C")
    shown = game.view(1)["shown"][0]
    assert shown == ["Q♠", "J♦", "9♣", "9♣"]  # pinochle with one Q♠, two dix
    hidden = game.hidden_from(1)
    assert not hidden & mask_of("QS JD 9C 9C"), "a melded card is no secret"
    assert hidden >> (PINOCHLE.parse("QS") + 1) & 1, "the Q♠ not melded stays hidden"
    play(game, "QS")  # of two copies, the one shown goes first
    assert game.view(1)["shown"][0] == ["J♦", "9♣", "9♣"]
    assert game.hidden_from(1) >> (PINOCHLE.parse("QS") + 1) & 1
    assert "Q♠" not in words(game.view(1)["hand"])


# -- play ------------------------------------------------------------------------

# N holds K♥ and diamonds, E hearts, S spades 10 9 with clubs, W the other spades.
FOLLOW = with_rest("KH 9D 9D JD JD QD QD KD KD 10D 10D AD",
                   "AH AH 10H 10H KH QH QH JH JH 9H 9H 9C",
                   "10S 9S AD 9C JC JC QC QC KC KC 10C 10C")


def test_the_bid_winner_leads() -> None:
    game = declared(FOLLOW, bidder=2)
    assert game.to_move == 2


def test_follow_suit_and_head_the_trick() -> None:
    game = declared(FOLLOW)
    play(game, "KH")
    assert refused(game, "play 9C") == "you must follow suit: you hold a ♥"
    assert refused(game, "play QH") == "you must beat K♥ if you can"
    assert legal(game) == plays("AH", "10H")
    play(game, "10H")


def test_void_must_trump_and_over_trump() -> None:
    game = declared(FOLLOW)
    play(game, "KH", "AH")
    assert refused(game, "play AD") == "you are void in ♥ and must trump"
    assert legal(game) == plays("10S", "9S"), "the first trump may be any trump"
    play(game, "10S")
    assert refused(game, "play 9S") == "you must beat the 10♠ trump if you can"
    assert refused(game, "play AC") == "you are void in ♥ and must trump"
    assert legal(game) == plays("AS")
    play(game, "AS")
    assert game.view(0)["last_trick"]["winner"] == 3


def test_a_trumped_plain_lead_needs_any_card_of_the_suit() -> None:
    hands = with_rest("KH 9D 9D JD JD QD QD KD KD 10D 10D AD",
                      "9S 10S JC JC QC QC KC KC 10C 10C 9C 9C",
                      "AH AH 10H 10H KH QH QH JH JH 9H 9H AD")
    game = declared(hands)
    play(game, "KH", "9S")
    assert legal(game) == plays("AH", "10H", "KH", "QH", "JH", "9H")
    play(game, "9H")
    assert legal(game) == plays("AS", "10S", "KS", "QS", "JS"), "over the 9♠, if possible"


def test_a_void_trumps_even_when_it_cannot_win() -> None:
    hands = with_rest("KH 9D 9D JD JD QD QD KD KD 10D 10D AD",
                      "AH AH 10H 10H KH QH QH JH JH 9H 9H 9C",
                      "AS AS AD 9C JC JC QC QC KC KC 10C 10C")
    game = declared(hands)
    play(game, "KH", "AH", "AS")
    assert legal(game) == plays("10S", "KS", "QS", "JS", "9S")
    assert refused(game, "play AC") == "you are void in ♥ and must trump"


def test_a_trump_lead_must_be_headed() -> None:
    hands = with_rest("JS 9D 9D JD JD QD QD KD KD 10D 10D AD",
                      "QS 9S JH JH QH QH KH KH 10H 10H 9H 9H",
                      "AH AH AD 9C JC JC QC QC KC KC 10C 10C")
    game = declared(hands)
    play(game, "JS")
    assert refused(game, "play 9S") == "you must beat J♠ if you can"
    play(game, "QS")
    assert legal(game) == plays("AH", "AD", "9C", "JC", "QC", "KC", "10C"), "no spade: any"


def test_of_two_equal_cards_the_first_played_wins() -> None:
    hands = with_rest("AH AS AS 10S 10S KS KS QS QS JS JS 9S",
                      "AH 10H 10H KH KH QH QH JH JH 9H 9H 9S", suit_cards("D"))
    game = declared(hands)
    play(game, "AH", "AH", "9D", "9C")
    assert game.view(0)["last_trick"]["winner"] == 0, "North's A♥ came first"
    trumped = declared(with_rest("AH 9D 9D JD JD QD QD KD KD 10D 10D AD",
                                 "AH 10H 10H KH KH QH QH JH JH 9H 9H 9C",
                                 "AS 9S AD 9C JC JC QC QC KC KC 10C 10C"))
    play(trumped, "AH", "AH", "AS")
    assert legal(trumped) == plays("AS", "10S", "KS", "QS", "JS", "9S"), "A♠ cannot beat A♠"
    play(trumped, "AS")
    assert trumped.view(0)["last_trick"]["winner"] == 2, "South's A♠ came first"


def test_one_play_action_per_face_and_the_lower_copy_is_played() -> None:
    assert sum(1 for action in pinochle.TABLE.actions if action.kind == "play") == 24
    game = declared(BLOCKS)
    assert legal(game) == plays("AS", "10S", "KS", "QS", "JS", "9S")
    play(game, "QS")
    assert game.reveal()["trick"] == ["Q♠"]
    assert game.reveal()["hands"][0].count("Q♠") == 1
    assert game.view(0)["hand"].count("Q♠") == 1


def test_you_cannot_play_a_card_you_do_not_hold() -> None:
    game = declared(BLOCKS)
    assert refused(game, "play AH") == "you do not hold A♥"


# -- scoring ---------------------------------------------------------------------


def test_the_bidders_make_it_and_score_meld_and_tricks() -> None:
    game = declared(BLOCKS)  # North leads spades; no one else holds a trump
    play_out(game)
    result = game.results[0]
    assert list(result.seat_tricks) == [12, 0, 0, 0]
    assert list(result.card_points) == [24, 0]  # 8 aces, 8 tens, 8 kings
    assert list(result.meld) == [156, 8]
    assert list(result.deltas) == [180, 8] and game.scores == [180, 8]
    assert result.declarer == 0 and result.contract == "21 ♠"
    assert game.winner == 0


def test_the_bidders_set_lose_the_bid_the_others_keep_theirs() -> None:
    game = declared(BLOCKS, trump="S", bidder=1, bid=30)  # North holds every trump
    play_out(game)
    result = game.results[0]
    assert list(result.seat_tricks) == [12, 0, 0, 0] and list(result.card_points) == [24, 0]
    assert list(result.meld) == [156, 8]
    assert list(result.deltas) == [180, -30] and game.scores == [180, -30]
    assert result.made is False and game.winner == 0


def test_last_trick_option_adds_points_to_its_winner() -> None:
    game = declared(BLOCKS, last_trick=10)
    play_out(game)
    assert list(game.results[0].card_points) == [34, 0]
    assert list(game.results[0].deltas) == [190, 8]


def test_meld_needs_trick_option() -> None:
    game = declared(BLOCKS, meld_needs_trick=True)
    play_out(game)
    assert list(game.results[0].deltas) == [180, 0], "E/W won no trick: no meld"
    east = declared(BLOCKS, trump="H", bidder=1, bid=100, meld_needs_trick=True)
    play_out(east)
    assert list(east.results[0].deltas) == [0, 180], "N/S won no trick: no meld"


# East bids with a double pinochle; North holds every heart and takes every trick.
NO_TRICK = with_rest(suit_cards("H"), "QS QS JD JD 9S 9S 9D 9D 9C 9C JC JC",
                     "AS AS 10S 10S KS KS JS JS AD AD 10D 10D")


def test_bidders_meld_makes_the_bid_without_a_trick() -> None:
    game = declared(NO_TRICK, trump="H", bidder=1)
    play_out(game)
    result = game.results[0]
    assert list(result.seat_tricks) == [12, 0, 0, 0] and list(result.meld) == [152, 38]
    assert list(result.deltas) == [176, 38], "38 meld >= 21"


@pytest.mark.parametrize(("bid", "made"), [(38, True), (39, False)])
def test_meld_and_tricks_equal_to_the_bid_make_it(bid: int, made: bool) -> None:
    game = declared(NO_TRICK, trump="H", bidder=1, bid=bid)
    play_out(game)
    assert game.results[0].deltas[1] == (38 if made else -bid)


def test_meld_without_a_trick_does_not_count_toward_the_bid() -> None:
    game = declared(NO_TRICK, trump="H", bidder=1, meld_needs_trick=True)
    play_out(game)
    result = game.results[0]
    assert result.extras["meld_counted"] == [152, 0]
    assert list(result.deltas) == [176, -21] and result.made is False


def test_bidders_out_wins_even_with_the_lower_score() -> None:
    north = "10S 10S KS QS QS JS JS 9S 9S JD JD 9H"  # royal marriage, two dix, double pinochle
    east = "10H 10H KH QH QH JH JH 9H 10D 10D KD QD"
    west = "AS AS AH AH AD AD AC AC KS KH KD KC"  # double aces 100, kings around 8
    game = declared(with_rest(north, east, None, west), target=30)
    assert game.view(0)["meld"]["teams"] == [36 + 2, 108 + 4]
    play_out(game)
    north_south, east_west = game.scores
    assert north_south >= 30 and east_west > north_south
    assert game.winner == 0, "the bidding team counts first"


def test_a_team_that_reaches_the_target_wins_the_game() -> None:
    for seed in range(3):
        game = tricktable.new_game("pinochle", seed=seed, options={"target": 60})
        play_game(game, [make_bot("heuristic", "pinochle", seed * 4 + s) for s in range(4)])
        *earlier, last = game.results
        assert all(max(r.scores) < 60 for r in earlier)
        reached = [score >= 60 for score in last.scores]
        bidders = None if last.declarer is None else last.declarer % 2
        if bidders is not None and reached[bidders]:
            assert game.winner == bidders
        elif any(reached):
            assert game.winner == reached.index(True)
        else:
            raise AssertionError(f"the game ended at {last.scores}: no target, no loss limit")


def random_game(seed: int, **options: Any) -> GameState:
    rng = random.Random(seed)
    game = tricktable.new_game("pinochle", seed=seed, options=options)
    for _ in range(5000):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("limit", [200, 300])
def test_loss_limit_ends_a_game_of_sets(limit: int) -> None:
    game = random_game(5, loss_limit=limit)  # random players bid up to 100 and are set
    *earlier, last = game.results
    assert all(min(r.scores) > -limit and max(r.scores) < 200 for r in earlier)
    assert min(last.scores) <= -limit and max(last.scores) < 200
    assert game.is_over and game.winner == last.scores.index(max(last.scores))


def test_no_loss_limit_by_default_so_the_game_plays_on() -> None:
    """The seed ends a game at the target only: by default a team far below -200 plays on."""
    assert tricktable.new_game("pinochle", seed=0).rules.loss_limit == 0
    assert len(random_game(5).results) > len(random_game(5, loss_limit=200).results)


# -- what each seat sees -------------------------------------------------------


def test_view_keys_for_a_generic_renderer() -> None:
    game = declared(FOLLOW)
    play(game, "KH")
    view = game.view(1)
    for key in ("hand", "trick", "last_trick", "scores", "to_move", "phase", "trump", "bids",
                "tricks", "meld", "scoreboard"):
        assert key in view
    assert view["trick"] == [{"seat": 0, "card": "K♥"}]
    assert view["hand"] == ["A♥", "A♥", "10♥", "10♥", "K♥", "Q♥", "Q♥", "J♥", "J♥", "9♥",
                            "9♥", "9♣"]
    json.dumps(view)


def test_scoreboard_shows_dealer_meld_trick_points_bid_and_scores() -> None:
    game = declared(BLOCKS)
    play(game, "AS", "AH", "AD", "AC")
    board = game.view(2)["scoreboard"]
    assert board == {"teams": ["N/S", "E/W"], "dealer": 3, "dealer_team": 1,
                     "meld": [156, 8], "trick_points": [4, 0], "bid_winner": 0,
                     "trump": "♠", "bid": 21, "scores": [0, 0]}


def test_beginner_data_in_the_seat_view_and_the_api() -> None:
    game = new_hand(BLOCKS, dealer=3)
    data = game.view(0)["beginner"]
    assert data["♠"]["meld"] == 152 and data["♥"]["meld"] == 4
    assert all(data[s]["suggested_bid"] >= data[s]["meld"] + 3 for s in data)
    assert "beginner" not in game.view(None)
    assert pinochle.beginner(BLOCKS[0].split()) == data
    assert data["♠"]["suggested_bid"] > data["♥"]["suggested_bid"]


def test_a_view_shows_no_other_hand() -> None:
    game = declared(FOLLOW)  # only North holds a 10♦, and does not meld it
    assert "10♦" in game.view(0)["hand"]
    for seat in (1, 2, 3, None):
        assert "10♦" not in words(game.view(seat))
        assert "10♦" not in words(game.events(seat))


def test_last_trick_stays_until_the_next_is_complete() -> None:
    game = declared(BLOCKS)
    play(game, "AS", "AH", "AD", "AC", "AS", "AH")
    last = game.view(3)["last_trick"]
    assert last["number"] == 1 and [c["card"] for c in last["cards"]] == ["A♠", "A♥", "A♦",
                                                                          "A♣"]
    play(game, "AD", "AC")
    assert game.view(3)["last_trick"]["number"] == 2


def test_results_entry_keys() -> None:
    game = declared(BLOCKS)
    play_out(game)
    result = game.results[0]
    for key in ("dealer", "declarer", "contract", "tricks", "card_points", "deltas", "meld"):
        assert key in result.to_json()
    assert len(result.seat_tricks) == 4 and len(result.card_points) == 2


def test_reveal_lists_both_copies_of_every_card() -> None:
    game = declared(BLOCKS)
    play(game, "AS", "AH")
    reveal = game.reveal()
    places = [*reveal["trick"], *(c for hand in reveal["hands"] for c in hand),
              *(c for pile in reveal["taken"] for c in pile)]
    assert len(places) == 48 and all(n == 2 for n in Counter(places).values())


def test_options_are_validated() -> None:
    with pytest.raises(tricktable.OptionError):
        tricktable.new_game("pinochle", options={"last_trick": -1})
    with pytest.raises(tricktable.OptionError):
        tricktable.new_game("pinochle", options={"throw_in": "yes"})
