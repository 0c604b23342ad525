"""Sixty-Six's races to 66 (the stock closed or drawn): the compiled search beside the
search through the rules, on the same positions, in one run.

Run: ``python benchmarks/race.py [--positions N] [--seed S] [--option KEY=VALUE ...]
[--json]``.

Positions come from random games (random legal actions, closing now and then) at
the first moment of some hand where its rest is a race, with a seeded chance of
stopping at each later one. Each is solved through :func:`tricktable.solver.solve`
(the compiled race, every legal action's value) and by
:class:`~tricktable.solver.Solver` on the game's own rules, one after the other.
Reports whether every action's value is equal, the CPU time (median, p95, largest),
nodes and solves a CPU second of each, the median of the per-position time ratios,
the compiled search's first use in this process (loading, or compiling once, the
kernel) and the process's peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import time
from typing import Any

import tricktable
from tricktable.engine.state import GameState
from tricktable.solver import Solver, solve

MAX_ACTIONS = 1_000  # random actions per race sought, at most


def race_positions(count: int, seed: int, options: dict[str, Any]) -> list[GameState]:
    """``count`` positions whose rest of the hand is a race, from seeded random games."""
    rng = random.Random(seed)
    found: list[GameState] = []
    game = tricktable.new_game("sixtysix", seed=rng.randrange(1 << 30), options=options)
    for _ in range(MAX_ACTIONS * count):
        if len(found) == count:
            return found
        if game.is_over:
            game = tricktable.new_game("sixtysix", seed=rng.randrange(1 << 30), options=options)
            continue
        if game.race() is not None and rng.random() < 0.4:  # type: ignore[attr-defined]
            found.append(game.fork())
            game = tricktable.new_game("sixtysix", seed=rng.randrange(1 << 30), options=options)
            continue
        legal = game.legal_actions()
        closes = [action for action in legal if action.kind == "close"]
        game.apply(closes[0] if closes and rng.random() < 0.15 else rng.choice(legal))
    raise SystemExit(f"only {len(found)} of {count} races reached in {MAX_ACTIONS * count} "
                     f"random actions with options {options}")


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": 1000 * statistics.median(ordered),
            "p95_ms": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
            "max_ms": 1000 * ordered[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[],
                        help="a Sixty-Six option, KEY=VALUE (VALUE as JSON, else text)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.positions <= 10_000:
        parser.error("--positions is 1 to 10000")
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    positions = race_positions(args.positions, args.seed, options)
    started = time.process_time()
    solve(positions[0], "score")
    first_use = time.process_time() - started
    compiled_times, rules_times, ratios = [], [], []
    compiled_nodes, rules_nodes = [], []
    equal = 0
    for game in positions:
        started = time.process_time()
        solution = solve(game, "score")
        middle = time.process_time()
        solver = Solver(game, game.to_move or 0)
        expected = {action.text: value for action, value in solver.evaluate(game)}
        ended = time.process_time()
        compiled_times.append(middle - started)
        rules_times.append(ended - middle)
        ratios.append((ended - middle) / max(middle - started, 1e-9))
        compiled_nodes.append(solution.nodes)
        rules_nodes.append(solver.nodes)
        equal += solution.actions == expected and solution.method == "compiled"
    report: dict[str, Any] = {
        "positions": len(positions), "options": options, "equal": equal,
        "first_use_s": first_use, "load_average": os.getloadavg()[0],
        "compiled": {**_summary(compiled_times), "median_nodes": statistics.median(compiled_nodes)},
        "rules": {**_summary(rules_times), "median_nodes": statistics.median(rules_nodes)},
        "median_speedup": statistics.median(ratios),
        "compiled_solves_per_s": len(positions) / max(sum(compiled_times), 1e-9),
        "rules_solves_per_s": len(positions) / max(sum(rules_times), 1e-9),
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{len(positions)} races (options {options or 'default'}), load average "
          f"{report['load_average']:.2f}; compiled search's first use {first_use:.2f} s CPU")
    print(f"every action's value equal to the rules' search: {equal} of {len(positions)}")
    print("search     median ms   p95 ms   max ms   median nodes")
    for name in ("compiled", "rules"):
        row = report[name]
        print(f"{name:<9} {row['median_ms']:>10.3f} {row['p95_ms']:>8.3f} {row['max_ms']:>8.2f}"
              f" {row['median_nodes']:>14,.0f}")
    print(f"median speed-up (rules time / compiled time, position by position): "
          f"{report['median_speedup']:.0f}x; solves a CPU second: compiled "
          f"{report['compiled_solves_per_s']:,.0f}, rules {report['rules_solves_per_s']:,.1f}; "
          f"peak memory {report['peak_rss_mib']:.0f} MiB")


if __name__ == "__main__":
    main()
