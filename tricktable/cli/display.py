"""What a game declares its table shows beside the common things, drawn as text.

A game lists extra table lines as ``display`` on its class: ``(label,
template)`` pairs. A template names view keys in braces, with an optional
form after a colon (a dotted key reads inside a dict):

- ``{key}``: the value as text; ``{key:cards}`` cards in their colours;
  ``{key:seat}`` a seat's name; ``{key:seats}`` several seats' names;
- ``{key:seated}`` a list with one entry per seat (``N 7♣, S Q♥``);
  ``{key:entries}`` a list of ``{"seat": ..}`` dicts (``P1 ♥ points 20``);
- ``{key:if}`` nothing, but the line is left out when the value is false;
- a template that is only ``{key:column}`` adds a column to the score table
  (the value has one entry per side); ``{key:meld}`` lays out each player's
  meld, ``{key:guide}`` a table of advice per choice (see :func:`guide_table`).

A line whose fields are empty (None, false, zero, "" or []; for a seat only
None) is left out, so a game can declare lines for every phase.

>>> from tricktable.cli.common import Seating
>>> seating = Seating(["N", "E", "S", "W"], [[0, 2], [1, 3]])
>>> view = {"pass_count": 3, "pass_to": 1, "nest_size": 0}
>>> str(declared_line("Passing", "{pass_count} cards to {pass_to:seat}", view, seating))
'Passing: 3 cards to E'
>>> declared_line("Nest", "{nest_size} cards", view, seating) is None
True
>>> str(declared_line("Knocks", "{knocks} by {knockers:seats}", {"knocks": 1,
...                   "knockers": [0]}, seating))
'Knocks: 1 by N'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.common import Seating
from tricktable.cli.render import JSON, cards_text

Declaration = tuple[str, str]
"""One declared line: its label and its template."""

FIELD = re.compile(r"\{([A-Za-z_][\w.]*)(?::(\w+))?\}")
BLOCKS = frozenset({"meld", "guide", "column"})
"""Forms that draw more than a line (a lone field in its template)."""


def lookup(view: JSON, key: str) -> Any:
    """The value at a dotted ``key`` of the view, or None.

    >>> lookup({"meld": {"teams": [3, 5]}}, "meld.teams")
    [3, 5]
    """
    value: Any = view
    for part in key.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def is_empty(value: Any) -> bool:
    """Whether a value leaves its line out: None, false, zero, "", or a list or dict of
    nothing but such values.

    >>> is_empty([None, []]), is_empty([None, "7♣"]), is_empty(0)
    (True, False, True)
    """
    if isinstance(value, list):
        return all(is_empty(item) for item in value)
    return value is None or value is False or value == 0 or value in ("", {})


def _empty_for(value: Any, form: str | None) -> bool:
    """Whether a field leaves its line out: a seat (0 is one) only when None or no seats."""
    if form == "seat":
        return value is None
    if form == "seats":
        return value is None or value == []
    return is_empty(value)


def lone_block(template: str) -> tuple[str, str] | None:
    """The key and form of a template that is one block field, else None."""
    match = FIELD.fullmatch(template.strip())
    if match and match.group(2) in BLOCKS:
        return match.group(1), match.group(2)
    return None


def field_text(value: Any, form: str | None, seating: Seating) -> Text:
    """One field's value drawn in its form."""
    if form == "if":
        return Text()
    if form == "seat":
        return Text(seating.name(value))
    if form == "seats":
        return Text(", ".join(seating.name(s) for s in value))
    if form == "cards":
        return cards_text([value] if isinstance(value, str) else value)
    if form == "seated":
        return Text(", ").join(Text.assemble(seating.name(seat) + " ", _item(item))
                               for seat, item in enumerate(value) if not is_empty(item))
    if form == "entries":
        return Text(", ").join(entry_text(entry, seating) for entry in value)
    return _item(value)


def _item(value: Any) -> Text:
    if isinstance(value, list):
        return cards_text(str(v) for v in value)
    if isinstance(value, str):
        return cards_text([value]) if " " not in value else Text(value)
    return Text(str(value))


def entry_text(entry: JSON, seating: Seating) -> Text:
    """A ``{"seat": .., ...}`` entry: the seat's name, its texts, ``key n`` for numbers,
    ``(key)`` for flags that are set.

    >>> seating = Seating(["P1", "P2"], [[0], [1]])
    >>> str(entry_text({"seat": 1, "suit": "♥", "points": 20, "counted": True,
    ...                 "shown_only": False}, seating))
    'P2 ♥ points 20 (counted)'
    """
    text = Text(seating.name(entry.get("seat")))
    for key, value in entry.items():
        if key == "seat" or value is None or value is False:
            continue
        if value is True:
            text.append(f" ({key.replace('_', ' ')})")
        elif isinstance(value, int):
            text.append(f" {key.replace('_', ' ')} {value}")
        else:
            text.append(" ")
            text.append_text(_item(value))
    return text


def declared_line(label: str, template: str, view: JSON, seating: Seating) -> Text | None:
    """``label: template`` filled from the view, or None when a field is empty."""
    text = Text.assemble((f"{label}: ", "bold"))
    position = 0
    for match in FIELD.finditer(template):
        value = lookup(view, match.group(1))
        if _empty_for(value, match.group(2)):
            return None
        text.append(template[position:match.start()])
        text.append_text(field_text(value, match.group(2), seating))
        position = match.end()
    text.append(template[position:])
    return text


def columns(declared: Sequence[Declaration], view: JSON) -> list[tuple[str, list[Any]]]:
    """The declared per-side columns of the score table that have values now."""
    found = []
    for label, template in declared:
        block = lone_block(template)
        if block and block[1] == "column":
            value = lookup(view, block[0])
            if isinstance(value, list) and any(not is_empty(v) for v in value):
                found.append((label, value))
    return found


def declared_parts(declared: Sequence[Declaration], view: JSON,
                   seating: Seating) -> list[RenderableType]:
    """Every declared line and block that has something to show, in declared order."""
    parts: list[RenderableType] = []
    for label, template in declared:
        block = lone_block(template)
        if block is None:
            line = declared_line(label, template, view, seating)
            if line is not None:
                parts.append(line)
            continue
        key, form = block
        value = lookup(view, key)
        if is_empty(value) or form == "column":
            continue
        parts.append(Text(label, style="bold"))
        parts.append(meld_table(value, seating) if form == "meld" else guide_table(value))
    return parts


def meld_table(players: list[JSON], seating: Seating) -> RenderableType:
    """Each player's meld: ``{"seat", "total", "items": [{"name", "value", "cards"}]}``,
    as ``N  6  marriage K♠ Q♠ (2), pinochle Q♠ J♦ (4)``."""
    table = Table(box=None, show_header=False, padding=(0, 1, 0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column()
    for player in players:
        items = player.get("items") or []
        table.add_row(seating.name(player.get("seat")), str(player.get("total", 0)),
                      Text("no meld", style="dim") if not items else Text(", ").join(
                          Text.assemble(f"{item['name']} ", cards_text(item.get("cards") or []),
                                        (f" ({item['value']})", "dim"))
                          for item in items))
    return table


def guide_table(guide: dict[str, dict[str, Any]]) -> RenderableType:
    """Advice per choice (a trump suit, say): one column each, one row per figure, no
    box (three lines for Pinochle's four trumps, so the table stays on the screen).

    >>> from rich.console import Console
    >>> import io
    >>> out = Console(width=60, record=True, file=io.StringIO())
    >>> out.print(guide_table({"♠": {"meld": 4, "suggested_bid": 21}}))
    >>> "suggested bid" in out.export_text()
    True
    """
    table = Table(box=None, padding=(0, 1, 0, 2))
    figures = list(dict.fromkeys(key for row in guide.values() for key in row))
    table.add_column("")
    for choice in guide:
        table.add_column(cards_text([choice]), justify="right")
    for figure in figures:
        table.add_row(figure.replace("_", " "), *(str(row.get(figure, "")) for row in
                                                  guide.values()))
    return table
