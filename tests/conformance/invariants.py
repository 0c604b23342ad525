"""Running each game's declared hand invariants (``GameState.check_hand``).

Every game declares, in its own module, what must hold for each finished
hand (``game.check_hand(index)``, see tricktable/engine/declare.py); the
conformance suite and the property tests call it for every hand of every
random game. A game that declares none fails here with what to write.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=1)
>>> check_all_hands(game)  # no hand finished yet: nothing to check
"""

from __future__ import annotations

import pytest

from tricktable import GameState


def check_all_hands(game: GameState) -> None:
    """Run the game's declared invariants on every finished hand."""
    for index in range(len(game.results)):
        try:
            game.check_hand(index)
        except NotImplementedError as error:
            pytest.fail(str(error), pytrace=False)


def declares_invariants(game: GameState) -> bool:
    """Whether the game overrides ``check_hand`` (the base class only says it has none)."""
    return type(game).check_hand is not GameState.check_hand
