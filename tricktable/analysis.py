"""Analysis of a saved game: at each decision, what the strong bot and the double-dummy
solver would have chosen, and what the choice actually made cost.

For every decision with more than one legal action the strong bot searches
as it would have at the table, from the seat's own information only
(``game.redacted(seat)``, as :func:`tricktable.bots.decide` gives it), with
the action actually taken valued in the same sampled worlds: its **cost** is
the mean margin of the bot's choice minus that of the actual action (below
zero when the sample liked the actual action better, though not clearly
enough for the bot to prefer it). Near the end of the play, when at most
``solve_tricks`` tricks are left, the solver values every action exactly on
the real deal, every card open (hindsight, fair for a finished game): its
**double-dummy cost** is the best value minus the actual action's, never
below zero.

>>> import tricktable
>>> game = tricktable.new_game("sixtysix", seed=1)
>>> for _ in range(3):
...     _ = game.apply(game.legal_actions()[0])
>>> report = analyse(game.record(), SearchLimits(worlds=2))
>>> [(d.number, d.seat, d.actual) for d in report.decisions]
[(1, 1, 'play 10♠'), (2, 0, 'play A♠'), (3, 0, 'draw')]
>>> report.decisions[0].dd_cost is None  # too early in the hand to solve
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from tricktable.bots.strong import SearchLimits, StrongBot, cards_left
from tricktable.engine.actions import Action
from tricktable.engine.registry import find_game
from tricktable.engine.state import JSON, GameState, Phase
from tricktable.records import replay
from tricktable.solver import Solver, solve
from tricktable.solver.solve import compiles

__all__ = ["Analysis", "Decision", "HandSummary", "SearchLimits", "SeatSummary", "analyse",
           "plot", "review", "review_solver", "review_strong"]

PLOT_FORMATS = ("png", "svg")
"""The file types :func:`plot` writes, by the file's suffix."""


@dataclass(frozen=True)
class Decision:
    """One decision of a record, reviewed."""

    number: int  # the action's number in the record, from 1
    hand: int  # the hand it was made in, from 1
    seat: int
    phase: str
    actual: str  # the action taken
    strong: str  # the strong bot's choice, from the seat's own information
    cost: float  # the strong choice's mean margin minus the actual action's, in the same worlds
    worlds: int  # the worlds they were valued in
    solver: str | None = None  # the double-dummy best on the real deal; None: not solved
    dd_cost: float | None = None  # its exact value minus the actual action's

    @property
    def error(self) -> bool:
        """Whether the actual action was not the strong bot's and cost something."""
        return self.actual != self.strong and self.cost > 0


@dataclass(frozen=True)
class HandSummary:
    """One hand: each side's score change and the summed cost of its decisions."""

    hand: int
    deltas: list[float] | None  # per side, in the order of ``sides``; None: not finished
    costs: list[float]  # per side: the strong bot's cost of the side's decisions


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions over the record."""

    seat: int
    decisions: int
    cost: float  # the total strong-bot cost
    mean_cost: float
    errors: int  # decisions that were not the strong bot's choice and cost something
    dd_cost: float  # the total double-dummy cost, over the solved decisions
    solved: int


@dataclass(frozen=True)
class Analysis:
    """A reviewed record: every decision, every hand, and the settings used."""

    game: str
    seed: int  # the record's seed
    seat_names: list[str]
    sides: list[list[int]]
    limits: SearchLimits
    bot_seed: int
    solve_tricks: int
    decisions: list[Decision]
    hands: list[HandSummary]

    def seats(self) -> list[SeatSummary]:
        """A summary per seat that made a reviewed decision, in seat order."""
        summaries = []
        for seat in sorted({d.seat for d in self.decisions}):
            mine = [d for d in self.decisions if d.seat == seat]
            solved = [d.dd_cost for d in mine if d.dd_cost is not None]
            cost = sum(d.cost for d in mine)
            summaries.append(SeatSummary(
                seat, len(mine), round(cost, 4), round(cost / len(mine), 4),
                sum(d.error for d in mine), float(sum(solved)), len(solved)))
        return summaries

    def to_json(self) -> JSON:
        """The analysis as one JSON document."""
        search = {**asdict(self.limits), "seed": self.bot_seed}
        if math.isinf(self.limits.seconds):
            search["seconds"] = None  # no time cap
        return {
            "game": self.game, "seed": self.seed, "seat_names": self.seat_names,
            "sides": self.sides, "search": search, "solve_tricks": self.solve_tricks,
            "decisions": [asdict(d) for d in self.decisions],
            "hands": [asdict(h) for h in self.hands],
            "seats": [asdict(s) for s in self.seats()],
        }


def review_strong(game: GameState, action: Action, bot: StrongBot) -> tuple[Action, float, int]:
    """The strong bot's choice for the seat to move, the cost of ``action`` against it
    and the number of worlds, searched from the seat's own information only."""
    seat = game.to_move
    assert seat is not None, "the game is over"
    ranked = bot.rank(game.redacted(seat), game.legal_actions(), include=action)
    best = ranked[0]
    actual = next(choice for choice in ranked if choice.action == action)
    return best.action, round(best.mean - actual.mean, 4), len(best.values)


def review_solver(game: GameState, action: Action) -> tuple[Action, float]:
    """The double-dummy best action on the real deal and the exact cost of ``action``
    (``action`` itself when it is among the best)."""
    seat = game.to_move
    assert seat is not None, "the game is over"
    real = game.clone()  # a search copy deals no next hand from the game's own RNG
    values = exact_values(real)
    top = max(values.values())
    best = action if values[action] == top else max(values, key=lambda a: values[a])
    return best, top - values[action]


def exact_values(game: GameState) -> dict[Action, float]:
    """Each legal action's exact value for the mover's side: by a compiled search where
    one scores the hand (:func:`~tricktable.solver.solve.compiles`), else through the
    rules (:class:`~tricktable.solver.Solver`).

    >>> import tricktable
    >>> game = tricktable.new_game("sixtysix", deal={"hands": ["AH KH", "TS JS"],
    ...     "leader": 0, "trump": "H", "points": [56, 24]})
    >>> sorted(value for value in exact_values(game).values())  # 66, East under 33
    [2.0, 2.0]
    """
    legal = game.legal_actions()
    if compiles(game, "score"):
        actions = solve(game, "score").actions
        return {action: actions[action.text] for action in legal}
    return dict(Solver(game, game.to_move or 0).evaluate(game))


def review(game: GameState, action: Action, bot: StrongBot, solve_tricks: int) -> Decision:
    """The review of ``action`` taken by the seat to move in ``game`` (see the module)."""
    seat = game.to_move
    assert seat is not None, "the game is over"
    strong, cost, worlds = review_strong(game, action, bot)
    solver: str | None = None
    dd_cost: float | None = None
    if game.phase is Phase.PLAY and cards_left(game) <= solve_tricks * game.players:
        best, dd = review_solver(game, action)
        solver, dd_cost = best.text, dd
    return Decision(len(game.history) + 1, len(game.results) + 1, seat, str(game.phase),
                    action.text, strong.text, cost, worlds, solver, dd_cost)


def analyse(record: JSON, limits: SearchLimits | None = None, seed: int = 0,
            seat: int | None = None, solve_tricks: int = 3,
            progress: Callable[[], None] | None = None) -> Analysis:
    """Review every decision of ``record`` that had a choice (``seat``'s only, if given).

    The strong bot is seeded ``seed``; with no time cap in ``limits`` (its
    ``seconds`` infinite) the analysis is the same on every run. ``progress``
    is called after each action of the record. Raises
    :class:`~tricktable.RecordError` for a record that does not replay.
    """
    limits = limits or SearchLimits(seconds=math.inf)
    final = replay(record)  # checks every action first
    bot = StrongBot(final.name, seed, limits)
    game = replay(record, upto=0)
    decisions = []
    for text in record["actions"]:
        action = game.parse(text)
        if (seat is None or game.to_move == seat) and len(game.legal_actions()) > 1:
            decisions.append(review(game, action, bot, solve_tricks))
        game.apply(action)
        if progress is not None:
            progress()
    return Analysis(final.name, final.seed, [final.seat_name(s) for s in range(final.players)],
                    final.sides, limits, seed, solve_tricks, decisions,
                    _hands(final, decisions))


def _hands(final: GameState, decisions: list[Decision]) -> list[HandSummary]:
    """Each hand's score changes and costs per side."""
    count = max([len(final.results), *(d.hand for d in decisions)])
    hands = []
    for hand in range(1, count + 1):
        costs = [0.0] * len(final.sides)
        for decision in decisions:
            if decision.hand == hand:
                costs[final.side_of(decision.seat)] += decision.cost
        deltas: list[float] | None = None
        if hand <= len(final.results):
            deltas = list(final.results[hand - 1].deltas)
        hands.append(HandSummary(hand, deltas, [round(c, 4) for c in costs]))
    return hands


def plot(analysis: Analysis, path: str | Path) -> None:
    """Draw each side's score change per hand and the running cost of its decisions,
    to a PNG or SVG file by its suffix (needs matplotlib: ``tricktable[research]``)."""
    path = Path(path)
    kind = path.suffix.lower().lstrip(".")
    if kind not in PLOT_FORMATS:
        raise ValueError(f"a plot is a .png or .svg file, not {path.name!r}")
    from matplotlib.figure import Figure  # an optional dependency, and slow to import

    figure = Figure(figsize=(8, 6), layout="constrained")
    swing, running = figure.subplots(2, 1, sharex=True)
    hands = [h.hand for h in analysis.hands]
    width = 0.8 / len(analysis.sides)
    for side, seats in enumerate(analysis.sides):
        name = "/".join(analysis.seat_names[s] for s in seats)
        shift = (side - (len(analysis.sides) - 1) / 2) * width
        swing.bar([hand + shift for hand in hands],
                  [h.deltas[side] if h.deltas else 0 for h in analysis.hands], width, label=name)
        total, line = 0.0, []
        for h in analysis.hands:
            total += h.costs[side]
            line.append(total)
        running.plot(hands, line, marker="o", label=name)
    swing.axhline(0, color="grey", linewidth=0.8)
    title = find_game(analysis.game).title
    swing.set(title=f"{title}, seed {analysis.seed}: score change per hand", ylabel="points")
    running.set(title="cumulative cost of the decisions (against the strong bot)",
                xlabel="hand", ylabel="expected points lost")
    running.set_xticks(hands)
    for axes in (swing, running):
        axes.legend()
    figure.savefig(path, format=kind, metadata={"Date": None} if kind == "svg" else None)

