"""The double-dummy solver against brute-force minimax, over every game.

Hundreds of small end positions (a few tricks left, every card face up) from
random games: the solver's exact value (alpha-beta, transposition table,
equivalent cards) must equal plain minimax over every legal action.
"""

from __future__ import annotations

import random

import pytest

from tests.conformance.support import case_id, game_cases, random_step, start
from tricktable.engine.state import GameState, Phase
from tricktable.solver import Solver, brute_force, distinct_plays

POSITIONS = 24  # per game, player count and objective: 24 * 10 * 2 = 480 positions


def _end_position(name: str, players: int, seed: int, cards_left: int) -> GameState | None:
    """A random game's first hand, played at random until few cards are left."""
    rng = random.Random(seed)
    game = start(name, players, seed)
    while not game.is_over and not game.results:
        left = sum(hand.bit_count() for hand in game.hands)  # type: ignore[attr-defined]
        stock = len(getattr(game, "stock", ()))
        if game.phase is Phase.PLAY and left + stock <= cards_left:
            return game
        random_step(game, rng)
    return None


@pytest.mark.parametrize("objective", ["score", "points"])
@pytest.mark.parametrize(("name", "players"), game_cases(), ids=case_id)
def test_solver_equals_brute_force(name: str, players: int, objective: str) -> None:
    checked = 0
    for seed in range(2000):
        cards_left = (3 if players == 2 else 2) * players + seed % players
        game = _end_position(name, players, seed, cards_left)
        if game is None:
            continue
        seat = game.to_move or 0
        solver = Solver(game, seat, objective)
        assert solver.value(game) == brute_force(game, seat, objective), f"{name} seed {seed}"
        value, action = solver.best(game)
        after = game.fork()
        after.apply(action)
        assert Solver(game, seat, objective).value(after) == value, "the best keeps the value"
        checked += 1
        if checked == POSITIONS:
            break
    assert checked == POSITIONS


def test_fork_is_independent() -> None:
    rng = random.Random(5)
    for name, players in game_cases():
        game = start(name, players, 5)
        for _ in range(30):
            random_step(game, rng)
        key = game.search_key()
        forked = game.fork()
        for _ in range(10):
            if forked.is_over:
                break
            random_step(forked, rng)
        assert game.search_key() == key, name


def test_points_objective_shares_the_table_across_points_taken() -> None:
    """Two Rook positions that differ only in counters taken share one key; their
    values differ by exactly those points."""
    game = _end_position("rook", 4, 3, cards_left=8)
    assert game is not None and not game.trick  # type: ignore[attr-defined]
    richer = game.fork()
    richer.card_points = [game.card_points[0] + 10, game.card_points[1]]  # type: ignore[attr-defined]
    seat = game.to_move or 0
    assert richer.search_key(richer.point_fields) == game.search_key(game.point_fields)
    gap = Solver(richer, seat, "points").value(richer) - Solver(game, seat, "points").value(game)
    assert gap == (10 if seat % 2 == 0 else -10)


def test_equal_positions_share_a_key_and_others_do_not() -> None:
    game = start("rook", 4, 2)
    rng = random.Random(2)
    while game.phase is not Phase.PLAY:
        random_step(game, rng)
    assert game.fork().search_key() == game.search_key()
    other = game.fork()
    random_step(other, rng)
    assert other.search_key() != game.search_key()


def test_pinochle_copies_tell_cards_apart() -> None:
    """K♠ and 10♠ play alike only if neither other copy is still out: an opponent's
    second 10♠ ties the first one played, so it beats the K but not the 10."""
    game = start("pinochle", 4, 1)
    rng = random.Random(1)
    while game.phase is not Phase.PLAY:
        random_step(game, rng)
    deck = type(game).deck
    king, ten, other_ten = (deck.parse_many("KS 10S 10S")[i] for i in range(3))
    seat = game.to_move or 0
    hands: list[int] = game.hands  # type: ignore[attr-defined]
    hands[:] = [0] * 4
    hands[seat], hands[(seat + 1) % 4] = 1 << king | 1 << ten, 1 << other_ten
    legal = game.legal_actions()
    assert len(distinct_plays(game, legal)) == 2
    hands[(seat + 1) % 4] = 1 << deck.parse("9S")  # nothing left to tell them apart
    assert len(distinct_plays(game, game.legal_actions())) == 1


@pytest.mark.parametrize("objective", ["score", "points"])
def test_a_kentucky_discard_counts_for_the_last_trick_in_the_search(objective: str) -> None:
    """Under ``discard_points="last_trick"`` the discard's counters go to the last trick's
    taker at the hand's end: the solver's value must count them as the rules do."""
    import tricktable
    from tricktable.games.rook_cards import COUNTERS

    checked = 0
    for seed in range(400):
        rng = random.Random(seed)
        game = tricktable.new_game("rook", seed=seed, options={"preset": "kentucky-discard"})
        while not game.results and not (
                game.phase is Phase.PLAY and sum(h.bit_count() for h in game.hands) <= 8):
            random_step(game, rng)
        discard = game.discarded  # type: ignore[attr-defined]
        if game.results or game.low_boy or not discard & COUNTERS:  # type: ignore[attr-defined]
            continue
        seat = game.to_move or 0
        assert Solver(game, seat, objective).value(game) == brute_force(game, seat, objective)
        checked += 1
        if checked == 12:
            break
    assert checked == 12
