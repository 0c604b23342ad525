"""Duplicate matches between bots: the same deals, every side taking each role.

Each deal (a game's first hand, from seed ``d``) is played once per side with
bot A on that side and bot B everywhere else, so luck of the cards cancels.
The margin is A's mean score change per hand minus the mean change of the
others, with a 95% confidence interval over deals.

>>> result = duplicate_match("rook", "random", "random", deals=4, seed=1)
>>> result.hands, len(result.per_deal)
(8, 4)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tricktable.bots import bot_step, make_bot
from tricktable.engine.registry import new_game
from tricktable.engine.state import GameState


@dataclass
class MatchResult:
    """The outcome of a duplicate match, from bot A's side."""

    game: str
    bot_a: str
    bot_b: str
    players: int
    hands: int = 0
    per_deal: list[float] = field(default_factory=list)  # A's margin per deal
    a_deltas: list[float] = field(default_factory=list)  # A's score change per hand
    results: list[dict[str, Any]] = field(default_factory=list)  # the hands, with A's side

    @property
    def margin(self) -> float:
        """A's mean margin per hand over B (score points of the game)."""
        return statistics.fmean(self.per_deal) if self.per_deal else 0.0

    @property
    def confidence(self) -> float:
        """Half-width of the 95% confidence interval of ``margin``."""
        if len(self.per_deal) < 2:
            return math.inf
        return 1.96 * statistics.stdev(self.per_deal) / math.sqrt(len(self.per_deal))

    def summary(self) -> dict[str, Any]:
        """The figures as a JSON-serialisable dict."""
        return {
            "game": self.game, "players": self.players, "a": self.bot_a, "b": self.bot_b,
            "deals": len(self.per_deal), "hands": self.hands,
            "margin_per_hand": round(self.margin, 3),
            "ci95": round(self.confidence, 3),
            "a_mean_delta": round(statistics.fmean(self.a_deltas), 3) if self.a_deltas else 0,
        }


def play_hand(game: GameState, bots: list[Any]) -> dict[str, Any]:
    """Play bots until the game's first hand is scored; return its result."""
    while not game.results and not game.is_over:
        bot_step(game, bots)
    return game.results[0]


def duplicate_match(
    game_name: str,
    bot_a: str,
    bot_b: str,
    deals: int,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``deals`` duplicate deals of A against B; see the module docstring."""
    probe = new_game(game_name, seed=seed, players=players, options=options)
    result = MatchResult(game_name, bot_a, bot_b, probe.players)
    sides = probe.sides
    for deal in range(seed, seed + deals):
        margin = 0.0
        for index, side in enumerate(sides):
            game = new_game(game_name, seed=deal, players=players, options=options)
            bots = [make_bot(bot_a if s in side else bot_b, game_name, seed=deal * 31 + s)
                    for s in range(game.players)]
            hand = play_hand(game, bots)
            deltas = hand["deltas"]
            others = [d for i, d in enumerate(deltas) if i != index]
            margin += deltas[index] - statistics.fmean(others)
            result.a_deltas.append(deltas[index])
            result.results.append({**hand, "a_side": index})
            result.hands += 1
        result.per_deal.append(margin / len(sides))
        if progress is not None:
            progress(1)
    return result
