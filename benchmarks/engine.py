"""Engine throughput: random-play hands per second and microseconds per step.

Run: ``python benchmarks/engine.py [--game rook] [--seconds 5] [--json]``.

One core, random legal actions from a seeded RNG. Reports hands per second,
the mean time of one ``legal_actions()`` + ``apply()`` step (with the random
choice), the latency of each call alone (median and p99), and memory: peak
traced allocation while playing one whole game and the size of a game state.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from typing import Any

import tricktable


def throughput(game_name: str, seconds: float, players: int | None) -> dict[str, float]:
    """Play whole random games for ``seconds``; count hands and steps."""
    rng = random.Random(1)
    hands = steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = tricktable.new_game(game_name, seed=seed, players=players)
        seed += 1
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        hands += len(game.results)
    elapsed = time.perf_counter() - start
    return {
        "hands_per_second": hands / elapsed,
        "games_per_second": seed / elapsed,
        "steps_per_second": steps / elapsed,
        "microseconds_per_step": elapsed / steps * 1e6,
    }


def latency(game_name: str, steps: int, players: int | None) -> dict[str, dict[str, float]]:
    """Time ``legal_actions()`` and ``apply()`` one call at a time (microseconds)."""
    rng = random.Random(2)
    legal_times: list[float] = []
    apply_times: list[float] = []
    clock = time.perf_counter_ns
    game = tricktable.new_game(game_name, seed=0, players=players)
    while len(apply_times) < steps:
        if game.is_over:
            game = tricktable.new_game(game_name, seed=len(apply_times), players=players)
        t0 = clock()
        legal = game.legal_actions()
        t1 = clock()
        action = rng.choice(legal)
        t2 = clock()
        game.apply(action)
        t3 = clock()
        legal_times.append((t1 - t0) / 1000)
        apply_times.append((t3 - t2) / 1000)

    def summary(values: list[float]) -> dict[str, float]:
        values.sort()
        return {"median": statistics.median(values), "p99": values[int(len(values) * 0.99)]}

    return {"legal_actions_us": summary(legal_times), "apply_us": summary(apply_times)}


def memory(game_name: str, players: int | None) -> dict[str, float]:
    """Peak traced memory while one random game is played, and one state's size."""
    rng = random.Random(3)
    tracemalloc.start()
    game = tricktable.new_game(game_name, seed=0, players=players)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    fresh = tricktable.new_game(game_name, seed=1, players=players)
    state_size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del fresh
    return {"game_peak_kib": peak / 1024, "new_state_kib": state_size / 1024}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"game": args.game, "python": sys.version.split()[0]}
    report.update(throughput(args.game, args.seconds, args.players))
    report.update(latency(args.game, 20_000, args.players))
    report.update(memory(args.game, args.players))
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{args.game}: {report['hands_per_second']:,.0f} random hands/s, "
          f"{report['steps_per_second']:,.0f} steps/s, "
          f"{report['microseconds_per_step']:.2f} us per legal_actions+apply+choice")
    for key in ("legal_actions_us", "apply_us"):
        times = report[key]
        print(f"  {key[:-3]}: median {times['median']:.2f} us, p99 {times['p99']:.2f} us")
    print(f"  memory: {report['game_peak_kib']:.0f} KiB peak over one game, "
          f"{report['new_state_kib']:.1f} KiB for a new state")


if __name__ == "__main__":
    main()
