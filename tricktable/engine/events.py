"""Events: what happened, as the table saw it, in the order it happened.

An event has a public text everyone sees and, for things only one seat may
see (its dealt hand, the nest card it took, its discard), a private text that
only that seat sees instead.

>>> e = Event("discard", 2, "N2 discards a card", "N2 discards R5")
>>> e.seen_by(2), e.seen_by(1), e.seen_by(None)
('N2 discards R5', 'N2 discards a card', 'N2 discards a card')

A dealt hand's private text is written only when someone reads it
(:func:`dealt`): most hands of a simulation are never read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tricktable.cards import Seat


class Event(NamedTuple):
    """One entry of the game log."""

    kind: str  # "deal", "bid", "pass", "nest", "discard", "trump", "play", "trick", "hand", "game"
    seat: Seat | None  # the seat that acted or that the event concerns
    text: str  # what every seat sees
    private: str | None = None  # what ``seat`` alone sees instead

    def seen_by(self, viewer: Seat | None) -> str:
        """The event's text as ``viewer`` (None: a spectator) sees it."""
        if self.private is not None and viewer is not None and viewer == self.seat:
            return self.private
        return self.text


class Cards(NamedTuple):
    """A private text made when read: ``prefix`` then the texts of the cards in ``mask``."""

    prefix: str
    mask: int
    texts: Callable[[int], list[str]]  # a mask's card texts, in a hand's order

    def __str__(self) -> str:
        return self.prefix + " ".join(self.texts(self.mask))


class DealtEvent(Event):
    """An event whose private text lists cards, written only when it is read (see
    :func:`dealt`); it reads, compares and replays like any other event."""

    __slots__ = ()

    @property
    def private(self) -> str:
        """The seat's own text, written now."""
        return str(tuple.__getitem__(self, 3))


def dealt(kind: str, seat: Seat, text: str, mask: int, texts: Callable[[int], list[str]],
          prefix: str = "you are dealt ") -> Event:
    """The event of ``seat`` receiving the cards of ``mask``: ``text`` for everyone, and for
    the seat ``prefix`` and the cards (as ``texts`` lists them), written when first read.

    >>> from tricktable.cards import STANDARD
    >>> e = dealt("hand", 1, "E is dealt 2 cards", 0b11, STANDARD.hand_texts)
    >>> e.seen_by(1), e.seen_by(0), e.private
    ('you are dealt 3♠ 2♠', 'E is dealt 2 cards', 'you are dealt 3♠ 2♠')
    """
    return DealtEvent(kind, seat, text, Cards(prefix, mask, texts))  # type: ignore[arg-type]
