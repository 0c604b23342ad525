"""Duplicate tournaments: every entrant meets every deal from each side.

A deal is a game's first hand dealt from one seed. For each deal and each pair
of entrants A and B, the deal is played at one table per side: A holds that
side's seats and B every other seat (the arena's rotation, so the luck of the
cards cancels between the two). Each entrant's *result* at a table is the
mean score change of the sides it holds.

A person (an entrant named ``p:<player id>``) plays each deal once, from one
side (:func:`people_tables`): its own seat is the first of that side, the
game's partner bot holds the rest of it and a bot entrant every other side.

Standings: in a game with partnerships (a side of two or more seats) by
**matchpoints**: on each deal every result from one side is compared with
every other entrant's result from that same side, 1 point for each beaten and
half for each tie, shown as a percentage of the points there were; otherwise
(each seat its own side) by **totals**: the sum over the deals of an
entrant's mean result on the deal (a person plays a deal at one table, a bot
at several). The per-deal **margin** of a pair is the arena's: A's result
minus B's, averaged over the tables of that deal where they met.

>>> doc = run_tournament("sixtysix", ["heuristic", "random"], deals=2, seed=3)
>>> doc["scoring"], len(doc["tables"]), [row["entrant"] for row in doc["standings"]][:1]
('totals', 4, ['heuristic'])
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.arena import play_hand
from tricktable.bots import bot_seed, make_bot
from tricktable.engine.registry import find_game, new_game

JSON = dict[str, Any]

MAX_ENTRANTS = 8
MAX_DEALS = 200
MAX_PEOPLE = 4
PERSON = "p:"  # a person entrant is "p:" and their player id


def is_person(entrant: str) -> bool:
    """Whether an entrant is a person (not a bot).

    >>> is_person("p:x1"), is_person("heuristic")
    (True, False)
    """
    return entrant.startswith(PERSON)


@dataclass(frozen=True)
class Seating:
    """One table of the schedule: a deal, the pair, the side A holds, the entrant per seat."""

    deal: int
    seed: int
    home: str  # entrant A, holding ``side``
    away: str  # entrant B, holding every other side
    side: int
    seats: tuple[str, ...]


def schedule(game_name: str, entrants: Sequence[str], deals: int, seed: int = 0,
             players: int | None = None) -> list[Seating]:
    """Every table of a tournament, deal by deal.

    >>> [(s.deal, s.home, s.side, s.seats) for s in schedule("sixtysix", ["a", "b"], 1)]
    [(0, 'a', 0, ('a', 'b')), (0, 'a', 1, ('b', 'a'))]
    """
    check(entrants, deals)
    probe = new_game(game_name, seed=seed, players=players)
    tables = []
    for deal in range(deals):
        for home, away in itertools.combinations(entrants, 2):
            for side_index, side in enumerate(probe.sides):
                seats = tuple(home if s in side else away for s in range(probe.players))
                tables.append(Seating(deal, seed + deal, home, away, side_index, seats))
    return tables


def people_tables(game_name: str, bots: Sequence[str], people: Sequence[str], deals: int,
                  seed: int = 0, players: int | None = None, partner: str = "heuristic"
                  ) -> list[Seating]:
    """Each person's tables: one a deal, the person at the first seat of side
    ``(deal + k) % sides`` (``k``: their place in ``people``), ``partner`` at the rest of
    that side, the bot ``bots[(deal + k) % len(bots)]`` at every other side.

    >>> [(s.deal, s.side, s.seats) for s in people_tables("sixtysix", ["a", "b"], ["p:x"], 2)]
    [(0, 0, ('p:x', 'a')), (1, 1, ('b', 'p:x'))]
    """
    probe = new_game(game_name, seed=seed, players=players)
    sides = probe.sides
    tables = []
    for deal in range(deals):
        for k, person in enumerate(people):
            side_index = (deal + k) % len(sides)
            away = bots[(deal + k) % len(bots)]
            side = sides[side_index]
            seats = tuple(person if s == side[0] else partner if s in side else away
                          for s in range(probe.players))
            tables.append(Seating(deal, seed + deal, person, away, side_index, seats))
    return tables


def check(entrants: Sequence[str], deals: int) -> None:
    """Refuse a tournament outside the limits, saying which one."""
    if not 2 <= len(entrants) <= MAX_ENTRANTS:
        raise ValueError(f"a tournament has 2 to {MAX_ENTRANTS} entrants, not {len(entrants)}")
    if len(set(entrants)) != len(entrants):
        raise ValueError("each entrant may enter once")
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"a tournament has 1 to {MAX_DEALS} deals, not {deals}")


def play_table(game_name: str, seating: Seating, players: int | None = None,
               check: Callable[[], None] | None = None) -> JSON:
    """Play one table with bots (each entrant a bot name); its record and score changes.

    ``check()`` is called after each decision; it may raise to stop the table.
    """
    game = new_game(game_name, seed=seating.seed, players=players)
    bots = [make_bot(name, game_name, bot_seed(seating.seed, seat))
            for seat, name in enumerate(seating.seats)]
    hand = play_hand(game, bots, (lambda _seat, _seconds: check()) if check else None)
    return {"record": game.record(), "deltas": list(hand.deltas), "outcome": hand.outcome}


def results_of(seating: Seating, sides: list[list[int]], deltas: Sequence[int]) -> dict[str, float]:
    """Each entrant's result at a table: the mean change of the sides it holds.

    >>> results_of(Seating(0, 0, "a", "b", 1, ("b", "a")), [[0], [1]], [5, -5])
    {'b': 5.0, 'a': -5.0}
    """
    held: dict[str, list[int]] = {}
    for index, side in enumerate(sides):
        held.setdefault(seating.seats[side[0]], []).append(deltas[index])
    return {entrant: statistics.fmean(values) for entrant, values in held.items()}


def standings(entrants: Sequence[str], sides: list[list[int]], tables: list[JSON]) -> JSON:
    """Standings, per-deal margins and the scoring used, from played tables."""
    partnerships = any(len(side) > 1 for side in sides)
    per_deal: dict[tuple[str, int], list[float]] = {}
    points: dict[str, list[float]] = {e: [] for e in entrants}
    by_deal_side: dict[tuple[int, int], list[tuple[str, float]]] = {}
    margins: dict[tuple[str, str], dict[int, list[float]]] = {}
    for table in tables:
        seating = Seating(table["deal"], table["seed"], table["home"], table["away"],
                          table["side"], tuple(table["seats"]))
        results = results_of(seating, sides, table["deltas"])
        for entrant, value in results.items():
            per_deal.setdefault((entrant, seating.deal), []).append(value)
        for index, side in enumerate(sides):
            by_deal_side.setdefault((seating.deal, index), []).append(
                (seating.seats[side[0]], float(table["deltas"][index])))
        margins.setdefault((seating.home, seating.away), {}).setdefault(
            seating.deal, []).append(results[seating.home] - results[seating.away])
    totals = {e: 0.0 for e in entrants}
    for (entrant, _deal), values in per_deal.items():
        totals[entrant] += statistics.fmean(values)
    for entries in by_deal_side.values():
        for index, (entrant, value) in enumerate(entries):
            others = [v for i, (e, v) in enumerate(entries) if i != index and e != entrant]
            if others:
                beaten = sum(1.0 if value > v else 0.5 if value == v else 0.0 for v in others)
                points[entrant].append(beaten / len(others))
    percent = {e: round(100 * statistics.fmean(points[e]), 1) if points[e] else 0.0
               for e in entrants}
    order = sorted(entrants, key=lambda e: percent[e] if partnerships else totals[e],
                   reverse=True)
    rows = [{"entrant": e, "total": round(totals[e], 2), "matchpoints": percent[e]}
            for e in order]
    deals = 1 + max((t["deal"] for t in tables), default=-1)
    return {"scoring": "matchpoints" if partnerships else "totals", "standings": rows,
            "margins": [{"home": home, "away": away,
                         "per_deal": [round(statistics.fmean(per[d]), 2) if d in per else None
                                      for d in range(deals)]}
                        for (home, away), per in margins.items()]}


def run_tournament(game_name: str, entrants: Sequence[str], deals: int, seed: int = 0,
                   players: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   check: Callable[[], None] | None = None) -> JSON:
    """A bot-only tournament, played in this process; the whole document.

    ``progress(done, total)`` is told after each table; ``check()`` is called after
    each decision and may raise to stop the tournament.
    """
    cls = find_game(game_name)
    for entrant in entrants:
        make_bot(entrant, cls.name, 0)  # an unknown bot is refused before anything is played
    seatings = schedule(cls.name, entrants, deals, seed, players)
    tables = []
    for number, seating in enumerate(seatings):
        played = play_table(cls.name, seating, players, check)
        tables.append({**table_json(number, seating), **played})
        if progress is not None:
            progress(number + 1, len(seatings))
    return document(cls.name, entrants, deals, seed, players, tables)


def table_json(number: int, seating: Seating) -> JSON:
    """A table of the schedule as the document lists it (before its play is added)."""
    return {"number": number, "deal": seating.deal, "seed": seating.seed,
            "home": seating.home, "away": seating.away, "side": seating.side,
            "seats": list(seating.seats)}


def document(game_name: str, entrants: Sequence[str], deals: int, seed: int, players: int | None,
             tables: list[JSON], names: dict[str, str] | None = None) -> JSON:
    """A played tournament's document: its setup, tables, standings and margins; ``names``:
    the name shown for each person entrant."""
    probe = new_game(game_name, seed=seed, players=players)
    return {"game": probe.name, "title": probe.title, "entrants": list(entrants),
            "deals": deals, "seed": seed, "players": probe.players, "sides": probe.sides,
            "names": {e: (names or {}).get(e, e) for e in entrants},
            "tables": tables, **standings(entrants, probe.sides, tables)}
