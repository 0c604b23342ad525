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


def test_a_clairvoyant_in_every_phase_of_a_game_is_the_clairvoyant_throughout() -> None:
    """Sixty-Six is all trick play: clairvoyant there, the phased run is the plain one,
    deal by deal (the same seeds), and it says which phases it saw through."""
    plain = json.loads(run("clairvoyant.py", "--game", "sixtysix", "--deals", "2", "--json",
                           "--per-deal").stdout)
    phased = json.loads(run("clairvoyant.py", "--game", "sixtysix", "--deals", "2", "--json",
                            "--per-deal", "--phases", "play").stdout)
    assert phased["per_deal"] == plain["per_deal"]
    assert (phased["phases"], phased["elsewhere"]) == (["play"], "strong")


def test_a_clairvoyant_run_refuses_a_phase_it_does_not_know() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "clairvoyant.py"), "--phases",
                           "bid,bidding"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no phase bidding; phases: knock, bid" in done.stderr


def test_a_benchmark_refuses_a_level_it_does_not_know() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "clairvoyant.py"), "--phases",
                           "none", "--elsewhere", "master:worlds=2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no level 'master'; levels: strong, expert" in done.stderr


def test_the_beliefs_benchmark_reports_each_watch_and_refuses_a_bad_count() -> None:
    done = run("beliefs.py", "--game", "bidder", "--deals", "1", "--watch", "0", "8", "--json")
    report = json.loads(done.stdout)
    assert set(report["watch"]) == {"0", "8"} and report["decisions"] > 0
    assert all(0 < row["placed_right"] < 1 for row in report["watch"].values())
    refused = subprocess.run([sys.executable, str(BENCHMARKS / "beliefs.py"), "--deals", "0"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--deals must be 1 to 200" in refused.stderr
