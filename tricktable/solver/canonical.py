"""A play spec as the compiled searches read it: int64 tables in a canonical card order.

:func:`tables` turns a :class:`~tricktable.engine.play.PlaySpec` into the arrays the
numba searches read (:mod:`tricktable.solver.compiled`, :mod:`tricktable.solver.race`),
with each follow class's cards contiguous and by rank, so one class is one bit range
and a higher bit a card at least as strong. Kept apart from the searches so that one
of them loads without the others' compiled code.

>>> from tricktable.cards import STANDARD
>>> from tricktable.engine.spec import plain_spec
>>> t = tables(plain_spec(STANDARD, players=4, sides=2, trump=0))
>>> len(t.class_masks), t.partition, t.copies
(4, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tricktable.cards import bits
from tricktable.engine.play import PlaySpec


class BudgetExceeded(RuntimeError):
    """A solve ran past its node or time budget: it proved no value."""


def past_budget(max_nodes: int, max_seconds: float | None, by_nodes: bool) -> str:
    """What a solve stopped at a budget says (``by_nodes``: the node budget, else time).

    >>> past_budget(100, None, True)
    'the solve ran past its budget of 100 nodes: no value proved'
    """
    what = f"{max_nodes} nodes" if by_nodes else f"{max_seconds} s"
    return f"the solve ran past its budget of {what}: no value proved"


class Unsupported(ValueError):
    """A position the compiled kernel cannot search (the caller falls back to the rules)."""


@dataclass(frozen=True)
class Tables:
    """A spec's trick-play rules as int64 arrays in canonical card order."""

    order: tuple[int, ...]  # canonical id -> card
    index: tuple[int, ...]  # card -> canonical id
    follows: np.ndarray
    rank: np.ndarray
    trumps: np.ndarray
    points: np.ndarray
    class_masks: np.ndarray
    class_of: np.ndarray
    rank_lo: np.ndarray  # the first canonical id of a card's rank in its class (copies)
    rank_hi: np.ndarray  # the last one
    partition: bool  # follow classes partition the deck and one trump set serves every seat
    copies: bool  # some cards have an equal-ranked twin

    def mask(self, cards: int) -> int:
        """A mask of cards in canonical ids."""
        index = self.index
        result = 0
        for card in bits(cards):
            result |= 1 << index[card]
        return result


@lru_cache(maxsize=64)
def tables(spec: PlaySpec) -> Tables:
    """The canonical tables of ``spec`` (cached: specs are frozen)."""
    size = len(spec.follows)
    if size > 62:
        raise Unsupported(f"the kernel searches decks of at most 62 cards, not {size}")

    def signature(card: int) -> tuple[int, ...]:
        return (spec.follows[card], *((trumps >> card) & 1 for trumps in spec.trumps))

    classes: dict[tuple[int, ...], list[int]] = {}
    for card in range(size):
        classes.setdefault(signature(card), []).append(card)
    order: list[int] = []
    class_of = [0] * size
    class_masks: list[int] = []
    for number, members in enumerate(classes.values()):
        members.sort(key=lambda card: (spec.rank[card], card))
        mask = 0
        for card in members:
            class_of[len(order)] = number
            mask |= 1 << len(order)
            order.append(card)
        class_masks.append(mask)
    index = [0] * size
    for new, card in enumerate(order):
        index[card] = new

    def remap(mask: int) -> int:
        result = 0
        for card in bits(mask):
            result |= 1 << index[card]
        return result

    rank = [spec.rank[card] for card in order]
    rank_lo, rank_hi = list(range(size)), list(range(size))
    for new in range(1, size):
        if class_of[new] == class_of[new - 1] and rank[new] == rank[new - 1]:
            rank_lo[new] = rank_lo[new - 1]
    for new in range(size - 2, -1, -1):
        if class_of[new] == class_of[new + 1] and rank[new] == rank[new + 1]:
            rank_hi[new] = rank_hi[new + 1]
    follows = [remap(spec.follows[card]) for card in order]
    partition = len(set(spec.trumps)) == 1 and all(
        follows[new] == class_masks[class_of[new]] for new in range(size))
    return Tables(
        order=tuple(order), index=tuple(index),
        follows=np.array(follows, dtype=np.int64),
        rank=np.array(rank, dtype=np.int64),
        trumps=np.array([remap(t) for t in spec.trumps], dtype=np.int64),
        points=np.array([spec.points[card] for card in order], dtype=np.int64),
        class_masks=np.array(class_masks, dtype=np.int64),
        class_of=np.array(class_of, dtype=np.int64),
        rank_lo=np.array(rank_lo, dtype=np.int64), rank_hi=np.array(rank_hi, dtype=np.int64),
        partition=partition, copies=rank_lo != list(range(size)))
