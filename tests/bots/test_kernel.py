"""The double-dummy kernel against the solver's search through the game's own rules.

Rook and Pinochle describe their trick play as a :class:`PlayPosition`; the
kernel's exact card-points value of every position (and of every card the
seat to move may play) must equal the generic search's, which
``test_solver.py`` checks against brute-force minimax.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import tricktable
from tricktable.cards import bits
from tricktable.engine.state import GameState, Phase
from tricktable.engine.trick import PlayPosition
from tricktable.solver import Solver, margin
from tricktable.solver.kernel import PlayKernel


def _position(name: str, seed: int, tricks_left: int, options: dict[str, int]) -> GameState | None:
    """A random first hand stopped with ``tricks_left`` tricks left, ``seed % 4`` cards on
    the trick."""
    rng = random.Random(seed)
    game = tricktable.new_game(name, seed=seed, options=options)
    while not game.results:
        hands: list[int] = game.hands  # type: ignore[attr-defined]
        trick: list[int] = getattr(game, "trick", [])
        if game.phase is Phase.PLAY and max(h.bit_count() for h in hands) == tricks_left \
                and len(trick) == seed % 4:
            return game
        game.apply(rng.choice(game.legal_actions()))
    return None


def _positions(name: str, count: int, tricks_left: int,
               options: dict[str, int] | None = None) -> list[GameState]:
    found = (_position(name, seed, tricks_left, options or {}) for seed in range(10 * count))
    positions = [game for game in found if game is not None][:count]
    assert len(positions) == count
    return positions


CASES = [("rook", {}), ("pinochle", {}), ("pinochle", {"last_trick": 10})]


@pytest.mark.parametrize(("name", "options"), CASES, ids=["rook", "pinochle", "pinochle-last"])
def test_kernel_equals_the_generic_search(name: str, options: dict[str, int]) -> None:
    for game in _positions(name, 12, 3, options):
        seat = game.to_move or 0
        fast, slow = Solver(game, seat, "points"), Solver(game, seat, "points", kernel=False)
        assert fast.kernel is not None and slow.kernel is None
        assert fast.value(game) == slow.value(game)
        assert fast.evaluate(game) == slow.evaluate(game)
        assert fast.kernel.nodes > 0, "the kernel did the search"


@pytest.mark.parametrize("name", ["rook", "pinochle", "bidder"])
def test_position_plays_by_the_games_rules(name: str) -> None:
    """At every card of random hands, the position's legal cards are the game's, and its
    winner takes the trick in the game."""
    for seed in range(12):
        rng = random.Random(seed)
        game = tricktable.new_game(name, seed=seed)
        while not game.results:
            position = game.play_position()
            if position is None:
                game.apply(rng.choice(game.legal_actions()))
                continue
            legal = game.legal_actions()
            hand = position.hands[position.to_move]
            faces = {card & ~1 if name == "pinochle" else card  # a Pinochle action names a face
                     for card in bits(position.legal(hand, position.trick))}
            assert faces == {action.arg for action in legal}
            game.apply(rng.choice(legal))
            if len(position.trick) == 3 and not game.results:
                cards, seats, winner = game.last_trick  # type: ignore[attr-defined]
                assert seats[position.winner(tuple(cards))] == winner


def _minimax(position: PlayPosition, side: int) -> float:
    """Every legal card at every turn, no pruning: the kernel's value by definition."""
    hands, tricks = list(position.hands), list(position.side_tricks)

    def value(trick: tuple[int, ...], leader: int) -> float:
        seat = (leader + len(trick)) % position.players
        if not trick and not hands[leader]:
            bonus = position.finish(tuple(tricks)) if position.finish else (0, 0)
            return float(bonus[side] - bonus[1 - side])
        values = []
        for card in bits(position.legal(hands[seat], trick)):
            hands[seat] ^= 1 << card
            played = (*trick, card)
            if len(played) < position.players:
                values.append(value(played, leader))
            else:
                winner = (leader + position.winner(played)) % position.players
                points = sum(position.points[c] for c in played) + position.trick_points
                points += position.last_points if not hands[winner] else 0
                won = position.side_of[winner]
                tricks[won] += 1
                values.append((points if won == side else -points) + value((), winner))
                tricks[won] -= 1
            hands[seat] ^= 1 << card
        return max(values) if position.side_of[seat] == side else min(values)

    return value(position.trick, position.leader)


@pytest.mark.parametrize(("name", "count"), [("rook", 60), ("pinochle", 300)])
def test_kernel_equals_brute_force(name: str, count: int) -> None:
    """Many small positions, Pinochle's with copies of a card split between hands."""
    for game in _positions(name, count, 3):
        position = game.play_position()
        assert position is not None
        side = game.side_of(game.to_move or 0)
        assert PlayKernel(side).value(position) == _minimax(position, side), game.seed


def test_kernel_values_every_card_like_the_solver() -> None:
    for game in _positions("rook", 6, 3):
        position = game.play_position()
        assert position is not None
        seat = game.to_move or 0
        taken = margin(game.taken_points(), game.side_of(seat))
        by_card = dict(PlayKernel(game.side_of(seat)).evaluate(position))
        for action, value in Solver(game, seat, "points", kernel=False).evaluate(game):
            if action.arg in by_card:  # one card of each equivalent run
                assert by_card[action.arg] + taken == value, action.text


def test_rooks_most_cards_bonus_is_searched() -> None:
    """Dropping the 20 for most cards changes some values: the equality above covers it."""
    changed = 0
    for game in _positions("rook", 12, 4):
        position = game.play_position()
        assert position is not None
        side = game.side_of(game.to_move or 0)
        plain = dataclasses.replace(position, finish=None)
        changed += PlayKernel(side).value(plain) != PlayKernel(side).value(position)
    assert changed > 0


def test_pinochle_last_trick_points_are_searched() -> None:
    game = _positions("pinochle", 1, 2, {"last_trick": 10})[0]
    position = game.play_position()
    assert position is not None
    side = game.side_of(game.to_move or 0)
    without = dataclasses.replace(position, last_points=0)
    assert abs(PlayKernel(side).value(position) - PlayKernel(side).value(without)) == 10


def test_only_plain_trick_play_has_a_position() -> None:
    game = tricktable.new_game("rook", seed=1)
    assert game.play_position() is None  # bidding
    free = _positions("rook", 1, 5)[0]
    assert free.play_position() is not None
    reneges = _position("rook", 0, 5, {"enforce_follow_suit": False})
    assert reneges is not None and reneges.play_position() is None
    for name in ("notrump", "sixtysix"):  # a call may come; a stock to draw from
        game = tricktable.new_game(name, seed=1)
        rng = random.Random(1)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        assert game.play_position() is None, name
