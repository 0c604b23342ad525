"""Players, finished games' results and ratings: the store's ledger.

A player is a name and a secret key the browser keeps; the ledger stores only
the key's sha256. When a room finishes, its results (one row a seat) are
written once, with the ratings they change, in one transaction: a room is
*tallied* exactly once however many processes try (the room row's
``tallied`` flag is set only if it was not set).

>>> ledger = MemoryLedger()
>>> ledger.add_player(PlayerInfo("p1", "Ann", 1.0), "00" * 32)
>>> ledger.player_by_key("00" * 32).name
'Ann'
>>> ledger.rate("rook", ["bot:random"], lambda old: [Rating("rook", "bot:random", "random", 20.0,
...                                                       7.0, 1)])
>>> [(r.subject, r.games) for r in ledger.ratings("rook")]
[('bot:random', 1)]
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tricktable.store.base import MemoryStore

MAX_RESULTS = 2000
"""The most result rows a profile reads (the newest)."""


@dataclass(frozen=True)
class PlayerInfo:
    """A player as others may see them: an id, a name, when they started (no key)."""

    id: str
    name: str
    created: float = field(default_factory=time.time)


@dataclass(frozen=True)
class ResultRow:
    """One seat's result in a finished game."""

    room_id: str
    seat: int
    game: str
    subject: str  # who is rated: "p:<player id>", "bot:<name>", or "" (a person without id)
    player: str | None  # the player's id, for a person with one
    name: str  # the name shown: the player's, or the bot's
    won: float  # the share of the win: 1, 1/k when k sides share it, 0
    points: int  # the final score of the seat's side
    hands: int  # hands played
    declared: int  # hands this seat was the declarer (won the contract)
    made: int  # of those, contracts made
    rated: bool  # whether the room was rated
    finished: float = field(default_factory=time.time)


@dataclass(frozen=True)
class Rating:
    """A subject's rating in one game (OpenSkill's mu and sigma)."""

    game: str
    subject: str
    name: str
    mu: float
    sigma: float
    games: int
    updated: float = field(default_factory=time.time)

    @property
    def ordinal(self) -> float:
        """The conservative skill shown and sorted on: mu - 3 sigma.

        >>> Rating("rook", "bot:random", "random", 25.0, 5.0, 3).ordinal
        10.0
        """
        return self.mu - 3 * self.sigma


@dataclass
class TournamentInfo:
    """A duplicate tournament as stored: its setup, progress and (once played) document."""

    id: str
    game: str
    entrants: list[str]
    deals: int
    status: str = "running"  # running, finished or failed
    done: int = 0  # tables played
    total: int = 0  # tables in all
    doc: dict[str, Any] | None = None  # tricktable.tournament's document once finished
    error: str | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    plan: dict[str, Any] | None = None  # with people: registrations, tables, seeds (private)


@dataclass
class AnalysisInfo:
    """A finished room's post-game analysis for one seat: progress, then the document."""

    room_id: str
    seat: int
    status: str = "running"  # running, finished or failed
    done: int = 0  # actions of the record reviewed
    total: int = 0
    doc: dict[str, Any] | None = None
    error: str | None = None
    updated: float = field(default_factory=time.time)


RateFn = Callable[[dict[str, Rating]], list[Rating]]
"""Given the stored ratings of a game's subjects (those that have one), their new ratings."""


class Ledger(Protocol):
    """Players, results and ratings. Methods block: call them from a worker thread."""

    def add_player(self, player: PlayerInfo, key_hash: str) -> None:
        """Store a new player and the sha256 of their secret key."""
        ...

    def player(self, player_id: str) -> PlayerInfo | None:
        """A player by id."""
        ...

    def player_by_key(self, key_hash: str) -> PlayerInfo | None:
        """The player whose secret key hashes to ``key_hash``."""
        ...

    def pending(self, limit: int = 20) -> list[str]:
        """Finished rooms not tallied yet."""
        ...

    def tally(self, room_id: str, game: str, results: Sequence[ResultRow],
              rate: RateFn | None) -> bool:
        """Store a finished room's results and (``rate`` given) its ratings, once.

        False when the room was tallied already (by this or another process),
        or is not finished; nothing is written then.
        """
        ...

    def rate(self, game: str, subjects: Sequence[str], rate: RateFn) -> None:
        """Change ratings outside any room (the ``tricktable ratings seed`` games)."""
        ...

    def results(self, player_id: str, limit: int = MAX_RESULTS) -> list[ResultRow]:
        """A player's results, newest first."""
        ...

    def ratings(self, game: str, limit: int = 100, prefix: str = "") -> list[Rating]:
        """A game's ratings whose subject starts with ``prefix``, best (ordinal) first."""
        ...

    def save_tournament(self, tournament: TournamentInfo) -> None:
        """Store a tournament, new or changed (its progress, its document)."""
        ...

    def tournament(self, tournament_id: str, with_doc: bool = True) -> TournamentInfo | None:
        """A tournament (without its document unless ``with_doc``)."""
        ...

    def tournaments(self, limit: int = 50) -> list[TournamentInfo]:
        """The newest tournaments, without their documents."""
        ...

    def update_tournament(self, tournament_id: str, change: Callable[[TournamentInfo], bool]
                          ) -> TournamentInfo | None:
        """Read a tournament, let ``change`` alter it and write it, in one transaction (no
        other update in between); nothing is written when ``change`` answers False.
        The tournament as it is after, or None if there is none."""
        ...

    def start_analysis(self, analysis: AnalysisInfo, stale_before: float) -> bool:
        """Store a new analysis as running, or take over one that failed or whose process
        stopped (running, not updated since ``stale_before``); False when another runs it
        or it is finished (nothing written then)."""
        ...

    def save_analysis(self, analysis: AnalysisInfo) -> None:
        """Store an analysis's progress or its document."""
        ...

    def analysis(self, room_id: str, seat: int) -> AnalysisInfo | None:
        """A room's analysis for ``seat``."""
        ...


class MemoryLedger:
    """A :class:`Ledger` in memory, beside a :class:`MemoryStore` (or alone, for tests)."""

    def __init__(self, store: MemoryStore | None = None) -> None:
        self._store = store
        self._players: dict[str, tuple[PlayerInfo, str]] = {}
        self._results: list[ResultRow] = []
        self._ratings: dict[tuple[str, str], Rating] = {}
        self._tallied: set[str] = set()
        self._tournaments: dict[str, TournamentInfo] = {}
        self._analyses: dict[tuple[str, int], AnalysisInfo] = {}
        self._lock = threading.Lock()

    def add_player(self, player: PlayerInfo, key_hash: str) -> None:
        with self._lock:
            if player.id in self._players or any(k == key_hash
                                                 for _p, k in self._players.values()):
                raise ValueError(f"player {player.id} exists already")
            self._players[player.id] = (player, key_hash)

    def player(self, player_id: str) -> PlayerInfo | None:
        with self._lock:
            found = self._players.get(player_id)
            return found[0] if found else None

    def player_by_key(self, key_hash: str) -> PlayerInfo | None:
        with self._lock:
            return next((p for p, k in self._players.values() if k == key_hash), None)

    def pending(self, limit: int = 20) -> list[str]:
        if self._store is None:
            return []
        rooms = self._store.list_rooms(["finished"], 10**9)
        return [r.id for r in rooms if r.id not in self._tallied][:limit]

    def tally(self, room_id: str, game: str, results: Sequence[ResultRow],
              rate: RateFn | None) -> bool:
        if self._store is not None:
            found = self._store.load(room_id)
            if found is None or found[0].status != "finished":
                return False
        with self._lock:
            if room_id in self._tallied:
                return False
            self._tallied.add(room_id)
            self._results.extend(results)
            if rate is not None:
                self._rate(game, [r.subject for r in results if r.subject], rate)
            return True

    def rate(self, game: str, subjects: Sequence[str], rate: RateFn) -> None:
        with self._lock:
            self._rate(game, subjects, rate)

    def _rate(self, game: str, subjects: Sequence[str], rate: RateFn) -> None:
        old = {s: self._ratings[(game, s)] for s in subjects if (game, s) in self._ratings}
        for rating in rate(copy.copy(old)):
            self._ratings[(game, rating.subject)] = rating

    def results(self, player_id: str, limit: int = MAX_RESULTS) -> list[ResultRow]:
        with self._lock:
            rows = [r for r in self._results if r.player == player_id]
        rows.sort(key=lambda r: r.finished, reverse=True)
        return rows[:limit]

    def ratings(self, game: str, limit: int = 100, prefix: str = "") -> list[Rating]:
        with self._lock:
            rows = [r for (g, s), r in self._ratings.items()
                    if g == game and s.startswith(prefix)]
        rows.sort(key=lambda r: r.ordinal, reverse=True)
        return rows[:limit]

    def save_tournament(self, tournament: TournamentInfo) -> None:
        with self._lock:
            self._tournaments[tournament.id] = copy.deepcopy(tournament)

    def tournament(self, tournament_id: str, with_doc: bool = True) -> TournamentInfo | None:
        with self._lock:
            found = copy.deepcopy(self._tournaments.get(tournament_id))
        if found is not None and not with_doc:
            found.doc = None
        return found

    def update_tournament(self, tournament_id: str, change: Callable[[TournamentInfo], bool]
                          ) -> TournamentInfo | None:
        with self._lock:
            found = copy.deepcopy(self._tournaments.get(tournament_id))
            if found is not None and change(found):
                self._tournaments[tournament_id] = copy.deepcopy(found)
        return found

    def tournaments(self, limit: int = 50) -> list[TournamentInfo]:
        with self._lock:
            rows = [copy.copy(t) for t in self._tournaments.values()]
        for row in rows:
            row.doc = row.plan = None
        rows.sort(key=lambda t: t.created, reverse=True)
        return rows[:limit]

    def start_analysis(self, analysis: AnalysisInfo, stale_before: float) -> bool:
        with self._lock:
            old = self._analyses.get((analysis.room_id, analysis.seat))
            if old is not None and not (old.status == "failed" or (
                    old.status == "running" and old.updated < stale_before)):
                return False
            self._analyses[(analysis.room_id, analysis.seat)] = copy.deepcopy(analysis)
            return True

    def save_analysis(self, analysis: AnalysisInfo) -> None:
        with self._lock:
            self._analyses[(analysis.room_id, analysis.seat)] = copy.deepcopy(analysis)

    def analysis(self, room_id: str, seat: int) -> AnalysisInfo | None:
        with self._lock:
            return copy.deepcopy(self._analyses.get((room_id, seat)))
