"""Rendering shared by every game: cards, actions, tricks, hand results.

The table screen itself is :mod:`tricktable.cli.table`.

>>> str(cards_text(["A♥", "K♠"])), cards_text(["R14"]).spans[0].style
('A♥ K♠', 'bold red')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

import tricktable
from tricktable import Action
from tricktable.cli.common import Seating
from tricktable.engine.results import HandResult

JSON = dict[str, Any]

_COLOURS = {"R": "bold red", "G": "bold green", "Y": "bold yellow", "B": "bold"}
_COLOUR_CARD = re.compile(r"^([RGYB])\d+$")  # a card of a deck with colours for suits
_COLOUR_SUITS = {"Red": "bold red", "Green": "bold green", "Yellow": "bold yellow",
                 "Black": "bold"}


@cache
def special_cards() -> frozenset[str]:
    """The texts of every game's cards outside the suits (the Rook bird)."""
    return frozenset(special for name in tricktable.games()
                     for special in tricktable.find_game(name).deck.specials)


def card_style(text: str) -> str:
    """The style of a card's or suit's text: its colour (``R14``, ``Red``), red for ♥ and
    ♦, magenta for a card outside the suits."""
    match = _COLOUR_CARD.match(text)
    if match:
        return _COLOURS[match.group(1)]
    if text in _COLOUR_SUITS:
        return _COLOUR_SUITS[text]
    if text in special_cards():
        return "bold magenta"
    return "red" if "♥" in text or "♦" in text else ""


def cards_text(cards: Iterable[str]) -> Text:
    """Cards separated by spaces, each in its colour."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append(card, style=card_style(card))
    return text


def action_text(action: Action) -> Text:
    """An action's text with its card coloured."""
    kind, _, arg = action.text.partition(" ")
    if not arg:
        return Text(kind)
    return Text.assemble(kind, " ", (arg, card_style(arg)))


def actions_list(legal: Sequence[Action]) -> RenderableType:
    """The legal actions, numbered from 1, in columns."""
    items = [Text.assemble((f"{i:>2}", "cyan"), " ", action_text(a))
             for i, a in enumerate(legal, start=1)]
    return Group(Text("Legal actions:", style="bold"), Columns(items, padding=(0, 3)))


def trick_text(plays: Sequence[JSON], seating: Seating) -> Text:
    """Plays of a trick (``{"seat", "card"}`` dicts) as ``N R14  E R5``."""
    text = Text()
    for index, play in enumerate(plays):
        if index:
            text.append("  ")
        text.append(seating.name(play.get("seat")) + " ")
        card = str(play.get("card", "?"))
        text.append(card, style=card_style(card))
    return text


def value_text(key: str, value: Any, seating: Seating) -> Text:
    """Any view value as readable text: seats by name, cards coloured, lists joined."""
    if key in seating.seat_keys and isinstance(value, int):
        return Text(seating.name(value))
    if value is None:
        return Text("-")
    if isinstance(value, dict):  # inside a trick or result, "winner" is a seat
        parts = [Text.assemble(f"{k.replace('_', ' ')} ",
                               value_text("seat" if k == "winner" else k, v, seating))
                 for k, v in value.items()]
        return Text(", ").join(parts)
    if isinstance(value, list | tuple):
        if all(isinstance(v, str) for v in value):
            return cards_text(value)
        if all(isinstance(v, dict) and "seat" in v for v in value):
            return Text(", ").join(
                Text.assemble(seating.name(v["seat"]), " ",
                              Text(" ").join(value_text(k, x, seating)
                                             for k, x in v.items() if k != "seat"))
                for v in value)
        return Text(" | " if any(isinstance(v, list) for v in value) else " ").join(
            value_text(key, v, seating) for v in value)
    return Text(str(value), style=card_style(str(value)))


def result_table(result: HandResult, seating: Seating, hand: int) -> Table:
    """One finished hand (a ``game.results`` entry): per side tricks, points and scores."""
    title = f"Hand {hand}"
    if result.declarer is not None:
        title += f": {seating.name(result.declarer)} declared {result.contract or ''}".rstrip()
    title += f": {result.outcome}"
    table = Table(title=title, title_style="bold")
    for column in ("Side", "Tricks", "Card points", "Hand", "Score"):
        table.add_column(column, justify="left" if column == "Side" else "right")
    for side in range(len(seating.sides)):
        table.add_row(seating.side_name(side), str(result.tricks[side]),
                      str(result.card_points[side]), f"{result.deltas[side]:+d}",
                      str(result.scores[side]))
    return table


def winner_line(winner: int | None, scores: Sequence[int], seating: Seating) -> Text:
    """``Game over: N/S wins (N/S 520, E/W 310)``, or that nobody won."""
    score_text = ", ".join(f"{seating.side_name(i)} {s}" for i, s in enumerate(scores))
    if winner is None:
        return Text(f"Game over: nobody wins ({score_text})", style="bold")
    return Text(f"Game over: {seating.side_name(winner)} wins ({score_text})", style="bold green")
