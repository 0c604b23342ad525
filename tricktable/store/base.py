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
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

JSON = dict[str, Any]

STATUSES = ("waiting", "playing", "finished")
"""A room waits for its human seats to be taken, then plays, then is finished."""


class StoreError(RuntimeError):
    """The store could not do what was asked (the message says why)."""


class VersionConflict(StoreError):
    """An append whose version is not the room's next one."""


@dataclass
class SeatInfo:
    """One seat of a room: played by a human or a bot."""

    kind: str  # "human" or "bot"
    bot: str  # the bot that plays a bot seat, or stands in for an absent human
    name: str = ""  # the player's name ("" while a human seat is free)
    token_hash: str | None = None  # sha256 of the seat token once a human took it

    @property
    def taken(self) -> bool:
        """Whether the seat is played: a bot, or a human who joined."""
        return self.kind == "bot" or self.token_hash is not None

    def to_json(self) -> JSON:
        """The stored form (the token hash included: never send it to a client)."""
        return {"kind": self.kind, "bot": self.bot, "name": self.name,
                "token_hash": self.token_hash}

    @classmethod
    def from_json(cls, data: JSON) -> SeatInfo:
        """Read the stored form."""
        return cls(str(data["kind"]), str(data["bot"]), str(data.get("name", "")),
                   data.get("token_hash"))


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


@dataclass(frozen=True)
class StoredAction:
    """One accepted action: the room's version after it, who acted and how."""

    version: int
    seat: int
    text: str
    actor: str  # "human", or "bot:NAME" when a bot chose it
    at: float = field(default_factory=time.time)


def check_numbered(room: RoomInfo, actions: Sequence[StoredAction]) -> None:
    """Refuse a new room's actions unless they are numbered 1, 2, ... up to its version."""
    if [a.version for a in actions] != list(range(1, room.version + 1)):
        raise StoreError(f"room {room.id} at version {room.version} cannot start with "
                         f"{len(actions)} actions numbered otherwise")


class Store(Protocol):
    """Where rooms live. Methods block: call them from a worker thread."""

    def create_room(self, room: RoomInfo, actions: Sequence[StoredAction] = ()) -> None:
        """Add a new room with its actions so far (none, or an imported game's), at once.

        ``room.version`` must equal the number of actions, numbered from 1.
        """
        ...

    def save_seats(self, room: RoomInfo) -> None:
        """Write a room's seats and status (a player joined, the game started)."""
        ...

    def append(self, room: RoomInfo, action: StoredAction) -> None:
        """Store an action and the room's state after it, in one transaction.

        ``room.version`` must already equal ``action.version``, and the stored
        room must be at ``action.version - 1``; otherwise raise VersionConflict.
        """
        ...

    def load(self, room_id: str) -> tuple[RoomInfo, list[StoredAction]] | None:
        """A room and its actions in version order, or None."""
        ...

    def list_rooms(self, statuses: Sequence[str] = STATUSES, limit: int = 100) -> list[RoomInfo]:
        """Rooms with one of these statuses, the most recently updated first."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...


class MemoryStore:
    """A :class:`Store` in memory, for tests and throwaway servers."""

    def __init__(self) -> None:
        self._rooms: dict[str, RoomInfo] = {}
        self._actions: dict[str, list[StoredAction]] = {}
        self._lock = threading.Lock()

    def create_room(self, room: RoomInfo, actions: Sequence[StoredAction] = ()) -> None:
        check_numbered(room, actions)
        with self._lock:
            if room.id in self._rooms:
                raise StoreError(f"room {room.id} exists already")
            self._rooms[room.id] = copy.deepcopy(room)
            self._actions[room.id] = list(actions)

    def save_seats(self, room: RoomInfo) -> None:
        with self._lock:
            stored = self._get(room.id)
            stored.seats = copy.deepcopy(room.seats)
            stored.status = room.status
            stored.updated = time.time()

    def append(self, room: RoomInfo, action: StoredAction) -> None:
        with self._lock:
            stored = self._get(room.id)
            if stored.version != action.version - 1 or room.version != action.version:
                raise VersionConflict(f"room {room.id} is not at version {action.version - 1}")
            self._actions[room.id].append(action)
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

    def close(self) -> None:
        """Nothing to release."""

    def _get(self, room_id: str) -> RoomInfo:
        try:
            return self._rooms[room_id]
        except KeyError:
            raise StoreError(f"no room {room_id}") from None
