"""Loading a room from the store: its game replayed, its bots asked again.

>>> from tricktable.store import RoomInfo, SeatInfo
>>> info = RoomInfo("r1", "rook", 4, {}, 7, [SeatInfo("bot", "random")] * 4)
>>> start_game(info).to_move
3
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import tricktable
from tricktable import GameState, IllegalAction
from tricktable.bots import Bot, bot_seed, make_bot
from tricktable.server.common import RoomError
from tricktable.store import RoomInfo, StoredAction


@dataclass
class Loaded:
    """A room rebuilt from the store: its info, game and warmed-up bots."""

    info: RoomInfo
    game: GameState
    bots: dict[int, Bot] = field(default_factory=dict)
    fence: int | None = None  # the fence of this process's lease of the room


def start_game(info: RoomInfo) -> GameState:
    """The room's game at version 0."""
    return tricktable.new_game(info.game, seed=info.seed, options=info.options,
                               players=info.players)


def rebuild(info: RoomInfo, actions: Sequence[StoredAction]) -> Loaded:
    """Replay the stored actions; bots are asked again at each of their turns.

    Asking the bots again gives them the same memory and random state they
    had, so after a restart they play on exactly as they would have.
    """
    game = start_game(info)
    loaded = Loaded(info, game)
    for number, stored in enumerate(actions, start=1):
        if stored.version != number:
            raise RoomError(f"room {info.id}: action {number} is stored as {stored.version}")
        if stored.actor.startswith("bot:"):
            bot = bot_for(loaded, stored.seat)
            if not hasattr(bot, "choose_state"):  # search bots remember nothing
                with contextlib.suppress(Exception):
                    bot.choose(game.view(stored.seat), game.legal_actions())
        try:
            game.apply(stored.text)
        except IllegalAction as error:
            raise RoomError(f"room {info.id}: stored action {number} ({stored.text!r}) is "
                            f"illegal now: {error}") from None
    if len(actions) != info.version:
        raise RoomError(f"room {info.id} is at version {info.version} with {len(actions)} "
                        "actions stored")
    return loaded


def bot_for(loaded: Loaded, seat: int) -> Bot:
    """The bot that plays ``seat`` (or stands in for its human), made once."""
    bot = loaded.bots.get(seat)
    if bot is None:
        name = loaded.info.seats[seat].bot
        bot = make_bot(name, loaded.info.game, bot_seed(loaded.info.seed, seat))
        loaded.bots[seat] = bot
    return bot


def summarise(info: RoomInfo, game: GameState) -> None:
    """Copy the game's state summary into the room's info."""
    info.scores = list(game.scores)
    info.winner = game.winner
    info.to_move = game.to_move
    info.hands = len(game.results)
    hands = info.settings.get("hands")  # a room that ends after so many hands (a tournament's)
    if game.is_over or (isinstance(hands, int) and info.hands >= hands):
        info.status = "finished"
    info.updated = time.time()
