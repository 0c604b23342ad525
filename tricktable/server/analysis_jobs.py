"""Post-game analysis in the browser: a background job per finished room and seat.

``POST /api/rooms/{id}/analysis {seat}`` starts :func:`tricktable.analysis.analyse`
on the room's record for that seat's decisions, in the job thread of the
process that took the request (one long job at a time, never in the rooms' bot
threads); its progress (actions reviewed of the
record's) and then its document are stored, so the replay page shows it again
at once, from any process. A finished game only: before the end the record
would show hidden cards. One analysis runs per room and seat (the store
refuses a second start unless the first failed or its process stopped:
``STALE_SECONDS`` without progress), and at most ``MAX_RUNNING`` per process.

>>> costliest([{"number": 1, "cost": 2.0}, {"number": 2, "cost": 5.0},
...            {"number": 3, "cost": -1.0}], 2)
[{'number': 2, 'cost': 5.0}, {'number': 1, 'cost': 2.0}]
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import Field

import tricktable
from tricktable.analysis import SearchLimits, analyse
from tricktable.server.common import Body
from tricktable.server.manager import JobStopped
from tricktable.server.protocol import JSON
from tricktable.store.ledger import AnalysisInfo

log = logging.getLogger("tricktable.server")

LIMITS = SearchLimits(worlds=12, seconds=0.25)  # per decision: a whole game in minutes
STALE_SECONDS = 120.0
MAX_RUNNING = 2  # analyses one process runs at once
PROGRESS_EVERY = 5  # actions between progress writes


class AnalysisBody(Body):
    """POST /api/rooms/{id}/analysis."""

    seat: int = Field(ge=0, le=15)


def costliest(decisions: list[JSON], count: int = 3) -> list[JSON]:
    """The ``count`` decisions that cost the most (a positive cost only), costliest first."""
    ranked = sorted((d for d in decisions if d["cost"] > 0), key=lambda d: d["cost"],
                    reverse=True)
    return ranked[:count]


def positions(record: JSON, seat: int, decisions: list[JSON]) -> list[JSON]:
    """Each decision with the position it was made in, as ``seat`` saw it (a finished game)."""
    shown = []
    for decision in decisions:
        game = tricktable.replay(record, upto=decision["number"] - 1)
        view = game.view(seat)
        shown.append({**decision, "cards": view.get("hand", []), "trick": view.get("trick", []),
                      "prompt": view.get("prompt"),
                      "legal": [a.text for a in game.legal_actions()]})
    return shown


def run(record: JSON, seat: int, info: AnalysisInfo, save: Any,
        check: Any = lambda: None) -> JSON:
    """Analyse one seat's decisions (blocking); ``save(info)`` stores progress, ``check()``
    raises to stop it (the process is closing)."""
    info.total = len(record["actions"])
    counter = 0

    def progress() -> None:
        nonlocal counter
        check()
        counter += 1
        if counter % PROGRESS_EVERY == 0 or counter == info.total:
            info.done, info.updated = counter, time.time()
            save(info)

    report = analyse(record, LIMITS, seed=0, seat=seat, progress=progress).to_json()
    report["costliest"] = positions(record, seat, costliest(report["decisions"]))
    return report


def analysis_json(info: AnalysisInfo | None) -> JSON:
    """What the replay page reads: the status (``none`` before any), progress, document."""
    if info is None:
        return {"status": "none", "done": 0, "total": 0, "doc": None}
    status = info.status
    if status == "running" and time.time() - info.updated > STALE_SECONDS:
        status = "stopped"
    return {"status": status, "done": info.done, "total": info.total, "doc": info.doc,
            "error": info.error, "seat": info.seat}


def analysis_api(finished_record: Any) -> APIRouter:
    """The analysis routes; ``finished_record(request, room_id)`` gives a finished game's
    record (403 before the end, 404 for no room)."""
    api = APIRouter()
    running: set[asyncio.Task[None]] = set()

    async def job(rooms: Any, record: JSON, info: AnalysisInfo) -> None:
        ledger = rooms.store.ledger
        loop = asyncio.get_running_loop()

        def save(progress: AnalysisInfo) -> None:
            asyncio.run_coroutine_threadsafe(rooms.in_store(ledger.save_analysis, progress),
                                             loop)

        try:
            info.doc = await rooms.in_jobs(run, record, info.seat, info, save,
                                           rooms.check_closing)
            info.status, info.done = "finished", info.total
        except JobStopped:  # left running in the store: taken over once it is stale
            return
        except Exception as error:
            log.exception("room %s: the analysis of seat %d failed", info.room_id, info.seat)
            info.status, info.error = "failed", f"the analysis failed: {error.__class__.__name__}"
        info.updated = time.time()
        await rooms.in_store(ledger.save_analysis, info)

    @api.post("/api/rooms/{room_id}/analysis", status_code=202)
    async def start(request: Request, room_id: str, body: AnalysisBody) -> JSON:
        record, _moves, room = await finished_record(request, room_id)
        if body.seat >= room["players"]:
            raise HTTPException(400, f"seat {body.seat} is not a seat of this game "
                                     f"(0 to {room['players'] - 1})")
        rooms = request.app.state.rooms
        ledger = rooms.store.ledger
        if len(running) >= MAX_RUNNING:
            raise HTTPException(429, f"this server analyses {MAX_RUNNING} games at a time: "
                                     "try again in a minute")
        info = AnalysisInfo(room["id"], body.seat)
        if await rooms.in_store(ledger.start_analysis, info, time.time() - STALE_SECONDS):
            task = asyncio.get_running_loop().create_task(job(rooms, record, info))
            running.add(task)
            task.add_done_callback(running.discard)
            rooms.stopping.add(task)
            task.add_done_callback(rooms.stopping.discard)
            return analysis_json(info)
        return analysis_json(await rooms.in_store(ledger.analysis, room["id"], body.seat))

    @api.get("/api/rooms/{room_id}/analysis")
    async def show(request: Request, room_id: str, seat: int = Query(ge=0, le=15)) -> JSON:
        await finished_record(request, room_id)
        rooms = request.app.state.rooms
        return analysis_json(await rooms.in_store(rooms.store.ledger.analysis, room_id, seat))

    return api
