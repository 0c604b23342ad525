"""The websocket: seats and tokens, refusals that change nothing, bots, away seats, hints."""

from __future__ import annotations

import concurrent.futures
import json
import time
from typing import Any

import pytest
from tt_server_support import (
    Socket,
    app_client,
    create_room,
    game_over,
    no_traceback,
    play_until,
    policy,
    seeded_room,
)

import tricktable
from tricktable.server import ServerConfig
from tricktable.server.protocol import MAX_MESSAGE_BYTES
from tricktable.store import MemoryStore


def ping(socket: Socket) -> None:
    """The connection still answers."""
    socket.send({"type": "ping"})
    assert socket.until("pong")["type"] == "pong"


def waiting_room(client: Any) -> tuple[str, str, str]:
    """A Sixty-Six room of two humans, both seated: (room, token 0, token 1)."""
    room, token = seeded_room(client, "sixtysix", 4, ["human", "human"])
    other = client.post(f"/api/rooms/{room}/join", json={"name": "Bo"}).json()
    return room, token, other["token"]


def test_hello_gives_the_seat_and_its_view(client: Any) -> None:
    room, token0, _token1 = waiting_room(client)
    with client.websocket_connect(f"/ws/{room}") as session:
        socket = Socket(session, token0, "seat 0")
        welcome = socket.until("welcome")
        assert welcome["seat"] == 0 and welcome["name"] == "Ann"
        state = socket.until("state", 0)
        game = tricktable.new_game("sixtysix", seed=4)
        assert state["view"] == game.view(0) and state["seat"] == 0
        assert state["log"] == game.events(0) and state["log_start"] == 0
        legal = [a["text"] for a in state["legal"]]
        assert legal == ([a.text for a in game.legal_actions()] if game.to_move == 0 else [])
        assert all("token" not in json.dumps(s) for s in state["room"]["seats"])


def test_every_refusal_changes_nothing_and_keeps_the_connection(client: Any) -> None:
    room, token0, token1 = waiting_room(client)
    game = tricktable.new_game("sixtysix", seed=4)
    mover, other = (token0, token1) if game.to_move == 0 else (token1, token0)
    with client.websocket_connect(f"/ws/{room}") as s1, \
            client.websocket_connect(f"/ws/{room}") as s2, \
            client.websocket_connect(f"/ws/{room}") as s3:
        me = Socket(s1, mover, "mover")
        you = Socket(s2, other, "other")
        watcher = Socket(s3, None, "watcher")
        state = me.until("state", 0)
        you.until("state", 0)
        watcher.until("state", 0)
        illegal = next(a for a in game.table.actions if not game.is_legal(a)).text
        cases: list[tuple[Socket, str, str]] = [
            (me, "{not json", "bad_json"),
            (me, "[1, 2]", "bad_json"),
            (me, json.dumps({"type": "shout"}), "bad_message"),
            (me, json.dumps({"type": "act", "version": "0", "action": "pass"}), "bad_message"),
            (me, json.dumps({"type": "act", "version": 0}), "bad_message"),
            (me, json.dumps({"type": "act", "version": 0, "action": "x" * 100}), "bad_message"),
            (me, json.dumps({"type": "act", "version": 0, "action": "y" * MAX_MESSAGE_BYTES}),
             "too_big"),
            (me, json.dumps({"type": "act", "version": 7, "action": policy(state)}), "stale"),
            (me, json.dumps({"type": "act", "version": 0, "action": "fly away"}), "illegal"),
            (me, json.dumps({"type": "act", "version": 0, "action": illegal}), "illegal"),
            (you, json.dumps({"type": "act", "version": 0, "action": policy(state)}),
             "not_your_turn"),
            (watcher, json.dumps({"type": "act", "version": 0, "action": policy(state)}),
             "spectator"),
            (watcher, json.dumps({"type": "hello", "token": "forged"}), "bad_token"),
            (watcher, json.dumps({"type": "hint"}), "spectator"),
            (you, json.dumps({"type": "hint"}), "not_your_turn"),
        ]
        for socket, text, code in cases:
            socket.send_raw(text)
            error = socket.until("error")
            assert error["code"] == code, (text[:80], error)
            assert error["message"] and error["version"] == 0
            if code == "illegal" and text.endswith(f'"{illegal}"}}'):
                assert error["message"] == _rule(game, illegal)
            ping(socket)
        s1.send_bytes(b"\x00" * 10)
        assert me.until("error")["code"] == "too_big"
        ping(me)
        # nothing changed: the mover still acts at version 0
        me.send({"type": "act", "version": 0, "action": policy(state)})
        assert me.until("state", 1)["version"] == 1
        for socket in (me, you, watcher):
            no_traceback(socket.frames)


def _rule(game: tricktable.GameState, text: str) -> str:
    try:
        game.check(text)
    except tricktable.IllegalAction as error:
        return str(error)
    raise AssertionError(f"{text} is legal")


def test_a_message_before_hello_is_refused(client: Any) -> None:
    room, _token0, _token1 = waiting_room(client)
    with client.websocket_connect(f"/ws/{room}") as session:
        session.send_text(json.dumps({"type": "sync"}))
        assert json.loads(session.receive_text())["code"] == "hello_first"
        session.send_text(json.dumps({"type": "hello"}))
        assert json.loads(session.receive_text())["type"] == "welcome"


def test_an_unknown_room_closes_the_socket(client: Any) -> None:
    with client.websocket_connect("/ws/nope") as session:
        assert json.loads(session.receive_text())["type"] == "error"


def test_flooding_is_slowed_down() -> None:
    config = ServerConfig(bot_delay=0, rate=1.0, burst=3)
    with app_client(config, MemoryStore()) as client:
        room, token0, _token1 = waiting_room(client)
        with client.websocket_connect(f"/ws/{room}") as session:
            socket = Socket(session, token0, "seat 0")
            for _ in range(5):
                socket.send({"type": "ping"})
            codes = [socket.recv().get("code") for _ in range(7)]
            assert "slow_down" in codes


def test_a_human_plays_a_whole_game_against_server_bots(client: Any) -> None:
    made = create_room(client, "rook", 9, seats=["human", "heuristic", "random", "heuristic"],
                       options={"target": 150})
    room = made["room"]["id"]
    with client.websocket_connect(f"/ws/{room}") as session:
        socket = Socket(session, made["token"], "seat 0")
        play_until(socket, game_over)
        no_traceback(socket.frames)
    finished = client.get(f"/api/rooms/{room}").json()
    assert finished["status"] == "finished" and finished["winner"] is not None
    history = client.get("/api/history").json()
    assert [r["id"] for r in history] == [room]
    record = client.get(f"/api/rooms/{room}/record").json()
    replayed = tricktable.replay(record)
    assert replayed.is_over and replayed.scores == finished["scores"]
    step = client.get(f"/api/rooms/{room}/replay?step=5").json()
    assert step["step"] == 5 and step["total"] == len(record["actions"])
    assert [len(s["hand"]) for s in step["seats"]] == [
        len(tricktable.replay(record, upto=5).view(s)["hand"]) for s in range(4)]
    last = client.get(f"/api/rooms/{room}/replay?step=99999").json()
    assert last["step"] == last["total"]


def test_bots_wait_until_someone_watches(client: Any) -> None:
    made = create_room(client, "rook", 3, seats=["random"] * 4)
    room = made["room"]["id"]
    time.sleep(0.2)
    assert client.get(f"/api/rooms/{room}").json()["version"] == 0
    with client.websocket_connect(f"/ws/{room}") as session:
        socket = Socket(session, None, "watcher")
        assert socket.until("state", 10)["version"] == 10


def _hint_on_my_turn(client: Any, game: str, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0's first state frame with a choice to make, and the hint asked for then."""
    made = create_room(client, game, seed, seats=["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
        socket = Socket(session, made["token"], "seat 0")
        frame = socket.until("state")
        while not frame["legal"]:
            frame = socket.until("state")
        socket.send({"type": "hint"})
        return frame, socket.until("hint")


def test_hint_suggests_a_legal_action(client: Any) -> None:
    frame, hint = _hint_on_my_turn(client, "rook", 6)
    assert hint["version"] == frame["version"]
    assert hint["action"]["text"] in {a["text"] for a in frame["legal"]}
    assert hint["reason"] and hint["choices"][0]["action"] == hint["action"]["text"]
    assert hint["bids"] is None


def test_pinochle_hint_suggests_a_bid_for_each_trump(client: Any) -> None:
    frame, hint = _hint_on_my_turn(client, "pinochle", 3)
    assert frame["view"]["phase"] == "bid"
    assert sorted(hint["bids"]) == sorted("♠♥♦♣")
    assert all(isinstance(b["suggested_bid"], int) for b in hint["bids"].values())


def test_a_strong_bot_seat_plays_against_a_person(client: Any) -> None:
    """The lobby offers ``strong``; it searches the redacted game and plays legal moves."""
    assert "strong" in next(g for g in client.get("/api/games").json()
                            if g["name"] == "sixtysix")["bots"]
    made = create_room(client, "sixtysix", 4, seats=["human", "strong"])
    assert made["room"]["seats"][1]["bot"] == "strong"
    with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
        socket = Socket(session, made["token"], "seat 0")
        frame = play_until(socket, lambda f: bool(f["results"]))
        no_traceback(socket.frames)
    assert frame["results"][0]["deltas"]


def test_an_absent_human_is_replaced_by_a_bot_and_takes_the_seat_back() -> None:
    config = ServerConfig(bot_delay=0, away_timeout=0.3)
    with app_client(config, MemoryStore()) as client:
        room, token = seeded_room(client, "rook", 8, ["human", "human", "random", "random"])
        bo = client.post(f"/api/rooms/{room}/join", json={"name": "Bo"}).json()
        with client.websocket_connect(f"/ws/{room}") as session:
            ann = Socket(session, token, "Ann")
            ann.until("state")
            # Bo comes and goes
            with client.websocket_connect(f"/ws/{room}") as bo_session:
                Socket(bo_session, bo["token"], "Bo").until("state")
            started = time.monotonic()
            frame = play_until(ann, lambda f: bool(f["room"]["seats"][1]["away"]))
            assert time.monotonic() - started >= 0.25
            # the game goes on with a bot in Bo's seat
            start = frame["version"]
            play_until(ann, lambda f: f["version"] >= start + 8 or game_over(f))
            with client.websocket_connect(f"/ws/{room}") as bo_session:
                back = Socket(bo_session, bo["token"], "Bo")
                assert back.until("welcome")["seat"] == 1
                assert back.until("state")["room"]["seats"][1]["away"] is False


def test_the_seconds_before_a_bot_takes_an_absent_seat_are_sent() -> None:
    config = ServerConfig(bot_delay=0, away_timeout=30)
    with app_client(config, MemoryStore()) as client:
        room, token = seeded_room(client, "rook", 8, ["human", "human", "random", "random"])
        bo = client.post(f"/api/rooms/{room}/join", json={"name": "Bo"}).json()
        with client.websocket_connect(f"/ws/{room}") as session:
            ann = Socket(session, token, "Ann")
            with client.websocket_connect(f"/ws/{room}") as bo_session:
                present = Socket(bo_session, bo["token"], "Bo").until("state")["room"]["seats"]
                assert present[1]["away_in"] is None
            frame = play_until(ann, lambda f: not f["room"]["seats"][1]["connected"])
            seats = frame["room"]["seats"]
            assert 25 < seats[1]["away_in"] <= 30 and seats[1]["away"] is False
            assert seats[0]["away_in"] is None and seats[2]["away_in"] is None


@pytest.mark.parametrize("game", tricktable.games())
def test_sync_resends_the_whole_log(client: Any, game: str) -> None:
    made = create_room(client, game, 2, seats=None)
    with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
        socket = Socket(session, made["token"], "seat 0")
        first = socket.until("state")
        socket.send({"type": "sync"})
        again = socket.until("state")
        while again["log_start"] != 0:  # a bot's move may come first
            again = socket.until("state")
        assert len(again["log"]) >= len(first["log"])
        assert again["log"][:len(first["log"])] == first["log"]


class SlowBot:
    """A bot that thinks for a long time (a search), then plays the first legal action."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        time.sleep(self.seconds)
        return legal[0]


def test_a_slow_bot_in_one_room_does_not_stall_another(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.server import loading

    real = loading.make_bot

    def make_bot(name: str, game: str, seed: int = 0) -> Any:
        return SlowBot(1.0) if name == "heuristic" and game == "sixtysix" else real(
            name, game, seed)

    monkeypatch.setattr(loading, "make_bot", make_bot)
    with app_client(ServerConfig(bot_delay=0), MemoryStore()) as client:
        slow = create_room(client, "sixtysix", 1, seats=["heuristic", "heuristic"])
        fast = create_room(client, "rook", 2, seats=["human", "random", "random", "random"])
        with client.websocket_connect(f"/ws/{slow['room']['id']}") as watching, \
                client.websocket_connect(f"/ws/{fast['room']['id']}") as playing:
            Socket(watching, None, "watcher").until("state")  # the slow bot starts thinking
            ann = Socket(playing, fast["token"], "Ann")
            started = time.monotonic()
            play_until(ann, lambda f: f["version"] >= 12)
            assert time.monotonic() - started < 0.9, "the fast room waited for the slow bot"


def test_a_connection_that_never_says_hello_is_closed() -> None:
    config = ServerConfig(bot_delay=0, hello_timeout=0.3)
    with app_client(config, MemoryStore()) as client:
        room, _token0, _token1 = waiting_room(client)
        with concurrent.futures.ThreadPoolExecutor(1) as pool, \
                client.websocket_connect(f"/ws/{room}") as session:
            message = pool.submit(session.receive).result(timeout=5)  # fails, not hangs
            assert message["type"] == "websocket.close" and message["code"] == 1008
