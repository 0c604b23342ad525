"""Tournaments with people: registration, each person's tables played as rooms, the result.

A tournament made with places for people (``people`` 1 to MAX_PEOPLE, its
maker a player) waits for them (status ``registering``): a player registers
with their key, once. Its maker starts it, which closes the registration;
then (status ``playing``) the bot entrants' tables (the arena's rotation
among them) are played in the job thread, one stored after another, while
each person plays each deal once, in order, from one side
(:func:`tricktable.tournament.people_tables`): their table of a deal is a
room made when they ask for it (``POST .../seat``), their seat in it, bots in
every other. The maker may close it (``POST .../close``): the tables no person
finished are then played from their start by the bots, a person's seat by
their partner bot (``stand_in``), and count for that person. A room's seat
token and id are derived from the tournament's own secret (:func:`derived`),
so the same person gets the same seat from any device and any process, and
nobody can guess a table's room. The room ends after the deal's hand; once
every table is played the tournament's document is written as a bot
tournament's (``finished``).

Hidden information: a deal is played at several tables, so nothing of a deal
is shown before the whole tournament is over: no seed, no record, no score
and no standings on the tournament's page, no replay of any of its tables,
no spectator in its rooms, which no list names (``settings.tournament``).

>>> derived("00" * 16, "room", 3) == derived("00" * 16, "room", 3) != derived("11" * 16, "room", 3)
True
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import Field

import tricktable
from tricktable.server.common import Body, default_bot, hash_token
from tricktable.server.loading import start_game
from tricktable.server.manager import JobStopped, SeatRequest, new_room, seat_infos
from tricktable.server.players import MAX_KEY_CHARS, player_of_key
from tricktable.server.protocol import JSON
from tricktable.store import RoomInfo, Store, StoreError
from tricktable.store.ledger import PlayerInfo, TournamentInfo
from tricktable.tournament import (
    PERSON,
    Seating,
    document,
    people_tables,
    play_table,
    schedule,
    table_json,
)

log = logging.getLogger("tricktable.server")

STALE_SECONDS = 120.0  # a playing tournament's bot tables not advanced for this long: resumed
JOBS: set[str] = set()  # the tournaments whose bot tables this process is playing


class KeyOnly(Body):
    """A request made as a player: their key."""

    player_key: str = Field(max_length=MAX_KEY_CHARS)


def derived(secret: str, kind: str, *parts: object) -> str:
    """A value only the server can make from a tournament's secret (a room id, a seat token)."""
    message = ":".join([kind, *map(str, parts)]).encode()
    digest = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:9 if kind == "room" else 24]).decode().rstrip("=")


def new_plan(owner: PlayerInfo, places: int, bots: list[str], players: int | None,
             seed: int, game: str) -> JSON:
    """The private plan of a tournament with people, before anyone registered."""
    return {"owner": owner.id, "places": places, "bots": bots, "players": players,
            "seed": seed, "partner": default_bot(game), "secret": secrets.token_hex(16),
            "people": [], "tables": [], "played": {}}


def registration_problem(info: TournamentInfo, player: PlayerInfo) -> str | None:
    """Why ``player`` may not register now, or None."""
    plan = info.plan or {}
    if info.status != "registering":
        return "registration is closed: the tournament has started"
    if any(p["id"] == player.id for p in plan["people"]):
        return "you are registered already: one place per player"
    if len(plan["people"]) >= plan["places"]:
        return f"every place is taken ({plan['places']} people)"
    return None


def start_plan(info: TournamentInfo) -> None:
    """Close the registration: the entrants, every table and the count to play."""
    plan = info.plan
    assert plan is not None
    people = [PERSON + p["id"] for p in plan["people"]]
    bot_seatings = schedule(info.game, plan["bots"], info.deals, plan["seed"], plan["players"])
    person_seatings = people_tables(info.game, plan["bots"], people, info.deals, plan["seed"],
                                    plan["players"], plan["partner"])
    tables = [table_json(n, s) for n, s in enumerate(bot_seatings + person_seatings)]
    for table in tables[len(bot_seatings):]:
        table["person"] = table["home"][len(PERSON):]
        table["room"] = derived(plan["secret"], "room", table["number"])
    plan["tables"] = tables
    info.entrants = plan["bots"] + people
    info.status, info.total, info.done, info.updated = "playing", len(tables), 0, time.time()


def person_result(store: Store, room_id: str) -> JSON | None:
    """A person's table once its room is finished: the record, score changes and outcome."""
    found = store.load(room_id)
    if found is None or found[0].status != "finished":
        return None
    info, actions = found
    game = start_game(info)
    for stored in actions:
        game.apply(stored.text)
    hand = game.results[0]
    return {"record": {**game.record(), "actions": [a.text for a in actions]},
            "deltas": list(hand.deltas), "outcome": hand.outcome}


def add_played(found: dict[int, JSON]) -> Callable[[TournamentInfo], bool]:
    """A change that records played tables and, when every table is played, writes the
    tournament's document."""
    def change(info: TournamentInfo) -> bool:
        plan = info.plan
        if plan is None or info.status != "playing":
            return False
        new = {str(n): v for n, v in found.items() if str(n) not in plan["played"]}
        plan["played"].update(new)
        info.done, info.updated = len(plan["played"]), time.time()
        if info.done == info.total:
            tables = [{**t, **plan["played"][str(t["number"])]} for t in plan["tables"]]
            names = {PERSON + p["id"]: p["name"] for p in plan["people"]}
            info.doc = document(info.game, info.entrants, info.deals, plan["seed"],
                                plan["players"], tables, names)
            info.status = "finished"
        return bool(new) or info.status == "finished"
    return change


def advance_sync(store: Store, tournament_id: str) -> TournamentInfo | None:
    """Record the people's tables finished since (blocking); the tournament after."""
    info = store.ledger.tournament(tournament_id)
    if info is None or info.plan is None or info.status != "playing":
        return info
    plan, found = info.plan, {}
    for person in plan["people"]:
        for table in person_tables(plan, person["id"]):
            if str(table["number"]) in plan["played"]:
                continue
            result = person_result(store, table["room"])
            if result is None:
                break  # their current table: the later ones are not made yet
            found[table["number"]] = result
    if not found and info.done < info.total:
        return info
    return store.ledger.update_tournament(tournament_id, add_played(found))


def person_tables(plan: JSON, player_id: str) -> list[JSON]:
    """A person's tables, deal by deal."""
    return [t for t in plan["tables"] if t.get("person") == player_id]


async def open_table(rooms: Any, info: TournamentInfo, table: JSON, player: PlayerInfo
                     ) -> tuple[int, str]:
    """Make the room of a person's table (unless made already); their seat and token."""
    plan = info.plan
    assert plan is not None
    seat = next(s for s, e in enumerate(table["seats"]) if e == PERSON + player.id)
    token = derived(plan["secret"], "seat", table["room"], player.id)
    if await rooms.in_store(rooms.store.load, table["room"]) is not None:
        return seat, token
    game = tricktable.new_game(info.game, seed=table["seed"], players=plan["players"])
    requests = [SeatRequest("human") if s == seat else SeatRequest("bot", name)
                for s, name in enumerate(table["seats"])]
    seats, _seat, _token = seat_infos(game, requests, seat, player.name, player.id)
    seats[seat].token_hash = hash_token(token)
    room: RoomInfo = new_room(game, seats)
    room.id = table["room"]
    room.settings = {"rated": False, "chat": "off", "hands": 1, "tournament": {
        "id": info.id, "deal": table["deal"], "deals": info.deals, "game": info.game,
        "url": f"/tournament/{info.id}"}}
    with contextlib.suppress(StoreError):  # another request (or process) made it just now
        await rooms.in_store(rooms.store.create_room, room)
    return seat, token


def bots_to_play(info: TournamentInfo) -> tuple[int, Seating] | None:
    """The next table for the bots: a bot table not played yet or, once the maker closed
    the tournament, a person's table not played yet, their seat played by their partner
    bot (the room's stand-in): its number and its seating; None when there is none."""
    plan = info.plan
    if plan is None or info.status != "playing":
        return None
    for table in plan["tables"]:
        if str(table["number"]) in plan["played"] or ("person" in table
                                                      and not plan.get("closed")):
            continue
        seats = tuple(plan["partner"] if e.startswith(PERSON) else e for e in table["seats"])
        return table["number"], Seating(table["deal"], table["seed"], table["home"],
                                        table["away"], table["side"], seats)
    return None


async def play_bots(rooms: Any, tournament_id: str) -> None:
    """Play the tables the bots play (:func:`bots_to_play`) in the job thread, one after
    another, storing each one."""
    if tournament_id in JOBS:
        return
    JOBS.add(tournament_id)
    ledger = rooms.store.ledger
    try:
        while True:  # the people's finished rooms first: a deal they played stands
            info = await rooms.in_store(advance_sync, rooms.store, tournament_id)
            found = bots_to_play(info)
            if found is None:
                break
            number, seating = found
            played = await rooms.in_jobs(play_table, info.game, seating,
                                         info.plan["players"], rooms.check_closing)
            if "person" in info.plan["tables"][number]:
                played["stand_in"] = info.plan["partner"]
            await rooms.in_store(ledger.update_tournament, tournament_id,
                                 add_played({number: played}))
        await rooms.in_store(advance_sync, rooms.store, tournament_id)
    except JobStopped:  # another process resumes it (STALE_SECONDS)
        return
    except Exception as error:
        log.exception("tournament %s failed", tournament_id)
        kind = error.__class__.__name__

        def failed(found: TournamentInfo) -> bool:
            found.status, found.error = "failed", f"the tournament failed: {kind}"
            return True
        await rooms.in_store(ledger.update_tournament, tournament_id, failed)
    finally:
        JOBS.discard(tournament_id)


def spawn(rooms: Any, coroutine: Any) -> None:
    """Run a background task the rooms wait for when the server stops."""
    task = asyncio.get_running_loop().create_task(coroutine)
    rooms.stopping.add(task)
    task.add_done_callback(rooms.stopping.discard)


async def advance(rooms: Any, info: TournamentInfo) -> TournamentInfo:
    """A tournament as it is now: the people's finished tables recorded, and its bot
    tables resumed here if the process playing them stopped."""
    if info.plan is None or info.status != "playing":
        return info
    found = await rooms.in_store(advance_sync, rooms.store, info.id)
    stale = time.time() - found.updated > STALE_SECONDS
    if stale and found.id not in JOBS and bots_to_play(found) is not None:
        spawn(rooms, play_bots(rooms, found.id))
    return found  # type: ignore[no-any-return]


def people_json(info: TournamentInfo) -> JSON:
    """What anyone may see of a tournament's people: names, places, deals played (no seed,
    no room, no result)."""
    plan = info.plan
    if plan is None:
        return {}
    played = {p["id"]: sum(1 for t in person_tables(plan, p["id"])
                           if str(t["number"]) in plan["played"]) for p in plan["people"]}
    sides = tricktable.new_game(info.game, seed=0, players=plan["players"]).sides
    partner = plan["partner"] if any(len(side) > 1 for side in sides) else None
    return {"places": plan["places"], "owner": plan["owner"], "bots": plan["bots"],
            "partner": partner, "closed": bool(plan.get("closed")),
            "people": [{"id": p["id"], "name": p["name"], "url": f"/player/{p['id']}",
                        "played": played[p["id"]]} for p in plan["people"]]}


def people_api(found: Callable[[Request, str], Any], summary: Callable[[TournamentInfo], JSON]
               ) -> APIRouter:
    """The routes of registration, start and each person's next table."""
    api = APIRouter()

    async def changed(request: Request, tournament_id: str,
                      change: Callable[[TournamentInfo], str | None]) -> TournamentInfo:
        """Apply ``change`` in one transaction; 409 with the problem it names."""
        rooms = request.app.state.rooms
        problem: list[str] = []

        def apply(info: TournamentInfo) -> bool:
            said = change(info) if info.plan is not None else (
                "this tournament has no places for people")
            if said is not None:
                problem.append(said)
            return said is None

        await found(request, tournament_id)
        info = await rooms.in_store(rooms.store.ledger.update_tournament, tournament_id[:32],
                                    apply)
        if problem:
            raise HTTPException(403 if problem[0].startswith("only") else 409, problem[0])
        return info  # type: ignore[no-any-return]

    @api.post("/api/tournaments/{tournament_id}/register")
    async def register(request: Request, tournament_id: str, body: KeyOnly) -> JSON:
        player = await player_of_key(request, body.player_key)

        def change(info: TournamentInfo) -> str | None:
            problem = registration_problem(info, player)
            if problem is None:
                assert info.plan is not None
                info.plan["people"].append({"id": player.id, "name": player.name})
                info.updated = time.time()
            return problem
        return summary(await changed(request, tournament_id, change))

    def by_maker(verb: str, wanted: str, act: Callable[[TournamentInfo], str | None]
                 ) -> Callable[..., Awaitable[JSON]]:
        """A route for the tournament's maker only, at status ``wanted``; the bots' job
        is started after (it plays what there is to play)."""
        async def route(request: Request, tournament_id: str, body: KeyOnly) -> JSON:
            player = await player_of_key(request, body.player_key)

            def change(info: TournamentInfo) -> str | None:
                assert info.plan is not None
                if info.plan["owner"] != player.id:
                    return f"only the player who made the tournament {verb} it"
                if info.status != wanted:
                    return f"this tournament is {info.status}, not {wanted}"
                return act(info)
            info = await changed(request, tournament_id, change)
            rooms = request.app.state.rooms
            spawn(rooms, play_bots(rooms, info.id))  # a job still running picks them up too
            return summary(info)
        return route

    def start(info: TournamentInfo) -> str | None:
        assert info.plan is not None
        if not info.plan["people"]:
            return "nobody has registered yet: a tournament with people needs one"
        start_plan(info)
        return None

    def close(info: TournamentInfo) -> str | None:
        assert info.plan is not None
        info.plan["closed"] = True
        return None

    api.add_api_route("/api/tournaments/{tournament_id}/start",
                      by_maker("starts", "registering", start), methods=["POST"])
    api.add_api_route("/api/tournaments/{tournament_id}/close",
                      by_maker("closes", "playing", close), methods=["POST"])

    @api.post("/api/tournaments/{tournament_id}/seat")
    async def seat(request: Request, tournament_id: str, body: KeyOnly) -> JSON:
        player = await player_of_key(request, body.player_key)
        rooms = request.app.state.rooms
        info = await advance(rooms, await found(request, tournament_id))
        plan = info.plan
        if plan is None or not any(p["id"] == player.id for p in plan["people"]):
            raise HTTPException(403, "you are not registered in this tournament")
        if info.status == "registering":
            raise HTTPException(409, "the tournament has not started yet")
        if plan.get("closed"):
            raise HTTPException(409, "its maker closed the tournament: the bots play the deals "
                                     "left, in your seat your partner bot")
        left = [t for t in person_tables(plan, player.id)
                if str(t["number"]) not in plan["played"]]
        if not left:
            return {"done": True, "deals": info.deals}
        table = left[0]
        number, token = await open_table(rooms, info, table, player)
        return {"done": False, "deal": table["deal"], "deals": info.deals, "room": table["room"],
                "seat": number, "token": token, "url": f"/table/{table['room']}"}

    return api


async def check_room(rooms: Any, info: RoomInfo) -> None:
    """Refuse (403) a tournament's room's record while its tournament is not over."""
    tournament = info.settings.get("tournament")
    if not tournament:
        return
    found = await rooms.in_store(rooms.store.ledger.tournament, tournament["id"], False)
    if found is None or found.status != "finished":
        raise HTTPException(403, "this deal is played at other tables of a tournament: it is "
                                 "shown face up on the tournament's page once it is over")
