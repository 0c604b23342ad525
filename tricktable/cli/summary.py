"""The end-of-hand summary: what each side took, made or set, the score change, the last
trick, the cards the rules turn up and every trick of the hand, from a hand's result
(``game.results``, a :class:`~tricktable.engine.results.HandResult`).

The columns are the result's per-side figures (tricks, card points, meld, the
points the contract is measured in), then the game's declared extras that are
per side or per seat (summed by side), then the score change and the score.

>>> from tricktable.cli.common import Seating
>>> seating = Seating(["N", "E", "S", "W"], [[0, 2], [1, 3]])
>>> result = HandResult(hand=1, dealer=0, declarer=3, contract="200 Black", made=False,
...     margin=-75, seat_tricks=(2, 2, 3, 7), tricks=(5, 9), card_points=(75, 125),
...     points=(75, 125), deltas=(75, -200), scores=(75, -200), outcome="set by 75")
>>> str(headline(result, seating, 1))
'Hand 1: W 200 Black: set by 75'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.common import Seating
from tricktable.cli.render import JSON, card_style, cards_text
from tricktable.cli.table import plays_text, side_values
from tricktable.engine.results import HandResult


def headline(result: HandResult, seating: Seating, number: int) -> Text:
    """``Hand 1: W 200 Black: set by 75``: the declarer and contract, and the outcome."""
    text = Text(f"Hand {number}", style="bold")
    if result.declarer is not None:
        text.append(f": {seating.name(result.declarer)} {result.contract or ''}".rstrip())
    style = "" if result.made is None else "bold green" if result.made else "bold red"
    text.append(": ")
    text.append(result.outcome, style=style)
    return text


def columns(result: HandResult, seating: Seating) -> list[tuple[str, str, list[Any]]]:
    """The per-side columns: (key, heading, one value per side), no column twice."""
    figures: list[tuple[str, str, Any]] = [
        ("tricks", "Tricks", list(result.tricks)),
        ("card_points", "Card pts", list(result.card_points)),
        ("meld", "Meld", None if result.meld is None else list(result.meld)),
        ("points", "Points", list(result.points))]
    figures += [(key, key.replace("_", " ").capitalize(), value)
                for key, value in result.extras.items()]
    shown: list[tuple[str, str, list[Any]]] = []
    for key, head, value in figures:
        values = side_values(value, seating)
        if values is not None and all(v != values for _, _, v in shown) and not any(
                isinstance(v, list | dict) for v in values):
            shown.append((key, head, values))
    return [*shown, ("deltas", "Hand", list(result.deltas)),
            ("scores", "Score", list(result.scores))]


def figures_table(result: HandResult, seating: Seating, seat: int | None) -> Table:
    """One row per side: its tricks, points, meld, other per-side figures, change, score."""
    shown = columns(result, seating)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("Side", no_wrap=True)
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


def piles(result: HandResult, seating: Seating) -> list[Text]:
    """The result's other extras: card piles (the discard), flags that are set (a number
    may be a seat, as Sixty-Six's ``last_trick_bonus``, so numbers are left out)."""
    lines = []
    for key, value in result.extras.items():
        if side_values(value, seating) is not None:
            continue
        label = key.replace("_", " ").capitalize()
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            lines.append(Text.assemble((f"{label}: ", "bold"), cards_text(value)))
        elif value is True:
            lines.append(Text(label, style="bold"))
    return lines


def tricks_table(tricks: Sequence[JSON], seating: Seating) -> Table:
    """Every trick of the hand, one row each: the card each seat played (``›`` marks the
    card led, the winning card is underlined) and who won it.

    >>> from rich.console import Console
    >>> import io
    >>> out = Console(width=60, record=True, file=io.StringIO())
    >>> out.print(tricks_table([{"cards": [{"seat": 1, "card": "Q♠"}, {"seat": 0, "card": "K♠"}],
    ...                          "winner": 0}], Seating(["P1", "P2"], [[0], [1]])))
    >>> [line.split() for line in out.export_text().splitlines() if line.startswith(" 1")]
    [['1', 'K♠', '›Q♠', 'P1']]
    """
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0),
                  title="Every trick", title_justify="left", title_style="bold")
    turned = any(play.get("seat") is None for trick in tricks for play in trick["cards"])
    places: list[int | None] = [*([None] if turned else []), *range(len(seating.names))]
    table.add_column("#", justify="right")
    for place in places:
        table.add_column("up" if place is None else seating.name(place))
    table.add_column("Won by")
    for number, trick in enumerate(tricks, start=1):
        cells: dict[int | None, Text] = {}
        winner = trick.get("winner")
        for order, play in enumerate(trick["cards"]):
            card = str(play.get("card", "?"))
            style = card_style(card) + (" underline bold" if play.get("seat") == winner else "")
            cells[play.get("seat")] = Text.assemble("›" if order == 0 else "", (card, style))
        table.add_row(str(number), *(cells.get(place, Text("")) for place in places),
                      "nobody" if winner is None else seating.name(winner))
    return table


def hand_summary(result: HandResult, seating: Seating, number: int, seat: int | None = None,
                 last_trick: JSON | None = None) -> RenderableType:
    """The whole summary of a finished hand (``last_trick`` if the result has none)."""
    parts: list[RenderableType] = [headline(result, seating, number),
                                   figures_table(result, seating, seat)]
    trick = result.last_trick or last_trick
    if isinstance(trick, dict) and trick.get("cards"):
        parts.append(Text.assemble(("Last trick: ", "bold"), plays_text(trick["cards"], seating),
                                   f"   won by {seating.name(trick.get('winner'))}"))
    parts.extend(piles(result, seating))
    if result.trick_history:
        parts.append(tricks_table(result.trick_history, seating))
    return Group(*parts)
