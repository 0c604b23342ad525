"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import Any

from tricktable.engine.actions import Action


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded RNG.

    >>> import tricktable
    >>> game = tricktable.new_game("rook", seed=1)
    >>> legal = game.legal_actions()
    >>> RandomBot(seed=3).choose(game.view(game.to_move), legal) in legal
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)
