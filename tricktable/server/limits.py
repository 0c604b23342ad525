"""Limits of the web app: request body sizes and how fast rooms may be created.

``BodyLimit`` counts a request's body while it streams in, so a body sent
without its length (``Transfer-Encoding: chunked``) is stopped at the limit
too, and nothing past it is read. ``RoomRate`` is a token bucket per client
address plus one shared by all of them.

>>> rate = RoomRate(per_minute=2, burst=2, all_per_minute=100, clock=lambda: 0.0)
>>> rate.take("1.2.3.4"), rate.take("1.2.3.4"), rate.take("1.2.3.4") is not None
(None, None, True)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, NamedTuple

from fastapi import HTTPException

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyTooLarge(HTTPException):
    """A request body went past its limit while it was read (an HTTP 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"a request body may be at most {limit} bytes")
        self.limit = limit


class BodyLimit:
    """ASGI middleware: refuse (413) a body over ``limit(path)`` bytes, read or announced.

    A declared Content-Length over the limit is refused before reading; otherwise the
    body is counted as it arrives and the request fails with 413 at the first byte past
    the limit (the route sees :class:`BodyTooLarge`, an error the app answers with 413).
    """

    def __init__(self, app: ASGIApp, limit: Callable[[str], int]) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope.get("path", ""))
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await too_large(send, limit)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await too_large(send, limit)


async def too_large(send: Send, limit: int) -> None:
    """Answer 413 naming the limit."""
    body = json.dumps({"error": f"a request body may be at most {limit} bytes"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``size``."""

    def __init__(self, rate: float, size: float, now: float) -> None:
        self.rate, self.size, self.tokens, self.last = rate, size, size, now

    def take(self, now: float) -> float | None:
        """Take a token; None if done, else the seconds until one is there."""
        self.tokens = min(self.size, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return None
        return (1 - self.tokens) / self.rate if self.rate > 0 else math.inf


class Refusal(NamedTuple):
    """Why a new room is refused, and the whole seconds until one may be made."""

    message: str
    seconds: int


class RoomRate:
    """How many rooms clients may create: per address a minute, and all together."""

    MAX_ADDRESSES = 10_000  # buckets kept; the oldest full ones go first

    def __init__(self, per_minute: float, burst: int, all_per_minute: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute, self.burst, self.all_per_minute = per_minute, burst, all_per_minute
        self.clock = clock
        self.buckets: dict[str, Bucket] = {}
        self.everyone = Bucket(all_per_minute / 60, max(1.0, all_per_minute / 6), clock())

    def take(self, address: str) -> Refusal | None:
        """Count one new room from ``address``; None if allowed, else why not."""
        now = self.clock()
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.MAX_ADDRESSES:
                self._forget_full(now)
            bucket = self.buckets[address] = Bucket(self.per_minute / 60, self.burst, now)
        wait = bucket.take(now)
        if wait is not None:
            return Refusal(f"too many new rooms from your address: at most {self.per_minute:g} "
                           f"a minute (after {self.burst} at once); try again in "
                           f"{_seconds(wait)} s", _seconds(wait))
        wait = self.everyone.take(now)
        if wait is not None:
            bucket.tokens = min(bucket.size, bucket.tokens + 1)  # not this client's fault
            return Refusal(f"too many new rooms on this server: at most "
                           f"{self.all_per_minute:g} a minute; try again in {_seconds(wait)} s",
                           _seconds(wait))
        return None

    def give_back(self, address: str) -> None:
        """Uncount a room counted for ``address``: its request was refused, nothing made."""
        bucket = self.buckets.get(address)
        if bucket is not None:
            bucket.tokens = min(bucket.size, bucket.tokens + 1)
        self.everyone.tokens = min(self.everyone.size, self.everyone.tokens + 1)

    def _forget_full(self, now: float) -> None:
        for address, bucket in list(self.buckets.items()):
            if bucket.tokens + (now - bucket.last) * bucket.rate >= bucket.size:
                del self.buckets[address]
        while len(self.buckets) >= self.MAX_ADDRESSES:
            del self.buckets[next(iter(self.buckets))]


def _seconds(wait: float) -> int:
    """Whole seconds to wait (a day at most: a rate of 0 makes no room ever)."""
    return min(math.ceil(wait), 86_400)
