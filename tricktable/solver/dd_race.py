"""The compiled search of a race to a points goal: two seats play out exact hands, and
the first whose counted points reach the goal ends the hand (Sixty-Six once its stock
is closed or drawn: :class:`~tricktable.engine.race.Race`).

Cards are in the canonical order of :func:`tricktable.solver.canonical.tables` and the
trick rules are :mod:`tricktable.solver.dd`'s (legal cards and a card's key, from the
play spec). What the race adds: a marriage announced with the lead (its points count
once the seat has won a trick), a marriage shown without a lead where that reaches the
goal, the goal ending the hand at once, and the hand's value as the race scores it
(game points by the loser's points and tricks, a closer who fails, a hand played
out). Where each player announces the goal (``ANNOUNCE``), reaching it ends
nothing: a seat with a trick may announce on its turn, or show any marriage, and
wins if that brings it to the goal, else loses. A value is seat 0's margin (its game
points less seat 1's), found by fail-soft alpha-beta with a table of bounds at each
trick's start.
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
    DEADLINE_US,
    LIMIT,
    NEG,
    NODES,
    NONE,
    ONE,
    POS,
    TRICK_NODES,
    ZERO,
    I,
    card_key,
    highest,
    legal,
    lowest,
)
from tricktable.solver.kernel_cache import kernel

# the race's rules (params)
GOAL, UNDER, WON, WON_UNDER, WON_BLANK, CLOSER, CLOSE_LOST, PLAYED_OUT_LAST, CARRIED, \
    LAST_BONUS, MARRY_NEEDS_TRICK, DUTY, ANNOUNCE, WRONG, WRONG_BLANK = range(15)
PARAMS = 15
# the cards' rows (cards): what follows a lead, rank, points, a marriage's other card
# (-1: none) and that marriage's points
FOLLOWS, RANK, POINTS, PARTNER, MARRIAGE = range(5)
CARD_ROWS = 5
# what changes (state): per seat its card points, announced marriages' points, tricks
CARD_POINTS, MARRIED, TRICKS = 0, 2, 4
STATE = 6
GENERATION = TRICK_NODES + 1  # counters: this solve's stamp on the table rows it writes
COUNTERS = GENERATION + 1
MARRY_MOVE = 64  # a move's flag: its card is led announcing its marriage
SHOW_MOVE = 128  # a move's flag: its card's marriage is shown (to reach the goal)
ANNOUNCE_MOVE = 256  # the seat announces it has reached the goal
CARD_OF_MOVE = MARRY_MOVE - 1
# a table row: the hands, the rest of the key (with the solve's stamp), lower, upper bound
HAND0, HAND1, REST, LOWER, UPPER = range(5)
ROW_WORDS = 5
TABLE_BITS = 14


@kernel(I(I, A1), inline=True)
def counted(seat: int, state: np.ndarray) -> int:
    """A seat's points now: its card points, and its marriages once it has a trick."""
    if state[TRICKS + seat]:
        return state[CARD_POINTS + seat] + state[MARRIED + seat]
    return state[CARD_POINTS + seat]


@kernel(I(I, A1, A1), inline=True)
def won_by(seat: int, state: np.ndarray, params: np.ndarray) -> int:
    """Seat 0's margin where ``seat`` wins the hand on points: more where the loser has
    fewer than ``UNDER`` or no trick, and the points carried from earlier hands."""
    loser = 1 - seat
    value = params[WON]
    if state[TRICKS + loser] == 0:
        value = params[WON_BLANK]
    elif counted(loser, state) < params[UNDER]:
        value = params[WON_UNDER]
    value += params[CARRIED]
    return value if seat == 0 else -value


@kernel(I(I, I, A1, A1), inline=True)
def ended(reached: int, last_winner: int, state: np.ndarray, params: np.ndarray) -> int:
    """Seat 0's margin as the hand ends: ``reached`` the seat at the goal (-1: played out,
    its last trick to ``last_winner``). A closer who does not reach it loses."""
    closer = params[CLOSER]
    if closer >= 0 and reached != closer:
        value = params[CLOSE_LOST] + params[CARRIED]
        return -value if closer == 0 else value
    if reached >= 0:
        return won_by(reached, state, params)
    if params[PLAYED_OUT_LAST]:
        return won_by(last_winner, state, params)
    return 0


@kernel(I(I, A1, A1), inline=True)
def wrong(seat: int, state: np.ndarray, params: np.ndarray) -> int:
    """Seat 0's margin where ``seat`` claims the goal short of it: the other wins
    ``WRONG``, or ``WRONG_BLANK`` where the other has no trick."""
    winner = 1 - seat
    value = (params[WRONG] if state[TRICKS + winner] else params[WRONG_BLANK]) \
        + params[CARRIED]
    return value if winner == 0 else -value


@kernel(I(I, I, A1, A1, A1), inline=True)
def claimed(seat: int, added: int, state: np.ndarray, params: np.ndarray,
            cards: np.ndarray) -> int:
    """Seat 0's margin where ``seat`` claims the goal with ``added`` more points (a
    marriage shown; 0: announced): it wins if that reaches the goal, else loses."""
    if counted(seat, state) + added >= params[GOAL]:
        return ended(seat, NONE, state, params)
    return wrong(seat, state, params)


@kernel(I(I, A1, A1, A1, A2, A1, I), inline=True)
def claims(seat: int, hands: np.ndarray, state: np.ndarray, params: np.ndarray,
           cards: np.ndarray, out: np.ndarray, count: int) -> int:
    """Add ``seat``'s claims to ``out`` from ``count`` on: with a trick of its own, an
    announcement (where players announce) and the marriages it may show (where the
    table counts, only those that reach the goal); returns the new count."""
    if state[TRICKS + seat] == 0:
        return count
    announcing = params[ANNOUNCE] != 0
    if announcing:
        out[count] = ANNOUNCE_MOVE
        count += 1
    hand = hands[seat]
    need = params[GOAL] - counted(seat, state)
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        card = lowest(low)
        partner = cards[PARTNER, card]
        if partner > card and (hand >> partner) & 1 and (
                announcing or cards[MARRIAGE, card] >= need):
            out[count] = card | SHOW_MOVE
            count += 1
    return count


@kernel(I(I, boolean, A1, I), inline=True)
def add_cards(mask: int, high_first: bool, out: np.ndarray, count: int) -> int:
    """Add the cards of ``mask`` to ``out`` from ``count`` on, the highest canonical id
    first or the lowest; returns the new count."""
    rest = mask
    while rest:
        card = highest(rest) if high_first else lowest(rest)
        rest ^= 1 << card
        out[count] = card
        count += 1
    return count


@kernel(I(I, I, A1, A1, A1, A2, A1, A1))
def generate(seat: int, lead: int, hands: np.ndarray, state: np.ndarray, params: np.ndarray,
             cards: np.ndarray, trumps: np.ndarray, out: np.ndarray) -> int:
    """The moves of ``seat`` (``lead`` -1: it leads) into ``out``, best guesses first,
    and their number: claims of the goal first; leads high first, each card of a
    marriage also with its announcement; answers that win high first, then the rest
    low first."""
    hand = hands[seat]
    follows, rank = cards[FOLLOWS], cards[RANK]
    count = claims(seat, hands, state, params, cards, out, ZERO)
    if lead < 0:
        marry = not params[MARRY_NEEDS_TRICK] or state[TRICKS + seat] > 0
        rest = hand
        while rest:
            top = rest & -rest
            card = lowest(top)
            rest ^= top
            partner = cards[PARTNER, card]
            if marry and partner >= 0 and (hand >> partner) & 1:
                out[count] = card | MARRY_MOVE
                count += 1
        return add_cards(hand, True, out, count)  # in a follow class, higher ids rank higher
    lead_key = card_key(1 - seat, lead, lead, follows, rank, trumps)
    allowed = legal(seat, hand, 1, lead, lead_key, params[DUTY], follows, rank, trumps)
    winners = 0
    rest = allowed
    while rest:
        low = rest & -rest
        rest ^= low
        if card_key(seat, lowest(low), lead, follows, rank, trumps) > lead_key:
            winners |= low
    count = add_cards(winners, True, out, count)
    return add_cards(allowed & ~winners, False, out, count)


@kernel(I(I, I, A1), inline=True)
def key_rest(seat: int, generation: int, state: np.ndarray) -> int:
    """The key's word besides the hands: who leads, each seat's points, marriages and
    whether it has a trick (8 bits each: at most 255), and the solve's stamp."""
    rest = seat
    for s in range(2):
        rest = rest << 8 | state[CARD_POINTS + s]
        rest = rest << 8 | state[MARRIED + s]
        rest = rest << 1 | (1 if state[TRICKS + s] else 0)
    return rest | generation << 36


@kernel(I(I, I, I, I, I, I, A1, A1, A1, A2, A1, A1, A2, A2))
def search(seat: int, lead: int, alpha: int, beta: int, depth: int, only: int,
           hands: np.ndarray, state: np.ndarray, params: np.ndarray, cards: np.ndarray,
           trumps: np.ndarray, counters: np.ndarray, table: np.ndarray,
           moves: np.ndarray) -> int:
    """Fail-soft alpha-beta: seat 0's margin from here, ``seat`` to move (``lead``: the
    card led, -1 none); ``only`` >= 0: the value of that one move."""
    counters[NODES] += 1
    if counters[NODES] > counters[LIMIT]:
        counters[ABORTED] = ABORT_NODES
        return 0
    if counters[DEADLINE_US] > 0 and (counters[NODES] & 1023) == 1:
        with objmode(now="int64"):
            now = int(time.perf_counter() * 1e6)
        if now > counters[DEADLINE_US]:
            counters[ABORTED] = ABORT_TIME
            return 0
    slot = -1
    rest = 0
    alpha0, beta0 = alpha, beta
    if lead < 0 and only < 0:
        counters[TRICK_NODES] += 1
        rest = key_rest(seat, counters[GENERATION], state)
        h0, h1 = hands[0], hands[1]
        mixed = h0 * 0x1E3779B97F4A7C15 ^ h1 * 0x42B2AE3D27D4EB4F ^ rest * 0x165667B19E3779F9
        slot = (mixed >> 20) & ((1 << TABLE_BITS) - 1)
        row = table[slot]
        if row[HAND0] == h0 and row[HAND1] == h1 and row[REST] == rest:
            if row[LOWER] >= beta:
                return row[LOWER]
            if row[UPPER] <= alpha:
                return row[UPPER]
            if row[LOWER] == row[UPPER]:
                return row[LOWER]
            alpha = max(alpha, row[LOWER])
            beta = min(beta, row[UPPER])
    mine = seat == 0
    out = moves[depth]
    if only >= 0:
        out[0] = only
        count = 1
    else:
        count = generate(seat, lead, hands, state, params, cards, trumps, out)
    best = NEG if mine else POS
    follows, rank = cards[FOLLOWS], cards[RANK]
    for index in range(count):
        move = out[index]
        card = move & CARD_OF_MOVE
        if move & ANNOUNCE_MOVE:
            value = claimed(seat, ZERO, state, params, cards)
        elif move & SHOW_MOVE:
            value = claimed(seat, cards[MARRIAGE, card], state, params, cards)
        elif lead < 0:
            hands[seat] ^= 1 << card
            married = cards[MARRIAGE, card] if move & MARRY_MOVE else 0
            state[MARRIED + seat] += married
            if married and not params[ANNOUNCE] and counted(seat, state) >= params[GOAL]:
                value = ended(seat, NONE, state, params)
            else:
                value = search(1 - seat, card, alpha, beta, depth + 1, NONE, hands, state,
                               params, cards, trumps, counters, table, moves)
            state[MARRIED + seat] -= married
            hands[seat] ^= 1 << card
        else:
            hands[seat] ^= 1 << card
            lead_key = card_key(1 - seat, lead, lead, follows, rank, trumps)
            winner = seat if card_key(seat, card, lead, follows, rank, trumps) > lead_key \
                else 1 - seat
            last = hands[0] == 0 and hands[1] == 0
            taken = cards[POINTS, lead] + cards[POINTS, card] + (params[LAST_BONUS] if last
                                                                 else 0)
            state[CARD_POINTS + winner] += taken
            state[TRICKS + winner] += 1
            if not params[ANNOUNCE] and counted(winner, state) >= params[GOAL]:
                value = ended(winner, NONE, state, params)
            elif last:
                value = ended(NONE, winner, state, params)
            else:
                value = search(winner, NONE, alpha, beta, depth + 1, NONE, hands, state, params,
                               cards, trumps, counters, table, moves)
            state[TRICKS + winner] -= 1
            state[CARD_POINTS + winner] -= taken
            hands[seat] ^= 1 << card
        if counters[ABORTED]:
            return 0
        if mine:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if slot >= 0:
        row = table[slot]
        lower, upper = NEG, POS
        if row[HAND0] == hands[0] and row[HAND1] == hands[1] and row[REST] == rest:
            lower, upper = row[LOWER], row[UPPER]
        if best > alpha0:
            lower = max(lower, best)
        if best < beta0:
            upper = min(upper, best)
        row[HAND0], row[HAND1], row[REST] = hands[0], hands[1], rest
        row[LOWER], row[UPPER] = lower, upper
    return best


@kernel(I(I, I, A1, A1, A1, A2, A1, A1, A2, A2, A1, A1))
def solve_root(seat: int, lead: int, hands: np.ndarray, state: np.ndarray,
               params: np.ndarray, cards: np.ndarray, trumps: np.ndarray,
               counters: np.ndarray, table: np.ndarray, moves: np.ndarray,
               out_moves: np.ndarray, out_values: np.ndarray) -> int:
    """Every move of ``seat`` with its exact value (seat 0's margin) into ``out_moves`` and
    ``out_values``; returns their number (0 where the budget ran out)."""
    count = generate(seat, lead, hands, state, params, cards, trumps, out_moves)
    for index in range(count):
        value = search(seat, lead, NEG, POS, ONE, out_moves[index], hands, state, params,
                       cards, trumps, counters, table, moves)
        if counters[ABORTED]:
            return 0
        out_values[index] = value
    return count
