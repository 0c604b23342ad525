"""Records in the web app: export a finished game, import a finished or unfinished one."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tt_server_support import Socket, app_client, create_room, game_over, no_traceback, play_until

import tricktable
from tricktable import GameState
from tricktable.records import continues
from tricktable.server import ServerConfig
from tricktable.server.app import MAX_RECORD_BYTES
from tricktable.store import MemoryStore

JSON = dict[str, Any]


def played(name: str, seed: int, steps: int | None = None, **options: Any) -> GameState:
    """A seeded game after ``steps`` random actions (None: to its end, which random players
    reach under the game's ``playout_options``)."""
    options = {**tricktable.find_game(name).playout_options, **options}
    game = tricktable.new_game(name, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over and (steps is None or len(game.history) < steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def upload(client: Any, record: JSON | str | bytes, **query: Any) -> Any:
    """POST /api/records with the record's JSON text (or the text given) as the body."""
    body = record if isinstance(record, str | bytes) else json.dumps(record)
    return client.post("/api/records", content=body, params=query,
                       headers={"content-type": "application/json"})


@pytest.mark.parametrize("name", tricktable.games())
def test_a_finished_game_imports_to_the_history_and_exports_unchanged(client: Any,
                                                                       name: str) -> None:
    record = played(name, 3).record()
    response = upload(client, record)
    assert response.status_code == 201, response.text
    made = response.json()
    room = made["room"]
    assert made["finished"] and made["url"] == f"/replay/{room['id']}"
    assert made["seat"] is None and made["token"] is None
    assert room["status"] == "finished" and room["version"] == len(record["actions"])
    assert [s["name"] for s in room["seats"]] == ["imported"] * len(room["seats"])
    assert client.get(f"/api/rooms/{room['id']}/record").json() == record
    assert [r["id"] for r in client.get("/api/history").json()] == [room["id"]]
    assert client.get("/api/rooms").json() == []  # not in the lobby
    step = client.get(f"/api/rooms/{room['id']}/replay?step=7").json()
    game = tricktable.replay(record, upto=7)
    assert step["view"] == game.view(None)
    assert [m["action"] for m in step["moves"]] == record["actions"]
    whole = tricktable.replay(record, upto=0)
    movers = []
    for text in record["actions"]:
        movers.append(whole.to_move)
        whole.apply(text)
    assert [m["seat"] for m in step["moves"]] == movers
    assert {m["actor"] for m in step["moves"]} == {"imported"}
    join = client.post(f"/api/rooms/{room['id']}/join", json={"name": "Cy"})
    assert join.status_code == 409 and "the game is over" in join.json()["error"]


def test_a_game_played_here_exports_and_imports_back(client: Any) -> None:
    made = create_room(client, "sixtysix", 2, seats=["human", "random"], options={"target": 3})
    room = made["room"]["id"]
    with client.websocket_connect(f"/ws/{room}") as session:
        play_until(Socket(session, made["token"], "seat 0"), game_over)
    exported = client.get(f"/api/rooms/{room}/record").json()
    again = upload(client, exported).json()
    assert again["finished"] and again["room"]["id"] != room
    assert client.get(f"/api/rooms/{again['room']['id']}/record").json() == exported
    assert again["room"]["scores"] == client.get(f"/api/rooms/{room}").json()["scores"]


def test_an_unfinished_game_imports_as_a_room_that_plays_on(client: Any) -> None:
    record = played("rook", 5, steps=23, target=200).record()
    response = upload(client, record, name="Ann", seat=2)
    assert response.status_code == 201, response.text
    made = response.json()
    room = made["room"]
    assert not made["finished"] and made["url"] == f"/table/{room['id']}"
    assert made["seat"] == 2 and made["token"]
    assert room["status"] == "playing" and room["version"] == 23
    assert [s["kind"] for s in room["seats"]] == ["bot", "bot", "human", "bot"]
    assert room["seats"][2]["name"] == "Ann"
    refused = client.get(f"/api/rooms/{room['id']}/record")
    assert refused.status_code == 403 and "over" in refused.json()["error"]
    assert client.get(f"/api/rooms/{room['id']}/replay?step=1").status_code == 403
    with client.websocket_connect(f"/ws/{room['id']}") as session:
        socket = Socket(session, made["token"], "seat 2")
        first = socket.until("state")
        assert first["version"] == 23 and first["seat"] == 2
        assert first["view"] == tricktable.replay(record).view(2)
        play_until(socket, game_over)
        no_traceback(socket.frames)
    finished = client.get(f"/api/rooms/{room['id']}/record").json()
    assert tricktable.replay(finished).is_over and continues(finished, record)


def test_an_imported_room_comes_back_from_the_store() -> None:
    store = MemoryStore()
    record = played("notrump", 4, steps=40).record()
    with app_client(ServerConfig(bot_delay=0.0), store) as first:
        made = upload(first, record, name="Ann").json()
    with app_client(ServerConfig(bot_delay=0.0), store) as second:
        room = second.get(f"/api/rooms/{made['room']['id']}").json()
        assert room["version"] == 40 and room["status"] == "playing"
        assert room["seats"][0]["name"] == "Ann"


def _damaged(**changes: Any) -> str:
    return json.dumps({**played("rook", 6, steps=12).record(), **changes})


@pytest.mark.parametrize(("body", "message"), [
    ("", "the record is empty"),
    (_damaged()[:-30], "the record is not valid JSON (damaged or cut short?): "),
    (b"\xff\xfe{", "the record is not UTF-8 text"),
    ("[1, 2]", "record: [1, 2] is not of type 'object'"),
    (_damaged(actions=["pass", 5]), "record.actions[1]: 5 is not of type 'string'"),
    (_damaged(version=2), "record.version: expected 1, not 2"),
    (_damaged(seed="6"), "record.seed: '6' is not of type 'integer'"),
    (_damaged(game="chess"), "cannot start the recorded game: unknown game 'chess'"),
    (_damaged(options={"target": -5}), "cannot start the recorded game: option 'target'"),
    (_damaged(actions=["bid 70", "bid 70"]), "action 2 ('bid 70') is illegal: a bid must be"),
    (json.dumps(tricktable.new_game("rook", seed=2**63).record()),
     "record.seed: the web app keeps seeds from 0 to"),
    (_damaged(seed=-1), "record.seed: the web app keeps seeds from 0 to"),  # not its actions
    (_damaged(seed=2**64), "record.seed: the web app keeps seeds from 0 to"),
    (json.dumps(tricktable.new_game("sixtysix", deal={
        "hands": ["AS 10S KS QS JS 9S", "AH 10H KH QH JH 9H"],
        "stock": "AD 10D KD QD JD 9D AC 10C KC QC JC", "trump": ["9C"]}).record()),
     "record.deal: the web app imports games dealt from their seed"),
])
def test_a_damaged_record_is_refused_with_the_problem_and_creates_nothing(
        client: Any, body: str | bytes, message: str) -> None:
    response = upload(client, body, name="Ann")
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error.startswith(message) and "Traceback" not in error
    assert client.get("/api/rooms?status=waiting,playing,finished").json() == []


def test_an_unfinished_import_needs_a_name_and_a_seat_of_the_game(client: Any) -> None:
    record = played("sixtysix", 7, steps=5).record()
    nameless = upload(client, record)
    assert nameless.status_code == 400 and "give your name" in nameless.json()["error"]
    far = upload(client, record, name="Ann", seat=2)
    assert far.status_code == 400 and "seat 2 is not a seat of this game" in far.json()["error"]
    assert upload(client, record, name="Ann", seat=99).status_code == 422
    assert client.get("/api/rooms?status=waiting,playing,finished").json() == []


def test_another_sites_page_cannot_import_a_record(client: Any) -> None:
    """Imports are refused as text/plain (what a page of another site can send without a
    CORS preflight) or from another site's Origin; the history page sends JSON (its
    browser test imports through it)."""
    text = json.dumps(played("sixtysix", 4, steps=5).record())
    plain = client.post("/api/records", content=text, params={"name": "Eve"},
                        headers={"content-type": "text/plain"})
    assert plain.status_code == 415 and "application/json" in plain.json()["error"]
    untyped = client.post("/api/records", content=text, params={"name": "Eve"})
    assert untyped.status_code == 415
    evil = client.post("/api/records", content=text, params={"name": "Eve"},
                       headers={"content-type": "application/json",
                                "origin": "https://evil.example"})
    assert evil.status_code == 403 and "another site" in evil.json()["error"]
    assert client.get("/api/rooms?status=waiting,playing,finished").json() == []
    assert upload(client, text, name="Ann").status_code == 201  # as the history page does


def test_a_record_upload_is_limited_in_size(client: Any) -> None:
    padded = json.dumps(played("bidder", 1).record(), indent=1) + " " * 100_000
    assert upload(client, padded).status_code == 201  # more than other bodies may be
    too_big = padded + " " * (MAX_RECORD_BYTES + 1 - len(padded))
    response = upload(client, too_big)
    assert response.status_code == 413 and str(MAX_RECORD_BYTES) in response.json()["error"]

    def chunks() -> Any:  # no Content-Length: the endpoint counts what it reads
        yield padded.encode()
        yield b" " * MAX_RECORD_BYTES

    streamed = client.post("/api/records", content=chunks(),
                           headers={"content-type": "application/json"})
    assert streamed.status_code == 413
