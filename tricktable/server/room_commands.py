"""The commands a room's queue carries: everything that changes a room is one of these,
handled one at a time by :class:`~tricktable.server.rooms.Room`.

>>> Tick() == Tick(), BotMove(3, 1, "play R1", "bot:strong").seat
(True, 1)
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from tricktable.server.common import Client
from tricktable.server.protocol import Hello, Message


@dataclass
class Attach:
    """A connection said hello."""

    client: Client
    hello: Hello


@dataclass
class ToRoom:
    """A connection sent a message."""

    client: Client
    message: Message


@dataclass
class Leave:
    """A connection closed."""

    client: Client


@dataclass
class BotMove:
    """A bot's action, chosen at ``version`` for ``seat``."""

    version: int
    seat: int
    action: str
    actor: str


@dataclass
class Join:
    """Someone asks for a seat (``seat`` None: any free one); ``reply`` gets the seat
    and its token."""

    name: str
    seat: int | None
    reply: asyncio.Future[tuple[int, str]]
    player: str | None = None


@dataclass
class Tick:
    """Time to look for seats whose player has been away too long."""


@dataclass
class Stop:
    """The room closes."""


Command = Attach | ToRoom | Leave | BotMove | Join | Tick | Stop
