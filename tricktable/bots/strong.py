"""The ``strong`` bot: search over sampled worlds (perfect-information Monte Carlo).

For every decision of every game it deals the cards its seat cannot see
anew, many times (:meth:`~tricktable.engine.state.GameState.world`, uniform
among the deals consistent with all the seat knows), and in each world tries
its candidate actions: every distinct legal action, ordered by a first
valuation in a few worlds, searched a few at a time with progressive
widening. Near the end of the play the rest of the hand is solved exactly
(:class:`~tricktable.solver.Solver`), earlier it is played out by heuristic
players (reading the engine's state at trick play:
:mod:`tricktable.bots.playout`). It plays the candidate with the best mean over the
worlds, or at the levels (``keep``) the heuristic player's pick unless that best
beats it clearly (see :meth:`StrongBot.rank`). Bids, contracts, discards, trump, passing, markers,
calls, closing and exchanging are all chosen this way: a bid is valued by
playing the whole hand out after it.

It is given ``game.redacted(seat)`` (see :func:`tricktable.bots.decide`),
never the real game. Its random choices are seeded from its seed and its
view, and each level (:data:`LEVELS`: ``strong``, ``expert``) searches a
fixed number of worlds and candidates, so the same seed and view give the
same action whenever and however busy the machine is. The CPU-time cap
(of the bot's own thread) is a safety net that the levels stay inside.

>>> import tricktable
>>> from tricktable.bots import decide
>>> game = tricktable.new_game("rook", seed=3)
>>> bot = StrongBot("rook", seed=1, limits=SearchLimits(worlds=2))
>>> decide(bot, game) in game.legal_actions()
True
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Any

from tricktable.bots import Bot, heuristic_module, make_bot
from tricktable.bots.inference import believed_worlds
from tricktable.bots.playout import playout_step
from tricktable.engine.actions import Action
from tricktable.engine.play import TrickGame
from tricktable.engine.state import GameState, Phase
from tricktable.engine.worlds import Hidden
from tricktable.solver import Solver, distinct_plays, margin
from tricktable.solver.load_clock import load_seconds
from tricktable.solver.solve import BudgetExceeded, Solution, compiles, solve

CARD_KINDS = ("play", "call")  # actions that put a card on the trick


@dataclass(frozen=True)
class SearchLimits:
    """How much the strong bot searches for one decision: a fixed amount of work, so a
    decision depends on the seed and the view alone (the CPU cap is a safety net that
    the levels' budgets stay well inside; see :data:`LEVELS`)."""

    worlds: int = 16  # sampled worlds per decision (fewer only once one candidate is left)
    # a small deck's play-outs are short: more worlds, as many as this over the deck's cards
    # where that is more (0: ``worlds`` whatever the deck; see :meth:`StrongBot.worlds_for`)
    deck_worlds: int = 0
    # CPU-time cap per decision, of the bot's own thread: a safety net, never reached by
    # the levels' decisions on the benchmark (benchmarks/decisions.py counts the cuts)
    seconds: float = 3.0
    candidates: int = 4  # candidates searched at once (all distinct legal actions wait in line)
    widen: int = 2  # waiting candidates that may take the place of dropped ones
    screen: int = 2  # worlds in which every candidate is valued to order them, when more wait
    screen_rollouts: int = 24  # at most this many play-outs for that (then fewer worlds, >= 1)
    settle: int = 5  # worlds before clearly worse candidates are dropped
    # worlds drawn per world searched, to draw those that believe the auction (1: uniform)
    believe: int = 4
    # > 0: those worlds also believe the card play: the other seats' cards of the last this
    # many tricks, each against the heuristic player's card there (inference.play_likelihood)
    watch: int = 0
    solve_tricks: int = 3  # solve the rest exactly once at most this many tricks are left
    # where the compiled kernel scores the hand (compiled_score): one exact solve per world
    # values every action once at most this many tricks are left, within this many nodes
    exact_tricks: int = 6
    exact_nodes: int = 300_000
    # a play-out (there, compiled_score) is solved for its value alone, within exact_nodes,
    # once at most this many tricks are left: a search several times smaller than one
    # that values every action
    playout_tricks: int = 6
    # where the seat can place every card still to be played (one world: Sixty-Six once its
    # stock is drawn), one exact solve values every action; through the rules (where no
    # compiled search takes it) within this many positions (each about 60 microseconds;
    # past it, the play-outs as usual)
    certain_nodes: int = 8_000
    # 0: the best mean plays; > 0: the heuristic's pick plays unless the best beats it by
    # more than this many standard errors of the paired difference
    keep: float = 0.0
    # > 0: of the bids (actions of kind "bid" with a number), only this many of the lowest
    # legal ones and the heuristic's pick are candidates (0: every bid level)
    bid_levels: int = 0


LEVELS = {
    # p95 within 0.5 s of CPU per decision (docs/bots.md); the heuristic's pick plays unless
    # clearly beaten (without, Sixty-Six's margin over heuristic fell from +0.62 to +0.40)
    "strong": SearchLimits(deck_worlds=16 * 48, keep=2.0),
    "expert": SearchLimits(worlds=40, seconds=10.0, candidates=6, widen=6, screen=2,
                           screen_rollouts=72, settle=8, keep=2.0),  # p95 within 2 s
}
"""The search levels by bot name: each a fixed number of worlds and candidates."""


def level(name: str, game: str) -> SearchLimits:
    """The level ``name`` as played in ``game``: with the limits the game's heuristic
    player asks the search for (``STRONG_LIMITS`` in its module, for every level:
    Bidder's ``keep``, Rook's ``bid_levels``; ``LEVEL_LIMITS``, for one level: Rook's
    strong draws 24 worlds).

    >>> level("strong", "bidder").keep, level("strong", "rook").keep
    (0.0, 2.0)
    >>> level("expert", "rook").bid_levels, level("expert", "pinochle").bid_levels
    (1, 0)
    >>> level("strong", "rook").worlds, level("expert", "rook").worlds
    (24, 40)
    """
    module = heuristic_module(game)  # None: a game without a heuristic player
    every_level = getattr(module, "STRONG_LIMITS", {})
    this_level = getattr(module, "LEVEL_LIMITS", {}).get(name, {})
    return replace(LEVELS[name], **{**every_level, **this_level})


@dataclass
class Choice:
    """One candidate action and what the sampled worlds said of it."""

    action: Action
    values: list[float] = field(default_factory=list)  # the side's margin, one per world
    tricks: list[bool] = field(default_factory=list)  # whether its side took the current trick
    solved: int = 0  # values found by an exact solve of their world
    certain: bool = False  # every world was the one deal the seat can place every card of

    @property
    def mean(self) -> float:
        """The expected margin for the side over the sampled worlds."""
        return statistics.fmean(self.values) if self.values else 0.0

    def reason(self) -> str:
        """A one-line explanation for a person.

        >>> choice = Choice(Action(0, "play", 0, "play A"), [2.0, 2.0], solved=2, certain=True)
        >>> choice.reason()
        'scores +2.0, solved exactly: every card is placed'
        """
        worlds = len(self.values)
        if not worlds:  # never searched: nothing else worth playing here
            return "nothing to weigh: every legal choice plays alike here"
        if self.solved == worlds:
            if self.certain:
                return f"scores {self.mean:+.1f}, solved exactly: every card is placed"
            return f"scores {self.mean:+.1f} on average over {worlds} sampled deals, each " \
                "solved exactly"
        if self.tricks:
            share = 100 * sum(self.tricks) / len(self.tricks)
            return f"wins the trick in {share:.0f}% of {worlds} sampled deals"
        return f"scores {self.mean:+.1f} on average over {worlds} sampled deals"


class StrongBot:
    """Searches sampled worlds for the action with the best expected score."""

    def __init__(self, game: str, seed: int = 0, limits: SearchLimits | None = None) -> None:
        self.game = game
        self.seed = seed
        self.limits = limits or level("strong", game)
        self.decisions = 0
        self.cuts = 0  # searches the CPU cap cut short (none on the benchmark at either level)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Not enough to search from: ask through :func:`tricktable.bots.decide` instead."""
        raise TypeError("the strong bot searches a redacted game: use tricktable.bots.decide")

    def choose_state(self, state: GameState, legal: list[Action]) -> Action:
        """The best action for the seat to move in ``state`` (a redacted game)."""
        if len(legal) == 1:
            return legal[0]
        return self.rank(state, legal)[0].action

    def rank(self, state: GameState, legal: list[Action],
             include: Action | None = None) -> list[Choice]:
        """The candidate actions, best first, each with its sampled values.

        Every distinct legal action is a candidate (:meth:`candidates`). Where
        there are more than ``candidates`` of them, each is first valued in the
        first ``screen`` worlds (a cheap evaluation that orders them) and the
        best ``candidates`` go on; the rest wait in that order. Worlds are then
        sampled one at a time and every candidate still in the running is
        valued in each, the same world and play-out seed for all (paired).
        From ``settle`` worlds on, a candidate whose paired difference to the
        leader is clearly negative (two standard errors) is dropped, and the
        next waiting one takes its place (progressive widening, at most
        ``widen`` of them), valued in every world sampled so far. The search
        stops once one candidate is left or after :meth:`worlds_for` worlds, and the
        pick is the candidate with the best mean among those still running
        (the heuristic player's pick on a tie), except that with ``keep`` the
        heuristic's pick, while it runs, plays unless the best beats it by
        ``keep`` standard errors of their paired difference.

        ``include`` (a legal action, for analysis) is valued in every world
        the pick was valued in, a candidate or not, and takes no part in the choice.
        """
        seat = state.to_move
        assert seat is not None, "the game is over"
        rng = random.Random(f"{self.seed}:{json.dumps(state.view(seat), sort_keys=True)}")
        order = [Choice(action) for action in self.candidates(state, legal, rng)]
        heuristic = order[0]
        search = _Worlds(self, state, seat, rng)
        limits = self.limits
        deadline = time.thread_time() + limits.seconds
        loading = load_seconds()  # loading or compiling the kernel is not counted
        if len(order) > limits.candidates:
            screened = _nearest(order, legal, limits.screen_rollouts)
            screen = max(1, min(limits.screen, limits.screen_rollouts // len(screened)))
            for choice in screened:
                search.value(choice, screen)
            screened.sort(key=lambda choice: -choice.mean)  # stable: the heuristic's pick first
            order = screened + [choice for choice in order if choice not in screened]
        running, waiting = order[:limits.candidates], order[limits.candidates:limits.candidates
                                                            + limits.widen]
        done = max(len(choice.values) for choice in running)
        while done < search.count and len(running) + len(waiting) > 1:
            if time.thread_time() - (load_seconds() - loading) > deadline:
                self.cuts += 1  # the safety net: this decision now depends on the machine
                break
            done += 1
            for choice in running:
                search.value(choice, done)
            if done >= limits.settle:
                kept = _still_running(running)
                while len(kept) < len(running) and waiting:  # widen: the next in line
                    newcomer = waiting.pop(0)
                    search.value(newcomer, done)
                    kept.append(newcomer)
                running = kept
            if len(running) == 1 and not waiting:
                break
        pick = _pick(running, heuristic, limits.keep)
        if include is not None:
            extra = next((c for c in order if c.action == include), None) or Choice(include)
            if extra not in order:
                order.append(extra)
            search.value(extra, len(pick.values))
        order.sort(key=lambda choice: (choice is not pick, -choice.mean))
        return order

    def worlds_for(self, game: GameState) -> int:
        """The worlds a decision of ``game`` searches: ``worlds``, or more where the deck
        is small (``deck_worlds`` over its cards: at the ``strong`` level 32 in Sixty-Six's
        24 cards, 24 in Bidder's 32, 16 from Pinochle's 48 up).

        >>> import tricktable
        >>> bot = StrongBot("sixtysix")
        >>> [bot.worlds_for(tricktable.new_game(name)) for name in ("sixtysix", "rook")]
        [32, 16]
        """
        return max(self.limits.worlds, self.limits.deck_worlds // len(type(game).deck))

    def candidates(self, state: GameState, legal: list[Action],
                   rng: random.Random) -> list[Action]:
        """Every action worth valuing, the heuristic's pick first: one card of each run of
        equivalent cards, every other legal action as it is (with ``bid_levels``, of the
        numbered bids only the lowest that many besides the pick)."""
        seat = state.to_move or 0
        pick = _heuristic(self.game, rng.getrandbits(32)).choose(state.view(seat), legal)
        live = state.hidden_from(seat)  # unseen cards count as still in play
        others = [a for a in distinct_plays(state, legal, live) if a != pick]
        if pick.kind == "play":  # not the card that stands for the pick's run
            others = [a for a in others if len(distinct_plays(state, [a, pick], live)) == 2]
        if self.limits.bid_levels:
            levels = sorted(a.arg for a in legal if a.kind == "bid" and isinstance(a.arg, int))
            kept = set(levels[:self.limits.bid_levels])
            others = [a for a in others if a.kind != "bid" or a.arg in kept]
        return [pick, *others]

    def value_after(self, world: GameState, seat: int, action: Action,
               seed: int) -> tuple[float, bool | None]:
        """The side's margin after ``action`` in one world, and whether it took the trick."""
        game = world.fork()
        # a play-out from outside a race to a goal is not solved as one once it gets there:
        # a close valued by exact solves of worlds it cannot see into closes far too often
        racing = _racing(world)
        hand = len(game.results)
        before = list(game.tricks_won)  # type: ignore[attr-defined]
        game.apply(action)
        took = _took_trick(game, seat, before)
        if game.phase is Phase.PLAY and len(game.results) == hand and \
                cards_left(game) <= self.limits.solve_tricks * game.players:
            solved = exact_value(game, seat, self.limits.exact_nodes) \
                if compiled_score(game) else None
            return (Solver(game, seat).value(game) if solved is None else solved), took
        bots = [_heuristic(self.game, seed + s) for s in range(game.players)]
        exact = self.limits.playout_tricks * game.players
        # the trick the decision's card went to is played out first (its share is reported)
        settled = action.kind not in CARD_KINDS
        while len(game.results) == hand and not game.is_over:
            if (settled or took is not None) and cards_left(game) <= exact:
                if not racing and _racing(game):
                    exact = -1  # a race reached from outside one: played out (see above)
                elif compiled_score(game):
                    solved = exact_value(game, seat, self.limits.exact_nodes)
                    if solved is not None:  # the rest of the play-out solved exactly
                        return solved, took
                    exact = -1
            playout_step(game, bots)  # the engine's state read, not views, where bots can
            if took is None:
                took = _took_trick(game, seat, before)
        return margin(game.results[hand].deltas, game.side_of(seat)), took


def _nearest(order: list[Choice], legal: list[Action], count: int) -> list[Choice]:
    """The ``count`` candidates nearest the heuristic's pick (the first) in the table's
    order of the legal actions (the bid levels next to its bid, say): those screened
    where there are too many to screen all.

    >>> import tricktable
    >>> legal = tricktable.new_game("rook", seed=2).legal_actions()  # pass, bid 70 ... bid 200
    >>> order = [Choice(a) for a in [legal[3], *legal[:3], *legal[4:]]]  # the pick: bid 80
    >>> [c.action.text for c in _nearest(order, legal, 3)]
    ['bid 80', 'bid 75', 'bid 85']
    """
    if len(order) <= count:
        return list(order)
    place = {action: index for index, action in enumerate(legal)}
    pick = place[order[0].action]
    return sorted(order, key=lambda choice: abs(place[choice.action] - pick))[:count]


class _Worlds:
    """The worlds of one decision, sampled in order as they are first needed, each with
    its play-out seed, so every candidate is valued in the same worlds."""

    def __init__(self, bot: StrongBot, state: GameState, seat: int,
                 rng: random.Random) -> None:
        self.bot, self.state, self.seat, self.rng = bot, state, seat, rng
        self.worlds: list[tuple[GameState, int]] = []
        # what the seat cannot see: its consistent deals counted once for the whole decision
        self.hidden = state.hidden(seat)
        believe = bot.limits.believe
        # worlds that believe the auction are drawn all at once, from a pool
        self.count = bot.worlds_for(state)  # the worlds to search at most
        watch = bot.limits.watch
        readers = [_heuristic(bot.game, rng.getrandbits(32)) for _ in range(state.players)] \
            if watch and believe > 1 else []
        self.believed = believed_worlds(state, seat, rng, self.count, believe, self.hidden,
                                        watch, readers) if believe > 1 else []
        self.exact: dict[int, dict[str, float] | None] = {}  # per world tried: its exact solve
        limits = bot.limits
        self.certain = certain(state, seat, self.hidden)  # every world is this one: solved once
        compiled = compiled_score(state)
        self.solvable = self.certain or (
            compiled and cards_left(state) <= limits.exact_tricks * state.players)
        self.nodes = limits.exact_nodes if compiled else limits.certain_nodes

    def value(self, choice: Choice, worlds: int) -> None:
        """Value ``choice`` in the first ``worlds`` worlds (those it lacks)."""
        while len(self.worlds) < worlds:
            if self.believed:
                world = self.believed.pop(0)
            else:
                world = self.state.world(self.seat, self.rng, self.hidden)
            self.worlds.append((world, self.rng.getrandbits(32)))
        for index in range(len(choice.values), worlds):
            world, seed = self.worlds[index]
            solved = self._solved(0 if self.certain else index, world)
            if solved is not None:  # every action valued by one exact solve of this world
                choice.values.append(solved[choice.action.text])
                choice.solved += 1
                choice.certain = self.certain
                continue
            value, took = self.bot.value_after(world, self.seat, choice.action, seed)
            choice.values.append(value)
            if took is not None and choice.action.kind in CARD_KINDS:
                choice.tricks.append(took)

    def _solved(self, index: int, world: GameState) -> dict[str, float] | None:
        """World ``index``'s exact values of every action, solved once (None: not solvable
        here, or past the budget)."""
        if not self.solvable:
            return None
        if index not in self.exact:
            self.exact[index] = exact_values(world, self.nodes)
        return self.exact[index]


def _pick(running: list[Choice], heuristic: Choice, keep: float) -> Choice:
    """The candidate with the best mean among those running; with ``keep`` > 0 the
    heuristic's pick while it runs, unless the best beats it by more than ``keep``
    standard errors of their paired difference.

    >>> a, b = (Choice(Action(n, "x", None, "x"), v) for n, v in ((0, [1, 0]), (1, [3, -0.5])))
    >>> _pick([a, b], a, 0.0) is b, _pick([a, b], a, 2.0) is a
    (True, True)
    """
    best = max(running, key=lambda choice: (len(choice.values), choice.mean))
    if keep <= 0 or best is heuristic or heuristic not in running:
        return best
    gaps = [a - b for a, b in zip(best.values, heuristic.values, strict=False)]
    if len(gaps) < 2:
        return best
    spread = statistics.stdev(gaps) / math.sqrt(len(gaps))
    return best if statistics.fmean(gaps) > keep * spread else heuristic


def _still_running(choices: list[Choice]) -> list[Choice]:
    """The choices not clearly worse than the leader, compared world by world."""
    leader = max(choices, key=lambda choice: choice.mean)
    kept = []
    for choice in choices:
        if choice is leader:
            kept.append(choice)
            continue
        gaps = [a - b for a, b in zip(choice.values, leader.values, strict=True)]
        spread = statistics.stdev(gaps) / math.sqrt(len(gaps))
        if spread > 0 and statistics.fmean(gaps) + 2 * spread >= 0:
            kept.append(choice)  # not clearly worse (a choice no different is dropped)
    return kept


def _heuristic(game: str, seed: int) -> Bot:
    """The game's heuristic player, or a random one for a game that has none yet (a new
    game can be searched before it has a heuristic bot of its own)."""
    try:
        return make_bot("heuristic", game, seed)
    except ValueError:
        return make_bot("random", game, seed)


def compiled_score(game: GameState) -> bool:
    """Whether the bot values a world by one exact solve of the hand's score now: plain
    trick play, two sides, and a hand score stated as a function of their points or
    tricks (Rook; Notrump with four players; Pinochle unless its meld needs a trick
    taken). Not where one side plays against all the others (Bidder's declarer, which
    the solver also scores): there the exact solves cost strong 0.83 points a deal over
    1000 duplicate deals (docs/bots.md).

    >>> import tricktable
    >>> compiled_score(tricktable.new_game("rook", seed=1))  # the auction: not yet
    False
    """
    return game.phase is Phase.PLAY and len(game.sides) == 2 and compiles(game, "score")


def _racing(game: GameState) -> bool:
    """Whether the rest of ``game``'s hand is a race to a points goal (Sixty-Six once its
    stock is closed or drawn)."""
    return isinstance(game, TrickGame) and game.race() is not None


def certain(game: GameState, seat: int, hidden: Hidden | None = None) -> bool:
    """Whether ``seat`` can place every card still to be played in ``game``'s hand (one
    consistent world, nothing left to draw), as in Sixty-Six once the stock is drawn.
    ``hidden``: ``game.hidden(seat)`` where the caller has built it already.

    >>> import tricktable
    >>> certain(tricktable.new_game("sixtysix", seed=1), 0)
    False
    """
    if game.phase is not Phase.PLAY or game.cards_to_draw() != 0:
        return False
    return (game.hidden(seat) if hidden is None else hidden).count() == 1


def exact_values(world: GameState, nodes: int) -> dict[str, float] | None:
    """Every legal action's exact value (the mover's side's margin) in ``world`` by
    :func:`~tricktable.solver.solve` (the compiled kernel where it scores the hand, else
    through the rules), or None past ``nodes`` positions (a budget in nodes, not time,
    so the result does not depend on the machine)."""
    try:
        return _solve(world, nodes).actions
    except BudgetExceeded:
        return None


def _solve(game: GameState, nodes: int, actions: bool = True) -> Solution:
    """``solve(game, "score")`` within ``nodes`` (``actions`` False: the value alone)."""
    return solve(game, "score", max_nodes=nodes, actions=actions)


def exact_value(game: GameState, seat: int, nodes: int) -> float | None:
    """The exact value of ``game`` for ``seat``'s side (two sides, compiled kernel), or
    None past ``nodes`` positions (the value alone is searched: no action is valued)."""
    try:
        value = _solve(game, nodes, actions=False).value
    except BudgetExceeded:
        return None
    return value if game.side_of(game.to_move or 0) == game.side_of(seat) else -value


def cards_left(game: GameState) -> int:
    """Cards still to be played: in hand, and those still to be drawn (the game's
    ``cards_to_draw``: a closed Sixty-Six stock's cards stay out of play).

    >>> from tricktable import new_game
    >>> cards_left(new_game("sixtysix", seed=1))
    24
    """
    held = sum(hand.bit_count() for hand in game.hands)  # type: ignore[attr-defined]
    return held + game.cards_to_draw()


def _took_trick(game: GameState, seat: int, before: list[int]) -> bool | None:
    """Whether the trick in progress at the decision went to ``seat``'s side (None: not yet)."""
    won: list[int] = game.tricks_won  # type: ignore[attr-defined]
    for winner, (now, then) in enumerate(zip(won, before, strict=True)):
        if now > then:
            return game.side_of(winner) == game.side_of(seat)
    return None
