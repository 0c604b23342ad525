"""Fail-soft alpha-beta with a table of exact hands: card points, and tricks where partition
search does not apply (twin cards, a duty to head the trick, each side its own trumps).

At each trick's start the search reads and writes a transposition table of bounds
keyed on the hands (relative ranks where the spec allows it: positions that differ
only in which cards were played share an entry) and a quick-tricks bound (for card
points, the points of the top cards cashed); it stops at a node or time budget.
:func:`mtdf` finds the exact value by null-window searches, :func:`solve_root` the
value of each card.
"""

from __future__ import annotations

import time

import numpy as np
from numba import boolean, objmode

from tricktable.solver.dd import (
    A1,
    A2,
    ABORT_NODES,
    ABORT_TIME,
    ABORTED,
    CALLING,
    CARD_OF_MOVE,
    CLASS_MASKS_AT,
    CLASSES,
    CONTEXT_AT,
    COUNTERS_AT,
    DEADLINE_US,
    HAND_WORDS,
    HISTORY_AT,
    KEY_WORDS,
    LAST_BONUS,
    LIMIT,
    LIVE_POINTS,
    MOST_BONUS,
    MOVES_AT,
    MY_TRICKS,
    NEG,
    NODES,
    NONE,
    ONE,
    OUT_CARDS_AT,
    OUT_VALUES_AT,
    PARAMS_AT,
    PLAYERS,
    POINTS,
    POS,
    QUICK,
    RANK_LO_AT,
    RELATIVE,
    SPEC,
    TRICK_NODES,
    TRICKS_IN_KEY,
    TRICKS_PLAYED,
    TT_BOUNDS_AT,
    TT_KEYS_AT,
    TWINS,
    WORDS_AT,
    ZERO,
    I,
    advance,
    bonus_need,
    calls_open,
    card_key,
    close_trick,
    compact,
    lowest,
    make_call,
    matrix,
    note_probe,
    play_views,
    popcount,
    reopen_trick,
    terminal,
    undo_call,
    vector,
)
from tricktable.solver.dd_bounds import points_bounds
from tricktable.solver.dd_bounds import quick as quick_tricks
from tricktable.solver.dd_moves import generate
from tricktable.solver.kernel_cache import kernel


@kernel(I(A1, I))
def table_slot(words: np.ndarray, size_mask: int) -> int:
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(KEY_WORDS):
        h = (h ^ np.uint64(words[i])) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(size_mask))


@kernel(boolean(A2, I, A1))
def same_key(tt_keys: np.ndarray, slot: int, words: np.ndarray) -> bool:
    for i in range(KEY_WORDS):  # noqa: SIM110  (numba: a plain loop)
        if tt_keys[slot, i] != words[i]:
            return False
    return True


@kernel(I(I, A1, A1, *SPEC[:6]))
def last_trick(seat: int, hands: np.ndarray, state: np.ndarray, params: np.ndarray,
               maxside: np.ndarray, follows: np.ndarray, rank: np.ndarray, trumps: np.ndarray,
               points: np.ndarray) -> int:
    """The last trick, one card in each hand, played out at once (no choice is left)."""
    players = params[PLAYERS]
    lead = lowest(hands[seat])
    win_seat = seat
    win_key = card_key(seat, lead, lead, follows, rank, trumps)
    taken = points[lead]
    for j in range(1, players):
        other = (seat + j) % players
        card = lowest(hands[other])
        taken += points[card]
        key = card_key(other, card, lead, follows, rank, trumps)
        if key > win_key:
            win_key = key
            win_seat = other
    if maxside[win_seat] != 1:
        return terminal(state, params)
    state[MY_TRICKS] += 1
    value = terminal(state, params)
    state[MY_TRICKS] -= 1
    if params[POINTS]:
        return value + taken + params[LAST_BONUS]
    return 1


@kernel(I(I, I, I, I, I, I, I, A1))
def search(depth: int, seat: int, ntrick: int, win_pos: int, win_key: int, alpha: int,
           beta: int, context: np.ndarray) -> int:
    """Fail-soft alpha-beta: what the side searched for takes from this node on."""
    hands, tricks, state, params, maxside, follows, rank, trumps, points = play_views(context)
    class_masks = vector(context, CLASS_MASKS_AT)
    rank_lo = vector(context, RANK_LO_AT)
    tt_keys = matrix(context, TT_KEYS_AT)
    tt_bounds = matrix(context, TT_BOUNDS_AT)
    history = matrix(context, HISTORY_AT)
    moves = matrix(context, MOVES_AT)
    counters = vector(context, COUNTERS_AT)
    words = matrix(context, WORDS_AT)
    counters[NODES] += 1
    if counters[NODES] > counters[LIMIT]:
        counters[ABORTED] = ABORT_NODES
        return 0
    if counters[DEADLINE_US] > 0 and (counters[NODES] & 8191) == 1:
        with objmode(now="int64"):
            now = int(time.perf_counter() * 1e6)
        if now > counters[DEADLINE_US]:
            counters[ABORTED] = ABORT_TIME
            return 0
    players = params[PLAYERS]
    is_points = params[POINTS]
    slot = -1
    best_hint = -1
    if ntrick == 0:
        counters[TRICK_NODES] += 1
    alpha0 = alpha
    beta0 = beta
    lower = 0
    upper = 0
    key_words = words[depth]
    trick = tricks[state[TRICKS_PLAYED]]
    if ntrick == 0:
        hand = hands[seat]
        if hand == 0:
            return terminal(state, params)
        left = popcount(hand)
        calling = calls_open(context, players)
        if left == 1 and not calling:
            return last_trick(seat, hands, state, params, maxside, follows, rank, trumps, points)
        upper = state[LIVE_POINTS] + params[LAST_BONUS] + params[MOST_BONUS] if is_points \
            else left
        # the transposition key
        live = 0
        for s in range(players):
            live |= hands[s]
        extra = seat
        if params[TRICKS_IN_KEY]:
            extra |= bonus_need(state[MY_TRICKS], left, params) << 3
        if params[RELATIVE]:
            for s in range(players):
                key_words[s] = compact(hands[s], live)
            counts = 0
            for k in range(params[CLASSES]):
                counts |= popcount(live & class_masks[k]) << (6 * k)
            extra |= counts << 10
        else:
            for s in range(players):
                key_words[s] = hands[s]
        for s in range(players, HAND_WORDS):
            key_words[s] = 0
        key_words[HAND_WORDS] = extra
        for k in range(KEY_WORDS - HAND_WORDS - 1):
            # relative ranks: each class's points in rank order (4 bits a card) and where
            # cards have twins, whether each live card ranks with the one below (a bit);
            # with calls (never relative), the trumps of each seat (they and the hands
            # settle who may still call: a call changes its side's trumps, a marker
            # played plain leaves its hand)
            pattern = trumps[k] if params[CALLING] and k < players else 0
            if params[RELATIVE] and k < params[CLASSES] and (is_points or params[TWINS]):
                rest = live & class_masks[k]
                below = NONE
                while rest:
                    card = lowest(rest)
                    rest ^= ONE << card
                    if is_points:
                        pattern = (pattern << 4) | points[card]
                    if params[TWINS]:
                        pattern = (pattern << 1) | (ONE if below >= rank_lo[card] else ZERO)
                    below = card
            key_words[HAND_WORDS + 1 + k] = pattern
        slot = table_slot(key_words, tt_keys.shape[0] - 1)
        same = tt_bounds[slot, 3] == 1
        if same:
            for i in range(KEY_WORDS):
                if tt_keys[slot, i] != key_words[i]:
                    same = False
                    break
        if same:
            if tt_bounds[slot, 0] > lower:
                lower = tt_bounds[slot, 0]
            if tt_bounds[slot, 1] < upper:
                upper = tt_bounds[slot, 1]
            best_hint = tt_bounds[slot, 2]
        if params[QUICK]:
            quick, _ = quick_tricks(seat, POS, hands, params, maxside, trumps, class_masks)
            if maxside[seat]:
                if quick > lower:
                    lower = quick
            elif left - quick < upper:
                upper = left - quick
        elif is_points:
            sure, most, _ = points_bounds(seat, left, live, context)
            lower = max(lower, sure)
            upper = min(upper, most)
        if lower >= beta or lower >= upper:
            return lower
        if upper <= alpha:
            return upper
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
        alpha0 = alpha
        beta0 = beta
    lead = trick[0]
    if ntrick == 0:
        lead = -1
    n = generate(depth, seat, ntrick, lead, win_pos, win_key, best_hint, context)
    maximizing = maxside[seat] == 1
    best = NEG if maximizing else POS
    best_card = -1
    leader = (seat - ntrick + players) % players
    for i in range(n):
        move = moves[depth, i]
        card = move & CARD_OF_MOVE
        changed = make_call(depth, seat, move, context)
        bit = 1 << card
        hands[seat] ^= bit
        trick[ntrick] = card
        new_pos, new_key = advance(seat, card, ntrick, lead, win_pos, win_key, follows, rank,
                                   trumps)
        if ntrick + 1 < players:
            value = search(depth + 1, (seat + 1) % players, ntrick + 1, new_pos, new_key,
                           alpha, beta, context)
        else:
            winner, gain, taken = close_trick(leader, new_pos, hands, trick, state, params,
                                              maxside, points)
            value = gain + search(depth + 1, winner, ZERO, ZERO, NONE, alpha - gain,
                                  beta - gain, context)
            reopen_trick(winner, taken, state, maxside)
        hands[seat] ^= bit
        if changed:
            undo_call(depth, context)
        if counters[ABORTED]:
            return 0
        if maximizing:
            if value > best:
                best = value
                best_card = move
                if best > alpha:
                    alpha = best
        else:
            if value < best:
                best = value
                best_card = move
                if best < beta:
                    beta = best
        if alpha >= beta:
            history[seat, card] += 1 + popcount(hands[seat])
            break
    if slot >= 0:
        if tt_bounds[slot, 3] != 1 or not same_key(tt_keys, slot, key_words):
            for i in range(KEY_WORDS):
                tt_keys[slot, i] = key_words[i]
            tt_bounds[slot, 0] = 0
            tt_bounds[slot, 1] = POS
            tt_bounds[slot, 3] = 1
        if best > alpha0 and best < beta0:
            tt_bounds[slot, 0] = best
            tt_bounds[slot, 1] = best
        elif best >= beta0:
            if best > tt_bounds[slot, 0]:
                tt_bounds[slot, 0] = best
        elif best < tt_bounds[slot, 1]:
            tt_bounds[slot, 1] = best
        tt_bounds[slot, 2] = best_card
    return best


@kernel(I(I, I, I, I, I, I, I, I, A1))
def mtdf(guess: int, depth: int, seat: int, ntrick: int, win_pos: int, win_key: int,
         floor: int, ceiling: int, context: np.ndarray) -> int:
    """The exact value in ``[floor, ceiling]`` by null-window searches: from ``guess`` for
    tricks (MTD(f)), for points by a first search at ``guess`` and then halving the
    range."""
    params = vector(context, PARAMS_AT)
    counters = vector(context, COUNTERS_AT)
    lower = floor
    upper = ceiling
    value = min(max(guess, floor), ceiling)
    first = True
    while lower < upper:
        if params[POINTS] and first:
            target = min(max(value, lower + 1), upper)
        elif params[POINTS]:  # a wide range: halve it
            target = (lower + upper + 1) // 2
        else:  # a few tricks: step from the guess
            target = value + 1 if value == lower else value
        value = search(depth, seat, ntrick, win_pos, win_key, target - 1, target, context)
        note_probe(depth, target, value, context)
        first = False
        if counters[ABORTED]:
            return 0
        if value < target:
            upper = value
        else:
            lower = value
    return lower


@kernel(I(boolean, I, I, I, I, I, I, I, A1))
def solve_root(each: bool, guess: int, seat: int, ntrick: int, win_pos: int, win_key: int,
               floor: int, ceiling: int, context: np.ndarray) -> int:
    """Solve the root: its value (``each`` False: in ``out_values[0]``) or each distinct
    card's value (into ``out_cards``/``out_values``), each within ``[floor, ceiling]``;
    returns how many were written."""
    context = vector(context, CONTEXT_AT)  # a view owning nothing (search_context)
    hands, tricks, state, params, maxside, follows, rank, trumps, points = play_views(context)
    moves = matrix(context, MOVES_AT)
    counters = vector(context, COUNTERS_AT)
    out_cards = vector(context, OUT_CARDS_AT)
    out_values = vector(context, OUT_VALUES_AT)
    best = mtdf(guess, ZERO, seat, ntrick, win_pos, win_key, floor, ceiling, context)
    if not each or counters[ABORTED]:
        out_values[0] = best
        return 1
    # each card: no better than the best for the mover, so one probe shows a card as good
    if maxside[seat] == 1:
        ceiling = best
    else:
        floor = best
    guess = best
    players = params[PLAYERS]
    trick = tricks[state[TRICKS_PLAYED]]
    lead = trick[0] if ntrick > 0 else -1
    n = generate(ZERO, seat, ntrick, lead, win_pos, win_key, NONE, context)
    for i in range(n):
        out_cards[i] = moves[0, i]
    leader = (seat - ntrick + players) % players
    for i in range(n):
        move = out_cards[i]
        card = move & CARD_OF_MOVE
        changed = make_call(ZERO, seat, move, context)
        bit = 1 << card
        hands[seat] ^= bit
        trick[ntrick] = card
        new_pos, new_key = advance(seat, card, ntrick, lead, win_pos, win_key, follows, rank,
                                   trumps)
        if ntrick + 1 < players:
            value = mtdf(guess, ONE, (seat + 1) % players, ntrick + 1, new_pos, new_key,
                         floor, ceiling, context)
        else:
            winner, gain, taken = close_trick(leader, new_pos, hands, trick, state, params,
                                              maxside, points)
            value = gain + mtdf(guess - gain, ONE, winner, ZERO, ZERO, NONE, floor - gain,
                                ceiling - gain, context)
            reopen_trick(winner, taken, state, maxside)
        hands[seat] ^= bit
        if changed:
            undo_call(ZERO, context)
        if counters[ABORTED]:
            return 0
        out_values[i] = value
    return n
