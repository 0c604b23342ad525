"""Hands that start at trick play from a deal (``new_game(name, deal={... "leader": ...})``)
in games other than Rook (tests/bots/test_compiled.py has Rook's): each game's contract
keys, the hand played out to its score, and impossible deals refused by name."""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable.engine.state import DealError, Phase
from tricktable.solver import brute_force, solve

NOTRUMP = {"hands": ["A♠ K♠ 2♣", "2♥ 3♦ 4♦", "Q♠ J♠ 5♣", "4♥ 5♦ 6♣"], "leader": 0,
           "contract": "notrump", "declarer": 0, "markers": [None, "2♥", None, None]}


def test_a_notrump_hand_starts_at_trick_play_with_its_markers_and_calls() -> None:
    """East's face-down 2♥ may call hearts; West's team has no trump yet, so a call makes
    hearts theirs; North/South's contract is No Trump, 10 earlier tricks split 5-5."""
    game = tricktable.new_game("notrump", deal=NOTRUMP)
    assert game.phase is Phase.PLAY and game.to_move == 0
    assert game.tricks_won == [5, 5, 0, 0]  # type: ignore[attr-defined]
    game.apply("play 2♣")
    assert "call 2♥" in {action.text for action in game.legal_actions()}
    game.apply("call 2♥")  # void in clubs: East calls hearts and trumps
    assert game.spec.trumps[1] == game.spec.trumps[3] != 0  # type: ignore[attr-defined]
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    result = game.results[0]
    assert sum(result.seat_tricks) == 13 and result.made is False
    assert result.deltas == (0, 12)  # N/S took fewer than 7: E/W score No Trump's 12


def test_a_notrump_play_deal_is_solved_through_its_calls() -> None:
    """East to lead: calling its 2♥ marker does not help (its team has no entry), and the
    compiled score equals brute force through the game's own actions."""
    game = tricktable.new_game("notrump", deal={**NOTRUMP, "leader": 1})
    solution = solve(game, "score")
    assert solution.method == "compiled"
    assert "call 2♥" in solution.actions
    assert solution.value == brute_force(game, 1, "score")


def test_a_suit_contract_with_the_defenders_trump_already_called() -> None:
    game = tricktable.new_game("notrump", deal={**NOTRUMP, "contract": "♠",
                                                "trumps": [None, "♦"], "markers": [None] * 4})
    spec = game.spec  # type: ignore[attr-defined]
    assert spec.trumps[0] != spec.trumps[1] and not any(spec.calls)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.results[0]
    made = result.seat_tricks[0] + result.seat_tricks[2] >= 7
    assert result.made is made and result.deltas == ((10, 0) if made else (0, 10))


@pytest.mark.parametrize(("change", "message"), [
    ({"contract": "stars"}, "'contract'"),
    ({"declarer": 4}, "'declarer' must be a seat"),
    ({"markers": ["A♠"]}, "'markers' must list 4"),
    ({"markers": [None, "A♠", None, None]}, "seat 1's marker 'A♠' is not in its hand"),
    ({"markers": [None, "X9", None, None]}, "seat 1's marker 'X9'"),
    ({"trumps": ["♥", None], "contract": "♠"}, "the selecting team's trump"),
    ({"trumps": [None]}, "'trumps' must list 2"),
    ({"trumps": [None, "stars"]}, "'trumps'"),
    ({"bid": 7}, "unknown deal key 'bid'"),
])
def test_an_impossible_notrump_deal_is_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises(DealError, match=message):
        tricktable.new_game("notrump", deal={**NOTRUMP, **change})
