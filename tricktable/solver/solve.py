"""``solve(game)``: the double-dummy value of a position and of every legal action.

At plain trick play (every card face up, nothing but cards left to play) the
compiled kernel (:mod:`tricktable.solver.compiled`) searches the game's play
spec. Objectives:

- ``"tricks"``: the tricks the side to move ends the hand with;
- ``"points"``: its card points at the hand's end, with the spec's last-trick
  and most-tricks bonuses;
- ``"score"``: the hand's score for that side minus the mean of the others'.
  Where the game states its hand score as a function of the final points or
  tricks (``hand_score``) that never falls as the side takes more, it is that
  function of the searched value (a monotone function of a minimax value is the
  minimax value of the function); otherwise the search runs through the rules
  (:class:`~tricktable.solver.Solver`), and the solution says so.

A hand that has become a race to a points goal (:meth:`TrickGame.race
<tricktable.engine.play.TrickGame.race>`: Sixty-Six once its stock is closed or
drawn) is solved for the score only, by its own compiled search
(:mod:`tricktable.solver.race`).

>>> import tricktable
>>> game = tricktable.new_game("rook", deal={"hands": ["R1 G2", "R3 G3", "R2 Y2", "G4 Y3"],
...     "trump": "red", "leader": 0, "declarer": 0})
>>> solution = solve(game, "tricks")  # 6 of the 12 earlier tricks, and South ruffs G2
>>> solution.value, solution.actions
(8.0, {'play R1': 7.0, 'play G2': 8.0})
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass

from tricktable.engine.actions import Action
from tricktable.engine.play import Position, TrickGame
from tricktable.engine.race import Race
from tricktable.engine.state import GameState
from tricktable.solver import Solver, distinct_plays, margin

OBJECTIVES = ("tricks", "points", "score")
MAX_NODES = 50_000_000


class SolveError(ValueError):
    """A position this objective cannot be solved at (it names why)."""


class BudgetExceeded(RuntimeError):
    """A solve ran past its node or time budget: it proved no value."""


@dataclass(frozen=True)
class Solution:
    """A solved position: ``value`` for the side of the seat to move with best play by
    everyone, each legal action's value by its text, the positions searched, and how:
    ``"compiled"`` (the kernel) or ``"rules"`` (the search through the game's rules)."""

    objective: str
    seat: int
    value: float
    actions: dict[str, float]
    nodes: int
    method: str


def solve(game: GameState, objective: str = "tricks", max_nodes: int = MAX_NODES,
          max_seconds: float | None = None, actions: bool = True) -> Solution:
    """Solve ``game``'s hand from its current position for the side to move.

    ``actions`` False asks for the value alone: on the compiled kernel no action is
    valued (``Solution.actions`` is empty), a search several times smaller for card
    points (each card's own value costs a refutation near it); elsewhere the actions
    come anyway.

    Raises :class:`BudgetExceeded` when the search would pass ``max_nodes``
    positions or ``max_seconds``, and :class:`SolveError` where ``objective``
    cannot be solved here.
    """
    if objective not in OBJECTIVES:
        raise SolveError(f"the objective is one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if game.is_over or game.to_move is None:
        raise SolveError("the game is over: nothing is left to solve")
    race = game.race() if isinstance(game, TrickGame) else None
    if race is not None:
        if objective != "score":
            raise SolveError(f"{game.title}'s hand is a race to {race.goal} points from here: "
                             "it is solved for the score only (objective 'score')")
        from tricktable.solver.canonical import Unsupported

        try:
            return _race(game, race, max_nodes, max_seconds)
        except Unsupported:
            return _through_rules(game, max_nodes, max_seconds)
    position = _plain_position(game)
    reason = f"{game.title} is not at plain trick play now"
    if position is not None and None in position.trick_seats:
        return _turned_up(game, objective, max_nodes, max_seconds, actions)
    if position is not None:  # (the kernel is loaded only for such a position)
        from tricktable.solver.canonical import Unsupported

        try:
            return _compiled(game, position, objective, max_nodes, max_seconds, actions)
        except Unsupported as why:
            reason = str(why)
    if objective == "score":
        return _through_rules(game, max_nodes, max_seconds)
    raise SolveError(f"{objective} are solved at plain trick play only: {reason}")


def compiles(game: GameState, objective: str = "tricks") -> bool:
    """Whether :func:`solve` searches ``game`` for ``objective`` on the compiled kernel now
    (not through the rules): plain trick play of at most four seats, no trick opened by
    a card nobody played, and for the score a hand score stated as a function of two
    sides' points or tricks, or of one side's against the rest (Bidder's declarer); or,
    for the score only, a race to a points goal (its own compiled search).

    >>> import tricktable
    >>> compiles(tricktable.new_game("rook", seed=1))  # the auction: not yet
    False
    """
    from tricktable.solver import dd

    if game.to_move is not None and isinstance(game, TrickGame) and game.race() is not None:
        return objective == "score"  # a race to a goal, scored by its own search
    position = _plain_position(game) if game.to_move is not None else None
    if position is None or None in position.trick_seats \
            or position.spec.players > dd.HAND_WORDS:
        return False
    sides = max(position.spec.side_of) + 1
    if position.spec.calls and sides != 2:
        return False
    if objective != "score":
        return True
    assert isinstance(game, TrickGame)
    return _states_score(game, sides)


def _states_score(game: TrickGame, sides: int) -> bool:
    """Whether ``game`` states its hand score as a function of its play spec's ``sides``
    totals: two sides', or one side's against all the others (:meth:`score_side`)."""
    if game.score_side() is None and sides != 2:
        return False
    return game.hand_score([0] * sides) is not None


def _plain_position(game: GameState) -> Position | None:
    if not isinstance(game, TrickGame) or not game._plain_tricks():
        return None
    return game.position()


def _compiled(game: GameState, position: Position, objective: str, max_nodes: int,
              max_seconds: float | None, each: bool = True) -> Solution:
    from tricktable.solver import canonical, compiled

    spec = position.spec
    seat = game.to_move or 0  # the position numbers only the seats that play
    side = spec.side_of[position.to_move]
    sides = max(spec.side_of) + 1
    basis = objective
    counted = side  # the side whose tricks or points are searched for
    if objective == "score":
        assert isinstance(game, TrickGame)
        basis = game.score_basis
        if not _states_score(game, sides):
            raise canonical.Unsupported(f"{game.title} does not state its hand score as a "
                                        "function of two sides' points or tricks, or of one "
                                        "side's against the rest")
        scored = game.score_side()
        counted = side if scored is None else scored
    so_far, future = _ahead(position, basis)
    total = sum(so_far) + future

    def valued(gain: int, whose: int = side) -> float:
        """The value for side ``whose`` where the counted side takes ``gain`` more."""
        mine = so_far[counted] + gain
        if objective != "score":
            return float(mine)
        assert isinstance(game, TrickGame)
        totals = [mine if s == counted else total - mine for s in range(sides)]
        return _margin(game, totals, whose)

    kernel = compiled.kernel_for(spec, counted, basis,
                                 max(hand.bit_count() for hand in position.hands))
    within = None
    if objective == "score":
        # the counted side's score may never fall as it takes more (it searches for the
        # most), nor the mover's rise where the mover plays against it; card points come
        # in the kernel's unit (their common divisor), so the score is read at those alone
        gains = range(0, future + 1, kernel.unit)
        values = [valued(gain, counted) for gain in gains]
        wrong_way = any(later < earlier for earlier, later in itertools.pairwise(values))
        if side != counted:
            movers = [valued(gain) for gain in gains]
            wrong_way |= any(later > earlier for earlier, later in itertools.pairwise(movers))
        if wrong_way:
            raise canonical.Unsupported(f"{game.title}'s hand score falls as the side takes more")
        low, high = score_steps(values)
        within = gains[low], gains[high]
    try:
        result = kernel.solve(position, each=each, max_nodes=max_nodes, max_seconds=max_seconds,
                              within=within)
    except canonical.BudgetExceeded as error:
        raise BudgetExceeded(str(error)) from None
    if not each:
        return Solution(objective, seat, valued(result.value), {}, result.nodes, "compiled")
    kept = compiled.representatives(kernel, position)
    kept_calls = compiled.representatives(kernel, position, called=True)
    actions: dict[str, float] = {}
    for action in game.legal_actions():
        card = _card_played(game, action)
        call = action.kind == "call"
        if card is None or card not in (kept_calls if call else kept):
            raise canonical.Unsupported(f"{action.text} is not a card play")
        found = result.called[kept_calls[card]] if call else result.cards[kept[card]]
        actions[action.text] = valued(found)
    return Solution(objective, seat, valued(result.value), actions, result.nodes, "compiled")


def _margin(game: TrickGame, totals: list[int], side: int) -> float:
    """The hand's score had it ended with ``totals`` (per side of the play spec): side
    ``side``'s margin over the others' mean, over the game's sides (where the score is per
    team of the spec and a team holds several of the game's sides, as three-player
    Notrump's two defenders, each seat scores its team's).

    >>> import tricktable
    >>> game = tricktable.new_game("notrump", players=3, deal={"hands": ["A♠", "K♠", "Q♠"],
    ...     "leader": 0, "contract": "♠", "declarer": 0})
    >>> _margin(game, [7, 10], 0), _margin(game, [7, 10], 1)  # made: 10 to the declarer
    (10.0, -5.0)
    """
    deltas = game.hand_score(totals)
    assert deltas is not None, "a score stated by the game"
    if len(deltas) == len(game.sides):
        return margin(deltas, side)
    side_of = game.spec.side_of
    assert len(side_of) == game.players, "every seat plays: seats and the spec's agree"
    seats = [deltas[side_of[members[0]]] for members in game.sides]
    return margin(seats, game.side_of(side_of.index(side)))


def _ahead(position: Position, basis: str) -> tuple[list[int], int]:
    """Each side's tricks (``basis`` "tricks") or card points so far, and how many are
    still to be taken (card points with the last-trick and most-tricks bonuses)."""
    spec = position.spec
    if basis == "tricks":
        return list(position.side_tricks), max(hand.bit_count() for hand in position.hands)
    future = sum(spec.points[c] for h in position.hands for c in _bits(h)) + sum(
        spec.points[c] for c in position.trick) + spec.last_bonus + spec.most_tricks_bonus
    return list(position.side_points), future


def _turned_up(game: GameState, objective: str, max_nodes: int, max_seconds: float | None,
               each: bool) -> Solution:
    """A trick opened by a card nobody played (three-player Notrump's first, led by the
    turned-up card, which may be thrown out): its other cards searched through the rules
    (alpha-beta), the tricks after it solved on the kernel, every value for the side to
    move (the score of the tricks each side ends with: a thrown-out trick leaves both
    sides fewer to take, so each leaf is scored, not negated)."""
    assert isinstance(game, TrickGame)
    seat = game.to_move or 0
    spec = game.spec
    side = spec.side_of[seat]
    if max(spec.side_of) != 1 or spec.players != game.players:
        raise SolveError(f"{game.title}: a trick opened by a turned-up card is solved for "
                         "two sides where every seat plays")
    basis = game.score_basis if objective == "score" else objective
    if basis != "tricks":
        raise SolveError(f"{game.title}: only tricks and a score of tricks are solved from a "
                         "trick opened by a turned-up card")
    from tricktable.solver.canonical import past_budget

    hand = len(game.results)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    nodes = 0

    def budget() -> float | None:
        """The seconds left (None: no limit); past either budget, BudgetExceeded."""
        left = None if deadline is None else deadline - time.perf_counter()
        if nodes > max_nodes or (left is not None and left <= 0):
            raise BudgetExceeded(past_budget(max_nodes, max_seconds, nodes > max_nodes))
        return left

    def scored(totals: list[int]) -> float:
        """The value for ``side`` of a hand ended with the spec's sides' ``totals``."""
        return float(totals[side]) if objective == "tricks" else _margin(game, totals, side)

    def last_trick(child: GameState) -> float:
        """The value for ``side`` where ``child`` ended the hand."""
        won = child.results[hand].seat_tricks
        return scored([sum(won[s] for s in range(spec.players) if spec.side_of[s] == team)
                       for team in range(2)])

    def after_trick(child: TrickGame) -> float:
        """The value for ``side`` of ``child``, its trick closed and the hand still on: the
        tricks to come solved, then scored."""
        nonlocal nodes
        try:
            solution = solve(child, "tricks", max_nodes - nodes, budget(), actions=False)
        except BudgetExceeded:  # said again in this solve's own budget
            timed_out = deadline is not None and time.perf_counter() >= deadline
            raise BudgetExceeded(past_budget(max_nodes, max_seconds, not timed_out)) from None
        nodes += solution.nodes
        mover = spec.side_of[child.to_move or 0]
        position = child.position()
        assert position is not None  # (at plain trick play: the kernel solved it)
        so_far, future = _ahead(position, "tricks")
        theirs = int(solution.value) - so_far[mover]  # what the mover's side takes to come
        totals = [so_far[team] + (theirs if team == mover else future - theirs)
                  for team in range(2)]
        return scored(totals)

    def value(node: TrickGame, action: Action, alpha: float, beta: float) -> float:
        child = node.fork()
        assert isinstance(child, TrickGame)
        child.apply(action)
        if len(child.results) > hand:
            return last_trick(child)
        if not child.trick:
            return after_trick(child)
        return search(child, alpha, beta)

    def search(node: TrickGame, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        budget()
        ours = spec.side_of[node.to_move or 0] == side
        best = -math.inf if ours else math.inf
        for action in distinct_plays(node, node.legal_actions()):
            found = value(node, action, alpha, beta)
            if ours:
                best = max(best, found)
                alpha = max(alpha, found)
            else:
                best = min(best, found)
                beta = min(beta, found)
            if alpha >= beta:
                break
        return best

    if not each:
        return Solution(objective, seat, search(game, -math.inf, math.inf), {}, nodes,
                        "compiled")
    actions = {action.text: value(game, action, -math.inf, math.inf)
               for action in game.legal_actions()}
    return Solution(objective, seat, max(actions.values()), actions, nodes, "compiled")


def _race(game: GameState, race: Race, max_nodes: int, max_seconds: float | None) -> Solution:
    from tricktable.solver import canonical
    from tricktable.solver.race import solve_race

    try:
        value, actions, nodes = solve_race(race, max_nodes, max_seconds)
    except canonical.BudgetExceeded as error:
        raise BudgetExceeded(str(error)) from None
    return Solution("score", game.to_move or 0, float(value),
                    {text: float(worth) for text, worth in actions.items()}, nodes, "compiled")


def score_steps(values: list[float]) -> tuple[int, int]:
    """Where a score that never falls (``values[g]``: the score with ``g`` more tricks or
    points) changes: the most taken that still scores as none, and the least that scores
    as all. The search proves the value only within that range: the score does not tell
    the rest apart (a contract of seven tricks: one search at the seventh).

    >>> score_steps([-10.0, -10.0, -10.0, 10.0, 10.0])  # made from three more tricks on
    (2, 3)
    >>> score_steps([0.0, 1.0, 2.0])
    (0, 2)
    """
    low = max(g for g, value in enumerate(values) if value == values[0])
    high = min(g for g, value in enumerate(values) if value == values[-1])
    return low, high


def _card_played(game: GameState, action: Action) -> int | None:
    """The card ``action`` takes from the mover's hand (None: it plays no card)."""
    if action.kind not in ("play", "call"):
        return None
    seat = game.to_move or 0
    child = game.fork()
    child.apply(action)
    before: int = game.hands[seat]  # type: ignore[attr-defined]
    after: int = child.hands[seat]  # type: ignore[attr-defined]
    gone = before & ~after
    if gone.bit_count() != 1:
        return None
    return gone.bit_length() - 1


def _bits(mask: int) -> list[int]:
    return [card for card in range(mask.bit_length()) if mask >> card & 1]


class _Budgeted(Solver):
    """The search through the rules, stopped at a node or time budget."""

    def __init__(self, game: GameState, seat: int, max_nodes: int,
                 max_seconds: float | None) -> None:
        super().__init__(game, seat, "score")
        self.max_nodes, self.max_seconds = max_nodes, max_seconds
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds

    def search(self, game: GameState, alpha: float, beta: float) -> float:
        by_nodes = self.nodes >= self.max_nodes
        if by_nodes or (self.deadline is not None and self.searched % 1024 == 0
                        and time.perf_counter() > self.deadline):
            from tricktable.solver.canonical import past_budget

            raise BudgetExceeded(past_budget(self.max_nodes, self.max_seconds, by_nodes))
        return super().search(game, alpha, beta)


def _through_rules(game: GameState, max_nodes: int, max_seconds: float | None) -> Solution:
    seat = game.to_move or 0
    solver = _Budgeted(game, seat, max_nodes, max_seconds)
    pairs = solver.evaluate(game)
    actions = {action.text: value for action, value in pairs}
    return Solution("score", seat, max(actions.values()), actions, solver.nodes, "rules")
