"""``tricktable serve``: its options, a clean refusal of a bad database, a real start."""

from __future__ import annotations

import asyncio
import importlib
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from test_routing import REDIS, redis_or_fail
from tt_server_support import ProcessServer, wait_for

from tricktable.cli import main

serve_command = importlib.import_module("tricktable.cli.serve")  # the module, not the command


def test_serve_lists_its_options() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--no-browser", "--bot-delay", "--away-timeout"):
        assert option in result.output


def test_a_bad_database_is_refused_in_one_line() -> None:
    result = CliRunner().invoke(main, ["serve", "--no-browser", "--db",
                                       "postgresql://nobody@127.0.0.1:1/none"])
    assert result.exit_code == 1
    assert "cannot open the database" in result.output and "Traceback" not in result.output


def test_serve_starts_with_sqlite_and_serves_the_lobby(tmp_path: Path) -> None:
    server = ProcessServer(str(tmp_path / "data" / "games.db")).start()
    try:
        assert "<!doctype html>" in httpx.get(f"{server.url}/").text
        assert httpx.get(f"{server.url}/api/health").json()["ok"] is True
        wait_for(lambda: httpx.get(f"{server.url}/api/health").json()["loop"]["frozen"] > 0,
                 timeout=60, message="the start-up heap frozen (heap.py)")
    finally:
        server.kill()
    assert (tmp_path / "data" / "games.db").is_file()


def test_workers_need_redis_and_a_shared_database() -> None:
    result = CliRunner().invoke(main, ["serve", "--no-browser", "--workers", "2"])
    assert result.exit_code == 1 and "--workers needs --redis" in result.output
    result = CliRunner().invoke(main, ["serve", "--no-browser", "--db", "memory", "--redis",
                                       "redis://127.0.0.1:6379/5"])
    assert result.exit_code == 1 and "give --db a SQLite file" in result.output


def test_workers_share_one_port_and_stop_with_their_supervisor(tmp_path: Path) -> None:
    redis_or_fail()
    server = ProcessServer(str(tmp_path / "games.db"), "--redis", REDIS, "--workers", "2")
    server.start()
    try:
        made = [httpx.post(f"{server.url}/api/rooms", json={"game": "rook", "name": "Ann"},
                           timeout=30) for _ in range(6)]
        assert [response.status_code for response in made] == [201] * 6
        ids = {response.json()["room"]["id"] for response in made}
        listed = {room["id"] for room in httpx.get(f"{server.url}/api/rooms").json()}
        assert ids <= listed
        assert server.process is not None
        workers = children_of(server.process.pid)
        assert len(workers) == 2
    finally:
        server.kill()  # SIGKILL to the supervisor: its workers notice and stop
    wait_for(lambda: not any(running(pid) for pid in workers),
             timeout=30, message="the workers to stop")


def children_of(pid: int) -> list[int]:
    """The direct children of a process."""
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(child) for child in text.split()]


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process: not gone, and not a zombie its new parent (the
    machine's init, which on some hosts never reaps) has yet to collect."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class FakeUvicorn:
    should_exit = False


def test_an_orphaned_worker_asks_its_server_to_stop_and_is_forced_out_if_that_hangs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    exits: list[int] = []
    monkeypatch.setattr(serve_command, "ORPHAN_POLL", 0.01)
    monkeypatch.setattr(serve_command, "ORPHAN_GRACE", 0.05)
    monkeypatch.setattr(serve_command.os, "_exit", exits.append)
    parents = iter([41, 41, 1])  # the supervisor (41) dies on the third look
    monkeypatch.setattr(serve_command.os, "getppid", lambda: next(parents))
    server = FakeUvicorn()
    asyncio.run(serve_command._orphan_watch(server, 41))
    assert server.should_exit and exits == []  # asked first, not forced at once
    wait_for(lambda: exits == [1], timeout=5, message="the forced exit after the grace")


def test_serve_loads_the_compiled_solver_at_start_unless_told_not_to(tmp_path: Path) -> None:
    """The first hint or strong bot must not wait seconds for numba's load."""
    warm = ProcessServer(str(tmp_path / "games.db"), "--log-level", "info", warm=True).start()
    try:
        assert httpx.get(f"{warm.url}/api/health").json()["solver"] in ("loading", "loaded")
        wait_for(lambda: any("compiled solver loaded" in line for line in warm.lines),
                 timeout=240, message="the solver's warm-up")
        assert httpx.get(f"{warm.url}/api/health").json()["solver"] == "loaded"
    finally:
        warm.kill()
    cold = ProcessServer(str(tmp_path / "games.db"), "--log-level", "info").start()
    try:
        assert httpx.get(f"{cold.url}/api/health").json()["solver"] == "off"
    finally:
        cold.kill()
    assert "--no-warm-up" in cold.extra
    assert not any("solver" in line for line in cold.lines)


CRASH_AT_START = """
import asyncio, ctypes, sys
from tricktable.cli import main
def crash(main_coroutine, **options):  # where the server would start: a segmentation fault
    main_coroutine.close()
    ctypes.string_at(0)
asyncio.run = crash
main(["serve", "--db", "memory", "--no-browser", "--no-warm-up", "--port", "0"])
"""


def test_a_crash_of_the_server_leaves_its_stack_in_the_log() -> None:
    """A segmentation fault (one start of five once died of one) prints every thread's
    Python stack, with no ``-X faulthandler`` or PYTHONFAULTHANDLER given."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    done = subprocess.run([sys.executable, "-c", CRASH_AT_START], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode != 0
    assert "Fatal Python error: Segmentation fault" in done.stderr
    assert 'File "<string>", line 6 in crash' in done.stderr  # the crashing thread's stack
    assert "serve.py" in done.stderr and "in serve" in done.stderr
