"""Several processes with Redis: a client may use any of them; the room's owner serves it."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from tt_server_support import JSON, Socket, SyncSession, ThreadServer, game_over, play_until

from tricktable.server import ServerConfig
from tricktable.store.sql import SqlStore

REDIS = os.environ.get("TRICKTABLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/5")


def redis_or_fail() -> None:
    """Fail (not skip) with a clear message when Redis does not answer."""
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.fail(f"the routing tests need Redis at {REDIS} (TRICKTABLE_TEST_REDIS_URL): "
                    f"{error}", pytrace=False)


def test_a_room_is_played_through_either_process(tmp_path: Path) -> None:
    redis_or_fail()
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    config = ServerConfig(bot_delay=0, redis=REDIS)
    with ThreadServer(config, SqlStore(url)) as first, \
            ThreadServer(config, SqlStore(url)) as second:
        made = httpx.post(f"{first.url}/api/rooms", json={
            "game": "rook", "name": "Ann", "options": {"target": 150, "loss_limit": 150},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}]}).json()
        room = made["room"]["id"]
        joined = httpx.post(f"{second.url}/api/rooms/{room}/join", json={"name": "Bo"})
        assert joined.status_code == 200, joined.text  # seated by the first, through Redis
        assert joined.json()["seat"] == 1
        again = httpx.post(f"{second.url}/api/rooms/{room}/join", json={"name": "Cy"})
        assert again.status_code == 409 and "every seat is taken" in again.json()["error"]
        ends: dict[str, JSON] = {}

        def player(base: str, token: str, name: str) -> None:
            session = SyncSession(f"{base}/ws/{room}")
            try:
                ends[name] = play_until(Socket(session, token, name), game_over)
            finally:
                session.close()

        threads = [threading.Thread(target=player, args=(second.ws_url, made["token"], "Ann")),
                   threading.Thread(target=player, args=(first.ws_url,
                                                         joined.json()["token"], "Bo"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=240)
        assert set(ends) == {"Ann", "Bo"}
        assert ends["Ann"]["version"] == ends["Bo"]["version"]
        record: Any = httpx.get(f"{second.url}/api/rooms/{room}/record").json()
        assert len(record["actions"]) == ends["Ann"]["version"]
        listed = httpx.get(f"{second.url}/api/history").json()
        assert [r["id"] for r in listed] == [room]


def test_players_and_chat_cross_processes(tmp_path: Path) -> None:
    redis_or_fail()
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    config = ServerConfig(bot_delay=0, redis=REDIS)
    with ThreadServer(config, SqlStore(url)) as first, \
            ThreadServer(config, SqlStore(url)) as second:
        ann = httpx.post(f"{second.url}/api/players", json={"name": "Ann"}).json()
        bob = httpx.post(f"{first.url}/api/players", json={"name": "Bob"}).json()
        made = httpx.post(f"{first.url}/api/rooms", json={
            "game": "sixtysix", "player_key": ann["key"],
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        room = made["room"]["id"]
        joined = httpx.post(f"{second.url}/api/rooms/{room}/join",
                            json={"player_key": bob["key"]})  # relayed to the owner
        assert joined.status_code == 200, joined.text
        assert [s["player"] for s in joined.json()["room"]["seats"]] == [ann["id"], bob["id"]]
        near = SyncSession(f"{first.ws_url}/ws/{room}")
        far = SyncSession(f"{second.ws_url}/ws/{room}")  # relayed through Redis
        try:
            ann_socket = Socket(near, made["token"], "Ann")
            bob_socket = Socket(far, joined.json()["token"], "Bob")
            for socket in (ann_socket, bob_socket):
                while socket.recv()["type"] != "chat":
                    pass
            bob_socket.send({"type": "chat", "phrase": "gl"})
            while (frame := ann_socket.recv())["type"] != "chat":
                pass
            assert frame["messages"][0]["name"] == "Bob"
            assert frame["messages"][0]["text"] == "Good luck!"
        finally:
            near.close()
            far.close()
