"""What a seat does not know, and dealing it anew: uniform sampling of consistent worlds.

A seat's uncertainty is a :class:`Hidden`: the *pool* of cards whose place it
does not know, and for every *place* that holds some of them (another seat's
hand, the nest, the stock, a face-down discard) how many it holds and which it
*may* hold (a seat that showed out of a suit holds none of it; a Pinochle
player who did not head a trick holds no higher card of the suit).
:meth:`Hidden.sample` deals the pool to the places so that each consistent
deal comes out with the same probability.

Cards are grouped by the set of places that may hold them; the number of
consistent deals is counted class by class over the places' remaining room
(memoised), and a deal is drawn class by class with each split weighted by
the number of deals that complete it. So sampling is exact, with no rejection.

>>> hidden = Hidden(pool=0b1111, sizes=(2, 2), allowed=(0b0111, 0b1111))
>>> hidden.count()  # card 3 must go to place 1: choose its partner from 3
3
>>> import random
>>> masks = hidden.sample(random.Random(1))
>>> hidden.consistent(masks), masks[1] >> 3 & 1
(True, 1)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from tricktable.cards import bits

Caps = tuple[int, ...]
Table = tuple[int, tuple[tuple[tuple[int, ...], int], ...]]  # deals; each split, its deals


class InconsistentWorld(ValueError):
    """No deal of the hidden cards agrees with what the seat knows."""


@dataclass(frozen=True)
class Hidden:
    """The cards a seat cannot place (``pool``); per place, ``sizes`` and ``allowed`` cards."""

    pool: int
    sizes: tuple[int, ...]
    allowed: tuple[int, ...]
    _classes: tuple[tuple[int, tuple[int, ...]], ...] = field(init=False, repr=False)
    _room: tuple[Caps, ...] = field(init=False, repr=False)  # per class: cards allowed per place
    _memo: dict[tuple[int, Caps], Table] = field(
        init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.sizes) != len(self.allowed):
            raise ValueError("one size and one allowed mask per place")
        groups: dict[int, int] = {}
        for card in bits(self.pool):
            signature = sum(1 << p for p, mask in enumerate(self.allowed) if mask >> card & 1)
            groups[signature] = groups.get(signature, 0) | 1 << card
        classes = tuple(sorted(
            (mask, tuple(p for p in range(len(self.sizes)) if signature >> p & 1))
            for signature, mask in groups.items()))
        room: list[Caps] = [(0,) * len(self.sizes)]
        for mask, places in reversed(classes):
            count = mask.bit_count()
            room.append(tuple(r + (count if p in places else 0) for p, r in enumerate(room[-1])))
        object.__setattr__(self, "_classes", classes)
        object.__setattr__(self, "_room", tuple(reversed(room)))

    def count(self) -> int:
        """How many deals of the pool agree with the sizes and allowed cards."""
        if sum(self.sizes) != self.pool.bit_count():
            return 0
        return self._ways(0, self.sizes)

    def _ways(self, index: int, caps: Caps) -> int:
        return self._table(index, caps)[0]

    def _table(self, index: int, caps: Caps) -> Table:
        """The deals of classes ``index`` on that fill ``caps``, and each way to share class
        ``index`` among its places with the deals it leaves (memoised: a decision draws
        dozens of worlds from one ``Hidden``)."""
        key = (index, caps)
        known = self._memo.get(key)
        if known is not None:
            return known
        table: Table
        if index == len(self._classes):
            table = (0 if any(caps) else 1, ())
        elif any(c > r for c, r in zip(caps, self._room[index], strict=True)):
            table = (0, ())
        else:
            splits = tuple(self._splits(index, caps))
            table = (sum(weight for _, weight in splits), splits)
        self._memo[key] = table
        return table

    def _splits(self, index: int, caps: Caps) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each way to share class ``index`` among its places, with its number of deals."""
        mask, places = self._classes[index]
        n = mask.bit_count()
        for split in _compositions(n, [caps[p] for p in places]):
            rest = list(caps)
            for place, k in zip(places, split, strict=True):
                rest[place] -= k
            ways = self._ways(index + 1, tuple(rest))
            if ways:
                yield split, ways * _multinomial(n, split)

    def sample(self, rng: random.Random) -> list[int]:
        """One consistent deal, uniformly at random: the mask of pool cards each place holds."""
        total = self.count()
        if not total:
            raise InconsistentWorld("no deal of the unseen cards fits what the seat knows")
        masks = [0] * len(self.sizes)
        caps = self.sizes
        for index, (mask, places) in enumerate(self._classes):
            split = self._pick_split(index, caps, rng)
            cards = list(bits(mask))
            rng.shuffle(cards)
            start = 0
            rest = list(caps)
            for place, k in zip(places, split, strict=True):
                for card in cards[start:start + k]:
                    masks[place] |= 1 << card
                start += k
                rest[place] -= k
            caps = tuple(rest)
        return masks

    def _pick_split(self, index: int, caps: Caps, rng: random.Random) -> tuple[int, ...]:
        total, splits = self._table(index, caps)
        pick = rng.randrange(total)
        for split, weight in splits:
            if pick < weight:
                return split
            pick -= weight
        raise AssertionError("the weights add up to the count")

    def consistent(self, masks: Sequence[int]) -> bool:
        """Whether ``masks`` (one per place) is a deal of the pool this seat could face."""
        union = 0
        for mask, size, allowed in zip(masks, self.sizes, self.allowed, strict=True):
            if mask & union or mask.bit_count() != size or mask & ~allowed:
                return False
            union |= mask
        return union == self.pool


def _compositions(total: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as parts bounded by ``limits``, in order.

    >>> list(_compositions(2, [1, 2]))
    [(0, 2), (1, 1)]
    """
    if not limits:
        if total == 0:
            yield ()
        return
    first, rest = limits[0], limits[1:]
    room = sum(rest)
    for k in range(max(0, total - room), min(first, total) + 1):
        for tail in _compositions(total - k, rest):
            yield (k, *tail)


def _multinomial(n: int, parts: Sequence[int]) -> int:
    result = math.factorial(n)
    for part in parts:
        result //= math.factorial(part)
    return result
