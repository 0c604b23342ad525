"""Worlds that believe what was said: weights from each seat's public choices.

The world sampler (:meth:`~tricktable.engine.state.GameState.world`) stays
exact and uniform among the deals consistent with the hard facts (voids,
cards shown). This layer is separate: it weighs each sampled world by how
likely every other seat's public choices (bids and passes, Sixty-Six's close)
are given the hand that world gives it, under the bots' own bidding
(:mod:`tricktable.bots.heuristic.auction`, as Skat's Kermit weighs worlds by
its bidding policy), and draws the worlds to search from a larger uniform pool
in proportion to those weights (systematic resampling). It reads only the
seat's view and worlds dealt from what the seat knows, so it cannot learn a
hidden card (tests/bots/test_no_peeking.py covers it).

>>> import random, tricktable
>>> game = tricktable.new_game("rook", seed=2)
>>> _ = game.apply("pass")
>>> worlds = believed_worlds(game.redacted(3), 3, random.Random(1), count=4, pool=3)
>>> len(worlds), all(w.view(3) == game.view(3) for w in worlds)
(4, True)
"""

from __future__ import annotations

import random
from typing import Any

from tricktable.bots.heuristic.auction import LIKELIHOODS, Likelihood
from tricktable.engine.state import GameState
from tricktable.engine.worlds import Hidden


def model(game: str) -> Likelihood | None:
    """The auction likelihood the bots use for ``game``, or None where it has none."""
    return LIKELIHOODS.get(game)


def said(view: dict[str, Any], seat: int) -> bool:
    """Whether another seat than ``seat`` has made a public choice the model reads (a bid
    or pass in ``bids``; a contract chosen or passed in ``choices``; closing the stock,
    ``closer``).

    >>> said({"bids": [{"seat": 0, "bid": 70}]}, 0), said({"bids": [{"seat": 1, "bid": None}]}, 0)
    (False, True)
    >>> said({"choices": [{"seat": 1, "choice": "pass"}]}, 0), said({"closer": 1}, 0)
    (True, True)
    """
    entries = [*(view.get("bids") or ()), *(view.get("choices") or ())]
    closer = view.get("closer")
    return any(entry["seat"] != seat for entry in entries) or closer not in (None, seat)


def weight(world: GameState, seat: int, view: dict[str, Any], likelihood: Likelihood) -> float:
    """How much ``world`` is believed by ``seat``, whose view is ``view``: the product,
    over the other seats, of the likelihood of their public choices given their hands."""
    total = 1.0
    for other in range(world.players):
        if other != seat:
            total *= likelihood(world, other, view)
    return total


def resample(weights: list[float], count: int, rng: random.Random) -> list[int]:
    """``count`` indices drawn in proportion to ``weights`` (systematic resampling: each
    index appears the floor or the ceiling of its expected number of times), shuffled.

    >>> resample([1.0, 0.0, 3.0], 4, random.Random(2)).count(2)
    3
    """
    total = sum(weights)
    if total <= 0:
        raise ValueError("resampling needs a positive weight")
    step, start = total / count, rng.random() * total / count
    picks, running, index = [], 0.0, 0
    for k in range(count):
        point = start + k * step
        while running + weights[index] <= point and index < len(weights) - 1:
            running += weights[index]
            index += 1
        picks.append(index)
    rng.shuffle(picks)
    return picks


def believed_worlds(state: GameState, seat: int, rng: random.Random, count: int,
                    pool: int, hidden: Hidden | None = None) -> list[GameState]:
    """``count`` worlds for ``seat`` drawn by belief from ``count * pool`` uniform ones;
    uniform worlds where the game has no model or nobody else has said anything yet.

    ``hidden``: ``state.hidden(seat)``, from a caller that has built it already (the
    strong search, which draws more worlds of the same decision)."""
    view = state.view(seat)
    likelihood = model(state.name)
    if hidden is None:  # the consistent deals counted once for every world
        hidden = state.hidden(seat)
    if likelihood is None or not said(view, seat) or pool <= 1:
        return [state.world(seat, rng, hidden) for _ in range(count)]
    drawn = [state.world(seat, rng, hidden) for _ in range(count * pool)]
    weights = [weight(world, seat, view, likelihood) for world in drawn]
    return [drawn[index] for index in resample(weights, count, rng)]
