"""The sixth game, whist, is the tests' own: it registers itself through the public
registry from tests/extra_game/whist.py (imported by tests/conftest.py), and nothing in
tricktable/ knows it. Every test run over the registered games plays it too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tricktable

ROOT = Path(__file__).resolve().parent.parent


def test_whist_is_registered_from_the_tests_only() -> None:
    cls = tricktable.find_game("whist")
    assert "whist" in tricktable.games()
    assert cls.__module__ == "extra_game.whist"
    source = Path(sys.modules[cls.__module__].__file__ or "")
    assert source.resolve().is_relative_to(ROOT / "tests")


def test_tricktable_alone_does_not_have_whist() -> None:
    """A fresh interpreter that imports tricktable (not the tests) has the five games."""
    code = "import tricktable; print(' '.join(tricktable.games()))"
    shipped = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, cwd=ROOT).stdout.split()
    assert "whist" not in shipped and len(shipped) == 5, shipped


def test_no_file_in_tricktable_names_whist() -> None:
    """The game needed no edit anywhere in tricktable/ (sources, web client, schemas)."""
    naming = [str(path.relative_to(ROOT)) for path in (ROOT / "tricktable").rglob("*")
              if path.is_file() and path.suffix in (".py", ".js", ".html", ".css", ".json")
              and "whist" in path.read_text(encoding="utf-8").lower()]
    assert naming == []


def test_a_whole_game_of_whist_runs_through_the_public_api() -> None:
    game = tricktable.new_game("whist", seed=4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert max(game.scores) >= 5 and game.winner == game.scores.index(max(game.scores))
    assert all(sum(result.tricks) == 13 for result in game.results)
    replayed = tricktable.replay(game.record())
    assert replayed.results == game.results and replayed.scores == game.scores
