"""The screen of a game: the one table screen, filled from what the game declares.

Every game is drawn by :class:`~tricktable.cli.table.TableScreen`; a game adds its
own lines with a ``display`` declaration on its class (see
:mod:`tricktable.cli.display`), so a new game needs nothing here.

>>> import tricktable
>>> screen_for(tricktable.new_game("rook", seed=1)).title
'Rook'
"""

from __future__ import annotations

from tricktable import GameState
from tricktable.cli.table import TableScreen


def screen_for(game: GameState) -> TableScreen:
    """The screen that shows ``game``'s views."""
    return TableScreen.of(game)
