"""Bad input on the newer endpoints: a clear error that names the problem, and nothing made.

A request body's unknown field is refused by name (a misspelt ``option`` must not start a
game with the defaults); a bounded loop of hostile bodies over the rooms, players,
tournaments and analysis endpoints never gets a server error or a success, and leaves
the room and tournament lists as they were.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tt_server_support import Socket, app_client

from tricktable.server import ServerConfig
from tricktable.store import MemoryStore

JSON = dict[str, Any]
SEATS = [{"kind": "human"}, *[{"kind": "bot", "bot": "random"}] * 3]
GOOD: dict[str, JSON] = {
    "/api/rooms": {"game": "rook", "name": "Ann", "seats": SEATS},
    "/api/players": {"name": "Ann"},
    "/api/tournaments": {"game": "rook", "entrants": ["random", "heuristic"], "deals": 1},
    "/api/rooms/none/join": {"name": "Ann"},
    "/api/rooms/none/analysis": {"seat": 0},
}


@pytest.mark.parametrize(("url", "extra"), [
    ("/api/rooms", {"option": {"target": 100}}),
    ("/api/rooms", {"seats": [{"kind": "human", "name": "Ann"}, *SEATS[1:]]}),
    ("/api/players", {"nmae": "Bo"}),
    ("/api/tournaments", {"options": {"target": 100}}),
    ("/api/rooms/none/join", {"seet": 1}),
    ("/api/rooms/none/analysis", {"seats": [0]}),
])
def test_an_unknown_field_is_refused_by_name_and_nothing_is_made(url: str, extra: JSON) -> None:
    with app_client(ServerConfig(bot_delay=0.0), MemoryStore()) as client:
        response = client.post(url, json={**GOOD[url], **extra})
        assert response.status_code == 422, response.text
        assert "Extra inputs are not permitted" in response.json()["error"]
        assert next(iter(extra)) in response.json()["error"] or "name" in response.json()["error"]
        assert client.get("/api/rooms").json() == []
        assert client.get("/api/tournaments").json() == []


HOSTILE: list[Any] = [None, True, -1, 0, 2**63, 1.5, "", " ", "x" * 3000, "\u202e\x00",
                      [], {}, ["random"] * 9, {"preset": "nope"}, {"target": 10**9}]


def test_hostile_bodies_get_a_clear_error_and_change_nothing() -> None:
    """Each good body with one field (or an option) replaced by a hostile value."""
    rng = random.Random(5)
    config = ServerConfig(bot_delay=0.0, rooms_burst=10_000, all_rooms_per_minute=10_000.0)
    with app_client(config, MemoryStore()) as client:
        made: list[tuple[str, JSON]] = []
        for _ in range(150):
            url = rng.choice(sorted(GOOD))
            body = dict(GOOD[url])
            if url == "/api/rooms" and rng.random() < 0.5:
                body["options"] = {rng.choice(["target", "preset", "all_pass", "loss_limit",
                                               "enforce_follow_suit"]): rng.choice(HOSTILE)}
                if body["options"] in ({"preset": None}, {"preset": ""},
                                       {"enforce_follow_suit": True}):
                    continue  # no preset, a default: good values
            else:
                body[rng.choice([*body, "game", "deals", "entrants"])] = rng.choice(HOSTILE)
            response = client.post(url, json=body)
            if response.status_code < 300:
                made.append((url, body))
                continue
            assert 400 <= response.status_code < 500, (url, body, response.text)
            error = response.json()["error"]
            assert isinstance(error, str) and 10 < len(error) <= 2000, (url, body, error)
        assert made == [], [(u, {k: v for k, v in b.items() if k != "seats"}) for u, b in made]
        assert client.get("/api/rooms").json() == []
        assert client.get("/api/tournaments").json() == []


WS_HOSTILE: list[Any] = [
    {"type": "take_back", "version": 0}, {"type": "take_back", "version": "0"},
    {"type": "take_back"}, {"type": "take_back", "version": True},
    {"type": "chat", "phrase": "nope"}, {"type": "chat", "emote": "x" * 300},
    {"type": "chat", "text": "hi"}, {"type": "chat", "phrase": "gl", "emote": "wow"},
    {"type": "chat", "text": " \x00 "}, {"type": "chat"}, {"type": "act", "version": 0},
    {"type": "act", "version": 0, "action": "x" * 5000}, {"type": "act", "version": -1,
                                                          "action": "play 9♣"},
    {"type": "act", "version": 0, "action": "bid 1000"}, {"type": "nope"}, {"type": 5},
    [1, 2], "text", {"type": "hint", "extra": "x" * 5000},
]


def test_hostile_websocket_messages_get_an_error_frame_and_change_nothing(client: Any) -> None:
    """With another person at the table (no take back) and chat on presets only: each
    message is answered by an error frame with a code and a message; the game is where it
    was and the store holds no action."""
    made = client.post("/api/rooms", json={"game": "sixtysix", "name": "Ann", "seats": [
        {"kind": "human"}, {"kind": "human"}]}).json()
    room = made["room"]["id"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "Bo"}).json()
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/{room}") as one, \
            client.websocket_connect(f"/ws/{room}") as two:
        sockets = [Socket(one, made["token"], "Ann"), Socket(two, joined["token"], "Bo")]
        for socket in sockets:
            socket.until("state", 0)
        to_move = sockets[0].latest["view"]["to_move"]  # type: ignore[index]
        for _ in range(40):
            socket = sockets[rng.choice([0, 1, to_move])]
            message = rng.choice(WS_HOSTILE)
            socket.send_raw(json.dumps(message))
            error = socket.until("error")
            assert error["code"] and 10 < len(error["message"]) < 300, (message, error)
            assert error["version"] in (0, None), (message, error)
        sockets[0].send({"type": "sync"})
        assert sockets[0].until("state")["version"] == 0
    stored = client.app.state.rooms.store.load(room)
    assert stored is not None and stored[0].version == 0 and stored[1] == []


LONG = "g" * 3000


@pytest.mark.parametrize("url", [f"/api/games/{LONG}", f"/api/games/{LONG}/schema",
                                 f"/api/rooms/{LONG}", f"/api/rooms/{LONG}/record",
                                 f"/api/rooms/{LONG}/replay"],
                         ids=["game", "schema", "room", "record", "replay"])
def test_a_long_refused_value_is_quoted_in_part(client: Any, url: str) -> None:
    """An error quotes at most 40 characters of what it refuses (a room id at most 32)."""
    answer = client.get(url)
    assert answer.status_code == 404
    assert len(answer.json()["error"]) < 200 and "g" * 41 not in answer.json()["error"]


def test_a_long_room_id_on_the_websocket_is_quoted_in_part(client: Any) -> None:
    with client.websocket_connect(f"/ws/{LONG}") as session:
        frame = json.loads(session.receive_text())
    assert frame["code"] == "bad_message" and "g" * 33 not in frame["message"]


def test_joining_with_a_blank_name_is_the_requests_fault(client: Any) -> None:
    made = client.post("/api/rooms", json={
        "game": "rook", "name": "Ann", "seats": [{"kind": "human"}] * 2 + SEATS[1:3]}).json()
    room = made["room"]["id"]
    blank = client.post(f"/api/rooms/{room}/join", json={"name": "   "})
    assert blank.status_code == 400 and "visible character" in blank.json()["error"]
    assert client.get(f"/api/rooms/{room}").json()["seats"][1]["taken"] is False


def test_a_body_that_is_not_json_is_named_so(client: Any) -> None:
    answer = client.post("/api/rooms", content='{"game": "rook", "name": ',
                         headers={"content-type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("the request body is not valid JSON (at character")
