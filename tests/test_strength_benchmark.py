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


def paired(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / "paired.py"), *args],
                          capture_output=True, text=True, timeout=120)


def strength_run(path: Path, a: str, b: str, seed: int, deals: int) -> Path:
    done = run("strength.py", "--game", "sixtysix", "--a", a, "--b", b, "--seed", str(seed),
               "--deals", str(deals), "--json", "--per-deal")
    path.write_text(done.stdout)
    return path


def test_runs_in_chunks_pair_deal_by_deal_with_one_run_over_the_same_deals(
        tmp_path: Path) -> None:
    whole = strength_run(tmp_path / "whole.json", "random", "heuristic", 5, 3)
    first = strength_run(tmp_path / "first.json", "random", "heuristic", 5, 2)
    last = strength_run(tmp_path / "last.json", "random", "heuristic", 7, 1)
    same = json.loads(paired("--a", str(whole), "--b", str(last), str(first), "--json").stdout)
    assert same["a_minus_b"] == {"mean": 0.0, "ci95": 0.0, "deals_that_differ": 0}
    assert (same["deals"], same["seeds"]) == (3, [5, 7])
    other = strength_run(tmp_path / "other.json", "heuristic", "heuristic", 5, 3)
    a, b = (json.loads(path.read_text())["per_deal"] for path in (whole, other))
    differences = [x - y for x, y in zip(a, b, strict=True)]
    report = json.loads(paired("--a", str(whole), "--b", str(other), "--json").stdout)
    assert report["a_minus_b"]["mean"] == round(sum(differences) / 3, 3)
    assert report["a_minus_b"]["deals_that_differ"] == sum(1 for d in differences if d)
    assert (report["a"]["bot"], report["b"]["bot"]) == ("random", "heuristic")


def test_a_share_of_the_gap_is_each_sides_margin_over_the_clairvoyants(
        tmp_path: Path) -> None:
    a = strength_run(tmp_path / "a.json", "random", "heuristic", 5, 2)
    b = strength_run(tmp_path / "b.json", "heuristic", "heuristic", 5, 2)
    seen = tmp_path / "seen.json"
    seen.write_text(run("clairvoyant.py", "--game", "sixtysix", "--seed", "5", "--deals", "2",
                        "--json", "--per-deal").stdout)
    report = json.loads(paired("--a", str(a), "--b", str(b), "--clairvoyant", str(seen),
                               "--json").stdout)
    gap = sum(json.loads(seen.read_text())["per_deal"]) / 2
    assert report["clairvoyant"]["mean"] == round(gap, 3) and gap > 0
    assert report["a"]["share_of_gap"] == round(report["a"]["mean"] / gap, 3)
    assert report["b"]["share_of_gap"] == 0.0  # heuristic against itself: no margin


def test_a_pairing_refuses_runs_that_do_not_match_and_says_why(tmp_path: Path) -> None:
    def doc(name: str, seed: int, per_deal: list[float], game: str = "rook",
            against: str = "heuristic") -> str:
        path = tmp_path / f"{name}-{len(list(tmp_path.iterdir()))}.json"  # one per case
        path.write_text(json.dumps({"game": game, "players": 4, "seed": seed,
                                    "bots": [{"name": "strong"}, {"name": against}],
                                    "per_deal": per_deal}))
        return str(path)

    cases = [
        (["--a", doc("a", 1, [1.0, 2.0]), "--b", doc("b", 2, [1.0, 2.0])],
         "--a and --b do not cover the same deals: 2 deals in one only, the first seed 1"),
        (["--a", doc("a", 1, [1.0, 2.0]), doc("a2", 2, [3.0]), "--b", doc("b", 1, [1.0])],
         "deal 2 is in another file too"),
        (["--a", doc("a", 1, [1.0]), "--b", doc("b", 1, [1.0], game="bidder")],
         "--a is rook (4 players), --b is bidder (4 players)"),
        (["--a", doc("a", 1, [1.0]), doc("a2", 2, [1.0], against="random"),
          "--b", doc("b", 1, [1.0])], "strong vs random, but"),
        (["--a", doc("a", 1, [1.0]), "--b", doc("b", 1, [1.0], against="strong"),
          "--clairvoyant", doc("c", 1, [5.0])],
         "--b: a share of the gap needs runs against heuristic, not strong"),
        (["--a", doc("a", 1, [1.0, 1.0]), "--b", doc("b", 1, [1.0, 1.0]),
          "--clairvoyant", doc("c", 1, [5.0])],
         "--clairvoyant does not cover 1 of the deals, the first seed 2"),
        (["--a", str(tmp_path / "nowhere.json"), "--b", doc("b", 1, [1.0])],
         "cannot read it"),
    ]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps({"game": "rook", "deals": 1}))
    cases.append((["--a", str(bare), "--b", doc("b", 1, [1.0])], "run the benchmark with "
                  "--json --per-deal"))
    seen = tmp_path / "seen.json"  # a clairvoyant run given as a side
    seen.write_text(json.dumps({"game": "rook", "seed": 1, "per_deal": [1.0],
                                "bots": "clairvoyant,heuristic"}))
    cases.append((["--a", str(seen), "--b", doc("b", 1, [1.0])], "not a strength.py run"))
    for args, message in cases:
        done = paired(*args)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)
