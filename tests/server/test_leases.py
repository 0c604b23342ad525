"""Two processes on one database: a room is served by one of them at a time (its lease),
and a process that lost the lease cannot write (its fence is old)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect
from tt_server_support import Socket, app_client, create_room, wait_for

from tricktable.server import ServerConfig
from tricktable.store.base import pid_alive
from tricktable.store.sql import SqlStore

CONFIG = ServerConfig(bot_delay=0)


def test_a_seat_is_never_given_by_two_processes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    with app_client(CONFIG, SqlStore(url)) as first, app_client(CONFIG, SqlStore(url)) as second:
        made = create_room(first, "rook", None, seats=["human", "human", "random", "random"])
        room = made["room"]["id"]
        refused = second.post(f"/api/rooms/{room}/join", json={"name": "Bo"})
        assert refused.status_code == 409
        assert "served by another tricktable process" in refused.json()["error"]
        joined = first.post(f"/api/rooms/{room}/join", json={"name": "Cy"})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        summary = second.get(f"/api/rooms/{room}").json()  # read from the store
        assert summary["seats"][1]["name"] == "Cy" and summary["status"] == "playing"
        with second.websocket_connect(f"/ws/{room}") as session:
            frame = json.loads(session.receive_text())
            assert frame["code"] == "moved" and "another tricktable process" in frame["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                session.receive_text()
            assert closed.value.code == 4409
    with app_client(CONFIG, SqlStore(url)) as third:  # both closed: their leases are free
        listed = third.get(f"/api/rooms/{room}").json()
        assert listed["seats"][1]["name"] == "Cy"
        assert third.post(f"/api/rooms/{room}/join", json={"name": "Di"}).status_code == 409


def test_a_process_that_lost_the_lease_cannot_write(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    store = SqlStore(url)
    with app_client(CONFIG, store) as client:
        made = create_room(client, "rook", None, seats=["human", "random", "random", "random"])
        room = made["room"]["id"]
        with client.websocket_connect(f"/ws/{room}") as session:
            ann = Socket(session, made["token"], "Ann")
            frame = ann.until("state")
            while not frame["legal"]:
                frame = ann.until("state")
            with store.engine.begin() as connection:  # this process stalled past its lease
                connection.execute(text("update rooms set lease_until = 0 where id = :id"),
                                   {"id": room})
            other = SqlStore(url)
            assert other.claim(room, "elsewhere/1/x", ttl=60) is not None  # and lost it
            ann.send({"type": "act", "version": frame["version"],
                      "action": frame["legal"][0]["text"]})
            moved = ann.until("error")
            assert moved["code"] == "moved"
            with pytest.raises(WebSocketDisconnect):
                ann.recv()
        loaded = other.load(room)
        assert loaded is not None and loaded[0].version == frame["version"]  # nothing written
        with client.websocket_connect(f"/ws/{room}") as session:  # still served elsewhere
            assert json.loads(session.receive_text())["code"] == "moved"
        other.release("elsewhere/1/x")
        with client.websocket_connect(f"/ws/{room}") as session:  # taken back: plays on
            ann = Socket(session, made["token"], "Ann")
            again = ann.until("state")
            assert again["version"] == frame["version"] and again["legal"] == frame["legal"]
        other.close()


def test_a_killed_process_not_yet_reaped_holds_no_lease() -> None:
    """A process killed with kill -9 stays a zombie until its parent reaps it; its rooms
    may be taken at once all the same."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])  # exits, and is not reaped
    try:
        wait_for(lambda: not pid_alive(child.pid), timeout=20, message="the child's exit")
        assert child.returncode is None  # still unreaped: a zombie
    finally:
        child.wait()
    assert pid_alive(os.getpid())
