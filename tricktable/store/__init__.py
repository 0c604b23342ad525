"""Storage of rooms and their actions: an interface, in memory and in SQL.

>>> from tricktable.store import open_store
>>> open_store("memory").__class__.__name__
'MemoryStore'
"""

from __future__ import annotations

from tricktable.store.base import (
    LEASE_SECONDS,
    STATUSES,
    LeaseLost,
    MemoryStore,
    RoomHeld,
    RoomInfo,
    SeatInfo,
    Store,
    StoredAction,
    StoreError,
    VersionConflict,
    node_id,
)


def open_store(url: str | None = None) -> Store:
    """A store by URL: ``memory``, a SQLite path or URL, or ``postgresql://...``.

    ``None`` opens the default SQLite database in the data folder. A SQL store
    migrates its schema to the newest revision on opening.
    """
    if url == "memory":
        return MemoryStore()
    from tricktable.store.sql import SqlStore

    return SqlStore(url)


__all__ = ["LEASE_SECONDS", "STATUSES", "LeaseLost", "MemoryStore", "RoomHeld", "RoomInfo",
           "SeatInfo", "Store", "StoreError", "StoredAction", "VersionConflict", "node_id",
           "open_store"]
