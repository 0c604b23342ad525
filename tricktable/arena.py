"""Duplicate matches between bots: the same deals, every side taking each role.

Each deal (a game's first hand, from seed ``d``) is played once per side with
bot A on that side and bot B everywhere else, so luck of the cards cancels.
The margin is A's mean score change per hand minus the mean change of the
others, with a 95% confidence interval over deals. With ``whole_games`` a
deal is a whole game from seed ``d`` (its later hands dealt alike whoever
sits where), its figures the final scores, and the win rate the share of
games A's side won. The bot in seat ``s`` of
deal ``d`` is seeded ``d * 31 + s`` whichever bot it is, so a bot against
itself plays the same hand in every rotation and its margin is exactly zero.

>>> result = duplicate_match("rook", "random", "random", deals=4, seed=1)
>>> result.hands, len(result.per_deal), result.margin
(8, 4, 0.0)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tricktable.bots import Bot, decide, make_bot, show_trick
from tricktable.engine.registry import new_game
from tricktable.engine.results import HandResult
from tricktable.engine.state import GameState

T = TypeVar("T")
BotFactory = Callable[[str, str, int], Bot]  # (name, game, seed) -> a bot, like make_bot


def interval(values: Sequence[float]) -> float:
    """Half-width of the 95% confidence interval of the mean of ``values``.

    >>> round(interval([1.0, 3.0]), 2), interval([2.0])
    (1.96, inf)
    """
    if len(values) < 2:
        return math.inf
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``, interpolated; 0 when empty.

    >>> percentile([4.0, 1.0, 3.0, 2.0], 50), percentile([1.0, 2.0], 95)
    (2.5, 1.95)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass
class MatchResult:
    """The outcome of a duplicate match, from bot A's side."""

    game: str
    bot_a: str
    bot_b: str
    players: int
    seed: int = 0
    hands: int = 0
    per_deal: list[float] = field(default_factory=list)  # A's margin per deal
    a_per_deal: list[float] = field(default_factory=list)  # A's side's mean change per deal
    b_per_deal: list[float] = field(default_factory=list)  # B's sides' mean change per deal
    a_deltas: list[float] = field(default_factory=list)  # A's score change per hand
    results: list[tuple[int, HandResult]] = field(default_factory=list)  # (A's side, hand)
    seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Every decision's time in seconds: A's, then B's."""
    whole_games: bool = False  # a deal is a whole game, not its first hand
    sides: int = 2  # the game's scoring sides (B plays all but one)
    game_wins: list[float] = field(default_factory=list)  # whole games: A's share of wins

    @property
    def margin(self) -> float:
        """A's mean margin per hand over B (score points of the game)."""
        return statistics.fmean(self.per_deal) if self.per_deal else 0.0

    @property
    def confidence(self) -> float:
        """Half-width of the 95% confidence interval of ``margin``."""
        return interval(self.per_deal)

    @property
    def win_rate(self) -> float:
        """The share of deals A's margin is above zero (ties count half); with whole games,
        the share of games A's side won (a shared win counts as a share)."""
        if self.whole_games:
            return statistics.fmean(self.game_wins) if self.game_wins else 0.0
        scores = [1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in self.per_deal]
        return statistics.fmean(scores) if scores else 0.0

    def merge(self, other: MatchResult) -> None:
        """Append the deals of ``other`` (which follow this result's deals)."""
        self.hands += other.hands
        for name in ("per_deal", "a_per_deal", "b_per_deal", "a_deltas", "results", "game_wins"):
            getattr(self, name).extend(getattr(other, name))
        for mine, theirs in zip(self.seconds, other.seconds, strict=True):
            mine.extend(theirs)

    def summary(self) -> dict[str, Any]:
        """The figures as a JSON-serialisable dict."""
        return {
            "game": self.game, "players": self.players, "a": self.bot_a, "b": self.bot_b,
            "deals": len(self.per_deal), "hands": self.hands,
            "margin_per_hand": round(self.margin, 3),
            "ci95": round(self.confidence, 3),
            "a_mean_delta": round(statistics.fmean(self.a_deltas), 3) if self.a_deltas else 0,
        }

    def report(self) -> dict[str, Any]:
        """The ``tricktable arena --json`` document: the margin and each bot's figures.

        ``ci95`` is null with fewer than two deals.
        """
        others = self.sides - 1 if self.whole_games else 1  # B's games won, per side it plays
        win_rates = (self.win_rate, (1.0 - self.win_rate) / others if self.per_deal else 0.0)
        bots = [{
            "name": name,
            "mean": _figure(statistics.fmean(deltas) if deltas else 0.0),
            "ci95": _figure(interval(deltas)),
            "win_rate": round(win_rate, 4),
            "decision_ms_p50": round(1000 * percentile(seconds, 50), 3),
            "decision_ms_p95": round(1000 * percentile(seconds, 95), 3),
        } for name, deltas, win_rate, seconds in zip(
            (self.bot_a, self.bot_b), (self.a_per_deal, self.b_per_deal), win_rates,
            self.seconds, strict=True)]
        return {
            "game": self.game, "players": self.players, "deals": len(self.per_deal),
            "hands": self.hands, "seed": self.seed, "whole_games": self.whole_games,
            "margin": {"mean": _figure(self.margin), "ci95": _figure(self.confidence)},
            "bots": bots,
        }


def _figure(value: float) -> float | None:
    """A figure for JSON: rounded, and None where it is not finite."""
    return round(value, 3) if math.isfinite(value) else None


MAX_HANDS = 500  # hands a whole game may last before it is stopped, unfinished


def play_hand(
    game: GameState, bots: Sequence[Bot], on_decision: Callable[[int, float], None] | None = None,
    whole_game: bool = False, max_hands: int = MAX_HANDS,
) -> HandResult:
    """Play bots until the game's first hand is scored (or, with ``whole_game``, until the
    game is over, or ``max_hands`` hands are: random players may never reach the target);
    return the first hand's result.

    ``on_decision(seat, seconds)`` is told how long each decision took.
    """
    while not game.is_over and ((whole_game and len(game.results) < max_hands)
                                or not game.results):
        seat = game.to_move
        assert seat is not None
        started = time.perf_counter()
        action = decide(bots[seat], game)
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - started)
        if any(event.kind == "trick" for event in game.apply(action)):
            show_trick(game, bots)
    return game.results[0]


def play_deals(
    game_name: str,
    bot_a: str,
    bot_b: str,
    deals: range,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    whole_games: bool = False,
    factory: BotFactory = make_bot,
) -> MatchResult:
    """Play the duplicate deals in ``deals`` serially (``seed`` is the first one)."""
    probe = new_game(game_name, seed=deals.start, players=players, options=options)
    sides = probe.sides
    result = MatchResult(game_name, bot_a, bot_b, probe.players, seed=deals.start,
                         whole_games=whole_games, sides=len(sides))
    for deal in deals:
        a_total = margin = others_total = wins = 0.0
        for index, side in enumerate(sides):
            game = new_game(game_name, seed=deal, players=players, options=options)
            bots = [factory(bot_a if s in side else bot_b, game_name, deal * 31 + s)
                    for s in range(game.players)]

            def timed(seat: int, seconds: float, side: list[int] = side) -> None:
                result.seconds[0 if seat in side else 1].append(seconds)

            hand = play_hand(game, bots, timed, whole_games)
            if whole_games:
                deltas = list(game.scores)
                wins += share_of_win(game, index)
            else:
                deltas = list(hand.deltas)
            others = [d for i, d in enumerate(deltas) if i != index]
            # sums of whole points, divided once: exact when the bots are the same
            a_total += deltas[index]
            others_total += sum(others)
            margin += len(others) * deltas[index] - sum(others)
            result.a_deltas.append(deltas[index])
            result.results.append((index, hand))
            result.hands += len(game.results)
        count = len(sides) - 1
        result.per_deal.append(margin / (count * len(sides)))
        result.a_per_deal.append(a_total / len(sides))
        result.b_per_deal.append(others_total / (count * len(sides)))
        if whole_games:
            result.game_wins.append(wins / len(sides))
        if progress is not None:
            progress(1)
    return result


def share_of_win(game: GameState, side: int) -> float:
    """The share of the game's win that went to ``side`` (1, 0, or a shared part); a game
    stopped unfinished at ``MAX_HANDS`` hands is won by nobody: an even share each."""
    winners = game.winning_sides()
    if not winners and not game.is_over:
        return 1 / len(game.sides)
    return 1 / len(winners) if side in winners else 0.0


def duplicate_match(
    game_name: str,
    bot_a: str,
    bot_b: str,
    deals: int,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    whole_games: bool = False,
    ray: str | None = None,
    factory: BotFactory = make_bot,
) -> MatchResult:
    """Play ``deals`` duplicate deals of A against B; see the module docstring.

    With ``workers`` above 1 the deals are shared, in chunks, among that many
    processes; with ``ray`` (a Ray cluster's address, or ``"local"`` to start
    one on this machine) they are shared, in chunks, among the cluster's
    workers instead (:func:`run_on_ray`). Either way the result is the
    same as serial play but for the decision times. ``progress(n)`` is called
    as each ``n`` deals finish. ``factory(name, game, seed)`` makes the bots
    (by default :func:`~tricktable.bots.make_bot`; a benchmark may pass its
    own, a module-level function so that worker processes can load it).
    """
    spread = workers if ray is None else 16
    chunk = max(1, min(8, deals // (spread * 8)))
    ranges = [range(start, min(start + chunk, seed + deals))
              for start in range(seed, seed + deals, chunk)]
    jobs = [(game_name, bot_a, bot_b, part, players, options, None, whole_games, factory)
            for part in ranges]
    if ray is not None:
        parts = run_on_ray(play_deals, jobs, ray, progress)
    elif workers <= 1 or len(ranges) <= 1:
        return play_deals(game_name, bot_a, bot_b, range(seed, seed + deals), players, options,
                          progress, whole_games, factory)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(ranges))) as pool:
            futures: list[Future[MatchResult]] = [pool.submit(play_deals, *job) for job in jobs]
            for done in as_completed(futures):
                if progress is not None:
                    progress(len(done.result().per_deal))
        parts = [future.result() for future in futures]
    result = parts[0]
    for part in parts[1:]:
        result.merge(part)
    return result


def run_on_ray(function: Callable[..., T], jobs: Sequence[tuple[Any, ...]], address: str,
               progress: Callable[[int], None] | None = None,
               size: Callable[[T], int] = lambda part: len(getattr(part, "per_deal", ())),
               ) -> list[T]:
    """``function(*job)`` for every job, on the Ray cluster at ``address`` (a running
    cluster's, such as ``ray://host:10001`` or ``auto``, or ``"local"`` to start Ray on
    this machine for the run), in job order whatever order they finish in.

    ``progress(size(result))`` is called as each job finishes. Ray is the optional
    ``cluster`` extra; without it, an ImportError says so.

    >>> run_on_ray(pow, [], "local")
    []
    """
    if not jobs:
        return []
    try:
        import ray
    except ImportError:
        raise ImportError("--ray needs Ray: pip install 'tricktable[cluster]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=None if address == "local" else address, include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
    try:
        remote = ray.remote(function)
        refs = [remote.remote(*job) for job in jobs]
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            if progress is not None:
                progress(size(ray.get(done[0])))
        return [ray.get(ref) for ref in refs]
    finally:
        if started:
            ray.shutdown()
