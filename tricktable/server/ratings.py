"""Finished rooms' results and ratings: OpenSkill (Bradley-Terry, full pairing) per game.

When a room finishes, :func:`tally_room` replays it, writes one result row
a seat (players' profiles read them) and, in a rated room, updates the
ratings of everyone at the table: each person with a player id (``p:ID``)
and each bot by its name (``bot:heuristic``: every bot level has its own).
The game's scoring sides are OpenSkill's teams (partnerships, or one seat a
side for three to six players each on their own); the winning sides rank
first (a shared win is a tie), the others by final score. A person without a
player id plays at the default rating, which is not stored. A subject that
sits more than once at one table (two ``heuristic`` seats) gets the mean of
its updates. The model is Bradley-Terry with every pair of sides compared:
OpenSkill's Plackett-Luce puts two players who share first place below the
third (``26.0, 26.0, 26.8`` for six players), which a shared Bidder win must
not do; Bradley-Terry keeps them on top.

A room is rated unless its deal number was chosen, it was imported, or its
creator asked for an unrated room (:func:`room_settings`); a room where a
move was taken back (settings ``took_back``, :mod:`.takeback`) is unrated too.

>>> from tricktable.store.ledger import ResultRow
>>> rows = [ResultRow("r", s, "rook", f"bot:b{s % 2}", None, "b", float(s % 2 == 0), 0, 1,
...                   0, 0, True) for s in range(4)]
>>> new = rate_rows("rook", [[0, 2], [1, 3]], [0], rows, {})
>>> sorted((r.subject, r.mu > 25) for r in new)
[('bot:b0', True), ('bot:b1', False)]
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from openskill.models import BradleyTerryFull

import tricktable
from tricktable import GameState
from tricktable.server.protocol import JSON
from tricktable.store import RoomInfo, Store, StoredAction
from tricktable.store.ledger import Ledger, Rating, ResultRow

MODEL = BradleyTerryFull()
PERSON, BOT = "p:", "bot:"


def room_settings(seed: int | None, rated: bool = True, chat: str = "presets") -> JSON:
    """A new room's own settings: a chosen deal number makes it unrated.

    >>> room_settings(None), room_settings(7)["rated"]
    ({'rated': True, 'chat': 'presets'}, False)
    """
    return {"rated": rated and seed is None, "chat": chat}


def is_rated(info: RoomInfo) -> bool:
    """Whether a finished room counts for the ratings."""
    return bool(info.settings.get("rated")) and not info.settings.get("took_back")


def subject_of(kind: str, bot: str, player: str | None) -> str:
    """Who a seat's result rates: a player, a bot level, or nobody ("").

    >>> subject_of("bot", "strong", None), subject_of("human", "heuristic", "x1")
    ('bot:strong', 'p:x1')
    """
    if kind == "bot":
        return BOT + bot
    return PERSON + player if player else ""


def result_rows(info: RoomInfo, actions: Sequence[StoredAction]) -> tuple[list[ResultRow],
                                                                           list[list[int]],
                                                                           list[int]]:
    """A finished room's result per seat, its sides and the winning sides (by replay)."""
    game = tricktable.new_game(info.game, seed=info.seed, options=info.options,
                               players=info.players)
    for stored in actions:
        game.apply(stored.text)
    seats = [(subject_of(s.kind, s.bot, s.player), s.player if s.kind == "human" else None,
              s.name if s.kind == "human" else s.bot) for s in info.seats]
    return game_rows(game, info.id, seats, is_rated(info), info.updated), game.sides, \
        game.winning_sides()


def game_rows(game: GameState, room_id: str, seats: Sequence[tuple[str, str | None, str]],
              rated: bool, finished: float) -> list[ResultRow]:
    """One result row a seat of a finished game; ``seats``: (subject, player id, name)."""
    winners = game.winning_sides()
    rows = []
    for seat, (subject, player, name) in enumerate(seats):
        side = game.side_of(seat)
        declared = [r for r in game.results if r.declarer == seat]
        rows.append(ResultRow(
            room_id=room_id, seat=seat, game=game.name, subject=subject, player=player,
            name=name, won=1.0 / len(winners) if side in winners else 0.0,
            points=int(game.scores[side]), hands=len(game.results), declared=len(declared),
            made=sum(1 for r in declared if r.made is True), rated=rated,
            finished=finished))
    return rows


def rate_rows(game: str, sides: list[list[int]], winners: list[int], rows: Sequence[ResultRow],
              old: dict[str, Rating]) -> list[Rating]:
    """The new ratings of the subjects in ``rows`` after one game (see the module doc)."""
    points = {row.seat: row.points for row in rows}
    by_seat = {row.seat: row for row in rows}
    teams: list[list[Any]] = []
    for side in sides:
        team = []
        for seat in side:
            known = old.get(by_seat[seat].subject)
            team.append(MODEL.rating(mu=known.mu, sigma=known.sigma) if known
                        else MODEL.rating())
        teams.append(team)
    others = sorted({points[side[0]] for i, side in enumerate(sides) if i not in winners},
                    reverse=True)
    ranks: list[float] = [0 if i in winners else 1 + others.index(points[side[0]])
             for i, side in enumerate(sides)]
    rated = MODEL.rate(teams, ranks=ranks)
    updates: dict[str, list[tuple[float, float]]] = {}
    names: dict[str, str] = {}
    for side, team in zip(sides, rated, strict=True):
        for seat, new in zip(side, team, strict=True):
            row = by_seat[seat]
            if row.subject:
                updates.setdefault(row.subject, []).append((new.mu, new.sigma))
                names[row.subject] = row.name
    return [Rating(game, subject, names[subject], statistics.fmean(m for m, _s in pairs),
                   statistics.fmean(s for _m, s in pairs),
                   (old[subject].games if subject in old else 0) + 1)
            for subject, pairs in updates.items()]


def tally_room(store: Store, room_id: str) -> bool:
    """Write a finished room's results (and ratings, if rated) once; blocking.

    False when there is nothing to do: no such finished room, or tallied already.
    """
    found = store.load(room_id)
    if found is None or found[0].status != "finished":
        return False
    info, actions = found
    if info.settings.get("tournament"):  # counted in its tournament; unrated, no profile row
        return store.ledger.tally(room_id, info.game, [], None)
    try:
        rows, sides, winners = result_rows(info, actions)
    except (ValueError, tricktable.IllegalAction):  # a game no longer registered, or changed
        return store.ledger.tally(room_id, info.game, [], None)
    rate = None
    if rows and rows[0].rated:
        def rate(old: dict[str, Rating]) -> list[Rating]:
            return rate_rows(info.game, sides, winners, rows, old)
    return store.ledger.tally(room_id, info.game, rows, rate)


def rating_json(rating: Rating) -> JSON:
    """A rating as the API gives it (the subject's kind, its name, rounded figures).

    >>> rating_json(Rating("rook", "bot:random", "random", 20.0, 5.0, 3))["rating"]
    5.0
    """
    kind = "bot" if rating.subject.startswith(BOT) else "person"
    player = rating.subject[len(PERSON):] if kind == "person" else None
    return {"kind": kind, "name": rating.name, "player": player, "rating": round(rating.ordinal, 1),
            "mu": round(rating.mu, 2), "sigma": round(rating.sigma, 2), "games": rating.games}


def seed_ratings(ledger: Ledger, game_name: str, games: int, bots: Sequence[str],
                 seed: int = 0, progress: Callable[[], None] | None = None) -> int:
    """Rate the bot levels of a game from ``games`` whole bot games (``tricktable ratings
    seed``): each game takes the game's player counts in turn, and each seat a bot drawn
    from ``bots`` (at least two different ones at a table when two or more are given).
    A game still going after ``arena.MAX_HANDS`` hands (random players in a game whose
    side that is set loses points without end) is stopped and not rated; returns how
    many games were rated.

    >>> from tricktable.store.ledger import MemoryLedger
    >>> ledger = MemoryLedger()
    >>> seed_ratings(ledger, "sixtysix", 2, ["random", "heuristic"], seed=1)
    2
    >>> sorted((r.subject, r.games) for r in ledger.ratings("sixtysix"))
    [('bot:heuristic', 2), ('bot:random', 2)]
    """
    from tricktable.arena import play_hand
    from tricktable.bots import bot_seed, make_bot

    rng = random.Random(seed)
    counts = tricktable.find_game(game_name).player_counts
    rated = 0
    for number in range(games):
        count = counts[number % len(counts)]
        names = [rng.choice(list(bots)) for _ in range(count)]
        while len(set(bots)) > 1 and len(set(names)) == 1:
            names = [rng.choice(list(bots)) for _ in range(count)]
        game = tricktable.new_game(game_name, seed=rng.randrange(2**53), players=count)
        play_hand(game, [make_bot(name, game_name, bot_seed(game.seed, seat))
                         for seat, name in enumerate(names)], whole_game=True)
        if not game.is_over:
            if progress is not None:
                progress()
            continue
        rated += 1
        rows = game_rows(game, "", [(BOT + n, None, n) for n in names], True, time.time())

        def rate(old: dict[str, Rating], game: GameState = game,
                 rows: list[ResultRow] = rows) -> list[Rating]:
            return rate_rows(game_name, game.sides, game.winning_sides(), rows, old)

        ledger.rate(game_name, [row.subject for row in rows], rate)
        if progress is not None:
            progress()
    return rated
