"""Dealing: the shuffle saved games rely on, a deal round by round, and explicit hands read
from a ``deal=`` (split from :mod:`tricktable.engine.state`, which re-exports them).

>>> [bin(m) for m in deal_round([0, 1, 2, 3], players=2, dealer=0)]
['0b1010', '0b101']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.cards import Card, Deck, Seat


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws from
    the generator, the same order, so saved games deal the same), in a third of the time:
    each step's bit count is looked up, not computed, and no method is called per card.

    >>> import random
    >>> mine, theirs = list(range(10)), list(range(10))
    >>> shuffle(random.Random(7), mine); random.Random(7).shuffle(theirs); mine == theirs
    True
    """
    steps = _SHUFFLE_STEPS.get(len(items))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(items)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(items))))
    getrandbits = rng.getrandbits
    for i, n, k in steps:  # random.Random._randbelow_with_getrandbits(i + 1), inlined
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def deal_round(cards: Sequence[Card], players: int, dealer: Seat) -> list[int]:
    """Deal ``cards`` one at a time from the dealer's left; return each seat's mask.

    >>> [bin(m) for m in deal_round([0, 1, 2, 3, 4], players=2, dealer=1)]
    ['0b10101', '0b1010']
    """
    bit = _BITS.__getitem__  # the cards are distinct: a sum of their bits is their mask
    return [sum(map(bit, cards[(seat - dealer - 1) % players::players]))
            for seat in range(players)]


_BITS = [1 << card for card in range(128)]


def read_deal(
    deck: Deck, deal: Mapping[str, Any], players: int, hand_size: int, piles: Mapping[str, int]
) -> tuple[int, list[int], dict[str, int]]:
    """Read explicit hands: ``{"dealer": 0, "hands": [...], <pile>: [...]}``.

    Returns the dealer, each seat's hand mask and each named pile's mask; the
    hands and piles together must be the whole deck, each card once.

    >>> from tricktable.cards import SIXTYSIX
    >>> hands = ["AS 10S KS QS JS 9S", "AH 10H KH QH JH 9H"]
    >>> dealer, masks, rest = read_deal(SIXTYSIX, {"hands": hands, "stock": list(
    ...     "AD 10D KD QD JD 9D AC 10C KC QC JC 9C".split())}, 2, 6, {"stock": 12})
    >>> dealer, [bin(m).count("1") for m in masks], bin(rest["stock"]).count("1")
    (0, [6, 6], 12)
    """
    known = {"dealer", "hands", *piles}
    unknown = sorted(set(deal) - known)
    if unknown:
        raise DealError(f"unknown deal key {unknown[0]!r}; a deal has: {', '.join(sorted(known))}")
    dealer = deal.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise DealError(f"the dealer must be a seat from 0 to {players - 1}")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise DealError(f"a deal needs 'hands': a list of {players} hands")
    groups = [(f"seat {seat}'s hand", hand, hand_size) for seat, hand in enumerate(hands)]
    groups += [(name, deal.get(name, []), size) for name, size in piles.items()]
    seen = 0
    masks: list[int] = []
    for label, cards, size in groups:
        if not isinstance(cards, str) and not (
            isinstance(cards, list) and all(isinstance(card, str) for card in cards)
        ):
            raise DealError(f"{label} must be card texts, a list or one string: {cards!r}")
        try:
            ids = deck.parse_many(cards, taken=seen)
        except ValueError as error:
            raise DealError(f"{label}: {error}") from None
        if len(ids) != size:
            raise DealError(f"{label} must have {size} cards, not {len(ids)}")
        mask = 0
        for card in ids:
            mask |= 1 << card
        if mask & seen:
            raise DealError(f"{label} repeats a card dealt elsewhere")
        seen |= mask
        masks.append(mask)
    if seen != deck.full:
        raise DealError("the deal does not use every card of the deck exactly once")
    return dealer, masks[:players], dict(zip(piles, masks[players:], strict=True))


class DealError(ValueError):
    """Explicit hands that are not a valid deal."""
