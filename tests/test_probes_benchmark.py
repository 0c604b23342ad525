"""The probes benchmark (benchmarks/probes.py): each value's probes, and the same value
found again by a kernel told it beforehand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / "probes.py"), *args],
                          capture_output=True, text=True, cwd=BENCHMARKS, timeout=600)


def test_the_probes_benchmark_lists_each_values_probes() -> None:
    done = _run("--games", "rook", "pinochle", "--positions", "3", "--cards", "4", "--json")
    assert done.returncode == 0, done.stderr
    for report in json.loads(done.stdout):
        assert report["positions"] == 3 and report["over_budget"] == 0
        for row in report["each"]:
            assert sum(nodes for _, _, nodes in row["probes"]) == row["nodes"]
            reached = [bound for target, bound, _ in row["probes"] if bound >= target]
            assert max(reached, default=0) == row["value"]
            assert row["told_nodes"] > 0


def test_the_probes_benchmark_refuses_sizes_past_its_limits() -> None:
    done = _run("--positions", "0")
    assert done.returncode == 2 and "--positions 1..1000" in done.stderr
