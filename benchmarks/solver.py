"""Double-dummy solver speed: exact solves with N tricks left, and nodes per second.

Run: ``python benchmarks/solver.py [--game rook] [--tricks 7 9] [--positions 10]
[--objective points|score] [--generic] [--json]``.

Positions come from seeded random play of the game's first hand, stopped at a
trick boundary with N tricks left; each is solved exactly for the side to
move: by default the classic double-dummy question, the card points (or
tricks) the side takes; ``--objective score`` values the hand as the game
scores it (a bid made or set), as the strong bot does. Card points in Rook
and Pinochle are searched by the int kernel (:mod:`tricktable.solver.kernel`)
unless ``--generic`` asks for the search through the game's own rules, the
one every other case uses. Reports the median
and p95 solve time, nodes searched and nodes per second, and the peak traced
memory of one solve.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
import tracemalloc
from typing import Any

import tricktable
from tricktable.engine.state import GameState, Phase
from tricktable.solver import Solver


def position(game_name: str, tricks_left: int, seed: int, players: int | None) -> GameState | None:
    """A random first hand stopped when ``tricks_left`` tricks remain, at a trick's start."""
    rng = random.Random(seed)
    game = tricktable.new_game(game_name, seed=seed, players=players)
    while not game.results and not game.is_over:
        hands: list[int] = game.hands  # type: ignore[attr-defined]
        per_seat = max(hand.bit_count() for hand in hands)
        if game.phase is Phase.PLAY and not game.trick and per_seat == tricks_left:  # type: ignore[attr-defined]
            return game
        game.apply(rng.choice(game.legal_actions()))
    return None


def measure(game_name: str, tricks_left: int, count: int, players: int | None,
            objective: str, kernel: bool = True) -> dict[str, Any]:
    """Solve ``count`` positions; times in milliseconds: wall clock, and the CPU time of
    this process (which other work on the machine hardly changes)."""
    times: list[float] = []
    cpu: list[float] = []
    nodes = 0
    peak = 0
    seed = 0
    while len(times) < count:
        game = position(game_name, tricks_left, seed, players)
        seed += 1
        if game is None:
            continue
        solver = Solver(game, game.to_move or 0, objective, kernel)
        start, start_cpu = time.perf_counter(), time.process_time()
        solver.value(game)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        nodes += solver.nodes
        if not peak:  # memory once, apart: tracing slows the search down
            tracemalloc.start()
            Solver(game, game.to_move or 0, objective, kernel).value(game)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    times.sort()
    return {
        "tricks_left": tricks_left, "positions": count,
        "median_ms": statistics.median(times),
        "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
        "median_cpu_ms": statistics.median(cpu),
        "nodes_per_second": nodes / (sum(times) / 1000),
        "nodes_per_cpu_second": nodes / (sum(cpu) / 1000),
        "mean_nodes": nodes / count,
        "peak_kib": peak / 1024,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--tricks", type=int, nargs="+", default=[7, 9])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--objective", choices=["points", "score"], default="points")
    parser.add_argument("--generic", action="store_true",
                        help="search through the game's rules, never the int kernel")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    rows = [measure(args.game, n, args.positions, args.players, args.objective, not args.generic)
            for n in args.tricks]
    if args.json:
        print(json.dumps({"game": args.game, "generic": args.generic, "solves": rows}, indent=1))
        return
    for row in rows:
        print(f"{args.game}, {row['tricks_left']} tricks left ({row['positions']} positions): "
              f"median {row['median_ms']:.0f} ms, p95 {row['p95_ms']:.0f} ms "
              f"(median CPU {row['median_cpu_ms']:.0f} ms), "
              f"{row['nodes_per_second']:,.0f} nodes/s ({row['nodes_per_cpu_second']:,.0f} per CPU "
              f"second), {row['mean_nodes']:,.0f} nodes per solve, "
              f"peak {row['peak_kib']:,.0f} KiB")


if __name__ == "__main__":
    main()
