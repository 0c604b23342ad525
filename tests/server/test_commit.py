"""Group commit: many rooms' moves in one transaction, each sent only once it is stored;
one frame serialized per seat and version."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from tt_server_support import Socket, app_client, create_room, play_until

from tricktable.server import ServerConfig
from tricktable.server.commit import GroupCommit
from tricktable.store import MemoryStore, RoomInfo, SeatInfo, StoredAction, StoreError
from tricktable.store.base import Append
from tricktable.store.sql import SqlStore


class SlowStore(MemoryStore):
    """A store whose group commits take a while, and count themselves."""

    def __init__(self, pause: float) -> None:
        super().__init__()
        self.pause = pause
        self.batches: list[int] = []

    def append_many(self, items: Sequence[Append]) -> list[StoreError | None]:
        time.sleep(self.pause)
        self.batches.append(len(items))
        return super().append_many(items)


def test_many_rooms_moves_share_transactions() -> None:
    store = SlowStore(0.05)
    infos = [RoomInfo(f"r{n}", "rook", 4, {}, n, [SeatInfo("bot", "random")] * 4)
             for n in range(40)]
    for info in infos:
        store.create_room(info)

    async def all_at_once() -> None:
        commit = GroupCommit(store, lambda f, *a: asyncio.to_thread(f, *a))
        commit.start()
        for info in infos:
            info.version = 1
        await asyncio.gather(*(commit.append(info, StoredAction(1, 1, "pass", "bot:random"),
                                             None) for info in infos))
        await commit.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (as test_limits)
        pool.submit(asyncio.run, all_at_once()).result()
    assert sum(store.batches) == 40 and len(store.batches) <= 3, store.batches
    assert all(store.load(info.id)[0].version == 1 for info in infos)  # type: ignore[index]


class GatedStore(MemoryStore):
    """A store that writes a move only when the test opens the gate."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.gate.set()

    def append_many(self, items: Sequence[Append]) -> list[StoreError | None]:
        assert self.gate.wait(10)
        return super().append_many(items)


class GatedSqlStore(SqlStore):
    """A SQLite store whose group commits wait for the test to open the gate (as a commit
    waits for a checkpoint's fsync or another connection's write lock)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.gate = threading.Event()
        self.gate.set()

    def append_many(self, items: Sequence[Append]) -> list[StoreError | None]:
        assert self.gate.wait(10)
        return super().append_many(items)


def test_a_database_commit_that_waits_does_not_stop_the_server(tmp_path: Path) -> None:
    store = GatedSqlStore(f"sqlite:///{tmp_path / 'games.db'}")
    with app_client(ServerConfig(bot_delay=0), store) as client:
        made = create_room(client, "rook", None, seats=["human", "random", "random", "random"])
        room = made["room"]["id"]
        with client.websocket_connect(f"/ws/{room}") as session, \
                concurrent.futures.ThreadPoolExecutor(1) as pool:
            ann = Socket(session, made["token"], "Ann")
            frame = ann.until("state")
            while not frame["legal"]:
                frame = ann.until("state")
            store.gate.clear()
            ann.send({"type": "act", "version": frame["version"],
                      "action": frame["legal"][0]["text"]})
            moved = pool.submit(ann.until, "state", frame["version"] + 1)
            time.sleep(0.2)  # the commit waits at the gate
            began = time.monotonic()
            assert client.get("/api/health").json()["ok"] is True
            assert time.monotonic() - began < 2, "the event loop waited for the commit"
            assert not moved.done(), "a move was sent before it was stored"
            store.gate.set()
            assert moved.result(timeout=10)["version"] == frame["version"] + 1
    assert store.load(room)[0].version >= frame["version"] + 1  # type: ignore[index]
    store.close()


def test_a_move_is_sent_only_once_it_is_stored() -> None:
    store = GatedStore()
    with app_client(ServerConfig(bot_delay=0), store) as client:
        made = create_room(client, "rook", None, seats=["human", "random", "random", "random"])
        room = made["room"]["id"]
        with client.websocket_connect(f"/ws/{room}") as session, \
                client.websocket_connect(f"/ws/{room}") as watching, \
                concurrent.futures.ThreadPoolExecutor(2) as pool:
            ann = Socket(session, made["token"], "Ann")
            watcher = Socket(watching, None, "watcher")
            frame = ann.until("state")
            while not frame["legal"]:
                frame = ann.until("state")
            watcher.until("state", frame["version"])
            store.gate.clear()
            ann.send({"type": "act", "version": frame["version"],
                      "action": frame["legal"][0]["text"]})
            waiting = [pool.submit(socket.until, "state", frame["version"] + 1)
                       for socket in (ann, watcher)]
            done, _ = concurrent.futures.wait(waiting, timeout=0.5)
            assert not done, "a move was sent before it was stored"
            assert store.load(room)[0].version == frame["version"]  # type: ignore[index]
            store.gate.set()
            assert [w.result(timeout=10)["version"] for w in waiting] == [frame["version"] + 1] * 2


def test_clients_of_one_seat_get_the_same_frame_text() -> None:
    sent: list[Any] = []
    with app_client(ServerConfig(bot_delay=0), MemoryStore()) as client:
        made = create_room(client, "rook", None, seats=["human", "human", "random", "random"])
        room = client.app.state.rooms.rooms[made["room"]["id"]]
        with client.websocket_connect(f"/ws/{room.id}") as one, \
                client.websocket_connect(f"/ws/{room.id}") as two:
            first, second = Socket(one, None, "one"), Socket(two, None, "two")
            first.until("state")
            second.until("state")
            delivered = [c.deliver for c in room.clients]
            for watcher in list(room.clients):
                watcher.deliver = (  # type: ignore[method-assign]
                    lambda text, w=watcher: sent.append((w, text)))
            client.portal.call(_broadcast, room)
            for watcher, deliver in zip(list(room.clients), delivered, strict=True):
                watcher.deliver = deliver  # type: ignore[method-assign]
    assert len(sent) == 2 and sent[0][1] is sent[1][1]  # one serialization, shared


async def _broadcast(room: Any) -> None:
    room._broadcast()


def test_a_quick_bot_thinks_on_the_loop_and_a_slow_one_in_the_threads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.server import loading

    real = loading.make_bot
    threads: dict[str, list[str]] = {"random": [], "heuristic": []}

    class Watched:
        def __init__(self, name: str, bot: Any, pause: float) -> None:
            self.name, self.bot, self.pause = name, bot, pause

        def choose(self, view: Any, legal: Any) -> Any:
            threads[self.name].append(threading.current_thread().name)
            time.sleep(self.pause)
            return self.bot.choose(view, legal)

    def make_bot(name: str, game: str, seed: int = 0) -> Any:
        return Watched(name, real(name, game, seed), 0.0 if name == "random" else 0.01)

    monkeypatch.setattr(loading, "make_bot", make_bot)
    with app_client(ServerConfig(bot_delay=0), MemoryStore()) as client:
        made = create_room(client, "rook", None,
                           seats=["human", "random", "heuristic", "random"])
        with client.websocket_connect(f"/ws/{made['room']['id']}") as session:
            play_until(Socket(session, made["token"], "Ann"), lambda f: f["version"] >= 40)
    assert threads["random"][0].startswith("tricktable-bot")  # not known yet: in a thread
    assert any(not name.startswith("tricktable-bot") for name in threads["random"])
    assert all(name.startswith("tricktable-bot") for name in threads["heuristic"])
