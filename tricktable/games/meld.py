"""Pinochle meld: the items a hand holds for a trump suit, by the RULES.md table.

Three groups; a card may serve in melds of different groups but only once in
its own group (so a run's K-Q is not also a royal marriage):

- A: run A-10-K-Q-J of trump 15, double run 150; royal marriage (K-Q of trump)
  4; marriage (K-Q of another suit) 2; dix (9 of trump) 1 each.
- B: aces around (one A of each suit) 10, double 100; kings 8/80; queens
  6/60; jacks 4/40.
- C: pinochle (Q♠ + J♦) 4, double pinochle 30.

A hand is a :data:`~tricktable.cards.PINOCHLE` card mask; suits are 0..3 for
♠ ♥ ♦ ♣. Where one copy of a card is melded, the lower card id is the one
shown (and the one played first, see :mod:`tricktable.games.pinochle`).

>>> hand = mask_of("AH 10H KH QH JH KH QH 9H QS JD KC QC")
>>> m = meld(hand, trump=1)
>>> [(item.name, item.value) for item in m.items]
[('run', 15), ('royal marriage', 4), ('marriage', 2), ('dix', 1), ('pinochle', 4)]
>>> m.total, meld_total(hand, 1), meld_totals(hand)
(26, 26, (10, 26, 10, 12))
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from tricktable.cards import PINOCHLE, Card, Suit

SUITS = 4
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
RUN_RANKS = (ACE, TEN, KING, QUEEN, JACK)
AROUND = ((ACE, "aces", 10, 100), (KING, "kings", 8, 80), (QUEEN, "queens", 6, 60),
          (JACK, "jacks", 4, 40))
"""Group B: rank, name, single value, double value."""
SPADES, DIAMONDS = PINOCHLE.parse_suit("S"), PINOCHLE.parse_suit("D")
_COUNT = (0, 1, 1, 2)
_HELD: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 1))  # copies held, by 2-bit pattern


def face(suit: Suit, rank: int) -> Card:
    """The id of the first copy of a card: two copies per face, adjacent ids.

    >>> PINOCHLE.text(face(SPADES, QUEEN)), PINOCHLE.text(face(SPADES, QUEEN) + 1)
    ('Q♠', 'Q♠')
    """
    return suit * 12 + rank * 2


PINOCHLE_FACES = (face(SPADES, QUEEN), face(DIAMONDS, JACK))


def count(hand: int, first: Card) -> int:
    """How many copies of the face starting at ``first`` the hand holds (0..2).

    >>> count(mask_of("QS QS AH"), face(SPADES, QUEEN)), count(mask_of("AH"), face(SPADES, ACE))
    (2, 0)
    """
    return _COUNT[hand >> first & 3]


def mask_of(text: str | Iterable[str]) -> int:
    """The mask of cards in notation, copies allocated in turn.

    >>> bin(mask_of("QS QS AH"))
    '0b10000000000000000110000'
    """
    mask = 0
    for card in PINOCHLE.parse_many(text):
        mask |= 1 << card
    return mask


class MeldItem(NamedTuple):
    """One meld: its name, value and the card ids that make it."""

    name: str
    value: int
    cards: tuple[Card, ...]

    def texts(self) -> list[str]:
        """The cards' display texts.

        >>> meld(mask_of("QS JD"), 0).items[0].texts()
        ['Q♠', 'J♦']
        """
        return [PINOCHLE.text(card) for card in self.cards]


class Meld(NamedTuple):
    """A hand's meld for one trump: the items, their total, the cards shown."""

    items: tuple[MeldItem, ...]
    total: int
    shown: int  # mask of every card that serves in some item


def _copies(hand: int, faces: Iterable[Card], index: int) -> tuple[Card, ...]:
    """For each face, the ``index``-th copy the hand holds (0: the lower id)."""
    return tuple(first + _HELD[hand >> first & 3][index] for first in faces)


def _both(faces: Iterable[Card]) -> tuple[Card, ...]:
    """Both copies of each face, face by face (a double meld)."""
    return tuple(card for first in faces for card in (first, first + 1))


def _times(hand: int, faces: Iterable[Card]) -> int:
    """How many times the hand holds every face of ``faces``: the least count (0..2).

    >>> _times(mask_of("KS KS QS QS KH"), (face(SPADES, KING), face(SPADES, QUEEN)))
    2
    """
    times = 2
    for first in faces:
        held = _COUNT[hand >> first & 3]
        if held < times:
            if not held:
                return 0
            times = held
    return times


RUNS = tuple(tuple(face(trump, rank) for rank in RUN_RANKS) for trump in range(SUITS))
PAIRS = tuple((face(suit, KING), face(suit, QUEEN)) for suit in range(SUITS))
AROUND_FACES = tuple(tuple(face(suit, rank) for suit in range(SUITS)) for rank, *_ in AROUND)


def _group_a(hand: int, trump: Suit) -> list[MeldItem]:
    run = RUNS[trump]
    runs = _times(hand, run)
    items: list[MeldItem] = []
    if runs == 2:
        items.append(MeldItem("double run", 150, _both(run)))
    elif runs == 1:
        items.append(MeldItem("run", 15, _copies(hand, run, 0)))
    for suit, pair in enumerate(PAIRS):
        times = _times(hand, pair)
        used = runs if suit == trump else 0
        if times > used:
            name, value = ("royal marriage", 4) if suit == trump else ("marriage", 2)
            for index in range(used, times):
                items.append(MeldItem(name, value, _copies(hand, pair, index)))
    nine = face(trump, NINE)
    items.extend(MeldItem("dix", 1, _copies(hand, [nine], i)) for i in range(count(hand, nine)))
    return items


def _group_b(hand: int) -> list[MeldItem]:
    items = []
    for (_, name, single, double), faces in zip(AROUND, AROUND_FACES, strict=True):
        times = _times(hand, faces)
        if times == 2:
            items.append(MeldItem(f"double {name} around", double, _both(faces)))
        elif times == 1:
            items.append(MeldItem(f"{name} around", single, _copies(hand, faces, 0)))
    return items


def _group_c(hand: int) -> list[MeldItem]:
    times = _times(hand, PINOCHLE_FACES)
    if times == 2:
        return [MeldItem("double pinochle", 30, _both(PINOCHLE_FACES))]
    if times == 1:
        return [MeldItem("pinochle", 4, _copies(hand, PINOCHLE_FACES, 0))]
    return []


def meld(hand: int, trump: Suit) -> Meld:
    """Every meld item of ``hand`` with ``trump``, group A, then B, then C.

    >>> m = meld(mask_of("QS QS JD JD KS QH KD"), trump=2)
    >>> [(i.name, i.value, " ".join(i.texts())) for i in m.items], m.total
    ([('marriage', 2, 'K♠ Q♠'), ('double pinochle', 30, 'Q♠ Q♠ J♦ J♦')], 32)
    """
    items = (*_group_a(hand, trump), *_group_b(hand), *_group_c(hand))
    shown = 0
    for item in items:
        for card in item.cards:
            shown |= 1 << card
    return Meld(items, sum(item.value for item in items), shown)


def meld_total(hand: int, trump: Suit) -> int:
    """The meld of ``hand`` with ``trump``, in points.

    >>> meld_total(mask_of("AS AH AD AC KS KH KD KC 9C 9C JH 10S"), trump=3)
    20
    """
    return meld(hand, trump).total


@lru_cache(maxsize=8192)
def meld_totals(hand: int) -> tuple[int, ...]:
    """The meld of ``hand`` under each trump ♠ ♥ ♦ ♣ (cached: hands repeat in views).

    >>> meld_totals(mask_of("KS QS KH QH"))
    (6, 6, 4, 4)
    """
    return tuple(meld_total(hand, trump) for trump in range(SUITS))
