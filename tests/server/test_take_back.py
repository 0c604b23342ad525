"""Take back against bots: offered alone with bots until the trick ends, refused otherwise,
and the record keeps only what was played last."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from tt_server_support import (
    Socket,
    app_client,
    create_room,
    game_over,
    play_until,
    policy,
    seeded_room,
)

import tricktable
from tricktable.server import ServerConfig
from tricktable.server.ratings import is_rated
from tricktable.server.takeback import ALONE_WITH_BOTS, mark_taken_back
from tricktable.store import MemoryStore

JSON = dict[str, Any]


def my_turn(socket: Socket) -> JSON:
    """Read state frames until the socket's seat has legal actions."""
    frame = socket.latest or socket.until("state")
    while not frame["legal"]:
        frame = socket.until("state")
    return frame


def refused(socket: Socket, version: int) -> JSON:
    """Ask to take back at ``version``; return the error frame that refuses it."""
    socket.send({"type": "take_back", "version": version})
    frame = socket.recv()
    while frame["type"] != "error":
        frame = socket.recv()
    assert frame["code"] == "no_take_back", frame
    return frame


def test_a_bid_is_taken_back_and_the_record_keeps_what_was_played_last(client: Any) -> None:
    made = create_room(client, "rook", 9, seats=["human", "heuristic", "heuristic", "heuristic"],
                       options={"target": 150})
    room = made["room"]["id"]
    with client.websocket_connect(f"/ws/{room}") as session:
        socket = Socket(session, made["token"], "seat 0")
        frame = my_turn(socket)
        assert frame["view"]["phase"] == "bid" and not frame["take_back"]  # nothing to take back
        before = frame["version"]
        bid = next(a["text"] for a in frame["legal"] if a["text"] != "pass")
        socket.send({"type": "act", "version": before, "action": bid})
        socket.until("state", before + 1)
        frame = my_turn(socket)
        assert frame["version"] > before + 1, "the bots answered the bid"
        assert frame["take_back"] and not frame["room"]["took_back"]
        socket.send({"type": "take_back", "version": frame["version"]})
        back = socket.until("state", before)
        game = tricktable.new_game("rook", seed=9, options={"target": 150})
        for text in game_history(client, room):
            game.apply(text)
        assert back["view"] == game.view(0) and len(game.history) == before
        assert bid in [a["text"] for a in back["legal"]] and back["room"]["took_back"]
        assert back["log_start"] == 0 and back["log"] == game.events(0)
        socket.send({"type": "act", "version": before, "action": "pass"})
        socket.until("state", before + 1)
        play_until(socket, game_over)
    finished = client.get(f"/api/rooms/{room}").json()
    assert finished["took_back"] and finished["status"] == "finished"
    stored = client.app.state.rooms.store.load(room)
    assert stored is not None and stored[0].settings["took_back"]
    rated = {**stored[0].settings, "rated": True}  # as a room with no deal number chosen
    assert not is_rated(replace(stored[0], settings=mark_taken_back(rated)))
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["actions"][before] == "pass"  # the bid taken back is not in the record
    replayed = tricktable.replay(record)
    assert replayed.is_over and replayed.scores == finished["scores"]


def game_history(client: Any, room: str) -> list[str]:
    """The actions the store holds for ``room`` now."""
    found = client.app.state.rooms.store.load(room)
    assert found is not None
    return [action.text for action in found[1]]


def test_never_when_another_person_sits_at_the_table(client: Any) -> None:
    room, token = seeded_room(client, "sixtysix", 4, ["human", "human"])
    other = client.post(f"/api/rooms/{room}/join", json={"name": "Bo"}).json()
    game = tricktable.new_game("sixtysix", seed=4)
    mover = token if game.to_move == 0 else other["token"]
    with client.websocket_connect(f"/ws/{room}") as session:
        socket = Socket(session, mover, "mover")
        frame = my_turn(socket)
        first = frame["legal"][0]["text"]
        socket.send({"type": "act", "version": 0, "action": first})
        frame = socket.until("state", 1)
        assert not frame["take_back"]
        error = refused(socket, 1)
        assert error["message"] == ALONE_WITH_BOTS and error["version"] == 1
    assert game_history(client, room) == [first]
    assert not client.get(f"/api/rooms/{room}").json()["took_back"]


def test_refused_once_the_trick_is_over_to_a_spectator_and_at_an_old_version(client: Any) -> None:
    made = create_room(client, "rook", 5, seats=["human", "random", "random", "random"])
    room = made["room"]["id"]
    with client.websocket_connect(f"/ws/{room}") as session:
        socket = Socket(session, made["token"], "seat 0")
        frame = play_until(socket, lambda f: bool(f["legal"]) and f["view"]["phase"] == "play"
                           and f["view"]["trick"] == [] and f["view"]["last_trick"] is not None)
        assert not frame["take_back"]  # the human played to the trick just won
        error = refused(socket, frame["version"])
        assert "trick is over" in error["message"]
        assert "moved on" in refused(socket, frame["version"] - 1)["message"]
        with client.websocket_connect(f"/ws/{room}") as watching:
            spectator = Socket(watching, None, "watcher")
            assert not spectator.until("state")["take_back"]
            assert "watching" in refused(spectator, frame["version"])["message"]
        assert len(game_history(client, room)) == frame["version"]  # nothing changed


def test_a_card_is_taken_back_before_the_bot_answers_it() -> None:
    config = ServerConfig(bot_delay=0.6)
    with app_client(config, MemoryStore()) as client:
        made = create_room(client, "sixtysix", 3, seats=["human", "random"])
        room = made["room"]["id"]
        with client.websocket_connect(f"/ws/{room}") as session:
            socket = Socket(session, made["token"], "seat 0")
            frame = play_until(socket, lambda f: bool(f["legal"]) and f["view"]["trick"] == []
                               and any(a["kind"] == "play" for a in f["legal"]))
            version, hand = frame["version"], frame["view"]["hand"]
            card = next(a for a in frame["legal"] if a["kind"] == "play")
            socket.send({"type": "act", "version": version, "action": card["text"]})
            played = socket.until("state", version + 1)
            assert played["take_back"] and len(played["view"]["trick"]) == 1
            socket.send({"type": "take_back", "version": version + 1})
            back = socket.until("state", version)
            assert back["view"]["hand"] == hand and back["view"]["trick"] == []
            time.sleep(1.0)  # the bot's answer to the card taken back never comes
            socket.send({"type": "ping"})
            assert socket.until("pong")["version"] == version
            assert len(game_history(client, room)) == version
            other = next(a for a in frame["legal"]
                         if a["kind"] == "play" and a["text"] != card["text"])
            socket.send({"type": "act", "version": version, "action": other["text"]})
            socket.until("state", version + 2)  # the bot answers the new card
            assert game_history(client, room)[version] == other["text"]


def test_refused_once_the_bots_have_shown_cards_since() -> None:
    """A pass in the auction, then a bot wins it and the bots lead to the first trick: the
    pass may not be taken back, since the cards the bots played would go back to their
    hands, known to the player."""
    with app_client(ServerConfig(bot_delay=0.0), MemoryStore()) as client:
        made = create_room(client, "rook", 4, seats=["human", "random", "random", "random"])
        with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
            socket = Socket(session, made["token"], "seat 0")
            frame, acted = my_turn(socket), -1
            while not (frame["legal"] and frame["view"]["phase"] == "play"
                       and frame["view"]["trick"] and sum(frame["view"]["tricks"]) == 0):
                if frame["legal"] and frame["version"] > acted:
                    acted = frame["version"]
                    action = "pass" if frame["view"]["phase"] == "bid" else policy(frame)
                    socket.send({"type": "act", "version": acted, "action": action})
                frame = socket.until("state")
            assert not frame["take_back"]
            message = refused(socket, frame["version"])["message"]
            assert "shown you cards" in message
