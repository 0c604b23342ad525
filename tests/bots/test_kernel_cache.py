"""The compiled kernel's disk cache: one folder per version of the kernel's source."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable.solver import kernel_cache

SOLVER = Path(kernel_cache.__file__).parent


def test_every_module_with_kernel_functions_is_in_the_digest() -> None:
    using = {path.name for path in SOLVER.glob("*.py")
             if re.search(r"^@kernel\(", path.read_text(), re.M)}
    assert using == set(kernel_cache.KERNEL_MODULES)
    assert not any("cache=True" in path.read_text() for path in SOLVER.glob("dd*.py"))


def test_the_folder_follows_numba_cache_dir_and_the_source(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert kernel_cache.kernel_cache_dir().parent == tmp_path
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert kernel_cache.kernel_cache_dir().parent == tmp_path / "xdg" / "tricktable"
    before = kernel_cache.kernel_cache_dir().name
    kernel_cache.source_digest.cache_clear()
    monkeypatch.setattr(kernel_cache, "KERNEL_MODULES", ("dd.py", "dd_tricks.py"))
    try:
        assert kernel_cache.kernel_cache_dir().name != before  # other source, other folder
    finally:
        kernel_cache.source_digest.cache_clear()


def test_the_compile_options_are_in_the_digest(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    """numba's error model and the other options of ``kernel`` change the compiled code,
    so a change to this module means a new folder, as one to a kernel module does."""
    copy = tmp_path / "solver"
    copy.mkdir()
    for name in (*kernel_cache.KERNEL_MODULES, "kernel_cache.py"):
        (copy / name).write_bytes((SOLVER / name).read_bytes())
    monkeypatch.setattr(kernel_cache, "__file__", str(copy / "kernel_cache.py"))
    kernel_cache.source_digest.cache_clear()
    try:
        before = kernel_cache.source_digest()
        (copy / "kernel_cache.py").write_text(
            (copy / "kernel_cache.py").read_text().replace('error_model="numpy"',
                                                           'error_model="python"'))
        kernel_cache.source_digest.cache_clear()
        assert kernel_cache.source_digest() != before
    finally:
        kernel_cache.source_digest.cache_clear()


def test_the_kernel_is_cached_in_its_folder() -> None:
    script = ("import os, tricktable.solver.compiled, tricktable.solver.dd_race;"
              "import numba.core.config as c;"
              "from tricktable.solver.kernel_cache import kernel_cache_dir;"
              "print(kernel_cache_dir());"
              "print(c.CACHE_DIR == os.environ.get('NUMBA_CACHE_DIR', ''))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=600, check=True)
    folder, numba_setting = done.stdout.split("\n")[:2]
    index_files = list(Path(folder).rglob("*.nbi"))
    assert {f"{p.name.split('.')[0]}.py" for p in index_files} == set(kernel_cache.KERNEL_MODULES)
    assert numba_setting == "True"  # numba's own setting is given back for other code


def test_a_process_loading_the_cached_kernel_compiles_nothing() -> None:
    """Cached code that calls another kernel function names it by its dispatcher's uuid;
    numba's uuids are random per process, so before the kernel named them itself
    (``kernel_cache.stable_uuid``) each callee was compiled again, uncached, in every
    process that loaded the kernel (18 s of CPU against 2 s)."""
    warm = ("import tricktable.solver.dd_tricks, tricktable.solver.dd_search, "
            "tricktable.solver.dd_race")
    subprocess.run([sys.executable, "-c", warm], check=True, timeout=600)  # fills the cache
    script = ("import numba.core.compiler as c\n"
              "calls = []\n"
              "real = c.compile_extra\n"
              "def counted(*args, **kwargs):\n"
              "    calls.append(args[3].__qualname__)\n"
              "    return real(*args, **kwargs)\n"
              "c.compile_extra = counted\n"
              f"{warm}\n"
              "print(len(calls), sorted(set(calls))[:5])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=600, check=True)
    assert done.stdout.startswith("0 "), done.stdout


def test_the_load_clock_counts_compiling_on_this_thread_only() -> None:
    """CPU time in numba's compiler lock counts as this thread's load; other work, and a
    compile on another thread, do not."""
    import threading
    import time

    from numba import njit

    from tricktable.solver.load_clock import listen, load_seconds

    listen()
    before, started = load_seconds(), time.thread_time()
    assert njit(lambda x: x * 3 + 1)(2) == 7  # compiled now: nothing caches a lambda
    compiling = time.thread_time() - started
    assert 0.5 * compiling < load_seconds() - before <= compiling
    before = load_seconds()
    sum(range(2_000_000))  # no compile
    other = threading.Thread(target=lambda: njit(lambda x: x - 1)(1))
    other.start()
    other.join()
    assert load_seconds() == before
