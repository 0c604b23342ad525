"""The partition search's table of bounds: keys (leader and every hand's length in every
class) and, for each key, a chain of rows, each the owners of the top live cards of
each class that an answer rested on, with a lower and an upper bound on what is to come.

>>> import numpy as np
>>> bin(top_cards(np.int64(0b1111), np.int64(0b1011), np.int64(2)))  # top two live: 3, 1
'0b1110'
"""

from __future__ import annotations

import numpy as np
from numba import boolean
from numba.types import UniTuple  # type: ignore[attr-defined]

from tricktable.solver.dd import (
    A1,
    A2,
    CLASSES,
    NONE,
    ONE,
    POINTS,
    ZERO,
    I,
    highest,
    lowest,
    popcount,
)
from tricktable.solver.kernel_cache import kernel

# the table: a hash of the keys (lengths and leader), each with its chain of pattern rows
# (newest first), so a lookup reads only the patterns of its own key; when the rows or
# the keys run out, the table starts again empty (it is only a cache of proven bounds)
# a key's slot: its words (lengths and leader; the owners of the cards that score) and
# its first row + 1
KEY_LOW, KEY_HIGH, KEY_POINTS, KEY_FIRST = range(4)
PROBES = 16  # slots tried from a key's hash before the table counts as full
ROWS_USED, KEYS_USED = range(2)  # the table's bookkeeping (``meta``)
# a row: lower and upper bound, the relevant count per class (5 bits each), the best card,
# the owners of those cards and their masks, two classes a word (owner_words), then one
# word per class of their points (point_pattern)
LOWER, UPPER, COUNTS, BEST, OWNERS = range(5)
# a row's link, in an array of its own (``links``, one word a row, so a chain's walk reads
# 8 bytes a row where a row is about a hundred): the next row of its key's chain + 1 (0:
# none) above bit 32; then, for the first SIGNED_CLASSES classes, 2 bits each: which of
# those classes the row names cards of (bits 16-31) and who holds each one's top card (bits
# 0-15). A row can serve a position only where those owners agree (:func:`may_match`), so
# the walk skips most rows of a long chain without reading them
SIGNED_CLASSES = 8
SIGNATURE_BITS = 2 * SIGNED_CLASSES
SIGNATURE = (1 << SIGNATURE_BITS) - 1
TAG = (1 << 32) - 1  # a link word's bits below its next row (:func:`link_tag`)
NO_BOUND = 1 << 20
MAX_POINT_CARDS = 21  # cards that score, for the key of a search for points (3 bits each)
MAX_COUNTS = 26  # hands times classes the key holds (4 bits each, 13 in each word)


@kernel(I(I), inline=True)
def owner_words(classes: int) -> int:
    """A table row's words of owners: two classes a word, each 2 bits a card (15 cards at
    most: 30 bits), and as many words of their masks (:func:`matches`)."""
    return (classes + 1) >> 1


@kernel(I(I, I, I), inline=True)
def top_cards(cls: int, live: int, k: int) -> int:
    """The ids of class ``cls`` at or above its ``k``-th highest ``live`` card (k >= 1)."""
    rest = live & cls
    for _ in range(k - 1):
        rest ^= ONE << highest(rest)
    return cls & ~((ONE << highest(rest)) - 1)


@kernel(UniTuple(I, 2)(A1, I, A1, I, I), inline=True)
def table_key(hands: np.ndarray, players: int, class_masks: np.ndarray, classes: int,
              leader: int) -> tuple[int, int]:
    """The table key: every hand's length in every class, 4 bits each, 13 to a word, and
    the leader in the second word's top bits."""
    low = ZERO
    high = leader << 56
    i = 0
    for s in range(players):
        hand = hands[s]
        for k in range(classes):
            count = popcount(hand & class_masks[k])
            if i < 13:
                low |= count << (4 * i)
            else:
                high |= count << (4 * (i - 13))
            i += 1
    return low, high


@kernel(I(I, A1, I, I), inline=True)
def owners(cls: int, hands: np.ndarray, players: int, live: int) -> int:
    """Who holds each live card of class ``cls``, from the highest down, 2 bits each.

    >>> import numpy as np
    >>> hands = np.array([0b0001, 0b0100, 0b1000, 0], dtype=np.int64)
    >>> bin(owners(np.int64(0b1111), hands, np.int64(4), np.int64(0b1101)))  # 3, 2, 0
    '0b110'
    """
    word = ZERO
    rest = live & cls
    for s in range(1, players):  # seat 0 adds nothing
        held = hands[s] & rest
        while held:
            card = lowest(held)
            held &= held - 1
            word |= s << (2 * popcount(rest >> (card + 1)))  # below the cards above it
    return word


@kernel(I(A1, I, I, A1, I), inline=True)
def point_owners(hands: np.ndarray, players: int, live: int, point_cards: np.ndarray,
                 scoring: int) -> int:
    """Who holds each live card that scores points (``scoring``, a mask), 3 bits a card
    (0: played), in the order of ``point_cards`` (each card's place in that order, -1: no
    points).

    In a search for card points, positions share a table entry only where every such
    card lies in the same hand: then the cards the answer did not rest on may change
    hands only for cards of no points, or of the same points in the same class
    (:func:`probe`).
    """
    word = ZERO
    rest = live & scoring
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        place = point_cards[card]
        for s in range(players):
            if (hands[s] >> card) & 1:
                word |= (s + 1) << (3 * place)
                break
    return word


@kernel(I(I, I, A1, I), inline=True)
def point_pattern(cls: int, live: int, points: np.ndarray, scoring: int) -> int:
    """The points of class ``cls``'s live cards from the highest down, 3 bits a card (the
    highest card's in the lowest bits, as :func:`owners`); ``scoring`` masks the cards
    that score (the others add nothing, so they are not visited).

    A table entry names the cards its answer rested on by their rank among the live
    cards; it serves a position only where those cards score as they did (the first
    ``3 k`` bits agree), so that every card it names scores alike.

    >>> import numpy as np
    >>> bin(point_pattern(np.int64(0b1111), np.int64(0b1011), np.array([0, 2, 0, 3]),
    ...                   np.int64(0b1010)))
    '0b10011'
    """
    word = ZERO
    rest = live & cls
    held = rest & scoring
    while held:
        card = lowest(held)
        held &= held - 1
        word |= points[card] << (3 * popcount(rest >> (card + 1)))
    return word


@kernel(I(I, I, I, A2), inline=True)
def key_slot(low: int, high: int, point_owners: int, keys: np.ndarray) -> int:
    """The slot of the key (``low``, ``high``, ``point_owners``) in ``keys``, or of the
    empty slot where it belongs (its first row 0); -1 where :data:`PROBES` slots from its
    hash are all taken."""
    h = np.uint64(low) * np.uint64(0x9E3779B97F4A7C15)
    h ^= h >> np.uint64(29)
    h = (h ^ np.uint64(high)) * np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(32)
    h = (h ^ np.uint64(point_owners)) * np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    size_mask = keys.shape[0] - 1
    slot = np.int64(h & np.uint64(size_mask))
    for _ in range(PROBES):
        if keys[slot, KEY_FIRST] == 0 or (keys[slot, KEY_LOW] == low
                                          and keys[slot, KEY_HIGH] == high
                                          and keys[slot, KEY_POINTS] == point_owners):
            return slot
        slot = (slot + 1) & size_mask
    return NONE


@kernel(I(A2, A1))
def clear_table(keys: np.ndarray, meta: np.ndarray) -> int:
    """Empty the table (every key's chain dropped)."""
    for slot in range(keys.shape[0]):
        keys[slot, KEY_FIRST] = 0
    meta[ROWS_USED] = 0
    meta[KEYS_USED] = 0
    return ZERO


@kernel(boolean(A2, I, I, A2, A2, I, I, boolean), inline=True)
def matches(tt: np.ndarray, row: int, counts: int, own: np.ndarray, patterns: np.ndarray,
            depth: int, classes: int, is_points: bool) -> bool:
    """Whether the owners at ``depth`` (two classes a word, as :func:`store` keeps them),
    and in a search for points the points, agree with table row ``row`` on its top cards."""
    words = owner_words(classes)
    for w in range(words):
        if own[depth, w] & tt[row, OWNERS + words + w] != tt[row, OWNERS + w]:
            return False
    if is_points:
        for k in range(classes):
            count = (counts >> (5 * k)) & 31
            if patterns[depth, k] & ((ONE << (3 * count)) - 1) \
                    != tt[row, OWNERS + 2 * words + k]:
                return False
    return True


@kernel(I(A2, I, I), inline=True)
def signature(own: np.ndarray, depth: int, classes: int) -> int:
    """Who holds the top live card of each of the first :data:`SIGNED_CLASSES` classes at
    ``depth`` (2 bits a class; seat 0 and a class with no live card alike give 0)."""
    word = ZERO
    for k in range(min(classes, SIGNED_CLASSES)):
        word |= ((own[depth, k >> 1] >> (32 * (k & 1))) & 3) << (2 * k)
    return word


@kernel(I(I, I), inline=True)
def link_tag(counts: int, sig: int) -> int:
    """A row's link word below its next row: which of the first :data:`SIGNED_CLASSES`
    classes it names cards of (``counts``) and, out of the position's ``sig``, who holds
    each one's top card. Two rows of one key with the same counts and pattern have the
    same tag (:func:`store` looks for its row by it)."""
    care = ZERO
    for k in range(SIGNED_CLASSES):
        if (counts >> (5 * k)) & 31:
            care |= 3 << (2 * k)
    return (care << SIGNATURE_BITS) | (sig & care)


@kernel(I(I, I, I), inline=True)
def link(following: int, counts: int, sig: int) -> int:
    """A row's link word: the next row of its chain (-1: none) and its :func:`link_tag`."""
    return ((following + 1) << 32) | link_tag(counts, sig)


@kernel(I(I), inline=True)
def next_row(link_word: int) -> int:
    """The next row of a chain from a row's link word (-1: the chain ends)."""
    return (link_word >> 32) - 1


@kernel(I(I, I), inline=True)
def relinked(link_word: int, following: int) -> int:
    """``link_word`` with its next row changed to ``following``."""
    return ((following + 1) << 32) | (link_word & TAG)


@kernel(boolean(I, I), inline=True)
def may_match(link_word: int, sig: int) -> bool:
    """Whether a row (its link word) may serve a position of signature ``sig``: the top
    card of every class it names is in the same hand (:func:`signature`)."""
    return ((link_word ^ sig) & (link_word >> SIGNATURE_BITS) & SIGNATURE) == 0


@kernel(I(I, A1, A1, I), inline=True)
def pattern_cards(counts: int, class_masks: np.ndarray, params: np.ndarray, live: int) -> int:
    """The relevant cards of a table entry: the top ``k`` live cards of each class."""
    result = ZERO
    for k in range(params[CLASSES]):
        count = (counts >> (5 * k)) & 31
        if count:
            result |= top_cards(class_masks[k], live, count)
    return result


@kernel(I(I, I, I, I, I, I, I, I, I, A2, A1, A2, A1, A2, A2, A1, A1))
def store(key_low: int, key_high: int, key_points: int, found: int, live: int, result: int,
          target: int, best_card: int, depth: int, tt: np.ndarray, links: np.ndarray,
          keys: np.ndarray, meta: np.ndarray, own: np.ndarray, patterns: np.ndarray,
          params: np.ndarray, class_masks: np.ndarray) -> int:
    """Record a probe's answer at a trick start under its key and pattern: the owners of
    its relevant live cards. Returns the row written."""
    classes = params[CLASSES]
    counts = ZERO
    for k in range(classes):
        counts |= popcount(found & live & class_masks[k]) << (5 * k)
    sig = signature(own, depth, classes)
    tag = link_tag(counts, sig)
    slot = key_slot(key_low, key_high, key_points, keys)
    if slot >= 0:
        r = keys[slot, KEY_FIRST] - 1
        while r >= 0:
            if links[r] & TAG == tag and tt[r, COUNTS] == counts \
                    and matches(tt, r, counts, own, patterns, depth, classes,
                                params[POINTS] == 1):
                break
            r = next_row(links[r])
    else:
        r = NONE
    if r < 0:
        if slot < 0 or meta[ROWS_USED] == tt.shape[0] \
                or 4 * meta[KEYS_USED] >= 3 * keys.shape[0]:
            clear_table(keys, meta)
            slot = key_slot(key_low, key_high, key_points, keys)
        if keys[slot, KEY_FIRST] == 0:
            keys[slot, KEY_LOW] = key_low
            keys[slot, KEY_HIGH] = key_high
            keys[slot, KEY_POINTS] = key_points
            meta[KEYS_USED] += 1
        r = meta[ROWS_USED]
        meta[ROWS_USED] += 1
        links[r] = link(keys[slot, KEY_FIRST] - 1, counts, sig)
        keys[slot, KEY_FIRST] = r + 1
        tt[r, COUNTS] = counts
        tt[r, LOWER] = 0
        tt[r, UPPER] = NO_BOUND
        tt[r, BEST] = -1
        words = owner_words(classes)
        for w in range(words):
            tt[r, OWNERS + words + w] = ZERO
        for k in range(classes):
            count = (counts >> (5 * k)) & 31
            tt[r, OWNERS + words + (k >> 1)] |= ((ONE << (2 * count)) - 1) << (32 * (k & 1))
            tt[r, OWNERS + 2 * words + k] = patterns[depth, k] & ((ONE << (3 * count)) - 1)
        for w in range(words):
            tt[r, OWNERS + w] = own[depth, w] & tt[r, OWNERS + words + w]
    if result:
        if target > tt[r, LOWER]:
            tt[r, LOWER] = target
    elif target - 1 < tt[r, UPPER]:
        tt[r, UPPER] = target - 1
    if best_card >= 0:
        tt[r, BEST] = best_card
    return r


