"""The event loop's pauses: garbage collection set for many live rooms, and a watch on
the loop that says when it stalled and how much of the stall was garbage collection.

With 500 live rooms the process holds about 450,000 objects that the
collector tracks, 270,000 of them from start-up (modules, the app, the compiled
solver). CPython's default thresholds (700, 10, 10) promote every object that
lives a second or two (a room's view of the last version, a frame waiting to
be sent) to the oldest generation and so run a full collection every few
seconds, each a pause of the whole loop: 80 to 275 ms of CPU each at 500 rooms
(``benchmarks/stalls.py``, docs/server.md "Load"). So a serving process:

- collects its young generation every GC_THRESHOLDS[0] allocations instead of
  700 (such objects then die young, by reference counting, and are not
  promoted), and
- once started, and again after the solver's warm-up, collects once and freezes
  what is alive (``gc.freeze``): start-up objects are never scanned again.

>>> watch = LoopWatch(period=0.01, stall=0.05)
>>> async def stall() -> None:
...     watch.start()
...     await asyncio.sleep(0.03)
...     time.sleep(0.12)  # a callback that holds the loop
...     await asyncio.sleep(0.03)
...     watch.stop()
>>> asyncio.run(stall())
>>> watch.stats()["stalls"], watch.stats()["worst_ms"] >= 100
(1, True)
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import time
from typing import Any

log = logging.getLogger("tricktable.server")

GC_THRESHOLDS = (10_000, 10, 10)  # young objects between collections; the default is 700
STALL_SECONDS = 0.1  # a loop this late is a stall, logged
LOG_EVERY = 10.0  # seconds between two stall warnings at most
WARM_POLL = 0.25  # seconds between two looks at whether the warm-up is over


def tune_gc() -> None:
    """Collect the young generation every GC_THRESHOLDS[0] allocations (the default: 700)."""
    gc.set_threshold(*GC_THRESHOLDS)


def freeze_heap() -> int:
    """Collect once, then leave every object alive now out of later collections
    (``gc.freeze``); returns how many objects are frozen.

    Call it once start-up is over: what is alive then (modules, the app, the compiled
    solver) lives as long as the process, and a full collection no longer scans it.
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


async def settle(warming: threading.Thread | None) -> None:
    """Freeze the heap now, and again once the solver's warm-up (``warming``, if any) is
    over (it takes seconds of CPU, and a minute on a busy machine)."""
    for step in ("start-up", "warm-up"):
        if step == "warm-up":
            if warming is None:
                return
            while warming.is_alive():  # not a thread in join(): the loop's shutdown
                await asyncio.sleep(WARM_POLL)  # would wait for it, so Ctrl+C would too
        started = time.perf_counter()
        frozen = freeze_heap()
        log.info("after the %s, %d objects frozen out of garbage collection (%.0f ms)",
                 step, frozen, 1000 * (time.perf_counter() - started))


class LoopWatch:
    """How late the event loop runs a timer due every ``period`` seconds.

    A timer late by ``stall`` seconds or more is a stall: counted, and logged as a
    warning (at most one line every LOG_EVERY seconds, with the stalls since the
    last line). A line says how much CPU the loop's thread used meanwhile and how
    much of it was garbage collection: a stall with little CPU waited, for a CPU
    (a busy machine) or for a blocking call.
    """

    def __init__(self, period: float = 0.05, stall: float = STALL_SECONDS) -> None:
        self.period = period
        self.stall = stall
        self.stalls = 0
        self.worst = 0.0  # seconds, the latest timer
        self.collections = [0, 0, 0]  # per generation
        self.gc_seconds = 0.0
        self.gc_worst = 0.0
        self._gc_began = 0.0
        self._pending: list[tuple[float, float, float]] = []  # (late, cpu, gc), not logged
        self._cpu = 0.0  # the loop thread's CPU time at the last tick
        self._logged = 0.0
        self._handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """Start watching the running loop (and timing collections)."""
        gc.callbacks.append(self.on_gc)
        loop = asyncio.get_running_loop()
        self._cpu = time.thread_time()
        self._handle = loop.call_at(loop.time() + self.period, self._tick,
                                    loop.time() + self.period, self.gc_seconds)

    def stop(self) -> None:
        """Stop watching."""
        if self._handle is not None:
            self._handle.cancel()
        if self.on_gc in gc.callbacks:
            gc.callbacks.remove(self.on_gc)

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        """Time a collection (a ``gc.callbacks`` hook): its CPU, not the wall clock, so a
        collection that waited for a CPU is not counted longer than it worked."""
        if phase == "start":
            self._gc_began = time.thread_time()
            return
        took = time.thread_time() - self._gc_began
        self.collections[info["generation"]] += 1
        self.gc_seconds += took
        self.gc_worst = max(self.gc_worst, took)

    def _tick(self, due: float, gc_before: float) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        late = now - due
        cpu, self._cpu = time.thread_time() - self._cpu, time.thread_time()
        if late >= self.stall:
            self.stalls += 1
            self.worst = max(self.worst, late)
            self._pending.append((late, min(cpu, late + self.period), self.gc_seconds - gc_before))
            if time.monotonic() - self._logged >= LOG_EVERY:
                self._log()
        self._handle = loop.call_at(now + self.period, self._tick, now + self.period,
                                    self.gc_seconds)

    def _log(self) -> None:
        late, cpu, collecting = max(self._pending)
        log.warning("the event loop stalled %d times, the worst %.0f ms, in which the loop "
                    "worked %.0f ms of CPU (garbage collection %.0f ms): the rest it waited "
                    "for a CPU or a blocking call", len(self._pending), 1000 * late, 1000 * cpu,
                    1000 * collecting)
        self._pending.clear()
        self._logged = time.monotonic()

    def stats(self) -> dict[str, Any]:
        """Stalls so far, the worst in ms, the collections (count per generation, total
        and worst pause in ms) and the objects frozen out of them."""
        return {"stalls": self.stalls, "worst_ms": round(1000 * self.worst, 1),
                "stall_ms": round(1000 * self.stall), "collections": list(self.collections),
                "gc_ms": round(1000 * self.gc_seconds, 1),
                "gc_worst_ms": round(1000 * self.gc_worst, 1), "frozen": gc.get_freeze_count()}
