"""Engine throughput: random-play hands per second, microseconds per step, clone time.

Run: ``python benchmarks/engine.py [--game rook] [--seconds 5] [--json]``.

One core, random legal actions from a seeded RNG, every game under its
``playout_options`` (the floor under which random play ends). Reports hands per second,
the mean time of one ``legal_actions()`` + ``apply()`` step (with the random
choice), the latency of each call alone (median and p99), the time of one
``clone()`` mid-hand (median and worst over many positions) and memory: peak
traced allocation while playing one whole game and the size of a game state.

``--vs-openspiel`` instead races every game (or ``--game``'s) against
OpenSpiel's C++ ``bridge`` (use_double_dummy_result=false) and ``hearts``,
driven from Python by the same loop: ``legal_actions()``, a random choice,
``apply``, until the game is over. It counts decisions (a player's actions;
OpenSpiel deals by chance steps through the same loop, timed but not counted;
our games deal inside ``apply``). Only the loop is timed, from a game's creation
to its end: counting OpenSpiel's decisions afterwards (from its history) is not,
as our count costs nothing. Time is this process's CPU time
(``time.process_time``), which other processes on a shared machine disturb
far less than the wall clock. In each round every game runs for ``--seconds``
of it (default 0.5) right beside a run of bridge and of hearts, in rotating
order; a game's ratio is the median over ``--rounds`` of the per-round ratios.
``--floor`` races a game that does nothing (:class:`FloorGame`) the same way: the
ceiling of any Python game behind this API, the loop and the calls alone.
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


def new_game(name: str, seed: int, players: int | None = None) -> Any:
    """A new game under the options with which random play ends (its ``playout_options``:
    under the seeds' rules random bidders in Rook and Pinochle are set hand after hand and
    may never reach the target)."""
    options = dict(tricktable.find_game(name).playout_options)
    return tricktable.new_game(name, seed=seed, players=players, options=options)


def throughput(game_name: str, seconds: float, players: int | None) -> dict[str, float]:
    """Play whole random games for ``seconds``; count hands and steps."""
    rng = random.Random(1)
    hands = steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game(game_name, seed=seed, players=players)
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
    game = new_game(game_name, seed=0, players=players)
    while len(apply_times) < steps:
        if game.is_over:
            game = new_game(game_name, seed=len(apply_times), players=players)
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


def clone_latency(game_name: str, positions: int, players: int | None) -> dict[str, float]:
    """Microseconds per ``clone()`` at ``positions`` mid-hand states (a card to play):
    per position the best of 5 batches of 40 clones (as ``timeit`` does, so a batch
    that another process interrupted does not count), then the median and the worst."""
    rng = random.Random(4)
    game = new_game(game_name, seed=0, players=players)
    times: list[float] = []
    seed = 0
    while len(times) < positions:
        if game.is_over:
            seed += 1
            game = new_game(game_name, seed=seed, players=players)
        legal = game.legal_actions()
        if all(action.kind == "play" for action in legal) and rng.random() < 0.2:
            batches = []
            for _ in range(5):
                start = time.perf_counter()
                for _ in range(40):
                    game.clone()
                batches.append((time.perf_counter() - start) / 40 * 1e6)
            times.append(min(batches))
        game.apply(rng.choice(legal))
    return {"clone_us_median": statistics.median(times), "clone_us_max": max(times)}


def memory(game_name: str, players: int | None) -> dict[str, float]:
    """Peak traced memory while one random game is played, and one state's size."""
    rng = random.Random(3)
    tracemalloc.start()
    game = new_game(game_name, seed=0, players=players)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    fresh = new_game(game_name, seed=1, players=players)
    state_size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del fresh
    return {"game_peak_kib": peak / 1024, "new_state_kib": state_size / 1024}


def decisions_per_second(game_name: str, seconds: float, rng: random.Random) -> float:
    """Whole random games of ours for ``seconds`` of CPU time: actions applied per second
    (each game's creation, which deals its first hand, timed with it)."""
    steps = 0
    seed = rng.randrange(1 << 30)
    elapsed = 0.0
    clock = time.process_time
    while elapsed < seconds:
        start = clock()
        game = new_game(game_name, seed=seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        elapsed += clock() - start
        seed += 1
    return steps / elapsed


class FloorGame:
    """The least a game can do in the race's loop: ``legal_actions()`` hands out a fixed list,
    ``apply`` counts, and the game is over after :data:`FLOOR_DECISIONS` decisions. Its rate
    is the ceiling of any game written in Python behind this API: what the loop and the
    two calls cost by themselves."""

    def __init__(self) -> None:
        self.decisions = 0
        self.is_over = False
        self.actions = list(range(10))

    def legal_actions(self) -> list[int]:
        return self.actions

    def apply(self, action: int) -> None:
        self.decisions += 1
        if self.decisions == FLOOR_DECISIONS:
            self.is_over = True


FLOOR_DECISIONS = 52


def floor_decisions_per_second(seconds: float, rng: random.Random) -> float:
    """:class:`FloorGame` through the loop of :func:`decisions_per_second`."""
    steps = 0
    elapsed = 0.0
    clock = time.process_time
    while elapsed < seconds:
        start = clock()
        game = FloorGame()
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        elapsed += clock() - start
    return steps / elapsed


def openspiel_decisions_per_second(game: Any, seconds: float, rng: random.Random) -> float:
    """Whole random games of an OpenSpiel game for ``seconds`` of CPU time: player actions
    per second (its chance steps, the deal, go through the same loop, timed, not counted;
    counting them, after each game, is not timed)."""
    decisions = 0
    elapsed = 0.0
    clock = time.process_time
    while elapsed < seconds:
        start = clock()
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        elapsed += clock() - start
        decisions += sum(1 for item in state.full_history() if item.player >= 0)
    return decisions / elapsed


def race(names: list[str], rounds: int, seconds: float) -> dict[str, dict[str, float]]:
    """Each game against OpenSpiel's bridge and hearts, interleaved: medians per game."""
    import pyspiel

    rivals = {"bridge": pyspiel.load_game("bridge", {"use_double_dummy_result": False}),
              "hearts": pyspiel.load_game("hearts")}
    rng = random.Random(5)
    runs: dict[str, dict[str, list[float]]] = {
        name: {"ours": [], "bridge": [], "hearts": []} for name in names}
    for number in range(rounds):
        for name in names:
            order = ["ours", "bridge", "hearts"]
            shift = number % 3
            for who in order[shift:] + order[:shift]:
                if who != "ours":
                    rate = openspiel_decisions_per_second(rivals[who], seconds, rng)
                elif name == FLOOR:
                    rate = floor_decisions_per_second(seconds, rng)
                else:
                    rate = decisions_per_second(name, seconds, rng)
                runs[name][who].append(rate)
    report: dict[str, dict[str, float]] = {}
    for name, rates in runs.items():
        report[name] = {
            "decisions_per_second": statistics.median(rates["ours"]),
            "bridge_decisions_per_second": statistics.median(rates["bridge"]),
            "hearts_decisions_per_second": statistics.median(rates["hearts"]),
            "vs_bridge": statistics.median(
                [a / b for a, b in zip(rates["ours"], rates["bridge"], strict=True)]),
            "vs_hearts": statistics.median(
                [a / b for a, b in zip(rates["ours"], rates["hearts"], strict=True)]),
        }
    return report


FLOOR = "floor"
"""The name under which ``--floor`` reports :class:`FloorGame`."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default=None, choices=tricktable.games(),
                        help="default: rook (--vs-openspiel: every game)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None,
                        help="default 5 (--vs-openspiel: 0.5 per run)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--vs-openspiel", action="store_true",
                        help="decisions/s against OpenSpiel's bridge and hearts, interleaved")
    parser.add_argument("--rounds", type=int, default=7, help="--vs-openspiel: rounds")
    parser.add_argument("--floor", action="store_true",
                        help="--vs-openspiel: race a game that does nothing too (the ceiling "
                             "of a Python game in this loop)")
    args = parser.parse_args(argv)
    if args.vs_openspiel:
        names = [args.game] if args.game else tricktable.games()
        results = race(names + [FLOOR] * args.floor, args.rounds, args.seconds or 0.5)
        if args.json:
            print(json.dumps(results, indent=1))
            return
        for name, row in results.items():
            print(f"{name}: {row['decisions_per_second']:,.0f} decisions/s; "
                  f"{row['vs_bridge']:.2f}x bridge ({row['bridge_decisions_per_second']:,.0f}), "
                  f"{row['vs_hearts']:.2f}x hearts ({row['hearts_decisions_per_second']:,.0f})")
        return
    game = args.game or "rook"
    report: dict[str, Any] = {"game": game, "python": sys.version.split()[0]}
    report.update(throughput(game, args.seconds or 5.0, args.players))
    report.update(latency(game, 20_000, args.players))
    report.update(clone_latency(game, 300, args.players))
    report.update(memory(game, args.players))
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{game}: {report['hands_per_second']:,.0f} random hands/s, "
          f"{report['steps_per_second']:,.0f} steps/s, "
          f"{report['microseconds_per_step']:.2f} us per legal_actions+apply+choice")
    for key in ("legal_actions_us", "apply_us"):
        times = report[key]
        print(f"  {key[:-3]}: median {times['median']:.2f} us, p99 {times['p99']:.2f} us")
    print(f"  clone mid-hand: median {report['clone_us_median']:.2f} us, "
          f"worst {report['clone_us_max']:.2f} us")
    print(f"  memory: {report['game_peak_kib']:.0f} KiB peak over one game, "
          f"{report['new_state_kib']:.1f} KiB for a new state")


if __name__ == "__main__":
    main()
