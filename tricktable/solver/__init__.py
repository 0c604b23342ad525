"""Double-dummy search: the exact result of the rest of a hand with every card face up.

:class:`Solver` searches the game's own rules (``legal_actions`` and ``apply``
on :meth:`~tricktable.engine.state.GameState.fork` copies), so every game and
every play-phase decision (a call, closing, a marriage, a draw) is searched
exactly as the rules allow. The value is what the game scores: the side's
score change for the hand minus the mean change of the other sides.

- alpha-beta with a transposition table at trick boundaries (exact values
  and bounds, with the best action to try first);
- equivalent cards searched once: two cards of one suit in one hand with the
  same points and no live card between them play the same;
- move ordering: the table's best action, then valuable and high cards first.

For the card points (``objective="points"``) of a game at plain trick play
(Rook, Pinochle) the search runs in :mod:`tricktable.solver.kernel` on ints
and bitmasks, about ten times as fast, with the same results.

>>> import random, tricktable
>>> game = tricktable.new_game("rook", seed=4)
>>> rng = random.Random(4)
>>> while game.phase != "play" or sum(game.tricks_won) < 11:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> solver = Solver(game, seat=0)
>>> value, action = solver.best(game)
>>> value == brute_force(game, seat=0), action in game.legal_actions()
(True, True)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from tricktable.engine.actions import Action
from tricktable.engine.state import GameState
from tricktable.solver.equivalence import distinct_cards
from tricktable.solver.kernel import PlayKernel


@dataclass
class Entry:
    """What the transposition table knows of a position: value bounds and the best action."""

    lower: float
    upper: float
    best: Action | None


class Solver:
    """Exact search of the rest of ``game``'s current hand, for the side of ``seat``.

    ``objective="score"`` values the hand as the game scores it (a bid made
    or set, a contract, game points); ``"points"``, the classic double-dummy
    question, values the card points (or tricks, where tricks count) the side
    takes, as the hand's result lists them in ``card_points``.
    """

    def __init__(self, game: GameState, seat: int, objective: str = "score",
                 kernel: bool = True) -> None:
        if objective not in ("score", "points"):
            raise ValueError(f"objective is 'score' or 'points', not {objective!r}")
        self.field = "deltas" if objective == "score" else "card_points"
        # points taken so far leave the transposition key: the table holds what is to come
        self.relative = objective == "points" and bool(game.point_fields)
        self.side = game.side_of(seat)
        self.seats = frozenset(game.sides[self.side])
        self.hands_done = len(game.results)
        self.table: dict[tuple[object, ...], Entry] = {}
        self.searched = 0
        self.points = game.play_points
        # card points at plain trick play: the fast kernel (its table serves the whole hand)
        self.kernel = PlayKernel(self.side) if kernel and self.relative and \
            len(game.sides) == 2 else None

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return self.searched + (self.kernel.nodes if self.kernel else 0)

    def value(self, game: GameState) -> float:
        """The exact value of ``game`` for this side, both sides playing perfectly."""
        position = game.play_position() if self.kernel and not self.finished(game) else None
        if self.kernel and position is not None:
            return margin(game.taken_points(), self.side) + self.kernel.value(position)
        return self.search(game, -math.inf, math.inf)

    def best(self, game: GameState) -> tuple[float, Action]:
        """The exact value and one best action for the seat to move."""
        ranked = self.evaluate(game)
        pick = max if game.to_move in self.seats else min
        action, value = pick(ranked, key=lambda pair: pair[1])
        return value, action

    def evaluate(self, game: GameState) -> list[tuple[Action, float]]:
        """Every legal action with its exact value (equivalent cards valued alike)."""
        return [(action, self.value(self._after(game, action)))
                for action in game.legal_actions()]

    def finished(self, game: GameState) -> bool:
        """Whether the hand being searched is over."""
        return len(game.results) > self.hands_done or game.is_over

    def score(self, game: GameState) -> float:
        """The finished hand's value for this side."""
        return margin(getattr(game.results[self.hands_done], self.field), self.side)

    def _key(self, game: GameState) -> tuple[tuple[object, ...] | None, float]:
        """The transposition key at a trick's start (else None), and the value so far
        that the table's entries are relative to."""
        if getattr(game, "trick", True):
            return None, 0.0
        if self.relative:
            return game.search_key(game.point_fields), margin(game.taken_points(), self.side)
        return game.search_key(), 0.0

    def search(self, game: GameState, alpha: float, beta: float) -> float:
        """Alpha-beta value of ``game`` within the window (fail-soft)."""
        self.searched += 1
        if self.finished(game):
            return self.score(game)
        key, offset = self._key(game)
        entry = self.table.get(key) if key is not None else None
        if entry is not None and offset:
            entry = Entry(entry.lower + offset, entry.upper + offset, entry.best)
        if entry is not None:
            if entry.lower >= beta or entry.lower == entry.upper:
                return entry.lower
            if entry.upper <= alpha:
                return entry.upper
            alpha, beta = max(alpha, entry.lower), min(beta, entry.upper)
        maximizing = game.to_move in self.seats
        low, high = alpha, beta
        best_value = -math.inf if maximizing else math.inf
        best_action = None
        for action, child in self._children(game, entry.best if entry else None, maximizing):
            value = self.search(child, low, high)
            if maximizing:
                if value > best_value:
                    best_value, best_action = value, action
                low = max(low, value)
            else:
                if value < best_value:
                    best_value, best_action = value, action
                high = min(high, value)
            if low >= high:
                break
        if key is not None:
            lower = best_value if best_value > alpha else -math.inf
            upper = best_value if best_value < beta else math.inf
            if entry is not None:
                lower, upper = max(lower, entry.lower), min(upper, entry.upper)
            self.table[key] = Entry(lower - offset, upper - offset, best_action)
        return best_value

    def _children(self, game: GameState, first: Action | None,
                  maximizing: bool) -> list[tuple[Action, GameState]]:
        """Each move worth searching with the position after it, best guesses first: the
        last card to a trick tries the cards that take it for the mover's side first."""
        children = [(action, self._after(game, action)) for action in self.moves(game, first)]
        trick = getattr(game, "trick", None)
        if trick is None or len(trick) != game.players - 1 or len(children) < 2:
            return children
        won_before: list[int] = list(game.tricks_won)  # type: ignore[attr-defined]

        def ours(child: GameState) -> bool:
            won: list[int] = child.tricks_won  # type: ignore[attr-defined]
            seat = next((s for s, (n, b) in enumerate(zip(won, won_before, strict=True))
                         if n > b), None)
            return seat is not None and (seat in self.seats) == maximizing

        points = self.points

        def guess(pair: tuple[Action, GameState]) -> tuple[bool, bool, int, int]:
            action, child = pair
            card = action.arg if action.kind == "play" and action.arg is not None else 0
            worth = points[card] if points else 0
            if ours(child):  # take it with a valuable card, else the lowest
                return action != first, False, -worth, card
            return action != first, True, worth, card  # lose it cheaply

        children.sort(key=guess)
        return children

    def moves(self, game: GameState, first: Action | None = None) -> list[Action]:
        """The legal actions worth searching, best guesses first."""
        legal = distinct_plays(game, game.legal_actions())
        points = self.points
        legal.sort(key=lambda a: (
            a != first, a.kind == "play", -(points[a.arg] if points and a.arg else 0),
            -(a.arg or 0)))
        return legal

    @staticmethod
    def _after(game: GameState, action: Action) -> GameState:
        child = game.fork()
        child.apply(action)
        return child


def margin(values: Sequence[float], side: int) -> float:
    """What ``side`` has (of score or points, one value per side) over the others' mean.

    >>> margin([30, 10, 20], side=0)
    15.0
    """
    others = [v for index, v in enumerate(values) if index != side]
    return float(values[side] - statistics.fmean(others))


def live_cards(game: GameState) -> int:
    """The cards still to be played: in the hands, on the trick and in a stock."""
    live = 0
    for hand in game.hands:  # type: ignore[attr-defined]
        live |= hand
    for card in [*getattr(game, "trick", ()), *getattr(game, "stock", ())]:
        if card is not None:
            live |= 1 << card
    return live


def distinct_plays(game: GameState, actions: list[Action], live: int = 0) -> list[Action]:
    """``actions`` (of the seat to move) with one card of each run of equivalent cards
    (see :func:`distinct_cards`); ``live`` adds cards to count as still in play."""
    cards = [a.arg for a in actions if a.kind == "play" and a.arg is not None]
    if len(cards) < 2:
        return actions
    deck = type(game).deck
    keep = distinct_cards(cards, live | live_cards(game), deck.suit_table, game.play_points,
                          game.unlike_cards(), deck.copies)
    return [a for a in actions if a.kind != "play" or a.arg in keep]


def brute_force(game: GameState, seat: int, objective: str = "score") -> float:
    """Plain minimax over every legal action: slow, for checking the solver."""
    solver = Solver(game, seat, objective)

    def minimax(node: GameState) -> float:
        if solver.finished(node):
            return solver.score(node)
        values = [minimax(Solver._after(node, action)) for action in node.legal_actions()]
        return max(values) if node.to_move in solver.seats else min(values)

    return minimax(game)


from tricktable.solver.solve import BudgetExceeded, Solution, SolveError, solve  # noqa: E402

__all__ = [
    "BudgetExceeded", "Solution", "SolveError", "Solver", "brute_force", "distinct_cards",
    "distinct_plays", "live_cards", "margin", "solve",
]
