"""Sixty-Six: one test per rule of RULES.md section 4 (docs/rules-sixtysix.md).

Most tests deal explicit hands. Seat 0 is P1, seat 1 P2; in the deals below
P2 deals, so P1 leads first. The stock is listed top (drawn first) to bottom;
the turned-up card lies under it.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import tricktable
from tricktable import DealError, HandResult, IllegalAction, Phase
from tricktable.cards import SIXTYSIX, bits
from tricktable.games.sixtysix import SixtySixGame

JSON = dict[str, Any]


def deal(p1: str, p2: str, stock: str, trump: str, dealer: int = 1) -> JSON:
    return {"dealer": dealer, "hands": [p1.split(), p2.split()], "stock": stock.split(),
            "trump": trump}


# Trump ♥ (A♥ turned up). P1 holds the trump marriage and the nine of trumps.
MAIN = deal("AS 10S KH QH 9H JC", "KS QS 9S AC 10C JD",
            "9D QD KD 10D AD JS JH 10H 9C QC KC", "AH")
# P1 holds a plain marriage in ♣ that P2's A♣ beats.
PLAIN = deal("KC QC 9S JS 9D JD", "AC 10C AS 10S AD 10D",
             "QS KS 9H QH KH 10H AH QD KD 9C JC", "JH")
# Only 20 card points in the hands, no marriages: nobody can reach 66 after a close.
LOW = deal("9S JS 9D JD 9C JC", "9H JH QS QH QD QC",
           "KS KH KD KC 10S 10H 10D 10C AS AD AC", "AH")
# P1 takes 36 points, closes; P2 (no trick yet) then reaches 66 with the trump marriage.
COMEBACK = deal("AS 10S AD 10D AC 9C", "KH QH AH 10H 9S JS",
                "9D JD QS KS QD KD 10C JC QC KC 9H", "JH")
# Played out by `first_play` with neither at 66 (65-65); P1 deals, P2 leads.
LEVEL = deal("10S 10H QD AC JC 9C", "QS 9S QH 9H 9D KC",
             "JS 10C AH KS JH JD AD KH 10D QC KD", "AS", dealer=0)


COMEBACK_TO_CLOSE = ("play A♠", "play 9♠", "draw", "play 10♠", "play J♠", "draw",
                     "play A♣", "play J♦", "close")


def start(dealt: JSON, **options: Any) -> SixtySixGame:
    game = tricktable.new_game("sixtysix", seed=0, deal=dealt, options=options)
    assert isinstance(game, SixtySixGame)
    return game


def run(game: SixtySixGame, *actions: str) -> SixtySixGame:
    for action in actions:
        game.apply(action)
    return game


def texts(game: SixtySixGame) -> list[str]:
    return [action.text for action in game.legal_actions()]


def refused(game: SixtySixGame, action: str) -> str:
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    return str(error.value)


def first_play(game: SixtySixGame) -> str:
    """A plain policy: always draw, play the first legal card, never close or marry."""
    legal = texts(game)
    return "draw" if "draw" in legal else next(t for t in legal if t.startswith("play"))


def play_hand(game: SixtySixGame,
              policy: Callable[[SixtySixGame], str] = first_play) -> HandResult:
    hands = len(game.results)
    while len(game.results) == hands:
        game.apply(policy(game))
    return game.results[-1]


def mask(cards: str) -> int:
    return sum(1 << card for card in SIXTYSIX.parse_many(cards))


# -- the deal -------------------------------------------------------------------


def test_a_seeded_deal_goes_three_at_a_time_from_the_non_dealer() -> None:
    for seed in range(5):
        rng = random.Random(seed)
        dealer = rng.randrange(2)
        order = list(range(24))
        rng.shuffle(order)
        game = tricktable.new_game("sixtysix", seed=seed)
        assert game.view(0)["dealer"] == dealer and game.to_move == 1 - dealer
        packets = [order[i:i + 3] for i in range(0, 12, 3)]
        reveal = game.reveal()
        dealt = ((1 - dealer, packets[0] + packets[2]), (dealer, packets[1] + packets[3]))
        for seat, mine in dealt:
            assert sorted(reveal["hands"][seat]) == sorted(SIXTYSIX.text(c) for c in mine)
        assert reveal["trump_card"] == [SIXTYSIX.text(order[12])]
        assert reveal["stock"] == [SIXTYSIX.text(c) for c in order[13:]]


def test_the_turned_up_card_names_trump_and_is_drawn_last() -> None:
    game = start(LEVEL)
    view = game.view(0)
    assert (view["trump"], view["trump_card"], view["stock_size"]) == ("♠", "A♠", 12)
    while game.view(0)["stock_size"]:
        game.apply(first_play(game))
    assert game.last_trick is not None
    second = 1 - game.last_trick[2]  # the loser of the last trick draws second
    assert "A♠" in game.view(second)["hand"]
    assert game.view(1 - second)["shown"][second] == ["A♠"]  # the table saw it taken
    assert game.view(0)["trump_card"] is None
    assert not game.hidden_from(1 - second) >> SIXTYSIX.parse("AS") & 1


def test_an_explicit_deal_needs_eleven_stock_cards_and_one_turned_up() -> None:
    bad = deal("AS 10S KH QH 9H JC", "KS QS 9S AC 10C JD",
               "9D QD KD 10D AD JS JH 10H 9C QC KC AH", "")
    with pytest.raises(DealError, match="stock must have 11 cards"):
        start(bad)


# -- drawing and following --------------------------------------------------------


def test_the_winner_draws_first_then_the_other_player() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠")
    assert texts(game) == ["draw", "close", "exchange"] and game.to_move == 0
    run(game, "draw")
    assert "9♦" in game.view(0)["hand"] and "Q♦" in game.view(1)["hand"]
    assert game.view(0)["stock_size"] == 10


@pytest.mark.parametrize(("lead", "follow", "winner"), [
    ("A♠", "K♠", 0),  # the higher card of the led suit wins: the ace
    ("10♠", "K♠", 0),
    ("J♣", "A♣", 1),
    ("A♠", "J♦", 0),  # a card of another plain suit loses
    ("J♣", "J♦", 0),
])
def test_the_higher_card_of_the_led_suit_wins(lead: str, follow: str, winner: int) -> None:
    game = run(start(MAIN), f"play {lead}", f"play {follow}")
    assert game.to_move == winner and game.tricks_won[winner] == 1


def test_a_trump_wins_a_plain_lead() -> None:
    game = run(start(MAIN), "marry Q♥", "play 9♠")  # Q♥ is trump: a trump lead wins too
    assert game.tricks_won == [1, 0]
    game = run(start(MAIN), "play J♣", "play A♣", "draw", "play 10♣", "play 9♥")
    assert game.to_move == 0 and game.tricks_won == [1, 1]  # 9♥, the lowest trump, wins


def test_no_one_must_follow_suit_while_the_stock_is_open() -> None:
    game = run(start(MAIN), "play A♠")
    assert texts(game) == [f"play {c}" for c in ("9♠", "Q♠", "K♠", "J♦", "10♣", "A♣")]


def test_after_a_close_the_second_player_must_follow_suit() -> None:
    game = run(start(MAIN), "close", "play A♠")
    assert texts(game) == ["play 9♠", "play Q♠", "play K♠"]  # no duty to beat
    assert refused(game, "play J♦") == "you must follow suit: you hold a ♠"


def test_a_player_void_in_the_led_suit_need_not_trump() -> None:
    game = run(start(COMEBACK, strict_follow=False), *COMEBACK_TO_CLOSE, "play 10♦")
    assert game.view(1)["hand"] == ["K♠", "A♥", "10♥", "K♥", "Q♥"]
    assert set(texts(game)) == {f"play {c}" for c in game.view(1)["hand"]}


def test_after_the_stock_is_exhausted_the_second_player_must_follow_suit() -> None:
    game = start(LEVEL)
    checked = 0
    while not game.is_over:
        trick, seat = game.trick, game.to_move or 0
        if trick and not game.drawing:
            led_suit = SIXTYSIX.suit_of(trick[0])
            holds = any(SIXTYSIX.suit_of(c) == led_suit for c in bits(game.hands[seat]))
            suits = {SIXTYSIX.suit_of(a.arg or 0) for a in game.legal_actions()}
            if game.view(0)["stock_size"] == 0 and holds:
                assert suits == {led_suit}
                checked += 1
            elif game.view(0)["stock_size"]:
                assert len(game.legal_actions()) == bin(game.hands[seat]).count("1")
        game.apply(first_play(game))
    assert checked >= 3


def test_strict_follow_must_beat_and_must_trump() -> None:
    game = run(start(LOW, strict_follow=True), "close", "play 9♠")
    assert texts(game) == ["play Q♠"]
    game = run(start(MAIN, strict_follow=True), "close", "play J♣")
    assert texts(game) == ["play 10♣", "play A♣"]
    game = run(start(LEVEL, strict_follow=True), "close", "play K♣")
    assert texts(game) == ["play A♣"]
    assert refused(game, "play J♣") == "you must beat K♣ if you can"
    assert refused(game, "play 10♠") == "you must follow suit: you hold a ♣"
    game = run(start(COMEBACK, strict_follow=True), *COMEBACK_TO_CLOSE, "play 10♦")
    assert set(texts(game)) == {"play 10♥", "play A♥", "play Q♥", "play K♥"}
    assert refused(game, "play K♠") == "you are void in ♦ and must trump"


def test_strict_follow_allows_any_card_of_the_suit_when_none_beats() -> None:
    game = run(start(MAIN, strict_follow=True), "close", "play A♠")
    assert texts(game) == ["play 9♠", "play Q♠", "play K♠"]


def test_strict_follow_is_off_by_default_and_changes_nothing_while_the_stock_is_open() -> None:
    game = run(start(MAIN, strict_follow=True), "play 10♠")
    assert len(texts(game)) == 6
    assert texts(run(start(MAIN), "close", "play 10♠")) == ["play 9♠", "play Q♠", "play K♠"]


# -- marriages -----------------------------------------------------------------------


def test_a_marriage_on_the_first_lead_counts_once_a_trick_is_won() -> None:
    game = run(start(PLAIN), "marry Q♣")
    view = game.view(1)
    assert view["points"] == [0, 0]
    assert view["marriages"] == [{"seat": 0, "suit": "♣", "points": 20, "counted": False,
                                  "shown_only": False}]
    run(game, "play A♣", "draw")  # P2 wins: 14
    assert game.view(0)["points"] == [0, 14]
    run(game, "play Q♠", "play K♠")  # P1 takes its first trick: 7 + the marriage's 20
    assert game.view(1)["points"] == [27, 14] and game.view(1)["marriages"][0]["counted"]


def test_a_marriage_in_trumps_is_40() -> None:
    game = run(start(MAIN), "marry K♥", "play 9♠")
    assert game.view(0)["points"] == [44, 0]
    assert game.card_points == [4, 0] and game.marriage_points == [40, 0]


def test_only_the_player_on_lead_announces_a_marriage() -> None:
    game = run(start(MAIN), "play A♠")
    assert "marry Q♠" not in texts(game)
    assert refused(game, "marry Q♠") == "a marriage is announced only by the player on lead"
    game = start(MAIN)
    message = refused(game, "marry Q♣")
    assert message == "a marriage needs the king and queen: you do not hold Q♣ and K♣"
    assert refused(game, "marry 9♥") == "'marry 9♥' is never a legal marry in this game"


def test_one_marriage_per_lead() -> None:
    """Announcing a marriage leads its card, so the same lead announces no second one,
    even with a second marriage in hand (RULES.md: one marriage per lead)."""
    two = deal("KH QH KS QS 9H JC", "AS 10S 9S AC 10C JD",
               "9D QD KD 10D AD JS JH 10H 9C QC KC", "AH")
    game = run(start(two), "marry Q♥")
    assert game.to_move == 1 and not [t for t in texts(game) if t.startswith("marry")]
    assert refused(game, "marry Q♠") == "a marriage is announced only by the player on lead"


def test_marriage_cards_stay_known_to_the_other_player() -> None:
    game = run(start(MAIN), "marry Q♥")
    assert game.view(1)["shown"] == [["K♥"], []]
    assert not game.hidden_from(1) >> SIXTYSIX.parse("KH") & 1
    assert game.hidden_from(1) >> SIXTYSIX.parse("9H") & 1
    assert game.view(None)["shown"] == [["K♥"], []]


def test_a_marriage_may_be_announced_after_the_stock_is_closed() -> None:
    game = run(start(MAIN), "close")
    assert {"marry Q♥", "marry K♥"} <= set(texts(game))
    run(game, "marry Q♥", "play 9♠")
    assert game.view(0)["points"] == [43, 0]


def test_a_marriage_may_be_announced_after_the_stock_is_exhausted() -> None:
    def keep_hearts(game: SixtySixGame) -> str:  # P1 holds on to K♥ Q♥
        legal = texts(game)
        if game.to_move == 0 and game.view(0)["stock_size"] == 0 and "marry Q♥" in legal:
            return "marry Q♥"
        plays = [t for t in legal if t.startswith("play")]
        keep = [t for t in plays if t not in ("play K♥", "play Q♥")] or plays
        return "draw" if "draw" in legal else keep[0]

    game = start(MAIN)
    result = play_hand(game, keep_hearts)
    assert any(line.startswith("P1 announces the marriage in ♥") for line in game.events(None))
    assert result.extras["marriages"][0] == 40 and result.declarer is None


def test_showing_a_marriage_without_leading_it_is_allowed_only_to_reach_66() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠", "draw", "play 10♠", "play K♠", "draw")
    assert game.view(0)["points"] == [25, 0] and "show ♥" not in texts(game)
    assert refused(game, "show ♥") == ("a marriage may be shown without leading it only when "
                                       "that reaches 66 (you would have 65); lead it to "
                                       "announce it")
    run(game, "play K♦", "play Q♦")
    assert game.view(0)["points"] == [32, 0] and "show ♥" in texts(game)
    run(game, "show ♥")
    result = game.results[0]
    assert list(result.points) == [72, 0] and list(result.deltas) == [3, 0] and game.is_over
    assert game.view(1)["marriages"][0]["shown_only"]


def test_showing_a_marriage_needs_a_trick_won() -> None:
    assert refused(start(MAIN), "show ♥") == "you may show a marriage only after winning a trick"


# -- the trump nine -------------------------------------------------------------------


def test_the_nine_of_trumps_is_exchanged_for_the_turned_up_card() -> None:
    game = start(MAIN)
    assert refused(game, "exchange") == "you may exchange the nine only after winning a trick"
    run(game, "play A♠", "play 9♠", "draw", "exchange")
    assert "A♥" in game.view(0)["hand"] and "9♥" not in game.view(0)["hand"]
    view = game.view(1)
    assert view["trump_card"] == "9♥" and view["shown"][0] == ["A♥"]
    assert view["exchange"] == {"seat": 0, "nine": "9♥", "took": "A♥"}
    assert "exchange" not in texts(game)
    assert game.reveal()["trump_card"] == ["9♥"]


def test_the_exchange_needs_the_nine() -> None:
    game = run(start(MAIN), "play J♣", "play A♣", "draw")  # P2 won a trick but has no 9♥
    assert refused(game, "exchange") == "you do not hold the nine of trumps (9♥)"


def test_the_exchange_is_allowed_on_the_second_players_turn_too() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠", "draw", "play 9♦", "play Q♦", "draw")
    run(game, "play K♦")  # P2 leads, P1 to follow
    assert game.to_move == 0 and "exchange" in texts(game)


def test_no_exchange_at_the_last_draw_or_after_a_close() -> None:
    game = run(start(MAIN), "play 10♠", "play 9♠", "draw", "play A♠", "play Q♠", "draw",
               "play 9♦", "play K♠", "draw", "play K♦", "play J♠")
    run(game, "draw")
    assert game.view(0)["stock_size"] == 4 and "exchange" in texts(game)
    run(game, "play A♦", "play 10♥", "draw", "play J♦")
    assert game.view(0)["stock_size"] == 2 and game.to_move == 0
    assert refused(game, "exchange") == ("you may not exchange at the last draw: the stock "
                                         "must hold more than two cards counting the "
                                         "turned-up one")
    game = run(start(MAIN), "play A♠", "play 9♠", "close")
    assert refused(game, "exchange") == ("the stock is closed or exhausted: the nine may no "
                                         "longer be exchanged")


# -- closing --------------------------------------------------------------------------


def test_the_non_dealer_may_close_before_the_first_lead() -> None:
    game = start(MAIN)
    assert "close" in texts(game)
    run(game, "close")
    view = game.view(1)
    assert view["closed"] and view["closer"] == 0 and game.to_move == 0
    assert view["trump_card"] == "A♥" and view["stock_size"] == 12  # turned down, still known
    assert "close" not in texts(game)
    assert refused(game, "close") == "the stock is already closed"


def test_the_winner_of_a_trick_may_close_before_the_draw_then_no_one_draws() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠", "close")
    assert game.view(0)["hand_sizes"] == [5, 5] and game.to_move == 0
    assert "draw" not in texts(game)
    assert refused(game, "draw") == ("you draw only right after winning a trick, while the "
                                     "stock is open")
    run(game, "play 10♠", "play Q♠")
    assert game.view(0)["hand_sizes"] == [4, 4] and game.view(0)["stock_size"] == 12


def test_the_player_on_lead_may_close_after_drawing() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠", "draw", "close")
    assert game.view(0)["hand_sizes"] == [6, 6] and game.view(0)["stock_size"] == 10


def test_the_second_player_to_a_trick_may_not_close() -> None:
    game = run(start(MAIN), "play A♠")
    assert "close" not in texts(game)
    assert refused(game, "close").startswith("you may close only on lead")


def test_before_the_draw_the_winner_may_only_draw_or_close() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠")
    assert refused(game, "play 10♠") == ("you won the trick: draw (or close the stock) "
                                         "before you lead")
    assert refused(game, "marry Q♥").startswith("you won the trick: draw")


def test_nothing_to_close_once_the_stock_is_exhausted() -> None:
    game = start(LEVEL)
    while game.view(0)["stock_size"]:
        game.apply(first_play(game))
    assert refused(game, "close") == "the stock is exhausted: there is nothing to close"


def test_no_last_trick_10_after_a_close() -> None:
    result = play_hand(run(start(LOW), "close"))
    assert result.extras["last_trick_bonus"] is None and sum(result.card_points) == 20
    result = play_hand(start(LEVEL))
    assert result.extras["last_trick_bonus"] is not None and sum(result.card_points) == 130


# -- the end of a hand and its score ---------------------------------------------------


def test_the_hand_ends_the_moment_a_player_reaches_66_schwarz_scores_3() -> None:
    game = run(start(MAIN), "marry Q♥", "play 9♠", "draw", "play A♠", "play Q♠", "draw")
    assert game.view(0)["points"] == [57, 0] and not game.results
    run(game, "play 10♠", "play J♦")
    result = game.results[0]
    assert list(result.points) == [69, 0] and list(result.deltas) == [3, 0]
    assert game.view(0)["stock_size"] == 8 and game.is_over and game.to_move is None
    assert any("P1 has 69, P2 has 0" in line for line in game.events(1))


def test_schneider_scores_2() -> None:
    game = run(start(MAIN), "marry Q♥", "play 9♠", "draw", "play 9♦", "play Q♦", "draw",
               "play K♠", "play A♠", "draw", "play 10♠", "play J♠")
    result = game.results[0]
    assert list(result.points) == [70, 3] and list(result.seat_tricks) == [3, 1]
    assert list(result.deltas) == [2, 0] and game.scores == [2, 0]


def test_a_closer_who_reaches_66_scores_as_usual() -> None:
    game = run(start(MAIN), "marry Q♥", "play 9♠", "draw", "close", "play A♠", "play Q♠",
               "play 10♠", "play K♠")
    result = game.results[0]
    assert result.declarer == 0 and result.contract == "closed"
    assert list(result.points) == [71, 0] and list(result.deltas) == [3, 0]


def test_a_failed_close_gives_3_if_the_opponent_had_no_trick_at_the_close() -> None:
    result = play_hand(run(start(LOW), "close"))
    assert max(result.points) < 66 and result.seat_tricks[1] > 0
    assert list(result.deltas) == [0, 3] and result.extras["winner"] == 1 and result.declarer == 0


def test_a_failed_close_gives_2_if_the_opponent_had_a_trick() -> None:
    game = run(start(LOW), "play J♠", "play 9♥", "draw", "play Q♠", "play K♥", "close")
    assert game.tricks_won == [1, 1]
    result = play_hand(game)
    assert list(result.deltas) == [0, 2] and result.declarer == 0


def test_a_close_fails_when_the_opponent_reaches_66_first() -> None:
    game = run(start(COMEBACK), *COMEBACK_TO_CLOSE)
    assert game.view(1)["points"] == [36, 0]
    run(game, "play 10♦", "play 10♥", "marry Q♥", "play 9♣", "play A♥", "play 9♦")
    result = game.results[0]
    assert list(result.points) == [36, 74] and result.extras["winner"] == 1
    assert list(result.deltas) == [0, 3]  # not 1: P1 had over 33, but P2 had no trick at the close


def test_a_hand_played_out_with_neither_at_66_scores_nothing_and_carries_a_point() -> None:
    result = play_hand(start(LEVEL))
    assert list(result.points) == [65, 65] and list(result.deltas) == [0, 0]
    assert result.extras["winner"] is None and result.extras["carry"] == 1


def test_the_carried_point_goes_to_the_winner_of_the_next_hand() -> None:
    game = tricktable.new_game("sixtysix", seed=56)
    assert isinstance(game, SixtySixGame)
    assert play_hand(game).extras["carry"] == 1  # seed 56 deals LEVEL's cards
    result = play_hand(game)
    winner = result.extras["winner"]
    assert result.extras["carried"] == 1 and result.extras["carry"] == 0
    loser = 1 - winner
    base = 3 if result.seat_tricks[loser] == 0 else 2 if result.points[loser] < 33 else 1
    assert result.deltas[winner] == base + 1


def test_carried_points_add_up() -> None:
    game = start(LEVEL)
    game.carry = 1  # as after an earlier played-out hand of a whole game
    assert play_hand(game).extras["carry"] == 2
    game = start(MAIN)
    game.carry = 2
    run(game, "marry Q♥", "play 9♠", "draw", "play A♠", "play Q♠", "draw", "play 10♠", "play J♦")
    result = game.results[0]
    assert list(result.deltas) == [5, 0]
    assert result.extras["carried"] == 2 and result.extras["carry"] == 0


# -- whole games ----------------------------------------------------------------------


def test_a_game_goes_to_7_with_the_dealer_alternating() -> None:
    dealers = set()
    for seed in range(6):
        game = tricktable.new_game("sixtysix", seed=seed)
        dealers.add(game.view(None)["dealer"])
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        seq = [r.dealer for r in game.results]
        assert all(a != b for a, b in itertools.pairwise(seq))
        assert max(game.scores) >= 7 and game.winner == game.scores.index(max(game.scores))
        assert all(max(r.scores) < 7 for r in game.results[:-1])
        assert game.sides == [[0], [1]]
    assert dealers == {0, 1}


def test_the_target_option() -> None:
    game = tricktable.new_game("sixtysix", seed=1, options={"target": 1})
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert len([r for r in game.results if r.extras["winner"] is not None]) == 1


def test_game_points_follow_the_losers_points_and_tricks_in_random_hands() -> None:
    seen = set()
    for seed in range(60):
        game = tricktable.new_game("sixtysix", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(rng.choice([a for a in legal if a.kind != "close"] or legal))
        carry = 0
        for result in game.results:
            winner = result.extras["winner"]
            assert result.extras["carried"] == (carry if winner is not None else 0)
            carry = result.extras["carry"]
            if winner is None:
                continue
            loser = 1 - winner
            value = (3 if result.seat_tricks[loser] == 0
                     else 2 if result.points[loser] < 33 else 1)
            assert result.deltas[winner] == value + result.extras["carried"]
            seen.add(value)
    assert seen == {1, 2, 3}


# -- views, actions, records -------------------------------------------------------------

VIEW_KEYS = {"hand", "trick", "last_trick", "scores", "to_move", "phase", "trump", "stock_size",
             "trump_card", "tricks", "points", "shown", "taken", "marriages", "exchange",
             "closed", "dealer", "winner", "carry", "draw_pending"}


def test_a_view_has_the_keys_a_renderer_needs_and_sorts_the_hand() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠")
    view = game.view(0)
    assert set(view) >= VIEW_KEYS
    assert view["hand"] == ["10♠", "K♥", "Q♥", "9♥", "J♣"]
    assert view["last_trick"] == {"cards": [{"seat": 0, "card": "A♠"},
                                            {"seat": 1, "card": "9♠"}], "winner": 0}
    assert view["taken"] == [["9♠", "A♠"], []] and view["tricks"] == [1, 0]
    assert view["phase"] == "play" and "hand" not in game.view(None)
    assert json.loads(json.dumps(view)) == view


def test_a_view_never_shows_the_stock_or_the_other_hand() -> None:
    game = start(MAIN)
    rng = random.Random(3)
    card_text = re.compile(r"(?:10|[9JQKA])[♠♥♦♣]")
    while not game.is_over:
        for seat in (0, 1, None):
            hidden = game.hidden_from(0) | game.hidden_from(1) if seat is None else \
                game.hidden_from(seat)
            named = set(card_text.findall(json.dumps(game.view(seat), ensure_ascii=False)))
            assert not named & {SIXTYSIX.text(c) for c in bits(hidden)}
        game.apply(rng.choice(game.legal_actions()))


def test_hidden_from_is_the_unseen_part_of_the_other_hand_and_the_stock() -> None:
    game = start(MAIN)
    stock = mask("9D QD KD 10D AD JS JH 10H 9C QC KC")
    assert game.hidden_from(0) == mask("KS QS 9S AC 10C JD") | stock
    assert game.hidden_from(1) == mask("AS 10S KH QH 9H JC") | stock
    run(game, "marry Q♥")
    assert game.hidden_from(1) == mask("AS 10S 9H JC") | stock


def test_reveal_places_every_card_once() -> None:
    game = run(start(MAIN), "play A♠", "play 9♠", "draw", "play 10♠")
    reveal = game.reveal()
    places = [*reveal["hands"][0], *reveal["hands"][1], *reveal["stock"], *reveal["trump_card"],
              *reveal["trick"], *reveal["taken"][0], *reveal["taken"][1]]
    assert sorted(places) == sorted(SIXTYSIX.text(c) for c in range(24))
    assert reveal["stock"][0] == "K♦"  # the next card to be drawn
    assert reveal["trick"] == ["10♠"] and reveal["trump_card"] == ["A♥"]


@pytest.mark.parametrize("text", ["play Q♥", "marry Q♥", "marry K♠", "show ♥", "exchange",
                                  "close", "draw"])
def test_action_texts_round_trip(text: str) -> None:
    game = start(MAIN)
    assert game.parse(text).text == text
    assert game.parse(text.replace("♥", "h").replace("♠", "S")).text == text


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    game = start(MAIN)
    before = json.dumps(game.view(None))
    assert refused(game, "play K♠") == "you do not hold K♠"
    assert refused(game, "draw").startswith("you draw only right after winning a trick")
    assert json.dumps(game.view(None)) == before


def test_results_have_the_common_keys() -> None:
    result = play_hand(run(start(MAIN), "close"))
    assert {"dealer", "declarer", "contract", "tricks", "card_points", "marriages", "deltas",
            "points", "winner", "carry", "scores"} <= set(result.to_json())
    assert result.dealer == 1 and result.declarer == 0 and result.contract == "closed"


def test_a_record_replays_to_the_same_game() -> None:
    game = tricktable.new_game("sixtysix", seed=9)
    rng = random.Random(9)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = tricktable.replay(json.loads(json.dumps(game.record())))
    assert again.results == game.results and again.view(0) == game.view(0)
    assert again.phase is Phase.GAME_OVER
