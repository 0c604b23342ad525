"""Table chat: presets and emotes, free text only where allowed, limits, two channels,
and never part of a view, a log, a record or a bot's input."""

from __future__ import annotations

import json
from typing import Any

from tt_server_support import Socket

from tricktable.server.chat import CHAT_BURST, EMOTES, PHRASES


def room_with(client: Any, chat: str, seats: list[str]) -> dict[str, Any]:
    made = client.post("/api/rooms", json={
        "game": "rook", "name": "Ann", "chat": chat,
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s}
                  for s in seats]})
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def next_chat(socket: Socket) -> dict[str, Any]:
    while True:
        frame = socket.recv()
        if frame["type"] in ("chat", "error"):
            return frame


def test_players_and_spectators_have_their_own_channels(client: Any) -> None:
    made = room_with(client, "presets", ["human", "human", "heuristic", "heuristic"])
    room = made["room"]["id"]
    bob = client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}).json()
    with client.websocket_connect(f"/ws/{room}") as a, \
            client.websocket_connect(f"/ws/{room}") as b, \
            client.websocket_connect(f"/ws/{room}") as c:
        ann, bobs, watcher = (Socket(a, made["token"], "Ann"), Socket(b, bob["token"], "Bob"),
                              Socket(c, None, "watcher"))
        for socket in (ann, bobs, watcher):
            assert next_chat(socket) == {"type": "chat", "messages": [], "history": True,
                                         "mode": "presets"}
        ann.send({"type": "chat", "phrase": "gl"})
        for socket in (ann, bobs, watcher):
            message = next_chat(socket)["messages"][0]
            assert (message["channel"], message["name"], message["text"]) == (
                "table", "Ann", PHRASES["gl"])
        watcher.send({"type": "chat", "emote": "wow"})
        heard = next_chat(watcher)["messages"][0]
        assert (heard["channel"], heard["text"], heard["seat"]) == (
            "watchers", EMOTES["wow"], None)
        ann.send({"type": "ping"})
        while (frame := ann.recv())["type"] != "pong":
            assert frame["type"] != "chat"  # the players never hear the rail
        refused = [{"type": "chat", "text": "hi"}, {"type": "chat", "phrase": "nope"},
                   {"type": "chat", "phrase": "gl", "emote": "wow"}, {"type": "chat"}]
        codes = []
        for message in refused:
            bobs.send(message)
            codes.append(next_chat(bobs)["code"])
        assert codes == ["chat_refused", "chat_refused", "bad_message", "bad_message"]
    with client.websocket_connect(f"/ws/{room}") as late:
        history = next_chat(Socket(late, None, "late watcher"))
        assert [m["text"] for m in history["messages"]] == [PHRASES["gl"], EMOTES["wow"]]


def test_free_text_is_cleaned_limited_and_rate_limited(client: Any) -> None:
    made = room_with(client, "free", ["human", "random", "random", "random"])
    room = made["room"]["id"]
    with client.websocket_connect(f"/ws/{room}") as session:
        ann = Socket(session, made["token"], "Ann")
        next_chat(ann)
        ann.send({"type": "chat", "text": "<img src=x onerror=alert(1)>\x00\n  hi"})
        assert next_chat(ann)["messages"][0]["text"] == "<img src=x onerror=alert(1)> hi"
        ann.send({"type": "chat", "text": "x" * 201})
        assert next_chat(ann)["code"] == "too_long"
        ann.send({"type": "chat", "text": "\x01 \t"})
        assert next_chat(ann)["code"] == "bad_message"
        answers = []
        for _ in range(CHAT_BURST + 1):
            ann.send({"type": "chat", "emote": "smile"})
            answers.append(next_chat(ann)["type"])
        assert answers[-1] == "error" and answers.count("chat") == CHAT_BURST - 1
        live = client.app.state.rooms.rooms[room]
        said = [m["text"] for m in live.chat.history["table"]]
        assert said and all(text not in json.dumps(live.game.view(seat))
                            for seat in range(4) for text in said if text != "hi")
        assert "onerror" not in json.dumps([live.game.view(s) for s in (None, 0, 1, 2, 3)])
        assert "onerror" not in json.dumps(live.game.events(None))
        assert all("onerror" not in json.dumps(f) for f in ann.frames if f["type"] == "state")


def test_a_room_without_chat_refuses_it(client: Any) -> None:
    made = room_with(client, "off", ["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
        ann = Socket(session, made["token"], "Ann")
        assert next_chat(ann)["mode"] == "off"
        ann.send({"type": "chat", "phrase": "gl"})
        assert next_chat(ann)["code"] == "chat_refused"
    bad = client.post("/api/rooms", json={"game": "rook", "name": "Ann", "chat": "loud"})
    assert bad.status_code == 422
