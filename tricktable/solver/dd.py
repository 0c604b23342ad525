"""The compiled double-dummy search: numba functions on int64 masks, from a play spec's tables.

Everything here works in the *canonical* card order that
:mod:`tricktable.solver.compiled` builds from a :class:`~tricktable.engine.play.PlaySpec`:
the cards of one follow class (the cards that follow one another: a suit, Rook's
trumps with the bird) are contiguous and sorted by rank, so one class is one bit
range, a higher bit is a card at least as strong, and copies of a card (Pinochle)
are adjacent. Hands are int64 masks (decks have at most 57 cards, so the sign bit
is never used and numba never mixes signed and unsigned ints).

The searches (:mod:`~tricktable.solver.dd_tricks`: trick counts by partition search;
:mod:`~tricktable.solver.dd_search`: alpha-beta with exact keys) value a position for
two sides (the side searched for, ``maxside[seat] == 1``, against every other seat)
as what that side takes from here on: tricks, or card points with the spec's
last-trick and most-tricks bonuses. This module holds what they share: the rules
(legal cards, a card's key, a trick's end), quick tricks and move generation.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import boolean, int64
from numba.core import cgutils, types
from numba.extending import intrinsic
from numba.types import Tuple, UniTuple  # type: ignore[attr-defined]

from tricktable.solver.kernel_cache import kernel

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
KEY_WORDS = 9  # hands (up to four seats); leader, trick count, class counts; point patterns
HAND_WORDS = 4

# params: int64 array of the spec's scalars
PLAYERS, DUTY, LAST_BONUS, MOST_BONUS, BONUS_MAX, HAND_TRICKS, POINTS, RELATIVE, \
    QUICK, CLASSES, TRICKS_IN_KEY, CALLING, ACROSS = range(13)
# state: int64 array of what changes during the search
MY_TRICKS, TRICKS_PLAYED, LIVE_POINTS = range(3)
# a search's context: the slot of each of its arrays (search_context)
HANDS_AT, TRICKS_AT, STATE_AT, PARAMS_AT, MAXSIDE_AT, FOLLOWS_AT, RANK_AT, TRUMPS_AT, \
    POINTS_AT, CLASS_MASKS_AT, CLASS_OF_AT, RANK_LO_AT, RANK_HI_AT, HISTORY_AT, MOVES_AT, \
    SCORES_AT, COUNTERS_AT, TT_AT, KEYS_AT, META_AT, REL_AT, OWN_AT, TT_KEYS_AT, \
    TT_BOUNDS_AT, WORDS_AT, OUT_CARDS_AT, OUT_VALUES_AT, POINT_CARDS_AT, PATTERNS_AT, \
    CALLS_AT, MARKERS_AT, SAVED_AT, CONTEXT_AT = range(33)
CONTEXT_SLOTS = 33
# trump calls (the params' CALLING; Notrump's markers): per seat the cards it may play with
# a call that makes their suit its side's trump (calls), the card whose plain play ends
# that right (markers, -1: none), and per depth the trumps and calls a move changed (saved)
CALL_MOVE = 64  # a move's flag: its card is played with a call (cards are ids below 62)
CARD_OF_MOVE = CALL_MOVE - 1
# counters: int64 array of the search's bookkeeping (TRICK_NODES: the nodes at a trick's
# start, the count DDS reports as its nodes)
NODES, LIMIT, ABORTED, DEADLINE_US, TRICK_NODES = range(5)
ABORT_NODES, ABORT_TIME = 1, 2

@intrinsic
def _ctpop(typingctx: object, x: object) -> tuple[object, object]:
    """LLVM's population count of an int64 (one instruction where the CPU has it)."""
    def codegen(context: object, builder: ir.IRBuilder, signature: object,
                args: list[ir.Value]) -> ir.Value:
        return builder.ctpop(args[0])
    return I(I), codegen


@intrinsic
def _cttz(typingctx: object, x: object) -> tuple[object, object]:
    """LLVM's count of trailing zeros of an int64 (64 for 0)."""
    def codegen(context: object, builder: ir.IRBuilder, signature: object,
                args: list[ir.Value]) -> ir.Value:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return I(I), codegen


@intrinsic
def _ctlz(typingctx: object, x: object) -> tuple[object, object]:
    """LLVM's count of leading zeros of an int64 (64 for 0)."""
    def codegen(context: object, builder: ir.IRBuilder, signature: object,
                args: list[ir.Value]) -> ir.Value:
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return I(I), codegen


def _view(context: Any, builder: ir.IRBuilder, kind: Any, address: ir.Value,
          shape: list[ir.Value]) -> ir.Value:
    """An int64 array of ``kind`` (C order) over the memory at ``address``, owning nothing:
    no reference count, like the arrays of ``numba.carray``."""
    view = context.make_array(kind)(context, builder)
    itemsize = context.get_constant(types.intp, 8)
    strides = [itemsize]
    for length in reversed(shape[1:]):
        strides.insert(0, builder.mul(length, strides[0]))
    pack: Any = cgutils.pack_array
    context.populate_array(view, data=builder.inttoptr(address, view.data.type),
                           shape=pack(builder, shape), strides=pack(builder, strides),
                           itemsize=itemsize, meminfo=None)
    return view._getvalue()


@intrinsic
def _vector_at(typingctx: object, address: object, length: object) -> tuple[object, object]:
    """The int64 vector of ``length`` items at ``address``."""
    def codegen(context: Any, builder: ir.IRBuilder, signature: Any,
                args: list[ir.Value]) -> ir.Value:
        return _view(context, builder, signature.return_type, args[0], [args[1]])
    return A1(I, I), codegen


@intrinsic
def _matrix_at(typingctx: object, address: object, rows: object,
               columns: object) -> tuple[object, object]:
    """The int64 matrix of ``rows`` x ``columns`` at ``address``."""
    def codegen(context: Any, builder: ir.IRBuilder, signature: Any,
                args: list[ir.Value]) -> ir.Value:
        return _view(context, builder, signature.return_type, args[0], list(args[1:]))
    return A2(I, I, I), codegen


@kernel(A1(A1, I), inline=True)
def vector(context: np.ndarray, slot: int) -> np.ndarray:
    """The vector in ``slot`` of a search's context (see :func:`search_context`)."""
    return _vector_at(context[3 * slot], context[3 * slot + 1])  # type: ignore[call-arg]


@kernel(A2(A1, I), inline=True)
def matrix(context: np.ndarray, slot: int) -> np.ndarray:
    """The matrix in ``slot`` of a search's context."""
    return _matrix_at(context[3 * slot], context[3 * slot + 1],  # type: ignore[call-arg]
                      context[3 * slot + 2])


@kernel(Tuple((A1, A2, A1, A1, A1, A1, A1, A1, A1))(A1), inline=True)
def play_views(context: np.ndarray) -> tuple[np.ndarray, ...]:
    """The arrays every search function reads, from its context: the hands, the tricks,
    the state and the spec's params, sides, follow masks, ranks, trumps and points."""
    return (vector(context, HANDS_AT), matrix(context, TRICKS_AT), vector(context, STATE_AT),
            vector(context, PARAMS_AT), vector(context, MAXSIDE_AT),
            vector(context, FOLLOWS_AT), vector(context, RANK_AT), vector(context, TRUMPS_AT),
            vector(context, POINTS_AT))


def search_context(arrays: dict[int, np.ndarray]) -> np.ndarray:
    """One int64 array naming a search's arrays by slot: the address, rows and columns
    of each (the caller keeps the arrays alive while the search runs).

    numba copies every array passed to a call (seven to nine words each, and a
    reference count): the recursive searches pass this one array instead of some
    twenty, and read the others from it.

    >>> hands = np.array([3, 12], dtype=np.int64)
    >>> context = search_context({HANDS_AT: hands})
    >>> vector(context, HANDS_AT).tolist()
    [3, 12]
    """
    context = np.zeros(3 * CONTEXT_SLOTS, dtype=np.int64)
    for slot, array in arrays.items():
        if array.dtype != np.int64 or not array.flags.c_contiguous or array.ndim > 2:
            raise ValueError("a search reads C-ordered int64 vectors and matrices only")
        context[3 * slot] = array.ctypes.data
        context[3 * slot + 1] = array.shape[0]
        context[3 * slot + 2] = array.shape[1] if array.ndim == 2 else 1
    # the context itself: a search reads it back as a view owning nothing, so the calls
    # that pass it on count no references (an atomic increment and decrement each)
    context[3 * CONTEXT_AT] = context.ctypes.data
    context[3 * CONTEXT_AT + 1] = context.shape[0]
    context[3 * CONTEXT_AT + 2] = 1
    return context


@kernel(I(I), inline=True)
def popcount(mask: int) -> int:
    """The number of cards in a mask."""
    return _ctpop(mask)  # type: ignore[call-arg]


@kernel(I(I), inline=True)
def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return _cttz(mask)  # type: ignore[call-arg]


@kernel(I(I), inline=True)
def highest(mask: int) -> int:
    """The highest card of a non-empty mask."""
    return 63 - _ctlz(mask)  # type: ignore[call-arg]


@kernel(I(I, I, I, A1, A1, A1), inline=True)
def card_key(seat: int, card: int, lead: int, follows: np.ndarray, rank: np.ndarray,
             trumps: np.ndarray) -> int:
    """How strongly ``card`` played by ``seat`` bids for a trick led with ``lead``."""
    if (trumps[seat] >> card) & 1:
        return TRUMP_BASE + rank[card]
    if (follows[lead] >> card) & 1:
        return 1 + rank[card]
    return 0


@kernel(I(I, I, I, I, A1, A1, A1))
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


@kernel(I(I, I, I, I, I, I, A1, A1, A1), inline=True)
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


@kernel(I(I, I), inline=True)
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
    mine = maxside[leader]
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
        top, low = top_run(lead_hand, live & cls)
        if top == 0:
            continue
        if cls & trump == 0:
            for seat in range(players):
                if seat == leader or not hands[seat] & trump:
                    continue
                if maxside[seat] != mine or duty & TRUMP:
                    held = popcount(hands[seat] & cls)
                    if held < top:
                        top = held
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
        rest = live & cls
        for _ in range(take):
            low = highest(rest)
            rest ^= ONE << low
        used |= cls & ~((ONE << low) - 1)
        total += take
    if total < need and trump and duty & FOLLOW:
        drawn, drawn_used = drawing_trumps(leader, need, hands, params, trump, class_masks,
                                           live)
        if drawn > total:
            return drawn, drawn_used
    return total, used


@kernel(UniTuple(I, 2)(I, I, I, I, I, I, A1, A1, A1), inline=True)
def advance(seat: int, card: int, ntrick: int, lead: int, win_pos: int, win_key: int,
            follows: np.ndarray, rank: np.ndarray, trumps: np.ndarray) -> tuple[int, int]:
    """The trick's winning position and key once ``seat`` plays ``card`` as its
    ``ntrick``-th card (0: the lead)."""
    if ntrick == 0:
        return ZERO, card_key(seat, card, card, follows, rank, trumps)
    key = card_key(seat, card, lead, follows, rank, trumps)
    if key > win_key:
        return ntrick, key
    return win_pos, win_key


@kernel(UniTuple(I, 3)(I, I, A1, A1, A1, A1, A1, A1), inline=True)
def close_trick(leader: int, win_pos: int, hands: np.ndarray, trick: np.ndarray,
                state: np.ndarray, params: np.ndarray, maxside: np.ndarray,
                points: np.ndarray) -> tuple[int, int, int]:
    """Count a finished trick into ``state``: returns its winner, what it gains the side
    searched for (a trick, or its points and the last-trick bonus) and its points."""
    players = params[PLAYERS]
    winner = (leader + win_pos) % players
    taken = ZERO
    for j in range(players):
        taken += points[trick[j]]
    ours = maxside[winner] == 1
    gain = ZERO
    if ours:
        gain = ONE
        if params[POINTS]:
            gain = taken + (params[LAST_BONUS] if hands[winner] == 0 else 0)
        state[MY_TRICKS] += 1
    state[TRICKS_PLAYED] += 1
    state[LIVE_POINTS] -= taken
    return winner, gain, taken


@kernel(I(A1, A1), inline=True)
def terminal(state: np.ndarray, params: np.ndarray) -> int:
    """What the hand's end adds for the side searched for: the most-tricks bonus."""
    bonus = params[MOST_BONUS]
    if not params[POINTS] or bonus == 0:
        return 0
    mine = state[MY_TRICKS]
    bonus_tricks = mine if params[BONUS_MAX] else params[HAND_TRICKS] - mine
    to_bonus_side = 2 * bonus_tricks >= params[HAND_TRICKS]
    return bonus if to_bonus_side == (params[BONUS_MAX] == 1) else 0


@kernel(I(I, I, A1, A1), inline=True)
def reopen_trick(winner: int, taken: int, state: np.ndarray, maxside: np.ndarray) -> int:
    """Undo :func:`close_trick`."""
    if maxside[winner] == 1:
        state[MY_TRICKS] -= 1
    state[TRICKS_PLAYED] -= 1
    state[LIVE_POINTS] += taken
    return ZERO


@kernel(boolean(I, I, I, A1), inline=True)
def make_call(depth: int, seat: int, move: int, context: np.ndarray) -> bool:
    """What ``seat`` playing ``move`` changes besides the cards: a call makes the suit of
    its calls its side's trumps and ends the side's calls; its marker played plain ends
    its own. Returns whether anything changed (then :func:`undo_call` restores it)."""
    params = vector(context, PARAMS_AT)
    if params[CALLING] == 0:
        return False
    calls = vector(context, CALLS_AT)
    if calls[seat] == 0 or (move < CALL_MOVE and move != vector(context, MARKERS_AT)[seat]):
        return False
    trumps = vector(context, TRUMPS_AT)
    maxside = vector(context, MAXSIDE_AT)
    saved = matrix(context, SAVED_AT)
    players = params[PLAYERS]
    for s in range(players):
        saved[depth, s] = trumps[s]
        saved[depth, HAND_WORDS + s] = calls[s]
    if move >= CALL_MOVE:
        suit = calls[seat]
        for s in range(players):
            if maxside[s] == maxside[seat]:
                trumps[s] = suit
                calls[s] = ZERO
    else:
        calls[seat] = ZERO
    return True


@kernel(I(I, A1), inline=True)
def undo_call(depth: int, context: np.ndarray) -> int:
    """Undo :func:`make_call` at ``depth``."""
    players = vector(context, PARAMS_AT)[PLAYERS]
    trumps = vector(context, TRUMPS_AT)
    calls = vector(context, CALLS_AT)
    saved = matrix(context, SAVED_AT)
    for s in range(players):
        trumps[s] = saved[depth, s]
        calls[s] = saved[depth, HAND_WORDS + s]
    return ZERO


@kernel(boolean(A1, I), inline=True)
def calls_open(context: np.ndarray, players: int) -> bool:
    """Whether any seat may still call (the params' CALLING, and a seat's calls left)."""
    if vector(context, PARAMS_AT)[CALLING] == 0:
        return False
    calls = vector(context, CALLS_AT)
    open_calls = ZERO
    for s in range(players):
        open_calls |= calls[s]
    return open_calls != 0


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
                if run_top(card, hand, live_cls) == top or (
                        (hand >> top) & 1 and rank[top] == rank[card]):
                    weight = 60  # a winner in its class
                    if cls & trumps[seat] == 0 and opponents & trumps[seat]:
                        weight = 35  # that an opponent might trump
                elif (partners >> top) & 1:
                    weight = 50  # low to partner's winner
                elif opponents & cls == 0:
                    weight = 40
                else:
                    weight = 20
                if cls != class_done:  # the same for every card of the class
                    class_done = cls
                    # smaller trees first (DDS's idea): leads the opponents can answer in
                    # few ways, each with a card of the class or, void in it, any card
                    choices = ZERO
                    for other in range(players):
                        if maxside[other] != mine:
                            held = popcount(hands[other] & cls)
                            choices += held if held else popcount(hands[other])
                    class_weight = lead_position(seat, cls, top, live_cls, hands,
                                                 trumps[seat], players, maxside) * 64 \
                        - CHOICE_COST * choices
                weight = weight * 64 + class_weight - rank[card] + 4 * worth
            else:
                key = card_key(seat, card, lead, follows, rank, trumps)
                if ours_now:
                    if win_key > threat:
                        weight = 60 * 64 - rank[card] + 64 * worth  # ours: low, or points
                    elif key > threat:
                        weight = 50 * 64 - rank[card]  # secure partner's trick
                    else:
                        weight = 20 * 64 - rank[card]
                elif key > win_key and key > threat:
                    weight = 55 * 64 - rank[card] + 64 * worth  # take it, cheaply
                elif key > win_key and partner_after:
                    weight = 25 * 64 - rank[card]
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
