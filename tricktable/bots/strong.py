"""The ``strong`` bot: search over sampled worlds (perfect-information Monte Carlo).

For every decision of every game it deals the cards its seat cannot see
anew, many times (:meth:`~tricktable.engine.state.GameState.world`, uniform
among the deals consistent with all the seat knows), and in each world tries
its candidate actions: near the end of the play the rest of the hand is
solved exactly (:class:`~tricktable.solver.Solver`), earlier it is played out
by heuristic players. It plays the heuristic player's pick unless another
candidate scores clearly better for its side over the worlds (see
:meth:`StrongBot.rank`). Bids, contracts, discards, trump, passing, markers,
calls, closing and exchanging are all chosen this way: a bid is valued by
playing the whole hand out after it.

It is given ``game.redacted(seat)`` (see :func:`tricktable.bots.decide`),
never the real game. Its random choices are seeded from its seed and its
view, and its time cap counts the CPU time of its own thread, not the wall
clock, so a decision depends on nothing else: the same seed and view give
the same action whenever and however busy the machine is (as long as
``seconds`` of CPU do not cut the search short, which ``worlds`` is sized to
avoid; see :class:`SearchLimits`).

>>> import tricktable
>>> from tricktable.bots import decide
>>> game = tricktable.new_game("rook", seed=3)
>>> bot = StrongBot("rook", seed=1, limits=SearchLimits(worlds=2))
>>> decide(bot, game) in game.legal_actions()
True
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from tricktable.bots import Bot, bot_step, make_bot
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState, Phase
from tricktable.solver import Solver, distinct_plays, margin

CARD_KINDS = ("play", "call")  # actions that put a card on the trick


@dataclass(frozen=True)
class SearchLimits:
    """How much the strong bot searches for one decision."""

    worlds: int = 24  # sampled worlds per decision, at most
    # CPU-time cap per decision, of the bot's own thread (a busy machine does not change the
    # decision); the search stops after the world in hand
    seconds: float = 0.5
    candidates: int = 5  # actions valued when there are more legal ones (the rest are skipped)
    settle: int = 6  # worlds before clearly worse candidates are dropped
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

    def rank(self, state: GameState, legal: list[Action],
             include: Action | None = None) -> list[Choice]:
        """The candidate actions, best first, each with its sampled values.

        Worlds are sampled one at a time and every candidate still in the
        running is valued in each. After ``settle`` worlds, a candidate whose
        paired difference to the leader is clearly negative (two standard
        errors) is dropped, and the search stops once one is left. The
        heuristic player's pick (the first candidate) is kept unless the
        search drops it: the bot leaves sound play only for clearly better.

        ``include`` (a legal action, for analysis) is valued in every world
        sampled, a candidate or not, and takes no part in the choice.
        """
        seat = state.to_move
        assert seat is not None, "the game is over"
        rng = random.Random(f"{self.seed}:{json.dumps(state.view(seat), sort_keys=True)}")
        choices = [Choice(action) for action in self.candidates(state, legal, rng)]
        running = list(choices)
        if include is not None and include not in (choice.action for choice in choices):
            choices.append(Choice(include))
        tracked = [choice for choice in choices if choice.action == include]
        deadline = time.thread_time() + self.limits.seconds
        for worlds in range(1, self.limits.worlds + 1):
            world = state.world(seat, rng)
            rollout_seed = rng.getrandbits(32)
            for choice in running + [c for c in tracked if c not in running]:
                value, took = self.value_after(world, seat, choice.action, rollout_seed)
                choice.values.append(value)
                if took is not None and choice.action.kind in CARD_KINDS:
                    choice.tricks.append(took)
            if worlds >= self.limits.settle:
                running = _still_running(running)
            if len(running) == 1 or time.thread_time() > deadline:
                break
        pick = choices[0] if choices[0] in running else max(running, key=lambda c: c.mean)
        choices.sort(key=lambda choice: (choice is not pick, -choice.mean))
        return choices

    def candidates(self, state: GameState, legal: list[Action],
                   rng: random.Random) -> list[Action]:
        """The actions worth valuing, the heuristic's pick first: one card of each run of
        equivalent cards, at most ``candidates`` (then the first others)."""
        seat = state.to_move or 0
        pick = _heuristic(self.game, rng.getrandbits(32)).choose(state.view(seat), legal)
        live = state.hidden_from(seat)  # unseen cards count as still in play
        others = [a for a in distinct_plays(state, legal, live) if a != pick]
        if pick.kind == "play":  # not the card that stands for the pick's run
            others = [a for a in others if len(distinct_plays(state, [a, pick], live)) == 2]
        return [pick, *others[:self.limits.candidates - 1]]

    def value_after(self, world: GameState, seat: int, action: Action,
               seed: int) -> tuple[float, bool | None]:
        """The side's margin after ``action`` in one world, and whether it took the trick."""
        game = world.fork()
        hand = len(game.results)
        before = list(game.tricks_won)  # type: ignore[attr-defined]
        game.apply(action)
        if game.phase is Phase.PLAY and len(game.results) == hand and \
                cards_left(game) <= self.limits.solve_tricks * game.players:
            value = Solver(game, seat).value(game)
            return value, _took_trick(game, seat, before)
        bots = [_heuristic(self.game, seed + s) for s in range(game.players)]
        took = _took_trick(game, seat, before)
        while len(game.results) == hand and not game.is_over:
            bot_step(game, bots)
            if took is None:
                took = _took_trick(game, seat, before)
        return margin(game.results[hand].deltas, game.side_of(seat)), took


def _still_running(choices: list[Choice]) -> list[Choice]:
    """The choices not clearly worse than the leader, compared world by world."""
    leader = max(choices, key=lambda choice: choice.mean)
    kept = []
    for choice in choices:
        if choice is leader:
            kept.append(choice)
            continue
        gaps = [a - b for a, b in zip(choice.values, leader.values, strict=True)]
        spread = statistics.stdev(gaps) / math.sqrt(len(gaps))
        if spread > 0 and statistics.fmean(gaps) + 2 * spread >= 0:
            kept.append(choice)  # not clearly worse (a choice no different is dropped)
    return kept


def _heuristic(game: str, seed: int) -> Bot:
    return make_bot("heuristic", game, seed)


def cards_left(game: GameState) -> int:
    """Cards still to be played: in hand, and those still to be drawn (the game's
    ``cards_to_draw``: a closed Sixty-Six stock's cards stay out of play).

    >>> from tricktable import new_game
    >>> cards_left(new_game("sixtysix", seed=1))
    24
    """
    held = sum(hand.bit_count() for hand in game.hands)  # type: ignore[attr-defined]
    return held + game.cards_to_draw()


def _took_trick(game: GameState, seat: int, before: list[int]) -> bool | None:
    """Whether the trick in progress at the decision went to ``seat``'s side (None: not yet)."""
    won: list[int] = game.tricks_won  # type: ignore[attr-defined]
    for winner, (now, then) in enumerate(zip(won, before, strict=True)):
        if now > then:
            return game.side_of(winner) == game.side_of(seat)
    return None
