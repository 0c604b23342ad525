"""The per-game screen hook: a game's own screen, or the generic one.

>>> import tricktable
>>> screen_for("rook").__name__, screen_for("no-such-game").__name__
('rook_screen', 'generic_screen')
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType

from tricktable.cli.common import Seating
from tricktable.cli.render import JSON, generic_screen
from tricktable.cli.rook_screen import rook_screen

Screen = Callable[[JSON, Seating], RenderableType]

SCREENS: dict[str, Screen] = {"rook": rook_screen}
"""Games with a screen of their own, by game name; add one here for a new game."""


def screen_for(game: str) -> Screen:
    """The screen that shows ``game``'s view."""
    return SCREENS.get(game, generic_screen)
