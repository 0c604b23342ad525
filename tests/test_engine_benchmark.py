"""The engine benchmark's race against OpenSpiel (benchmarks/engine.py) and its floor."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType


def bench() -> ModuleType:
    path = Path(__file__).parent.parent / "benchmarks" / "engine.py"
    spec = importlib.util.spec_from_file_location("engine_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_floor_game_takes_its_decisions_through_the_loop_and_ends() -> None:
    engine = bench()
    game = engine.FloorGame()
    rng = random.Random(1)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    assert steps == engine.FLOOR_DECISIONS
    assert engine.floor_decisions_per_second(0.01, rng) > 0


def test_the_race_reports_the_floor_beside_a_game() -> None:
    engine = bench()
    report = engine.race(["rook", engine.FLOOR], rounds=1, seconds=0.02)
    assert set(report) == {"rook", engine.FLOOR}
    for row in report.values():
        assert row["decisions_per_second"] > 0 and row["vs_bridge"] > 0 and row["vs_hearts"] > 0
    # nothing a game does is free: the floor outruns every game
    assert report[engine.FLOOR]["decisions_per_second"] > report["rook"]["decisions_per_second"]
