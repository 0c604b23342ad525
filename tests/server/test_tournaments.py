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
