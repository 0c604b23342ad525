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
last-trick and most-tricks bonuses. This module holds what they share: the layout of
a search's arrays and the rules (legal cards, a card's key, a trick's end, trump calls);
:mod:`~tricktable.solver.dd_bounds` holds the sure-trick bounds,
:mod:`~tricktable.solver.dd_moves` move generation and
:mod:`~tricktable.solver.dd_table` the partition search's table.
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

# params: int64 array of the spec's scalars (SCORING: the mask of the cards that score)
PLAYERS, DUTY, LAST_BONUS, MOST_BONUS, BONUS_MAX, HAND_TRICKS, POINTS, RELATIVE, \
    QUICK, CLASSES, TRICKS_IN_KEY, CALLING, ACROSS, SURE_POINTS, TWINS, SCORING = range(16)
# state: int64 array of what changes during the search
MY_TRICKS, TRICKS_PLAYED, LIVE_POINTS = range(3)
# a search's context: the slot of each of its arrays (search_context)
HANDS_AT, TRICKS_AT, STATE_AT, PARAMS_AT, MAXSIDE_AT, FOLLOWS_AT, RANK_AT, TRUMPS_AT, \
    POINTS_AT, CLASS_MASKS_AT, CLASS_OF_AT, RANK_LO_AT, RANK_HI_AT, HISTORY_AT, MOVES_AT, \
    SCORES_AT, COUNTERS_AT, TT_AT, KEYS_AT, META_AT, REL_AT, OWN_AT, TT_KEYS_AT, \
    TT_BOUNDS_AT, WORDS_AT, OUT_CARDS_AT, OUT_VALUES_AT, POINT_CARDS_AT, PATTERNS_AT, \
    CALLS_AT, MARKERS_AT, SAVED_AT, LINKS_AT, PROBES_AT, CONTEXT_AT = range(35)
CONTEXT_SLOTS = CONTEXT_AT + 1
# trump calls (the params' CALLING; Notrump's markers): per seat the cards it may play with
# a call that makes their suit its side's trump (calls), the card whose plain play ends
# that right (markers, -1: none), and per depth the trumps and calls a move changed (saved)
CALL_MOVE = 64  # a move's flag: its card is played with a call (cards are ids below 62)
CARD_OF_MOVE = CALL_MOVE - 1
# counters: int64 array of the search's bookkeeping (TRICK_NODES: the nodes at a trick's
# start, the count DDS reports as its nodes)
NODES, LIMIT, ABORTED, DEADLINE_US, TRICK_NODES = range(5)
ABORT_NODES, ABORT_TIME = 1, 2
# probes: the null-window probes of a position's value, a row each (note_probe)
MAX_PROBES = 64
PROBE_TARGET, PROBE_BOUND, PROBE_NODES = range(3)

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


@kernel(I(I, I, I, A1), inline=True)
def note_probe(depth: int, target: int, bound: int, context: np.ndarray) -> int:
    """Note a probe of the position's value (``depth`` 0; those of each card's value are
    not noted): its target, the bound it proved (at least ``bound`` where that reaches
    the target, else at most) and the nodes searched when it ended, in the first row of
    the probes with no nodes yet (KernelResult.probes)."""
    if depth == 0:
        probes = matrix(context, PROBES_AT)
        for i in range(probes.shape[0]):
            if probes[i, PROBE_NODES] == 0:
                probes[i, PROBE_TARGET] = target
                probes[i, PROBE_BOUND] = bound
                probes[i, PROBE_NODES] = vector(context, COUNTERS_AT)[NODES]
                break
    return ZERO


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


@kernel(I(I, A1), inline=True)
def bonus_at(mine: int, params: np.ndarray) -> int:
    """The most-tricks bonus the side searched for gets with ``mine`` tricks of the hand
    (it never falls as that side takes more)."""
    bonus = params[MOST_BONUS]
    if not params[POINTS] or bonus == 0:
        return ZERO
    bonus_tricks = mine if params[BONUS_MAX] else params[HAND_TRICKS] - mine
    to_bonus_side = 2 * bonus_tricks >= params[HAND_TRICKS]
    return bonus if to_bonus_side == (params[BONUS_MAX] == 1) else ZERO


@kernel(I(I, I, A1), inline=True)
def bonus_need(mine: int, left: int, params: np.ndarray) -> int:
    """What the table keys for the most-tricks bonus: how many of the ``left`` tricks the
    side searched for still needs for it, from 0 (it has it) to ``left + 1`` (out of
    reach); positions alike in this take alike from here on, whatever their tricks so far.

    >>> params = np.zeros(15, dtype=np.int64)
    >>> params[POINTS], params[MOST_BONUS], params[BONUS_MAX], params[HAND_TRICKS] = 1, 20, 1, 14
    >>> [int(bonus_need(np.int64(m), np.int64(5), params)) for m in (0, 1, 2, 5, 7, 9)]
    [6, 6, 5, 2, 0, 0]
    """
    tricks = params[HAND_TRICKS]
    threshold = (tricks + 1) // 2 if params[BONUS_MAX] else tricks // 2 + 1
    return min(max(threshold - mine, ZERO), left + 1)


@kernel(I(A1, A1), inline=True)
def terminal(state: np.ndarray, params: np.ndarray) -> int:
    """What the hand's end adds for the side searched for: the most-tricks bonus."""
    return bonus_at(state[MY_TRICKS], params)


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


