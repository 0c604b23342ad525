"""Sure tricks: bounds on what a side takes, found without search (DDS's quick tricks
and later tricks).

At a trick's start, :func:`quick` counts the leader's top cards it can cash at once,
:func:`through_partner` a partner's reached with a low card, :func:`sure_trumps` one
hand's trumps above every opposing one; in a trick in progress, :func:`trick_taker`
names the side sure to take it. Each also returns the cards its count rested on,
for the partition search (:mod:`~tricktable.solver.dd_tricks`), and
:func:`sure_tricks` combines them into the answer to a probe's target;
:func:`sure_points` does the same for card points (the points of the top cards cashed).

>>> import numpy as np
>>> settled(np.int64(1), np.int64(3), np.int64(5), np.int64(3))  # three sure: target met
1
"""

from __future__ import annotations

import numpy as np
from numba import boolean
from numba.types import UniTuple  # type: ignore[attr-defined]

from tricktable.solver.dd import (
    A1,
    CLASS_MASKS_AT,
    CLASSES,
    DUTY,
    FOLLOW,
    LAST_BONUS,
    LIVE_POINTS,
    MY_TRICKS,
    NONE,
    ONE,
    PLAYERS,
    RANK_HI_AT,
    SURE_POINTS,
    TRUMP,
    TWINS,
    ZERO,
    I,
    bonus_at,
    card_key,
    highest,
    lowest,
    play_views,
    popcount,
    vector,
)
from tricktable.solver.kernel_cache import kernel


@kernel(UniTuple(I, 2)(I, I), inline=True)
def top_run(hand: int, rest: int) -> tuple[int, int]:
    """How many of the highest cards of ``rest`` (live cards of one class) ``hand`` holds
    in a row from the top, and the lowest of them."""
    count = ZERO
    low = ZERO
    while rest:
        high = highest(rest)
        if not (hand >> high) & 1:
            break
        count += 1
        low = high
        rest ^= ONE << high
    return count, low


@kernel(I(I, I, I), inline=True)
def top_of(cls: int, live: int, count: int) -> int:
    """The cards of class ``cls`` from its ``count``-th highest ``live`` card up."""
    rest = live & cls
    low = ZERO
    for _ in range(count):
        low = highest(rest)
        rest ^= ONE << low
    return cls & ~((ONE << low) - 1)


@kernel(UniTuple(I, 2)(I, I, A1, A1, I, A1, I))
def drawing_trumps(leader: int, need: int, hands: np.ndarray, params: np.ndarray, trump: int,
                   class_masks: np.ndarray, live: int) -> tuple[int, int]:
    """Quick tricks that draw trumps first: where the leader's top trumps in a row are at
    least as many as any other hand's trumps, it cashes all of them (everyone follows, so
    then nobody else holds a trump) and then its top cards of every other class, which
    nobody can trump any more (counted up to ``need``); with the relevant cards: the
    cards counted, upwards in their class."""
    lead_hand = hands[leader]
    top, _ = top_run(lead_hand, live & trump)
    if top == 0:
        return ZERO, ZERO
    for seat in range(params[PLAYERS]):
        if seat != leader and popcount(hands[seat] & trump) > top:
            return ZERO, ZERO
    if top >= need:
        return need, top_of(trump, live, need)
    total = top  # every top trump is cashed, so nobody else holds one after
    used = top_of(trump, live, top)
    for k in range(params[CLASSES]):
        cls = class_masks[k]
        if total >= need:
            break
        if cls & trump or lead_hand & cls == 0:
            continue
        run, _ = top_run(lead_hand, live & cls)
        if run:
            take = min(run, need - total)
            used |= top_of(cls, live, take)
            total += take
    return total, used


@kernel(boolean(I, I, I, A1, I, A1, I), inline=True)
def outlasted(leader: int, cls: int, top: int, hands: np.ndarray, players: int,
              maxside: np.ndarray, trump: int) -> bool:
    """Whether the leader's ``top`` highest cards of class ``cls`` exhaust every opponent's
    cards of it and no opponent can trump the rest (the class is trumps, or no opponent
    holds one): then each of the leader's cards of the class takes a trick."""
    for seat in range(players):
        if maxside[seat] == maxside[leader]:
            continue
        if popcount(hands[seat] & cls) > top or (cls & trump == 0 and hands[seat] & trump):
            return False
    return True


@kernel(I(I, I, I, A1, A1, A1, I), inline=True)
def cashable(leader: int, cls: int, live: int, hands: np.ndarray, params: np.ndarray,
             maxside: np.ndarray, trump: int) -> int:
    """How many top cards of class ``cls`` the leader cashes at once: its top live cards in
    a row, each winning while every opponent who could trump it (and a partner who
    would have to) still holds a card of the class."""
    top, _ = top_run(hands[leader], live & cls)
    if top and cls & trump == 0:
        for seat in range(params[PLAYERS]):
            if seat == leader or not hands[seat] & trump:
                continue
            if maxside[seat] != maxside[leader] or params[DUTY] & TRUMP:
                top = min(top, popcount(hands[seat] & cls))
    return top


@kernel(UniTuple(I, 2)(I, I, A1, A1, A1, A1, A1))
def quick(leader: int, need: int, hands: np.ndarray, params: np.ndarray, maxside: np.ndarray,
          trumps: np.ndarray, class_masks: np.ndarray) -> tuple[int, int]:
    """Tricks the leader's side surely takes cashing the leader's top cards at once (counted
    up to ``need`` at most), and the relevant cards of that count: the top cards it
    counts, upwards in their class.

    Side classes first (each top card wins if every opponent who could trump must
    follow, and a partner who would have to trump follows too), then the trumps. Where
    the top cards exhaust the opponents' cards of a class and none of them can trump,
    every card the leader holds of it counts (:func:`outlasted`).
    """
    players = params[PLAYERS]
    duty = params[DUTY]
    lead_hand = hands[leader]
    trump = trumps[0]
    live = ZERO
    for seat in range(players):
        live |= hands[seat]
    total = ZERO
    used = ZERO
    for k in range(params[CLASSES]):
        if total >= need:
            break
        cls = class_masks[k]
        if lead_hand & cls == 0:
            continue
        top = cashable(leader, cls, live, hands, params, maxside, trump)
        if top == 0:
            continue
        take = min(top, need - total)
        length = popcount(lead_hand & cls)
        if take < length and not duty & TRUMP \
                and outlasted(leader, cls, top, hands, players, maxside, trump):
            # the opponents run out under the top cards: the rest of the class wins too
            used |= top_of(cls, live, top)
            total += min(length, need - total)
            continue
        used |= top_of(cls, live, take)
        total += take
    if total < need and trump and duty & FOLLOW:
        drawn, drawn_used = drawing_trumps(leader, need, hands, params, trump, class_masks,
                                           live)
        if drawn > total:
            return drawn, drawn_used
    return total, used


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


@kernel(I(I, I, A1), inline=True)
def least_points(hand: int, count: int, points: np.ndarray) -> int:
    """The fewest points ``count`` cards of ``hand`` can hold."""
    total = ZERO
    rest = hand
    for _ in range(count):
        pick = NONE
        rest_scan = rest
        while rest_scan:
            card = lowest(rest_scan)
            rest_scan &= rest_scan - 1
            if pick < 0 or points[card] < points[pick]:
                pick = card
                if points[card] == 0:
                    break
        if pick < 0:
            break
        rest ^= ONE << pick
        total += points[pick]
    return total


@kernel(UniTuple(I, 3)(I, I, A1, A1, A1, A1, A1, A1))
def cashed(leader: int, live: int, hands: np.ndarray, params: np.ndarray,
           maxside: np.ndarray, trumps: np.ndarray, class_masks: np.ndarray,
           points: np.ndarray) -> tuple[int, int, int]:
    """The leader's top cards in a row that it cashes at once, each winning its trick (as
    :func:`quick` counts them, without its extras): how many, the fewest points those
    tricks hold (the cashed cards', and the least every other hand can play to them) and
    the relevant cards (the cashed cards: the top of each class they are in; the rest
    rests on the hands' lengths and who holds each card that scores, the table's key)."""
    players = params[PLAYERS]
    count = ZERO
    taken = ZERO
    used = ZERO
    for k in range(params[CLASSES]):
        cls = class_masks[k]
        top = cashable(leader, cls, live, hands, params, maxside, trumps[0])  # 0: none held
        if top == 0:
            continue
        cards = top_of(cls, live, top)
        count += top
        used |= cards
        rest = cards & live
        while rest:
            card = lowest(rest)
            rest ^= ONE << card
            taken += points[card]
    if count:  # every card played to those tricks is the leader side's
        for seat in range(players):
            if seat != leader:
                taken += least_points(hands[seat], count, points)
    return count, taken, used


@kernel(UniTuple(I, 4)(I, A1, A1, A1, A1, A1, A1))
def trump_winners(live: int, hands: np.ndarray, params: np.ndarray, maxside: np.ndarray,
                  trumps: np.ndarray, points: np.ndarray,
                  rank_hi: np.ndarray) -> tuple[int, int, int, int]:
    """DDS's later tricks for card points: the trumps of one hand that rank above every
    opposing trump each win the trick they fall on, whoever leads and whenever they are
    played, so that hand's side takes at least their points and, from every other hand,
    the least points as many of its cards can hold. Returns that side (``maxside``'s 1
    or 0; -1: none), how many tricks, those points, and the relevant cards (the trump
    class from the highest opposing trump up; a twin of it ranks with it and is not
    above it; the rest rests on the hands' lengths and who holds each scoring card)."""
    trump = trumps[0]
    rest = live & trump
    if rest == 0:
        return -ONE, ZERO, ZERO, ZERO
    players = params[PLAYERS]
    high = highest(rest)
    side = ZERO
    for s in range(players):
        if (hands[s] >> high) & 1:
            side = maxside[s]
    other = ZERO
    for s in range(players):
        if maxside[s] != side:
            other |= hands[s] & trump
    floor = ZERO if other == 0 else rank_hi[highest(other)] + 1
    above = trump & ~((ONE << floor) - 1)
    best = NONE
    count = ZERO
    for s in range(players):
        held = popcount(hands[s] & above)
        if maxside[s] == side and held > count:
            count = held
            best = s
    if best < 0:
        return -ONE, ZERO, ZERO, ZERO
    taken = ZERO
    winners = hands[best] & above
    while winners:
        card = lowest(winners)
        winners ^= ONE << card
        taken += points[card]
    for s in range(players):
        if s != best:
            taken += least_points(hands[s], count, points)
    used = ZERO if other == 0 else trump & ~((ONE << highest(other)) - 1)
    return side, count, taken, used


@kernel(UniTuple(I, 3)(I, I, I, A1))
def points_bounds(seat: int, left: int, live: int, context: np.ndarray) -> tuple[int, int, int]:
    """Bounds on the card points the side searched for takes from a trick's start, ``seat``
    to lead: a side takes at least the points of the top cards its leader cashes, and the
    tricks they win count toward the most-tricks bonus; and, without twin cards, the side
    of a hand holding trumps above every opposing trump takes at least what
    :func:`trump_winners` counts. With the relevant cards (the cards cashed, and those
    trumps where they tightened a bound). Only where the params allow it (every seat
    follows, one set of trumps): else ``0`` and every live point."""
    hands, _, state, params, maxside, _, _, trumps, points = play_views(context)
    mine = state[MY_TRICKS]
    most = state[LIVE_POINTS] + params[LAST_BONUS]
    if not params[SURE_POINTS]:
        return bonus_at(mine, params), most + bonus_at(mine + left, params), ZERO
    class_masks = vector(context, CLASS_MASKS_AT)
    count, taken, used = cashed(seat, live, hands, params, maxside, trumps, class_masks,
                                points)
    if maxside[seat] == 1:
        lower = taken + bonus_at(mine + count, params)
        upper = most + bonus_at(mine + left, params)
    else:
        lower = bonus_at(mine, params)
        upper = most + bonus_at(mine + left - count, params) - taken
    if params[TWINS]:  # Pinochle: 7% fewer nodes, 11% more time (benchmarks/dds.py)
        return lower, upper, used
    side, count, taken, trumps_used = trump_winners(live, hands, params, maxside, trumps,
                                                    points, vector(context, RANK_HI_AT))
    if side == 1:
        surely = taken + bonus_at(mine + count, params)
        if surely > lower:
            lower = surely
            used |= trumps_used
    elif side == 0:
        at_most = most + bonus_at(mine + left - count, params) - taken
        if at_most < upper:
            upper = at_most
            used |= trumps_used
    return lower, upper, used


@kernel(UniTuple(I, 2)(I, I, I, I, A1))
def sure_points(seat: int, target: int, left: int, live: int,
                context: np.ndarray) -> tuple[int, int]:
    """The answer :func:`points_bounds` settles for a probe's ``target`` at a trick start,
    and its relevant cards; -1: none."""
    lower, upper, used = points_bounds(seat, left, live, context)
    if lower >= target:
        return ONE, used
    if upper < target:
        return ZERO, used
    return -ONE, ZERO
