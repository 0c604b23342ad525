"""A player's secret key (and a seat's token) never reaches anything another person can see.

Two players with keys and a spectator play a whole game; every frame sent to
anyone, every page and API answer anyone may fetch (rooms, history, replay,
record, profiles, leaderboards, chat), and every log line at DEBUG level are
searched for either key and for its sha256 (what the store keeps). The check
is shown to find a key where one is planted. A real server at ``--log-level debug``
(uvicorn and the websockets library, which a TestClient does not run) logs no frame.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest
from tt_server_support import ProcessServer, Socket, SyncSession, game_over

from tricktable.server.common import hash_token


def secrets_in(text: str, keys: list[str]) -> list[str]:
    """The keys (or their hashes) that ``text`` holds."""
    found = []
    for key in keys:
        for secret in (key, hash_token(key)):
            if secret in text:
                found.append(secret[:6])
    return found


def test_the_check_finds_a_planted_key() -> None:
    assert secrets_in(json.dumps({"a": ["x", "abc123"]}), ["abc123"]) == ["abc123"[:6]]
    assert secrets_in(hash_token("k1"), ["k1"]) == [hash_token("k1")[:6]]


def test_no_frame_page_or_log_line_holds_a_players_key(client: Any,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    ann = client.post("/api/players", json={"name": "Ann"}).json()
    bob = client.post("/api/players", json={"name": "Bob"}).json()
    keys = [ann["key"], bob["key"]]
    made = client.post("/api/rooms", json={
        "game": "sixtysix", "player_key": ann["key"], "chat": "free",
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    room = made["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"player_key": bob["key"]}).json()
    texts: list[str] = [json.dumps(made["room"]), json.dumps(joined["room"])]
    with client.websocket_connect(f"/ws/{room}") as one, \
            client.websocket_connect(f"/ws/{room}") as two, \
            client.websocket_connect(f"/ws/{room}") as three:
        sockets = {0: Socket(one, made["token"], "Ann"), 1: Socket(two, joined["token"], "Bob"),
                   None: Socket(three, None, "spectator")}
        version = 0
        for socket in sockets.values():
            socket.until("state", version)
        sockets[0].send({"type": "chat", "phrase": "gl"})
        sockets[None].send({"type": "chat", "emote": "wow"})
        while not game_over(sockets[None].latest or {}):
            mover = sockets[(sockets[None].latest or {})["view"]["to_move"]]
            frame = mover.latest or {}
            mover.send({"type": "act", "version": version, "action": frame["legal"][-1]["text"]})
            version += 1
            for socket in sockets.values():
                socket.until("state", version)
        for socket in sockets.values():
            texts.extend(json.dumps(frame) for frame in socket.frames)
    assert any('"chat"' in text for text in texts)  # the frames were recorded
    for path in ["/api/rooms?status=waiting,playing,finished", f"/api/rooms/{room}",
                 "/api/history", f"/api/rooms/{room}/record", f"/api/rooms/{room}/replay?step=3",
                 f"/api/players/{ann['id']}", f"/api/players/{bob['id']}",
                 "/api/ratings/sixtysix", "/api/chat", f"/player/{ann['id']}", "/me",
                 "/leaderboard", "/", f"/api/rooms/{room}/analysis?seat=0", "/api/tournaments",
                 f"/replay/{room}", f"/table/{room}"]:
        answer = client.get(path)
        assert answer.status_code == 200, path
        texts.append(answer.text)
    texts.append(client.get(f"/api/players/{ann['id']}").text)
    assert client.get(f"/api/players/{ann['id']}").json()["games"] in (0, 1)
    texts.extend(record.getMessage() + (record.exc_text or "") for record in caplog.records)
    seat_tokens = [made["token"], joined["token"]]  # a seat's token acts for it: never shown
    leaks = [found for text in texts if (found := secrets_in(text, keys + seat_tokens))]
    assert leaks == []


def test_a_server_at_debug_level_logs_no_frame(tmp_path: Path) -> None:
    """uvicorn hands its logger to the websockets library, which at debug level logs every
    frame whole: a seat's hand and moves, and the hello's token that takes the seat."""
    server = ProcessServer(str(tmp_path / "games.db"), "--log-level", "debug").start()
    try:
        made = httpx.post(f"{server.url}/api/rooms", json={
            "game": "sixtysix", "seed": 3, "name": "Ann",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        session = SyncSession(f"{server.ws_url}/ws/{made['room']['id']}")
        socket = Socket(session, made["token"], "Ann")
        frame = socket.until("state")
        hand = " ".join(frame["view"]["hand"])
        session.close()
    finally:
        server.kill()
    text = "".join(server.lines)
    assert made["token"] not in text and hand not in text and '"view"' not in text
