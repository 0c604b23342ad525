"""A websocket connection: its bounded outbox, its rate limit, and the loop that hands
its messages to a room (here, or one another process serves).

:func:`serve_socket` reads a connection until it closes; :class:`WsClient` is the
room's handle on it (frames queued and sent by one task, the connection closed with
1013 once it falls :data:`~tricktable.server.common.OUTBOX_LIMIT` frames behind).

>>> client = WsClient(websocket=None, rate=1.0, burst=2)  # type: ignore[arg-type]
>>> [client.allow() for _ in range(3)]  # a burst of two, then one a second
[True, True, False]
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from tricktable.server import protocol
from tricktable.server.common import HELLO_FIRST, OUTBOX_LIMIT, Client, ServerConfig
from tricktable.server.protocol import Hello, Message, ProtocolError


class WsClient(Client):
    """A websocket connection: frames go through a bounded outbox and a sender task."""

    def __init__(self, websocket: WebSocket, rate: float, burst: int) -> None:
        super().__init__()
        self.websocket = websocket
        self.outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(OUTBOX_LIMIT + 1)
        self.rate, self.burst = rate, float(burst)
        self.tokens = self.burst
        self.last = time.monotonic()

    def deliver(self, text: str) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
        else:
            self.outbox.put_nowait(text)

    def close(self) -> None:
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait((1013, "too far behind: reconnect"))

    def end(self, code: int, reason: str) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
        else:
            self.outbox.put_nowait((code, reason))

    def allow(self) -> bool:
        """Token bucket: may this connection send one more message now?"""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def pump(self) -> None:
        """Send queued frames until the connection closes."""
        while True:
            text = await self.outbox.get()
            if isinstance(text, tuple):
                await self.websocket.close(code=text[0], reason=text[1])
                return
            await self.websocket.send_text(text)


class SocketTarget(Protocol):
    """What a connection talks to: a room here, or a room another process serves."""

    config: ServerConfig

    @property
    def version(self) -> int | None:
        """The room's version, for error frames (None if not known here)."""
        ...

    def attach(self, client: Client, hello: Hello) -> None:
        """The client said hello."""
        ...

    def receive(self, client: Client, message: Message) -> None:
        """The client sent a message."""
        ...

    def leave(self, client: Client) -> None:
        """The connection closed."""
        ...


async def serve_socket(websocket: WebSocket, room: SocketTarget) -> None:
    """Read a connection's messages and hand them to its room until it closes."""
    client = WsClient(websocket, room.config.rate, room.config.burst)
    sender = asyncio.get_running_loop().create_task(client.pump())
    said_hello = False  # client.attached turns true later, when the room handles the hello
    try:
        while True:
            if said_hello:
                message = await websocket.receive()
            else:
                try:
                    message = await asyncio.wait_for(websocket.receive(),
                                                     room.config.hello_timeout)
                except TimeoutError:
                    await websocket.close(code=1008, reason="say hello first")
                    return
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                if not client.allow():
                    raise ProtocolError("slow_down", "too many messages: wait a moment")
                parsed = protocol.parse_message(raw)
                if isinstance(parsed, Hello):
                    said_hello = True
                    room.attach(client, parsed)
                elif not said_hello:
                    raise ProtocolError("hello_first", HELLO_FIRST)
                else:
                    room.receive(client, parsed)
            except ProtocolError as error:
                client.send(protocol.error_frame(error.code, str(error), room.version))
    except WebSocketDisconnect:
        return
    finally:
        room.leave(client)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
