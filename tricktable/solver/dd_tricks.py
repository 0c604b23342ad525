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
pruning; for card points, a card of no points for those of no points): those are
left out, and searched after all if a later move makes a card at or below them
relevant.

The table lives in :mod:`~tricktable.solver.dd_table`, the sure-trick bounds in
:mod:`~tricktable.solver.dd_bounds`.

>>> import numpy as np
>>> bin(trick_rule(np.int64(1), np.array([0, 2, 9, 9]), np.array([0, 0, 0]),
...                np.array([0b111])))  # card 2 beat card 0: 2 and above
'0b100'
"""

from __future__ import annotations

import time

import numpy as np
from numba import int64, objmode

from tricktable.solver.dd import (
    A1,
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
    LINKS_AT,
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
    SCORING,
    TRICK_NODES,
    TRICKS_PLAYED,
    TT_AT,
    ZERO,
    I,
    advance,
    bonus_need,
    close_trick,
    highest,
    legal,
    lowest,
    matrix,
    note_probe,
    play_views,
    popcount,
    reopen_trick,
    terminal,
    vector,
)
from tricktable.solver.dd_bounds import sure_points, sure_tricks, trick_taker
from tricktable.solver.dd_moves import generate
from tricktable.solver.dd_table import (
    BEST,
    COUNTS,
    KEY_FIRST,
    LOWER,
    UPPER,
    key_slot,
    matches,
    may_match,
    next_row,
    owner_words,
    owners,
    pattern_cards,
    point_owners,
    point_pattern,
    relinked,
    signature,
    store,
    table_key,
)
from tricktable.solver.kernel_cache import kernel


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


@kernel(I(I, A1), inline=True)
def scoreless(cards: int, points: np.ndarray) -> int:
    """The ``cards`` that score no points."""
    result = cards
    rest = cards
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        if points[card]:
            result ^= ONE << card
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


TABLE_FIRST = 4  # tricks left from which the table is read before the sure-trick bounds


@kernel(I(I, I, I, I, I, I, A1))
def probe(depth: int, seat: int, ntrick: int, win_pos: int, win_key: int, target: int,
          context: np.ndarray) -> int:
    """1 if the side searched for takes at least ``target`` from this node on (the trick
    in progress counted), else 0; ``rel[depth]``: the relevant cards.

    ``target`` counts tricks, or card points with the spec's bonuses where the params
    say so; then the bound is on points (:func:`sure_points`), and the table's key also
    names the owner of every card that scores points (:func:`point_owners`).
    """
    hands, tricks, state, params, maxside, follows, rank, trumps, points = play_views(context)
    class_masks = vector(context, CLASS_MASKS_AT)
    class_of = vector(context, CLASS_OF_AT)
    tt = matrix(context, TT_AT)
    links = vector(context, LINKS_AT)
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
            scoring = params[SCORING]
            key_points = point_owners(hands, players, live, point_cards, scoring)
            for k in range(classes):
                patterns[depth, k] = point_pattern(class_masks[k], live, points, scoring)
            if params[MOST_BONUS]:
                key_high |= bonus_need(state[MY_TRICKS], left, params) << 58
        stored = True
        for w in range(owner_words(classes)):
            own[depth, w] = ZERO
        for k in range(classes):  # two classes a word (15 cards at most, 2 bits each)
            own[depth, k >> 1] |= owners(class_masks[k], hands, players, live) << (32 * (k & 1))
        sig = signature(own, depth, classes)
        slot = key_slot(key_low, key_high, key_points, keys)
        r = keys[slot, KEY_FIRST] - 1 if slot >= 0 else NONE
        before = NONE  # the row before r in its chain
        while r >= 0:
            if not may_match(links[r], sig):
                before = r
                r = next_row(links[r])
                continue
            counts = tt[r, COUNTS]
            # a row whose bounds do not settle the target is worth matching only for a hint
            if (best_hint >= 0 and tt[r, LOWER] < target <= tt[r, UPPER]) \
                    or not matches(tt, r, counts, own, patterns, depth, classes, is_points):
                before = r
                r = next_row(links[r])
                continue
            if tt[r, LOWER] >= target or tt[r, UPPER] < target:
                rel[depth] = pattern_cards(counts, class_masks, params, live)
                if before >= 0:  # to the front of its chain: a row that answers, soon again
                    links[before] = relinked(links[before], next_row(links[r]))
                    links[r] = relinked(links[r], keys[slot, KEY_FIRST] - 1)
                    keys[slot, KEY_FIRST] = r + 1
                return ONE if tt[r, LOWER] >= target else ZERO
            if best_hint < 0 and tt[r, BEST] >= 0 and (hands[seat] >> tt[r, BEST]) & 1:
                best_hint = tt[r, BEST]
            before = r
            r = next_row(links[r])
        if not bounds_first:
            if is_points:
                answer, used = sure_points(seat, target, left, live, context)
            else:
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
        if searched_low & cls == 0 and (not is_points or points[card] == 0):
            relevant = found & seen & cls
            low = lowest(relevant) if relevant else highest(cls) + 1
            if card < low:  # irrelevant: so is every lower card of its class, as its stand-in
                searched_low |= bit
                below = cls & ((ONE << low) - 1)
                if is_points:  # (only cards of no points stand for one another)
                    below = scoreless(below, points)
                skippable |= below
    if best_card < 0:  # every move searched: cover the cards left out as equivalent
        found = cover_runs(found, seat, ntrick, lead, win_key, hands, trick, live, params,
                           follows, rank, trumps, class_masks)
    rel[depth] = found
    if stored:
        store(key_low, key_high, key_points, found, live, result, target, best_card, depth, tt,
              links, keys, meta, own, patterns, params, class_masks)
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
        reached = probe(depth, seat, ntrick, win_pos, win_key, target, context)
        note_probe(depth, target, target if reached else target - 1, context)
        if reached:
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
