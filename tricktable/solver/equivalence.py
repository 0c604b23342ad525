"""Equivalent cards: cards of one hand that play the same, searched once.

Two cards of a suit are equivalent when they have the same points and no
card still in play (in a hand or on the trick) could tell them apart: none
ranks between them, and, in a deck with copies, no other copy of their own
ranks (a copy ties with its twin, and of two equal cards the first played
wins).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def telling_apart(previous: int, card: int, copies: int = 1) -> int:
    """The cards that, still in play, tell ``previous`` from the higher ``card``: every
    copy of their ranks and of the ranks between, but the two themselves.

    >>> bin(telling_apart(2, 5)), bin(telling_apart(6, 8, copies=2))
    ('0b11000', '0b1010000000')
    """
    low = previous - previous % copies
    high = card - card % copies + copies
    return ((1 << high) - (1 << low)) & ~(1 << previous) & ~(1 << card)


def distinct_cards(cards: Iterable[int], live: int, suit_of: Sequence[int],
                   points: Sequence[int], alone: int = 0, copies: int = 1) -> list[int]:
    """One card of each run of equivalent ``cards``, lowest first. ``live`` holds the
    cards still to be played and on the trick; cards in ``alone`` (a face-down
    marker) are like no other; ``points`` empty: tricks count, not cards.

    >>> distinct_cards([1, 2, 4, 5], live=0b111110, suit_of=[0] * 6, points=[])
    [1, 4]
    >>> distinct_cards([7, 8], live=0b1110000000, suit_of=[0] * 10, points=[0] * 10, copies=2)
    [7, 8]
    """
    keep: list[int] = []
    previous = -1
    for card in sorted(cards):
        if alone >> card & 1:
            keep.append(card)
            previous = -1
            continue
        if not (previous >= 0 and suit_of[card] == suit_of[previous]
                and (not points or points[card] == points[previous])
                and not live & telling_apart(previous, card, copies)):
            keep.append(card)
        previous = card
    return keep
