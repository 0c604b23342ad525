"""Move generation: the cards worth trying at a node, one of each run of equivalent
cards, best guesses first (the table's best card, the trick's state, leads weighed as
DDS weighs them, earlier cut-offs).

>>> import numpy as np
>>> run_top(np.int64(0), np.int64(0b0111), np.int64(0b1111))  # 0, 1, 2 in a row
2
"""

from __future__ import annotations

import numpy as np

from tricktable.solver.dd import (
    A1,
    ACROSS,
    CALL_MOVE,
    CALLING,
    CALLS_AT,
    CLASS_MASKS_AT,
    CLASS_OF_AT,
    DUTY,
    HISTORY_AT,
    MARKERS_AT,
    MOVES_AT,
    NONE,
    ONE,
    PLAYERS,
    POINTS,
    RANK_HI_AT,
    RANK_LO_AT,
    SCORES_AT,
    TRICKS_PLAYED,
    TRUMP_BASE,
    ZERO,
    I,
    card_key,
    highest,
    legal,
    lowest,
    matrix,
    play_views,
    popcount,
    vector,
)
from tricktable.solver.kernel_cache import kernel

CHOICE_COST = 600  # a lead's weight lost for each card an opponent may answer it with


@kernel(I(I, I, I), inline=True)
def run_top(card: int, hand: int, live_cls: int) -> int:
    """The top of the run of ``hand``'s cards that ``card`` starts among the live cards
    ``live_cls`` of its class: a lead is judged by its run's top card (the search plays
    a run's lowest)."""
    head = card
    while True:
        above = live_cls & ~((ONE << (head + 1)) - 1)
        if above == 0:
            return head
        following = lowest(above)
        if not (hand >> following) & 1:
            return head
        head = following


@kernel(I(I, I, I, I, A1, I, I, A1), inline=True)
def lead_position(seat: int, cls: int, top: int, live_cls: int, hands: np.ndarray, trump: int,
                  players: int, maxside: np.ndarray) -> int:
    """Where the cards around the table favour a lead of class ``cls`` by ``seat`` (four
    players, partners opposite), in the units of :func:`generate`'s lead categories:
    worse when the last to play (an opponent) holds the class's top or second card and
    more than one card of it, better when the first opponent to play holds the top card
    and the leader's partner the second (over it, with a card to spare), or when the
    partner can trump the class while the last to play must follow."""
    if players != 4:
        return ZERO
    lho, partner, rho = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    if maxside[partner] != maxside[seat] or maxside[lho] == maxside[seat] \
            or maxside[rho] == maxside[seat]:
        return ZERO
    rest = live_cls & ~(ONE << top)
    second = highest(rest) if rest else -1
    bonus = ZERO
    if popcount(hands[rho] & cls) != 1 and ((hands[rho] >> top) & 1 or (
            second >= 0 and (hands[rho] >> second) & 1)):
        bonus -= 12
    if (hands[lho] >> top) & 1 and second >= 0 and (hands[partner] >> second) & 1 \
            and popcount(hands[partner] & cls) != 1:
        bonus += 27
    if cls & trump == 0 and hands[partner] & cls == 0 and hands[partner] & trump \
            and hands[rho] & cls:
        bonus += 17
    return bonus


@kernel(I(I, I, I, I, I, I, I, A1))
def generate(depth: int, seat: int, ntrick: int, lead: int, win_pos: int, win_key: int,
             best_hint: int, context: np.ndarray) -> int:
    """The cards worth trying at this node, one of each run of equivalent ones, into
    ``moves[depth]``, best guesses first; returns how many. A card the seat may play with
    a call is tried that way too (its move has the :data:`CALL_MOVE` flag)."""
    hands, tricks, state, params, maxside, follows, rank, trumps, points = play_views(context)
    trick = tricks[state[TRICKS_PLAYED]]
    class_masks = vector(context, CLASS_MASKS_AT)
    class_of = vector(context, CLASS_OF_AT)
    rank_lo = vector(context, RANK_LO_AT)
    rank_hi = vector(context, RANK_HI_AT)
    history = matrix(context, HISTORY_AT)
    moves = matrix(context, MOVES_AT)
    scores = matrix(context, SCORES_AT)
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
    partner_last = 0  # the best key of a partner who plays last to this trick
    if ntrick > 0:
        ours_now = maxside[(leader + win_pos) % players] == mine
        for j in range(1, players - ntrick):
            other = (seat + j) % players
            last = j == players - ntrick - 1
            if maxside[other] == mine and not last:
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
            if maxside[other] == mine:
                partner_last = best
            elif best > threat:
                threat = best
    opponents = 0
    partners = 0
    for s in range(players):
        if s != seat:
            if maxside[s] == mine:
                partners |= hands[s]
            else:
                opponents |= hands[s]
    call_mask = ZERO  # the cards the seat may play with a call, and its marker
    marker = NONE
    if params[CALLING]:
        call_mask = vector(context, CALLS_AT)[seat]
        if call_mask:
            marker = vector(context, MARKERS_AT)[seat]
    n = 0
    for called in range(2 if allowed & call_mask else 1):
        previous = -1
        class_done = ZERO  # the class of the leads weighed last, and its weight
        class_weight = ZERO
        trumpable = False
        rest = allowed & call_mask if called else allowed
        # cards like no other of their class: trumps that may meet another suit's (they
        # compare by rank across suits: PlaySpec.trumps_across), and the marker played
        # plain (it ends the calls)
        unlike = params[ACROSS]
        if not called and marker >= 0:
            unlike |= ONE << marker
        while rest:
            low = rest & -rest
            rest ^= low
            card = lowest(low)
            if previous >= 0 and class_of[previous] == class_of[card] and (
                    not is_points or points[previous] == points[card]) \
                    and ((unlike >> card) | (unlike >> previous)) & 1 == 0:
                between = ((1 << (rank_hi[card] + 1)) - (1 << rank_lo[previous])) \
                    & ~(1 << previous) & ~low
                if live & between == 0:
                    previous = card  # equivalent to the previous card kept: skip it
                    continue
            previous = card
            worth = points[card] if is_points else 0
            weight = 0
            if called:  # a trump from now on: to take the trick, else last
                key = TRUMP_BASE + rank[card]
                if ntrick > 0 and key > win_key and key > threat and not ours_now:
                    weight = 55 * 64 - rank[card]
                else:
                    weight = 15 * 64 - rank[card]
            elif ntrick == 0:
                cls = class_masks[class_of[card]]
                live_cls = live & cls
                top = highest(live_cls)
                if cls != class_done:  # the same for every card of the class
                    class_done = cls
                    # smaller trees first (DDS's idea): leads the opponents can answer in
                    # few ways, each with a card of the class or, void in it, any card
                    choices = ZERO
                    trumpable = False  # an opponent void in the class holds its own trumps
                    for other in range(players):
                        if maxside[other] != mine:
                            held = popcount(hands[other] & cls)
                            choices += held if held else popcount(hands[other])
                            if not held and hands[other] & trumps[other] \
                                    and cls & trumps[other] == 0:
                                trumpable = True
                    class_weight = lead_position(seat, cls, top, live_cls, hands,
                                                 trumps[seat], players, maxside) * 64 \
                        - CHOICE_COST * choices
                if run_top(card, hand, live_cls) == top or (
                        (hand >> top) & 1 and rank[top] == rank[card]):
                    weight = 35 if trumpable else 60  # a winner (an opponent may trump it)
                elif (partners >> top) & 1:
                    weight = 50  # low to partner's winner
                elif opponents & cls == 0:
                    weight = 40
                elif (hand | partners) >> highest(live_cls & ~(ONE << top)) & 1:
                    weight = 25  # the second best ours: the top drawn, it wins
                else:
                    weight = 20
                weight = weight * 64 + class_weight - rank[card] + 4 * worth
            else:
                key = card_key(seat, card, lead, follows, rank, trumps)
                if ours_now:
                    if win_key > threat:
                        weight = 60 * 64 - rank[card] + 64 * worth  # ours: low, or points
                    elif key > threat:
                        weight = 50 * 64 - rank[card]  # secure partner's trick
                    elif key > win_key:
                        weight = 25 * 64 - rank[card]  # over partner: the next must go higher
                    else:
                        weight = 20 * 64 - rank[card]
                elif partner_last > win_key and partner_last > threat:
                    weight = 60 * 64 - rank[card] + 64 * worth  # partner, last, takes it
                elif key > win_key and key > threat:
                    weight = 55 * 64 - rank[card] + 64 * worth  # take it, cheaply
                elif key > win_key:
                    weight = 35 * 64 - rank[card]  # beat it: the next must overtake
                else:
                    weight = 30 * 64 - rank[card] - 64 * worth  # lose it cheaply
            score = weight * (1 << 24) + min(history[seat, card], (1 << 24) - 1)
            move = card + CALL_MOVE if called else card
            if move == best_hint:
                score = 1 << 60
            # insert in order, best first
            i = n
            while i > 0 and scores[depth, i - 1] < score:
                moves[depth, i] = moves[depth, i - 1]
                scores[depth, i] = scores[depth, i - 1]
                i -= 1
            moves[depth, i] = move
            scores[depth, i] = score
            n += 1
    return n
