"""What a Notrump seat cannot see, and the worlds it may be in: unseen hands, markers, passes.

:class:`NotrumpWorlds` is the hidden-information half of
:class:`~tricktable.games.notrump.NotrumpGame` (which holds the phase flow).

>>> import tricktable
>>> game = tricktable.new_game("notrump", seed=1)
>>> game.hidden(0).sizes  # the three other hands
(13, 13, 13)
"""

from __future__ import annotations

import random
from abc import abstractmethod

from tricktable.cards import Card, Seat, bits
from tricktable.engine.play import TrickGame
from tricktable.engine.state import PLAY_PHASE
from tricktable.engine.worlds import Hidden
from tricktable.games.notrump_cards import NotrumpRules, team_spec


class NotrumpWorlds(TrickGame):
    """What each seat of a Notrump game cannot see (its rules:
    :class:`~tricktable.games.notrump.NotrumpGame`, which extends
    :class:`~tricktable.games.notrump_scoring.NotrumpScoring`, which extends
    :class:`~tricktable.games.notrump_table.NotrumpTable`, which extends this)."""

    rules: NotrumpRules
    markers: list[Card | None]
    revealed: list[bool]  # marker shown (called or played)
    outgoing: list[int]  # cards set aside to pass, not yet received
    given: list[int]  # every card each seat passed this hand
    pass_offset: int
    turned_up: int

    @abstractmethod
    def _call_markers(self) -> tuple[int, ...]:
        """Per seat, its face-down marker while it may call with it, else -1 (the game's
        play flow)."""

    def hidden(self, seat: Seat) -> Hidden:
        """The unseen cards of the other hands (none of a suit shown void), then the cards
        on their way from each other seat during the passing, then the face-down extra card.

        Known and so not in the pool: the cards ``seat`` passed (in the
        receiver's hand until played) and revealed markers (in their player's).
        Markers add no constraint on the cards: a face-down marker is any card
        of its hand not received in the passing (see ``_place_hidden``).

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", seed=1, players=3)
        >>> game.hidden(0).sizes  # two hands and the face-down extra card
        (17, 17, 1)
        """
        pool = self.hidden_from(seat)
        others = self._others(seat)
        sizes = [(self.hands[o] & pool).bit_count() for o in others]
        allowed = [pool & ~self.lacks[o] for o in others]
        for pile in self._piles(seat):
            sizes.append(pile.bit_count())
            allowed.append(pool)
        return Hidden(pool, tuple(sizes), tuple(allowed))

    def _others(self, seat: Seat) -> list[Seat]:
        return [other for other in range(self.players) if other != seat]

    def _piles(self, seat: Seat) -> list[int]:
        """The non-empty unseen piles: each other seat's passed cards on their way, the extra."""
        return [self.outgoing[o] for o in self._others(seat) if self.outgoing[o]] + (
            [self.turned_up] if self.turned_up else [])

    def _hidden_masks(self, seat: Seat) -> list[int]:
        pool = self.hidden_from(seat)
        return [self.hands[o] & pool for o in self._others(seat)] + self._piles(seat)

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        """Deal the unseen cards, then each face-down marker and each pass ``seat`` did not see.

        A face-down marker was set before the passing, so it is a card of its
        player's hand that the player did not receive: one of the sampled
        hand's cards, uniformly, leaving out the cards ``seat`` passed to that
        player. The cards a player received from a seat other than ``seat``
        are unseen: they are drawn (uniformly) from the player's cards of this
        hand (held or played) other than its marker, so the world's passes
        agree with its hands. For a given deal each player has as many
        choices, so the world stays uniform over markers and passes too.
        """
        pool = self.hidden_from(seat)
        places = iter(masks)
        others = self._others(seat)
        for other in others:
            self.hands[other] = self.hands[other] & ~pool | next(places)
        for other in others:
            if self.outgoing[other]:
                self.outgoing[other] = self.given[other] = next(places)
        if self.turned_up:
            self.turned_up = next(places)
        delivered = self.phase is PLAY_PHASE and self.rules.pass_count > 0
        for other in others:
            giver = (other - self.pass_offset) % self.players
            known = giver == seat or not delivered  # what it received: seen by seat, or nothing
            marker = self.markers[other]
            if marker is not None and not self.revealed[other]:
                marker = rng.choice(list(bits(self.hands[other] & ~self.given[seat])))
                self.markers[other] = marker
            if not known:
                held = self.hands[other] | self.played[other]
                if marker is not None:
                    held &= ~(1 << marker)
                self.given[giver] = sum(1 << c for c in rng.sample(
                    list(bits(held)), self.given[giver].bit_count()))
        if self.phase is PLAY_PHASE:  # a face-down marker drawn anew: what its seat may call
            self.spec = team_spec(self.spec.side_of, self.spec.trumps, self._call_markers())

    def unlike_cards(self) -> int:
        """The markers still in hand (playing one is not like playing another card), and
        the trumps that may meet another suit's (the trick-play core's)."""
        held = 0
        for hand in self.hands:
            held |= hand
        return held & sum(1 << marker for marker in self.markers if marker is not None) \
            | super().unlike_cards()

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now (for leak tests).

        Other hands and the cards on their way to them, and the face-down
        turned-up card; not the cards ``seat`` passed, nor revealed markers.
        """
        hidden = self.turned_up
        for other in range(self.players):
            if other != seat:
                hidden |= self.hands[other] | self.outgoing[other]
        for other, marker in enumerate(self.markers):
            if marker is not None and self.revealed[other]:
                hidden &= ~(1 << marker)
        return hidden & ~self.given[seat]
