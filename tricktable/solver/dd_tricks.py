"""Trick counts (and card points) by partition search: null-window probes and a table of
bounds on patterns.

Where a spec's follow classes partition the deck, one set of trumps serves every
seat, no card has a twin and the duty is only to follow (and to trump when void),
who wins a trick depends on the cards' ranks within their class, and often on a
few of them only. :func:`probe` answers "does the side searched for take at least
``target`` of the tricks from here?" and also leaves in ``rel[depth]`` the cards
whose owners that answer rested on (the *relevant* cards: a mask of canonical ids
closed upwards within each class). Every position with the same class lengths in
every hand and the same owners of its relevant cards has the same answer
(Ginsberg's partition search; DDS's "winning ranks"). The table of bounds, at
trick starts, is keyed by the leader and the lengths; an entry holds the owners
of the top ``k`` live cards of each class (``k`` per class) with a lower and an
upper bound on the tricks to come.

For card points (:func:`probe` with the params' ``POINTS``) the target counts points,
the key also names who holds each card that scores (and the side's tricks so far, for
a most-tricks bonus), and an entry holds the points of its top ``k`` cards too: a card
is named by its rank among the live cards, so only where the cards of those ranks score
alike does the entry serve (tests/bots/test_compiled.py has positions where it must not).

Where the relevant cards come from:

- a finished trick whose winner beat another card of its class: the winner and
  every card above it in the class;
- a quick-tricks cut: the top cards counted;
- a table entry: the top ``k`` live cards of each class it names;
- a node that searched every move: the union of its children's, lowered through
  a run of the mover's cards searched once (a card left out as equivalent to a
  lower one must be covered with it); a node cut by one move: that child's.

A move searched without a cut that lies below every relevant card of its class
stands for the mover's other cards below them (DDS's "winning ranks" move
pruning): those are left out, and searched after all if a later move makes a card
at or below them relevant.

>>> import numpy as np
>>> bin(top_cards(np.int64(0b1111), np.int64(0b1011), np.int64(2)))  # top two live: 3, 1
'0b1110'
"""

from __future__ import annotations

import time

import numpy as np
from numba import boolean, int64, objmode
from numba.types import UniTuple  # type: ignore[attr-defined]

from tricktable.solver.dd import (
    A1,
    A2,
    ABORT_NODES,
    ABORT_TIME,
    ABORTED,
    CLASS_MASKS_AT,
    CLASS_OF_AT,
    CLASSES,
    CONTEXT_AT,
    COUNTERS_AT,
    DEADLINE_US,
    DUTY,
    HISTORY_AT,
    KEYS_AT,
    LAST_BONUS,
    LIMIT,
    LIVE_POINTS,
    META_AT,
    MOST_BONUS,
    MOVES_AT,
    MY_TRICKS,
    NODES,
    NONE,
    ONE,
    OUT_CARDS_AT,
    OUT_VALUES_AT,
    OWN_AT,
    PARAMS_AT,
    PATTERNS_AT,
    PLAYERS,
    POINT_CARDS_AT,
    POINTS,
    REL_AT,
    TRICK_NODES,
    TRICKS_PLAYED,
    TRUMP,
    TT_AT,
    ZERO,
    I,
    advance,
    card_key,
    close_trick,
    generate,
    highest,
    legal,
    lowest,
    matrix,
    play_views,
    popcount,
    quick,
    reopen_trick,
    terminal,
    vector,
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
# the next row of its key's chain (-1: none), the owners of those cards and their masks, two
# classes a word (owner_words), then one word per class of their points (point_pattern)
LOWER, UPPER, COUNTS, BEST, NEXT, OWNERS = range(6)
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


@kernel(I(I, A1, A1, A1), inline=True)
def trick_rule(win_pos: int, trick: np.ndarray, class_of: np.ndarray,
               class_masks: np.ndarray) -> int:
    """The relevant cards a finished trick adds: its winner and the cards above it in its
    class, if another card of that class was played to it (else none)."""
    card = trick[win_pos]
    cls = class_masks[class_of[card]]
    for j in range(trick.shape[0]):
        if j != win_pos and (cls >> trick[j]) & 1:
            return cls & ~((ONE << card) - 1)
    return ZERO


@kernel(UniTuple(I, 2)(I, I, A1, A1, A1, A1, A1))
def through_partner(leader: int, need: int, hands: np.ndarray, params: np.ndarray,
                    maxside: np.ndarray, trumps: np.ndarray,
                    class_masks: np.ndarray) -> tuple[int, int]:
    """Quick tricks reached through a partner: the leader leads a low card of a class whose
    top card a partner holds, and nobody can trump it (every opponent holds the class
    or no trump), so the partner wins and cashes its own top cards; the best partner's
    count and its relevant cards (0, 0: none). Only where nobody must trump: a partner
    whose class runs out would be made to trump its partner's winners."""
    players = params[PLAYERS]
    if params[DUTY] & TRUMP:
        return ZERO, ZERO
    live = ZERO
    for seat in range(players):
        live |= hands[seat]
    trump = trumps[0]
    mine = maxside[leader]
    best = ZERO
    best_used = ZERO
    for partner in range(players):
        if partner == leader or maxside[partner] != mine:
            continue
        entry = ZERO  # the top card of a class the partner is reached in
        for k in range(params[CLASSES]):
            cls = class_masks[k]
            if hands[leader] & cls == 0:
                continue
            top = highest(live & cls)
            if not (hands[partner] >> top) & 1:
                continue
            safe = True
            for other in range(players):
                if maxside[other] != mine and hands[other] & cls == 0 \
                        and hands[other] & trump:
                    safe = False
            if safe:
                entry = cls & ~((ONE << top) - 1)
                break
        if entry:
            count, used = quick(partner, need, hands, params, maxside, trumps, class_masks)
            if count > best:
                best = count
                best_used = used | entry
    return best, best_used


@kernel(UniTuple(I, 3)(A1, I, I, A1, A1, A1, I, I))
def sure_trumps(hands: np.ndarray, players: int, live: int, trumps: np.ndarray,
                class_masks: np.ndarray, maxside: np.ndarray, target: int,
                left: int) -> tuple[int, int, int]:
    """Sure tricks for the side holding the top live trump, whoever leads: one hand's
    trumps above every opposing trump (each wins the trick it falls on, and one hand
    plays one card a trick), or where the other side holds no trump, its longest trump
    holding. Returns a seat of that side, how many, and the relevant cards (the trumps
    from the highest opposing one, or from the lowest one counted, upwards); seat -1:
    no trumps.

    >>> import numpy as np
    >>> hands = np.array([0b1101, 0b0010, 0, 0], dtype=np.int64)  # seat 0: A Q 10 of 4
    >>> side = np.array([1, 0, 1, 0], dtype=np.int64)
    >>> t = np.array([0b1111] * 4, dtype=np.int64)
    >>> sure_trumps(hands, np.int64(4), np.int64(0b1111), t, np.array([0b1111]), side,
    ...             np.int64(3), np.int64(3))
    (0, 2, 14)
    """
    trump = trumps[0]
    rest = live & trump
    if rest == 0:
        return -ONE, ZERO, ZERO
    high = highest(rest)
    holder = ZERO
    for s in range(players):
        if (hands[s] >> high) & 1:
            holder = s
    side = maxside[holder]
    other = ZERO
    for s in range(players):
        if maxside[s] != side:
            other |= hands[s] & trump
    floor = ZERO if other == 0 else highest(other) + 1
    above = ~((ONE << floor) - 1)
    count = ZERO
    best = holder
    for s in range(players):
        if maxside[s] == side:
            held = popcount(hands[s] & trump & above)
            if held > count:
                count = held
                best = s
    need = target if side == 1 else left - target + 1
    cls = ZERO
    for k in range(class_masks.shape[0]):
        if class_masks[k] & trump:
            cls |= class_masks[k]
    if other == 0:
        return best, min(count, need), ZERO  # the hands' lengths in the class settle it
    if count > need:  # only the trumps the answer needs are relevant
        count = need
        mine = hands[best] & trump & above
        for _ in range(popcount(mine) - need):
            mine ^= mine & -mine
        return best, count, cls & ~((ONE << lowest(mine)) - 1)
    return best, count, cls & ~((ONE << (floor - 1)) - 1)


@kernel(UniTuple(I, 2)(I, I, I, I, A1, A1, A1, A1, A1, A1, A1, A1, A1))
def trick_taker(seat: int, ntrick: int, win_pos: int, win_key: int, trick: np.ndarray,
                hands: np.ndarray, params: np.ndarray, maxside: np.ndarray,
                follows: np.ndarray, rank: np.ndarray, trumps: np.ndarray,
                class_masks: np.ndarray, class_of: np.ndarray) -> tuple[int, int]:
    """The side (``maxside``'s 1 or 0) sure to take the trick in progress, ``seat`` to
    play its ``ntrick``-th card (1 or more): the side whose best card (the one winning so
    far, or one a seat still to play may play: its highest of the led class, else its
    highest trump) beats every card the other side may play; with the relevant cards:
    that card's class from it upwards. Side -1: neither is sure."""
    players = params[PLAYERS]
    leader = (seat - ntrick + players) % players
    lead = trick[0]
    first = trick[win_pos]
    first_side = maxside[(leader + win_pos) % players]
    best_max, card_max = (win_key, first) if first_side == 1 else (-ONE, -ONE)
    best_min, card_min = (win_key, first) if first_side == 0 else (-ONE, -ONE)
    for j in range(ntrick, players):
        other = (leader + j) % players
        held = hands[other]
        led = held & follows[lead]
        own = held & trumps[other]
        if led:
            card = highest(led)
        elif own:
            card = highest(own)
        else:
            continue
        key = card_key(other, card, lead, follows, rank, trumps)
        if maxside[other] == 1:
            if key > best_max:
                best_max, card_max = key, card
        elif key > best_min:
            best_min, card_min = key, card
    if best_max > best_min:
        winner, card = ONE, card_max
    else:
        winner, card = ZERO, card_min
    return winner, class_masks[class_of[card]] & ~((ONE << card) - 1)


@kernel(I(I, I, I, I), inline=True)
def settled(ours: int, count: int, left: int, target: int) -> int:
    """The answer a bound settles: ``count`` sure tricks of ``left`` for the side searched
    for (``ours`` 1) or against it: 1 or 0, or -1 where the target lies beyond it."""
    if ours == 1:
        return ONE if count >= target else -ONE
    return ZERO if left - count < target else -ONE


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


@kernel(I(A1, I, I, A1), inline=True)
def point_owners(hands: np.ndarray, players: int, live: int, point_cards: np.ndarray) -> int:
    """Who holds each live card that scores points, 3 bits a card (0: played), in the
    order of ``point_cards`` (each card's place in that order, -1: no points).

    In a search for card points, positions share a table entry only where every such
    card lies in the same hand: then the cards the answer did not rest on may change
    hands only for cards of no points, or of the same points in the same class
    (:func:`probe`).
    """
    word = ZERO
    rest = live
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        place = point_cards[card]
        if place < 0:
            continue
        for s in range(players):
            if (hands[s] >> card) & 1:
                word |= (s + 1) << (3 * place)
                break
    return word


@kernel(I(I, I, A1), inline=True)
def point_pattern(cls: int, live: int, points: np.ndarray) -> int:
    """The points of class ``cls``'s live cards from the highest down, 3 bits a card (the
    highest card's in the lowest bits, as :func:`owners`).

    A table entry names the cards its answer rested on by their rank among the live
    cards; it serves a position only where those cards score as they did (the first
    ``3 k`` bits agree), so that every card it names scores alike.

    >>> import numpy as np
    >>> bin(point_pattern(np.int64(0b1111), np.int64(0b1011), np.array([0, 2, 0, 3])))
    '0b10011'
    """
    word = ZERO
    rest = live & cls
    held = rest
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


@kernel(I(I, A1, A1, I), inline=True)
def pattern_cards(counts: int, class_masks: np.ndarray, params: np.ndarray, live: int) -> int:
    """The relevant cards of a table entry: the top ``k`` live cards of each class."""
    result = ZERO
    for k in range(params[CLASSES]):
        count = (counts >> (5 * k)) & 31
        if count:
            result |= top_cards(class_masks[k], live, count)
    return result


@kernel(I(I, I, I, I, A1, A1))
def unproven(skipped: int, searched_low: int, found: int, seen: int, class_of: np.ndarray,
             class_masks: np.ndarray) -> int:
    """The ``skipped`` cards that the relevant cards ``found`` no longer show equivalent to
    the card searched in their class (both must lie below every relevant card of it)."""
    result = ZERO
    rest = skipped
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        cls = class_masks[class_of[card]]
        relevant = found & seen & cls
        if relevant:
            low = lowest(relevant)
            if card >= low or lowest(searched_low & cls) >= low:
                result |= ONE << card
    return result


@kernel(I(I, I, I, I, I, A1, A1, I, A1, A1, A1, A1, A1))
def cover_runs(found: int, seat: int, ntrick: int, lead: int, win_key: int, hands: np.ndarray,
               trick: np.ndarray, live: int, params: np.ndarray, follows: np.ndarray,
               rank: np.ndarray, trumps: np.ndarray, class_masks: np.ndarray) -> int:
    """``found`` lowered in each class the mover may play where its lowest relevant card
    is the mover's and so is the next live card below: a run searched by its lowest card."""
    hand = hands[seat]
    allowed = legal(seat, hand, ntrick, lead, win_key, params[DUTY], follows, rank, trumps)
    seen = live
    for j in range(ntrick):
        seen |= ONE << trick[j]
    for k in range(params[CLASSES]):
        cls = class_masks[k]
        if allowed & cls == 0:
            continue
        while True:
            relevant = found & seen & cls
            if relevant == 0:
                break
            low = lowest(relevant)
            if not (hand >> low) & 1:
                break
            below = seen & cls & ((ONE << low) - 1)
            if below == 0:
                break
            under = highest(below)
            if not (hand >> under) & 1:
                break
            found |= cls & ~((ONE << under) - 1)
    return found


@kernel(I(I, I, I, I, I, I, I, I, I, A2, A2, A1, A2, A2, A1, A1))
def store(key_low: int, key_high: int, key_points: int, found: int, live: int, result: int,
          target: int, best_card: int, depth: int, tt: np.ndarray, keys: np.ndarray,
          meta: np.ndarray, own: np.ndarray, patterns: np.ndarray, params: np.ndarray,
          class_masks: np.ndarray) -> int:
    """Record a probe's answer at a trick start under its key and pattern: the owners of
    its relevant live cards. Returns the row written."""
    classes = params[CLASSES]
    counts = ZERO
    for k in range(classes):
        counts |= popcount(found & live & class_masks[k]) << (5 * k)
    slot = key_slot(key_low, key_high, key_points, keys)
    if slot >= 0:
        r = keys[slot, KEY_FIRST] - 1
        while r >= 0:
            if tt[r, COUNTS] == counts and matches(tt, r, counts, own, patterns, depth,
                                                   classes, params[POINTS] == 1):
                break
            r = tt[r, NEXT]
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
        tt[r, NEXT] = keys[slot, KEY_FIRST] - 1
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


TABLE_FIRST = 4  # tricks left from which the table is read before the sure-trick bounds


@kernel(UniTuple(I, 2)(I, I, I, I, A1), inline=True)
def sure_tricks(seat: int, target: int, left: int, live: int,
                context: np.ndarray) -> tuple[int, int]:
    """The answer the sure-trick bounds settle at a trick start, ``seat`` to lead, and
    its relevant cards; -1: none does."""
    hands, _, _, params, maxside, _, _, trumps, _ = play_views(context)
    class_masks = vector(context, CLASS_MASKS_AT)
    need = target if maxside[seat] == 1 else left - target + 1
    count, used = quick(seat, need, hands, params, maxside, trumps, class_masks)
    answer = settled(maxside[seat], count, left, target)
    if answer < 0:
        count, used = through_partner(seat, need, hands, params, maxside, trumps, class_masks)
        answer = settled(maxside[seat], count, left, target)
    if answer < 0:
        holder, count, used = sure_trumps(hands, params[PLAYERS], live, trumps, class_masks,
                                          maxside, target, left)
        if holder >= 0:
            answer = settled(maxside[holder], count, left, target)
    return answer, used


@kernel(I(I, I, I, I, I, I, A1))
def probe(depth: int, seat: int, ntrick: int, win_pos: int, win_key: int, target: int,
          context: np.ndarray) -> int:
    """1 if the side searched for takes at least ``target`` from this node on (the trick
    in progress counted), else 0; ``rel[depth]``: the relevant cards.

    ``target`` counts tricks, or card points with the spec's bonuses where the params
    say so; then the sure-trick bounds are not used, and the table's key also names the
    owner of every card that scores points (:func:`point_owners`).
    """
    hands, tricks, state, params, maxside, follows, rank, trumps, points = play_views(context)
    class_masks = vector(context, CLASS_MASKS_AT)
    class_of = vector(context, CLASS_OF_AT)
    tt = matrix(context, TT_AT)
    keys = matrix(context, KEYS_AT)
    meta = vector(context, META_AT)
    history = matrix(context, HISTORY_AT)
    moves = matrix(context, MOVES_AT)
    counters = vector(context, COUNTERS_AT)
    rel = vector(context, REL_AT)
    own = matrix(context, OWN_AT)
    point_cards = vector(context, POINT_CARDS_AT)
    patterns = matrix(context, PATTERNS_AT)
    is_points = params[POINTS] == 1
    counters[NODES] += 1
    if counters[NODES] > counters[LIMIT]:
        counters[ABORTED] = ABORT_NODES
        return ZERO
    if counters[DEADLINE_US] > 0 and (counters[NODES] & 8191) == 1:
        with objmode(now="int64"):
            now = int(time.perf_counter() * 1e6)
        if now > counters[DEADLINE_US]:
            counters[ABORTED] = ABORT_TIME
            return ZERO
    rel[depth] = ZERO
    if ntrick == 0:
        counters[TRICK_NODES] += 1
    left = popcount(hands[seat])
    if target <= 0:
        return ONE
    if is_points:
        if ntrick == 0 and left == 0:  # the hand is over: the most-tricks bonus
            return ONE if terminal(state, params) >= target else ZERO
        if target > state[LIVE_POINTS] + params[LAST_BONUS] + params[MOST_BONUS]:
            return ZERO
    elif target > left:
        return ZERO
    players = params[PLAYERS]
    classes = params[CLASSES]
    trick = tricks[state[TRICKS_PLAYED]]
    if not is_points and ntrick > 0 and (target == 1 or target == left):
        # the trick in progress is a sure one for a side: it settles a target of one
        # trick for the side searched for, or of every trick left
        taker, used = trick_taker(seat, ntrick, win_pos, win_key, trick, hands, params,
                                  maxside, follows, rank, trumps, class_masks, class_of)
        if (taker == 1 and target == 1) or (taker == 0 and target == left):
            rel[depth] = used
            return taker
    stored = False  # a trick start: its answer goes into the table
    best_hint = -1
    live = ZERO
    for s in range(players):
        live |= hands[s]
    key_low = ZERO
    key_high = ZERO
    key_points = ZERO
    if ntrick == 0:
        if left == 1:  # the last trick: one card each, played out
            pos = ZERO
            key = ZERO
            lead = lowest(hands[seat])
            for j in range(players):
                other = (seat + j) % players
                card = lowest(hands[other])
                trick[j] = card
                pos, key = advance(other, card, np.int64(j), lead, pos, key, follows, rank,
                                   trumps)
            rel[depth] = trick_rule(pos, trick, class_of, class_masks)
            ours = maxside[(seat + pos) % players] == 1
            if not is_points:
                return ONE if ours else ZERO
            gain = ZERO
            if ours:
                for j in range(players):
                    gain += points[trick[j]]
                gain += params[LAST_BONUS]
                state[MY_TRICKS] += 1
            gain += terminal(state, params)
            if ours:
                state[MY_TRICKS] -= 1
            return ONE if gain >= target else ZERO
        # sure tricks (the leader's top cards, a partner's reached with a low card, the top
        # trumps in one hand), each a bound for its side: before the table where few
        # tricks are left, after it where more are (where the table answers most often)
        bounds_first = not is_points and left < TABLE_FIRST
        if bounds_first:
            answer, used = sure_tricks(seat, target, left, live, context)
            if answer >= 0:
                rel[depth] = used
                return answer
        key_low, key_high = table_key(hands, players, class_masks, classes, seat)
        if is_points:
            key_points = point_owners(hands, players, live, point_cards)
            for k in range(classes):
                patterns[depth, k] = point_pattern(class_masks[k], live, points)
            if params[MOST_BONUS]:
                key_high |= state[MY_TRICKS] << 58
        stored = True
        for w in range(owner_words(classes)):
            own[depth, w] = ZERO
        for k in range(classes):  # two classes a word (15 cards at most, 2 bits each)
            own[depth, k >> 1] |= owners(class_masks[k], hands, players, live) << (32 * (k & 1))
        slot = key_slot(key_low, key_high, key_points, keys)
        r = keys[slot, KEY_FIRST] - 1 if slot >= 0 else NONE
        before = NONE  # the row before r in its chain
        while r >= 0:
            counts = tt[r, COUNTS]
            # a row whose bounds do not settle the target is worth matching only for a hint
            if (best_hint >= 0 and tt[r, LOWER] < target <= tt[r, UPPER]) \
                    or not matches(tt, r, counts, own, patterns, depth, classes, is_points):
                before = r
                r = tt[r, NEXT]
                continue
            if tt[r, LOWER] >= target or tt[r, UPPER] < target:
                rel[depth] = pattern_cards(counts, class_masks, params, live)
                if before >= 0:  # to the front of its chain: a row that answers, soon again
                    tt[before, NEXT] = tt[r, NEXT]
                    tt[r, NEXT] = keys[slot, KEY_FIRST] - 1
                    keys[slot, KEY_FIRST] = r + 1
                return ONE if tt[r, LOWER] >= target else ZERO
            if best_hint < 0 and tt[r, BEST] >= 0 and (hands[seat] >> tt[r, BEST]) & 1:
                best_hint = tt[r, BEST]
            before = r
            r = tt[r, NEXT]
        if not bounds_first and not is_points:
            answer, used = sure_tricks(seat, target, left, live, context)
            if answer >= 0:
                rel[depth] = used
                return answer
    lead = trick[0] if ntrick > 0 else -1
    n = generate(depth, seat, ntrick, lead, win_pos, win_key, best_hint, context)
    maximizing = maxside[seat] == 1
    cut = ONE if maximizing else ZERO
    result = ONE - cut
    leader = (seat - ntrick + players) % players
    found = ZERO
    best_card = -1
    seen = live
    for j in range(ntrick):
        seen |= ONE << trick[j]
    skippable = ZERO  # cards below every relevant card of a class where one such was searched
    searched_low = ZERO  # that card, one per class
    skipped = ZERO
    i = 0
    while True:
        if i == n:
            if best_card >= 0 or skipped == 0:
                break
            # a card left out as irrelevant stays so only if the cards found relevant since
            # still lie above it and the card searched in its place; else it is searched
            covered = cover_runs(found, seat, ntrick, lead, win_key, hands, trick, live,
                                 params, follows, rank, trumps, class_masks)
            again = unproven(skipped, searched_low, covered, seen, class_of, class_masks)
            if again == 0:
                break
            skipped ^= again
            skippable &= ~again
            while again:
                moves[depth, n] = lowest(again)
                again &= again - 1
                n += 1
        card = moves[depth, i]
        i += 1
        bit = ONE << card
        if skippable & bit:
            skipped |= bit
            continue
        hands[seat] ^= bit
        trick[ntrick] = card
        new_pos, new_key = advance(seat, card, ntrick, lead, win_pos, win_key, follows, rank,
                                   trumps)
        if ntrick + 1 < players:
            answer = probe(depth + 1, (seat + 1) % players, ntrick + 1, new_pos, new_key,
                           target, context)
            child = rel[depth + 1]
        else:
            rule = trick_rule(new_pos, trick, class_of, class_masks)
            winner, gain, taken = close_trick(leader, new_pos, hands, trick, state, params,
                                              maxside, points)
            answer = probe(depth + 1, winner, ZERO, ZERO, -ONE, target - gain, context)
            reopen_trick(winner, taken, state, maxside)
            child = rel[depth + 1] | rule
        hands[seat] ^= bit
        if counters[ABORTED]:
            return ZERO
        if answer == cut:
            result = cut
            found = child
            best_card = card
            history[seat, card] += 1 + popcount(hands[seat])
            break
        found |= child
        cls = class_masks[class_of[card]]
        if searched_low & cls == 0 and not is_points:  # (cards differ in points)
            relevant = found & seen & cls
            low = lowest(relevant) if relevant else highest(cls) + 1
            if card < low:  # irrelevant: so is every lower card of its class, as its stand-in
                searched_low |= bit
                skippable |= cls & ((ONE << low) - 1)
    if best_card < 0:  # every move searched: cover the cards left out as equivalent
        found = cover_runs(found, seat, ntrick, lead, win_key, hands, trick, live, params,
                           follows, rank, trumps, class_masks)
    rel[depth] = found
    if stored:
        store(key_low, key_high, key_points, found, live, result, target, best_card, depth, tt,
              keys, meta, own, patterns, params, class_masks)
    return result


@kernel(I(I, I, I, I, I, I, I, I, A1))
def value(guess: int, depth: int, seat: int, ntrick: int, win_pos: int, win_key: int,
          floor: int, ceiling: int, context: np.ndarray) -> int:
    """The exact value to come in ``[floor, ceiling]``, by probes from ``guess``: stepping
    on (MTD(f)) for a few trick counts, halving the range left for card points."""
    counters = vector(context, COUNTERS_AT)
    halve = vector(context, PARAMS_AT)[POINTS] == 1
    lower = floor
    upper = ceiling
    target = min(max(guess, lower + 1), upper)
    while lower < upper:
        if probe(depth, seat, ntrick, win_pos, win_key, target, context):
            lower = target
            target += 1
        else:
            upper = target - 1
            target -= 1
        if counters[ABORTED]:
            return ZERO
        if halve:
            target = (lower + upper + 1) // 2
        target = min(max(target, lower + 1), upper)
    return lower


@kernel(I(int64, I, I, I, I, I, I, I, A1))
def solve_root(each: int, guess: int, seat: int, ntrick: int, win_pos: int, win_key: int,
               floor: int, ceiling: int, context: np.ndarray) -> int:
    """Solve the root: its value (``each`` 0: into ``out_values[0]``) or each distinct
    card's value (into ``out_cards``/``out_values``), each within ``[floor, ceiling]``;
    returns how many were written."""
    context = vector(context, CONTEXT_AT)  # a view owning nothing (search_context)
    hands, tricks, state, params, maxside, follows, rank, trumps, points = play_views(context)
    moves = matrix(context, MOVES_AT)
    counters = vector(context, COUNTERS_AT)
    out_cards = vector(context, OUT_CARDS_AT)
    out_values = vector(context, OUT_VALUES_AT)
    best = value(guess, ZERO, seat, ntrick, win_pos, win_key, floor, ceiling, context)
    if not each or counters[ABORTED]:
        out_values[0] = best
        return ONE
    # each card: no better than the best for the mover, so one probe shows a card as good
    if maxside[seat] == 1:
        ceiling = best
    else:
        floor = best
    players = params[PLAYERS]
    trick = tricks[state[TRICKS_PLAYED]]
    lead = trick[0] if ntrick > 0 else -1
    n = generate(ZERO, seat, ntrick, lead, win_pos, win_key, -ONE, context)
    for i in range(n):
        out_cards[i] = moves[0, i]
    leader = (seat - ntrick + players) % players
    for i in range(n):
        card = out_cards[i]
        bit = ONE << card
        hands[seat] ^= bit
        trick[ntrick] = card
        new_pos, new_key = advance(seat, card, ntrick, lead, win_pos, win_key, follows, rank,
                                   trumps)
        if ntrick + 1 < players:
            result = value(best, ONE, (seat + 1) % players, ntrick + 1, new_pos, new_key,
                           floor, ceiling, context)
        else:
            winner, gain, taken = close_trick(leader, new_pos, hands, trick, state, params,
                                              maxside, points)
            result = gain + value(best - gain, ONE, winner, ZERO, ZERO, -ONE, floor - gain,
                                  ceiling - gain, context)
            reopen_trick(winner, taken, state, maxside)
        hands[seat] ^= bit
        if counters[ABORTED]:
            return ZERO
        out_values[i] = result
    return n
