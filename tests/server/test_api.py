"""The REST API: games, rooms, joining, history, records, pages, and refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tt_server_support import create_room

import tricktable
from tricktable.bots import BOT_NAMES


def test_games_list_every_registered_game_with_every_option(client: Any) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == tricktable.games()
    for game in games:
        cls = tricktable.find_game(game["name"])
        assert game["title"] == cls.title
        assert game["player_counts"] == list(cls.player_counts)
        assert game["options"] == json.loads(json.dumps(cls.rules_type.describe()))
        assert set(game["bots"]) <= set(BOT_NAMES) and "random" in game["bots"]
    assert client.get("/api/bots").json() == list(BOT_NAMES)


def test_rules_of_each_game(client: Any) -> None:
    for name in tricktable.games():
        rules = client.get(f"/api/games/{name}").json()["rules"]
        assert rules["title"] == tricktable.find_game(name).title
        assert rules["summary"]
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
    made = create_room(client, "sixtysix", 1, seats=["human", "human"], options={"target": 3})
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
