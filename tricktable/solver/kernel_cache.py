"""Where numba keeps the compiled kernel: one folder per version of the kernel's source.

numba checks a cached function against its own module's file only, while the
kernel's functions call (and compile in) functions of the other kernel modules:
after a change to ``dd.py`` alone, a cache kept beside the modules would hand
back ``dd_tricks`` functions holding the old ``dd.py`` code. So every kernel
function is cached in a folder named by a digest of all the kernel modules'
source and of this module (whose options, such as numba's error model, shape the
compiled code too), under ``NUMBA_CACHE_DIR`` when set, else the user's cache folder
(``$XDG_CACHE_HOME`` or ``~/.cache``, then ``tricktable``). A changed module
means a new folder: the kernel is compiled once again, never loaded stale.

>>> kernel_cache_dir().name == f"kernel-{source_digest()[:16]}"
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from tricktable.solver.load_clock import listen

KERNEL_MODULES = ("dd.py", "dd_bounds.py", "dd_moves.py", "dd_table.py", "dd_tricks.py",
                  "dd_search.py", "dd_race.py")
"""The modules whose numba functions call each other (all of them compiled together)."""


@lru_cache(maxsize=1)
def source_digest() -> str:
    """A SHA-256 of the kernel modules' source and this module's, in a fixed order."""
    digest = hashlib.sha256()
    for name in (*KERNEL_MODULES, Path(__file__).name):
        digest.update(name.encode())
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest.hexdigest()


def kernel_cached() -> bool:
    """Whether this version of the kernel has been compiled into its cache folder (if
    not, the first solve of a process compiles it: a minute or two of CPU)."""
    folder = kernel_cache_dir()
    return folder.is_dir() and any(folder.iterdir())


def kernel_cache_dir() -> Path:
    """The folder numba caches this version of the kernel in."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    if root:
        base = Path(root)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tricktable"
    return base / f"kernel-{source_digest()[:16]}"


@contextlib.contextmanager
def _kernel_cache() -> Iterator[None]:
    """numba's cache folder set to :func:`kernel_cache_dir` (and set back after)."""
    from numba.core import config

    saved = getattr(config, "CACHE_DIR")  # noqa: B009 (numba's config has no stubs)
    setattr(config, "CACHE_DIR", str(kernel_cache_dir()))  # noqa: B010
    try:
        yield
    finally:
        setattr(config, "CACHE_DIR", saved)  # noqa: B010


def kernel(signature: Any, inline: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """``numba.njit(signature, cache=True, error_model="numpy")``, cached in
    :func:`kernel_cache_dir`.

    The signature is given, so the function is compiled (or loaded from the cache)
    as it is decorated, while the cache folder is set. ``inline``: compiled into each
    kernel function that calls it (numba's ``inline="always"``), for small helpers
    called at every node. numpy's error model leaves out the check for a division by
    zero before every ``//`` and ``%`` (the kernel never divides by zero): about a tenth
    of the kernel's time (``benchmarks/dds.py``).

    Each dispatcher is named by :func:`stable_uuid` before it is compiled: cached code
    that calls another kernel function refers to it by its dispatcher's uuid, which
    numba draws at random in each process, so a process loading the cache found no
    such dispatcher and compiled each callee again, uncached (18 s of CPU to load the
    kernel instead of 2 s; ``tests/bots/test_kernel_cache.py``).
    """
    from numba import njit
    from numba.core import typeinfer

    listen()  # the CPU time spent loading or compiling it is counted from now on

    def decorate(function: Callable[..., Any]) -> Any:
        with _kernel_cache():
            dispatcher = njit(cache=True, error_model="numpy",
                              inline="always" if inline else "never")(function)
            dispatcher._set_uuid(stable_uuid(function))  # type: ignore[attr-defined]
            with typeinfer.register_dispatcher(dispatcher):  # as njit(signature) does
                dispatcher.compile(signature)
            dispatcher.disable_compile()
            return dispatcher

    return decorate


def stable_uuid(function: Callable[..., Any]) -> str:
    """The name numba knows ``function``'s dispatcher by when it unpickles cached code
    that calls it: the same in every process for one version of the kernel.

    >>> stable_uuid(stable_uuid).startswith("tricktable-kernel-")
    True
    """
    return f"tricktable-kernel-{source_digest()[:16]}-{function.__module__}.{function.__qualname__}"
