"""The end-of-hand summary: what each side took, made or set, the score change, the last
trick and the cards the rules turn up, from a hand's result (``game.results``).

Per-side figures are the result's lists with one entry per side (or per seat,
summed by side); a list of cards (Rook's discard) is shown as a pile. A
contract that begins with a number is what the declarer's side needed, in
the points of ``card_points`` (with ``meld_counted`` where a game counts meld).

>>> from tricktable.cli.common import Seating
>>> seating = Seating(["N", "E", "S", "W"], [[0, 2], [1, 3]])
>>> result = {"declarer": 3, "contract": "200 Black", "made": False, "card_points": [75, 125],
...           "deltas": [75, -200], "scores": [75, -200], "tricks": [2, 2, 3, 7]}
>>> str(headline(result, seating, 1))
'Hand 1: W 200 Black: set by 75'
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.common import Seating
from tricktable.cli.render import JSON, cards_text
from tricktable.cli.table import plays_text, side_values

COLUMNS = (("tricks", "Tricks"), ("card_points", "Card pts"), ("meld", "Meld"),
           ("meld_counted", "Counted"))
"""The per-side figures shown first, in this order, under these headings."""
TOTALS = (("deltas", "Hand"), ("scores", "Score"))
"""The score change and the running score, last."""
NOT_SHOWN = frozenset({"hand", "dealer", "declarer", "contract", "last_trick", "teams",
                       "choices", "calls", "renege", "winner", "made", "bid", "value",
                       "thrown_in", "reason", "played_out", "outcome"})
"""Result keys drawn in the headline or not for the summary."""
_LEADING_NUMBER = re.compile(r"^(\d+)\b")


def margin(result: JSON, seating: Seating) -> int | None:
    """What the declarer's side took minus its contract's number, or None."""
    declarer, contract = result.get("declarer"), str(result.get("contract") or "")
    match = _LEADING_NUMBER.match(contract)
    points = side_values(result.get("card_points"), seating)
    if not isinstance(declarer, int) or match is None or points is None:
        return None
    side = seating.side_of(declarer)
    taken = points[side]
    meld = side_values(result.get("meld_counted"), seating)
    if meld is not None:
        taken += meld[side]
    return int(taken) - int(match.group(1))


def headline(result: JSON, seating: Seating, number: int) -> Text:
    """``Hand 1: W 200 Black: set by 75`` (the declarer and contract), or why it ended."""
    text = Text(f"Hand {number}", style="bold")
    declarer, contract = result.get("declarer"), result.get("contract")
    if result.get("thrown_in") or (declarer is None and not any(result.get("tricks") or [])):
        text.append(": thrown in")
    elif isinstance(declarer, int):
        text.append(f": {seating.name(declarer)} {contract or ''}".rstrip())
        made, by = result.get("made"), margin(result, seating)
        if isinstance(result.get("outcome"), str):  # the game's own words
            text.append(f": {result['outcome']}")
        elif made is not None:
            text.append(": made" if made else ": set", style="bold green" if made else "bold red")
            if by is not None and (by >= 0) == bool(made):
                text.append(f" by {abs(by)}" if by else " exactly")
    if result.get("reason") and result.get("reason") != result.get("outcome"):
        text.append(f" ({result['reason']})")
    return text


def figures_table(result: JSON, seating: Seating, seat: int | None) -> Table:
    """One row per side: its tricks, points, meld, other per-side figures, change, score."""
    known = [key for key, _ in COLUMNS + TOTALS]
    extras = [(key, key.replace("_", " ").capitalize()) for key, value in result.items()
              if key not in known and key not in NOT_SHOWN
              and side_values(value, seating) is not None]
    columns = [(key, head, side_values(result.get(key), seating))
               for key, head in (*COLUMNS, *extras, *TOTALS)]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("Side", no_wrap=True)
    shown = [(key, head, values) for key, head, values in columns if values is not None
             and (key == "tricks" or values != columns[0][2])]  # not the tricks again
    for _, head, _ in shown:
        table.add_column(head, justify="right")
    for side, seats in enumerate(seating.sides):
        label = Text(seating.side_name(side), style="bold" if seat in seats else "")
        table.add_row(label, *(_figure(key, values[side]) for key, _, values in shown))
    return table


def _figure(key: str, value: Any) -> Text:
    if value is None:
        return Text("-", style="dim")
    if key == "deltas" and isinstance(value, int):
        return Text(f"{value:+d}", style="green" if value > 0 else "red" if value < 0 else "")
    return cards_text([str(value)])


def piles(result: JSON, seating: Seating) -> list[Text]:
    """The result's other things: card piles (the discard), flags that are set (a number
    may be a seat, as Sixty-Six's ``last_trick_bonus``, so numbers are left out)."""
    lines = []
    for key, value in result.items():
        if key in NOT_SHOWN or side_values(value, seating) is not None:
            continue
        label = key.replace("_", " ").capitalize()
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            lines.append(Text.assemble((f"{label}: ", "bold"), cards_text(value)))
        elif value is True:
            lines.append(Text(label, style="bold"))

    return lines


def hand_summary(result: JSON, seating: Seating, number: int, seat: int | None = None,
                 last_trick: JSON | None = None) -> RenderableType:
    """The whole summary of a finished hand (``last_trick`` if the result has none)."""
    parts: list[RenderableType] = [headline(result, seating, number),
                                   figures_table(result, seating, seat)]
    trick = result.get("last_trick") or last_trick
    if isinstance(trick, dict) and trick.get("cards"):
        parts.append(Text.assemble(("Last trick: ", "bold"), plays_text(trick["cards"], seating),
                                   f"   won by {seating.name(trick.get('winner'))}"))
    parts.extend(piles(result, seating))
    return Group(*parts)
