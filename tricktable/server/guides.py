"""What pages say about a game: the guide written for players, the rules as implemented,
and the lines its table shows beside the common things (the details panel draws them).

A game's player guide is ``guides/NAME.md`` beside its module (plain words:
no module paths, no code); the rules as implemented are docs/rules*.md in a
source tree, for developers.

>>> rules_text("rook")["guide"].split(".")[0]
'Four players in two teams, partners sitting opposite: North and South against East and West'
"""

from __future__ import annotations

import inspect
from pathlib import Path

import tricktable
from tricktable import GameState
from tricktable.server.protocol import JSON

DOCS = Path(tricktable.__file__).resolve().parent.parent / "docs"


def rules_text(name: str) -> JSON:
    """The rules to show a player: the game module's summary and, in a source tree, its doc."""
    cls = tricktable.find_game(name)
    module = inspect.getmodule(cls)
    summary = inspect.cleandoc(module.__doc__ or "") if module is not None else ""
    summary = summary.split("\n>>>", 1)[0].strip()
    parts = []
    common = DOCS / "rules.md"
    if common.is_file():
        text = common.read_text(encoding="utf-8")
        for section in text.split("\n## ")[1:]:
            if section.split("\n", 1)[0].strip().lower() == cls.title.lower():
                parts.append("## " + section.strip())
    own = DOCS / f"rules-{cls.name}.md"
    if own.is_file():
        parts.append(own.read_text(encoding="utf-8"))
    return {"name": cls.name, "title": cls.title, "summary": summary,
            "markdown": "\n\n".join(parts), "guide": player_guide(cls)}


def player_guide(cls: type[GameState]) -> str | None:
    """The rules written for players (``guides/NAME.md`` beside the game's module), or None."""
    path = Path(inspect.getfile(cls)).parent / "guides" / f"{cls.name}.md"
    return path.read_text(encoding="utf-8") if path.is_file() else None



def declared_lines(cls: type[GameState]) -> list[list[str]]:
    """The lines the game declares its table shows beside the common things (its class's
    ``display``: a label and a template of view keys; see tricktable/cli/display.py).

    >>> declared_lines(tricktable.find_game("rook"))[0]
    ['Nest', '{nest_size} face down']
    """
    return [list(line) for line in getattr(cls, "display", ())]
