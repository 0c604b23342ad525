"""Dependencies point inward: the engine and the games import no outer layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tricktable"
INNER = [PACKAGE / "cards.py", PACKAGE / "records.py", *sorted((PACKAGE / "engine").glob("*.py")),
         *sorted((PACKAGE / "games").glob("*.py"))]
OUTER = ("tricktable.bots", "tricktable.cli", "tricktable.server", "tricktable.store",
         "tricktable.research")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", INNER, ids=lambda p: p.name)
def test_inner_modules_import_no_outer_layer(path: Path) -> None:
    outer = sorted(name for name in _imports(path) if name.startswith(OUTER))
    assert not outer, f"{path.name} imports {outer}"


# -- no generic module names a game ------------------------------------------------------------

GAME_SPECIFIC = (PACKAGE / "games", PACKAGE / "bots" / "heuristic")
DECK_NAMES = PACKAGE / "cards.py"  # decks are named after the games that use them: not a game
GENERIC = [path for path in sorted(PACKAGE.rglob("*.py"))
           if not path.is_relative_to(GAME_SPECIFIC[0]) and not path.is_relative_to(
               GAME_SPECIFIC[1]) and path != DECK_NAMES]


def _game_words() -> tuple[set[str], set[str]]:
    """Every registered game's name, and those of them that are also a view's key (Rook's
    ``bidder``, the seat that won the bid): those name a game only where compared with
    something or used as a table's key."""
    import tricktable

    names = set(tricktable.games())
    keys = {key for name in names for key in tricktable.new_game(name, seed=0).view(0)}
    return names, names & keys


def _names_of_games(path: Path, words: tuple[set[str], set[str]], modules: set[str]) -> list[str]:
    """What in ``path`` names a game: a string that is a game's name (compared with
    something or a dict's key, for a name that is also a view key), or an import of a
    game's module."""
    names, ambiguous = words
    tree = ast.parse(path.read_text(encoding="utf-8"))
    naming: set[int] = set()  # the ids of string nodes in a comparison or a dict's keys
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            naming |= {id(operand) for operand in [node.left, *node.comparators]}
        elif isinstance(node, ast.Dict):
            naming |= {id(key) for key in node.keys if key is not None}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in names and (
                node.value not in ambiguous or id(node) in naming):
            found.append((node.lineno, f"the string {node.value!r}"))
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported = ([node.module] if node.module.startswith("tricktable.games.") else
                        [f"{node.module}.{a.name}" for a in node.names
                         if node.module == "tricktable.games" and a.name in modules])
            found += [(node.lineno, f"imports {name}") for name in imported]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, f"imports {a.name}") for a in node.names
                      if a.name.startswith("tricktable.games.")]
    return [f"line {line}: {what}" for line, what in sorted(found)]


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_outside_the_games_names_a_game(path: Path) -> None:
    """Generic code reads a game's declarations (tricktable/engine/declare.py) instead."""
    modules = {p.stem for p in GAME_SPECIFIC[0].glob("*.py")} - {"__init__"}
    found = _names_of_games(path, _game_words(), modules)
    assert not found, f"{path.relative_to(PACKAGE)} names a game: {'; '.join(found)}"


def test_the_name_check_sees_a_name_and_an_import(tmp_path: Path) -> None:
    module = tmp_path / "leaky.py"
    module.write_text('"""Plays rook."""\nfrom tricktable.games import meld\n'
                      'from tricktable.games.bidder import NULL\nimport tricktable.games.rook\n'
                      'if name == "pinochle":\n    pass\nseat = view["bidder"]\n'
                      'TABLE = {"bidder": 1}\nif game.name != "bidder":\n    pass\n',
                      encoding="utf-8")
    words = ({"rook", "pinochle", "bidder"}, {"bidder"})  # as if "bidder" were a view key too
    found = _names_of_games(module, words, {"meld", "bidder", "rook"})
    assert [line.split(":")[0] for line in found] == [
        "line 2", "line 3", "line 4", "line 5", "line 8", "line 9"]
