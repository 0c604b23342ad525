"""Every room of this process: created, loaded from the store on first use (taking the
room's lease), unloaded when idle, and old waiting rooms deleted.

New rooms and imported records start here; :mod:`tricktable.server.rooms` runs
each room's actor.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import tricktable
from tricktable import GameState, OptionError, RecordError
from tricktable.records import parse_record
from tricktable.server.commit import GroupCommit
from tricktable.server.common import (
    CHOSEN_SEED,
    RoomElsewhere,
    RoomError,
    SeatState,
    ServerConfig,
    clean_name,
    default_bot,
    hash_token,
    usable_bots,
)
from tricktable.server.loading import Loaded, rebuild, start_game, summarise
from tricktable.server.protocol import JSON
from tricktable.server.ratings import room_settings, tally_room
from tricktable.server.rooms import Room, log
from tricktable.server.takeback import took_back
from tricktable.store import (
    STATUSES,
    RoomHeld,
    RoomInfo,
    SeatInfo,
    Store,
    StoredAction,
    node_id,
)

if TYPE_CHECKING:
    from tricktable.server.router import Router

T = TypeVar("T")


class JobStopped(RuntimeError):
    """A long job stopped because its process is closing (it is left to start again)."""


@dataclass
class SeatRequest:
    """One seat of a new room: ``human`` (bot: its stand-in) or ``bot``."""

    kind: str = "human"
    bot: str | None = None


class Rooms:
    """Every room: created, loaded from the store on first use, unloaded when idle."""

    def __init__(self, store: Store, config: ServerConfig) -> None:
        self.store = store
        self.config = config
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self.bot_pool = ThreadPoolExecutor(max(1, config.bot_workers), "tricktable-bot")
        # long jobs (tournaments, analyses) one at a time, never in the rooms' bot threads
        self.job_pool = ThreadPoolExecutor(1, "tricktable-job")
        self.closing = threading.Event()  # set on close: a long job stops at its next step
        sqlite = getattr(store, "url", "").startswith("sqlite")
        self.store_pool = ThreadPoolExecutor(1 if sqlite else 4, "tricktable-store")
        self._sweeper: asyncio.Task[None] | None = None
        self._renewer: asyncio.Task[None] | None = None
        self.node = node_id()  # this process, as the holder of its rooms' leases
        # a database's commits in the store's threads: a commit that waits (a WAL
        # checkpoint's fsync, another connection's write lock) stops no other room; it
        # took up to 0.9 s on the loop under load (docs/server.md); the memory store's
        # (tests, --db memory) on the loop: it never waits
        self.commits = GroupCommit(store, self.in_store if hasattr(store, "url") else run_here)
        self.stopping: set[asyncio.Task[None]] = set()
        self.router: Router | None = None  # with --redis: the link to the other processes
        self.bot_seconds: dict[str, float] = {}  # each bot's decision time, on average

    async def in_store(self, function: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call in the store's threads."""
        return await asyncio.get_running_loop().run_in_executor(self.store_pool, function, *args)

    async def in_bots(self, function: Callable[..., T], *args: Any) -> T:
        """Run a bot's thinking in the bot threads."""
        return await asyncio.get_running_loop().run_in_executor(self.bot_pool, function, *args)

    def check_closing(self) -> None:
        """Raise JobStopped once the process is closing (a long job's steps call it)."""
        if self.closing.is_set():
            raise JobStopped("the server is stopping")

    async def in_jobs(self, function: Callable[..., T], *args: Any) -> T:
        """Run a long job (a tournament, an analysis) in the job thread, after those before."""
        return await asyncio.get_running_loop().run_in_executor(self.job_pool, function, *args)

    def start(self) -> None:
        """Start the idle sweeper and the lease renewer (call from the running loop)."""
        loop = asyncio.get_running_loop()
        self.commits.start()
        self._sweeper = loop.create_task(self._sweep())
        self._renewer = loop.create_task(self._renew())

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, max(0.2, self.config.idle_unload / 4,
                                              self.config.waiting_expiry / 4)))
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping idle rooms failed")

    async def sweep(self) -> None:
        """Unload rooms idle past ``idle_unload``; delete rooms that waited, unwatched,
        past ``waiting_expiry`` (here or in any process)."""
        now = time.monotonic()
        for room_id, room in list(self.rooms.items()):
            if (not room.clients and not room.tasks and room.queue.empty()
                    and now - room.idle_since > self.config.idle_unload):
                del self.rooms[room_id]
                await room.stop()
                await self.in_store(self.store.release, self.node, room_id)
        watched = [room_id for room_id, room in self.rooms.items() if room.clients]
        before = time.time() - self.config.waiting_expiry
        gone = await self.in_store(self.store.expire_waiting, before, watched, self.node)
        for room_id in gone:
            gone_room = self.rooms.pop(room_id, None)
            if gone_room is not None:
                await gone_room.stop()
        if gone:
            log.info("deleted %d rooms that waited for players over %.0f s", len(gone),
                     self.config.waiting_expiry)
        for room_id in await self.in_store(self.store.ledger.pending):  # missed tallies
            await self.in_store(tally_room, self.store, room_id)

    def tally_soon(self, room_id: str) -> None:
        """Write a room that just finished into the results and ratings, in the background."""
        async def tally() -> None:
            try:
                await self.in_store(tally_room, self.store, room_id)
            except Exception:  # the sweeper tries again
                log.exception("room %s: its results could not be tallied", room_id)

        task = asyncio.get_running_loop().create_task(tally())
        self.stopping.add(task)
        task.add_done_callback(self.stopping.discard)

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.config.lease_seconds / 3)
            try:
                await self.in_store(self.store.renew, self.node, self.config.lease_seconds)
            except Exception:
                log.exception("renewing the rooms' leases failed")

    def forget(self, room: Room) -> None:
        """Unload a room that lost its lease (called from its actor)."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        task = asyncio.get_running_loop().create_task(room.stop())
        self.stopping.add(task)
        task.add_done_callback(self.stopping.discard)

    async def close(self) -> None:
        """Stop every room, give up their leases and stop the thread pools."""
        self.closing.set()
        for task in (self._sweeper, self._renewer):
            if task is not None:
                task.cancel()
        for room in list(self.rooms.values()):
            await room.stop()
        self.rooms.clear()
        await self.commits.close()
        try:
            await self.in_store(self.store.release, self.node)
        except Exception:
            log.exception("releasing the rooms' leases failed")
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.job_pool.shutdown(wait=False, cancel_futures=True)
        self.store_pool.shutdown(wait=True)

    def claim_sync(self, room_id: str) -> int | None:
        """Take the room's lease for this process (blocking); its fence, or None if no room.

        Raises RoomElsewhere while another live process holds it.
        """
        try:
            return self.store.claim(room_id, self.node, self.config.lease_seconds)
        except RoomHeld as held:
            raise RoomElsewhere(held) from None

    async def create(self, game: str, name: str | None, players: int | None = None,
                     options: JSON | None = None, seats: Sequence[SeatRequest] | None = None,
                     seat: int | None = None, seed: int | None = None,
                     player: str | None = None, settings: JSON | None = None
                     ) -> tuple[Room, int | None, str | None]:
        """A new room; the creator takes ``seat`` (default: the first human seat).

        A ``seed`` chosen by the creator deals every hidden card, so such a
        room has no human seat but the creator's: bots play every other one
        (as in an imported game). Returns the room, the creator's seat and its
        token (None, None when every seat is a bot: the creator watches). ``player``: the
        creator's player id; ``settings``: the room's own (:func:`room_settings`).
        """
        try:
            first = tricktable.new_game(game, seed=seed, options=options, players=players)
        except OptionError as error:
            raise RoomError(str(error)) from None
        count = first.players
        requests = list(seats) if seats is not None else (
            [SeatRequest("human")] + [SeatRequest("bot")] * (count - 1))
        if seed is not None and sum(r.kind == "human" for r in requests) > 1:
            raise RoomError(CHOSEN_SEED)
        infos, seat, token = seat_infos(first, requests, seat, name, player)
        info = new_room(first, infos)
        info.settings = settings if settings is not None else room_settings(seed)
        await self.in_store(self.store.create_room, info)
        fence = await self.in_store(self.claim_sync, info.id)
        return self._open(info, first, fence), seat, token

    async def import_record(self, record: JSON, name: str | None, seat: int | None
                            ) -> tuple[JSON, int | None, str | None]:
        """Store a checked record as a room (see :func:`imported`).

        A finished game goes to the history, its seats named ``imported``. An
        unfinished one becomes a room that plays on, the importer (``name``) at
        ``seat`` (default 0) and bots at every other seat: the record's seed
        holds every hidden card, so no other person may sit with its holder.
        Returns the room's public summary, the importer's seat and token (None,
        None for a finished game).
        """
        game, actions = await asyncio.get_running_loop().run_in_executor(
            None, imported, record)
        token: str | None = None
        if game.is_over:
            infos = [SeatInfo("human", default_bot(game.name), IMPORTED)
                     for _ in range(game.players)]
            seat = None
        else:
            seat = 0 if seat is None else seat
            if not 0 <= seat < game.players:
                raise RoomError(f"seat {seat} is not a seat of this game (0 to "
                                f"{game.players - 1})")
            requests = [SeatRequest("human" if s == seat else "bot")
                        for s in range(game.players)]
            infos, seat, token = seat_infos(game, requests, seat, name)
        info = new_room(game, infos, len(actions))
        info.settings = room_settings(None, rated=False)  # whoever imports it knew the seed
        await self.in_store(self.store.create_room, info, actions)
        if game.is_over:
            return stored_public(info), None, None
        fence = await self.in_store(self.claim_sync, info.id)
        return self._open(info, game, fence).public(), seat, token

    def _open(self, info: RoomInfo, game: GameState, fence: int | None) -> Room:
        """Start the actor of a room just stored, its game at ``info.version``."""
        room = Room(Loaded(info, game, fence=fence), self)
        self.rooms[info.id] = room
        return room

    def load_sync(self, room_id: str) -> Loaded | None:
        """Take the room's lease, read it from the store and replay it (blocking)."""
        fence = self.claim_sync(room_id)
        if fence is None:
            return None
        found = self.store.load(room_id)
        if found is None:
            return None
        info, actions = found
        loaded = rebuild(info, actions)
        loaded.fence = fence
        return loaded

    async def load_loaded(self, room_id: str) -> Loaded | None:
        """Read and replay a room in a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(None, self.load_sync, room_id)

    async def get(self, room_id: str) -> Room | None:
        """The live room, loaded from the store if needed; None if there is none."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        try:
            loaded = await self.load_loaded(room_id)
            room = Room(loaded, self) if loaded is not None else None
            if room is not None:
                self.rooms[room_id] = room
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: no "never retrieved" warning
            raise
        finally:
            del self._loading[room_id]

    async def listing(self, statuses: Sequence[str] = STATUSES, limit: int = 100) -> list[JSON]:
        """Rooms for the lobby or the history, newest first, live ones as they are now.

        An unfinished room that nobody is in here and where nothing happened for
        ``open_list_idle`` seconds is left out: it expires from the lobby's open list,
        and its players find it again through the seats their browsers hold.
        """
        infos = await self.in_store(self.store.list_rooms, statuses, limit)
        listed = []
        quiet_since = time.time() - self.config.open_list_idle
        for info in infos:
            if info.settings.get("tournament"):  # shown on its tournament's page only
                continue
            room = self.rooms.get(info.id)
            watched = room is not None and bool(room.clients)
            if info.status != "finished" and not watched and info.updated < quiet_since:
                continue
            listed.append(room.public() if room is not None else stored_public(info))
        return listed


async def run_here(function: Callable[..., T], *args: Any) -> T:
    """Run a (short) blocking call on the event loop itself."""
    return function(*args)


def new_room(game: GameState, seats: list[SeatInfo], version: int = 0) -> RoomInfo:
    """A new room's info: ``game`` after its first ``version`` actions, and its seats.

    It waits until every seat is taken, then plays (or is finished, if the game is over).
    """
    info = RoomInfo(id=secrets.token_urlsafe(6), game=game.name, players=game.players,
                    options=game.record()["options"], seed=game.seed, seats=seats,
                    version=version)
    info.status = "playing" if all(s.taken for s in seats) else "waiting"
    summarise(info, game)
    return info


def seat_infos(game: GameState, requests: Sequence[SeatRequest], seat: int | None,
               name: str | None, player: str | None = None
               ) -> tuple[list[SeatInfo], int | None, str | None]:
    """A new room's seats; the creator, ``name`` (``player``: their id), takes ``seat``
    (default: the first human one).

    Returns the seats, the creator's seat and its token (None, None when every seat is a
    bot: the creator watches).
    """
    count = game.players
    if len(requests) != count:
        raise RoomError(f"{game.title} with {count} players needs {count} seats, "
                        f"not {len(requests)}")
    usable = usable_bots(game.name)
    fill = default_bot(game.name)
    infos: list[SeatInfo] = []
    for index, request in enumerate(requests):
        if request.kind not in ("human", "bot"):
            raise RoomError(f"seat {index}: a seat is 'human' or 'bot'")
        bot = request.bot or fill
        if bot not in usable:
            known = ", ".join(usable)
            raise RoomError(f"seat {index}: no bot {bot!r} for {game.title}; bots: {known}")
        infos.append(SeatInfo(request.kind, bot))
    humans = [i for i, info in enumerate(infos) if info.kind == "human"]
    if not humans:
        return infos, None, None
    if seat is None:
        seat = humans[0]
    if seat not in humans:
        raise RoomError(f"seat {seat} is not a human seat")
    if name is None:
        raise RoomError("give your name to take a seat")
    token = secrets.token_urlsafe(24)
    infos[seat].name, infos[seat].token_hash = clean_name(name), hash_token(token)
    infos[seat].player = player
    return infos, seat, token


IMPORTED = "imported"  # the name of every seat of an imported finished game, and its actor
MAX_SEED = 2**63  # the store keeps seeds in a signed 64-bit column
MAX_IMPORT_ACTIONS = 5000  # a whole game to the largest targets plays about 3,000
MAX_IMPORT_HANDS = 100  # finished hands in an imported record


def read_import(body: bytes) -> JSON:
    """An uploaded record, checked (``parse_record``), after a cheap look at what the web
    app cannot keep: more than MAX_IMPORT_ACTIONS actions, an explicit deal or a seed out
    of the store's range are refused before the record is replayed.

    >>> read_import(b'{"actions": [' + b'"pass",' * 5000 + b'"pass"]}')
    Traceback (most recent call last):
    ...
    tricktable.records.RecordError: record.actions: the web app imports at most 5000 \
actions, not 5001
    """
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        data = None  # parse_record says what is wrong
    data = data if isinstance(data, dict) else {}
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_IMPORT_ACTIONS:
        raise RecordError(f"record.actions: the web app imports at most {MAX_IMPORT_ACTIONS} "
                          f"actions, not {len(actions)}")
    if data.get("deal") is not None:
        raise RecordError("record.deal: the web app imports games dealt from their seed, "
                          "not explicit hands")
    seed = data.get("seed")
    if isinstance(seed, int) and not 0 <= seed < MAX_SEED:  # before its actions are replayed
        raise RecordError(f"record.seed: the web app keeps seeds from 0 to {MAX_SEED - 1}")
    return parse_record(body)


def imported(record: JSON) -> tuple[GameState, list[StoredAction]]:
    """A checked record's game and its actions as stored (who acted: ``imported``).

    The record must already have been checked by :func:`read_import`.
    """
    game = tricktable.replay(record, upto=0)
    actions: list[StoredAction] = []
    for version, text in enumerate(record["actions"], start=1):
        seat = game.to_move
        assert seat is not None, "a checked record has no action after the end"
        action = game.check(text)
        game.apply(action)
        if len(game.results) > MAX_IMPORT_HANDS:
            raise RecordError(f"record.actions: the web app imports at most "
                              f"{MAX_IMPORT_HANDS} hands; action {version} ends hand "
                              f"{len(game.results)}")
        actions.append(StoredAction(version, seat, action.text, IMPORTED))
    return game, actions


def stored_public(info: RoomInfo) -> JSON:
    """A stored room's public summary (not loaded: nobody is connected)."""
    try:
        game = start_game(info)
    except (OptionError, ValueError):  # a game no longer registered, or changed options
        title, labels, sides = info.game, [str(s) for s in range(info.players)], None
    else:
        title, sides = game.title, game.sides
        labels = [game.seat_name(s) for s in range(info.players)]
    return {
        "id": info.id, "game": info.game, "title": title, "players": info.players,
        "options": info.options, "status": info.status, "version": info.version,
        "hands": info.hands, "scores": info.scores, "winner": info.winner, "sides": sides,
        "took_back": took_back(info), "tournament": info.settings.get("tournament"),
        "seats": [SeatState(seat).public(labels[s]) for s, seat in enumerate(info.seats)],
        "watchers": 0, "created": info.created, "updated": info.updated,
    }
