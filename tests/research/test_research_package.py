"""The research package: importable without its extras, never imported by the engine, and
its deals are the engine's."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import tricktable
from tests.conformance.support import case_id, game_cases
from tricktable.research.deals import deal_of, places, random_deal

CASES = game_cases()
EXTRAS = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)


def test_the_package_imports_without_the_research_extra() -> None:
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in EXTRAS)
    result = _python(f"import sys; {blocked}\n"
                     "import tricktable.research as r\n"
                     "print(r.places('rook', 4)[-1])\n"
                     "try:\n    r.env\nexcept ImportError:\n    print('needs the extra')")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["('nest', 1)", "needs the extra"]


def test_a_name_that_needs_a_missing_package_says_how_to_install_the_extra() -> None:
    """Without one of the extra's packages, a name that needs it raises ModuleNotFoundError
    naming the package and ``pip install 'tricktable[research]'``."""
    result = _python("import sys\n"
                     "import tricktable.research as r\n"
                     "for missing, name in [('pettingzoo', 'env'), ('pyspiel', 'ismcts_bot'),"
                     " ('numpy', 'Encoder')]:\n"
                     "    sys.modules[missing] = None\n"
                     "    try:\n        getattr(r, name)\n"
                     "    except ModuleNotFoundError as error:\n"
                     "        print(name, error.name, \"pip install 'tricktable[research]'\""
                     " in str(error))")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:3] == [
        "env pettingzoo True", "ismcts_bot pyspiel True", "Encoder numpy True"]


@pytest.mark.parametrize(("module", "missing"), [
    ("pettingzoo", "numpy"), ("pettingzoo", "pettingzoo"), ("openspiel", "pyspiel")])
def test_importing_an_adapter_without_its_package_says_how_to_install_the_extra(
        module: str, missing: str) -> None:
    """The documented entry points (``import tricktable.research.openspiel``) say it too."""
    result = _python(f"import sys\nsys.modules[{missing!r}] = None\n"
                     f"import tricktable.research.{module}")
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: tricktable.research needs the research extra")
    assert missing in last and last.endswith("pip install 'tricktable[research]'")


def test_tricktable_does_not_import_research() -> None:
    result = _python("import sys, tricktable\n"
                     "tricktable.new_game('rook', seed=1).legal_actions()\n"
                     "print(sorted(m for m in sys.modules if m.startswith('tricktable.research')))")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_unknown_names_are_attribute_errors() -> None:
    import tricktable.research as research

    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = research.nothing


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_a_research_deal_is_the_hand_the_engine_plays(name: str, players: int) -> None:
    deck = tricktable.find_game(name).deck
    assert sum(size for _, size in places(name, players)) == len(deck)
    cards = random.Random(4).sample(range(len(deck)), len(deck))
    deal = deal_of(name, players, players - 1, cards)
    game = tricktable.new_game(name, seed=0, players=players, deal=deal)
    assert game.view(None)["dealer"] == players - 1
    size = places(name, players)[0][1]
    for seat in range(players):
        assert sorted(game.view(seat)["hand"]) == sorted(
            deck.text(card) for card in cards[seat * size:(seat + 1) * size])
    game = tricktable.new_game(name, seed=0, players=players,
                               deal=random_deal(name, players, random.Random(1)))
    assert not game.is_over and game.legal_actions()


def test_a_deal_layout_for_no_game_or_a_wrong_count_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        places("chess", 2)
    with pytest.raises(ValueError, match="Rook is not played by 3 players"):
        places("rook", 3)
