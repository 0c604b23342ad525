"""The compiled search of a race to a points goal (Sixty-Six once its stock is closed or
drawn) against the search through the rules, and the hand-worked cases of RULES.md 4."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktable
from tricktable.engine.state import GameState
from tricktable.solver import BudgetExceeded, SolveError, Solver, solve
from tricktable.solver.race import solve_race
from tricktable.solver.solve import compiles

OPTIONS: list[dict[str, Any]] = [
    {}, {"strict_follow": True}, {"played_out": "last_trick"},
    {"marriage_needs_trick": True, "last_trick": 0}, {"short_deck": True, "strict_follow": True},
    {"preset": "schnapsen"}, {"preset": "santase"}, {"announce": True},
]


def _race_position(options: dict[str, Any], seed: int) -> GameState:
    """A random game played at random (closing now and then) until, in some hand, the
    rest is a race: the stock closed or drawn."""
    rng = random.Random(seed)
    game = tricktable.new_game("sixtysix", seed=seed, options=options)
    while True:
        if game.is_over:
            game = tricktable.new_game("sixtysix", seed=rng.randrange(1 << 30), options=options)
        if game.race() is not None and rng.random() < 0.4:  # type: ignore[attr-defined]
            return game
        legal = game.legal_actions()
        closes = [action for action in legal if action.kind == "close"]
        game.apply(closes[0] if closes and rng.random() < 0.15 else rng.choice(legal))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.integers(0, len(OPTIONS) - 1))
def test_the_compiled_race_equals_the_search_through_the_rules(seed: int, variant: int) -> None:
    """Every legal action's value, marriages, shows, closers, carried points and rule
    options included, as the rules' own search finds it."""
    game = _race_position(OPTIONS[variant], seed)
    seat = game.to_move or 0
    expected = {action.text: value for action, value in Solver(game, seat).evaluate(game)}
    solution = solve(game, "score")
    assert solution.method == "compiled"
    assert solution.actions == expected
    assert solution.value == max(expected.values())


def _deal(**deal: Any) -> GameState:
    return tricktable.new_game("sixtysix", deal=deal)


def test_the_winner_at_66_scores_by_the_losers_points_and_tricks() -> None:
    """56 and the ace of hearts take 66 or more whatever East plays: East has 24 (under
    33, schneider: 2); with 40 East loses 1; without a trick, 3."""
    for points, tricks, expected in (([56, 24], [5, 5], 2), ([56, 40], [5, 5], 1),
                                     ([56, 0], [10, 0], 3)):
        game = _deal(hands=["AH KH", "TS JS"], leader=0, trump="H", points=points,
                     tricks=tricks)
        assert solve(game, "score").actions == {"play K♥": expected, "play A♥": expected}


def test_a_closer_who_falls_short_loses_two_or_three() -> None:
    """South closed with 30 and cannot reach 66 with what is left: North takes 2, or 3
    had North no trick when the stock was closed."""
    for tricks, expected in (([6, 3], -2), ([9, 0], -3)):
        game = _deal(hands=["9H 9S", "AH AS"], leader=0, trump="C", points=[30, 11],
                     tricks=tricks, stock=["9C", "JC"], closed_by=0)
        assert solve(game, "score").value == expected


def test_a_marriage_that_reaches_66_ends_the_hand_at_once() -> None:
    """South has a trick and 30: announcing the trump marriage (40) reaches 70 at once and
    wins 1; leading the king plain loses the trick to the ace and with it the hand."""
    game = _deal(hands=["KH QH 9S", "AH TH TS"], leader=0, trump="H", points=[30, 40],
                 tricks=[4, 5])
    actions = solve(game, "score").actions
    assert actions["marry K♥"] == actions["marry Q♥"] == 1
    assert actions["play K♥"] < 1


def test_a_marriage_shown_without_a_lead_wins_when_it_reaches_66() -> None:
    """East, following with a trick of its own and 50, shows K♦ Q♦ (20): 70, the hand is
    East's at once, 2 game points with South under 33."""
    game = _deal(hands=["AS 9S", "KD QD"], leader=0, trump="H", points=[20, 50],
                 tricks=[5, 5])
    game.apply("play A♠")
    actions = solve(game, "score").actions
    assert actions["show ♦"] == 2


def test_a_race_is_solved_for_the_score_only_and_a_budget_stops_it() -> None:
    game = _deal(hands=["AH KH 9S", "TS JS 9D"], leader=0, trump="H", points=[30, 24])
    assert compiles(game, "score") and not compiles(game, "tricks")
    with pytest.raises(SolveError, match="race to 66 points"):
        solve(game, "tricks")
    with pytest.raises(BudgetExceeded, match="no value proved"):
        solve(game, "score", max_nodes=2)


def test_where_players_announce_66_reaching_it_ends_nothing_until_announced() -> None:
    """With 70 South may announce at once (1 game point, East has 40) or play on: the
    ace and the last trick bring East's 10 to South and the hand, announced before
    the last trick or not at all. Announcing short of 66 loses 2 (3 had East no
    trick)."""
    deal = {"hands": ["AH 9S", "TS JS"], "leader": 0, "trump": "H", "points": [70, 40]}
    game = tricktable.new_game("sixtysix", options={"announce": True}, deal=deal)
    actions = solve(game, "score").actions
    assert actions["announce"] == 1
    short = tricktable.new_game("sixtysix", options={"announce": True},
                                deal={**deal, "points": [50, 40]})
    assert solve(short, "score").actions["announce"] == -2


def test_one_solve_never_reads_another_races_table_rows() -> None:
    """The same cards with a point carried from a played-out hand: the winner takes one
    more, though the table still holds the first solve's rows."""
    game = _deal(hands=["AH KH", "TS JS"], leader=0, trump="H", points=[56, 24])
    assert solve_race(game.race())[0] == 2  # type: ignore[attr-defined]
    game.carry = 1  # type: ignore[attr-defined]
    assert solve_race(game.race())[0] == 3  # type: ignore[attr-defined]
