"""Bot tournaments through the API: started, played in the background, stored, replayed."""

from __future__ import annotations

import time
from typing import Any


def wait_finished(client: Any, tournament: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        found: dict[str, Any] = client.get(f"/api/tournaments/{tournament}").json()
        if found["status"] != "running" or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def test_a_bot_tournament_plays_in_the_background_and_its_deals_replay(client: Any) -> None:
    made = client.post("/api/tournaments", json={
        "game": "rook", "entrants": ["heuristic", "random"], "deals": 2, "seed": 4})
    assert made.status_code == 201, made.text
    started = made.json()
    assert started["total"] == 4 and started["url"] == f"/tournament/{started['id']}"
    done = wait_finished(client, started["id"])
    assert done["status"] == "finished" and done["done"] == 4
    doc = done["doc"]
    assert doc["scoring"] == "matchpoints" and len(doc["tables"]) == 4
    assert all("record" not in table for table in doc["tables"])
    assert [t["id"] for t in client.get("/api/tournaments").json()] == [started["id"]]
    first = client.get(f"/api/tournaments/{started['id']}/tables/0/replay?step=0").json()
    last = client.get(f"/api/tournaments/{started['id']}/tables/0/replay?step=9999").json()
    assert first["step"] == 0 and len(first["seats"]) == 4 and first["seats"][0]["hand"]
    assert last["step"] == last["total"] > 0 and last["move"]["seat"] in range(4)
    assert client.get(f"/api/tournaments/{started['id']}/tables/4/replay").status_code == 404
    assert client.get("/api/tournaments/nothing").status_code == 404
    assert client.get(f"/tournament/{started['id']}").status_code == 200


def test_a_tournament_outside_the_limits_is_refused_and_nothing_starts(client: Any) -> None:
    cases = [
        ({"game": "rook", "entrants": ["heuristic", "nobody"], "deals": 2}, 400, "nobody"),
        ({"game": "rook", "entrants": ["heuristic", "heuristic"], "deals": 2}, 400, "once"),
        ({"game": "chess", "entrants": ["heuristic", "random"], "deals": 2}, 400, "chess"),
        ({"game": "rook", "entrants": ["heuristic"], "deals": 2}, 422, "entrants"),
        ({"game": "rook", "entrants": ["heuristic", "random"], "deals": 21}, 422, "deals"),
        ({"game": "rook", "entrants": ["heuristic", "x" * 41], "deals": 2}, 422, "entrants"),
        ({"game": "bidder", "entrants": ["heuristic", "random", "strong"], "deals": 20,
          "players": 6}, 400, "at most 240 tables"),
    ]
    for body, status, words in cases:
        answer = client.post("/api/tournaments", json=body)
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    assert client.get("/api/tournaments").json() == []


def test_a_tournament_stops_at_its_next_table_when_the_server_stops() -> None:
    """A strong bot among the entrants: the tournament is still running when the server stops."""
    from tt_server_support import app_client

    from tricktable.server import ServerConfig
    from tricktable.store import MemoryStore

    store = MemoryStore()
    with app_client(ServerConfig(bot_delay=0), store) as client:
        started = client.post("/api/tournaments", json={
            "game": "bidder", "players": 6, "entrants": ["heuristic", "strong"],
            "deals": 20}).json()
        rooms = client.app.state.rooms
        time.sleep(0.3)
    began = time.monotonic()
    rooms.job_pool.shutdown(wait=True)  # the job's thread ends: its next step saw the close
    stopped_in = time.monotonic() - began
    left = store.ledger.tournament(started["id"])
    assert left is not None and left.status == "running" and left.done < left.total == 120
    assert stopped_in < 2  # one decision at most, not the rest of the 120 tables
