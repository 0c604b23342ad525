"""The compiled double-dummy search: numba functions on int64 masks, from a play spec's tables.

Everything here works in the *canonical* card order that
:mod:`tricktable.solver.compiled` builds from a :class:`~tricktable.engine.play.PlaySpec`:
the cards of one follow class (the cards that follow one another: a suit, Rook's
trumps with the bird) are contiguous and sorted by rank, so one class is one bit
range, a higher bit is a card at least as strong, and copies of a card (Pinochle)
are adjacent. Hands are int64 masks (decks have at most 57 cards, so the sign bit
is never used and numba never mixes signed and unsigned ints).

The search is fail-soft alpha-beta over cards for two sides (the side searched
for, ``maxside[seat] == 1``, against every other seat), valued as what that side
takes from here on: tricks, or card points with the spec's last-trick and
most-tricks bonuses. At each trick's start it reads and writes a transposition
table of bounds keyed on the hands (relative ranks where the spec allows it:
positions that differ only in which cards were played share an entry) and, for
tricks, a quick-tricks bound. Moves are ordered by the table's best card, by a
history of earlier cut-offs and by the trick's state; equivalent cards are
searched once. Null-window searches (MTD(f)) find the exact value.
"""

from __future__ import annotations

import time

import numpy as np
from numba import boolean, int64, njit, objmode

# Every function has one explicit signature: one compiled version each, cached on disk
# (a recursive function cached with more than one would crash when loaded, numba #6713)
I = int64  # noqa: E741
ZERO: int = np.int64(0)  # type: ignore[assignment]  # typed ints: no Literal overloads
ONE: int = np.int64(1)  # type: ignore[assignment]
NONE: int = np.int64(-1)  # type: ignore[assignment]
A1 = int64[::1]
A2 = int64[:, ::1]
SPEC = (A1, A1, A1, A1, A1, A1, A1, A1, A1, A1)  # params ... rank_hi

FOLLOW, HEAD, TRUMP, OVERTRUMP = 1, 2, 4, 8
TRUMP_BASE = 100
NEG, POS = -(1 << 30), 1 << 30
KEY_WORDS = 5  # hands (up to four seats), then leader, trick count and class counts

# params: int64 array of the spec's scalars
PLAYERS, DUTY, LAST_BONUS, MOST_BONUS, BONUS_MAX, HAND_TRICKS, POINTS, RELATIVE, \
    QUICK, CLASSES, TRICKS_IN_KEY = range(11)
# state: int64 array of what changes during the search
MY_TRICKS, TRICKS_PLAYED, LIVE_POINTS = range(3)
# counters: int64 array of the search's bookkeeping
NODES, LIMIT, ABORTED, DEADLINE_US = range(4)
ABORT_NODES, ABORT_TIME = 1, 2

M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)


@njit(I(I), cache=True)
def popcount(mask: int) -> int:
    """The number of cards in a mask."""
    x = np.uint64(mask)
    x = x - ((x >> np.uint64(1)) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return np.int64((x * H01) >> np.uint64(56))


@njit(I(I), cache=True)
def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return popcount((mask & -mask) - 1)


@njit(I(I), cache=True)
def highest(mask: int) -> int:
    """The highest card of a non-empty mask."""
    x = mask
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return popcount(x) - 1


@njit(I(I, I, I, A1, A1, A1), cache=True)
def card_key(seat: int, card: int, lead: int, follows: np.ndarray, rank: np.ndarray,
             trumps: np.ndarray) -> int:
    """How strongly ``card`` played by ``seat`` bids for a trick led with ``lead``."""
    if (trumps[seat] >> card) & 1:
        return TRUMP_BASE + rank[card]
    if (follows[lead] >> card) & 1:
        return 1 + rank[card]
    return 0


@njit(I(I, I, I, I, A1, A1, A1), cache=True)
def beating(seat: int, mask: int, lead: int, to_beat: int, follows: np.ndarray,
            rank: np.ndarray, trumps: np.ndarray) -> int:
    """The cards of ``mask`` whose key beats ``to_beat``."""
    result = 0
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        if card_key(seat, card, lead, follows, rank, trumps) > to_beat:
            result |= low
    return result


@njit(I(I, I, I, I, I, I, A1, A1, A1), cache=True)
def legal(seat: int, hand: int, ntrick: int, lead: int, win_key: int, duty: int,
          follows: np.ndarray, rank: np.ndarray, trumps: np.ndarray) -> int:
    """The cards of ``hand`` that ``seat`` may play (PlaySpec.legal)."""
    if ntrick == 0 or duty == 0:
        return hand
    led = hand & follows[lead]
    if led:
        if duty & HEAD:
            heads = beating(seat, led, lead, win_key, follows, rank, trumps)
            if heads:
                return heads
        return led
    if duty & TRUMP:
        own = hand & trumps[seat]
        if own:
            if duty & OVERTRUMP:
                heads = beating(seat, own, lead, win_key, follows, rank, trumps)
                if heads:
                    return heads
            return own
    return hand


@njit(I(I, I), cache=True)
def compact(hand: int, live: int) -> int:
    """``hand``'s cards renumbered among the ``live`` cards (a software pext)."""
    result = 0
    bit = 1
    rest = live
    while rest:
        low = rest & -rest
        if hand & low:
            result |= bit
        bit <<= 1
        rest ^= low
    return result


@njit(I(I, A1, A1, A1, A1, A1), cache=True)
def quick_tricks(leader: int, hands: np.ndarray, params: np.ndarray, maxside: np.ndarray,
                 trumps: np.ndarray, class_masks: np.ndarray) -> int:
    """Tricks the leader's side surely takes by cashing the leader's top cards at once.

    Side classes first (each top card wins if every opponent who could trump must
    follow, and a partner who would have to trump follows too), then the trumps.
    """
    players = params[PLAYERS]
    duty = params[DUTY]
    lead_hand = hands[leader]
    mine = maxside[leader]
    trump = trumps[0]
    live = 0
    for seat in range(players):
        live |= hands[seat]
    total = 0
    for k in range(params[CLASSES]):
        cls = class_masks[k]
        own = lead_hand & cls
        if own == 0:
            continue
        rest = live & cls
        top = 0
        while rest:
            high = highest(rest)
            if not (own >> high) & 1:
                break
            top += 1
            rest ^= 1 << high
        if top == 0:
            continue
        if cls & trump:
            total += top
            continue
        for seat in range(players):
            if seat == leader or not hands[seat] & trump:
                continue
            if maxside[seat] != mine or duty & TRUMP:
                held = popcount(hands[seat] & cls)
                if held < top:
                    top = held
        total += top
    return total


@njit(I(A1, I), cache=True)
def table_slot(words: np.ndarray, size_mask: int) -> int:
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(KEY_WORDS):
        h = (h ^ np.uint64(words[i])) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(size_mask))


@njit(I(A1, A1), cache=True)
def terminal(state: np.ndarray, params: np.ndarray) -> int:
    """What the hand's end adds for the side searched for: the most-tricks bonus."""
    bonus = params[MOST_BONUS]
    if not params[POINTS] or bonus == 0:
        return 0
    mine = state[MY_TRICKS]
    bonus_tricks = mine if params[BONUS_MAX] else params[HAND_TRICKS] - mine
    to_bonus_side = 2 * bonus_tricks >= params[HAND_TRICKS]
    return bonus if to_bonus_side == (params[BONUS_MAX] == 1) else 0


@njit(boolean(A2, I, A1), cache=True)
def same_key(tt_keys: np.ndarray, slot: int, words: np.ndarray) -> bool:
    for i in range(KEY_WORDS):  # noqa: SIM110  (numba: a plain loop)
        if tt_keys[slot, i] != words[i]:
            return False
    return True


@njit(I(I, A1, A1, *SPEC[:6]), cache=True)
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


@njit(I(I, I, I, I, I, I, I, A1, A1, *SPEC, A2, A2, A2), cache=True)
def generate(depth: int, seat: int, ntrick: int, lead: int, win_pos: int, win_key: int,
             best_hint: int, hands: np.ndarray, trick: np.ndarray, params: np.ndarray,
             maxside: np.ndarray, follows: np.ndarray, rank: np.ndarray, trumps: np.ndarray,
             points: np.ndarray, class_masks: np.ndarray, class_of: np.ndarray,
             rank_lo: np.ndarray, rank_hi: np.ndarray, history: np.ndarray,
             moves: np.ndarray, scores: np.ndarray) -> int:
    """The cards worth trying at this node, one of each run of equivalent ones, into
    ``moves[depth]``, best guesses first; returns how many."""
    players = params[PLAYERS]
    is_points = params[POINTS]
    hand = hands[seat]
    allowed = legal(seat, hand, ntrick, lead, win_key, params[DUTY], follows, rank, trumps)
    live = 0
    for s in range(players):
        live |= hands[s]
    for j in range(ntrick):
        live |= 1 << trick[j]
    leader = (seat - ntrick + players) % players
    mine = maxside[seat]
    ours_now = False
    threat = 0  # the best key a later opponent in this trick may reach
    partner_after = False
    if ntrick > 0:
        ours_now = maxside[(leader + win_pos) % players] == mine
        for j in range(1, players - ntrick):
            other = (seat + j) % players
            if maxside[other] == mine:
                partner_after = True
                continue
            held = hands[other]
            led = held & follows[lead]
            best = 0
            if led:
                best = card_key(other, highest(led), lead, follows, rank, trumps)
            if led == 0 or params[DUTY] == 0:
                own = held & trumps[other]
                if own:
                    k = card_key(other, highest(own), lead, follows, rank, trumps)
                    if k > best:
                        best = k
            if best > threat:
                threat = best
    opponents = 0
    partners = 0
    for s in range(players):
        if s != seat:
            if maxside[s] == mine:
                partners |= hands[s]
            else:
                opponents |= hands[s]
    n = 0
    previous = -1
    rest = allowed
    while rest:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        if previous >= 0 and class_of[previous] == class_of[card] and (
                not is_points or points[previous] == points[card]):
            between = ((1 << (rank_hi[card] + 1)) - (1 << rank_lo[previous])) \
                & ~(1 << previous) & ~low
            if live & between == 0:
                previous = card  # equivalent to the previous card kept: skip it
                continue
        previous = card
        worth = points[card] if is_points else 0
        weight = 0
        if ntrick == 0:
            cls = class_masks[class_of[card]]
            live_cls = live & cls
            top = highest(live_cls)
            if top == card or ((hand >> top) & 1 and rank[top] == rank[card]):
                weight = 60  # a winner in its class
                if cls & trumps[seat] == 0 and opponents & trumps[seat]:
                    weight = 35  # that an opponent might trump
            elif (partners >> top) & 1:
                weight = 50  # low to partner's winner
            elif opponents & cls == 0:
                weight = 40
            else:
                weight = 20
            weight = weight * 64 - rank[card] + 4 * worth
        else:
            key = card_key(seat, card, lead, follows, rank, trumps)
            if ours_now:
                if win_key > threat:
                    weight = 60 * 64 - rank[card] + 64 * worth  # the trick is ours: low, or points
                elif key > threat:
                    weight = 50 * 64 - rank[card]  # secure partner's trick
                else:
                    weight = 20 * 64 - rank[card]
            elif key > win_key and key > threat:
                weight = 55 * 64 - rank[card] + 64 * worth  # take it, as cheaply as possible
            elif key > win_key and partner_after:
                weight = 25 * 64 - rank[card]
            else:
                weight = 30 * 64 - rank[card] - 64 * worth  # lose it cheaply
        score = weight * (1 << 24) + min(history[seat, card], (1 << 24) - 1)
        if card == best_hint:
            score = 1 << 60
        # insert in order, best first
        i = n
        while i > 0 and scores[depth, i - 1] < score:
            moves[depth, i] = moves[depth, i - 1]
            scores[depth, i] = scores[depth, i - 1]
            i -= 1
        moves[depth, i] = card
        scores[depth, i] = score
        n += 1
    return n


@njit(I(I, I, I, I, I, I, I, A1, A2, A1, *SPEC, A2, A2, A2, A2, A2, A1, A2), cache=True)
def search(depth: int, seat: int, ntrick: int, win_pos: int, win_key: int, alpha: int,
           beta: int, hands: np.ndarray, tricks: np.ndarray, state: np.ndarray,
           params: np.ndarray, maxside: np.ndarray, follows: np.ndarray, rank: np.ndarray,
           trumps: np.ndarray, points: np.ndarray, class_masks: np.ndarray,
           class_of: np.ndarray, rank_lo: np.ndarray, rank_hi: np.ndarray,
           tt_keys: np.ndarray, tt_bounds: np.ndarray, history: np.ndarray,
           moves: np.ndarray, scores: np.ndarray, counters: np.ndarray,
           words: np.ndarray) -> int:
    """Fail-soft alpha-beta: what the side searched for takes from this node on."""
    counters[NODES] += 1
    if counters[NODES] > counters[LIMIT]:
        counters[ABORTED] = ABORT_NODES
        return 0
    if counters[DEADLINE_US] > 0 and (counters[NODES] & 8191) == 0:
        with objmode(now="int64"):
            now = int(time.perf_counter() * 1e6)
        if now > counters[DEADLINE_US]:
            counters[ABORTED] = ABORT_TIME
            return 0
    players = params[PLAYERS]
    is_points = params[POINTS]
    slot = -1
    best_hint = -1
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
        if left == 1:
            return last_trick(seat, hands, state, params, maxside, follows, rank, trumps, points)
        upper = state[LIVE_POINTS] + params[LAST_BONUS] + params[MOST_BONUS] if is_points \
            else left
        # the transposition key
        live = 0
        for s in range(players):
            live |= hands[s]
        extra = seat
        if params[TRICKS_IN_KEY]:
            extra |= state[MY_TRICKS] << 3
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
        for s in range(players, KEY_WORDS - 1):
            key_words[s] = 0
        key_words[KEY_WORDS - 1] = extra
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
            quick = quick_tricks(seat, hands, params, maxside, trumps, class_masks)
            if maxside[seat]:
                if quick > lower:
                    lower = quick
            elif left - quick < upper:
                upper = left - quick
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
    n = generate(depth, seat, ntrick, lead, win_pos, win_key, best_hint, hands, trick, params,
                 maxside, follows, rank, trumps, points, class_masks, class_of, rank_lo,
                 rank_hi, history, moves, scores)
    maximizing = maxside[seat] == 1
    best = NEG if maximizing else POS
    best_card = -1
    leader = (seat - ntrick + players) % players
    for i in range(n):
        card = moves[depth, i]
        bit = 1 << card
        hands[seat] ^= bit
        trick[ntrick] = card
        if ntrick == 0:
            new_pos = 0
            new_key = card_key(seat, card, card, follows, rank, trumps)
        else:
            new_pos = win_pos
            new_key = win_key
            key = card_key(seat, card, lead, follows, rank, trumps)
            if key > win_key:
                new_pos = ntrick
                new_key = key
        if ntrick + 1 < players:
            value = search(depth + 1, (seat + 1) % players, ntrick + 1, new_pos, new_key,
                           alpha, beta, hands, tricks, state, params, maxside, follows, rank,
                           trumps, points, class_masks, class_of, rank_lo, rank_hi, tt_keys,
                           tt_bounds, history, moves, scores, counters, words)
        else:
            winner = (leader + new_pos) % players
            gain = 0
            taken = 0
            for j in range(players):
                taken += points[trick[j]]
            last = hands[winner] == 0
            ours = maxside[winner] == 1
            if is_points:
                if ours:
                    gain = taken
                    if last:
                        gain += params[LAST_BONUS]
            elif ours:
                gain = 1
            if ours:
                state[MY_TRICKS] += 1
            state[TRICKS_PLAYED] += 1
            state[LIVE_POINTS] -= taken
            value = gain + search(depth + 1, winner, ZERO, ZERO, NONE, alpha - gain, beta - gain,
                                  hands, tricks, state, params, maxside, follows, rank, trumps,
                                  points, class_masks, class_of, rank_lo, rank_hi, tt_keys,
                                  tt_bounds, history, moves, scores, counters, words)
            if ours:
                state[MY_TRICKS] -= 1
            state[TRICKS_PLAYED] -= 1
            state[LIVE_POINTS] += taken
        hands[seat] ^= bit
        if counters[ABORTED]:
            return 0
        if maximizing:
            if value > best:
                best = value
                best_card = card
                if best > alpha:
                    alpha = best
        else:
            if value < best:
                best = value
                best_card = card
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





@njit(I(I, I, I, I, I, I, I, I, A1, A2, A1, *SPEC, A2, A2, A2, A2, A2, A1, A2), cache=True)
def mtdf(guess: int, depth: int, seat: int, ntrick: int, win_pos: int, win_key: int,
         floor: int, ceiling: int, hands: np.ndarray, tricks: np.ndarray, state: np.ndarray,
         params: np.ndarray, maxside: np.ndarray, follows: np.ndarray, rank: np.ndarray,
         trumps: np.ndarray, points: np.ndarray, class_masks: np.ndarray,
         class_of: np.ndarray, rank_lo: np.ndarray, rank_hi: np.ndarray,
         tt_keys: np.ndarray, tt_bounds: np.ndarray, history: np.ndarray, moves: np.ndarray,
         scores: np.ndarray, counters: np.ndarray, words: np.ndarray) -> int:
    """The exact value in ``[floor, ceiling]`` by null-window searches: from ``guess`` for
    tricks (MTD(f)), by halving the range for points."""
    lower = floor
    upper = ceiling
    value = min(max(guess, floor), ceiling)
    while lower < upper:
        if params[POINTS]:  # a wide range: halve it
            target = (lower + upper + 1) // 2
        else:  # a few tricks: step from the guess
            target = value + 1 if value == lower else value
        value = search(depth, seat, ntrick, win_pos, win_key, target - 1, target, hands, tricks,
                       state, params, maxside, follows, rank, trumps, points, class_masks,
                       class_of, rank_lo, rank_hi, tt_keys, tt_bounds, history, moves, scores,
                       counters, words)
        if counters[ABORTED]:
            return 0
        if value < target:
            upper = value
        else:
            lower = value
    return lower


@njit(I(boolean, I, I, I, I, I, I, A1, A2, A1, *SPEC, A2, A2, A2, A2, A2, A1, A2, A1, A1),
      cache=True)
def solve_root(each: bool, guess: int, seat: int, ntrick: int, win_pos: int, win_key: int,
               ceiling: int, hands: np.ndarray, tricks: np.ndarray, state: np.ndarray,
               params: np.ndarray, maxside: np.ndarray, follows: np.ndarray, rank: np.ndarray,
               trumps: np.ndarray, points: np.ndarray, class_masks: np.ndarray,
               class_of: np.ndarray, rank_lo: np.ndarray, rank_hi: np.ndarray,
               tt_keys: np.ndarray, tt_bounds: np.ndarray, history: np.ndarray,
               moves: np.ndarray, scores: np.ndarray, counters: np.ndarray, words: np.ndarray,
               out_cards: np.ndarray, out_values: np.ndarray) -> int:
    """Solve the root: its value (``each`` False: in ``out_values[0]``) or each distinct
    card's value (into ``out_cards``/``out_values``); returns how many were written."""
    if not each:
        out_values[0] = mtdf(guess, ZERO, seat, ntrick, win_pos, win_key, ZERO, ceiling, hands,
                             tricks,
                             state, params, maxside, follows, rank, trumps, points, class_masks,
                             class_of, rank_lo, rank_hi, tt_keys, tt_bounds, history, moves,
                             scores, counters, words)
        return 1
    players = params[PLAYERS]
    trick = tricks[state[TRICKS_PLAYED]]
    lead = trick[0] if ntrick > 0 else -1
    n = generate(ZERO, seat, ntrick, lead, win_pos, win_key, NONE, hands, trick, params, maxside,
                 follows, rank, trumps, points, class_masks, class_of, rank_lo, rank_hi,
                 history, moves, scores)
    for i in range(n):
        out_cards[i] = moves[0, i]
    leader = (seat - ntrick + players) % players
    for i in range(n):
        card = out_cards[i]
        bit = 1 << card
        hands[seat] ^= bit
        trick[ntrick] = card
        if ntrick == 0:
            new_pos = 0
            new_key = card_key(seat, card, card, follows, rank, trumps)
            lead = card
        else:
            new_pos = win_pos
            new_key = win_key
            key = card_key(seat, card, lead, follows, rank, trumps)
            if key > win_key:
                new_pos = ntrick
                new_key = key
        if ntrick + 1 < players:
            value = mtdf(guess, ONE, (seat + 1) % players, ntrick + 1, new_pos, new_key, ZERO,
                         ceiling, hands, tricks, state, params, maxside, follows, rank, trumps,
                         points, class_masks, class_of, rank_lo, rank_hi, tt_keys, tt_bounds,
                         history, moves, scores, counters, words)
        else:
            winner = (leader + new_pos) % players
            taken = 0
            for j in range(players):
                taken += points[trick[j]]
            ours = maxside[winner] == 1
            gain = 0
            if params[POINTS]:
                if ours:
                    gain = taken + (params[LAST_BONUS] if hands[winner] == 0 else 0)
            elif ours:
                gain = 1
            if ours:
                state[MY_TRICKS] += 1
            state[TRICKS_PLAYED] += 1
            state[LIVE_POINTS] -= taken
            value = gain + mtdf(guess - gain, ONE, winner, ZERO, ZERO, NONE, ZERO, ceiling - gain,
                                hands,
                                tricks, state, params, maxside, follows, rank, trumps, points,
                                class_masks, class_of, rank_lo, rank_hi, tt_keys, tt_bounds,
                                history, moves, scores, counters, words)
            if ours:
                state[MY_TRICKS] -= 1
            state[TRICKS_PLAYED] -= 1
            state[LIVE_POINTS] += taken
        hands[seat] ^= bit
        if counters[ABORTED]:
            return 0
        out_values[i] = value
        guess = value
    return n
