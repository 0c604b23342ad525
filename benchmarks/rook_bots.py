"""Rook bot strength: the heuristic team against the random team, and against itself.

Run: ``python benchmarks/rook_bots.py --hands 1000`` (add ``--games 200`` for
more whole games, ``--observe`` to let heuristic bots watch every card).

Deal ``d`` (the first hand of ``new_game("rook", seed=d)``) is played twice,
with the heuristic bots as N/S and then as E/W, so the cards' luck cancels.
Reported: the heuristic team's point margin per hand (its score change minus
the random team's) with a 95% confidence interval over deals, how often it is
set when it wins the bid, the share of whole games it wins (seats swapped
between games), the same margin and set rate against random players who
always pass in the auction (random bidders overbid wildly, so the heuristic
team rarely declares against them), the bids made rate of heuristic against
heuristic, and the time per heuristic decision.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import tricktable
from tricktable.bots import Bot, RandomBot
from tricktable.bots.heuristic.rook import HeuristicBot
from tricktable.engine.results import HandResult
from tricktable.engine.state import GameState


@dataclass
class Tally:
    """Figures gathered over many hands, from the heuristic team's side."""

    per_deal: list[float] = field(default_factory=list)  # mean margin of the deal's hands
    bids_won: int = 0
    bids_set: int = 0
    decisions: int = 0
    seconds: float = 0.0  # time spent in heuristic decisions

    def margin(self) -> tuple[float, float]:
        """Mean margin per hand and the half-width of its 95% confidence interval."""
        mean = statistics.fmean(self.per_deal)
        half = 1.96 * statistics.stdev(self.per_deal) / math.sqrt(len(self.per_deal))
        return mean, half


class TimedBot:
    """Wraps a heuristic bot to time its decisions into a tally."""

    def __init__(self, bot: HeuristicBot, tally: Tally) -> None:
        self.bot, self.tally = bot, tally

    def choose(self, view: dict[str, Any], legal: list[tricktable.Action]) -> tricktable.Action:
        start = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.tally.seconds += time.perf_counter() - start
        self.tally.decisions += 1
        return action

    def observe(self, view: dict[str, Any]) -> None:
        self.bot.observe(view)


class QuietRandomBot(RandomBot):
    """A random player that passes in the auction, so its opponents declare."""

    def choose(self, view: dict[str, Any], legal: list[tricktable.Action]) -> tricktable.Action:
        for action in legal:
            if action.kind == "pass":
                return action
        return super().choose(view, legal)


OPPONENTS = {"random": RandomBot, "quiet": QuietRandomBot}


def team_bots(heuristic_side: int, seed: int, tally: Tally, opponents: str) -> list[Any]:
    """Heuristic bots on ``heuristic_side`` (0 N/S, 1 E/W), the others ``opponents``.

    ``opponents`` is ``heuristic``, ``random`` or ``quiet`` (random, always passing).
    """
    bots: list[Any] = []
    for seat in range(4):
        if seat % 2 == heuristic_side or opponents == "heuristic":
            bots.append(TimedBot(HeuristicBot(seed * 4 + seat), tally))
        else:
            bots.append(OPPONENTS[opponents](seed * 4 + seat))
    return bots


def play(game: GameState, bots: Sequence[Any], observe: bool, hands: int | None) -> None:
    """Play until ``hands`` hands are scored (None: the whole game)."""
    while not game.is_over and (hands is None or len(game.results) < hands):
        seat = game.to_move
        assert seat is not None
        bot: Bot = bots[seat]
        game.apply(bot.choose(game.view(seat), game.legal_actions()))
        if observe:
            for other, watcher in enumerate(bots):
                if isinstance(watcher, TimedBot):
                    watcher.observe(game.view(other))


def hand_margin(result: HandResult, side: int, tally: Tally) -> float:
    """The side's margin in one hand; counts its bids won and set."""
    deltas = result.deltas
    declarer = result.declarer
    if declarer is not None and declarer % 2 == side:
        tally.bids_won += 1
        tally.bids_set += deltas[side] < 0
    return float(deltas[side] - deltas[1 - side])


def duplicate_hands(deals: int, opponents: str, observe: bool, start: int = 0) -> Tally:
    """Each deal's first hand, played once with the heuristic team on each side."""
    tally = Tally()
    for deal in range(start, start + deals):
        margin = 0.0
        for side in (0, 1):
            game = tricktable.new_game("rook", seed=deal)
            play(game, team_bots(side, deal, tally, opponents), observe, hands=1)
            margin += hand_margin(game.results[0], side, tally)
        tally.per_deal.append(margin / 2)
    return tally


def whole_games(games: int, observe: bool, start: int = 0) -> tuple[int, int, Tally]:
    """Whole games against random, heuristic N/S in even games: (won, played, tally)."""
    tally = Tally()
    won = 0
    for number in range(start, start + games):
        side = number % 2
        game = tricktable.new_game("rook", seed=number)
        play(game, team_bots(side, number, tally, "random"), observe, hands=None)
        won += game.winner == side
    return won, games, tally


def self_play(deals: int, observe: bool, start: int = 10**6) -> Tally:
    """Each deal's first hand with heuristic bots in every seat: bids won and set."""
    tally = Tally()
    for deal in range(start, start + deals):
        game = tricktable.new_game("rook", seed=deal)
        play(game, team_bots(0, deal, tally, "heuristic"), observe, hands=1)
        result = game.results[0]
        if result.declarer is not None:
            hand_margin(result, result.declarer % 2, tally)
    return tally


def report(args: argparse.Namespace) -> list[str]:
    """Play everything the arguments ask for; the report's lines."""
    deals = max(1, args.hands // 2)
    started = time.perf_counter()
    vs_random = duplicate_hands(deals, "random", args.observe)
    mean, half = vs_random.margin()
    quiet = duplicate_hands(deals, "quiet", args.observe)
    quiet_mean, quiet_half = quiet.margin()
    won, played, games = whole_games(args.games, args.observe)
    mirror = self_play(2 * deals, args.observe)
    made = 1 - mirror.bids_set / max(1, mirror.bids_won)
    tallies = (vs_random, quiet, games, mirror)
    timed = sum(t.decisions for t in tallies)
    spent = sum(t.seconds for t in tallies)
    watching = " (bots watch every card)" if args.observe else ""
    return [
        f"Rook: heuristic team vs random team{watching}",
        f"  {2 * deals} hands ({deals} deals, each played with the teams swapped)",
        f"  margin per hand: {mean:+.1f} ± {half:.1f} points (95% CI)",
        f"  heuristic bid {vs_random.bids_won} times, set {vs_random.bids_set} "
        f"({vs_random.bids_set / max(1, vs_random.bids_won):.1%})",
        f"  whole games won: {won}/{played} ({won / max(1, played):.1%})",
        "heuristic team vs random players that always pass the auction (heuristic declares):",
        f"  margin per hand: {quiet_mean:+.1f} ± {quiet_half:.1f} points (95% CI); "
        f"bid {quiet.bids_won} of {2 * deals} hands, set {quiet.bids_set} "
        f"({quiet.bids_set / max(1, quiet.bids_won):.1%})",
        f"heuristic vs heuristic: {2 * deals} hands, {mirror.bids_won} declared, "
        f"bids made {made:.1%}",
        f"{1e6 * spent / max(1, timed):.0f} µs per heuristic decision ({timed} decisions); "
        f"{time.perf_counter() - started:.1f} s in all",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1000, help="hands against random (even)")
    parser.add_argument("--games", type=int, default=100, help="whole games against random")
    parser.add_argument("--observe", action="store_true",
                        help="heuristic bots see every view, not only their own turns")
    args = parser.parse_args(argv)
    print("\n".join(report(args)))


if __name__ == "__main__":
    main()
