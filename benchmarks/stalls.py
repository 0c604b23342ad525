"""Where the server's event loop stalls: ``tricktable serve`` run with a watchdog.

Run: ``python3 benchmarks/stalls.py --out stalls.json -- --port 8101 --db /tmp/s/load.db
--no-browser`` (everything after ``--`` goes to ``tricktable serve``), load it (for
example ``python3 benchmarks/load.py --model bots --url http://127.0.0.1:8101 --pid PID
--start 500 --max-rooms 500 --refine 0``), then stop it with Ctrl+C or SIGTERM; the
report is written then (and at each SIGUSR1).

In the server's process it records:

- the event loop's lateness, from a timer every 10 ms;
- the main thread's stack, sampled every 5 ms by a watchdog thread while the loop is
  ``--stall-ms`` late or more, counted per stack (where the loop was stuck);
- every garbage collection's CPU time, per generation;
- every group commit (``GroupCommit.write``, wherever it runs): its wall time, CPU,
  time waiting for a CPU (the run queue) and the rest, blocked (I/O, locks, the GIL),
  from ``/proc/self/task/TID/schedstat``;
- callbacks of the loop that used 15 ms of CPU or more.

It works with older trees too (``PYTHONPATH=old-checkout``): it patches only names
every version has. It is a diagnostic, not a server to keep: one run of five died of a
segmentation fault at start-up, while the solver's warm-up loaded (the watchdog reads
another thread's frames); run it again.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import os
import signal
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

LONG_CALLBACK = 0.015  # seconds of CPU


def schedstat() -> tuple[float, float]:
    """This thread's seconds on a CPU and waiting for one (Linux)."""
    text = Path(f"/proc/self/task/{threading.get_native_id()}/schedstat").read_text()
    ran, waited, _slices = text.split()
    return int(ran) / 1e9, int(waited) / 1e9


class Recorder:
    """Everything the report holds."""

    def __init__(self, stall: float) -> None:
        self.stall = stall
        self.beat = time.monotonic()
        self.lags: list[float] = []
        self.stacks: collections.Counter[str] = collections.Counter()
        self.collections: list[tuple[int, float, int]] = []  # generation, CPU s, collected
        self.commits: list[tuple[float, float, float, float, int]] = []
        self.callbacks: list[tuple[float, str]] = []
        self._gc_began = 0.0
        self.main = threading.get_ident()

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        """A gc.callbacks hook: each collection's CPU."""
        if phase == "start":
            self._gc_began = time.thread_time()
        else:
            self.collections.append((info["generation"], time.thread_time() - self._gc_began,
                                     info.get("collected", 0)))

    def watchdog(self) -> None:
        """Sample the main thread's stack while the loop is late (a daemon thread)."""
        while True:
            time.sleep(0.005)
            if time.monotonic() - self.beat < self.stall:
                continue
            frame = sys._current_frames().get(self.main)
            if frame is not None:
                stack = traceback.extract_stack(frame)[-12:]
                self.stacks[" <- ".join(f"{Path(f.filename).name}:{f.lineno}:{f.name}"
                                        for f in reversed(stack))] += 1

    def heartbeat(self) -> None:
        """A timer every 10 ms on the loop: its lateness."""
        loop = asyncio.get_running_loop()
        now = time.monotonic()
        self.lags.append(now - self.beat - 0.01)
        self.beat = now
        loop.call_later(0.01, self.heartbeat)

    def report(self) -> dict[str, Any]:
        """The summary, as JSON."""
        per_generation = {}
        for generation in range(3):
            times = sorted(t for g, t, _ in self.collections if g == generation)
            per_generation[generation] = {
                "count": len(times), "cpu_ms": round(1000 * sum(times), 1),
                "worst_cpu_ms": [round(1000 * t, 1) for t in times[-10:]]}
        commits = self.commits
        return {
            "loop_lag_over_50ms": sum(lag > 0.05 for lag in self.lags),
            "loop_lag_over_100ms": sum(lag > 0.1 for lag in self.lags),
            "worst_loop_lags_ms": [round(1000 * lag) for lag in sorted(self.lags)[-15:]],
            "collections": per_generation,
            "commits": {"count": len(commits), "actions": sum(c[4] for c in commits),
                        "wall_s": round(sum(c[0] for c in commits), 3),
                        "cpu_s": round(sum(c[1] for c in commits), 3),
                        "run_queue_s": round(sum(c[2] for c in commits), 3),
                        "blocked_s": round(sum(c[3] for c in commits), 3),
                        "worst_blocked_ms": [round(1000 * c[3], 1) for c in
                                             sorted(commits, key=lambda c: c[3])[-10:]]},
            "long_callbacks": {"count": len(self.callbacks),
                               "worst": sorted(self.callbacks)[-10:]},
            "stall_stacks": self.stacks.most_common(15),
        }


def install(recorder: Recorder) -> None:
    """Patch the loop's callbacks, the group commit and asyncio.run to record."""
    from tricktable.server import commit

    gc.callbacks.append(recorder.on_gc)
    run_handle = asyncio.events.Handle._run

    def timed_handle(handle: asyncio.events.Handle) -> None:
        began = time.thread_time()
        run_handle(handle)
        took = time.thread_time() - began
        if took >= LONG_CALLBACK:
            recorder.callbacks.append((round(1000 * took, 1), repr(handle)[:160]))

    setattr(asyncio.events.Handle, "_run", timed_handle)  # noqa: B010
    write = commit.GroupCommit.write

    def timed_write(self: Any, items: Any) -> Any:
        began, (ran, waited) = time.perf_counter(), schedstat()
        try:
            return write(self, items)
        finally:
            wall = time.perf_counter() - began
            ran2, waited2 = schedstat()
            recorder.commits.append((wall, ran2 - ran, waited2 - waited,
                                     wall - (ran2 - ran) - (waited2 - waited), len(items)))

    setattr(commit.GroupCommit, "write", timed_write)  # noqa: B010
    run = asyncio.run

    def run_watched(main: Any, **options: Any) -> Any:
        async def watched() -> Any:
            recorder.beat = time.monotonic()
            asyncio.get_running_loop().call_later(0.01, recorder.heartbeat)
            return await main
        return run(watched(), **options)

    setattr(asyncio, "run", run_watched)  # noqa: B010


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="stalls.json", help="the report's file")
    parser.add_argument("--stall-ms", type=float, default=40.0,
                        help="sample the main thread's stack once the loop is this late")
    parser.add_argument("serve", nargs=argparse.REMAINDER,
                        help="-- then the options of tricktable serve")
    args = parser.parse_args()
    recorder = Recorder(args.stall_ms / 1000)

    def write_report(*_: Any) -> None:
        Path(args.out).write_text(json.dumps(recorder.report(), indent=1))

    def stop(*_: Any) -> None:
        write_report()
        os._exit(0)

    signal.signal(signal.SIGUSR1, write_report)
    signal.signal(signal.SIGTERM, stop)
    install(recorder)
    threading.Thread(target=recorder.watchdog, daemon=True).start()
    from tricktable.cli import main as cli

    serve = [a for a in args.serve if a != "--"]
    try:
        cli(["serve", *serve], standalone_mode=False)
    finally:
        write_report()


if __name__ == "__main__":
    main()
