"""The rule-based Bidder bot: legal, view-only, sensible, and clearly better than random."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import tricktable
from tricktable.arena import duplicate_match
from tricktable.bots import make_bot, play_game
from tricktable.bots.heuristic.bidder import HeuristicBot
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
ALL_CARDS = [rank + suit for suit in "SHDC" for rank in RANKS]


def four_hands(*hands: str) -> list[list[str]]:
    """Up to four hands as given; the rest of the deck fills the others in order."""
    given = [hand.split() for hand in hands]
    rest = [card for card in ALL_CARDS if not any(card in hand for hand in given)]
    while len(given) < 4:
        given.append(rest[:8])
        rest = rest[8:]
    return given


def single_hand(hands: list[list[str]], dealer: int = 3, **options: Any) -> GameState:
    return tricktable.new_game("bidder", players=len(hands), options=options,
                               deal={"dealer": dealer, "hands": hands, "left_over": []})


def decide(game: GameState, seed: int = 0) -> Action:
    """The bot's action for the seat to move (it must be legal)."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    action = HeuristicBot(seed).choose(game.view(seat), legal)
    assert action in legal
    return action


def after(game: GameState, actions: str) -> GameState:
    for action in actions.split(","):
        game.apply(action.strip())
    return game


# -- legal, deterministic, view-only --------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"knocking": True, "contra": True}])
def test_the_bot_plays_whole_sessions_legally(players: int, options: dict[str, Any]) -> None:
    options = {**options, "deals": players}
    games = [play_game(tricktable.new_game("bidder", players=players, seed=5, options=options),
                       [make_bot("heuristic", "bidder", seed=s) for s in range(players)])
             for _ in range(2)]
    assert games[0].is_over and sum(games[0].scores) == 0
    assert games[0].history == games[1].history  # deterministic for a seed


def test_the_bot_reads_only_the_view_and_leaves_it_alone() -> None:
    game = tricktable.new_game("bidder", players=5, seed=2, options={"contra": True})
    bot = HeuristicBot(1)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = json.loads(json.dumps(game.view(seat)))  # a client's copy, no game object
        before = copy.deepcopy(view)
        action = bot.choose(view, game.legal_actions())
        assert view == before
        game.apply(action)


# -- bidding, knocking, contra ---------------------------------------------------


def test_a_hand_of_all_trumps_bids_the_top_and_names_that_suit() -> None:
    game = single_hand(four_hands("7S 8S 9S 10S JS QS KS AS"))
    assert decide(game) == game.parse("bid 8")
    game.apply("bid 8")
    assert decide(game) == game.parse("trump ♠")


def test_a_hand_of_sevens_and_eights_bids_null() -> None:
    game = single_hand(four_hands("7S 8S 7H 8H 7D 8D 7C 8C"))
    assert decide(game) == game.parse("null")


def test_a_weak_hand_bids_low_if_at_all() -> None:
    game = single_hand(four_hands("KS 8S QH 9H JD 7D 10C 8C"))
    action = decide(game)
    assert action.kind == "pass" or (action.kind == "bid" and (action.arg or 0) <= 2)


def test_it_does_not_outbid_with_a_hand_that_cannot_make_it() -> None:
    game = single_hand(four_hands("AS KS 7S 8H 9H 9D 10D 7C"), dealer=2)
    game.apply("bid 5")  # seat 3
    assert decide(game) == game.parse("pass")  # seat 0: about three tricks


def test_it_knocks_with_a_strong_first_half_only() -> None:
    strong = single_hand(four_hands("AS KS QS JS 7H 8H 9H 10H"), knocking=True)
    assert decide(strong) == strong.parse("knock")  # seat 0 sees A K Q J of spades
    weak = single_hand(four_hands("7S 9H JD 8C AS KS QS JS"), knocking=True)
    assert decide(weak) == weak.parse("pass")


def test_a_defender_holding_the_top_trumps_declares_contra() -> None:
    hands = four_hands("AH KH QH JH 10H 9H AS KS")
    game = single_hand(hands, dealer=0, contra=True)  # seat 1 speaks first
    game = after(game, "pass, pass, bid 5, pass, trump hearts")  # seat 3 bids hearts
    for _ in range(3):  # seats 1 and 2 (weak defenders) and the declarer play
        action = decide(game)
        assert action.kind == "play"
        game.apply(action)
    assert game.to_move == 0 and decide(game) == game.parse("contra")


# -- play --------------------------------------------------------------------------


def test_the_declarer_draws_trumps_with_its_top_trump() -> None:
    hands = four_hands("9S 10S JS 7H 8H 9H 10H JH", "AS KS 7S AH 7D 8D 7C 8C")
    game = after(single_hand(hands, dealer=0), "bid 3, pass, pass, pass, trump spades")
    assert decide(game) == game.parse("play AS")  # not the ace of hearts, which may be ruffed


def test_a_defender_leaves_a_fellow_defenders_trick_alone() -> None:
    hands = four_hands("7H 7S 8S 9S 10S JS QS KS", "8H AS 7D 8D 9D 10D JD QD",
                       "10H 7C 8C 9C 10C JC QC KC", "9H KH AH QH JH AC KD AD")
    game = after(single_hand(hands), "pass, bid 1, pass, pass, trump clubs")  # seat 1 declares
    game = after(game, "play 7H, play 8H, play 10H")  # seat 2 beats the declarer's 8H
    assert decide(game) == game.parse("play 9H")  # seat 3 does not overtake its fellow defender


def test_a_defender_beats_the_declarer_as_cheaply_as_is_sure() -> None:
    hands = four_hands("7H 7S 8S 9S 10S JS QS KS", "QH AS 7D 8D 9D 10D JD QD",
                       "8H KH AH 7C 8C 9C 10C JC", "9H 10H JH QC KC AC KD AD")
    game = after(single_hand(hands), "pass, bid 1, pass, pass, trump clubs")
    game = after(game, "play 7H, play QH")  # the declarer's queen wins so far
    assert decide(game) == game.parse("play KH")  # seat 2: the king is enough


def test_the_null_declarer_ducks_with_its_highest_losing_card() -> None:
    hands = four_hands("10H 7S 8S 9S 10S JS QS KS", "7H 9H JH AS 7D 8D 9D 10D")
    game = after(single_hand(hands), "pass, null, pass, pass")  # seat 1 plays null
    game.apply("play 10H")
    assert decide(game) == game.parse("play 9H")


def test_null_defenders_duck_under_the_declarers_card() -> None:
    hands = four_hands("9S 7H 8H 9H 10H JH QH KH", "7S 8S 10S AH 7D 8D 9D 10D")
    game = after(single_hand(hands), "null, pass, pass, pass")  # seat 0 plays null, leads
    game.apply("play 9S")
    assert decide(game) == game.parse("play 8S")  # seat 1 keeps the declarer winning


# -- strength ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_bot_beats_random_play_clearly(players: int) -> None:
    result = duplicate_match("bidder", "heuristic", "random", deals=120 // players,
                             seed=1, players=players)
    assert result.margin - result.confidence > 1.0, result.summary()
