"""What a Pinochle seat cannot see, and the worlds it may be in: the other hands' unshown
cards, less what their meld and play showed, and the cards being passed.

:class:`PinochleWorlds` is the hidden-information part of
:class:`~tricktable.games.pinochle.PinochleGame` (which holds the phase flow; split from
:mod:`.pinochle`).

>>> import tricktable
>>> tricktable.new_game("pinochle", seed=1).hidden_from(0).bit_count()  # three hands
36
"""

from __future__ import annotations

import random

from tricktable.cards import Seat, Suit
from tricktable.engine.play import TrickGame
from tricktable.engine.worlds import Hidden
from tricktable.games.meld import Meld, meld
from tricktable.games.pinochle_meld import meld_faces
from tricktable.games.pinochle_passing import Passing


class PinochleWorlds(TrickGame, Passing):
    """What each seat of a Pinochle game cannot see, with the passing mixed in (extended
    by :class:`~tricktable.games.pinochle.PinochleGame`)."""

    trump: Suit | None
    melds: list[Meld]  # each hand's meld, once trump is named
    shown: list[int]  # per seat: melded cards, known to all while in the hand

    def hidden(self, seat: Seat) -> Hidden:
        """The other hands' unshown cards, less what their meld and play showed they lack.

        >>> import tricktable
        >>> tricktable.new_game("pinochle", seed=1).hidden(0).sizes
        (12, 12, 12)
        """
        pool = self.hidden_from(seat)
        others = [s for s in range(4) if s != seat]
        piles = self.passing_piles(seat)
        return Hidden(pool, tuple((self.hands[s] & pool).bit_count() for s in others)
                      + tuple(pile.bit_count() for pile in piles),
                      tuple(pool & ~self.lacks[s] for s in others) + (pool,) * len(piles))

    def _hidden_masks(self, seat: Seat) -> list[int]:
        pool = self.hidden_from(seat)
        return [self.hands[s] & pool for s in range(4) if s != seat] + self.passing_piles(seat)

    def _deal_agrees(self, seat: Seat, masks: list[int]) -> bool:
        """Whether every other hand, with the cards it has played, melds what it melded: the
        meld is announced whole, so it says more than the cards each hand lacks."""
        if not self.melds:
            return True
        trump = self.trump or 0
        others = [s for s in range(4) if s != seat]
        return all(
            meld_faces(meld(self.shown[other] | mask | self.played[other], trump))
            == meld_faces(self.melds[other])
            for other, mask in zip(others, masks, strict=True))

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        pool = self.hidden_from(seat)
        others = [s for s in range(4) if s != seat]
        for other, mask in zip(others, masks, strict=False):
            self.hands[other] = self.hands[other] & ~pool | mask
        self.place_passes(seat, masks[len(others):], rng)

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now: other hands and cards being passed,
        less melded cards and the cards it passed that its partner still holds."""
        hidden = self.outgoing if self.passer != seat else 0
        for other in range(4):
            if other != seat:
                hidden |= self.hands[other] & ~self.shown[other]
        return hidden & ~self.known_in_hands(seat)
