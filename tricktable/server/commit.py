"""Group commit: the actions of many rooms written in one transaction.

A room's actor hands its accepted action to :meth:`GroupCommit.append` and
waits; one writer task takes everything queued, stores it with
``Store.append_many`` in one transaction (in the store's thread), and then
answers each waiting room. While a transaction runs the next batch gathers,
so under load each commit carries many moves and when quiet a move waits for
no one. A move is sent to anyone only after its answer: once it is durable.

>>> from tricktable.store import MemoryStore, RoomInfo, SeatInfo, StoredAction
>>> store = MemoryStore()
>>> room = RoomInfo("r1", "rook", 4, {}, 7, [SeatInfo("bot", "random")] * 4)
>>> store.create_room(room)
>>> room.version = 1
>>> GroupCommit(store, run=None).write([(room, StoredAction(1, 1, "pass", "bot:random"), None)])
[None]
>>> store.load("r1")[0].version
1
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from tricktable.store import RoomInfo, Store, StoredAction, StoreError
from tricktable.store.base import Append

log = logging.getLogger("tricktable.server")

MAX_BATCH = 500  # actions in one transaction

Runner = Callable[..., Awaitable[Any]]
Pending = tuple[RoomInfo, StoredAction, int | None, "asyncio.Future[None]"]


class GroupCommit:
    """Writes the rooms' actions in batches, one transaction each."""

    def __init__(self, store: Store, run: Runner | None) -> None:
        self.store = store
        self.run = run  # runs a blocking store call in the store's threads
        self.pending: list[Pending] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.batches = 0
        self.written = 0

    def start(self) -> None:
        """Start the writer (call from the running loop)."""
        self.task = asyncio.get_running_loop().create_task(self._write_forever())

    async def append(self, room: RoomInfo, action: StoredAction, fence: int | None) -> None:
        """Store one action; returns once it is committed, or raises why it is not."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((room, action, fence, future))
        self.wake.set()
        await future

    async def close(self) -> None:
        """Write what is queued, then stop."""
        while self.pending:
            await self._write_batch()
        if self.task is not None:
            self.task.cancel()

    async def _write_forever(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.pending:
                await self._write_batch()

    async def _write_batch(self) -> None:
        batch, self.pending = self.pending[:MAX_BATCH], self.pending[MAX_BATCH:]
        items = [(room, action, fence) for room, action, fence, _future in batch]
        try:
            assert self.run is not None, "GroupCommit needs a runner to write in the background"
            results = await self.run(self.write, items)
        except Exception as error:  # the store is down: every move of the batch fails
            results = [error] * len(batch)
        self.batches += 1
        self.written += sum(result is None for result in results)
        for (_room, _action, _fence, future), result in zip(batch, results, strict=True):
            if future.done():
                continue
            if result is None:
                future.set_result(None)
            else:
                future.set_exception(result)

    def write(self, items: Sequence[Append]) -> list[BaseException | None]:
        """One transaction for all; if it fails as a whole, one transaction each (blocking)."""
        try:
            return list(self.store.append_many(items))
        except Exception:
            log.warning("a group commit of %d actions failed; writing them one by one",
                        len(items), exc_info=True)
        results: list[BaseException | None] = []
        for room, action, fence in items:
            try:
                self.store.append(room, action, fence)
            except (StoreError, Exception) as error:
                results.append(error)
            else:
                results.append(None)
        return results
