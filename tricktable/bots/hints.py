"""Hints: the strong bot's ranked choices for a seat, with reasons a person can read.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=3)
>>> hints = tricktable.hint(game, worlds=2)
>>> hints[0].action in [a.text for a in game.legal_actions()], hints[0].reason != ""
(True, True)
"""

from __future__ import annotations

import json
import random
import statistics
from dataclasses import asdict, dataclass, replace
from typing import Any

from tricktable.bots import make_bot
from tricktable.bots.inference import believed_worlds
from tricktable.bots.playout import playout_step
from tricktable.bots.strong import SearchLimits, StrongBot, level
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState, Phase


@dataclass(frozen=True)
class Hint:
    """One choice: the action's text, its expected score for the side, and why."""

    action: str
    value: float  # mean score change of the seat's side minus the others', over sampled deals
    reason: str  # "wins the trick in 72% of 16 sampled deals"

    def to_json(self) -> dict[str, Any]:
        """The hint as a JSON object."""
        return asdict(self)


def hint_limits(game: str, worlds: int | None = None, seconds: float | None = None,
                choices: int = 6) -> SearchLimits:
    """The hints' search in ``game``: the ``strong`` level as the strong bot plays that
    game (its fixed worlds, or ``worlds`` for every deck, and the limits the game asks
    for, such as Rook's least raise), ``choices`` candidates at once, and a CPU cap
    (``seconds``, by default the level's) that is only a safety net, so a hint depends on
    the seat's view alone.

    >>> limits = hint_limits("rook")
    >>> limits.worlds, limits.candidates, limits.bid_levels, limits.seconds == 3.0
    (24, 6, 1, True)
    """
    limits = replace(level("strong", game), candidates=choices)
    if worlds is not None:
        limits = replace(limits, worlds=worlds, deck_worlds=0)
    if seconds is not None:
        limits = replace(limits, seconds=seconds)
    return limits


def hint(game: GameState, seat: int | None = None, worlds: int | None = None,
         seconds: float | None = None, choices: int = 6) -> list[Hint]:
    """The best choices for ``seat`` (the seat to move), best first (the search of
    :func:`hint_limits`).

    Only what the seat may see is used (the game is redacted for it first).
    Raises ValueError when it is not ``seat``'s turn.
    """
    mover = game.to_move
    if mover is None:
        raise ValueError("the game is over")
    if seat is not None and seat != mover:
        raise ValueError(f"it is seat {mover}'s turn, not seat {seat}'s")
    return rank_hints(game.redacted(mover), game.legal_actions(),
                      hint_limits(game.name, worlds, seconds, choices))


def rank_hints(state: GameState, legal: list[Action],
               limits: SearchLimits | None = None) -> list[Hint]:
    """The hints for the seat to move in ``state``, a game already redacted for it: the
    choices the search kept to the end by expected value (on a tie, the strong bot's own
    choice first), then those it dropped as worse, by their value against the best
    choice: the best's expected value plus how far they fell short of it on the deals
    they were valued in (a few deals may average high by chance; the best did as well
    on them)."""
    limits = limits or hint_limits(state.name)
    ranked = StrongBot(state.name, seed=0, limits=limits).rank(state, legal)
    ranked.sort(key=lambda choice: (-len(choice.values), -choice.mean))
    if not ranked:
        return []
    best, kept, dropped = ranked[0], [], []
    for choice in ranked:
        shared = len(choice.values)
        if shared == len(best.values) or not shared:
            kept.append(Hint(choice.action.text, round(choice.mean, 2), choice.reason()))
            continue
        short = statistics.fmean(v - b for v, b in zip(choice.values, best.values, strict=False))
        dropped.append(Hint(choice.action.text, round(best.mean + short, 2),
                            f"{choice.reason()}; {short:+.1f} against {best.action.text} "
                            f"on them"))
    return kept + sorted(dropped, key=lambda hint: -hint.value)


def suggested_bids(game: GameState, seat: int | None = None, worlds: int = 16,
                   confidence: float = 0.6) -> dict[str, dict[str, float]]:
    """Beginner bids, where the game offers them (``suggests_bids``, Pinochle): for each
    trump, the points the seat's side can expect if the seat declares with it, and the
    highest bid made in ``confidence`` of the sampled deals (the worlds the strong bot
    searches, which believe the auction so far; the rest of the hand played out by
    heuristic players).

    >>> import tricktable
    >>> game = tricktable.new_game("pinochle", seed=2)
    >>> bids = suggested_bids(game, worlds=2)
    >>> sorted(bids) == sorted("♠♥♦♣"), all(b["suggested_bid"] >= 0 for b in bids.values())
    (True, True)
    """
    seat = game.to_move if seat is None else seat
    if seat is None:
        raise ValueError("the game is over")
    if not game.suggests_bids:
        raise ValueError(f"{game.title} suggests no bids")
    state = game.redacted(seat)
    rng = random.Random(f"bids:{json.dumps(state.view(seat), sort_keys=True)}")
    totals: dict[str, list[int]] = {}
    for world in believed_worlds(state, seat, rng, worlds, level("strong", game.name).believe):
        seed = rng.getrandbits(32)
        for trump in game.table.kind_index("trump").values():
            totals.setdefault(trump.text.partition(" ")[2], []).append(
                _declare(world, seat, trump, seed))
    suggestions = {}
    for suit, points in totals.items():
        points.sort()
        made = points[int((1 - confidence) * len(points))]
        suggestions[suit] = {"expected": round(statistics.fmean(points), 1),
                             "suggested_bid": made}
    return suggestions


def _declare(world: GameState, seat: int, trump: Action, seed: int) -> int:
    """The points (the result's ``points``: Pinochle's counted meld and tricks)
    ``seat``'s side takes when it wins the auction at the lowest bid and names ``trump``
    in ``world``."""
    game = world.fork()
    hand = len(game.results)
    bots = [make_bot("heuristic", game.name, seed + s) for s in range(game.players)]
    while game.phase is Phase.BID:
        legal = game.legal_actions()
        if game.to_move == seat:
            game.apply(next(a for a in legal if a.kind == "bid"))
        else:
            game.apply(next(a for a in legal if a.kind == "pass"))
    game.apply(trump)
    while len(game.results) == hand:
        playout_step(game, bots)  # the engine's state read where the bots can
    return game.results[hand].points[game.side_of(seat)]
