"""Rooms: one serial actor per room, holding its game, seats and connections.

Everything that changes a room goes through its queue and is handled one
command at a time: a join, a client's hello or message, a bot's move, a
timer. An accepted action is applied, stored with its version (the event and
the room's new state in one transaction) and only then sent to every client,
each seeing only its seat's view. Bots think in a thread pool, off the event
loop; a human who stays away past ``away_timeout`` is played by a bot until
they come back with their seat token. The commands are in :mod:`.room_commands`,
what a room sends in :mod:`.room_frames`.

The server talks to games only through the public API (``new_game``,
``legal_actions``, ``check``/``apply``, ``view``, ``events``, ``results``,
``scores``, ``sides``, ``players``, ``to_move``, ``is_over``), so a new
game needs no change here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tricktable import Action, GameState, IllegalAction, Phase
from tricktable.bots import decision
from tricktable.bots.hints import rank_hints, suggested_bids
from tricktable.server import protocol
from tricktable.server.chat import TableChat
from tricktable.server.common import (
    HELLO_FIRST,
    MOVED_CLOSE,
    NO_HINTS,
    NO_SPECTATORS,
    QUICK_BOT_SECONDS,
    Client,
    RoomError,
    SeatState,
    clean_name,
    hash_token,
    timed,
)
from tricktable.server.loading import Loaded, bot_for, summarise
from tricktable.server.protocol import JSON, Act, Chat, Hello, Hint, Message, Ping, Sync, TakeBack
from tricktable.server.room_commands import (
    Attach,
    BotMove,
    Command,
    Join,
    Leave,
    Stop,
    Tick,
    ToRoom,
)
from tricktable.server.room_frames import RoomFrames
from tricktable.server.takeback import TakeBacks

if TYPE_CHECKING:
    from tricktable.server.manager import Rooms
from tricktable.store import LeaseLost, StoredAction

log = logging.getLogger("tricktable.server")

# -- the room actor ------------------------------------------------------------


class Room(RoomFrames):
    """One room's serial actor (what it sends: :class:`RoomFrames`)."""

    def __init__(self, loaded: Loaded, manager: Rooms) -> None:
        self.info = loaded.info
        self.game = loaded.game
        self.loaded = loaded
        self.manager = manager
        self.config = manager.config
        self.seats = [SeatState(seat) for seat in self.info.seats]
        for state in self.seats:  # nobody is connected yet: the away clock runs
            if state.info.kind == "human" and state.info.taken:
                state.away_since = time.monotonic()
        self.clients: set[Client] = set()
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.tasks: set[asyncio.Task[Any]] = set()
        self.bot_version: int | None = None  # the version a bot is thinking at
        self.idle_since = time.monotonic()
        self.fence = loaded.fence
        self.lost = False  # another process took the room's lease
        self.take_backs = TakeBacks()
        self._views: dict[int | None, tuple[JSON, list[JSON]]] = {}  # per seat, this version
        self._views_key: tuple[int, str] | None = None
        self.chat = TableChat(self)  # beside the game, never in it: no view or bot sees it
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room {self.id}")
        self._later(self.config.away_timeout, Tick())

    @property
    def id(self) -> str:
        """The room's id."""
        return self.info.id

    @property
    def version(self) -> int:
        """The room's version: its accepted actions."""
        return self.info.version

    # -- the outside posts commands ---------------------------------------

    def attach(self, client: Client, hello: Hello) -> None:
        """A client said hello."""
        self.queue.put_nowait(Attach(client, hello))

    def receive(self, client: Client, message: Message) -> None:
        """A client sent a message."""
        self.queue.put_nowait(ToRoom(client, message))

    def leave(self, client: Client) -> None:
        """A client's connection closed."""
        self.queue.put_nowait(Leave(client))

    async def join(self, name: str, seat: int | None, player: str | None = None
                   ) -> tuple[int, str]:
        """Take a free human seat (for ``player``, an id); returns the seat and its token."""
        reply: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(Join(clean_name(name), seat, reply, player))
        return await reply

    async def stop(self) -> None:
        """Finish the queued commands, then stop."""
        self.queue.put_nowait(Stop())
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        for task in list(self.tasks):
            task.cancel()

    # -- the actor ------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            command = await self.queue.get()
            if isinstance(command, Stop):
                return
            try:
                await self._handle(command)
            except Exception:
                log.exception("room %s: %s failed", self.id, type(command).__name__)
                if isinstance(command, ToRoom):
                    command.client.send(protocol.error_frame(
                        "server_error", "the server could not do that; nothing changed",
                        self.info.version))
                elif isinstance(command, Join) and not command.reply.done():
                    command.reply.set_exception(RoomError("the server could not seat you"))

    async def _handle(self, command: Command) -> None:
        if self.lost:
            self._refuse_lost(command)
        elif isinstance(command, Attach):
            self._hello(command.client, command.hello)
        elif isinstance(command, ToRoom):
            if command.client.attached:
                await self._message(command.client, command.message)
            else:  # its hello was refused (a bad token)
                command.client.send(protocol.error_frame("hello_first", HELLO_FIRST,
                                                         self.info.version))
        elif isinstance(command, Leave):
            self._leave(command.client)
        elif isinstance(command, BotMove):
            await self._bot_move(command)
        elif isinstance(command, Join):
            await self._join(command)
        elif isinstance(command, Tick):
            self._tick()

    def _refuse_lost(self, command: Command) -> None:
        if isinstance(command, Attach | ToRoom):
            command.client.send(protocol.error_frame(
                "moved", "another server process serves this room now: reconnect", None))
            command.client.end(MOVED_CLOSE, "the room moved: reconnect")
        elif isinstance(command, Join) and not command.reply.done():
            command.reply.set_exception(RoomError(
                "another server process serves this room now: try again"))

    def _hello(self, client: Client, hello: Hello) -> None:
        seat: int | None = None
        if hello.token is not None:
            digest = hash_token(hello.token)
            found = [s for s, state in enumerate(self.seats) if state.info.token_hash == digest]
            if not found:
                client.send(protocol.error_frame(
                    "bad_token", "that token holds no seat in this room", self.info.version))
                return
            seat = found[0]
        elif self.info.settings.get("tournament"):
            client.send(protocol.error_frame("no_spectators", NO_SPECTATORS, self.info.version))
            return
        if client.attached:
            self._detach(client)
        client.seat, client.attached, client.log_sent = seat, True, 0
        self.clients.add(client)
        if seat is not None:
            state = self.seats[seat]
            state.connections += 1
            state.away_since = None
            state.replaced = False
        client.send({"type": "welcome", "room": self.id, "seat": seat,
                     "name": self.seats[seat].info.name if seat is not None else None})
        self.chat.welcome(client)
        self._broadcast()
        self._schedule_bot()

    def _detach(self, client: Client) -> None:
        self.clients.discard(client)
        client.attached = False
        if client.seat is None:
            return
        state = self.seats[client.seat]
        state.connections -= 1
        if state.connections == 0 and state.info.kind == "human":
            state.away_since = time.monotonic()
            self._later(self.config.away_timeout, Tick())

    def _leave(self, client: Client) -> None:
        if not client.attached:
            return
        self._detach(client)
        self.chat.forget(client)
        if not self.clients:
            self.idle_since = time.monotonic()
        self._broadcast()

    def _tick(self) -> None:
        if self.info.status != "playing":
            return
        now = time.monotonic()
        changed = False
        for state in self.seats:
            if (state.info.kind == "human" and state.connections == 0 and not state.replaced
                    and state.away_since is not None
                    and now - state.away_since >= self.config.away_timeout - 0.01):
                state.replaced = True
                changed = True
        if changed:
            self._broadcast()
            self._schedule_bot()

    async def _message(self, client: Client, message: Message) -> None:
        version = self.info.version
        if isinstance(message, Ping):
            client.send({"type": "pong", "version": version})
        elif isinstance(message, Sync):
            client.log_sent = 0
            client.send(self._state_frame(client, {}))
        elif isinstance(message, Hint):
            self._hint(client)
        elif isinstance(message, Chat):
            self.chat.receive(client, message)
        elif isinstance(message, TakeBack):
            await self.take_backs.take_back(self, client, message)
        elif isinstance(message, Act):
            problem = self._act_problem(client, message)
            if problem is not None:
                client.send(protocol.error_frame(*problem, version=version))
                if problem[0] == "stale":
                    client.send(self._state_frame(client, {}))
                return
            assert client.seat is not None
            try:
                await self._accept(client.seat, message.action, "human")
            except IllegalAction as error:
                client.send(protocol.error_frame("illegal", str(error), version))

    def _act_problem(self, client: Client, act: Act) -> tuple[str, str] | None:
        """Why ``client`` may not act now (code, message), or None."""
        if client.seat is None:
            return "spectator", "you are watching: join a free seat to play"
        if self.info.status == "waiting":
            return "not_started", "the game starts when every seat is taken"
        if self.info.status == "finished" or self.game.is_over:
            return "game_over", "the game is over"
        if act.version != self.info.version:
            return "stale", (f"the game has moved on (you acted at version {act.version}, "
                             f"it is at {self.info.version}); here is the new state")
        if self.game.to_move != client.seat:
            to_move = self.game.to_move
            who = self._seat_label(to_move) if to_move is not None else "nobody"
            return "not_your_turn", f"it is not your turn: {who} is to move"
        return None

    def _seat_label(self, seat: int) -> str:
        name = self.seats[seat].info.name
        label = self.game.seat_name(seat)
        return f"{label} ({name})" if name else label

    async def _accept(self, seat: int, text: str, actor: str) -> None:
        """Check, apply, store, then send: the one way a game moves."""
        action = self.game.check(text)
        version = self.info.version + 1
        self.take_backs.note(self.info.version, seat, len(self.game.log))
        self.game.apply(action)
        self.info.version = version
        summarise(self.info, self.game)
        stored = StoredAction(version, seat, action.text, actor)
        try:
            await self.manager.commits.append(self.info, stored, self.fence)
        except LeaseLost:
            self._lose_lease()
            return
        except Exception:
            log.exception("room %s: could not store action %d", self.id, version)
            await self._reload()
            self._broadcast_error("server_error", "the server could not save that move; "
                                  "nothing changed")
            self._broadcast()
            return
        self._broadcast()
        if self.info.status == "finished":
            self.manager.tally_soon(self.id)
        self._schedule_bot()

    def _lose_lease(self) -> None:
        """Another process took the room: tell every client to reconnect, and let go."""
        log.warning("room %s: another process took its lease; unloading it here", self.id)
        self.lost = True
        for client in list(self.clients):
            client.send(protocol.error_frame(
                "moved", "another server process serves this room now: reconnect", None))
            client.end(MOVED_CLOSE, "the room moved: reconnect")
        self.clients.clear()
        self.manager.forget(self)

    async def _reload(self) -> None:
        loaded = await self.manager.load_loaded(self.id)
        if loaded is None:
            raise RoomError(f"room {self.id} vanished from the store")
        self.info, self.game, self.loaded = loaded.info, loaded.game, loaded
        self.fence = loaded.fence
        self._views_key = None
        for state, seat in zip(self.seats, self.info.seats, strict=True):
            state.info = seat

    async def _join(self, command: Join) -> None:
        if self.info.status == "finished":
            command.reply.set_exception(RoomError("the game is over: its replay is in the history"))
            return
        seat = command.seat
        free = [s for s, state in enumerate(self.seats)
                if state.info.kind == "human" and not state.info.taken]
        if seat is None:
            if not free:
                command.reply.set_exception(RoomError("every seat is taken: you can watch"))
                return
            seat = free[0]
        elif seat not in free:
            command.reply.set_exception(RoomError(f"seat {seat} is not free"))
            return
        token = secrets.token_urlsafe(24)
        info = self.seats[seat].info
        info.name, info.token_hash, info.player = command.name, hash_token(token), command.player
        self.seats[seat].away_since = time.monotonic()
        self._later(self.config.away_timeout, Tick())
        if self.info.status == "waiting" and all(s.info.taken for s in self.seats):
            self.info.status = "playing"
        try:
            await self.manager.in_store(self.manager.store.save_seats, self.info, self.fence)
        except Exception as error:
            info.name, info.token_hash, info.player = "", None, None
            self.info.status = "waiting"
            if isinstance(error, LeaseLost):
                command.reply.set_exception(RoomError(
                    "another server process serves this room now: try again"))
                self._lose_lease()
                return
            raise
        command.reply.set_result((seat, token))
        self._broadcast()
        self._schedule_bot()

    # -- bots -------------------------------------------------------------------

    def _bot_plays(self, seat: int) -> bool:
        state = self.seats[seat]
        return state.info.kind == "bot" or state.replaced

    def _schedule_bot(self) -> None:
        if self.info.status != "playing" or self.game.is_over or not self.clients:
            return
        seat = self.game.to_move
        if seat is None or not self._bot_plays(seat) or self.bot_version == self.info.version:
            return
        self.bot_version = self.info.version
        bot = bot_for(self.loaded, seat)
        legal = self.game.legal_actions()
        self._spawn(self._think(self.info.version, seat, decision(bot, self.game), legal))

    async def _think(self, version: int, seat: int, choice: Callable[[], Action],
                     legal: list[Action]) -> None:
        started = time.monotonic()
        name = self.seats[seat].info.bot
        try:
            if self.manager.bot_seconds.get(name, 1.0) < QUICK_BOT_SECONDS:
                action, took = timed(choice)  # a quick bot answers here: no thread switch
            else:
                action, took = await self.manager.in_bots(timed, choice)
            known = self.manager.bot_seconds.get(name, took)
            self.manager.bot_seconds[name] = 0.8 * known + 0.2 * took
        except Exception:
            log.exception("room %s: the %s bot failed; playing a random legal action",
                          self.id, self.seats[seat].info.bot)
            action = random.Random(version).choice(legal)
        wait = self.config.bot_delay - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        self.queue.put_nowait(BotMove(version, seat, action.text,
                                       f"bot:{self.seats[seat].info.bot}"))

    async def _bot_move(self, move: BotMove) -> None:
        if (move.version != self.info.version or self.game.to_move != move.seat
                or not self._bot_plays(move.seat) or self.info.status != "playing"):
            return
        self.bot_version = None
        try:
            await self._accept(move.seat, move.action, move.actor)
        except IllegalAction:
            log.error("room %s: bot chose an illegal %r", self.id, move.action)

    def _hint(self, client: Client) -> None:
        seat = client.seat
        if seat is None:
            client.send(protocol.error_frame("spectator", "hints are for players",
                                             self.info.version))
            return
        if self.info.status != "playing" or self.game.to_move != seat:
            client.send(protocol.error_frame("not_your_turn", "a hint comes on your turn",
                                             self.info.version))
            return
        if self.info.settings.get("tournament"):
            client.send(protocol.error_frame("no_hints", NO_HINTS, self.info.version))
            return
        state, legal = self.game.redacted(seat), self.game.legal_actions()
        self._spawn(self._give_hint(client, self.info.version, state, legal))

    async def _give_hint(self, client: Client, version: int, state: GameState,
                         legal: list[Action]) -> None:
        try:
            hints = await self.manager.in_bots(rank_hints, state, legal)
            bids = None
            if state.suggests_bids and state.phase is Phase.BID:
                bids = await self.manager.in_bots(suggested_bids, state)
        except Exception:
            log.exception("room %s: hint failed", self.id)
            return
        best = next(a for a in legal if a.text == hints[0].action)
        hand = set(state.view(state.to_move).get("hand") or [])
        client.send({"type": "hint", "version": version,
                     "action": protocol.action_json(best, hand), "reason": hints[0].reason,
                     "choices": [h.to_json() for h in hints], "bids": bids})

    # -- tasks and timers ------------------------------------------------------

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _later(self, delay: float, command: Command) -> None:
        loop = asyncio.get_running_loop()
        loop.call_later(max(0.0, delay), self.queue.put_nowait, command)
