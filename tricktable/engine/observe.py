"""Observation features: the named parts of a learning agent's vector, as games declare them.

A :class:`Feature` is a named, shaped part of the observation vector with its
meaning and a *fill*: a function that reads one seat's view through a
:class:`Reading` and writes numbers into its cells. Each game declares the
features it adds (``GameState.features``) from the fills here (or its own);
:mod:`tricktable.research.encoding` puts the common ones first and lays them
out in a numpy vector. Nothing here needs numpy: a fill writes through
``cells[index] = value`` into anything that supports it.

>>> view = {"bidder": 2, "trump": "♥"}
>>> from tricktable.cards import PINOCHLE
>>> reading = Reading(PINOCHLE, [[0, 2], [1, 3]], view, seat=1, plays=[])
>>> cells = [0, 0, 0, 0]
>>> seat_of("bidder")(reading, cells)
>>> cells  # seat 2 is the next after seat 1
[0, 1, 0, 0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktable.cards import Card, Deck, Seat

JSON = dict[str, Any]


class Cells(Protocol):
    """Where a fill writes: a numpy array's part (or a list, in a doctest)."""

    def __getitem__(self, index: Any, /) -> Any: ...

    def __setitem__(self, index: Any, value: Any, /) -> None: ...


def mark(deck: Deck, row: Cells, texts: Iterable[str]) -> None:
    """Set 1 in ``row`` for each card named; copies of one face take their ids in turn, so
    which copy a hand holds never shows.

    >>> from tricktable.cards import PINOCHLE
    >>> row = [0] * len(PINOCHLE)
    >>> mark(PINOCHLE, row, [PINOCHLE.ascii(5)])  # the second QS marks the first's id
    >>> [card for card, value in enumerate(row) if value]
    [4]
    """
    for card in deck.parse_many(list(texts)):
        row[card] = 1


class Reading:
    """One view being encoded, from ``seat``: relative seats and sides, cards, suits."""

    def __init__(self, deck: Deck, sides: list[list[Seat]], view: JSON, seat: Seat,
                 plays: Sequence[tuple[Seat, Card]]) -> None:
        self.deck, self.sides, self.view, self.seat, self.plays = deck, sides, view, seat, plays
        self.players = sum(len(side) for side in sides)
        self.own_side = next(i for i, side in enumerate(sides) if seat in side)

    def rel(self, seat: Seat) -> int:
        """A seat counted from the observing seat (0 itself, 1 the next in turn)."""
        return (seat - self.seat) % self.players

    def rel_side(self, side: int) -> int:
        """A side counted from the observing seat's own side (0)."""
        return (side - self.own_side) % len(self.sides)

    def mark(self, row: Cells, texts: Iterable[str]) -> None:
        """Set 1 for each card named (copies of one face take their ids in turn)."""
        mark(self.deck, row, texts)

    def seat_hot(self, row: Cells, seat: Seat | None) -> None:
        """One-hot of a relative seat (nothing for None)."""
        if seat is not None:
            row[self.rel(seat)] = 1

    def suit(self, text: str) -> int:
        """A suit's index from its text (a symbol or a colour)."""
        return self.deck.parse_suit(text)


Fill = Callable[[Reading, Cells], None]


@dataclass(frozen=True)
class Feature:
    """A named part of the vector, its shape, what it holds and how to fill it."""

    name: str
    shape: tuple[int, ...]
    doc: str
    fill: Fill = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        """How many numbers it takes."""
        return math.prod(self.shape)


def scaled(value: float, scale: float) -> float:
    """``value / scale`` clipped to [-1, 1]."""
    return max(-1.0, min(1.0, value / scale))


# -- fills: how a feature reads the view ---------------------------------------------------


def seat_of(key: str) -> Fill:
    """One-hot of the seat in ``view[key]``, by relative seat (none for None)."""
    def fill(r: Reading, x: Cells) -> None:
        r.seat_hot(x, r.view.get(key))
    return fill


def per_seat(key: str, scale: float) -> Fill:
    """``view[key]``, one number per seat, by relative seat, / ``scale``."""
    def fill(r: Reading, x: Cells) -> None:
        for seat, value in enumerate(r.view[key]):
            x[r.rel(seat)] = scaled(value, scale)
    return fill


def per_side(key: str, scale: float | None = None) -> Fill:
    """``view[key]``, one number per side, own side first, / ``scale`` (default: the view's
    ``target``, else 100)."""
    def fill(r: Reading, x: Cells) -> None:
        by = scale or r.view.get("target") or 100
        for side, value in enumerate(r.view[key]):
            x[r.rel_side(side)] = scaled(value, by)
    return fill


def cards_of(key: str) -> Fill:
    """1 for each card in ``view[key]`` (a card's text, a list of them, or None)."""
    def fill(r: Reading, x: Cells) -> None:
        value = r.view.get(key)
        r.mark(x, [] if value is None else [value] if isinstance(value, str) else value)
    return fill


def cards_per_seat(key: str) -> Fill:
    """A row of cards per seat from ``view[key]``, by relative seat."""
    def fill(r: Reading, x: Cells) -> None:
        for seat, texts in enumerate(r.view[key]):
            r.mark(x[r.rel(seat)], [] if texts is None else [texts] if isinstance(texts, str)
                   else texts)
    return fill


def suit_of(key: str) -> Fill:
    """One-hot of the suit named in ``view[key]``."""
    def fill(r: Reading, x: Cells) -> None:
        if r.view.get(key) is not None:
            x[r.suit(r.view[key])] = 1
    return fill


def flag(key: str) -> Fill:
    """1 if ``view[key]`` is true."""
    def fill(r: Reading, x: Cells) -> None:
        x[0] = float(bool(r.view.get(key)))
    return fill


def equals(key: str, value: object) -> Fill:
    """1 if ``view[key] == value``."""
    def fill(r: Reading, x: Cells) -> None:
        x[0] = float(r.view.get(key) == value)
    return fill


def number(key: str, scale: float) -> Fill:
    """``view[key]`` (0 for None) / ``scale``."""
    def fill(r: Reading, x: Cells) -> None:
        x[0] = scaled(r.view.get(key) or 0, scale)
    return fill


def bids(scale: float) -> Fill:
    """Each seat's highest number bid so far; passes are in ``passes``."""
    def fill(r: Reading, x: Cells) -> None:
        for bid in r.view["bids"]:
            if isinstance(bid["bid"], int):
                x[r.rel(bid["seat"])] = max(x[r.rel(bid["seat"])], scaled(bid["bid"], scale))
    return fill


def passes(key: str, field_: str, passed: object) -> Fill:
    """1 for each seat with an entry of ``view[key]`` whose ``field_`` is ``passed``."""
    def fill(r: Reading, x: Cells) -> None:
        for entry in r.view[key]:
            if entry[field_] == passed:
                x[r.rel(entry["seat"])] = 1
    return fill


def seats_listed(key: str) -> Fill:
    """1 for each seat listed in ``view[key]`` (a seat, or an entry with a ``seat``)."""
    def fill(r: Reading, x: Cells) -> None:
        for entry in r.view[key]:
            r.seat_hot(x, entry if isinstance(entry, int) else entry["seat"])
    return fill
