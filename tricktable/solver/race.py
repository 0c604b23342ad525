"""A race to a points goal solved on the compiled kernel: the front of
:mod:`tricktable.solver.dd_race`, from a :class:`~tricktable.engine.race.Race`.

>>> import tricktable
>>> game = tricktable.new_game("sixtysix", deal={"hands": ["AH KH", "TS JS"],
...     "leader": 0, "trump": "H", "points": [56, 24]})
>>> value, actions, nodes = solve_race(game.race())  # 66 reached, East under 33: 2 points
>>> value, actions
(2, {'play K♥': 2, 'play A♥': 2})
"""

from __future__ import annotations

import threading
import time

import numpy as np

from tricktable.engine.race import ANNOUNCE, MARRY, SHOW, Race
from tricktable.solver import dd_race
from tricktable.solver.canonical import BudgetExceeded, Unsupported, past_budget, tables
from tricktable.solver.dd import ABORT_NODES, ABORTED, NODES

MOVE_FLAGS = {MARRY: dd_race.MARRY_MOVE, SHOW: dd_race.SHOW_MOVE,
              ANNOUNCE: dd_race.ANNOUNCE_MOVE}
MOST_POINTS = 255  # a seat's card or marriage points in the table's key: 8 bits each

_local = threading.local()  # each thread's table and the stamp of its last solve


def solve_race(race: Race, max_nodes: int = 50_000_000,
               max_seconds: float | None = None) -> tuple[int, dict[str, int], int]:
    """The exact value of ``race`` for the seat to move (its game points less the other's,
    both playing perfectly), each legal action's by its text, and the nodes searched.

    Raises :class:`~tricktable.solver.canonical.Unsupported` where the kernel cannot
    search it, :class:`~tricktable.solver.canonical.BudgetExceeded` past ``max_nodes``
    positions or ``max_seconds``.
    """
    position = race.position
    spec = position.spec
    if spec.players != 2 or len(position.trick) > 1:
        raise Unsupported("a race is searched for two seats")
    if max(*race.points, *race.married) + sum(spec.points) + race.last_bonus > MOST_POINTS:
        raise Unsupported(f"a race is searched with at most {MOST_POINTS} points a seat")
    t = tables(spec)
    size = len(t.order)
    cards = np.zeros((dd_race.CARD_ROWS, size), dtype=np.int64)
    cards[dd_race.FOLLOWS], cards[dd_race.RANK] = t.follows, t.rank
    cards[dd_race.POINTS] = t.points
    cards[dd_race.PARTNER] = -1
    for king, queen, points in race.marriages:
        for card, other in ((king, queen), (queen, king)):
            cards[dd_race.PARTNER, t.index[card]] = t.index[other]
            cards[dd_race.MARRIAGE, t.index[card]] = points
    params = np.zeros(dd_race.PARAMS, dtype=np.int64)
    params[dd_race.GOAL], params[dd_race.UNDER] = race.goal, race.under
    params[dd_race.WON:dd_race.WON_BLANK + 1] = race.won
    params[dd_race.CLOSER] = -1 if race.closer is None else race.closer
    params[dd_race.CLOSE_LOST], params[dd_race.CARRIED] = race.close_lost, race.carried
    params[dd_race.PLAYED_OUT_LAST] = race.played_out_last
    params[dd_race.LAST_BONUS] = race.last_bonus
    params[dd_race.MARRY_NEEDS_TRICK] = race.marry_needs_trick
    params[dd_race.DUTY] = spec.duty
    params[dd_race.ANNOUNCE] = race.announce
    params[dd_race.WRONG], params[dd_race.WRONG_BLANK] = race.wrong_lost
    state = np.array([*race.points, *race.married, *race.tricks], dtype=np.int64)
    hands = np.array([t.mask(hand) for hand in position.hands], dtype=np.int64)
    lead = t.index[position.trick[0]] if position.trick else -1
    table, generation = _table()
    deadline = 0 if max_seconds is None else int((time.perf_counter() + max_seconds) * 1e6)
    counters = np.array([0, max_nodes, 0, deadline, 0, generation], dtype=np.int64)
    depth = 2 * max(hand.bit_count() for hand in position.hands) + 4
    moves = np.zeros((depth, 2 * size + 2), dtype=np.int64)
    out_moves = np.zeros(2 * size + 2, dtype=np.int64)
    out_values = np.zeros(2 * size + 2, dtype=np.int64)
    count = dd_race.solve_root(position.to_move, lead, hands, state, params, cards, t.trumps,
                               counters, table, moves, out_moves, out_values)
    nodes = int(counters[NODES])
    if counters[ABORTED]:
        raise BudgetExceeded(past_budget(max_nodes, max_seconds,
                                         counters[ABORTED] == ABORT_NODES))
    sign = 1 if position.to_move == 0 else -1
    found = {int(move): sign * int(value)
             for move, value in zip(out_moves[:count], out_values[:count], strict=True)}
    # the search shows a marriage by its card of the lower canonical id
    shown = {card: min(t.index[card], t.index[other])
             for king, queen, _ in race.marriages
             for card, other in ((king, queen), (queen, king))}
    actions: dict[str, int] = {}
    for text, card, how in race.moves:
        index = 0 if how == ANNOUNCE else shown[card] if how == SHOW else t.index[card]
        move = index | MOVE_FLAGS.get(how, 0)
        if move not in found:
            raise Unsupported(f"{text} is not a move the search plays here")
        actions[text] = found[move]
    return max(actions.values()), actions, nodes


def _table() -> tuple[np.ndarray, int]:
    """This thread's table and a new stamp for the rows of the solve about to run (a row
    of an earlier solve, of another race, never matches)."""
    table = getattr(_local, "table", None)
    if table is None:
        table = _local.table = np.zeros((1 << dd_race.TABLE_BITS, dd_race.ROW_WORDS),
                                        dtype=np.int64)
        _local.generation = 0
    _local.generation += 1
    if _local.generation >= 1 << 26:  # the stamp's bits in the key are full: start afresh
        table[:] = 0
        _local.generation = 1
    return table, _local.generation
