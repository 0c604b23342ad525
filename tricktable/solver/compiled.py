"""The compiled kernel's front: positions of plain trick play solved on a play spec's
canonical tables (:func:`~tricktable.solver.canonical.tables`).

:class:`Kernel` solves a :class:`~tricktable.engine.play.Position` for
one side, for tricks or card points: trick counts by partition search
(:mod:`tricktable.solver.dd_tricks`) where only ranks within a class decide a
trick, everything else by alpha-beta on exact hands
(:mod:`tricktable.solver.dd_search`).

>>> import tricktable
>>> game = tricktable.new_game("rook", deal=ROOK_ENDING)
>>> result = Kernel(game.spec, side=0, objective="tricks").solve(game.position())
>>> result.value, {game.deck.text(card): value for card, value in result.cards.items()}
(1, {'R1': 1, 'R2': 1})
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from tricktable.cards import Card, bits
from tricktable.engine.play import PlaySpec, Position
from tricktable.solver import dd, dd_search, dd_table, dd_tricks
from tricktable.solver.canonical import BudgetExceeded, Unsupported, past_budget, tables

OBJECTIVES = ("tricks", "points")
TABLE_BITS = 18  # transposition-table slots: 2**18 (at most 30 MiB, touched lazily)
POINTS_TABLE_BITS = 22  # card points by partition: 2**22 rows (Rook: 480 MiB, touched as used)
EXACT_TABLE_BITS = 20  # a search on exact hands: 2**20 slots (104 MiB)
SMALLEST_TABLE_BITS = 10
DEFAULT_NODES = 50_000_000
# kernels with tables at most this large (the bots' solves of a few tricks) are kept, this
# many a thread, and emptied for reuse (:func:`kernel_for`): allocating their tables cost
# about as much as a whole solve of the bots' size
REUSED_TABLE_BITS = 16
REUSED_KERNELS = 8


@dataclass(frozen=True)
class Probe:
    """One null-window search of a position's value: does the side take at least
    ``target`` from here? It proved ``bound``: at least that where it reached the target,
    else at most that (in the objective's units); ``nodes``: what it searched."""

    target: int
    bound: int
    nodes: int

    @property
    def reached(self) -> bool:
        """Whether the side takes at least the target."""
        return self.bound >= self.target


@dataclass(frozen=True)
class KernelResult:
    """A solved position: ``value`` is what the side takes from here on (tricks, or
    card points with the spec's bonuses), ``cards`` each card's value (with ``each``),
    ``nodes`` the positions searched, ``trick_nodes`` those at a trick's start (what DDS
    counts as its nodes), ``called`` the value of each card the seat may play with a
    trump call, ``probes`` the searches that found the position's value, in order (the
    nodes after them went to each card's value)."""

    value: int
    cards: dict[Card, int]
    nodes: int
    trick_nodes: int = 0
    called: dict[Card, int] = field(default_factory=dict)  # cards played with a call
    probes: tuple[Probe, ...] = ()


class Kernel:
    """Exact search of the rest of a hand for side ``side``, for ``objective`` "tricks" or
    "points"; its transposition table serves every position of one hand with this spec."""

    def __init__(self, spec: PlaySpec, side: int, objective: str = "tricks",
                 table_bits: int | None = None, partition: bool = True,
                 cards: int | None = None) -> None:
        """``table_bits``: the table's size (log2 of its rows); by default as large as the
        positions of ``cards`` cards a hand need (:func:`table_bits_for`), or, without
        ``cards``, :data:`TABLE_BITS`."""
        if objective not in OBJECTIVES:
            raise ValueError(f"the kernel's objective is 'tricks' or 'points', not {objective!r}")
        if spec.players > dd.HAND_WORDS:
            raise Unsupported(f"the kernel searches at most {dd.HAND_WORDS} players")
        sides = max(spec.side_of) + 1
        calling = any(spec.calls)
        if calling and (len(spec.markers) != spec.players or sides != 2):
            raise Unsupported("the kernel searches calls of two sides, each seat's with its "
                              "marker")
        if spec.most_tricks_bonus and sides != 2 and objective == "points":
            raise Unsupported("a most-tricks bonus is searched for two sides only")
        if not 0 <= side < sides:
            raise ValueError(f"no side {side}")
        self.spec, self.side, self.objective = spec, side, objective
        self.tables = tables(spec)
        t = self.tables
        points = objective == "points"
        # points in units of their greatest common divisor: fewer null-window searches
        self.unit = math.gcd(*spec.points, spec.last_bonus, spec.most_tricks_bonus) or 1 \
            if points else 1
        unit = self.unit
        self.points = t.points // unit
        # relative ranks in the exact table: for points, with each class's points in rank
        # order in the key (4 bits a card, a word a class); where cards have twins, with
        # which live cards of each class rank alike (a bit a card, in the same word)
        classes = len(t.class_masks)
        largest = max(int(mask).bit_count() for mask in t.class_masks)
        pattern_bits = (4 if points else 0) + (1 if t.copies else 0)
        relative = not calling and t.partition and classes <= 8 and (
            not pattern_bits or (
            classes <= dd.KEY_WORDS - dd.HAND_WORDS - 1 and largest * pattern_bits <= 60
            and max(self.points) < 16))
        quick = not calling and not points and t.partition and bool(spec.duty & dd.FOLLOW)
        # bounds on card points from the top cards cashed: every seat follows, one set of
        # trumps for all (dd_bounds.points_bounds)
        sure_points = points and not calling and len(set(spec.trumps)) == 1 \
            and bool(spec.duty & dd.FOLLOW)
        scoring = [card for card in range(len(self.points)) if self.points[card]]
        self.params = np.array([
            spec.players, spec.duty, spec.last_bonus // unit, spec.most_tricks_bonus // unit,
            int(spec.bonus_side == side), spec.tricks, int(points), int(relative), int(quick),
            len(t.class_masks), int(points and spec.most_tricks_bonus > 0), int(calling),
            t.mask(spec.trumps_across()), int(sure_points), int(t.copies),
            sum(1 << card for card in scoring),
        ], dtype=np.int64)
        # a seat's calls: the cards it may play with one, and its marker (-1: none)
        self.calls = np.array([t.mask(spec.calls[s]) if calling else 0
                               for s in range(spec.players)], dtype=np.int64)
        self.markers = np.array([t.index[spec.markers[s]] if calling and spec.markers[s] >= 0
                                 else -1 for s in range(spec.players)], dtype=np.int64)
        self.maxside = np.array([int(s == side) for s in spec.side_of], dtype=np.int64)
        # partition search where only ranks within a class decide a trick: for trick counts,
        # and for card points where the owner of every card that scores fits one word
        self.point_cards = np.full(len(self.points), -1, dtype=np.int64)
        self.point_cards[scoring] = np.arange(len(scoring))
        self.partition = (partition and not calling and t.partition and not t.copies
                          and spec.players <= 4
                          and not spec.duty & (dd.HEAD | dd.OVERTRUMP)
                          and spec.players * classes <= dd_table.MAX_COUNTS
                          and largest <= 15 and spec.tricks < 16
                          and (not points or (len(scoring) <= dd_table.MAX_POINT_CARDS
                                              and max(self.points) < 8)))
        if table_bits is None:
            table_bits = TABLE_BITS if cards is None else table_bits_for(
                cards, points, self.partition)
        self.table_bits = table_bits
        if self.partition:
            # as many rows as the other table, and a key slot for every two rows
            # a row: its bounds and links, the owners of the cards it names and their
            # masks, their points
            words = dd_table.owner_words(classes)
            self.tt = np.zeros((1 << table_bits, dd_table.OWNERS + 2 * words + classes),
                               dtype=np.int64)
            self.links = np.zeros(1 << table_bits, dtype=np.int64)
            self.keys = np.zeros((1 << (table_bits - 1), dd_table.KEY_FIRST + 1),
                                 dtype=np.int64)
            self.patterns = np.zeros((size_of(spec) + 2, classes), dtype=np.int64)
            self.meta = np.zeros(2, dtype=np.int64)
            self.rel = np.zeros(size_of(spec) + 2, dtype=np.int64)
            self.own = np.zeros((size_of(spec) + 2, classes), dtype=np.int64)
        else:
            self.tt_keys = np.zeros((1 << table_bits, dd.KEY_WORDS), dtype=np.int64)
            self.tt_bounds = np.zeros((1 << table_bits, 4), dtype=np.int64)
        size = len(spec.follows)
        self.history = np.zeros((spec.players, size), dtype=np.int64)
        self.moves = np.zeros((size + 2, 2 * size), dtype=np.int64)  # a card, or with a call
        self.scores = np.zeros((size + 2, 2 * size), dtype=np.int64)
        self.saved = np.zeros((size + 2, 2 * dd.HAND_WORDS), dtype=np.int64)
        self.words = np.zeros((size + 2, dd.KEY_WORDS), dtype=np.int64)
        self.nodes = 0

    def reset(self) -> None:
        """Empty the table and forget the move ordering's cut-offs: the next solve searches
        exactly as a new kernel's would (the same nodes, the same values)."""
        if self.partition:
            self.keys[:, dd_table.KEY_FIRST] = 0  # a row is written whole when it is taken
            scratch = [self.meta, self.rel, self.own, self.patterns]
        else:
            self.tt_bounds[:, 3] = 0  # a slot's key and bounds are written when it is taken
            scratch = [self.words]
        for array in (self.history, self.moves, self.scores, self.saved, *scratch):
            array.fill(0)
        self.nodes = 0

    def solve(self, position: Position, each: bool = True, max_nodes: int = DEFAULT_NODES,
              max_seconds: float | None = None, guess: int | None = None,
              within: tuple[int, int] | None = None) -> KernelResult:
        """Solve ``position`` exactly; with ``each``, every card the seat to move may play.

        ``within`` (low, high), in the objective's units of the value to come: every value
        is only proved as far as that range, one below ``low`` given as ``low`` and one
        above ``high`` as ``high`` (where nothing outside the range matters, such as a
        score that only asks whether seven tricks are made: one null-window search).
        Raises :class:`BudgetExceeded` when the search would pass ``max_nodes``
        positions or ``max_seconds``.
        """
        if position.spec is not self.spec and position.spec != self.spec:
            raise ValueError("the position's spec is not the kernel's")
        spec, t = self.spec, self.tables
        players = spec.players
        if any(seat is None for seat in position.trick_seats):
            raise Unsupported("the kernel does not search a trick opened by a turned-up card")
        ntrick = len(position.trick)
        leader = (position.to_move - ntrick) % players
        if any(seat != (leader + i) % players for i, seat in enumerate(position.trick_seats)):
            raise Unsupported("the trick's seats are not in turn")
        hands = np.array([t.mask(hand) for hand in position.hands], dtype=np.int64)
        rows = position.tricks_played + max(h.bit_count() for h in position.hands) + 2
        tricks = np.zeros((rows, players), dtype=np.int64)
        for i, card in enumerate(position.trick):
            tricks[position.tricks_played, i] = t.index[card]
        unit = self.unit
        live_points = (sum(spec.points[c] for h in position.hands for c in bits(h))
                       + sum(spec.points[c] for c in position.trick)) // unit
        state = np.array([position.side_tricks[self.side], position.tricks_played, live_points],
                         dtype=np.int64)
        if self.objective == "points":
            ceiling = live_points + (spec.last_bonus + spec.most_tricks_bonus) // unit
        else:
            ceiling = max(h.bit_count() for h in position.hands) + (1 if ntrick else 0)
        low, high = 0, ceiling  # the range asked, in the search's units (widened to whole
        if within is not None:  # units), and the part of it the value may reach
            low = max(within[0] // unit, 0)
            high = max(-(-within[1] // unit), low)
        floor, ceiling = min(low, ceiling), min(high, ceiling)
        deadline = 0 if max_seconds is None else int((time.perf_counter() + max_seconds) * 1e6)
        counters = np.array([0, max_nodes, 0, deadline, 0], dtype=np.int64)
        size = len(spec.follows)
        out_cards = np.zeros(2 * size, dtype=np.int64)
        out_values = np.zeros(2 * size, dtype=np.int64)
        probes = np.zeros((dd.MAX_PROBES, 3), dtype=np.int64)
        trumps = t.trumps.copy()  # calls change them during the search
        calls = self.calls.copy()
        start = ceiling // 2 if guess is None else guess
        arrays = {dd.HANDS_AT: hands, dd.TRICKS_AT: tricks, dd.STATE_AT: state,
                  dd.PARAMS_AT: self.params, dd.MAXSIDE_AT: self.maxside,
                  dd.FOLLOWS_AT: t.follows, dd.RANK_AT: t.rank, dd.TRUMPS_AT: trumps,
                  dd.POINTS_AT: self.points, dd.CLASS_MASKS_AT: t.class_masks,
                  dd.CLASS_OF_AT: t.class_of, dd.RANK_LO_AT: t.rank_lo,
                  dd.RANK_HI_AT: t.rank_hi, dd.HISTORY_AT: self.history,
                  dd.MOVES_AT: self.moves, dd.SCORES_AT: self.scores,
                  dd.COUNTERS_AT: counters, dd.OUT_CARDS_AT: out_cards,
                  dd.OUT_VALUES_AT: out_values, dd.CALLS_AT: calls,
                  dd.MARKERS_AT: self.markers, dd.SAVED_AT: self.saved,
                  dd.PROBES_AT: probes}
        if self.partition:
            arrays.update({dd.TT_AT: self.tt, dd.LINKS_AT: self.links,
                           dd.KEYS_AT: self.keys, dd.META_AT: self.meta,
                           dd.REL_AT: self.rel, dd.OWN_AT: self.own,
                           dd.POINT_CARDS_AT: self.point_cards,
                           dd.PATTERNS_AT: self.patterns})
        else:
            arrays.update({dd.TT_KEYS_AT: self.tt_keys, dd.TT_BOUNDS_AT: self.tt_bounds,
                           dd.WORDS_AT: self.words})
        root = (start, position.to_move, ntrick, position.win_pos if ntrick else 0,
                position.win_key, floor, ceiling, dd.search_context(arrays))
        search = dd_tricks.solve_root if self.partition else dd_search.solve_root
        count = search(int(each) if self.partition else each, *root)
        nodes = int(counters[dd.NODES])
        trick_nodes = int(counters[dd.TRICK_NODES])
        self.nodes += nodes
        if counters[dd.ABORTED]:
            raise BudgetExceeded(past_budget(max_nodes, max_seconds,
                                             counters[dd.ABORTED] == dd.ABORT_NODES))
        # a search may prove more than it was asked (fail-soft): a bound past the range
        found_values = np.clip(out_values[:count], low, high) * unit
        searched: list[Probe] = []  # rows in order, each with the count when it ended
        before = 0
        for target, bound, ended in probes[:np.count_nonzero(probes[:, dd.PROBE_NODES])]:
            searched.append(Probe(int(target) * unit, int(bound) * unit, int(ended) - before))
            before = int(ended)
        if not each:
            return KernelResult(int(found_values[0]), {}, nodes, trick_nodes,
                                probes=tuple(searched))
        values: dict[Card, int] = {}
        called: dict[Card, int] = {}
        for move, found in zip(out_cards[:count].tolist(), found_values.tolist(), strict=True):
            into = called if move & dd.CALL_MOVE else values
            into[t.order[move & dd.CARD_OF_MOVE]] = found
        mine = self.maxside[position.to_move] == 1
        every = [*values.values(), *called.values()]
        value = max(every) if mine else min(every)
        return KernelResult(value, values, nodes, trick_nodes, called, tuple(searched))


_reused = threading.local()  # each thread's kernels kept for reuse, the latest last


def kernel_for(spec: PlaySpec, side: int, objective: str, cards: int) -> Kernel:
    """A kernel for positions of at most ``cards`` cards a hand, as new: a small one (its
    table at most 2**:data:`REUSED_TABLE_BITS` rows: the bots' solves of a few tricks)
    is kept by the thread and emptied (:meth:`Kernel.reset`) when asked for again, since
    allocating its table cost as much as a solve; larger ones are made each time.

    >>> import tricktable
    >>> game = tricktable.new_game("rook", deal=ROOK_ENDING)
    >>> kernel = kernel_for(game.spec, 0, "points", 2)
    >>> kernel_for(game.spec, 0, "points", 2) is kernel, kernel.solve(game.position()).value
    (True, 35)
    """
    kept: OrderedDict[tuple[PlaySpec, int, str, int], Kernel] | None = \
        getattr(_reused, "kernels", None)
    if kept is None:
        kept = _reused.kernels = OrderedDict()
    key = (spec, side, objective, cards)
    kernel = kept.pop(key, None)
    if kernel is None:
        kernel = Kernel(spec, side, objective, cards=cards)
        if kernel.table_bits > REUSED_TABLE_BITS:
            return kernel
    else:
        kernel.reset()
    kept[key] = kernel
    if len(kept) > REUSED_KERNELS:
        kept.popitem(last=False)
    return kernel


def table_bits_for(cards: int, points: bool, partition: bool) -> int:
    """The table's size (log2 of its rows) for positions of at most ``cards`` cards a hand:
    about as many rows as such a search stores, so that a small solve neither allocates
    nor touches tens of megabytes (with its table's allocation, a 4-card Rook solve took
    1.6 ms with the largest table and 0.27 ms with this one, the same nodes); a search
    for card points by partition keeps more rows, and so does a search on exact hands
    (its table keeps one position a slot): with fewer, they search far more nodes. At
    12 cards a hand a Rook search for points searched 1x to 10x the nodes with 2**18
    rows that it searched with 2**20, and at 13 cards a hand one position 37 million
    nodes with 2**20 rows and 14 million with 2**22 (the table filled and started again
    empty), so that one may grow to :data:`POINTS_TABLE_BITS` (its rows are written in
    turn, so a search touches the pages of the rows it uses); a search on exact hands
    (Notrump's calls) at 13 cards a hand searched 46 million nodes with 2**18 slots and
    28 million with 2**20, so it grows to :data:`EXACT_TABLE_BITS`.

    >>> [table_bits_for(13, False, True), table_bits_for(4, False, True)]
    [18, 10]
    >>> [table_bits_for(8, True, True), table_bits_for(12, True, True)]
    [17, 21]
    >>> table_bits_for(13, True, True)
    22
    >>> [table_bits_for(6, False, False), table_bits_for(13, False, False)]
    [13, 20]
    """
    extra = (9 if points else 5) if partition else 7
    most = (POINTS_TABLE_BITS if points else TABLE_BITS) if partition else EXACT_TABLE_BITS
    return max(SMALLEST_TABLE_BITS, min(most, cards + extra))


def size_of(spec: PlaySpec) -> int:
    """The number of cards in ``spec``'s deck."""
    return len(spec.follows)


ROOK_ENDING = {"hands": ["R1 R2", "R3 R4", "G2 G3", "G4 G5"], "trump": "red", "leader": 0}
"""A two-card Rook ending (for the doctest; set up with :func:`tricktable.new_game`)."""


def representatives(kernel: Kernel, position: Position,
                    called: bool = False) -> dict[Card, Card]:
    """Each card the seat to move may play (``called``: with a trump call), to the card of
    its run of equivalent cards that :meth:`Kernel.solve` values (the same rule as the
    search's: a trump that may meet another suit's is like no other card, and so is a
    marker that may still call, played plain)."""
    spec, t = kernel.spec, kernel.tables
    seat, trick = position.to_move, position.trick
    allowed = spec.legal(seat, position.hands[seat], trick[0] if trick else None,
                         position.win_key)
    unlike = t.mask(spec.trumps_across())  # the same cards as generate's
    if spec.calls and spec.calls[seat]:
        if called:
            allowed &= spec.calls[seat]
        else:
            unlike |= 1 << t.index[spec.markers[seat]]
    elif called:
        allowed = 0
    live = 0
    for hand in position.hands:
        live |= t.mask(hand)
    for card in trick:
        live |= 1 << t.index[card]
    points = kernel.objective == "points"
    result: dict[Card, Card] = {}
    previous = kept = -1
    for new in sorted(t.index[card] for card in bits(allowed)):
        if previous >= 0 and t.class_of[previous] == t.class_of[new] and (
                not points or t.points[previous] == t.points[new]) \
                and not (unlike >> previous | unlike >> new) & 1:
            between = ((1 << int(t.rank_hi[new] + 1)) - (1 << int(t.rank_lo[previous]))) \
                & ~(1 << previous) & ~(1 << new)
            if not live & between:
                result[t.order[new]] = t.order[kept]
                previous = new
                continue
        result[t.order[new]] = t.order[new]
        previous = kept = new
    return result
