"""A take back killed mid-way (kill -9) loses and doubles nothing.

``Store.take_back`` moves the room's version back and deletes the actions after it in one
transaction. A child process is killed with SIGKILL right after the delete is sent, before
the commit: the store must then hold every action as before (the take back did not
happen), and a take back and a new action after it hold exactly what was played last.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tricktable.store import RoomInfo, SeatInfo, StoredAction
from tricktable.store.sql import SqlStore

ACTIONS = ["play 9♣", "play 10♣", "draw"]

CHILD = """
import os, signal, sys
from sqlalchemy import event
from tricktable.store.sql import SqlStore
store = SqlStore(sys.argv[1])
found = store.load(sys.argv[2])
info = found[0]
info.version, info.settings = 1, {**info.settings, "took_back": True, "rated": False}

@event.listens_for(store.engine, "after_execute")
def die(conn, clause, *args):
    if str(clause).lstrip().upper().startswith("DELETE"):
        os.kill(os.getpid(), signal.SIGKILL)

store.take_back(info)
"""


def a_room_with_three_actions(store: SqlStore) -> RoomInfo:
    seats = [SeatInfo("human", "heuristic", "Ann", "abc"), SeatInfo("bot", "random")]
    info = RoomInfo(secrets.token_urlsafe(6), "sixtysix", 2, {"target": 7}, 12, seats,
                    status="playing")
    store.create_room(info)
    for version, action in enumerate(ACTIONS, start=1):
        info.version = version
        store.append(info, StoredAction(version, version % 2, action, "human"))
    return info


def killed_take_back_loses_nothing(url: str) -> None:
    store = SqlStore(url)
    try:
        info = a_room_with_three_actions(store)
        child = subprocess.run([sys.executable, "-c", CHILD, url, info.id], timeout=60,
                               capture_output=True, text=True, check=False)
        assert child.returncode == -9, child.stderr  # killed between the delete and commit
        loaded = store.load(info.id)
        assert loaded is not None
        assert loaded[0].version == 3 and [a.text for a in loaded[1]] == ACTIONS
        assert not loaded[0].settings.get("took_back")
        back = loaded[0]
        back.version, back.settings = 1, {**back.settings, "took_back": True}
        store.take_back(back)
        back.version = 2
        store.append(back, StoredAction(2, 0, "close", "human"))
        loaded = store.load(info.id)
        assert loaded is not None and loaded[0].version == 2
        assert [(a.version, a.text) for a in loaded[1]] == [(1, "play 9♣"), (2, "close")]
    finally:
        store.close()


def test_a_take_back_killed_mid_way_on_sqlite(tmp_path: Path) -> None:
    killed_take_back_loses_nothing(f"sqlite:///{tmp_path / 'games.db'}")


@pytest.mark.postgres
def test_a_take_back_killed_mid_way_on_postgres(postgres_schema_url: str) -> None:
    killed_take_back_loses_nothing(postgres_schema_url)
