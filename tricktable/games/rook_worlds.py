"""What a Rook seat cannot see, and the worlds it may be in: other hands, the nest, the
discard.

:class:`RookWorlds` is the hidden-information half of
:class:`~tricktable.games.rook.RookGame` (which holds the rules).

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=1)
>>> game.hidden(0).sizes, bin(game.hidden_from(0) & game.hands[0])
((14, 14, 14, 1), '0b0')
"""

from __future__ import annotations

import random

from tricktable.cards import Seat, bits
from tricktable.engine.play import TrickGame
from tricktable.engine.state import GAME_OVER_PHASE
from tricktable.engine.worlds import Hidden
from tricktable.games.rook_cards import COUNTERS, RookRules


class RookWorlds(TrickGame):
    """What each seat of a Rook game cannot see (its rules:
    :class:`~tricktable.games.rook.RookGame`, which extends
    :class:`~tricktable.games.rook_table.RookTable`, which extends this)."""

    rules: RookRules
    bidder: Seat | None
    nest: int  # the nest's cards, face down
    nest_cards: int  # what the bidder found in the nest
    discarded: int

    def hidden(self, seat: Seat) -> Hidden:
        """The other hands, the nest, and (to all but the bidder) the discard: a non-counter
        unless the option ``discard_points`` is ``last_trick``.

        >>> import tricktable
        >>> tricktable.new_game("rook", seed=1).hidden(0).sizes
        (14, 14, 14, 1)
        """
        pool = self.hidden_from(seat)
        sizes, allowed = [], []
        for other in range(4):
            if other != seat:
                sizes.append(self.hands[other].bit_count())
                allowed.append(pool & ~self.lacks[other])
        discards = pool if self.rules.discard_points == "last_trick" else pool & ~COUNTERS
        for pile, only in ((self.nest, pool), (self.discarded & pool, discards)):
            if pile:
                sizes.append(pile.bit_count())
                allowed.append(only)
        return Hidden(pool, tuple(sizes), tuple(allowed))

    def _hidden_masks(self, seat: Seat) -> list[int]:
        pool = self.hidden_from(seat)
        piles = [pile for pile in (self.nest, self.discarded & pool) if pile]
        return [self.hands[s] for s in range(4) if s != seat] + piles

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        others = [s for s in range(4) if s != seat]
        for other, mask in zip(others, masks, strict=False):
            self.hands[other] = mask
        rest = masks[3:]
        if self.nest:
            self.nest = rest.pop(0)
        if rest:
            self.discarded = rest[0]
        bidder = self.bidder
        if bidder is not None and bidder != seat and self.nest_cards:
            # any cards the bidder held once it took the nest, played ones included
            held = self.hands[bidder] | self.discarded | self.played[bidder]
            found = rng.sample(list(bits(held)), self.nest_cards.bit_count())
            self.nest_cards = sum(1 << card for card in found)

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now (for leak tests)."""
        hidden = self.nest
        for other in range(4):
            if other != seat:
                hidden |= self.hands[other]
        if seat != self.bidder and self.phase is not GAME_OVER_PHASE:
            hidden |= self.discarded  # shown to all once the hand is over
        return hidden
