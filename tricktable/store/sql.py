"""The SQL store: SQLAlchemy 2, SQLite by default, PostgreSQL (psycopg 3) by URL.

The schema is managed by Alembic; :class:`SqlStore` upgrades it to the newest
revision when it opens, so a new release migrates an old database by itself.

>>> store = SqlStore("sqlite://")
>>> from tricktable.store.base import RoomInfo, SeatInfo
>>> store.create_room(RoomInfo("r1", "rook", 4, {}, 7, [SeatInfo("bot", "random")] * 4))
>>> [room.id for room in store.list_rooms()]
['r1']
"""

from __future__ import annotations

import os
import time
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from tricktable.store.base import (
    LEASE_SECONDS,
    STATUSES,
    Append,
    LeaseLost,
    RoomHeld,
    RoomInfo,
    SeatInfo,
    StoredAction,
    StoreError,
    VersionConflict,
    check_numbered,
    holder_gone,
)
from tricktable.store.ledger import Ledger

metadata = MetaData()

rooms = Table(
    "rooms", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("scores", JSON, nullable=False),
    Column("winner", Integer, nullable=True),
    Column("to_move", Integer, nullable=True),
    Column("hands", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False, index=True),
    Column("holder", String(120), nullable=True, index=True),  # the process serving it (lease)
    Column("lease_until", Float, nullable=True),  # when the lease ends unless renewed
    Column("fence", Integer, nullable=False, server_default="0"),  # +1 at each change of hands
    Column("settings", JSON, nullable=True),  # the room's own settings (rated, chat)
    Column("tallied", Boolean, nullable=False, server_default=false()),  # results written
)

events = Table(
    "events", metadata,
    Column("room_id", String(32), ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(80), nullable=False),
    Column("actor", String(40), nullable=False),
    Column("at", Float, nullable=False),
)


def data_dir() -> Path:
    """Where the default database lives: ``$XDG_DATA_HOME/tricktable`` (~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tricktable"


def default_url() -> str:
    """The default database: SQLite in the data folder."""
    return f"sqlite:///{data_dir() / 'tricktable.db'}"


def normalise_url(url: str) -> str:
    """A database URL SQLAlchemy can open: a plain path means a SQLite file.

    >>> normalise_url("postgresql://postgres@127.0.0.1/test")
    'postgresql+psycopg://postgres@127.0.0.1/test'
    >>> normalise_url("/tmp/games.db")
    'sqlite:////tmp/games.db'
    """
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL and their folder is created."""
    url = normalise_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)
    database = parsed.database
    if not database or database == ":memory:":
        engine = create_engine(url, poolclass=StaticPool,
                               connect_args={"check_same_thread": False})
    else:
        Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def upgrade(engine: Engine) -> None:
    """Bring the schema to Alembic's newest revision.

    A database migrated by a newer tricktable (a revision this code does not
    know) is refused with a StoreError saying so, and left as it is.
    """
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    script = ScriptDirectory.from_config(config)
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # one process migrates at a time
            connection.execute(text("select pg_advisory_xact_lock(7272021)"))
        elif connection.dialect.name == "sqlite":  # the write lock first, then the reading
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        current = MigrationContext.configure(connection).get_current_heads()
        known = {revision.revision for revision in script.walk_revisions()}
        unknown = sorted(set(current) - known)
        if unknown:
            raise StoreError(
                f"the database's schema is at revision {unknown[0]}, newer than this "
                f"tricktable knows (its newest is {script.get_current_head()}): a newer "
                "tricktable wrote it; upgrade tricktable (or use another database)")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _room_values(room: RoomInfo) -> dict[str, Any]:
    return {
        "game": room.game, "players": room.players, "options": room.options, "seed": room.seed,
        "seats": [seat.to_json() for seat in room.seats], "version": room.version,
        "status": room.status, "scores": list(room.scores), "winner": room.winner,
        "to_move": room.to_move, "hands": room.hands, "created": room.created,
        "updated": room.updated, "settings": room.settings,
    }


def _state_values(room: RoomInfo) -> dict[str, Any]:
    """What an action changes in a room's row (its seats change only when people join)."""
    return {"version": room.version, "status": room.status, "scores": list(room.scores),
            "winner": room.winner, "to_move": room.to_move, "hands": room.hands,
            "updated": room.updated}


GROUP_UPDATE = (update(rooms)
                .where(rooms.c.id == bindparam("b_id"), rooms.c.version == bindparam("b_before"),
                       rooms.c.fence == bindparam("b_fence"))
                .values({name: bindparam(name) for name in (
                    "version", "status", "scores", "winner", "to_move", "hands", "updated")}))


def _event_values(room_id: str, action: StoredAction) -> dict[str, Any]:
    return {"room_id": room_id, "version": action.version, "seat": action.seat,
            "action": action.text, "actor": action.actor, "at": action.at}


def _room(row: Any) -> RoomInfo:
    return RoomInfo(
        id=row.id, game=row.game, players=row.players, options=dict(row.options),
        seed=int(row.seed), seats=[SeatInfo.from_json(s) for s in row.seats],
        version=row.version, status=row.status, scores=list(row.scores), winner=row.winner,
        to_move=row.to_move, hands=row.hands, created=row.created, updated=row.updated,
        settings=dict(row.settings or {}),
    )


class SqlStore:
    """A :class:`~tricktable.store.base.Store` in a SQL database."""

    def __init__(self, url: str | None = None, migrate: bool = True) -> None:
        self.url = normalise_url(url or default_url())
        try:
            self.engine = make_engine(self.url)
            if migrate:
                upgrade(self.engine)
        except SQLAlchemyError as error:
            raise StoreError(f"cannot open the database: {error.__class__.__name__}: "
                             f"{str(error).splitlines()[0]}") from None
        except StoreError as error:
            raise StoreError(f"cannot open the database: {error}") from None
        from tricktable.store.sql_ledger import SqlLedger

        self.ledger: Ledger = SqlLedger(self.engine)

    def _begin(self) -> Any:
        return self.engine.begin()

    def create_room(self, room: RoomInfo, actions: Sequence[StoredAction] = ()) -> None:
        check_numbered(room, actions)
        try:
            with self._begin() as connection:
                connection.execute(insert(rooms).values(id=room.id, fence=0,
                                                        **_room_values(room)))
                if actions:
                    connection.execute(insert(events), [_event_values(room.id, a) for a in actions])
        except IntegrityError:
            raise StoreError(f"room {room.id} exists already") from None

    def save_seats(self, room: RoomInfo, fence: int | None = None) -> None:
        with self._begin() as connection:
            where = [rooms.c.id == room.id]
            if fence is not None:
                where.append(rooms.c.fence == fence)
            result = connection.execute(
                update(rooms).where(*where).values(
                    seats=[seat.to_json() for seat in room.seats], status=room.status,
                    updated=time.time()))
            if result.rowcount != 1 and fence is not None:
                raise LeaseLost(f"room {room.id}: this process lost its lease (fence {fence})")

    def append(self, room: RoomInfo, action: StoredAction, fence: int | None = None) -> None:
        if room.version != action.version:
            raise VersionConflict(f"room {room.id} is at {room.version}, the action at "
                                  f"{action.version}")
        try:
            with self._begin() as connection:
                self._append(connection, room, action, fence)
        except IntegrityError:
            raise VersionConflict(f"room {room.id} is not at version {action.version - 1}"
                                  ) from None

    def take_back(self, room: RoomInfo, fence: int | None = None) -> None:
        with self._begin() as connection:
            where = [rooms.c.id == room.id, rooms.c.version >= room.version]
            if fence is not None:
                where.append(rooms.c.fence == fence)
            result = connection.execute(update(rooms).where(*where).values(
                **_state_values(room), settings=room.settings))
            if result.rowcount != 1:
                found = connection.execute(select(rooms.c.version, rooms.c.fence)
                                           .where(rooms.c.id == room.id)).first()
                if found is None:
                    raise StoreError(f"no room {room.id}")
                if fence is not None and found.fence != fence:
                    raise LeaseLost(f"room {room.id}: this process lost its lease "
                                    f"(fence {fence}, now {found.fence})")
                raise StoreError(f"room {room.id} is at version {found.version}: it cannot "
                                 f"be taken back to {room.version}")
            connection.execute(delete(events).where(events.c.room_id == room.id,
                                                    events.c.version > room.version))

    def append_many(self, items: Sequence[Append]) -> list[StoreError | None]:
        if not items:
            return []
        results: list[StoreError | None] = [None] * len(items)
        with self._begin() as connection:
            ids = [room.id for room, _action, _fence in items]
            found = {row.id: (row.version, row.fence) for row in connection.execute(
                select(rooms.c.id, rooms.c.version, rooms.c.fence)
                .where(rooms.c.id.in_(ids)).with_for_update())}
            good = []
            for index, (room, action, fence) in enumerate(items):
                version, stored_fence = found.get(room.id, (None, None))
                if fence is not None and stored_fence is not None and stored_fence != fence:
                    results[index] = LeaseLost(f"room {room.id}: this process lost its lease "
                                               f"(fence {fence}, now {stored_fence})")
                elif room.version != action.version or version != action.version - 1:
                    results[index] = VersionConflict(
                        f"room {room.id} is not at version {action.version - 1}")
                else:
                    good.append(index)
            if good:
                rows = [{**_state_values(items[i][0]), "b_id": items[i][0].id,
                         "b_before": items[i][1].version - 1,
                         "b_fence": found[items[i][0].id][1]} for i in good]
                result = connection.execute(GROUP_UPDATE, rows)
                if result.rowcount != len(good):  # changed since the SELECT: try one by one
                    raise StoreError("rooms changed during a group commit")
                connection.execute(insert(events),
                                   [_event_values(items[i][0].id, items[i][1]) for i in good])
        return results

    @staticmethod
    def _append(connection: Connection, room: RoomInfo, action: StoredAction,
                fence: int | None) -> None:
        values = _state_values(room)
        where = [rooms.c.id == room.id, rooms.c.version == action.version - 1]
        if fence is not None:
            where.append(rooms.c.fence == fence)
        result = connection.execute(update(rooms).where(*where).values(**values))
        if result.rowcount != 1:
            if fence is not None:
                found = connection.execute(
                    select(rooms.c.fence).where(rooms.c.id == room.id)).scalar()
                if found != fence:
                    raise LeaseLost(f"room {room.id}: this process lost its lease "
                                    f"(fence {fence}, now {found})")
            raise VersionConflict(f"room {room.id} is not at version {action.version - 1}")
        connection.execute(insert(events).values(**_event_values(room.id, action)))

    def claim(self, room_id: str, holder: str, ttl: float = LEASE_SECONDS) -> int | None:
        for _attempt in range(3):
            with self._begin() as connection:
                row = connection.execute(
                    select(rooms.c.holder, rooms.c.lease_until, rooms.c.fence)
                    .where(rooms.c.id == room_id)).first()
                if row is None:
                    return None
                now = time.time()
                fence = int(row.fence)
                if row.holder != holder:
                    if not holder_gone(row.holder, row.lease_until, now):
                        raise RoomHeld(room_id, str(row.holder))
                    fence += 1
                result = connection.execute(  # compare-and-set: the fence has not moved
                    update(rooms).where(rooms.c.id == room_id, rooms.c.fence == row.fence)
                    .values(holder=holder, lease_until=now + ttl, fence=fence))
                if result.rowcount == 1:
                    return fence
        raise StoreError(f"room {room_id}: its lease kept changing hands; try again")

    def lease(self, room_id: str) -> tuple[str | None, float | None, int] | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms.c.holder, rooms.c.lease_until, rooms.c.fence)
                                     .where(rooms.c.id == room_id)).first()
        return None if row is None else (row.holder, row.lease_until, int(row.fence))

    def renew(self, holder: str, ttl: float = LEASE_SECONDS) -> None:
        with self._begin() as connection:
            connection.execute(update(rooms).where(rooms.c.holder == holder)
                               .values(lease_until=time.time() + ttl))

    def release(self, holder: str, room_id: str | None = None) -> None:
        where = [rooms.c.holder == holder]
        if room_id is not None:
            where.append(rooms.c.id == room_id)
        with self._begin() as connection:
            connection.execute(update(rooms).where(*where).values(holder=None, lease_until=None))

    def expire_waiting(self, before: float, keep: Collection[str] = (),
                       holder: str | None = None) -> list[str]:
        now = time.time()
        with self._begin() as connection:
            rows = connection.execute(
                select(rooms.c.id, rooms.c.holder, rooms.c.lease_until, rooms.c.fence)
                .where(rooms.c.status == "waiting", rooms.c.updated < before)).all()
            gone = []
            for row in rows:
                if row.id in keep or not (row.holder in (None, holder) or holder_gone(
                        row.holder, row.lease_until, now)):
                    continue
                result = connection.execute(delete(rooms).where(
                    rooms.c.id == row.id, rooms.c.fence == row.fence,
                    rooms.c.status == "waiting", rooms.c.updated < before))
                if result.rowcount == 1:
                    connection.execute(delete(events).where(events.c.room_id == row.id))
                    gone.append(row.id)
            return gone

    def load(self, room_id: str) -> tuple[RoomInfo, list[StoredAction]] | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms).where(rooms.c.id == room_id)).first()
            if row is None:
                return None
            rows = connection.execute(
                select(events).where(events.c.room_id == room_id).order_by(events.c.version))
            actions = [StoredAction(r.version, r.seat, r.action, r.actor, r.at) for r in rows]
        return _room(row), actions

    def list_rooms(self, statuses: Sequence[str] = STATUSES, limit: int = 100) -> list[RoomInfo]:
        query = (select(rooms).where(rooms.c.status.in_(list(statuses)))
                 .order_by(rooms.c.updated.desc()).limit(limit))
        with self.engine.connect() as connection:
            return [_room(row) for row in connection.execute(query)]

    def close(self) -> None:
        self.engine.dispose()
