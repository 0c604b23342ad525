"""The strong bot's decision time: wall clock and CPU, and how often the cap cuts a search.

Run: ``python benchmarks/decisions.py --game rook --hands 3 --level strong``
(bots of that level, as played in that game, in every seat play whole hands; a
variant with other limits as ``strong:playout_tricks=8``; ``--json`` for one
document); with ``--hints``, the hints' search
(:func:`tricktable.bots.hints.hint_limits`) is timed instead, at every decision
with a choice in hands the heuristic plays. Each level searches a fixed number
of worlds and candidates; its CPU cap (``SearchLimits.seconds``, the CPU time
of the bot's thread) is only a safety net, and ``cut_by_cap`` counts the
searches it actually cut short (the target is none). The wall-clock figures
also count whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from typing import Any

from strength import limits as variant  # (run as a script: benchmarks/ on the path)

import tricktable
from tricktable.arena import percentile
from tricktable.bots import decide, make_bot
from tricktable.bots.hints import hint_limits
from tricktable.bots.strong import StrongBot


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the strong bot's decision time")
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="strong",
                        help="strong, expert, or a variant: LEVEL:field=value,...")
    parser.add_argument("--hints", action="store_true",
                        help="time the hints' search at each choice of heuristic play")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    limits = hint_limits(args.game) if args.hints else variant(args.level, args.game)
    cuts = 0
    wall: list[float] = []
    cpu: list[float] = []
    for hand in range(args.hands):
        game = tricktable.new_game(args.game, seed=args.seed + hand, players=args.players)
        if args.hints:  # one search (seat 0's seed) ranks every choice; the heuristic plays
            bots = [StrongBot(args.game, seed=0, limits=limits)]
            players = [make_bot("heuristic", args.game, seed=seat) for seat in range(game.players)]
        else:
            bots = [StrongBot(args.game, seed=seat, limits=limits) for seat in range(game.players)]
            players = []
        while not game.results:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            timed = not args.hints or len(legal) > 1
            started, started_cpu = time.perf_counter(), time.thread_time()
            if args.hints:  # what tricktable.hint does, with the bot's cuts counted
                if timed:
                    bots[0].rank(game.redacted(seat), legal)
            else:
                action = decide(bots[seat], game)
            if timed:
                wall.append(time.perf_counter() - started)
                cpu.append(time.thread_time() - started_cpu)
            if args.hints:  # the hand goes on as the heuristic plays it
                action = decide(players[seat], game)
            game.apply(action)
        cuts += sum(bot.cuts for bot in bots)
    report: dict[str, Any] = {
        "game": args.game, "level": "hints" if args.hints else args.level,
        "players": game.players, "hands": args.hands,
        "decisions": len(cpu),
        "cap_seconds": limits.seconds, "worlds": limits.worlds,
        "wall_ms": {"p50": 1000 * percentile(wall, 50), "p95": 1000 * percentile(wall, 95),
                    "max": 1000 * max(wall)},
        "cpu_ms": {"p50": 1000 * percentile(cpu, 50), "p95": 1000 * percentile(cpu, 95),
                   "max": 1000 * max(cpu)},
        "cut_by_cap": cuts,
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return
    who = "the hints' search at each choice" if args.hints else f"{args.level} in every seat"
    print(f"{args.game} ({report['players']} players), {who}: "
          f"{len(cpu)} decisions over {args.hands} hands")
    for clock in ("cpu_ms", "wall_ms"):
        figures = report[clock]
        print(f"  {clock[:-3]:>4}: p50 {figures['p50']:.0f} ms, p95 {figures['p95']:.0f} ms, "
              f"max {figures['max']:.0f} ms")
    print(f"  cut short by the {limits.seconds} s CPU cap: {report['cut_by_cap']} decisions; "
          f"peak memory {report['peak_rss_mib']:.0f} MiB")


if __name__ == "__main__":
    main()
