"""The ledger in SQL: players, results and ratings beside the rooms (see :mod:`.ledger`).

A tally is one transaction: it sets the room's ``tallied`` flag only if it
was not set (so one process wins, the others write nothing), inserts the
seats' results, and reads the subjects' ratings ``FOR UPDATE`` before
writing the new ones, so two rooms finishing at once never lose an update
(a rating row two processes try to create at once makes one of them retry).

>>> from tricktable.store.sql import SqlStore
>>> ledger = SqlStore("sqlite://").ledger
>>> ledger.add_player(PlayerInfo("p1", "Ann", 1.0), "ab" * 32)
>>> ledger.player("p1")
PlayerInfo(id='p1', name='Ann', created=1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from tricktable.store.base import StoreError
from tricktable.store.ledger import (
    MAX_RESULTS,
    AnalysisInfo,
    PlayerInfo,
    RateFn,
    Rating,
    ResultRow,
    TournamentInfo,
)
from tricktable.store.sql import metadata, rooms

players = Table(
    "players", metadata,
    Column("id", String(16), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)

results = Table(
    "results", metadata,
    Column("room_id", String(32), ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("game", String(40), nullable=False),
    Column("subject", String(60), nullable=False),
    Column("player", String(16), nullable=True),
    Column("name", String(40), nullable=False),
    Column("won", Float, nullable=False),
    Column("points", Integer, nullable=False),
    Column("hands", Integer, nullable=False),
    Column("declared", Integer, nullable=False),
    Column("made", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("finished", Float, nullable=False),
)

ratings = Table(
    "ratings", metadata,
    Column("game", String(40), primary_key=True),
    Column("subject", String(60), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

tournaments = Table(
    "tournaments", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("entrants", JSON, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("doc", JSON, nullable=True),
    Column("error", String(300), nullable=True),
    Column("created", Float, nullable=False, index=True),
    Column("updated", Float, nullable=False),
    Column("plan", JSON, nullable=True),
)
SUMMARY = [c for c in tournaments.c if c.name not in ("doc", "plan")]

analyses = Table(
    "analyses", metadata,
    Column("room_id", String(32), ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("status", String(16), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("doc", JSON, nullable=True),
    Column("error", String(300), nullable=True),
    Column("updated", Float, nullable=False),
)

ATTEMPTS = 5  # a tally that meets a rating row created meanwhile is tried again


def _rating(row: Any) -> Rating:
    return Rating(row.game, row.subject, row.name, row.mu, row.sigma, row.games, row.updated)


def _result(row: Any) -> ResultRow:
    return ResultRow(row.room_id, row.seat, row.game, row.subject, row.player, row.name,
                     row.won, row.points, row.hands, row.declared, row.made, bool(row.rated),
                     row.finished)


class SqlLedger:
    """A :class:`~tricktable.store.ledger.Ledger` in the store's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_player(self, player: PlayerInfo, key_hash: str) -> None:
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(players).values(
                    id=player.id, name=player.name, key_hash=key_hash, created=player.created))
        except IntegrityError:
            raise StoreError(f"player {player.id} exists already") from None

    def _one_player(self, where: Any) -> PlayerInfo | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(players.c.id, players.c.name, players.c.created)
                                     .where(where)).first()
        return None if row is None else PlayerInfo(row.id, row.name, row.created)

    def player(self, player_id: str) -> PlayerInfo | None:
        return self._one_player(players.c.id == player_id)

    def player_by_key(self, key_hash: str) -> PlayerInfo | None:
        return self._one_player(players.c.key_hash == key_hash)

    def pending(self, limit: int = 20) -> list[str]:
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(rooms.c.id).where(rooms.c.tallied.is_(False),
                                         rooms.c.status == "finished").limit(limit)).scalars())

    def tally(self, room_id: str, game: str, rows: Sequence[ResultRow],
              rate: RateFn | None) -> bool:
        for _attempt in range(ATTEMPTS):
            try:
                with self.engine.begin() as connection:
                    done = connection.execute(
                        update(rooms).where(rooms.c.id == room_id, rooms.c.tallied.is_(False),
                                            rooms.c.status == "finished").values(tallied=True))
                    if done.rowcount != 1:
                        return False
                    if rows:
                        connection.execute(insert(results), [vars_of(r) for r in rows])
                    if rate is not None:
                        self._rate(connection, game, [r.subject for r in rows if r.subject],
                                   rate)
                    return True
            except IntegrityError:
                continue
        raise StoreError(f"room {room_id}: its ratings kept changing; tally it again later")

    def rate(self, game: str, subjects: Sequence[str], rate: RateFn) -> None:
        for _attempt in range(ATTEMPTS):
            try:
                with self.engine.begin() as connection:
                    self._rate(connection, game, subjects, rate)
                    return
            except IntegrityError:
                continue
        raise StoreError(f"{game}: the ratings kept changing; try again")

    @staticmethod
    def _rate(connection: Connection, game: str, subjects: Sequence[str], rate: RateFn) -> None:
        found = connection.execute(
            select(ratings).where(ratings.c.game == game, ratings.c.subject.in_(list(subjects)))
            .with_for_update()).all()
        old = {row.subject: _rating(row) for row in found}
        for new in rate(dict(old)):
            values = {"name": new.name[:40], "mu": new.mu, "sigma": new.sigma,
                      "games": new.games, "updated": new.updated}
            if new.subject in old:
                connection.execute(update(ratings).where(
                    ratings.c.game == game, ratings.c.subject == new.subject).values(**values))
            else:
                connection.execute(insert(ratings).values(game=game, subject=new.subject,
                                                          **values))

    def results(self, player_id: str, limit: int = MAX_RESULTS) -> list[ResultRow]:
        with self.engine.connect() as connection:
            return [_result(row) for row in connection.execute(
                select(results).where(results.c.player == player_id)
                .order_by(results.c.finished.desc()).limit(limit))]

    def ratings(self, game: str, limit: int = 100, prefix: str = "") -> list[Rating]:
        query = select(ratings).where(ratings.c.game == game)
        if prefix:
            query = query.where(ratings.c.subject.startswith(prefix, autoescape=True))
        query = query.order_by((ratings.c.mu - 3 * ratings.c.sigma).desc()).limit(limit)
        with self.engine.connect() as connection:
            return [_rating(row) for row in connection.execute(query)]

    def save_tournament(self, tournament: TournamentInfo) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(tournaments).where(tournaments.c.id == tournament.id))
            connection.execute(insert(tournaments).values(id=tournament.id,
                                                          **_tournament_values(tournament)))

    def update_tournament(self, tournament_id: str, change: Callable[[TournamentInfo], bool]
                          ) -> TournamentInfo | None:
        where = tournaments.c.id == tournament_id
        with self.engine.begin() as connection:
            row = connection.execute(select(tournaments).where(where).with_for_update()).first()
            if row is None:
                return None
            found = _tournament(row, row.doc, row.plan)
            if change(found):
                connection.execute(update(tournaments).where(where)
                                   .values(**_tournament_values(found)))
        return found

    def start_analysis(self, analysis: AnalysisInfo, stale_before: float) -> bool:
        where = [analyses.c.room_id == analysis.room_id, analyses.c.seat == analysis.seat]
        try:
            with self.engine.begin() as connection:
                taken = connection.execute(update(analyses).where(
                    *where, (analyses.c.status == "failed") | (
                        (analyses.c.status == "running") & (analyses.c.updated < stale_before)))
                    .values(**_analysis_values(analysis)))
                if taken.rowcount == 1:
                    return True
                if connection.execute(select(analyses.c.seat).where(*where)).first():
                    return False
                connection.execute(insert(analyses).values(
                    room_id=analysis.room_id, seat=analysis.seat, **_analysis_values(analysis)))
                return True
        except IntegrityError:  # another process inserted it first
            return False

    def save_analysis(self, analysis: AnalysisInfo) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(analyses).where(
                analyses.c.room_id == analysis.room_id, analyses.c.seat == analysis.seat)
                .values(**_analysis_values(analysis)))

    def analysis(self, room_id: str, seat: int) -> AnalysisInfo | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(analyses).where(
                analyses.c.room_id == room_id, analyses.c.seat == seat)).first()
        if row is None:
            return None
        return AnalysisInfo(row.room_id, row.seat, row.status, row.done, row.total, row.doc,
                            row.error, row.updated)

    def tournament(self, tournament_id: str, with_doc: bool = True) -> TournamentInfo | None:
        columns = list(tournaments.c) if with_doc else SUMMARY
        with self.engine.connect() as connection:
            row = connection.execute(select(*columns)
                                     .where(tournaments.c.id == tournament_id)).first()
        if row is None:
            return None
        return _tournament(row, row.doc, row.plan) if with_doc else _tournament(row)

    def tournaments(self, limit: int = 50) -> list[TournamentInfo]:
        with self.engine.connect() as connection:
            return [_tournament(row) for row in connection.execute(
                select(*SUMMARY).order_by(tournaments.c.created.desc()).limit(limit))]


def _analysis_values(analysis: AnalysisInfo) -> dict[str, Any]:
    return {"status": analysis.status, "done": analysis.done, "total": analysis.total,
            "doc": analysis.doc, "error": (analysis.error or "")[:300] or None,
            "updated": analysis.updated}


def _tournament(row: Any, doc: Any = None, plan: Any = None) -> TournamentInfo:
    return TournamentInfo(row.id, row.game, list(row.entrants), row.deals, row.status, row.done,
                          row.total, doc, row.error, row.created, row.updated, plan)


def _tournament_values(tournament: TournamentInfo) -> dict[str, Any]:
    return {"game": tournament.game, "entrants": tournament.entrants,
            "deals": tournament.deals, "status": tournament.status,
            "done": tournament.done, "total": tournament.total, "doc": tournament.doc,
            "error": (tournament.error or "")[:300] or None,
            "created": tournament.created, "updated": tournament.updated,
            "plan": tournament.plan}


def vars_of(row: ResultRow) -> dict[str, Any]:
    """A result row's columns."""
    return {"room_id": row.room_id, "seat": row.seat, "game": row.game,
            "subject": row.subject, "player": row.player, "name": row.name[:40],
            "won": row.won, "points": row.points, "hands": row.hands,
            "declared": row.declared, "made": row.made, "rated": row.rated,
            "finished": row.finished}
