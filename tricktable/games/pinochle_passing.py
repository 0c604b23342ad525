"""Pinochle's passing (option ``passing``): after trump is named the bidder's partner
passes ``pass_count`` cards to the bidder, then the bidder passes as many back.

Rulings (docs/rules-pinochle.md, "Passing"): the partner passes first, one
card at a time, face down; the bidder picks the cards up once all are passed
and then passes back the same number, which may include cards just received.
Meld is counted after both passes. A passed card is seen by its giver and
its receiver only: the giver knows it is in the receiver's hand until it is
played or passed back, the receiver sees it arrive, the other team learns
nothing but the count.

This module holds what passing adds to the game: the state, the actions, the
private view and the hidden cards. :class:`Passing` is mixed into
:class:`~tricktable.games.pinochle.PinochleGame`.

>>> import tricktable
>>> game = tricktable.new_game("pinochle", seed=1, options={"passing": True})
>>> while game.phase.value == "bid":
...     _ = game.apply(game.legal_actions()[0] if game.high_bid > 20 else "bid 21")
>>> _ = game.apply("trump ♥")
>>> game.phase.value, game.to_move == (game.bidder or 0) ^ 2, game.prompt(game.to_move or 0)[:30]
('pass', True, 'Pass 3 cards to your partner (')
"""

from __future__ import annotations

import random

from tricktable.cards import PINOCHLE, Card, Seat, bits
from tricktable.engine.events import Event
from tricktable.engine.state import JSON, PASS_PHASE, Phase

hand_text = PINOCHLE.hand_texts


class Passing:
    """The passing between the bidder and partner, mixed into the Pinochle game.

    ``gave[seat]`` holds every card ``seat`` passed this hand; ``outgoing``
    the cards on their way (passed, not yet picked up).
    """

    hands: list[int]
    played: list[int]
    shown: list[int]
    bidder: Seat | None
    to_move: Seat | None
    phase: Phase
    log: list[Event]
    pass_count: int  # from the rules: 0 when passing is off

    def seat_name(self, seat: Seat) -> str:
        raise NotImplementedError

    def _start_passing(self) -> None:
        """Clear the passing of a new hand."""
        self.gave = [0, 0, 0, 0]
        self.outgoing = 0
        self.passer: Seat | None = None  # the seat passing now

    def _begin_passes(self) -> None:
        """Trump is named: the partner passes first."""
        partner = (self.bidder or 0) ^ 2
        self.phase = PASS_PHASE
        self.passer = self.to_move = partner

    def _give(self, face: Card) -> bool:
        """Pass one card of ``face`` (the lower copy held); True once both passes are done."""
        seat = self.passer or 0
        pair = self.hands[seat] & (3 << face)
        card = (pair & -pair).bit_length() - 1
        self.hands[seat] ^= 1 << card
        self.outgoing |= 1 << card
        self.gave[seat] |= 1 << card
        receiver = seat ^ 2
        self.log.append(Event("give", seat, f"{self.seat_name(seat)} passes a card to "
                                            f"{self.seat_name(receiver)}",
                              f"you pass {PINOCHLE.text(card)} to {self.seat_name(receiver)}"))
        if self.outgoing.bit_count() < self.pass_count:
            return False
        self.hands[receiver] |= self.outgoing
        self.log.append(Event(
            "receive", receiver,
            f"{self.seat_name(receiver)} picks up {self.pass_count} cards from "
            f"{self.seat_name(seat)}",
            f"you receive {' '.join(hand_text(self.outgoing))} from {self.seat_name(seat)}"))
        self.outgoing = 0
        if seat == self.bidder:
            self.passer = None
            return True
        self.passer = self.to_move = receiver
        return False

    def passing_illegal(self, face: Card) -> str | None:
        """Why passing a card of ``face`` is refused now, or None."""
        if not self.hands[self.passer or 0] >> face & 3:
            return f"you do not hold {PINOCHLE.text(face)}"
        return None

    def passing_view(self, seat: Seat | None) -> JSON:
        """The public count, and for ``seat`` the cards it passed and was passed.

        The cards a seat received show once it has picked them up.
        """
        view: JSON = {"pass_count": self.pass_count}
        if seat is None:
            return view
        partner = seat ^ 2
        delivered = self.gave[partner] & ~self.outgoing if self.passer != partner else 0
        view.update({"pass_to": partner, "passed": hand_text(self.gave[seat]),
                     "received_from": partner, "received": hand_text(delivered)})
        return view

    def known_in_hands(self, seat: Seat) -> int:
        """Cards ``seat`` passed that are still in its partner's hand: it knows where. While
        the partner passes back, none: ``seat`` cannot tell which are coming back."""
        if self.passer == seat ^ 2 and self.outgoing:
            return 0
        return self.gave[seat] & self.hands[seat ^ 2]

    def passing_piles(self, seat: Seat) -> list[int]:
        """The unseen pile on its way: cards another seat is passing now."""
        return [self.outgoing] if self.outgoing and self.passer != seat else []

    def place_passes(self, seat: Seat, piles: list[int], rng: random.Random) -> None:
        """In a world for ``seat``: the pile on its way, and every pass ``seat`` did not see
        drawn anew from the receiver's cards of this hand (held or played), so the world's
        passes agree with its hands and say nothing of the real ones."""
        if piles:
            self.outgoing = self.gave[self.passer or 0] = piles[0]
        for giver in range(4):
            receiver = giver ^ 2
            seen = seat == giver or (seat == receiver and self.passer != giver)
            if not self.gave[giver] or seen or self.passer == giver:
                continue
            held = list(bits((self.hands[receiver] | self.played[receiver]) & ~self.gave[receiver]))
            count = min(self.gave[giver].bit_count(), len(held))
            self.gave[giver] = sum(1 << card for card in rng.sample(held, count))

    def passing_prompt(self, seat: Seat) -> str:
        """What the passer is asked to do."""
        left = self.pass_count - self.outgoing.bit_count()
        first = "" if seat != self.bidder else " back"
        partner = self.seat_name(seat ^ 2)
        return (f"Pass {self.pass_count} cards{first} to your partner ({partner}), one at a time: "
                f"{left} to go")
