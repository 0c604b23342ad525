"""The REST API: games, rooms, joining, history, records, pages, and refusals."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from tt_server_support import Socket, app_client, create_room

import tricktable
from tricktable.bots import BOT_NAMES
from tricktable.engine.views import COMMON, SEAT_KINDS, json_schema, keys_of_kind
from tricktable.server import ServerConfig
from tricktable.store import MemoryStore


def test_games_list_every_registered_game_with_every_option(client: Any) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == tricktable.games()
    for game in games:
        cls = tricktable.find_game(game["name"])
        assert game["title"] == cls.title
        assert game["player_counts"] == list(cls.player_counts)
        assert game["options"] == json.loads(json.dumps(cls.rules_type.describe()))
        assert set(game["bots"]) <= set(BOT_NAMES) and "random" in game["bots"]
        declared = {**COMMON, **cls.view_keys}
        assert game["kinds"] == {key: item.kind for key, item in declared.items()}
    assert client.get("/api/bots").json() == list(BOT_NAMES)


def test_each_game_s_schema_gives_the_declared_kind_of_every_key(client: Any) -> None:
    for name in tricktable.games():
        cls = tricktable.find_game(name)
        schema = client.get(f"/api/games/{name}/schema").json()
        assert schema["view"] == json.loads(json.dumps(json_schema(name, cls.view_keys)))
        kinds = schema["kinds"]["view"]
        assert set(kinds) == set(schema["view"]["properties"])
        assert sorted(k for k, kind in kinds.items() if kind in SEAT_KINDS) == sorted(
            keys_of_kind(cls.view_keys, SEAT_KINDS))
        assert kinds["winner"] == "side" and kinds["dealer"] == "seat"
        assert set(schema["kinds"]["result"]) == set(schema["result"]["properties"])
    missing = client.get("/api/games/chess/schema")
    assert missing.status_code == 404 and "unknown game 'chess'" in missing.json()["error"]


def test_rules_of_each_game(client: Any) -> None:
    for name in tricktable.games():
        rules = client.get(f"/api/games/{name}").json()["rules"]
        assert rules["title"] == tricktable.find_game(name).title
        assert rules["summary"]
        guide = rules["guide"]  # written for players: no code, no module paths, no markup
        assert len(guide.split()) > 300, name
        assert not any(mark in guide for mark in ("`", ".py", "tricktable", "**", "seed")), name
        assert "## Scoring" in guide and "## Playing the tricks" in guide, name
    assert client.get("/api/games/chess").status_code == 404


def test_create_a_room_with_bots(client: Any) -> None:
    made = create_room(client, "rook", 5, seats=["human", "random", "heuristic", "random"])
    room = made["room"]
    assert made["seat"] == 0 and made["token"] and made["url"] == f"/table/{room['id']}"
    assert room["status"] == "playing" and room["version"] == 0
    assert [s["kind"] for s in room["seats"]] == ["human", "bot", "bot", "bot"]
    assert room["seats"][0]["name"] == "Ann" and "token_hash" not in room["seats"][0]
    assert room["options"] == tricktable.new_game("rook").record()["options"]
    assert client.get(f"/api/rooms/{room['id']}").json()["id"] == room["id"]
    listed = client.get("/api/rooms").json()
    assert [r["id"] for r in listed] == [room["id"]]


def test_a_room_waits_for_its_humans_then_plays(client: Any) -> None:
    made = create_room(client, "sixtysix", None, seats=["human", "human"], options={"target": 3})
    room = made["room"]["id"]
    assert made["room"]["status"] == "waiting"
    assert made["room"]["options"]["target"] == 3
    taken = client.post(f"/api/rooms/{room}/join", json={"name": "Bo", "seat": 0})
    assert taken.status_code == 409 and "not free" in taken.json()["error"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "  Bo  "}).json()
    assert joined["seat"] == 1 and joined["token"] != made["token"]
    assert joined["room"]["status"] == "playing" and joined["room"]["seats"][1]["name"] == "Bo"
    full = client.post(f"/api/rooms/{room}/join", json={"name": "Cy"})
    assert full.status_code == 409 and "every seat is taken" in full.json()["error"]


def test_whoever_chose_the_deal_number_sits_only_with_bots(client: Any) -> None:
    """A chosen seed deals every hidden card: no other person may sit with its chooser."""
    for seats in (["human", "human"], ["human", "random", "human", "random"]):
        game = "sixtysix" if len(seats) == 2 else "rook"
        body = {"game": game, "name": "Ann", "seed": 7,
                "seats": [{"kind": "human"} if s == "human" else {"kind": "bot"} for s in seats]}
        response = client.post("/api/rooms", json=body)
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert "could know everyone's cards" in error and "only bots may sit with you" in error
    assert client.get("/api/rooms").json() == []  # nothing was made
    alone = create_room(client, "rook", 7)  # the default: you and bots
    assert [s["kind"] for s in alone["room"]["seats"]] == ["human", "bot", "bot", "bot"]
    full = client.post(f"/api/rooms/{alone['room']['id']}/join", json={"name": "Bo"})
    assert full.status_code == 409
    assert create_room(client, "rook", 7, seats=["random"] * 4)["seat"] is None
    shared = create_room(client, "sixtysix", None, seats=["human", "human"])
    assert shared["room"]["status"] == "waiting"  # a random deal: nobody knows it


def test_other_sites_pages_cannot_change_anything(client: Any) -> None:
    """A page of another site can make a browser POST form or text/plain data without a
    CORS preflight, with its Origin: such requests are refused, and change nothing."""
    room = create_room(client, "sixtysix", None, seats=["human", "human"])["room"]["id"]
    body = json.dumps({"game": "rook", "name": "Eve"})
    for path in ("/api/rooms", f"/api/rooms/{room}/join"):
        for kind in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {"content-type": kind} if kind else {}
            response = client.post(path, content=body, headers=headers)
            assert response.status_code == 415, (path, kind, response.text)
            assert "Content-Type: application/json" in response.json()["error"]
        for origin in ("http://evil.example", "http://testserver.evil.example", "null"):
            response = client.post(path, json={"game": "rook", "name": "Eve"},
                                   headers={"origin": origin})
            assert response.status_code == 403, (path, origin, response.text)
            assert "another site" in response.json()["error"]
    assert len(client.get("/api/rooms").json()) == 1
    assert client.get(f"/api/rooms/{room}").json()["seats"][1]["taken"] is False
    same = client.post("/api/rooms", json={"game": "rook", "name": "Ann"},
                       headers={"origin": "http://testserver",
                                "content-type": "application/json; charset=utf-8"})
    assert same.status_code == 201, same.text  # the app's own pages say where they are
    assert client.get("/api/rooms", headers={"origin": "http://evil.example"}).status_code == 200


def test_all_bot_rooms_are_watched(client: Any) -> None:
    made = create_room(client, "rook", 2, seats=["random"] * 4, name="Ann")
    assert made["seat"] is None and made["token"] is None
    assert made["room"]["status"] == "playing"


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess", "name": "A"}, "unknown game"),
    ({"game": "rook", "name": "A", "options": {"target": "x"}}, "target"),
    ({"game": "rook", "name": "A", "options": {"colour": 1}}, "unknown option"),
    ({"game": "rook", "name": "A", "players": 3}, "4"),
    ({"game": "rook", "name": "A", "seats": [{"kind": "human"}]}, "needs 4 seats"),
    ({"game": "rook", "name": "A",
      "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "genius"}] * 3}, "no bot"),
    ({"game": "rook"}, "name"),
    ({"game": "rook", "name": " \n "}, "name"),
    ({"game": "rook", "name": "A", "seat": 1}, "not a human seat"),
    ({"game": "rook", "name": "A", "seed": -1}, "seed"),
    ({"name": "A"}, "game"),
])
def test_bad_rooms_are_refused_with_a_reason(client: Any, body: dict[str, Any],
                                              words: str) -> None:
    response = client.post("/api/rooms", json=body)
    assert response.status_code in (400, 422), response.text
    error = response.json()["error"]
    assert words in error and "Traceback" not in error
    assert client.get("/api/rooms").json() == []


def test_unknown_rooms_and_unfinished_records(client: Any) -> None:
    assert client.get("/api/rooms/nope").status_code == 404
    assert client.post("/api/rooms/nope/join", json={"name": "A"}).status_code == 404
    made = create_room(client, "rook", 5)
    room = made["room"]["id"]
    for path in (f"/api/rooms/{room}/record", f"/api/rooms/{room}/replay?step=1"):
        response = client.get(path)
        assert response.status_code == 403 and "over" in response.json()["error"]
    assert client.get("/api/history").json() == []
    assert client.get("/api/rooms?status=bogus").status_code == 400


def test_malformed_bodies_get_an_error_not_a_trace(client: Any) -> None:
    response = client.post("/api/rooms", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 422 and "Traceback" not in response.text
    big = client.post("/api/rooms", content=b"x" * 70_000,
                      headers={"content-type": "application/json"})
    assert big.status_code == 413


def test_pages_and_static_files(client: Any) -> None:
    for path in ("/", "/table/abc", "/history", "/replay/abc", "/rules/rook"):
        response = client.get(path)
        assert response.status_code == 200 and "<!doctype html>" in response.text
        assert "script-src 'self'" in response.headers["content-security-policy"]
    for name in ("app.css", "common.js", "lobby.js", "table.js", "replay.js", "history.js",
                 "rules.js", "icon.svg"):
        assert client.get(f"/static/{name}").status_code == 200, name
    assert client.get("/static/../app.py").status_code == 404


def test_only_loopback_host_names_are_served(client: Any) -> None:
    evil = client.get("/api/health", headers={"host": "evil.example"})
    assert evil.status_code == 400
    assert client.get("/api/health", headers={"host": "127.0.0.1:8000"}).status_code == 200


def test_a_room_nobody_is_in_expires_from_the_open_list() -> None:
    with app_client(ServerConfig(bot_delay=0, open_list_idle=0.3), MemoryStore()) as client:
        made = create_room(client, "sixtysix", None, seats=["human", "human"])
        room = made["room"]["id"]
        assert [r["id"] for r in client.get("/api/rooms").json()] == [room]
        time.sleep(0.4)
        assert client.get("/api/rooms").json() == []  # nobody came: it left the list
        assert client.get(f"/api/rooms/{room}").json()["id"] == room  # still there by link
        with client.websocket_connect(f"/ws/{room}") as session:
            Socket(session, made["token"], "Ann").until("state")
            time.sleep(0.4)
            assert [r["id"] for r in client.get("/api/rooms").json()] == [room]
        time.sleep(0.4)
        assert client.get("/api/rooms").json() == []
