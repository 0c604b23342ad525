"""Clones are independent: acting on one never changes the other, in every game.

``clone()`` copies a state's lists, dicts and sets one level deep and shares
everything else (see :meth:`GameState.clone`), so these tests hold every game
to never mutating anything nested. A clone is taken at many points (mid-hand,
between hands, after many random steps); then the original and the clone are
each played on alone, and the other's record, every seat's view and event
log, and its ``search_key()`` must not move. Both driven by the same actions,
they stay identical: the RNG that deals the next hands is copied too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conformance.support import game_cases, legal_or_fail, snapshot, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable import GameState

CASES = game_cases()
ids = [f"{name}-{players}p" for name, players in CASES]
PROPERTY = settings(max_examples=15, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def observed(game: GameState) -> tuple[str, tuple[Any, ...]]:
    """Everything a clone must keep to itself: record, views, logs, ... and the search key."""
    return snapshot(game), game.search_key()


def advance(game: GameState, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(legal_or_fail(game)))


def check_independent(game: GameState, rng: random.Random, steps: int) -> None:
    """Clone ``game``; play each of the two on alone; the other must not change."""
    twin = game.clone()
    assert type(twin) is type(game) and twin is not game
    before = observed(game)
    assert observed(twin) == before
    advance(twin, rng, steps)
    assert observed(game) == before, "playing the clone changed the original"
    after = observed(twin)
    advance(game, rng, steps)
    assert observed(twin) == after, "playing the original changed the clone"


@pytest.mark.parametrize(("name", "players"), CASES, ids=ids)
def test_clones_taken_all_through_a_game_stay_independent(name: str, players: int) -> None:
    rng = random.Random(17)
    game = start(name, players, 17)
    checked = mid_hand = 0
    while checked < 12:
        advance(game, rng, rng.randrange(1, 40))
        if game.is_over:
            game = start(name, players, checked)
            continue
        mid_hand += bool(getattr(game, "trick", None))
        check_independent(game.clone(), random.Random(checked), steps=60)
        checked += 1
    assert mid_hand >= 4


@pytest.mark.parametrize(("name", "players"), CASES, ids=ids)
def test_a_clone_replays_the_same_future(name: str, players: int) -> None:
    """The same actions from a clone and from its original give the same game, next deals
    included; drawing from one's RNG does not move the other's."""
    game = start(name, players, 4)
    advance(game, random.Random(4), 25)
    twin = game.clone()
    advance(game, random.Random(8), 10_000)
    advance(twin, random.Random(8), 10_000)
    assert game.is_over and observed(twin) == observed(game)


@pytest.mark.parametrize(("name", "players"), CASES, ids=ids)
@PROPERTY
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       prefix=st.integers(min_value=0, max_value=300),
       steps=st.integers(min_value=1, max_value=200))
def test_clone_is_independent_anywhere(name: str, players: int, seed: int, prefix: int,
                                       steps: int) -> None:
    game = start(name, players, seed)
    rng = random.Random(seed)
    advance(game, rng, prefix)
    check_independent(game, rng, steps)


def test_a_clone_shares_no_list_dict_or_set_with_its_original() -> None:
    """The structural half of the promise: no top-level container is shared."""
    for name, players in CASES:
        game = start(name, players, 3)
        advance(game, random.Random(3), 30)
        twin = game.clone()
        for key, value in vars(game).items():
            if isinstance(value, list | dict | set):
                assert vars(twin)[key] is not value, f"{name}: {key} is shared"
                assert vars(twin)[key] == value, f"{name}: {key} differs"
