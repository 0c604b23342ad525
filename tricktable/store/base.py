"""The store interface: rooms and their accepted actions, versioned.

A room row holds what a lobby or a history page needs (game, seats, status,
scores) and its ``version``, the number of accepted actions; each accepted
action is an event row numbered by that version. :meth:`Store.append` writes
the event and the room's new state in one transaction and refuses a version
that is not the next one, so a restart replays exactly what clients saw.

>>> store = MemoryStore()
>>> room = RoomInfo(id="r1", game="rook", players=4, options={}, seed=7,
...                 seats=[SeatInfo("bot", "random") for _ in range(4)])
>>> store.create_room(room)
>>> room.version = 1
>>> store.append(room, StoredAction(version=1, seat=1, text="pass", actor="bot:random"))
>>> loaded, actions = store.load("r1")  # doctest: +ELLIPSIS
>>> loaded.version, [a.text for a in actions]
(1, ['pass'])
>>> store.append(room, StoredAction(version=1, seat=1, text="pass", actor="bot:random"))
Traceback (most recent call last):
...
tricktable.store.base.VersionConflict: room r1 is not at version 0
"""

from __future__ import annotations

import copy
import os
import secrets
import socket
import threading
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tricktable.store.ledger import Ledger, MemoryLedger

JSON = dict[str, Any]

STATUSES = ("waiting", "playing", "finished")
"""A room waits for its human seats to be taken, then plays, then is finished."""


class StoreError(RuntimeError):
    """The store could not do what was asked (the message says why)."""


class VersionConflict(StoreError):
    """An append whose version is not the room's next one."""


class LeaseLost(StoreError):
    """A write by a process that no longer holds the room's lease (its fence is old)."""


class RoomHeld(StoreError):
    """A room another live process serves: its lease is held and not expired."""

    def __init__(self, room_id: str, holder: str) -> None:
        super().__init__(f"room {room_id} is served by another tricktable process ({holder})")
        self.room_id, self.holder = room_id, holder


LEASE_SECONDS = 6.0
"""How long a room's lease lasts unless its holder renews it (every third of it)."""


def node_id() -> str:
    """A name for this process as a lease holder: ``host/pid/nonce``.

    >>> node_id().count("/")
    2
    """
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(3)}"


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine (one that has exited and waits
    for its parent to reap it, a zombie, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether process ``pid`` has exited but is not yet reaped (Linux's /proc; False
    where there is none)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[:1] == ["Z"]  # the state follows the name


def holder_gone(holder: str | None, until: float | None, now: float) -> bool:
    """Whether a lease may be taken: nobody holds it, it expired, or its holder is dead.

    A holder on this machine whose process is gone (killed, crashed) is dead at once,
    so a restarted server takes its rooms back without waiting for the lease to end.

    >>> holder_gone(None, None, 5.0), holder_gone("h/1/a", 4.0, 5.0)
    (True, True)
    >>> holder_gone(f"{socket.gethostname()}/{os.getpid()}/x", 9.0, 5.0)
    False
    """
    if holder is None or until is None or until <= now:
        return True
    host, _, rest = holder.partition("/")
    pid_text = rest.partition("/")[0]
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    return not pid_alive(int(pid_text))


@dataclass
class SeatInfo:
    """One seat of a room: played by a human or a bot."""

    kind: str  # "human" or "bot"
    bot: str  # the bot that plays a bot seat, or stands in for an absent human
    name: str = ""  # the player's name ("" while a human seat is free)
    token_hash: str | None = None  # sha256 of the seat token once a human took it
    player: str | None = None  # the id of the player (tricktable.store.ledger) who took it

    @property
    def taken(self) -> bool:
        """Whether the seat is played: a bot, or a human who joined."""
        return self.kind == "bot" or self.token_hash is not None

    def to_json(self) -> JSON:
        """The stored form (the token hash included: never send it to a client)."""
        return {"kind": self.kind, "bot": self.bot, "name": self.name,
                "token_hash": self.token_hash, "player": self.player}

    @classmethod
    def from_json(cls, data: JSON) -> SeatInfo:
        """Read the stored form."""
        return cls(str(data["kind"]), str(data["bot"]), str(data.get("name", "")),
                   data.get("token_hash"), data.get("player"))


@dataclass
class RoomInfo:
    """A room as stored: the game's setup, its seats and a summary of its state."""

    id: str
    game: str
    players: int
    options: JSON
    seed: int
    seats: list[SeatInfo]
    version: int = 0  # accepted actions so far
    status: str = "waiting"
    scores: list[int] = field(default_factory=list)
    winner: int | None = None
    to_move: int | None = None
    hands: int = 0  # finished hands
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    settings: JSON = field(default_factory=dict)  # the room's own: rated, chat (not the game's)


@dataclass(frozen=True)
class StoredAction:
    """One accepted action: the room's version after it, who acted and how."""

    version: int
    seat: int
    text: str
    actor: str  # "human", or "bot:NAME" when a bot chose it
    at: float = field(default_factory=time.time)


Append = tuple[RoomInfo, StoredAction, int | None]
"""One room's action to store: the room after it, the action, the fence (or None)."""


def check_numbered(room: RoomInfo, actions: Sequence[StoredAction]) -> None:
    """Refuse a new room's actions unless they are numbered 1, 2, ... up to its version."""
    if [a.version for a in actions] != list(range(1, room.version + 1)):
        raise StoreError(f"room {room.id} at version {room.version} cannot start with "
                         f"{len(actions)} actions numbered otherwise")


class Store(Protocol):
    """Where rooms live. Methods block: call them from a worker thread."""

    ledger: Ledger  # players, finished games' results and ratings

    def create_room(self, room: RoomInfo, actions: Sequence[StoredAction] = ()) -> None:
        """Add a new room with its actions so far (none, or an imported game's), at once.

        ``room.version`` must equal the number of actions, numbered from 1.
        """
        ...

    def save_seats(self, room: RoomInfo, fence: int | None = None) -> None:
        """Write a room's seats and status (a player joined, the game started).

        With a ``fence``, refuse (LeaseLost) unless the room's lease still has it.
        """
        ...

    def append(self, room: RoomInfo, action: StoredAction, fence: int | None = None) -> None:
        """Store an action and the room's state after it, in one transaction.

        ``room.version`` must already equal ``action.version``, and the stored
        room must be at ``action.version - 1``; otherwise raise VersionConflict.
        With a ``fence``, refuse (LeaseLost) unless the room's lease still has it.
        """
        ...

    def take_back(self, room: RoomInfo, fence: int | None = None) -> None:
        """Cut the room's actions back to ``room.version`` and store its state, in one
        transaction: the actions after it are deleted, and the room's ``settings`` (which a
        take back marks) are written.

        Refuses (StoreError) a ``room.version`` above the stored one; with a
        ``fence``, refuses (LeaseLost) unless the room's lease still has it.
        """
        ...

    def append_many(self, items: Sequence[Append]) -> list[StoreError | None]:
        """Store many rooms' actions in one transaction (a group commit).

        Each item is checked as :meth:`append` checks it; the result at its
        index is None (stored) or the error that refused it (nothing of it
        stored). The others are stored all the same. At most one item a room.
        """
        ...

    def claim(self, room_id: str, holder: str, ttl: float = LEASE_SECONDS) -> int | None:
        """Take or renew the room's lease for ``holder``; returns its fence.

        The fence grows by one each time the lease changes hands, and every
        fenced write checks it. Raises RoomHeld while another live holder has
        it (see :func:`holder_gone`); None when there is no such room.
        """
        ...

    def lease(self, room_id: str) -> tuple[str | None, float | None, int] | None:
        """The room's lease: its holder, until when, and its fence; None if no room."""
        ...

    def renew(self, holder: str, ttl: float = LEASE_SECONDS) -> None:
        """Extend every lease ``holder`` has by ``ttl`` seconds from now."""
        ...

    def release(self, holder: str, room_id: str | None = None) -> None:
        """Give up ``holder``'s lease of one room, or of all its rooms."""
        ...

    def load(self, room_id: str) -> tuple[RoomInfo, list[StoredAction]] | None:
        """A room and its actions in version order, or None."""
        ...

    def list_rooms(self, statuses: Sequence[str] = STATUSES, limit: int = 100) -> list[RoomInfo]:
        """Rooms with one of these statuses, the most recently updated first."""
        ...

    def expire_waiting(self, before: float, keep: Collection[str] = (),
                       holder: str | None = None) -> list[str]:
        """Delete waiting rooms unchanged since ``before``; returns their ids.

        Rooms in ``keep`` stay, and so do rooms leased to a live process but ``holder``.
        """
        ...

    def close(self) -> None:
        """Release connections."""
        ...


class MemoryStore:
    """A :class:`Store` in memory, for tests and throwaway servers."""

    def __init__(self) -> None:
        self._rooms: dict[str, RoomInfo] = {}
        self._actions: dict[str, list[StoredAction]] = {}
        self._leases: dict[str, tuple[str | None, float | None, int]] = {}  # holder, until, fence
        self._lock = threading.Lock()
        self.ledger: Ledger = MemoryLedger(self)

    def create_room(self, room: RoomInfo, actions: Sequence[StoredAction] = ()) -> None:
        check_numbered(room, actions)
        with self._lock:
            if room.id in self._rooms:
                raise StoreError(f"room {room.id} exists already")
            self._rooms[room.id] = copy.deepcopy(room)
            self._actions[room.id] = list(actions)
            self._leases[room.id] = (None, None, 0)

    def save_seats(self, room: RoomInfo, fence: int | None = None) -> None:
        with self._lock:
            stored = self._get(room.id)
            self._check_fence(room.id, fence)
            stored.seats = copy.deepcopy(room.seats)
            stored.status = room.status
            stored.updated = time.time()

    def append(self, room: RoomInfo, action: StoredAction, fence: int | None = None) -> None:
        with self._lock:
            stored = self._get(room.id)
            self._check_fence(room.id, fence)
            if stored.version != action.version - 1 or room.version != action.version:
                raise VersionConflict(f"room {room.id} is not at version {action.version - 1}")
            self._actions[room.id].append(action)
            self._rooms[room.id] = copy.deepcopy(room)

    def take_back(self, room: RoomInfo, fence: int | None = None) -> None:
        with self._lock:
            stored = self._get(room.id)
            self._check_fence(room.id, fence)
            if not 0 <= room.version <= stored.version:
                raise StoreError(f"room {room.id} is at version {stored.version}: it cannot "
                                 f"be taken back to {room.version}")
            del self._actions[room.id][room.version:]
            self._rooms[room.id] = copy.deepcopy(room)

    def load(self, room_id: str) -> tuple[RoomInfo, list[StoredAction]] | None:
        with self._lock:
            if room_id not in self._rooms:
                return None
            return copy.deepcopy(self._rooms[room_id]), list(self._actions[room_id])

    def list_rooms(self, statuses: Sequence[str] = STATUSES, limit: int = 100) -> list[RoomInfo]:
        with self._lock:
            rooms = [r for r in self._rooms.values() if r.status in statuses]
            rooms.sort(key=lambda r: r.updated, reverse=True)
            return copy.deepcopy(rooms[:limit])

    def append_many(self, items: Sequence[Append]) -> list[StoreError | None]:
        results: list[StoreError | None] = []
        for room, action, fence in items:
            try:
                self.append(room, action, fence)
            except StoreError as error:
                results.append(error)
            else:
                results.append(None)
        return results

    def claim(self, room_id: str, holder: str, ttl: float = LEASE_SECONDS) -> int | None:
        with self._lock:
            if room_id not in self._rooms:
                return None
            now = time.time()
            owner, until, fence = self._leases[room_id]
            if owner != holder:
                if not holder_gone(owner, until, now):
                    raise RoomHeld(room_id, str(owner))
                fence += 1
            self._leases[room_id] = (holder, now + ttl, fence)
            return fence

    def lease(self, room_id: str) -> tuple[str | None, float | None, int] | None:
        with self._lock:
            return self._leases.get(room_id)

    def renew(self, holder: str, ttl: float = LEASE_SECONDS) -> None:
        with self._lock:
            until = time.time() + ttl
            for room_id, (owner, _until, fence) in self._leases.items():
                if owner == holder:
                    self._leases[room_id] = (owner, until, fence)

    def release(self, holder: str, room_id: str | None = None) -> None:
        with self._lock:
            for key, (owner, _until, fence) in self._leases.items():
                if owner == holder and room_id in (None, key):
                    self._leases[key] = (None, None, fence)

    def expire_waiting(self, before: float, keep: Collection[str] = (),
                       holder: str | None = None) -> list[str]:
        with self._lock:
            now = time.time()
            gone = [room.id for room in self._rooms.values()
                    if room.status == "waiting" and room.updated < before and room.id not in keep
                    and (self._leases[room.id][0] in (None, holder)
                         or holder_gone(*self._leases[room.id][:2], now))]
            for room_id in gone:
                del self._rooms[room_id], self._actions[room_id], self._leases[room_id]
            return gone

    def _check_fence(self, room_id: str, fence: int | None) -> None:
        if fence is not None and self._leases[room_id][2] != fence:
            raise LeaseLost(f"room {room_id}: this process lost its lease (fence {fence})")

    def close(self) -> None:
        """Nothing to release."""

    def _get(self, room_id: str) -> RoomInfo:
        try:
            return self._rooms[room_id]
        except KeyError:
            raise StoreError(f"no room {room_id}") from None
