"""Duplicate tournaments (tricktable.tournament): the rotation, matchpoints and totals."""

from __future__ import annotations

import itertools

import pytest
from click.testing import CliRunner

from tricktable.cli import main
from tricktable.tournament import people_tables, run_tournament, schedule, standings


def test_every_pair_meets_every_deal_from_each_side() -> None:
    entrants = ["a", "b", "c"]
    tables = schedule("rook", entrants, deals=2)
    assert len(tables) == 2 * 3 * 2  # deals x pairs x sides
    for deal, (home, away) in itertools.product(range(2), itertools.combinations(entrants, 2)):
        mine = [t for t in tables if t.deal == deal and (t.home, t.away) == (home, away)]
        assert sorted(t.side for t in mine) == [0, 1]
        for table in mine:  # the home entrant holds exactly its side's seats
            assert {s for s, e in enumerate(table.seats) if e == home} == (
                {0, 2} if table.side == 0 else {1, 3})
    three = schedule("bidder", ["a", "b"], deals=1, players=3)
    assert [t.seats for t in three] == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]


def test_a_person_plays_each_deal_once_from_a_side_that_turns() -> None:
    people = ["p:a", "p:b"]
    tables = people_tables("rook", ["x", "y", "z"], people, deals=4, partner="x")
    assert len(tables) == 4 * 2
    for person in people:
        mine = [t for t in tables if t.home == person]
        assert [t.deal for t in mine] == [0, 1, 2, 3]  # each deal once, in order
        assert [t.side for t in mine] == ([0, 1, 0, 1] if person == "p:a" else [1, 0, 1, 0])
        for t in mine:  # the person at the side's first seat, the partner beside, a bot facing
            first = [0, 2] if t.side == 0 else [1, 3]
            assert t.seats[first[0]] == person and t.seats[first[1]] == "x"
            assert {t.seats[s] for s in range(4) if s not in first} == {t.away}
    assert [t.away for t in tables if t.home == "p:a"] == ["x", "y", "z", "x"]
    three = people_tables("bidder", ["x", "y"], ["p:a"], deals=3, players=3)
    assert [t.seats for t in three] == [("p:a", "x", "x"), ("y", "p:a", "y"),
                                        ("x", "x", "p:a")]


def table(deal: int, home: str, away: str, side: int, deltas: list[int]) -> dict[str, object]:
    seats = [home if s % 2 == side else away for s in range(4)]
    return {"deal": deal, "seed": deal, "home": home, "away": away, "side": side,
            "seats": seats, "deltas": deltas}


def test_matchpoints_compare_results_from_the_same_side_of_the_same_deal() -> None:
    sides = [[0, 2], [1, 3]]
    tables = [table(0, "a", "b", 0, [100, -20]), table(0, "a", "b", 1, [60, 40]),
              table(0, "a", "c", 0, [80, 0]), table(0, "a", "c", 1, [80, 10]),
              table(0, "b", "c", 0, [60, 10]), table(0, "b", "c", 1, [90, -5])]
    # side 0 results: a 100, b 60, a 80, c 80, b 60, c 90; side 1: b -20, a 40, c 0, a 10,
    # c 10, b -5 (each compared with the other entrants' results from that side only)
    doc = standings(["a", "b", "c"], sides, tables)
    assert doc["scoring"] == "matchpoints"
    mp = {row["entrant"]: row["matchpoints"] for row in doc["standings"]}
    # a: 100 beats b60 b60 c80 c90 (5/5); 80 beats b60 b60, ties c80, loses c90 (2.5/4);
    #    40 beats b-20 c0 c10 b-5 (4/4); 10 beats b-20 c0 b-5, ties c10 (3.5/4)
    assert mp["a"] == round(100 * (1 + 2.5 / 4 + 1 + 3.5 / 4) / 4, 1)
    assert doc["standings"][0]["entrant"] == "a"
    margin = next(m for m in doc["margins"] if (m["home"], m["away"]) == ("a", "b"))
    assert margin["per_deal"] == [((100 - -20) + (40 - 60)) / 2]


def test_games_without_partners_use_totals_and_two_entrants_share_the_matchpoints() -> None:
    doc = run_tournament("sixtysix", ["random", "heuristic"], deals=3, seed=5)
    assert doc["scoring"] == "totals"
    totals = {row["entrant"]: row["total"] for row in doc["standings"]}
    by_table = sum(t["deltas"][t["side"]] - t["deltas"][1 - t["side"]] for t in doc["tables"]
                   if t["home"] == "random")
    # a total is the sum of the per-deal means: two tables a deal here
    assert totals["random"] - totals["heuristic"] == pytest.approx(by_table / 2)
    same = run_tournament("rook", ["random", "heuristic"], deals=1, seed=2)
    assert sum(row["matchpoints"] for row in same["standings"]) == pytest.approx(100.0)


def test_limits_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="2 to 8 entrants"):
        schedule("rook", ["a"], 1)
    with pytest.raises(ValueError, match="each entrant may enter once"):
        schedule("rook", ["a", "a"], 1)
    with pytest.raises(ValueError, match="1 to 200 deals"):
        schedule("rook", ["a", "b"], 201)


def test_the_command_prints_standings_and_margins(tmp_path: object) -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["tournament", "sixtysix", "--entrants", "heuristic,random",
                                "--deals", "2", "--json"])
    assert done.exit_code == 0, done.output
    assert '"scoring": "totals"' in done.output
    wrong = runner.invoke(main, ["tournament", "rook", "--entrants", "heuristic,nobody",
                                 "--deals", "2"])
    assert wrong.exit_code == 2 and "nobody" in wrong.output
    alone = runner.invoke(main, ["tournament", "rook", "--entrants", "heuristic", "--deals", "2"])
    assert alone.exit_code == 2 and "2 to 8 entrants" in alone.output


def test_a_tournament_stops_at_the_decision_its_check_refuses() -> None:
    calls: list[int] = []

    def check() -> None:
        calls.append(1)
        if len(calls) == 7:
            raise RuntimeError("stop")

    tables: list[int] = []
    with pytest.raises(RuntimeError, match="stop"):
        run_tournament("rook", ["heuristic", "random"], deals=20, check=check,
                       progress=lambda done, total: tables.append(done))
    assert len(calls) == 7 and tables == []  # stopped inside the first table's hand
