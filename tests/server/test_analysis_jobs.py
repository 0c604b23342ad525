"""Post-game analysis in the browser: started once per room and seat, progress, stored,
finished games only, limits."""

from __future__ import annotations

import time
from typing import Any

from tt_server_support import Socket, game_over, play_until

from tricktable.server import analysis_jobs
from tricktable.store.ledger import AnalysisInfo, MemoryLedger


def finished_room(client: Any) -> str:
    made = client.post("/api/rooms", json={
        "game": "sixtysix", "name": "Ann", "options": {"target": 1},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
        play_until(Socket(session, made["token"], "Ann"), game_over)
    room: str = made["room"]["id"]
    return room


def test_an_analysis_runs_in_the_background_and_is_shown_again(client: Any,
                                                               monkeypatch: Any) -> None:
    monkeypatch.setattr(analysis_jobs, "LIMITS", analysis_jobs.SearchLimits(worlds=2,
                                                                            seconds=0.05))
    room = finished_room(client)
    assert client.get(f"/api/rooms/{room}/analysis?seat=0").json()["status"] == "none"
    started = client.post(f"/api/rooms/{room}/analysis", json={"seat": 0})
    assert started.status_code == 202 and started.json()["status"] == "running"
    again = client.post(f"/api/rooms/{room}/analysis", json={"seat": 0}).json()
    assert again["status"] in ("running", "finished")  # not a second job
    deadline = time.monotonic() + 60
    while (shown := client.get(f"/api/rooms/{room}/analysis?seat=0").json())["status"] == \
            "running" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert shown["status"] == "finished" and shown["done"] == shown["total"] > 0
    doc = shown["doc"]
    assert doc["decisions"] and {d["seat"] for d in doc["decisions"]} == {0}
    assert len(doc["costliest"]) <= 3
    assert all(d["cost"] > 0 and isinstance(d["cards"], list) for d in doc["costliest"])
    assert [d["cost"] for d in doc["costliest"]] == sorted((d["cost"] for d in doc["costliest"]),
                                                           reverse=True)
    record = client.get(f"/api/rooms/{room}/record").json()
    assert shown["total"] == len(record["actions"])


def test_only_finished_games_and_real_seats_are_analysed(client: Any) -> None:
    made = client.post("/api/rooms", json={"game": "rook", "name": "Ann"}).json()
    refused = client.post(f"/api/rooms/{made['room']['id']}/analysis", json={"seat": 0})
    assert refused.status_code == 403  # the record of a game going on shows hidden cards
    assert client.post("/api/rooms/nothing/analysis", json={"seat": 0}).status_code == 404
    room = finished_room(client)
    wrong = client.post(f"/api/rooms/{room}/analysis", json={"seat": 5})
    assert wrong.status_code == 400 and "not a seat" in wrong.json()["error"]
    assert client.post(f"/api/rooms/{room}/analysis", json={"seat": 99}).status_code == 422


def test_a_stopped_or_failed_analysis_is_taken_over_and_a_running_one_is_not() -> None:
    ledger = MemoryLedger()
    first = AnalysisInfo("r", 0, updated=100.0)
    assert ledger.start_analysis(first, stale_before=50.0)
    assert not ledger.start_analysis(AnalysisInfo("r", 0), stale_before=50.0)  # running
    assert ledger.start_analysis(AnalysisInfo("r", 0), stale_before=150.0)  # its process stopped
    ledger.save_analysis(AnalysisInfo("r", 1, status="failed"))
    assert ledger.start_analysis(AnalysisInfo("r", 1), stale_before=0.0)
    ledger.save_analysis(AnalysisInfo("r", 2, status="finished"))
    assert not ledger.start_analysis(AnalysisInfo("r", 2), stale_before=1e12)
