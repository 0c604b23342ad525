"""What every store's ledger must do (memory, SQLite, PostgreSQL)."""

from __future__ import annotations

import pytest

from tricktable.store import RoomInfo, SeatInfo, Store, StoredAction, StoreError
from tricktable.store.ledger import PlayerInfo, Rating, ResultRow


def row(room: str, seat: int, subject: str, player: str | None = None) -> ResultRow:
    return ResultRow(room, seat, "rook", subject, player, subject, 0.5, 10, 2, 1, 1, True,
                     float(seat))


def plus_one(old: dict[str, Rating], subjects: list[str]) -> list[Rating]:
    return [Rating("rook", s, s, (old[s].mu if s in old else 25.0) + 1, 8.0,
                   (old[s].games if s in old else 0) + 1) for s in subjects]


def ledger_contract(store: Store) -> None:
    ledger = store.ledger
    ledger.add_player(PlayerInfo("p1", "Ann", 1.0), "a" * 64)
    with pytest.raises((StoreError, ValueError)):
        ledger.add_player(PlayerInfo("p2", "Bob", 1.0), "a" * 64)  # a key is one player's
    assert ledger.player_by_key("a" * 64) == PlayerInfo("p1", "Ann", 1.0)
    assert ledger.player_by_key("b" * 64) is None and ledger.player("p9") is None
    room = RoomInfo("lr1", "rook", 4, {}, 1, [SeatInfo("bot", "random")] * 4)
    store.create_room(room)
    rows = [row("lr1", 0, "p:p1", "p1"), row("lr1", 1, "bot:random")]
    subjects = ["p:p1", "bot:random"]
    assert not ledger.tally("lr1", "rook", rows, lambda old: plus_one(old, subjects))
    assert ledger.pending() == []  # not finished: nothing to tally
    room.status, room.version = "finished", 1
    store.append(room, StoredAction(1, 0, "pass", "bot:random"))
    assert ledger.pending() == ["lr1"]
    assert ledger.tally("lr1", "rook", rows, lambda old: plus_one(old, subjects))
    assert not ledger.tally("lr1", "rook", rows, lambda old: plus_one(old, subjects))
    assert ledger.pending() == []
    assert [r.seat for r in ledger.results("p1")] == [0]
    ledger.rate("rook", ["bot:random"], lambda old: plus_one(old, ["bot:random"]))
    found = {r.subject: (r.mu, r.games) for r in ledger.ratings("rook")}
    assert found == {"p:p1": (26.0, 1), "bot:random": (27.0, 2)}
    assert [r.subject for r in ledger.ratings("rook", prefix="bot:")] == ["bot:random"]
    assert [r.subject for r in ledger.ratings("rook", limit=1)] == ["bot:random"]
    assert ledger.ratings("pinochle") == []
    tournaments_and_analyses(store)


def tournaments_and_analyses(store: Store) -> None:
    from tricktable.store.ledger import AnalysisInfo, TournamentInfo

    ledger = store.ledger
    running = TournamentInfo("t1", "rook", ["heuristic", "random"], 2, total=4, created=1.0)
    ledger.save_tournament(running)
    running.done, running.status, running.doc = 4, "finished", {"tables": []}
    ledger.save_tournament(running)
    assert ledger.tournament("t1") == running
    listed = ledger.tournaments()
    assert [(t.id, t.done, t.doc) for t in listed] == [("t1", 4, None)]
    assert ledger.tournament("t1", with_doc=False).doc is None  # type: ignore[union-attr]
    assert ledger.tournament("t9") is None
    plan_and_updates(store)
    assert ledger.start_analysis(AnalysisInfo("lr1", 0, updated=100.0), stale_before=50.0)
    assert not ledger.start_analysis(AnalysisInfo("lr1", 0), stale_before=50.0)
    assert ledger.start_analysis(AnalysisInfo("lr1", 0, updated=300.0), stale_before=200.0)
    ledger.save_analysis(AnalysisInfo("lr1", 0, "finished", 9, 9, {"decisions": []}))
    found = ledger.analysis("lr1", 0)
    assert found is not None and (found.status, found.done, found.doc) == (
        "finished", 9, {"decisions": []})
    assert not ledger.start_analysis(AnalysisInfo("lr1", 0), stale_before=1e12)
    assert ledger.analysis("lr1", 1) is None


def plan_and_updates(store: Store) -> None:
    """A tournament's private plan is stored, left out of the list, and changed in place."""
    from tricktable.store.ledger import TournamentInfo

    ledger = store.ledger
    ledger.save_tournament(TournamentInfo("t2", "rook", ["random"], 1, "registering",
                                          created=2.0, plan={"people": []}))

    def register(info: TournamentInfo) -> bool:
        assert info.plan is not None
        info.plan["people"].append("p1")
        return True

    assert ledger.update_tournament("t2", register).plan == {"people": ["p1"]}  # type: ignore
    assert ledger.update_tournament("t2", lambda info: False) is not None
    found = ledger.tournament("t2")
    assert found is not None and found.plan == {"people": ["p1"]} and found.status == "registering"
    assert all(t.plan is None for t in ledger.tournaments())
    assert ledger.update_tournament("t9", register) is None
