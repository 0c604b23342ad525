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
