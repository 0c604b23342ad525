"""Players: identity by a secret key, seats that belong to a player, profiles, the tally.

The rating rules themselves are checked in test_ratings.py; the secret key's
absence from everything others see in test_hidden_secrets.py.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from test_store import postgres_store  # noqa: F401 (a fixture)
from tt_server_support import Socket, app_client, game_over, play_until

import tricktable
from tricktable.server import ServerConfig
from tricktable.server.ratings import tally_room
from tricktable.store import MemoryStore, open_store
from tricktable.store.sql import SqlStore


def new_player(client: Any, name: str = "Ann") -> dict[str, Any]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player: dict[str, Any] = made.json()
    return player


def finish(client: Any, room: str, token: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{room}") as session:
        frame = play_until(Socket(session, token, "player"), game_over)
    return frame


def wait_profile(client: Any, player_id: str, games: int) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while True:
        profile: dict[str, Any] = client.get(f"/api/players/{player_id}").json()
        if profile["games"] >= games or time.monotonic() > deadline:
            return profile
        time.sleep(0.05)


def test_a_player_is_a_name_and_a_key(client: Any) -> None:
    ann = new_player(client, "  Ann  Lee ")
    assert ann["name"] == "Ann Lee" and len(ann["key"]) >= 40
    assert ann["url"] == f"/player/{ann['id']}"
    me = client.post("/api/players/me", json={"key": ann["key"]})
    assert me.status_code == 200 and me.json()["id"] == ann["id"] and "key" not in me.json()
    wrong = client.post("/api/players/me", json={"key": "not-a-key"})
    assert wrong.status_code == 403 and "belongs to nobody" in wrong.json()["error"]
    blank = client.post("/api/players", json={"name": " \n "})
    assert blank.status_code == 400 and "visible character" in blank.json()["error"]
    assert client.post("/api/players", json={"name": "x" * 201}).status_code == 422
    assert client.post("/api/players/me", json={"key": "k" * 101}).status_code == 422
    assert new_player(client, "y" * 100)["name"] == "y" * 40  # cut to MAX_NAME_CHARS
    profile = client.get(f"/api/players/{ann['id']}").json()
    assert profile["name"] == "Ann Lee" and profile["games"] == 0 and profile["recent"] == []
    assert "key" not in profile
    assert client.get("/api/players/nobody").status_code == 404
    room = client.post("/api/rooms", json={"game": "rook", "player_key": "forged"})
    assert room.status_code == 403  # a key nobody holds seats nobody
    assert client.get("/api/rooms").json() == []


def test_seats_taken_with_a_key_are_the_players_and_count_in_the_profile(client: Any) -> None:
    ann = new_player(client, "Ann")
    made = client.post("/api/rooms", json={
        "game": "sixtysix", "name": "ignored", "player_key": ann["key"],
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}).json()
    seat0 = made["room"]["seats"][0]
    assert seat0["name"] == "Ann" and seat0["player"] == ann["id"]  # the player's name
    last = finish(client, made["room"]["id"], made["token"])
    profile = wait_profile(client, ann["id"], 1)
    assert profile["games"] == 1 and list(profile["per_game"]) == ["sixtysix"]
    record = client.get(f"/api/rooms/{made['room']['id']}/record").json()
    game = tricktable.replay(record)
    side = game.side_of(0)
    assert profile["won"] == (1.0 if side in game.winning_sides() else 0.0)
    hands = len(game.results)
    assert profile["points_per_hand"] == round(game.scores[side] / hands, 2)
    declared = [r for r in game.results if r.declarer == 0]
    assert profile["declared"] == len(declared)
    assert profile["made"] == sum(1 for r in declared if r.made is True)
    recent = profile["recent"][0]
    assert recent["replay"] == f"/replay/{made['room']['id']}" and recent["rated"] is True
    assert last["room"]["seats"][0]["player"] == ann["id"]
    board = client.get("/api/ratings/sixtysix").json()["ratings"]
    assert {(r["kind"], r["name"], r["games"]) for r in board} == {
        ("person", "Ann", 1), ("bot", "heuristic", 1)}
    assert profile["ratings"]["sixtysix"]["games"] == 1
    assert client.get("/api/ratings/nogame").status_code == 404
    assert client.get("/api/ratings/rook?kind=robots").status_code == 422
    assert client.get("/api/ratings/rook?limit=201").status_code == 422


def test_a_joined_seat_belongs_to_the_joiner_and_unrated_rooms_leave_ratings_alone(
        client: Any) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    made = client.post("/api/rooms", json={
        "game": "sixtysix", "player_key": ann["key"], "rated": False,
        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    joined = client.post(f"/api/rooms/{made['room']['id']}/join",
                         json={"player_key": bob["key"]})
    assert joined.status_code == 200, joined.text
    seats = joined.json()["room"]["seats"]
    assert [(s["name"], s["player"]) for s in seats] == [("Ann", ann["id"]), ("Bob", bob["id"])]
    room_id = made["room"]["id"]
    with client.websocket_connect(f"/ws/{room_id}") as one, \
            client.websocket_connect(f"/ws/{room_id}") as two:
        first = Socket(one, made["token"], "Ann")
        second = Socket(two, joined.json()["token"], "Bob")
        sockets = {0: first, 1: second}
        version = 0
        for socket in sockets.values():
            socket.until("state", version)
        while not game_over(first.latest or {}):
            mover = sockets[(first.latest or {})["view"]["to_move"]]
            frame = mover.latest or {}
            mover.send({"type": "act", "version": version, "action": frame["legal"][0]["text"]})
            version += 1
            for socket in sockets.values():
                socket.until("state", version)
    assert wait_profile(client, bob["id"], 1)["games"] == 1
    assert wait_profile(client, ann["id"], 1)["recent"][0]["rated"] is False
    assert client.get("/api/ratings/sixtysix").json()["ratings"] == []


def test_a_chosen_deal_number_makes_the_room_unrated(client: Any) -> None:
    ann = new_player(client)
    made = client.post("/api/rooms", json={
        "game": "sixtysix", "player_key": ann["key"], "seed": 5,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    finish(client, made["room"]["id"], made["token"])
    assert wait_profile(client, ann["id"], 1)["recent"][0]["rated"] is False
    assert client.get("/api/ratings/sixtysix").json()["ratings"] == []


def test_a_room_is_tallied_once_even_by_several_processes(tmp_path: Path) -> None:
    url = str(tmp_path / "t.db")
    with app_client(ServerConfig(bot_delay=0, db=url), SqlStore(url)) as client:
        client.app.state.rooms.tally_soon = lambda room_id: None  # left to the others
        ann = new_player(client)
        made = client.post("/api/rooms", json={
            "game": "sixtysix", "player_key": ann["key"],
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        finish(client, made["room"]["id"], made["token"])
    stores = [SqlStore(url) for _ in range(4)]
    outcomes: list[bool] = []
    threads = [threading.Thread(target=lambda s=s: outcomes.append(
        tally_room(s, made["room"]["id"]))) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False, False, False, True]  # one of them tallied it
    ratings = stores[0].ledger.ratings("sixtysix")
    assert sorted(r.games for r in ratings) == [1, 1]
    for store in stores:
        store.close()


def test_a_finished_room_missed_by_a_crash_is_tallied_by_the_sweeper() -> None:
    store = MemoryStore()
    with app_client(ServerConfig(bot_delay=0), store) as client:
        rooms = client.app.state.rooms
        rooms.tally_soon = lambda room_id: None  # the process "dies" before it tallies
        made = client.post("/api/rooms", json={
            "game": "sixtysix", "name": "Ann",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        finish(client, made["room"]["id"], made["token"])
        assert store.ledger.pending() == [made["room"]["id"]]
        client.portal.call(rooms.sweep)
        assert store.ledger.pending() == []
        assert [r.games for r in store.ledger.ratings("sixtysix")] == [1]  # the bot


@pytest.mark.parametrize("url", ["memory", "sqlite"])
def test_ledger_contract(url: str, tmp_path: Path) -> None:
    from tt_ledger_contract import ledger_contract

    store = open_store("memory" if url == "memory" else str(tmp_path / "l.db"))
    try:
        ledger_contract(store)
    finally:
        store.close()


@pytest.mark.postgres
def test_ledger_contract_postgres(postgres_store: Any) -> None:  # noqa: F811
    from tt_ledger_contract import ledger_contract

    ledger_contract(postgres_store)


def test_an_older_database_upgrades_with_its_rooms_unrated_and_tallied(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    import tricktable.store.sql as sql_module
    from tricktable.store.sql import make_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location",
                           str(Path(sql_module.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(text(
            "insert into rooms (id, game, players, options, seed, seats, version, status, "
            "scores, winner, to_move, hands, created, updated, fence) values ('old1', 'rook', "
            "4, '{}', 3, '[{\"kind\": \"bot\", \"bot\": \"random\", \"name\": \"\", "
            "\"token_hash\": null}]', 0, 'finished', '[0, 0]', 0, null, 1, 1.0, 2.0, 0)"))
    engine.dispose()
    store = SqlStore(url)
    try:
        found = store.load("old1")
        assert found is not None
        info, _actions = found
        assert info.settings == {} and info.seats[0].player is None
        assert store.ledger.pending() == []  # marked tallied: no rating counts it
    finally:
        store.close()


def test_the_new_pages_take_nothing_from_the_request(client: Any) -> None:
    for path in ("/me", "/leaderboard", "/player/abc"):
        page = client.get(path, params={"name": "../app.py", "page": "../app.py"})
        assert page.status_code == 200 and page.text.startswith("<!doctype html>")
        assert "create_app" not in page.text
