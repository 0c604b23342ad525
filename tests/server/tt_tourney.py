"""Helpers of the tests of tournaments with people: players, a tournament, a deal played."""

from __future__ import annotations

import time
from typing import Any

from tt_server_support import JSON, Socket, play_until


def new_player(client: Any, name: str) -> JSON:
    """A new player: {id, name, key, ...}."""
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player: JSON = made.json()
    return player


def with_people(client: Any, owner: JSON, game: str = "sixtysix", people: int = 2,
                deals: int = 2, **extra: Any) -> JSON:
    """A tournament with places for people, made by ``owner``."""
    body = {"game": game, "entrants": ["heuristic", "random"], "deals": deals,
            "people": people, "player_key": owner["key"], "seed": 7, **extra}
    made = client.post("/api/tournaments", json=body)
    assert made.status_code == 201, made.text
    found: JSON = made.json()
    return found


def post(client: Any, tournament: str, what: str, player: JSON) -> Any:
    """POST /api/tournaments/{id}/{what} as ``player``."""
    return client.post(f"/api/tournaments/{tournament}/{what}",
                       json={"player_key": player["key"]})


def finished(frame: JSON) -> bool:
    """Whether a state frame shows the room finished (a tournament's room: one hand)."""
    return bool(frame["room"]["status"] == "finished")


def play_next_deal(client: Any, tournament: str, player: JSON) -> JSON:
    """Play the player's next table to its end; the seat answer, with the frames."""
    seat = post(client, tournament, "seat", player)
    assert seat.status_code == 200, seat.text
    answer: JSON = seat.json()
    assert not answer["done"]
    with client.websocket_connect(f"/ws/{answer['room']}") as session:
        socket = Socket(session, answer["token"], player["name"])
        last = play_until(socket, finished)
    return {**answer, "last": last, "frames": socket.frames}


def wait_status(client: Any, tournament: str, status: str, timeout: float = 60) -> JSON:
    """Poll the tournament until it has ``status``."""
    deadline = time.monotonic() + timeout
    while True:
        found: JSON = client.get(f"/api/tournaments/{tournament}").json()
        if found["status"] == status:
            return found
        assert time.monotonic() < deadline, f"still {found['status']}: {found}"
        time.sleep(0.05)


def wait_bots(client: Any, tournament: str, count: int, timeout: float = 60) -> JSON:
    """Poll until ``count`` tables are played (the bot tables, before any person's)."""
    deadline = time.monotonic() + timeout
    while True:
        found: JSON = client.get(f"/api/tournaments/{tournament}").json()
        if found["done"] >= count:
            return found
        assert time.monotonic() < deadline, f"only {found['done']} tables played"
        time.sleep(0.05)
