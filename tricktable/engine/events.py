"""Events: what happened, as the table saw it, in the order it happened.

An event has a public text everyone sees and, for things only one seat may
see (its dealt hand, the nest card it took, its discard), a private text that
only that seat sees instead.

>>> e = Event("discard", 2, "N2 discards a card", "N2 discards R5")
>>> e.seen_by(2), e.seen_by(1), e.seen_by(None)
('N2 discards R5', 'N2 discards a card', 'N2 discards a card')
"""

from __future__ import annotations

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
