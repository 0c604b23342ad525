"""What a Sixty-Six seat cannot see, and the worlds it may be in: the other hand's unseen
cards and the stock under the turned-up trump.

:class:`SixtySixWorlds` is the hidden-information part of
:class:`~tricktable.games.sixtysix.SixtySixGame` (split from :mod:`.sixtysix`).

>>> import tricktable
>>> tricktable.new_game("sixtysix", seed=1).hidden_from(0).bit_count()  # hand and stock
17
"""

from __future__ import annotations

import random

from tricktable.cards import Seat, bits
from tricktable.engine.worlds import Hidden
from tricktable.games.sixtysix_hands import SixtySixHands


class SixtySixWorlds(SixtySixHands):
    """What each seat of a Sixty-Six game cannot see (extended by
    :class:`~tricktable.games.sixtysix.SixtySixGame`)."""

    def hidden(self, seat: Seat) -> Hidden:
        """The places: the other hand's unseen cards (less the suits it showed it lacks once
        it had to follow), and the stock under which the turned-up card lies known.

        >>> import tricktable
        >>> tricktable.new_game("sixtysix", seed=1).hidden(0).sizes
        (6, 11)
        """
        pool, other = self.hidden_from(seat), 1 - seat
        sizes = ((self.hands[other] & ~self.known[other]).bit_count(), max(len(self.stock) - 1, 0))
        return Hidden(pool, sizes, (pool & ~self.lacks[other], pool))

    def _hidden_masks(self, seat: Seat) -> list[int]:
        other = 1 - seat
        return [self.hands[other] & ~self.known[other], sum(1 << c for c in self.stock[1:])]

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        other = 1 - seat
        self.hands[other] = self.hands[other] & self.known[other] | masks[0]
        if self.stock:
            rest = list(bits(masks[1]))
            rng.shuffle(rest)
            self.stock = [self.stock[0], *rest]  # the turned-up card stays at the bottom

    def _plain_tricks(self) -> bool:
        return False  # draws from the stock, marriages announced with a lead, an end at 66

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know: the other hand's unseen cards, the stock."""
        other = 1 - seat
        hidden = self.hands[other] & ~self.known[other]
        for card in self.stock[1:]:
            hidden |= 1 << card
        return hidden
