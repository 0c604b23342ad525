"""The ``strong`` bot: search over sampled worlds (perfect-information Monte Carlo).

For every decision of every game it deals the cards its seat cannot see
anew, many times (:meth:`~tricktable.engine.state.GameState.world`, uniform
among the deals consistent with all the seat knows), and in each world tries
its candidate actions: near the end of the play the rest of the hand is
solved exactly (:class:`~tricktable.solver.Solver`), earlier it is played out
by heuristic players. The action with the best mean score for its side over
the worlds is chosen. Bids, contracts, discards, trump, passing, markers,
calls, closing and exchanging are all chosen this way: a bid is valued by
playing the whole hand out after it.

It is given ``game.redacted(seat)`` (see :func:`tricktable.bots.decide`),
never the real game. Its random choices are seeded from its seed and its
view, so a decision depends on nothing else: the same seed and view give
the same action, whenever it is asked (as long as ``seconds`` does not cut
the search short; see :class:`SearchLimits`).

>>> import tricktable
>>> from tricktable.bots import decide
>>> game = tricktable.new_game("rook", seed=3)
>>> bot = StrongBot("rook", seed=1, limits=SearchLimits(worlds=2))
>>> decide(bot, game) in game.legal_actions()
True
"""

from __future__ import annotations

import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from tricktable.bots import Bot, make_bot, show_trick
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState, Phase
from tricktable.solver import Solver

CARD_KINDS = ("play", "call")  # actions that put a card on the trick


@dataclass(frozen=True)
class SearchLimits:
    """How much the strong bot searches for one decision."""

    worlds: int = 24  # sampled worlds per decision, at most
    seconds: float = 0.5  # wall-clock cap per decision; the search stops after the world in hand
    candidates: int = 4  # actions valued when there are more legal ones (the rest are skipped)
    solve_tricks: int = 3  # solve the rest exactly once at most this many tricks are left


@dataclass
class Choice:
    """One candidate action and what the sampled worlds said of it."""

    action: Action
    values: list[float] = field(default_factory=list)  # the side's margin, one per world
    tricks: list[bool] = field(default_factory=list)  # whether its side took the current trick

    @property
    def mean(self) -> float:
        """The expected margin for the side over the sampled worlds."""
        return statistics.fmean(self.values) if self.values else 0.0

    def reason(self) -> str:
        """A one-line explanation for a person."""
        worlds = len(self.values)
        if self.tricks:
            share = 100 * sum(self.tricks) / len(self.tricks)
            return f"wins the trick in {share:.0f}% of {worlds} sampled deals"
        return f"scores {self.mean:+.1f} on average over {worlds} sampled deals"


class StrongBot:
    """Searches sampled worlds for the action with the best expected score."""

    def __init__(self, game: str, seed: int = 0, limits: SearchLimits | None = None) -> None:
        self.game = game
        self.seed = seed
        self.limits = limits or SearchLimits()
        self.decisions = 0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Not enough to search from: ask through :func:`tricktable.bots.decide` instead."""
        raise TypeError("the strong bot searches a redacted game: use tricktable.bots.decide")

    def choose_state(self, state: GameState, legal: list[Action]) -> Action:
        """The best action for the seat to move in ``state`` (a redacted game)."""
        if len(legal) == 1:
            return legal[0]
        return self.rank(state, legal)[0].action

    def rank(self, state: GameState, legal: list[Action]) -> list[Choice]:
        """The candidate actions, best first, each with its sampled values."""
        seat = state.to_move
        assert seat is not None, "the game is over"
        rng = random.Random(f"{self.seed}:{json.dumps(state.view(seat), sort_keys=True)}")
        choices = [Choice(action) for action in self._candidates(state, legal, rng)]
        deadline = time.perf_counter() + self.limits.seconds
        for _ in range(self.limits.worlds):
            world = state.world(seat, rng)
            rollout_seed = rng.getrandbits(32)
            for choice in choices:
                value, took = self._value(world, seat, choice.action, rollout_seed)
                choice.values.append(value)
                if took is not None and choice.action.kind in CARD_KINDS:
                    choice.tricks.append(took)
            if time.perf_counter() > deadline:
                break
        choices.sort(key=lambda choice: -choice.mean)
        return choices

    def _candidates(self, state: GameState, legal: list[Action],
                    rng: random.Random) -> list[Action]:
        """All legal actions, or the heuristic's pick and the first others when there are many."""
        limit = self.limits.candidates
        if len(legal) <= limit:
            return legal
        seat = state.to_move or 0
        pick = _heuristic(self.game, rng.getrandbits(32)).choose(state.view(seat), legal)
        return [pick, *[a for a in legal if a != pick][:limit - 1]]

    def _value(self, world: GameState, seat: int, action: Action,
               seed: int) -> tuple[float, bool | None]:
        """The side's margin after ``action`` in one world, and whether it took the trick."""
        game = world.fork()
        hand = len(game.results)
        before = list(game.tricks_won)  # type: ignore[attr-defined]
        game.apply(action)
        if game.phase is Phase.PLAY and len(game.results) == hand and \
                _cards_left(game) <= self.limits.solve_tricks * game.players:
            value = Solver(game, seat).value(game)
            return value, _took_trick(game, seat, before)
        bots = [_heuristic(self.game, seed + s) for s in range(game.players)]
        took = _took_trick(game, seat, before)
        while len(game.results) == hand and not game.is_over:
            mover = game.to_move or 0
            tricks = sum(game.tricks_won)  # type: ignore[attr-defined]
            game.apply(bots[mover].choose(game.view(mover), game.legal_actions()))
            if sum(game.tricks_won) != tricks and len(game.results) == hand:  # type: ignore[attr-defined]
                show_trick(game, bots)
            if took is None:
                took = _took_trick(game, seat, before)
        return _margin(game, seat, hand), took


def _heuristic(game: str, seed: int) -> Bot:
    return make_bot("heuristic", game, seed)


def _margin(game: GameState, seat: int, hand: int) -> float:
    """The hand's score change of ``seat``'s side minus the mean of the other sides'."""
    side = game.side_of(seat)
    deltas = game.results[hand]["deltas"]
    others = [d for index, d in enumerate(deltas) if index != side]
    return float(deltas[side] - statistics.fmean(others))


def _cards_left(game: GameState) -> int:
    """Cards still to be played: in hand, and in a stock still to be drawn from."""
    held = sum(hand.bit_count() for hand in game.hands)  # type: ignore[attr-defined]
    return held + len(getattr(game, "stock", ()))


def _took_trick(game: GameState, seat: int, before: list[int]) -> bool | None:
    """Whether the trick in progress at the decision went to ``seat``'s side (None: not yet)."""
    won: list[int] = game.tricks_won  # type: ignore[attr-defined]
    for winner, (now, then) in enumerate(zip(won, before, strict=True)):
        if now > then:
            return game.side_of(winner) == game.side_of(seat)
    return None
