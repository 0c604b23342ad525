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
from rich.text import Text

import tricktable
from tricktable import Action
from tricktable.cli.common import Seating

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


LONG_RUN = 12  # numbered actions of one kind past this are shown as a range


def actions_list(legal: Sequence[Action]) -> RenderableType:
    """The legal actions, numbered from 1, in columns; a long run of numbered actions of
    one kind (Pinochle's 80 bids) shows its first few and its last, and a line for the
    rest, so the screen keeps its table in view.

    >>> from rich.console import Console
    >>> bids = [Action(i, "bid", 20 + i, f"bid {20 + i}") for i in range(1, 81)]
    >>> Console(width=60).print(actions_list(bids))
    Legal actions:
     1 bid 21    2 bid 22    3 bid 23    4 bid 24   … 80 bid 100
     1 to 80: bid 21 to 100, by its number or as `bid N`
    """
    numbered = list(enumerate(legal, start=1))
    items: list[Text] = []
    notes: list[Text] = []
    start = 0
    while start < len(numbered):
        end = start
        kind = numbered[start][1].kind
        while end < len(numbered) and numbered[end][1].kind == kind \
                and numbered[end][1].text.partition(" ")[2].isdigit():
            end += 1
        run = numbered[start:end] if end - start > LONG_RUN else numbered[start:start + 1]
        shown = run[:4] + run[-1:] if len(run) > LONG_RUN else run
        for index, (number, action) in enumerate(shown):
            prefix = "… " if len(run) > LONG_RUN and index == len(shown) - 1 else ""
            items.append(Text.assemble(prefix, (f"{number:>2}", "cyan"), " ", action_text(action)))
        if len(run) > LONG_RUN:
            first, last = run[0][1].text.partition(" ")[2], run[-1][1].text.partition(" ")[2]
            notes.append(Text.assemble((f"{run[0][0]:>2}", "cyan"), " to ",
                                       (f"{run[-1][0]}", "cyan"),
                                       f": {kind} {first} to {last}, by its number or as "
                                       f"`{kind} N`"))
        start += len(run)
    return Group(Text("Legal actions:", style="bold"), Columns(items, padding=(0, 3)), *notes)


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


def winner_line(winner: int | None, scores: Sequence[int], seating: Seating) -> Text:
    """``Game over: N/S wins (N/S 520, E/W 310)``, or that nobody won."""
    score_text = ", ".join(f"{seating.side_name(i)} {s}" for i, s in enumerate(scores))
    if winner is None:
        return Text(f"Game over: nobody wins ({score_text})", style="bold")
    return Text(f"Game over: {seating.side_name(winner)} wins ({score_text})", style="bold green")
