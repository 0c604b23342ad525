"""The game registry and :func:`new_game`, the one way to start any game.

>>> import tricktable
>>> game = new_game("rook", seed=1)
>>> game.title, game.players
('Rook', 4)
>>> new_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.engine.rules.OptionError: unknown game 'chess'; games: ...rook...
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import fields
from typing import Any, TypeVar

from tricktable.engine.rules import PRESET, OptionError
from tricktable.engine.state import GameState

G = TypeVar("G", bound=type[GameState])

SEED_BITS = 53
"""A seed drawn by chance (``seed=None``) has 53 bits, from the system's randomness: far
too many for a player to find the deal by trying seeds against their own cards (a 32-bit
seed could be searched in hours), and still exact as a JavaScript number."""

_GAMES: dict[str, type[GameState]] = {}


def register_game(cls: G) -> G:
    """Class decorator: make a game available to :func:`new_game` by its name.

    Its presets are checked here, once: each names a distinct preset and sets
    valid options (a wrong one fails at import, not in a player's game).
    """
    rules = cls.rules_type
    if PRESET in {f.name for f in fields(rules)}:
        raise OptionError(f"{cls.title}: {PRESET!r} is the reserved option name of presets")
    names = [preset.name for preset in rules.presets]
    if len(set(names)) != len(names):
        raise OptionError(f"{cls.title} declares a preset name twice: {', '.join(names)}")
    for preset in rules.presets:
        try:
            rules.from_options(preset.options)
        except OptionError as error:
            raise OptionError(f"{cls.title}'s preset {preset.name!r}: {error}") from None
    _GAMES[cls.name] = cls
    return cls


def game_names() -> list[str]:
    """The names of every registered game."""
    return list(_GAMES)


def find_game(name: str) -> type[GameState]:
    """The game class registered under ``name``."""
    try:
        return _GAMES[name.lower()]
    except KeyError:
        shown = name if len(name) <= 40 else name[:40] + "..."  # a long name quoted in part
        raise OptionError(f"unknown game {shown!r}; games: {', '.join(_GAMES)}") from None


def new_game(
    name: str,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    deal: Mapping[str, Any] | None = None,
) -> GameState:
    """Start a game by name.

    ``seed`` fixes the first dealer and every shuffle (a random one of
    :data:`SEED_BITS` bits is drawn and kept in the record when omitted);
    ``options`` are the game's rules options, where ``"preset"`` names one of the game's
    presets (``rules_type.presets``) whose options come first and the others given
    override them (the game's rules and record keep the resolved options only);
    ``players`` the number of
    players where the game allows a choice; ``deal``
    explicit hands (card notation) for one single hand: the whole deck dealt, or, with a
    ``leader``, equal hands that start at trick play
    (:meth:`~tricktable.engine.play.TrickGame.start_play`).
    """
    cls = find_game(name)
    count = cls.player_counts[0] if players is None else players
    if count not in cls.player_counts:
        allowed = ", ".join(map(str, cls.player_counts))
        raise OptionError(f"{cls.title} is played by {allowed} players, not {count}")
    rules = cls.rules_type.from_options(options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**SEED_BITS)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"the seed must be a whole number, not {seed!r}")
    if deal is not None and "leader" in deal:  # a hand that starts at trick play
        from tricktable.engine.play import TrickGame
        if not issubclass(cls, TrickGame):
            raise OptionError(f"{cls.title} cannot start at trick play")
        game = cls(rules, count, seed, None)
        game.start_play(copy.deepcopy(dict(deal)))
        return game
    return cls(rules, count, seed, copy.deepcopy(dict(deal)) if deal is not None else None)
