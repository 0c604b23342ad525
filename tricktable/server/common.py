"""What the rooms, the app and the router share: the server's settings, its errors,
a connection (:class:`Client`) and a seat at run time."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from tricktable import Action
from tricktable.bots import BOT_NAMES, make_bot
from tricktable.server import protocol
from tricktable.server.protocol import JSON
from tricktable.store import LEASE_SECONDS, RoomHeld, SeatInfo

MAX_NAME_CHARS = 40
CHOSEN_SEED = ("a deal number chosen by the room's creator deals every hidden card, so the "
               "creator could know everyone's cards: with a deal number only bots may sit "
               "with you (make the other seats bots, or leave the deal number empty to play "
               "with other people)")
HELLO_FIRST = "say hello first (with your seat token, or none to watch)"
NO_SPECTATORS = ("a tournament's table has no spectators: its deal is played at other tables "
                 "too (its replay is on the tournament's page once the tournament is over)")
NO_HINTS = "no hints in a tournament: every table plays the deal on its own"
MOVED_CLOSE = 4409  # the websocket close code of a room another process serves
OUTBOX_LIMIT = 1000  # frames queued for one client before it is dropped (it resyncs)


@dataclass
class ServerConfig:
    """How the server behaves; the command line sets it."""

    db: str | None = None  # database URL or path; None: SQLite in the data folder; "memory"
    bot_delay: float = 0.8  # seconds a bot waits before it acts, so people can follow
    away_timeout: float = 60.0  # seconds before a bot plays for a human who left
    hello_timeout: float = 10.0  # seconds a new connection has to say hello
    bot_workers: int = 2  # threads bots think in
    idle_unload: float = 600.0  # seconds an unwatched room stays in memory
    allowed_hosts: list[str] | None = None  # Host headers accepted (None: loopback names)
    rate: float = 50.0  # messages per second a connection may send on average
    burst: int = 200  # and at once
    lease_seconds: float = LEASE_SECONDS  # a room's lease, renewed every third of it
    rooms_per_minute: float = 20.0  # rooms one address may create (or import) a minute
    rooms_burst: int = 20  # and at once
    all_rooms_per_minute: float = 600.0  # rooms all addresses together may create a minute
    waiting_expiry: float = 3600.0  # seconds a room may wait for players, unwatched
    open_list_idle: float = 300.0  # seconds an unfinished room nobody is in stays in the lobby
    redis: str | None = None  # Redis URL: several processes share rooms through it
    warm_solver: bool = False  # load the compiled solver at start, in the background
    settle_heap: bool = False  # tune garbage collection, freeze the start-up heap (heap.py)


class RoomError(ValueError):
    """A request about a room that cannot be done (the message says why)."""


class RoomElsewhere(RoomError):
    """The room is served by another process (it holds the room's lease)."""

    def __init__(self, held: RoomHeld) -> None:
        super().__init__(f"{held}; this process cannot serve it now (run several processes "
                         "with --redis, or use the one that serves it)")
        self.holder = held.holder


def hash_token(token: str) -> str:
    """What the store keeps of a seat token.

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(name: str) -> str:
    """A player's name: printable, single-spaced, at most MAX_NAME_CHARS characters.

    >>> clean_name("  Ann\\n  Lee ")
    'Ann Lee'
    """
    text = " ".join("".join(c for c in name if c.isprintable()).split())[:MAX_NAME_CHARS]
    if not text:
        raise RoomError("a name needs at least one visible character")
    return text


def usable_bots(game: str) -> list[str]:
    """The bots that can play ``game`` (all of BOT_NAMES that make_bot accepts)."""
    names = []
    for name in BOT_NAMES:
        try:
            make_bot(name, game, 0)
        except ValueError:
            continue
        names.append(name)
    return names


def default_bot(game: str) -> str:
    """The bot that fills seats unless a room asks for another: ``heuristic``, which
    answers at once (``strong`` thinks up to half a second a move, and is a choice)."""
    return "heuristic" if "heuristic" in usable_bots(game) else "random"


class Client:
    """One connection to a room; the transport supplies :meth:`deliver`."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.attached = False
        self.log_sent = 0  # log entries already sent
        self.sent_frames = 0

    def deliver(self, text: str) -> None:
        """Queue one frame's text for sending; must not block."""
        raise NotImplementedError

    def close(self) -> None:
        """Drop the connection (its outbox overflowed)."""

    def end(self, code: int, reason: str) -> None:
        """Close the connection after the frames queued (websocket ``code``)."""
        self.close()

    def send(self, frame: JSON) -> None:
        """Queue a frame."""
        self.sent_frames += 1
        self.deliver(protocol.dumps(frame))


@dataclass
class SeatState:
    """A seat at run time: its stored info plus who is connected now."""

    info: SeatInfo
    connections: int = 0
    away_since: float | None = None  # loop time the last connection of a human closed
    replaced: bool = False  # a bot plays for the absent human

    def public(self, game_seat_name: str, away_timeout: float | None = None) -> JSON:
        """What every client may know of the seat; ``away_in``: the seconds left before a
        bot plays for a human who left (None when no such clock runs)."""
        away_in = None
        if (away_timeout is not None and self.away_since is not None and not self.replaced
                and self.info.kind == "human" and self.info.taken):
            away_in = round(max(0.0, away_timeout - (time.monotonic() - self.away_since)), 1)
        return {"label": game_seat_name, "name": self.info.name, "player": self.info.player,
                "kind": self.info.kind, "bot": self.info.bot, "taken": self.info.taken,
                "connected": self.connections > 0, "away": self.replaced, "away_in": away_in}


QUICK_BOT_SECONDS = 0.002
"""A bot whose decisions take less than this on average thinks on the event loop."""


def timed(choice: Callable[[], Action]) -> tuple[Action, float]:
    """The bot's choice and the seconds it took."""
    started = time.perf_counter()
    action = choice()
    return action, time.perf_counter() - started


class Body(BaseModel):
    """A request body: a field it does not know is refused by name, never ignored (a
    misspelt ``option`` would otherwise start a game with the defaults), and a value of
    another type is refused, never converted (``"deals": true`` is not one deal).

    >>> class Demo(Body):
    ...     name: str
    >>> from pydantic import ValidationError
    >>> try:
    ...     Demo.model_validate({"name": "Ann", "nmae": "Bo"})
    ... except ValidationError as error:
    ...     print(error.errors()[0]["loc"], error.errors()[0]["msg"])
    ('nmae',) Extra inputs are not permitted
    """

    model_config = ConfigDict(extra="forbid", strict=True)
