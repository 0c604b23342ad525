"""The store contract, the same for memory, SQLite and (when given) PostgreSQL."""

from __future__ import annotations

import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text
from tt_server_support import Socket, app_client, create_room, game_over, play_until

from tricktable.server import ServerConfig
from tricktable.store import (
    LeaseLost,
    MemoryStore,
    RoomHeld,
    RoomInfo,
    SeatInfo,
    Store,
    StoredAction,
    StoreError,
    VersionConflict,
    open_store,
)
from tricktable.store.sql import SqlStore, normalise_url


def room(room_id: str | None = None) -> RoomInfo:
    seats = [SeatInfo("human", "heuristic", "Ann", "abc"), SeatInfo("bot", "random")]
    return RoomInfo(room_id or secrets.token_urlsafe(6), "sixtysix", 2, {"target": 7}, 12, seats)


def lease_contract(store: Store) -> None:
    """Leases: one holder at a time; a fenced write of a former holder is refused."""
    first = room()
    store.create_room(first)
    assert store.claim("missing", "h/1/a") is None
    fence = store.claim(first.id, "elsewhere/1/a", ttl=30)
    assert fence == 1
    assert store.claim(first.id, "elsewhere/1/a", ttl=30) == 1  # renewing keeps the fence
    with pytest.raises(RoomHeld):
        store.claim(first.id, "elsewhere/2/b", ttl=30)
    first.version = 1
    store.append(first, StoredAction(1, 1, "play 9♣", "human"), fence)
    store.release("elsewhere/1/a")
    taken = store.claim(first.id, "elsewhere/2/b", ttl=0.05)
    assert taken == 2
    first.version = 2
    with pytest.raises(LeaseLost):  # the former holder may not write: nothing changes
        store.append(first, StoredAction(2, 0, "play 10♣", "human"), fence)
    with pytest.raises(LeaseLost):
        store.save_seats(first, fence)
    loaded = store.load(first.id)
    assert loaded is not None and loaded[0].version == 1 and len(loaded[1]) == 1
    store.append(first, StoredAction(2, 0, "play 10♣", "human"), taken)
    time.sleep(0.1)  # the lease ran out: another process may take the room
    assert store.claim(first.id, "elsewhere/3/c", ttl=30) == 3
    store.renew("elsewhere/3/c", ttl=30)
    with pytest.raises(RoomHeld):
        store.claim(first.id, "elsewhere/2/b")
    dead = f"{socket.gethostname()}/{dead_pid()}/d"  # a killed process on this machine
    store.release("elsewhere/3/c")
    assert store.claim(first.id, dead, ttl=30) == 4
    assert store.claim(first.id, "elsewhere/4/e", ttl=30) == 5  # taken over at once


def dead_pid() -> int:
    """The id of a process that has ended."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def group_contract(store: Store) -> None:
    """A group commit stores every good action in one go and refuses the others alone."""
    good, stale, lost, other = room(), room(), room(), room()
    for info in (good, stale, lost, other):
        store.create_room(info)
    fences = {info.id: store.claim(info.id, "elsewhere/1/a", ttl=30)
              for info in (good, stale, lost, other)}
    store.release("elsewhere/1/a", lost.id)
    store.claim(lost.id, "elsewhere/2/b", ttl=30)  # lost its lease
    items = []
    for info, version in ((good, 1), (stale, 2), (lost, 1), (other, 1)):
        info.version, info.scores, info.to_move = version, [version, 5], 1
        items.append((info, StoredAction(version, 0, "play 9♣", "human"), fences[info.id]))
    results = store.append_many(items)
    assert results[0] is None and results[3] is None
    assert isinstance(results[1], VersionConflict) and isinstance(results[2], LeaseLost)
    for info, version in ((good, 1), (stale, 0), (lost, 0), (other, 1)):
        loaded = store.load(info.id)
        assert loaded is not None and loaded[0].version == version
        assert len(loaded[1]) == version
        if version:
            assert loaded[0].scores == [1, 5] and loaded[0].to_move == 1
            assert loaded[0].seats == info.seats
    assert store.append_many([]) == []


def expiry_contract(store: Store) -> None:
    """Waiting rooms unchanged for long are deleted, unless kept or served elsewhere."""
    old, mine, kept, held, fresh, playing = room(), room(), room(), room(), room(), room()
    playing.status = "playing"
    for info in (old, mine, kept, held, fresh, playing):
        if info is not fresh:
            info.updated = time.time() - 1000
        store.create_room(info)
    store.claim(held.id, "elsewhere/9/z", ttl=30)
    store.claim(mine.id, "elsewhere/8/y", ttl=30)
    gone = store.expire_waiting(time.time() - 500, keep=[kept.id], holder="elsewhere/8/y")
    assert sorted(gone) == sorted([old.id, mine.id])
    assert store.load(old.id) is None and store.load(mine.id) is None
    assert all(store.load(r.id) is not None for r in (kept, held, fresh, playing))


def contract(store: Store) -> None:
    """What every store does."""
    first = room()
    store.create_room(first)
    with pytest.raises(StoreError):
        store.create_room(first)
    assert store.load("missing") is None
    for version, action_text in enumerate(["play 9♣", "play 10♣", "draw"], start=1):
        first.version = version
        first.scores = [version, 0]
        store.append(first, StoredAction(version, version % 2, action_text, "human"))
    with pytest.raises(VersionConflict):
        store.append(first, StoredAction(3, 0, "close", "human"))
    stale = room(first.id)
    stale.version = 2
    with pytest.raises(VersionConflict):
        store.append(stale, StoredAction(2, 0, "close", "human"))
    loaded = store.load(first.id)
    assert loaded is not None
    info, actions = loaded
    assert [a.text for a in actions] == ["play 9♣", "play 10♣", "draw"]
    assert [a.version for a in actions] == [1, 2, 3]
    assert info.version == 3 and info.scores == [3, 0] and info.seats == first.seats
    assert info.options == {"target": 7} and info.seed == 12
    first.status = "playing"
    first.seats[1].name = "Bo"
    store.save_seats(first)
    loaded = store.load(first.id)
    assert loaded is not None and loaded[0].status == "playing"
    assert loaded[0].seats[1].name == "Bo" and loaded[0].version == 3
    second = room()
    second.status = "finished"
    store.create_room(second)
    assert [r.id for r in store.list_rooms(["finished"])] == [second.id]
    assert {r.id for r in store.list_rooms()} >= {first.id, second.id}
    imported_contract(store)
    take_back_contract(store)


def take_back_contract(store: Store) -> None:
    """A take back deletes the actions after the room's version and writes its settings
    (marked taken back); the next action follows it; a version above the stored one, or an
    old fence, is refused."""
    info = room()
    store.create_room(info)
    fence = store.claim(info.id, "elsewhere/1/a", ttl=30)
    for version, action_text in enumerate(["play 9♣", "play 10♣", "draw"], start=1):
        info.version = version
        store.append(info, StoredAction(version, version % 2, action_text, "human"), fence)
    info.version, info.scores = 1, [4, 0]
    info.settings = {**info.settings, "took_back": True, "rated": False}
    store.take_back(info, fence)
    loaded = store.load(info.id)
    assert loaded is not None
    assert loaded[0].version == 1 and loaded[0].scores == [4, 0]
    assert loaded[0].settings["took_back"] and not loaded[0].settings["rated"]
    assert [a.text for a in loaded[1]] == ["play 9♣"]
    info.version = 2
    store.append(info, StoredAction(2, 0, "close", "human"), fence)
    loaded = store.load(info.id)
    assert loaded is not None and [a.text for a in loaded[1]] == ["play 9♣", "close"]
    assert loaded[0].settings["took_back"]  # an append keeps the mark
    info.version = 5
    with pytest.raises(StoreError, match="cannot be taken back to 5"):
        store.take_back(info, fence)
    info.version = 0
    with pytest.raises(LeaseLost):
        store.take_back(info, fence + 1)
    loaded = store.load(info.id)
    assert loaded is not None and loaded[0].version == 2 and len(loaded[1]) == 2
    fresh = room()
    store.create_room(fresh)
    loaded = store.load(fresh.id)
    assert loaded is not None and not loaded[0].settings.get("took_back")


def imported_contract(store: Store) -> None:
    """A room created with its actions so far (an imported game) holds them at once."""
    imported = room()
    imported.version = 2
    actions = [StoredAction(1, 0, "play 9♣", "imported"), StoredAction(2, 1, "draw", "imported")]
    store.create_room(imported, actions)
    loaded = store.load(imported.id)
    assert loaded is not None and loaded[0].version == 2
    assert [(a.version, a.seat, a.text, a.actor) for a in loaded[1]] == [
        (1, 0, "play 9♣", "imported"), (2, 1, "draw", "imported")]
    imported.version = 3
    store.append(imported, StoredAction(3, 0, "close", "human"))
    gap = room()
    gap.version = 2
    with pytest.raises(StoreError, match="numbered"):
        store.create_room(gap, [actions[1]])
    assert store.load(gap.id) is None


def test_memory_store() -> None:
    contract(MemoryStore())
    lease_contract(MemoryStore())
    group_contract(MemoryStore())
    expiry_contract(MemoryStore())


def test_sqlite_store(tmp_path: Path) -> None:
    store = SqlStore(str(tmp_path / "a" / "games.db"))
    try:
        contract(store)
        lease_contract(store)
        group_contract(store)
        expiry_contract(store)
    finally:
        store.close()
    assert (tmp_path / "a" / "games.db").is_file()


def test_migrations_reach_head_and_run_twice(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    SqlStore(url).close()
    SqlStore(url).close()  # opening again migrates nothing and loses nothing
    engine = create_engine(url)
    with engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) == {
            "rooms", "events", "players", "results", "ratings", "tournaments", "analyses",
            "alembic_version"}
        head = connection.execute(text("select version_num from alembic_version")).scalar()
        holder_indexed = any(index["column_names"] == ["holder"]
                             for index in inspect(connection).get_indexes("rooms"))
        renewal_plan = " ".join(str(row) for row in connection.execute(text(
            "explain query plan update rooms set lease_until = 1 where holder = 'h'")))
    engine.dispose()
    assert head == "0007"
    assert holder_indexed and "ix_rooms_holder" in renewal_plan  # renewals look up, not scan


def test_a_database_newer_than_the_code_is_refused_in_plain_words(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    SqlStore(url).close()
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("update alembic_version set version_num = '0099'"))
    engine.dispose()
    with pytest.raises(StoreError) as caught:
        SqlStore(url)
    message = str(caught.value)
    assert "0099" in message and "newer than this tricktable" in message
    assert "upgrade tricktable" in message
    engine = create_engine(url)
    with engine.connect() as connection:  # left as it was
        assert connection.execute(text("select version_num from alembic_version")
                                  ).scalar() == "0099"
    engine.dispose()


def test_urls() -> None:
    assert normalise_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"
    assert isinstance(open_store("memory"), MemoryStore)
    with pytest.raises(StoreError):
        SqlStore("postgresql://nobody@127.0.0.1:1/none")


# -- PostgreSQL -----------------------------------------------------------------------


@pytest.fixture
def postgres_store(postgres_schema_url: str) -> Iterator[SqlStore]:
    """A store in a fresh schema of the test database, dropped afterwards."""
    store = SqlStore(postgres_schema_url)
    try:
        yield store
    finally:
        store.close()


@pytest.mark.postgres
def test_postgres_store(postgres_store: SqlStore) -> None:
    assert postgres_store.engine.dialect.name == "postgresql"
    contract(postgres_store)
    lease_contract(postgres_store)
    group_contract(postgres_store)
    expiry_contract(postgres_store)


@pytest.mark.postgres
def test_postgres_game_survives_a_restart(postgres_store: SqlStore) -> None:
    config = ServerConfig(bot_delay=0.0)
    with app_client(config, postgres_store) as client:
        made = create_room(client, "sixtysix", 5, seats=["human", "heuristic"])
        room_id, token = made["room"]["id"], made["token"]
        with client.websocket_connect(f"/ws/{room_id}") as session:
            before = play_until(Socket(session, token, "Ann"),
                                lambda f: f["version"] >= 15 and bool(f["legal"]))
    restarted = SqlStore(postgres_store.url)
    try:
        with app_client(config, restarted) as client:
            with client.websocket_connect(f"/ws/{room_id}") as session:
                socket = Socket(session, token, "Ann")
                again = socket.until("state")
                assert again["view"] == before["view"]
                play_until(socket, game_over)
            history: list[Any] = client.get("/api/history").json()
            assert [r["id"] for r in history] == [room_id]
    finally:
        restarted.close()


OPEN_AT = """
import sys, time
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
from tricktable.store.sql import SqlStore
SqlStore("sqlite:///" + sys.argv[1])
"""


def test_processes_opening_a_new_sqlite_file_together_all_get_it(tmp_path: Path) -> None:
    """Servers started at once on one new SQLite file migrate it one after the other (each
    took the file's write lock before reading its revision: before, two made its tables)."""
    for round_ in range(2):
        database = tmp_path / f"new{round_}.db"
        start = time.time() + 4  # every process imported and waiting by then
        opening = [subprocess.Popen([sys.executable, "-c", OPEN_AT, str(database), str(start)],
                                    stderr=subprocess.PIPE, text=True) for _ in range(3)]
        errors = [process.communicate(timeout=120)[1] for process in opening]
        assert [process.returncode for process in opening] == [0, 0, 0], errors
