"""The CPU time a thread spends loading or compiling machine code with numba.

numba loads each kernel function from its disk cache, or compiles it when the
cache is cold, inside its compiler lock, once a process: some 2 s of CPU with a
warm cache, a minute or more with a cold one (the first run after an install or
a change to the kernel). A search under a CPU-time cap leaves that time out, so
that its decisions do not depend on whether the cache was warm (the strong
bot's safety net). The clock starts with the first kernel function decorated
(:func:`listen`, called by ``kernel_cache.kernel``) and counts every entry of
the compiler lock after that, the kernel's and any other numba code's.

>>> listen()
>>> before = load_seconds()
>>> from numba import njit
>>> njit(lambda x: x + 1)(1)
2
>>> load_seconds() > before
True
"""

from __future__ import annotations

import threading
import time
from typing import Any

_thread = threading.local()  # per thread: seconds counted, and the lock's depth and entry
_listening = [False]


def load_seconds() -> float:
    """CPU seconds this thread has spent in numba's compiler lock since :func:`listen`."""
    return float(getattr(_thread, "seconds", 0.0))


def listen() -> None:
    """Start counting (once a process; later calls do nothing). Imports numba."""
    if _listening[0]:
        return
    from numba.core import event

    class CompilerLockClock(event.Listener):
        """Adds each outermost stay in the compiler lock to the thread's load time."""

        def on_start(self, _event: Any) -> None:
            depth = getattr(_thread, "depth", 0)
            if depth == 0:
                _thread.entered = time.thread_time()
            _thread.depth = depth + 1

        def on_end(self, _event: Any) -> None:
            depth = getattr(_thread, "depth", 0)
            if depth == 0:  # entered before the clock started
                return
            _thread.depth = depth - 1
            if depth == 1:
                _thread.seconds = load_seconds() + time.thread_time() - _thread.entered

    event.register("numba:compiler_lock", CompilerLockClock())  # type: ignore[no-untyped-call]
    _listening[0] = True
