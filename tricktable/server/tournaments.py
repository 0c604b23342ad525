"""Bot tournaments in the web app: started from the page, played in the background, stored.

``POST /api/tournaments`` checks the request and answers at once; the process
that took it plays the tables (:func:`tricktable.tournament.run_tournament`) in
its job thread (one long job at a time, never in the rooms' bot threads) and
writes its progress to the store after each table, then the whole document.
The page polls ``GET /api/tournaments/{id}``. A tournament whose process
stopped stays ``running`` in the store with an old ``updated`` time: the API
calls it ``stopped`` after ``STALE_SECONDS``.

>>> stale_status("running", 0.0, 1000.0)
'stopped'
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import FileResponse
from pydantic import Field

import tricktable
from tricktable.server.common import Body, usable_bots
from tricktable.server.manager import JobStopped
from tricktable.server.players import MAX_KEY_CHARS, page_route, player_of_key
from tricktable.server.protocol import JSON
from tricktable.server.tournament_people import advance, new_plan, people_api, people_json
from tricktable.store.ledger import TournamentInfo
from tricktable.tournament import MAX_ENTRANTS, MAX_PEOPLE, check, run_tournament, schedule

log = logging.getLogger("tricktable.server")

MAX_WEB_DEALS = 20  # a tournament started from the page (the command line allows more)
MAX_WEB_TABLES = 240
STALE_SECONDS = 120.0


class NewTournament(Body):
    """POST /api/tournaments."""

    game: str = Field(max_length=40)
    entrants: list[Annotated[str, Field(max_length=40)]] = Field(min_length=2,
                                                                 max_length=MAX_ENTRANTS)
    deals: int = Field(ge=1, le=MAX_WEB_DEALS)
    players: int | None = Field(default=None, ge=1, le=16)
    seed: int | None = Field(default=None, ge=0, lt=2**32)
    people: int = Field(default=0, ge=0, le=MAX_PEOPLE)  # places for people; bots fill the rest
    player_key: str | None = Field(default=None, max_length=MAX_KEY_CHARS)  # the maker's


def stale_status(status: str, updated: float, now: float) -> str:
    """``stopped`` for a tournament still running in the store but not updated for long."""
    return "stopped" if status == "running" and now - updated > STALE_SECONDS else status


def summary_json(info: TournamentInfo) -> JSON:
    """What the list shows of a tournament (with its people, when its plan is read)."""
    return {**people_json(info), "id": info.id, "game": info.game, "title": title_of(info.game),
            "entrants": info.entrants,
            "deals": info.deals,
            "status": stale_status(info.status, info.updated, time.time()), "done": info.done,
            "total": info.total, "error": info.error, "created": info.created,
            "updated": info.updated, "url": f"/tournament/{info.id}"}


def title_of(game: str) -> str:
    """A game's title, or its name if it is no longer registered.

    >>> title_of("sixtysix"), title_of("chess")
    ('Sixty-Six', 'chess')
    """
    try:
        return tricktable.find_game(game).title
    except ValueError:
        return game


def public_doc(doc: JSON) -> JSON:
    """A finished tournament's document without the tables' records (the replays serve them)."""
    return {**doc, "tables": [{k: v for k, v in t.items() if k != "record"}
                              for t in doc["tables"]]}


def validate(body: NewTournament) -> tuple[str, int]:
    """The game's name and the number of tables; 400 with the problem otherwise."""
    try:
        cls = tricktable.find_game(body.game)
        check(body.entrants, body.deals)
        bots = usable_bots(cls.name)
        for entrant in body.entrants:
            if entrant not in bots:
                raise ValueError(f"entrant {entrant[:40]!r} is no bot of {cls.title}; "
                                 f"bots: {', '.join(bots)}")
        total = len(schedule(cls.name, body.entrants, body.deals, 0, body.players))
        total += body.people * body.deals  # each person plays each deal once
    except ValueError as error:
        raise HTTPException(400, str(error)) from None
    if total > MAX_WEB_TABLES:
        raise HTTPException(400, f"a tournament started here plays at most {MAX_WEB_TABLES} "
                                 f"tables, not {total}: fewer deals or entrants")
    if body.people and body.player_key is None:
        raise HTTPException(400, "a tournament with places for people is made by a player: "
                                 "send your player_key")
    return cls.name, total


async def play(rooms: Any, info: TournamentInfo, players: int | None, seed: int) -> None:
    """Play a tournament's tables in the job thread, storing progress as it goes."""
    ledger = rooms.store.ledger
    loop = asyncio.get_running_loop()

    def progress(done: int, total: int) -> None:
        rooms.check_closing()
        info.done, info.total, info.updated = done, total, time.time()
        asyncio.run_coroutine_threadsafe(rooms.in_store(ledger.save_tournament, info), loop)

    try:
        doc = await rooms.in_jobs(run_tournament, info.game, info.entrants, info.deals, seed,
                                  players, progress, rooms.check_closing)
        info.doc, info.status = doc, "finished"
    except JobStopped:  # left running in the store: shown stopped after STALE_SECONDS
        return
    except Exception as error:
        log.exception("tournament %s failed", info.id)
        info.status, info.error = "failed", f"the tournament failed: {error.__class__.__name__}"
    info.updated = time.time()
    await rooms.in_store(ledger.save_tournament, info)


def tournaments_api(count_new: Callable[[Request], None],
                    page: Callable[[str], FileResponse]) -> APIRouter:
    """The tournaments' routes (pages included)."""
    api = APIRouter()

    @api.post("/api/tournaments", status_code=201)
    async def start(request: Request, body: NewTournament) -> JSON:
        count_new(request)
        game, total = validate(body)
        rooms = request.app.state.rooms
        info = TournamentInfo(secrets.token_urlsafe(9), game, list(body.entrants), body.deals,
                              total=total)
        seed = body.seed if body.seed is not None else secrets.randbelow(2**32)
        if body.people:  # waits for its people; its maker starts it
            owner = await player_of_key(request, body.player_key or "")
            info.status, info.total = "registering", 0
            info.plan = new_plan(owner, body.people, list(body.entrants), body.players, seed,
                                 game)
            await rooms.in_store(rooms.store.ledger.save_tournament, info)
            return summary_json(info)
        await rooms.in_store(rooms.store.ledger.save_tournament, info)
        task = asyncio.get_running_loop().create_task(play(rooms, info, body.players, seed))
        rooms.stopping.add(task)
        task.add_done_callback(rooms.stopping.discard)
        return summary_json(info)

    @api.get("/api/tournaments")
    async def listing(request: Request, limit: int = Query(50, ge=1, le=200)) -> list[JSON]:
        rooms = request.app.state.rooms
        return [summary_json(t) for t in await rooms.in_store(rooms.store.ledger.tournaments,
                                                              limit)]

    async def found(request: Request, tournament_id: str) -> TournamentInfo:
        rooms = request.app.state.rooms
        info = await rooms.in_store(rooms.store.ledger.tournament, tournament_id[:32])
        if info is None:
            raise HTTPException(404, f"no tournament {tournament_id[:32]!r}")
        return info  # type: ignore[no-any-return]

    @api.get("/api/tournaments/{tournament_id}")
    async def one(request: Request, tournament_id: str) -> JSON:
        info = await advance(request.app.state.rooms, await found(request, tournament_id))
        return {**summary_json(info), "doc": public_doc(info.doc) if info.doc else None}

    @api.get("/api/tournaments/{tournament_id}/tables/{number}/replay")
    async def replay(request: Request, tournament_id: str, number: int,
                     step: int = Query(0, ge=0, le=1_000_000)) -> JSON:
        from tricktable.server.app import replay_step

        info = await found(request, tournament_id)
        if info.doc is None:
            raise HTTPException(409, "the tournament is not over: its deals are shown after")
        tables = info.doc["tables"]
        if not 0 <= number < len(tables):
            raise HTTPException(404, f"no table {number}")
        table = tables[number]
        names, stand_in = info.doc.get("names", {}), table.get("stand_in")
        room = {"seats": [{"name": names.get(name, "") + (f" (played by {stand_in})"
                                                          if stand_in and name in names else ""),
                           "bot": name} for name in table["seats"]]}
        return await asyncio.to_thread(table_replay, replay_step, table["record"], step, room)

    api.include_router(people_api(found, summary_json))
    for path, name in (("/tournaments", "tournaments.html"),
                       ("/tournament/{tournament_id}", "tournament.html")):
        api.add_api_route(path, page_route(page, name), include_in_schema=False)
    return api


def table_replay(replay_step: Callable[..., JSON], record: JSON, step: int, room: JSON) -> JSON:
    """One table of a tournament after ``step`` actions, face up (as a room's replay)."""
    game = tricktable.replay(record, upto=0)
    moves = []
    for text in record["actions"]:
        moves.append({"seat": game.to_move, "action": text, "actor": "bot"})
        game.apply(text)
    return replay_step(record, moves, min(step, len(moves)), room)
