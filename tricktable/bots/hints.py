"""Hints: the strong bot's ranked choices for a seat, with reasons a person can read.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=3)
>>> hints = tricktable.hint(game, worlds=2)
>>> hints[0].action in [a.text for a in game.legal_actions()], hints[0].reason != ""
(True, True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tricktable.bots.strong import SearchLimits, StrongBot
from tricktable.engine.state import GameState


@dataclass(frozen=True)
class Hint:
    """One choice: the action's text, its expected score for the side, and why."""

    action: str
    value: float  # mean score change of the seat's side minus the others', over sampled deals
    reason: str  # "wins the trick in 72% of 24 sampled deals"

    def to_json(self) -> dict[str, Any]:
        """The hint as a JSON object."""
        return asdict(self)


def hint(game: GameState, seat: int | None = None, worlds: int = 24,
         seconds: float = 1.0, choices: int = 6) -> list[Hint]:
    """The best choices for ``seat`` (the seat to move), best first.

    Only what the seat may see is used (the game is redacted for it first).
    Raises ValueError when it is not ``seat``'s turn.
    """
    mover = game.to_move
    if mover is None:
        raise ValueError("the game is over")
    if seat is not None and seat != mover:
        raise ValueError(f"it is seat {mover}'s turn, not seat {seat}'s")
    legal = game.legal_actions()
    limits = SearchLimits(worlds=worlds, seconds=seconds, candidates=choices)
    ranked = StrongBot(game.name, seed=0, limits=limits).rank(game.redacted(mover), legal)
    return [Hint(c.action.text, round(c.mean, 2), c.reason()) for c in ranked]
