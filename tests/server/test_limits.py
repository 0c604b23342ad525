"""Limits and hygiene: quiet sockets stay open, bodies, new rooms, old waiting rooms,
costly records and options, and the server's logs."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tt_server_support import ProcessServer, Socket, app_client, create_room, wait_for

import tricktable
from tricktable.server import ServerConfig, create_app
from tricktable.server import manager as rooms_module
from tricktable.server.app import MAX_BODY_BYTES
from tricktable.server.limits import RoomRate
from tricktable.store import MemoryStore

JSON = dict[str, Any]
ROOK = {"game": "rook", "name": "Ann"}


def test_a_quiet_socket_stays_open_after_its_hello() -> None:
    config = ServerConfig(bot_delay=0, hello_timeout=0.3)
    with app_client(config, MemoryStore()) as client:
        made = create_room(client, "rook", None, seats=["human", "human", "human", "human"])
        with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
            socket = Socket(session, made["token"], "Ann")  # waits for three more players
            socket.until("state")
            time.sleep(1.0)  # quiet for more than three hello timeouts
            socket.send({"type": "ping"})
            assert socket.until("pong")["type"] == "pong"


def chunks(total: int, size: int = 8192) -> Any:
    """A body of ``total`` bytes sent without a Content-Length (chunked)."""
    yield b'{"game": "rook", "name": "'
    for _ in range(total // size):
        yield b"x" * size
    yield b'"}'


def test_a_chunked_body_is_held_to_the_limit_and_creates_nothing(client: Any) -> None:
    response = client.post("/api/rooms", content=chunks(4 * MAX_BODY_BYTES),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert f"at most {MAX_BODY_BYTES} bytes" in response.json()["error"]
    assert client.get("/api/rooms").json() == []


def test_the_body_limit_stops_reading_at_the_limit() -> None:
    """Called as ASGI with an endless body: it reads no more than the limit and a chunk."""
    app = create_app(ServerConfig(), store=MemoryStore())
    read = 0
    sent: list[JSON] = []

    async def receive() -> JSON:
        nonlocal read
        read += 8192
        return {"type": "http.request", "body": b"x" * 8192, "more_body": True}

    async def send(message: JSON) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/rooms", "raw_path": b"/api/rooms",
             "query_string": b"", "root_path": "", "server": ("127.0.0.1", 8000),
             "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"transfer-encoding", b"chunked")]}
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own
        pool.submit(asyncio.run, asyncio.wait_for(app(scope, receive, send), 10)).result()
    assert sent[0]["status"] == 413
    assert read <= MAX_BODY_BYTES + 8192


def test_new_rooms_are_limited_per_address_and_nothing_is_created_over_it() -> None:
    config = ServerConfig(bot_delay=0, rooms_per_minute=3, rooms_burst=3)
    with app_client(config, MemoryStore()) as client:
        for _ in range(3):
            assert client.post("/api/rooms", json=ROOK).status_code == 201
        refused = client.post("/api/rooms", json=ROOK)
        assert refused.status_code == 429
        assert "at most 3 a minute" in refused.json()["error"]
        wait = re.search(r"try again in (\d+) s", refused.json()["error"])
        assert wait is not None and refused.headers["retry-after"] == wait.group(1) == "20"
        record = tricktable.new_game("sixtysix", seed=1).record()
        imported = client.post("/api/records", content=json.dumps(record), params={"name": "A"},
                               headers={"content-type": "application/json"})
        assert imported.status_code == 429  # an import makes a room too
        assert len(client.get("/api/rooms").json()) == 3


def test_a_request_refused_for_what_it_asks_uses_up_no_new_room() -> None:
    """Bad options, an unknown player key or a damaged record make nothing, so they leave
    the address's allowance as it was."""
    config = ServerConfig(bot_delay=0, rooms_per_minute=2, rooms_burst=2)
    with app_client(config, MemoryStore()) as client:
        for _ in range(5):
            bad = client.post("/api/rooms", json={**ROOK, "options": {"target": 99_999}})
            assert bad.status_code == 400
            assert client.post("/api/rooms", json={**ROOK, "player_key": "x" * 20}).status_code \
                in (401, 403, 404)
            damaged = client.post("/api/records", content="{}", params={"name": "A"},
                                  headers={"content-type": "application/json"})
            assert damaged.status_code == 422
        assert [client.post("/api/rooms", json=ROOK).status_code for _ in range(3)] \
            == [201, 201, 429]


def test_all_addresses_together_are_limited_too() -> None:
    now = [0.0]
    rate = RoomRate(per_minute=10, burst=10, all_per_minute=60, clock=lambda: now[0])
    allowed = [rate.take(f"10.0.0.{n}") is None for n in range(20)]
    assert allowed.count(True) == 10  # the shared bucket holds a tenth of a minute's worth
    problem = rate.take("10.0.1.1")
    assert problem is not None and "at most 60 a minute" in problem.message
    assert problem.seconds == 1
    now[0] = 1.0  # one more a second
    assert rate.take("10.0.0.1") is None


def test_rooms_that_wait_too_long_unwatched_are_deleted() -> None:
    config = ServerConfig(bot_delay=0, waiting_expiry=0.3)
    with app_client(config, MemoryStore()) as client:
        seats = ["human", "human", "random", "random"]
        old = create_room(client, "rook", None, seats=seats)["room"]["id"]
        watched = create_room(client, "rook", None, seats=seats)
        playing = create_room(client, "rook", None, seats=["human", "random", "random",
                                                           "random"])["room"]["id"]
        with client.websocket_connect(f"/ws/{watched['room']['id']}") as session:
            Socket(session, watched["token"], "Ann").until("state")
            time.sleep(0.5)
            client.portal.call(client.app.state.rooms.sweep)
            listed = {r["id"] for r in client.get("/api/rooms").json()}
        assert listed == {watched["room"]["id"], playing}
        assert client.get(f"/api/rooms/{old}").status_code == 404


def test_a_record_of_too_many_actions_is_refused_before_its_replay(client: Any) -> None:
    record = tricktable.new_game("rook", seed=3).record()
    record["actions"] = ["pass"] * 25_000
    started = time.monotonic()
    response = client.post("/api/records", content=json.dumps(record), params={"name": "Ann"},
                           headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert "at most 5000 actions, not 25000" in response.json()["error"]
    assert time.monotonic() - started < 1.0
    assert client.get("/api/rooms?status=waiting,playing,finished").json() == []


def test_a_record_of_too_many_hands_is_refused(client: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = tricktable.new_game("sixtysix", seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.results) >= 3
    monkeypatch.setattr(rooms_module, "MAX_IMPORT_HANDS", 2)
    response = client.post("/api/records", content=json.dumps(game.record()),
                           params={"name": "Ann"}, headers={"content-type": "application/json"})
    assert response.status_code == 422 and "at most 2 hands" in response.json()["error"]
    assert client.get("/api/rooms?status=waiting,playing,finished").json() == []


def test_a_target_past_its_maximum_is_refused(client: Any) -> None:
    response = client.post("/api/rooms", json={**ROOK, "options": {"target": 10**22}})
    assert response.status_code == 400
    assert "'target' must be at most" in response.json()["error"]
    assert client.get("/api/rooms").json() == []


@pytest.mark.parametrize("name", tricktable.games())
def test_every_whole_number_option_has_a_maximum(name: str) -> None:
    """A whole-number option is bounded by a maximum or by its list of choices."""
    described = tricktable.find_game(name).rules_type.describe()
    numbers = [spec for spec in described
               if isinstance(spec["default"], int) and not isinstance(spec["default"], bool)]
    unbounded = [spec["name"] for spec in numbers
                 if spec["maximum"] is None and not spec["choices"]]
    assert numbers and not unbounded, unbounded


def test_the_server_logs_with_time_and_level_at_the_level_asked(tmp_path: Path) -> None:
    server = ProcessServer(str(tmp_path / "games.db"), "--log-level", "info").start()
    try:
        assert httpx.get(f"{server.url}/api/health").status_code == 200
        wait_for(lambda: any("tricktable.server" in line for line in server.lines),
                 message="a log line of the server")
    finally:
        server.kill()
    line = next(line for line in server.lines if "tricktable.server" in line)
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO tricktable\.server: serving",
                    line), line
    quiet = ProcessServer(str(tmp_path / "games.db"), "--log-level", "warning").start()
    try:
        assert httpx.get(f"{quiet.url}/api/health").status_code == 200
        time.sleep(0.3)
    finally:
        quiet.kill()
    assert not any("INFO" in line for line in quiet.lines)
