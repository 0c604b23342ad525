"""Computer players. A bot sees only ``game.view(seat)`` and the legal actions.

>>> import tricktable
>>> from tricktable.bots import make_bot, play_game
>>> game = tricktable.new_game("rook", seed=2, options={"loss_limit": 500})  # random play ends
>>> bots = [make_bot("random", "rook", seed=s) for s in range(4)]
>>> play_game(game, bots).is_over
True
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Sequence
from types import ModuleType

from tricktable.bots.base import Bot
from tricktable.bots.random import RandomBot
from tricktable.engine.actions import Action
from tricktable.engine.events import Event
from tricktable.engine.registry import find_game
from tricktable.engine.state import GameState

BOT_NAMES = ("random", "heuristic", "strong", "expert")
"""Every bot, weakest first."""


def make_bot(name: str, game: str, seed: int = 0) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``strong``, ``expert``) for a game, seeded;
    or your own, named ``module:factory``: ``factory(game, seed)`` from an importable
    module, returning an object with ``choose(view, legal)``.

    >>> make_bot("tricktable.bots.random:RandomBot", "rook", 3).__class__.__name__
    Traceback (most recent call last):
    ...
    ValueError: bot 'tricktable.bots.random:RandomBot': RandomBot(game, seed) failed: \
TypeError: RandomBot.__init__() takes from 1 to 2 positional arguments but 3 were given
    """
    if ":" in name and name.partition(":")[0] not in BOT_NAMES:
        return _imported_bot(name, game, seed)
    if name in ("strong", "expert"):
        from tricktable.bots.strong import StrongBot, level

        find_game(game)  # an unknown game: OptionError, a ValueError
        return StrongBot(game, seed, level(name, game))  # plays out with the heuristic, else random
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        module = heuristic_module(game)
        if module is None:
            raise ValueError(f"there is no heuristic bot for {game} yet")
        factory: Callable[[int], Bot] = module.HeuristicBot
        return factory(seed)
    raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


def _imported_bot(spec: str, game: str, seed: int) -> Bot:
    """Your own bot, ``module:factory`` (see :func:`make_bot`); a ValueError names what
    is wrong with it."""
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"bot {spec!r}: cannot import {module_name!r} ({error}); is its "
                         "folder on PYTHONPATH (PYTHONPATH=. for the current one)?") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ValueError(f"bot {spec!r}: {module_name} has no {attribute!r} to call")
    try:
        bot: Bot = factory(game, seed)
    except Exception as error:  # the user's code: say whose call failed, and how
        raise ValueError(f"bot {spec!r}: {attribute}(game, seed) failed: "
                         f"{error.__class__.__name__}: {error}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {spec!r}: {attribute}(game, seed) gave no object with a "
                         "choose(view, legal) method")
    return bot


def heuristic_module(game: str) -> ModuleType | None:
    """The module of ``game``'s heuristic player (None: the game has none yet).

    >>> heuristic_module("rook").__name__, heuristic_module("nosuchgame")
    ('tricktable.bots.heuristic.rook', None)
    """
    path = f"tricktable.bots.heuristic.{game}"
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as error:
        if error.name != path:  # the module exists but something it imports does not
            raise
        return None


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game dealt from ``game_seed`` (the command
    line's and the web app's bots): fixed by the two, but no way back to the game's seed,
    from which a bot could deal the game again and see every card.

    >>> bot_seed(7, 0) == bot_seed(7, 0), bot_seed(7, 0) != bot_seed(7, 1)
    (True, True)
    """
    text = f"tricktable bot {game_seed} {seat}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def decision(bot: Bot, game: GameState) -> Callable[[], Action]:
    """The choice ``bot`` is to make for the seat to move, as a call that holds
    snapshots rather than the game, so it may run in another thread.

    A bot is given that seat's view and the legal actions; a search bot (one
    with ``choose_state``) is given ``game.redacted(seat)`` instead: a copy of
    the game in which every card the seat cannot see is dealt anew from what
    it knows, so it can search without seeing anything hidden.
    """
    seat = game.to_move
    assert seat is not None, "the game is over"
    legal = game.legal_actions()
    choose_state = getattr(bot, "choose_state", None)
    if choose_state is not None:
        state = game.redacted(seat)
        return lambda: choose_state(state, legal)
    view = game.view(seat)
    return lambda: bot.choose(view, legal)


def decide(bot: Bot, game: GameState) -> Action:
    """The action ``bot`` chooses for the seat to move (see :func:`decision`)."""
    return decision(bot, game)()


def bot_step(game: GameState, bots: Sequence[Bot | None]) -> list[Event]:
    """The bot to move acts; return the events.

    When a trick is completed, every bot that has an ``observe(view)`` method
    is shown its own view, as a player at the table sees each card played.
    """
    seat = game.to_move
    assert seat is not None, "the game is over"
    bot = bots[seat]
    assert bot is not None, f"seat {seat} has no bot"
    events = game.apply(decide(bot, game))
    if any(event.kind == "trick" for event in events):
        show_trick(game, bots)
    return events


def show_trick(game: GameState, bots: Sequence[Bot | None]) -> None:
    """Show each watching bot its view (call after an action completed a trick)."""
    for seat, watcher in enumerate(bots):
        observe = getattr(watcher, "observe", None)
        if observe is not None:
            observe(game.view(seat))


def play_game(game: GameState, bots: Sequence[Bot], max_hands: int | None = None) -> GameState:
    """Let one bot per seat play ``game`` to its end, or until ``max_hands`` hands are
    over (random players may never reach a game's target); return it."""
    while not game.is_over and (max_hands is None or len(game.results) < max_hands):
        bot_step(game, bots)
    return game


__all__ = [
    "BOT_NAMES", "Bot", "RandomBot", "bot_seed", "bot_step", "decide", "decision", "make_bot",
    "play_game", "show_trick",
]
