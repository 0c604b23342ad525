"""Restarts: a server stopped mid-hand comes back at exactly its state and plays on identically.

Two ways: the app stopped and started again in this process over the same
SQLite file, and ``tricktable serve`` killed with SIGKILL mid-hand and
started again. Each run is compared with the same game played without a
stop: the same seed, seats, bots and human choices give the same record.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from tt_server_support import (
    JSON,
    ProcessServer,
    Socket,
    SyncSession,
    app_client,
    create_room,
    game_over,
    play_until,
)

from tricktable.server import ServerConfig
from tricktable.store import MemoryStore
from tricktable.store.sql import SqlStore

SEATS = ["human", "heuristic", "random", "heuristic"]
OPTIONS = {"target": 200}
SEED = 21
CONFIG = ServerConfig(bot_delay=0.0)


def mid_hand(stop_after: int) -> Any:
    """A frame condition: past ``stop_after`` versions, in trick play with a card led."""
    def done(frame: JSON) -> bool:
        view = frame["view"]
        return bool(frame["version"] >= stop_after and view["phase"] == "play"
                    and view["trick"] and frame["legal"])
    return done


def reference_record() -> JSON:
    """The game played through without a stop."""
    with app_client(CONFIG, MemoryStore()) as client:
        made = create_room(client, "rook", SEED, seats=SEATS, options=OPTIONS)
        with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
            play_until(Socket(session, made["token"], "Ann"), game_over)
        record: JSON = client.get(f"/api/rooms/{made['room']['id']}/record").json()
        return record


def test_the_app_restarts_over_its_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = SqlStore(url)
    with app_client(CONFIG, store) as client:
        made = create_room(client, "rook", SEED, seats=SEATS, options=OPTIONS)
        room, token = made["room"]["id"], made["token"]
        with client.websocket_connect(f"/ws/{room}") as session:
            before = play_until(Socket(session, token, "Ann"), mid_hand(60))
    store.close()
    store = SqlStore(url)
    try:
        with app_client(CONFIG, store) as client:
            with client.websocket_connect(f"/ws/{room}") as session:
                socket = Socket(session, token, "Ann")
                again = socket.until("state")
                assert again["version"] == before["version"]
                assert again["view"] == before["view"] and again["legal"] == before["legal"]
                play_until(socket, game_over)
            record = client.get(f"/api/rooms/{room}/record").json()
    finally:
        store.close()
    assert record["actions"] == reference_record()["actions"]


def test_a_killed_server_comes_back_at_the_same_state(tmp_path: Path) -> None:
    db = str(tmp_path / "killed.db")
    server = ProcessServer(db, "--bot-delay", "0").start()
    try:
        made = httpx.post(f"{server.url}/api/rooms", json={
            "game": "rook", "seed": SEED, "name": "Ann", "options": OPTIONS,
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s}
                      for s in SEATS]}).json()
        room, token = made["room"]["id"], made["token"]
        session = SyncSession(f"{server.ws_url}/ws/{room}")
        before = play_until(Socket(session, token, "Ann"), mid_hand(40))
        server.kill()  # SIGKILL mid-hand: no shutdown code runs
        session.close()
        server = ProcessServer(db, "--bot-delay", "0").start()
        session = SyncSession(f"{server.ws_url}/ws/{room}")
        socket = Socket(session, token, "Ann")
        again = socket.until("state")
        assert again["version"] == before["version"]
        assert json.dumps(again["view"]) == json.dumps(before["view"])
        play_until(socket, game_over)
        session.close()
        record = httpx.get(f"{server.url}/api/rooms/{room}/record").json()
    finally:
        server.kill()
    assert record["actions"] == reference_record()["actions"]
