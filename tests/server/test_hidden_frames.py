"""Every frame sent to every seat during whole games holds only what that seat may see.

Each seat of each game is a human seat played through its own websocket by a
test player; a spectator watches too. Every frame is recorded; afterwards the
game is replayed and each frame is checked against the state of its version:
its view is exactly that seat's view, and neither it nor its log nor anything
else in it names a card hidden from that seat (the conformance suite's
definition: ``hidden_from``, with two-copy decks counted per face).
"""

from __future__ import annotations

from typing import Any

import pytest
from tt_server_support import (
    Socket,
    check_frames,
    create_room,
    no_traceback,
    policy,
    seeded_room,
)

import tricktable


def cases() -> list[tuple[str, int]]:
    return [(name, count) for name in tricktable.games()
            for count in tricktable.find_game(name).player_counts]


def play_whole_game(client: Any, game: str, players: int, seed: int,
                    options: dict[str, Any] | None = None) -> None:
    room, token = seeded_room(client, game, seed, ["human"] * players, players=players,
                              options=options)
    tokens = {0: token}
    for seat in range(1, players):
        joined = client.post(f"/api/rooms/{room}/join", json={"name": f"P{seat}", "seat": seat})
        assert joined.status_code == 200, joined.text
        tokens[seat] = joined.json()["token"]
    sessions = [client.websocket_connect(f"/ws/{room}") for _ in range(players + 1)]
    entered = [session.__enter__() for session in sessions]
    try:
        sockets: dict[int | None, Socket] = {
            seat: Socket(entered[seat], tokens[seat], f"seat {seat}") for seat in range(players)}
        sockets[None] = Socket(entered[players], None, "spectator")
        for socket in sockets.values():
            socket.until("state", 0)
        version = 0
        while True:
            spectator = sockets[None].latest
            assert spectator is not None
            if spectator["view"]["phase"] == "game_over":
                break
            seat = spectator["view"]["to_move"]
            mover = sockets[seat]
            frame = mover.latest
            assert frame is not None and frame["version"] == version
            mover.send({"type": "act", "version": version, "action": policy(frame)})
            version += 1
            mover.until("state", version)  # first: an error frame would come here
            for socket in sockets.values():
                if socket is not mover:
                    socket.until("state", version)
            assert version < 5000, "the game did not end"
        record = client.get(f"/api/rooms/{room}/record").json()
        assert len(record["actions"]) == version
        frames = {seat: socket.frames for seat, socket in sockets.items()}
        for received in frames.values():
            no_traceback(received)
        problems = check_frames(record, frames)
        assert not problems, "\n".join(problems[:20])
    finally:
        for session in sessions:
            session.__exit__(None, None, None)


@pytest.mark.parametrize(("game", "players"), cases(), ids=lambda c: str(c))
def test_no_frame_shows_a_hidden_card(client: Any, game: str, players: int) -> None:
    """Whole games under the options the game declares random play ends with (its floor)."""
    floor = dict(tricktable.find_game(game).playout_options)
    play_whole_game(client, game, players, seed=11, options=floor)


VARIANTS = [("pinochle", 4, {"passing": True, "pass_count": 4, "target": 20, "loss_limit": 20}),
            ("sixtysix", 2, {"short_deck": True, "announce": True, "strict_follow": True,
                             "target": 2}),
            ("sixtysix", 2, {"announce": True, "marriage_needs_trick": True, "target": 2})]


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS,
                         ids=["pinochle-passing", "schnapsen", "santase"])
def test_no_frame_shows_a_hidden_card_under_the_rule_options(
        client: Any, game: str, players: int, options: dict[str, Any]) -> None:
    """Passed cards reach the giver and the receiver only; with 66 announced, the earlier
    tricks turned down stay out of every frame until the hand ends."""
    play_whole_game(client, game, players, seed=5, options=options)


def test_the_check_finds_a_planted_card(client: Any) -> None:
    """The checker itself: a frame naming another seat's card is reported."""
    made = create_room(client, "rook", 3, seats=["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
        socket = Socket(session, made["token"], "seat 0")
        frame = socket.until("state", 0)
    game = tricktable.new_game("rook", seed=3)
    other = game.view(1)["hand"][0]
    planted = {**frame, "log": [*frame["log"][:-1], f"N sees {other}"]}
    record = {**game.record(), "actions": []}
    assert check_frames(record, {0: [frame]}) == []
    problems = check_frames(record, {0: [planted]})
    assert problems and other in problems[0]
    in_view = {**frame, "view": {**frame["view"], "hand": [*frame["view"]["hand"], other]}}
    assert check_frames(record, {0: [in_view]})
