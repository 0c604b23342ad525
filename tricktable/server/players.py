"""Players: a name and a secret key kept by the browser; profiles and leaderboards.

``POST /api/players`` makes a player and answers its key once; the browser
keeps it and sends it (in a JSON body, never in a URL) when it takes a seat,
so the seat belongs to the player. The store keeps only the key's sha256.
The private link that takes the identity to another device carries the key
after ``#``, which browsers never send to a server, so it reaches no log.

>>> stats([])["games"]
0
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import FileResponse
from pydantic import Field

import tricktable
from tricktable.server.chat import presets
from tricktable.server.common import Body, RoomError, clean_name, hash_token
from tricktable.server.protocol import JSON
from tricktable.server.ratings import BOT, rating_json
from tricktable.store.ledger import PlayerInfo, ResultRow

MAX_KEY_CHARS = 100
RECENT_GAMES = 20  # finished games a profile lists
MAX_LEADERBOARD = 200
PAGES = {"/player/{player_id}": "player.html", "/me": "me.html",
         "/leaderboard": "leaderboard.html"}


class NewPlayer(Body):
    """POST /api/players."""

    name: str = Field(max_length=200)


class KeyBody(Body):
    """POST /api/players/me: who holds this key."""

    key: str = Field(max_length=MAX_KEY_CHARS)


def new_player(name: str) -> tuple[PlayerInfo, str]:
    """A new player (a random id) and its secret key.

    >>> player, key = new_player("  Ann ")
    >>> player.name, len(key) > 30
    ('Ann', True)
    """
    return PlayerInfo(secrets.token_urlsafe(9), clean_name(name)), secrets.token_urlsafe(32)


def player_json(player: PlayerInfo) -> JSON:
    """What anyone may know of a player (never the key)."""
    return {"id": player.id, "name": player.name, "created": player.created,
            "url": f"/player/{player.id}"}


def stats(rows: Sequence[ResultRow]) -> JSON:
    """A player's figures over their finished games, in all and per game.

    >>> row = ResultRow("r", 0, "rook", "p:x", "x", "Ann", 1.0, 300, 3, 2, 1, True)
    >>> stats([row])["per_game"]["rook"]["points_per_hand"]
    100.0
    """
    def figures(chosen: Sequence[ResultRow]) -> JSON:
        hands = sum(r.hands for r in chosen)
        declared = sum(r.declared for r in chosen)
        made = sum(r.made for r in chosen)
        return {"games": len(chosen),
                "won": round(sum(r.won for r in chosen), 2),
                "share_won": round(sum(r.won for r in chosen) / len(chosen), 3) if chosen else None,
                "points_per_hand": round(sum(r.points for r in chosen) / hands, 2) if hands
                else None,
                "declared": declared, "made": made,
                "share_made": round(made / declared, 3) if declared else None}

    per_game: dict[str, list[ResultRow]] = {}
    for row in rows:
        per_game.setdefault(row.game, []).append(row)
    return {**figures(rows), "per_game": {game: figures(chosen)
                                          for game, chosen in sorted(per_game.items())}}


def recent_json(row: ResultRow) -> JSON:
    """One finished game in a profile's list, with its replay link."""
    try:
        title = tricktable.find_game(row.game).title
    except ValueError:
        title = row.game
    return {"room": row.room_id, "game": row.game, "title": title, "seat": row.seat,
            "won": row.won, "points": row.points, "hands": row.hands, "rated": row.rated,
            "finished": row.finished, "replay": f"/replay/{row.room_id}"}


def rooms_of(request: Request) -> Any:
    """The app's :class:`~tricktable.server.manager.Rooms`."""
    return request.app.state.rooms


async def player_of_key(request: Request, key: str) -> PlayerInfo:
    """The player holding ``key``; 403 for a key nobody holds."""
    rooms = rooms_of(request)
    player: PlayerInfo | None = await rooms.in_store(rooms.store.ledger.player_by_key,
                                                     hash_token(key))
    if player is None:
        raise HTTPException(403, "that player key belongs to nobody here: make a new "
                                 "player, or open your private link again")
    return player


def page_route(page: Callable[[str], FileResponse], name: str
               ) -> Callable[[], Awaitable[FileResponse]]:
    """An endpoint that serves one page and reads nothing from the request (no parameter)."""
    async def endpoint() -> FileResponse:
        return page(name)
    return endpoint


def players_api(count_new: Callable[[Request], None],
                page: Callable[[str], FileResponse]) -> APIRouter:
    """The routes of players, profiles, leaderboards and the chat's presets, with their
    pages; ``count_new(request)`` refuses (429) a client that makes too many new things."""
    api = APIRouter()

    for path, name in PAGES.items():
        api.add_api_route(path, page_route(page, name), include_in_schema=False)

    @api.get("/api/chat")
    async def chat_presets() -> JSON:
        return presets()

    @api.post("/api/players", status_code=201)
    async def create_player(request: Request, body: NewPlayer) -> JSON:
        count_new(request)
        try:
            player, key = new_player(body.name)
        except RoomError as error:
            raise HTTPException(400, str(error)) from None
        rooms = rooms_of(request)
        await rooms.in_store(rooms.store.ledger.add_player, player, hash_token(key))
        return {**player_json(player), "key": key}

    @api.post("/api/players/me")
    async def who_am_i(request: Request, body: KeyBody) -> JSON:
        return player_json(await player_of_key(request, body.key))

    @api.get("/api/players/{player_id}")
    async def profile(request: Request, player_id: str) -> JSON:
        rooms = rooms_of(request)
        ledger = rooms.store.ledger
        player = await rooms.in_store(ledger.player, player_id[:32])
        if player is None:
            raise HTTPException(404, f"no player {player_id[:32]!r}")
        rows = await rooms.in_store(ledger.results, player.id)
        ratings = {}
        for game in sorted({r.game for r in rows}):
            found = await rooms.in_store(ledger.ratings, game, 5, f"p:{player.id}")
            found = [r for r in found if r.subject == f"p:{player.id}"]
            if found:
                ratings[game] = rating_json(found[0])
        return {**player_json(player), **stats(rows), "ratings": ratings,
                "recent": [recent_json(r) for r in rows[:RECENT_GAMES]]}

    @api.get("/api/ratings/{game}")
    async def leaderboard(request: Request, game: str,
                          limit: int = Query(50, ge=1, le=MAX_LEADERBOARD),
                          kind: str = Query("all", pattern="^(all|bots|people)$")) -> JSON:
        try:
            cls = tricktable.find_game(game[:40])
        except ValueError as error:
            raise HTTPException(404, str(error)) from None
        prefix = {"all": "", "bots": BOT, "people": "p:"}[kind]
        rooms = rooms_of(request)
        found = await rooms.in_store(rooms.store.ledger.ratings, cls.name, limit, prefix)
        return {"game": cls.name, "title": cls.title,
                "ratings": [rating_json(r) for r in found]}

    return api
