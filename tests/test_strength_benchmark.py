"""The strength benchmarks say how far a long run has got, on stderr, and still print
their one JSON document on stdout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                          capture_output=True, text=True, timeout=300, check=True)


def test_a_strength_run_reports_its_deals_as_they_finish() -> None:
    done = run("strength.py", "--game", "sixtysix", "--a", "random", "--b", "random",
               "--deals", "3", "--json")
    assert json.loads(done.stdout)["deals"] == 3
    assert "sixtysix random vs random: 3/3 deals" in done.stderr


def test_a_clairvoyant_run_reports_its_deals_as_they_finish() -> None:
    done = run("clairvoyant.py", "--game", "sixtysix", "--deals", "2", "--json")
    assert json.loads(done.stdout)["deals"] == 2
    assert "sixtysix clairvoyant vs heuristic: 2/2 deals" in done.stderr
