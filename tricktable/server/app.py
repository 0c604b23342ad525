"""The web app: REST API, websocket endpoint and the static client.

``create_app(config)`` builds an ASGI app (FastAPI); ``tricktable serve``
runs it with uvicorn. Every route talks to games through the public engine
API and to rooms through :mod:`tricktable.server.rooms`; docs/server.md and
docs/protocol.md describe the routes and the messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.websockets import WebSocketState

import tricktable
from tricktable import OptionError, RecordError
from tricktable.bots import BOT_NAMES
from tricktable.engine.results import COMMON_RESULT, result_schema
from tricktable.engine.views import COMMON, json_schema
from tricktable.server import protocol
from tricktable.server.analysis_jobs import analysis_api
from tricktable.server.bodies import CreateBody, JoinBody
from tricktable.server.common import (
    MOVED_CLOSE,
    RoomElsewhere,
    RoomError,
    ServerConfig,
    clean_name,
    default_bot,
    usable_bots,
)
from tricktable.server.connections import serve_socket
from tricktable.server.guides import declared_lines, rules_text
from tricktable.server.heap import LoopWatch, settle, tune_gc
from tricktable.server.limits import BodyLimit, RoomRate
from tricktable.server.loading import start_game
from tricktable.server.manager import Rooms, SeatRequest, read_import, stored_public
from tricktable.server.players import player_of_key, players_api
from tricktable.server.protocol import JSON
from tricktable.server.ratings import room_settings
from tricktable.server.rooms import Room
from tricktable.server.tournament_people import check_room
from tricktable.server.tournaments import tournaments_api
from tricktable.store import Store, open_store

log = logging.getLogger("tricktable.server")

WEB = Path(__file__).resolve().parent / "web"
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]", "testserver"]
MAX_BODY_BYTES = 65_536
MAX_RECORD_BYTES = 262_144  # an uploaded record (a whole game is about 2-30 KiB)
RECORDS = "/api/records"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; connect-src 'self' ws: wss:; "
                                "img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


# -- games -------------------------------------------------------------------------


def _problem(error: JSON) -> str:
    """One of a request's validation errors, for a person: ``seat: Input should be ...``.

    >>> _problem({"type": "json_invalid", "loc": ("body", 28), "msg": "JSON decode error"})
    'the request body is not valid JSON (at character 28)'
    """
    where = error.get("loc", ())
    if error.get("type") == "json_invalid":
        at = f" (at character {where[1]})" if len(where) > 1 else ""
        return f"the request body is not valid JSON{at}"
    return f"{'.'.join(str(p) for p in where[1:]) or 'body'}: {error.get('msg', 'invalid')}"


def game_info(name: str) -> JSON:
    """A game's title, player counts, options (with defaults and limits), presets (named
    sets of options, chosen with the option ``preset``), bots, the lines its table shows
    (``display``) and the declared kind of each view key (``kinds``)."""
    cls = tricktable.find_game(name)
    return {"name": cls.name, "title": cls.title, "player_counts": list(cls.player_counts),
            "options": cls.rules_type.describe(),
            "presets": [preset.describe() for preset in cls.rules_type.presets],
            "bots": usable_bots(cls.name),
            "default_bot": default_bot(cls.name), "display": declared_lines(cls),
            "kinds": {key: item.kind for key, item in {**COMMON, **cls.view_keys}.items()}}


def game_schema(name: str) -> JSON:
    """A game's view and hand result schemas as its declarations give them, and the kind of
    each key (``seat``, ``seats``, ``side``, ``cards``...), which the web table reads to show
    seats and sides by name instead of guessing from key names."""
    cls = tricktable.find_game(name)
    view_keys, result_keys = {**COMMON, **cls.view_keys}, {**COMMON_RESULT, **cls.result_keys}
    return {"name": cls.name, "view": json_schema(cls.name, cls.view_keys),
            "result": result_schema(cls.name, cls.result_keys),
            "kinds": {"view": {key: item.kind for key, item in view_keys.items()},
                      "result": {key: item.kind for key, item in result_keys.items()}}}


# -- the app ----------------------------------------------------------------------


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def body_limit(path: str) -> int:
    """The largest request body accepted at ``path``."""
    return MAX_RECORD_BYTES if path == RECORDS else MAX_BODY_BYTES


def cross_site_problem(request: Request) -> tuple[int, str] | None:
    """Why a request that would change something is refused, or None.

    A page of another site can make the browser send a "simple" POST here
    (form or text/plain, no CORS preflight, which this server never grants), so
    such a request must be JSON, and come from no other site's page.
    """
    if request.method in SAFE_METHODS:
        return None
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc.lower() != request.headers.get(
            "host", "").lower():
        return 403, f"a page of another site ({origin[:100]}) may not change anything here"
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        return 415, (f"the body must be JSON sent with Content-Type: application/json, "
                     f"not {kind[:100] or 'no Content-Type'}")
    return None


def create_app(config: ServerConfig | None = None, store: Store | None = None) -> FastAPI:
    """The ASGI app. ``store`` overrides ``config.db`` (tests pass a MemoryStore)."""
    config = config or ServerConfig()
    watch = LoopWatch()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store if store is not None else await asyncio.to_thread(open_store, config.db)
        rooms = Rooms(opened, config)
        rooms.start()
        watch.start()
        warming, settling = None, None
        if config.warm_solver:  # the first hint or strong bot then finds it loaded
            from tricktable.solver.warm import warm_up_in_background

            warming = warm_up_in_background()
        if config.settle_heap:  # see heap.py: no full collection scans start-up objects
            tune_gc()
            settling = asyncio.get_running_loop().create_task(settle(warming))
        if config.redis:
            from tricktable.server.router import Router

            rooms.router = Router(config.redis, rooms)
            await rooms.router.start()
        log.info("serving rooms from %s as %s", getattr(opened, "url", "memory"), rooms.node)
        app.state.rooms = rooms
        app.state.warming = warming
        try:
            yield
        finally:
            if rooms.router is not None:
                await rooms.router.close()
            if settling is not None:
                settling.cancel()
            await rooms.close()
            watch.stop()
            if store is None:
                opened.close()

    app = FastAPI(title="tricktable", lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.add_middleware(BodyLimit, limit=body_limit)
    app.add_middleware(TrustedHostMiddleware,
                       allowed_hosts=config.allowed_hosts or LOOPBACK_HOSTS)
    room_rate = RoomRate(config.rooms_per_minute, config.rooms_burst,
                         config.all_rooms_per_minute)

    def count_new_room(request: Request) -> None:
        """Refuse (429) a room over the creation limits; nothing is created. A request
        refused after it was counted (bad options, an unknown key) is uncounted."""
        address = request.client.host if request.client else "unknown"
        refusal = room_rate.take(address)
        if refusal is not None:
            log.info("refused a new room: %s", refusal.message)
            raise HTTPException(429, refusal.message,
                                headers={"Retry-After": str(refusal.seconds)})
        request.state.counted_from = address

    def uncount(request: Request) -> None:
        """Give back the room counted for a request that made nothing."""
        address = getattr(request.state, "counted_from", None)
        if address is not None:
            room_rate.give_back(address)
            request.state.counted_from = None

    @app.middleware("http")
    async def headers(request: Request,
                      call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        problem = cross_site_problem(request)
        if problem is not None:
            return _error(*problem)
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        uncount(request)
        response = _error(error.status_code, str(error.detail))
        response.headers.update(error.headers or {})
        return response

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = [_problem(e) for e in error.errors()]
        return _error(422, "; ".join(problems[:5]) or "invalid request")

    @app.exception_handler(Exception)
    async def internal_error(request: Request, error: Exception) -> JSONResponse:
        uncount(request)
        log.error("internal error", exc_info=error)
        return _error(500, "internal server error")

    def rooms_of(request: Request | WebSocket) -> Rooms:
        rooms: Rooms = request.app.state.rooms
        return rooms

    async def live_room(request: Request, room_id: str) -> Room:
        if len(room_id) > 32:
            raise HTTPException(404, "no such room")
        try:
            room = await rooms_of(request).get(room_id)
        except RoomError as error:  # RoomElsewhere too: another process serves it
            raise HTTPException(409, str(error)) from None
        if room is None:
            raise HTTPException(404, f"no room {room_id!r}")
        return room

    # -- pages --------------------------------------------------------------------

    def page(name: str) -> FileResponse:
        return FileResponse(WEB / name, media_type="text/html",
                            headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return page("index.html")

    @app.get("/table/{room_id}", include_in_schema=False)
    async def table_page(room_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/history", include_in_schema=False)
    async def history_page() -> FileResponse:
        return page("history.html")

    @app.get("/replay/{room_id}", include_in_schema=False)
    async def replay_page(room_id: str) -> FileResponse:
        return page("replay.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        return page("rules.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.include_router(players_api(count_new_room, page))
    app.include_router(tournaments_api(count_new_room, page))

    # -- the API ------------------------------------------------------------------

    @app.get("/api/health")
    async def health() -> JSON:
        warming = getattr(app.state, "warming", None)
        solver = "off" if warming is None else "loading" if warming.is_alive() else "loaded"
        return {"ok": True, "version": app_version(), "solver": solver, "loop": watch.stats()}

    @app.get("/api/games")
    async def games() -> list[JSON]:
        return [game_info(name) for name in tricktable.games()]

    @app.get("/api/games/{name}")
    async def game(name: str) -> JSON:
        try:
            return {**game_info(name), "rules": rules_text(name)}
        except OptionError as error:
            raise HTTPException(404, str(error)) from None

    @app.get("/api/games/{name}/schema")
    async def schema(name: str) -> JSON:
        try:
            return game_schema(name)
        except OptionError as error:
            raise HTTPException(404, str(error)) from None

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return list(BOT_NAMES)

    @app.get("/api/rooms")
    async def list_rooms(request: Request,
                         status: str = Query("waiting,playing", max_length=40)) -> list[JSON]:
        wanted = [s for s in status.split(",") if s]
        if not wanted or any(s not in ("waiting", "playing", "finished") for s in wanted):
            raise HTTPException(400, "status is a comma list of waiting, playing, finished")
        return await rooms_of(request).listing(wanted)

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request, body: CreateBody) -> JSON:
        count_new_room(request)
        seats = ([SeatRequest(s.kind, s.bot) for s in body.seats]
                 if body.seats is not None else None)
        player = await player_of_key(request, body.player_key) if body.player_key else None
        try:
            room, seat, token = await rooms_of(request).create(
                body.game, player.name if player else body.name, body.players,
                dict(body.options), seats, body.seat, body.seed, player.id if player else None,
                room_settings(body.seed, body.rated, body.chat))
        except (RoomError, OptionError) as error:
            raise HTTPException(400, str(error)) from None
        return {"room": room.public(), "seat": seat, "token": token,
                "url": f"/table/{room.id}"}

    @app.get("/api/rooms/{room_id}")
    async def get_room(request: Request, room_id: str) -> JSON:
        try:
            return (await live_room(request, room_id)).public()
        except HTTPException as error:
            if error.status_code != 409:
                raise
            rooms = rooms_of(request)  # served elsewhere: its stored summary
            found = await rooms.in_store(rooms.store.load, room_id)
            if found is None:
                raise
            return stored_public(found[0])

    @app.post("/api/rooms/{room_id}/join")
    async def join_room(request: Request, room_id: str, body: JoinBody) -> JSON:
        rooms = rooms_of(request)
        player = await player_of_key(request, body.player_key) if body.player_key else None
        try:
            name, player_id = (player.name, player.id) if player else (clean_name(body.name), None)
        except RoomError as error:  # a name of nothing visible: the request's fault
            raise HTTPException(400, str(error)) from None
        try:
            room = await live_room(request, room_id)
        except HTTPException:
            router = rooms.router
            try:
                if router is None or len(room_id) > 32:
                    raise
                await rooms.get(room_id)
                raise
            except RoomElsewhere as elsewhere:  # the process serving the room seats people
                assert router is not None
                answer = await router.join(elsewhere.holder, room_id, name, body.seat, player_id)
                if "error" in answer:
                    raise HTTPException(409, str(answer["error"])) from None
                return {"room": answer["room"], "seat": answer["seat"], "token": answer["token"]}
        try:
            seat, token = await room.join(name, body.seat, player_id)
        except RoomError as error:
            raise HTTPException(409, str(error)) from None
        return {"room": room.public(), "seat": seat, "token": token}

    @app.get("/api/history")
    async def history(request: Request, limit: int = Query(100, ge=1, le=500)) -> list[JSON]:
        return await rooms_of(request).listing(["finished"], limit)

    async def finished_record(request: Request, room_id: str
                              ) -> tuple[JSON, list[JSON], JSON]:
        rooms = rooms_of(request)
        found = await rooms.in_store(rooms.store.load, room_id) if len(room_id) <= 32 else None
        if found is None:
            raise HTTPException(404, f"no room {room_id[:32]!r}")
        info, actions = found
        if info.status != "finished":  # the record's seed deals every hidden card
            raise HTTPException(403, "a game is shown face up only once it is over")
        await check_room(rooms, info)  # a tournament's deal: once the tournament is over
        try:
            record = {**start_game(info).record(), "actions": [a.text for a in actions]}
        except ValueError as error:  # a game no longer registered, or changed options
            raise HTTPException(409, f"this game cannot be replayed: {error}") from None
        moves = [{"seat": a.seat, "action": a.text, "actor": a.actor} for a in actions]
        return record, moves, stored_public(info)

    app.include_router(analysis_api(finished_record))

    @app.get("/api/rooms/{room_id}/record")
    async def record(request: Request, room_id: str) -> JSON:
        found, _moves, _room = await finished_record(request, room_id)
        return found

    @app.get("/api/rooms/{room_id}/replay")
    async def replay(request: Request, room_id: str,
                     step: int = Query(0, ge=0, le=1_000_000)) -> JSON:
        found, moves, room = await finished_record(request, room_id)
        step = min(step, len(moves))
        try:
            return await asyncio.to_thread(replay_step, found, moves, step, room)
        except RecordError as error:
            raise HTTPException(409, f"this game cannot be replayed: {error}") from None

    @app.post(RECORDS, status_code=201)
    async def import_record(request: Request, name: str | None = Query(None, max_length=200),
                            seat: int | None = Query(None, ge=0, le=15)) -> JSON:
        count_new_room(request)
        body = await request.body()  # BodyLimit stops it at MAX_RECORD_BYTES
        try:
            record = await asyncio.to_thread(read_import, body)
            room, seat, token = await rooms_of(request).import_record(record, name, seat)
        except RecordError as error:
            raise HTTPException(422, str(error)) from None
        except RoomError as error:
            raise HTTPException(400, str(error)) from None
        finished = room["status"] == "finished"
        return {"room": room, "seat": seat, "token": token, "finished": finished,
                "url": f"/replay/{room['id']}" if finished else f"/table/{room['id']}"}

    # -- the websocket ------------------------------------------------------------

    @app.websocket("/ws/{room_id}")
    async def socket(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        try:
            room = await rooms_of(websocket).get(room_id) if len(room_id) <= 32 else None
        except RoomElsewhere as error:
            router = rooms_of(websocket).router
            if router is not None:  # served by the process holding the room, through Redis
                from tricktable.server.router import RelayedRoom

                await serve_socket(websocket, RelayedRoom(router, room_id, error.holder,
                                                          config))
                return
            await websocket.send_text(protocol.dumps(protocol.error_frame("moved", str(error))))
            await websocket.close(code=MOVED_CLOSE)
            return
        except RoomError as error:
            log.warning("room %s cannot be loaded: %s", room_id, error)
            room = None
        if room is None:
            await websocket.send_text(protocol.dumps(protocol.error_frame(
                "bad_message", f"no room {room_id[:32]!r} (or it cannot be loaded)")))
            await websocket.close(code=4404)
            return
        try:
            await serve_socket(websocket, room)
        except Exception:
            log.exception("websocket of room %s failed", room_id)
            if websocket.client_state is WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close(code=1011)

    return app


def replay_step(record: JSON, moves: list[JSON], step: int, room: JSON) -> JSON:
    """A finished game after ``step`` actions, face up: every seat's hand and extras."""
    game = tricktable.replay(record, upto=step)
    spectator = game.view(None)
    seats = []
    for seat in range(game.players):
        view = game.view(seat)
        extra = {key: value for key, value in view.items()
                 if key not in ("hand", "seat") and spectator.get(key) != value}
        seats.append({"seat": seat, "label": game.seat_name(seat),
                      "name": room["seats"][seat]["name"] or room["seats"][seat]["bot"],
                      "hand": view.get("hand", []), "extra": extra})
    return {"room": room, "step": step, "total": len(moves),
            "move": moves[step - 1] if step else None, "moves": moves,
            "view": spectator, "seats": seats,
            "results": [result.to_json() for result in game.results],
            "log": game.events(None)}


def app_version() -> str:
    """The installed tricktable version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tricktable")
    except PackageNotFoundError:
        return "unknown"
