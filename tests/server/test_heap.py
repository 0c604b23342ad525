"""The event loop's pauses: the loop watch, the collector's thresholds, the frozen heap."""

from __future__ import annotations

import asyncio
import gc
import logging
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from tt_server_support import app_client

from tricktable.server import ServerConfig
from tricktable.server.heap import GC_THRESHOLDS, LoopWatch, freeze_heap, settle
from tricktable.store import MemoryStore


@pytest.fixture
def collector() -> Iterator[None]:
    """Give the process its collector's settings back after the test."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def _one_stall(caplog: pytest.LogCaptureFixture) -> tuple[dict[str, Any], list[str]]:
    """A loop with one stall of its own (a full collection and a 250 ms wait): the watch's
    stats and its log lines."""
    watch = LoopWatch(period=0.01, stall=0.1)

    async def run() -> None:
        watch.start()
        await asyncio.sleep(0.05)
        gc.collect()  # a full collection inside the stall
        time.sleep(0.25)  # and a wait
        await asyncio.sleep(0.05)
        time.sleep(0.02)  # a short pause is not a stall
        await asyncio.sleep(0.05)
        watch.stop()

    caplog.clear()
    with caplog.at_level(logging.WARNING, "tricktable.server"):
        asyncio.run(run())
    here = threading.get_ident()  # not the lines of a server another test left running
    return watch.stats(), [r.getMessage() for r in caplog.records
                           if "stalled" in r.getMessage() and r.thread == here]


def test_a_stalled_loop_is_counted_and_logged_with_its_collection_time(
        caplog: pytest.LogCaptureFixture) -> None:
    for _ in range(5):  # a busy machine may stall the loop once more, waiting for a CPU
        stats, lines = _one_stall(caplog)
        if stats["stalls"] == 1:
            break
    assert stats["stalls"] == 1 and 250 <= stats["worst_ms"] < 5000, stats
    assert stats["collections"][2] >= 1 and stats["gc_ms"] > 0, stats
    assert len(lines) == 1 and "stalled 1 times" in lines[0], lines
    worked = re.search(r"worked (\d+) ms of CPU \(garbage collection (\d+) ms\)", lines[0])
    assert worked is not None, lines
    assert int(worked[1]) < stats["worst_ms"] - 200, lines  # the sleep was no work
    assert abs(int(worked[2]) - stats["gc_ms"]) <= 1, (lines, stats)  # the log rounds it


def test_a_quiet_loop_has_no_stall() -> None:
    watch = LoopWatch(period=0.01, stall=0.1)

    async def run() -> None:
        watch.start()
        await asyncio.sleep(0.2)
        watch.stop()

    asyncio.run(run())
    assert watch.stats()["stalls"] == 0
    assert watch.on_gc not in gc.callbacks  # stopped: it times no more collections


def test_freezing_leaves_the_objects_alive_now_out_of_collections(collector: None) -> None:
    kept = [[n] for n in range(1000)]
    frozen = freeze_heap()
    # other threads of the suite may free a few frozen objects of theirs meanwhile
    assert frozen >= len(kept) and len(kept) <= gc.get_freeze_count() <= frozen
    scanned = {id(o) for o in gc.get_objects()}
    assert all(gc.is_tracked(k) and id(k) not in scanned for k in kept)


def test_the_heap_is_frozen_at_once_and_again_after_the_warm_up(collector: None) -> None:
    gc.unfreeze()
    made: list[list[int]] = []
    warming = threading.Thread(target=lambda: (time.sleep(0.3), made.extend(
        [n] for n in range(5000))))

    async def run() -> tuple[int, float]:
        warming.start()
        began = time.monotonic()
        task = asyncio.create_task(settle(warming))
        await asyncio.sleep(0.1)
        first = gc.get_freeze_count()
        await task
        return first, time.monotonic() - began

    first, took = asyncio.run(run())
    assert first > 0 and took >= 0.25
    scanned = {id(o) for o in gc.get_objects()}
    assert len(made) == 5000 and not any(id(m) in scanned for m in made)  # the warm-up's


def test_a_server_stopped_during_the_warm_up_does_not_wait_for_it(collector: None) -> None:
    """Ctrl+C in the first minute of ``tricktable serve`` stops it at once: the wait for
    the warm-up (a daemon thread) holds no thread that the loop's shutdown must join."""
    loaded = threading.Event()
    warming = threading.Thread(target=loaded.wait, args=(30,), daemon=True)

    async def run() -> None:
        warming.start()
        asyncio.get_running_loop().create_task(settle(warming))
        await asyncio.sleep(0.2)  # then the server stops, its tasks cancelled

    began = time.monotonic()
    asyncio.run(run())
    took = time.monotonic() - began
    alive = warming.is_alive()
    loaded.set()
    assert alive and took < 5


def test_a_serving_app_tunes_the_collector_and_reports_its_loop(collector: None) -> None:
    gc.unfreeze()
    with app_client(ServerConfig(settle_heap=True), MemoryStore()) as client:
        deadline = time.monotonic() + 10
        while client.get("/api/health").json()["loop"]["frozen"] == 0:
            assert time.monotonic() < deadline, "the heap was never frozen"
            time.sleep(0.05)
        assert gc.get_threshold() == GC_THRESHOLDS
        loop = client.get("/api/health").json()["loop"]
        assert loop["stall_ms"] == 100 and loop["stalls"] >= 0 and len(loop["collections"]) == 3


def test_an_app_leaves_the_collector_alone_unless_asked(collector: None) -> None:
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    with app_client(ServerConfig(), MemoryStore()) as client:
        time.sleep(0.2)
        assert client.get("/api/health").json()["loop"]["frozen"] == 0
    assert gc.get_threshold() == (700, 10, 10)
