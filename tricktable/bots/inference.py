"""Worlds that believe what was said: weights from each seat's public choices.

The world sampler (:meth:`~tricktable.engine.state.GameState.world`) stays
exact and uniform among the deals consistent with the hard facts (voids,
cards shown). This layer is separate: it weighs each sampled world by how
likely every other seat's public choices (bids and passes, Sixty-Six's close)
are given the hand that world gives it, under the bots' own bidding
(:mod:`tricktable.bots.heuristic.auction`, as Skat's Kermit weighs worlds by
its bidding policy), and draws the worlds to search from a larger uniform pool
in proportion to those weights (systematic resampling). With ``watch`` it
also reads the card play: each card another seat played in the last ``watch``
tricks counts for a world where the heuristic player would have played it (or
a card equivalent to it) there, and weighs it by :data:`DOUBT` where it would
not (:func:`play_likelihood`, as Rebstock et al.'s policy-based inference in
Skat). It reads only the seat's view and worlds dealt from what the seat
knows, so it cannot learn a hidden card (tests/bots/test_no_peeking.py covers
it).

>>> import random, tricktable
>>> game = tricktable.new_game("rook", seed=2)
>>> _ = game.apply("pass")
>>> worlds = believed_worlds(game.redacted(3), 3, random.Random(1), count=4, pool=3)
>>> len(worlds), all(w.view(3) == game.view(3) for w in worlds)
(4, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.heuristic.auction import LIKELIHOODS, Likelihood
from tricktable.engine.play import TrickGame
from tricktable.engine.state import GameState, Phase
from tricktable.engine.worlds import Hidden
from tricktable.solver import distinct_plays

DOUBT = 0.25  # a world's weight for each card the heuristic would not have played there


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


def play_likelihood(world: GameState, seat: int, readers: Sequence[Bot], watch: int) -> float:
    """How likely the cards the other seats played in the last ``watch`` tricks of this
    hand (the one in progress counts) are in ``world``: :data:`DOUBT` for each card
    that seat's heuristic player (``readers``, by seat, reading the state) would not
    have played there, nor one equivalent to it; a forced card says nothing. 1 where
    the game's play cannot be replayed by its cards (:meth:`TrickGame.replay`).

    >>> import random, tricktable
    >>> from tricktable.bots import make_bot
    >>> from tricktable.engine.play import ROOK_EXAMPLE
    >>> game = tricktable.new_game("rook", deal=ROOK_EXAMPLE)
    >>> for action in ["bid 70", "pass", "pass", "pass", "discard G2", "trump R", "play R5"]:
    ...     _ = game.apply(action)
    >>> readers = [make_bot("heuristic", "rook", s) for s in range(4)]
    >>> play_likelihood(game, 1, readers, 1)  # South's R5: its heuristic leads another card
    0.25
    """
    if not isinstance(world, TrickGame) or watch <= 0:
        return 1.0
    total, since = 1.0, world.tricks_played - watch + 1  # the first trick read
    deck = type(world).deck
    for then, player, card in world.replay():
        if player == seat or then.tricks_played < since:
            continue
        legal = [a for a in then.legal_actions() if a.kind == "play"]
        reader = getattr(readers[player], "play_state", None)
        pick = reader(then, legal) if reader is not None and len(legal) > 1 else None
        if pick is None or pick.arg == card:
            continue
        text = deck.text(card)
        played = next(a for a in legal if a.arg is not None and deck.text(a.arg) == text)
        if pick != played and len(distinct_plays(then, [pick, played])) > 1:
            total *= DOUBT
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
                    pool: int, hidden: Hidden | None = None, watch: int = 0,
                    readers: Sequence[Bot] = ()) -> list[GameState]:
    """``count`` worlds for ``seat`` drawn by belief from ``count * pool`` uniform ones;
    uniform worlds where nothing said yet is read (no model, nobody else has spoken,
    and no card of another seat is watched).

    ``hidden``: ``state.hidden(seat)``, from a caller that has built it already (the
    strong search, which draws more worlds of the same decision). ``watch`` and
    ``readers``: the card play read too (:func:`play_likelihood`)."""
    view = state.view(seat)
    likelihood = model(state.name)
    if hidden is None:  # the consistent deals counted once for every world
        hidden = state.hidden(seat)
    auction = likelihood is not None and said(view, seat)
    watched = watch > 0 and len(readers) == state.players and _others_played(state, seat)
    if not (auction or watched) or pool <= 1:
        return [state.world(seat, rng, hidden) for _ in range(count)]
    drawn = [state.world(seat, rng, hidden) for _ in range(count * pool)]
    weights = [(weight(world, seat, view, likelihood) if auction and likelihood else 1.0)
               * (play_likelihood(world, seat, readers, watch) if watched else 1.0)
               for world in drawn]
    return [drawn[index] for index in resample(weights, count, rng)]


def _others_played(state: GameState, seat: int) -> bool:
    """Whether a seat other than ``seat`` has played a card this hand that can be replayed."""
    return isinstance(state, TrickGame) and state.replays_by_cards and \
        state.phase is Phase.PLAY and any(state.played[:seat] + state.played[seat + 1:])
