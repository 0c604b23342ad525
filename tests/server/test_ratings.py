"""The rating rules (tricktable.server.ratings): teams, ranks, ties, repeated subjects."""

from __future__ import annotations

from pathlib import Path

from tricktable.server.ratings import is_rated, rate_rows, room_settings
from tricktable.store import RoomInfo
from tricktable.store.ledger import Rating, ResultRow


def rows(game: str, subjects: list[str], points: list[int]) -> list[ResultRow]:
    return [ResultRow("r", seat, game, subject, None, subject, 0.0, points[seat], 1, 0, 0, True)
            for seat, subject in enumerate(subjects)]


def by_subject(ratings: list[Rating]) -> dict[str, Rating]:
    return {r.subject: r for r in ratings}


def test_partners_rise_and_fall_together() -> None:
    new = by_subject(rate_rows("rook", [[0, 2], [1, 3]], [1],
                               rows("rook", ["p:a", "p:b", "p:c", "p:d"], [100, 300, 100, 300]),
                               {}))
    assert new["p:b"].mu > 25 and new["p:d"].mu > 25 and new["p:a"].mu < 25
    assert new["p:b"].mu == new["p:d"].mu and all(r.games == 1 for r in new.values())
    assert all(r.sigma < 25 / 3 for r in new.values())


def test_the_winning_side_ranks_first_even_with_fewer_points() -> None:
    # Pinochle's "bidder's out": side 0 wins on fewer points than side 1
    new = by_subject(rate_rows("pinochle", [[0, 2], [1, 3]], [0],
                               rows("pinochle", ["p:a", "p:b", "p:c", "p:d"], [200, 230, 200, 230]),
                               {}))
    assert new["p:a"].mu > 25 > new["p:b"].mu


def test_each_for_themselves_ranks_by_score_and_shares_a_tied_win() -> None:
    subjects = ["p:a", "p:b", "p:c", "p:d", "p:e", "p:f"]
    new = by_subject(rate_rows("bidder", [[s] for s in range(6)], [0, 1],
                               rows("bidder", subjects, [30, 30, 10, 0, -20, -50]), {}))
    assert new["p:a"].mu == new["p:b"].mu > new["p:c"].mu > new["p:d"].mu
    assert new["p:d"].mu > new["p:e"].mu > new["p:f"].mu
    three = by_subject(rate_rows("bidder", [[0], [1], [2]], [2],
                                 rows("bidder", subjects[:3], [-5, -10, 15]), {}))
    assert three["p:c"].mu > three["p:a"].mu > three["p:b"].mu


def test_stored_ratings_are_the_start_and_a_person_without_id_is_not_stored() -> None:
    old = {"bot:strong": Rating("rook", "bot:strong", "strong", 40.0, 2.0, 9)}
    new = by_subject(rate_rows("rook", [[0, 2], [1, 3]], [0],
                               rows("rook", ["bot:strong", "", "bot:strong", "bot:random"],
                                    [300, 0, 300, 0]), old))
    assert set(new) == {"bot:strong", "bot:random"}
    assert new["bot:strong"].games == 10 and 40.0 < new["bot:strong"].mu < 41.0
    assert new["bot:strong"].sigma < 2.1  # tau adds a little uncertainty each game


def test_a_subject_on_both_sides_gets_the_mean_of_its_updates() -> None:
    new = by_subject(rate_rows("rook", [[0, 2], [1, 3]], [0],
                               rows("rook", ["bot:h", "bot:h", "bot:h", "bot:h"],
                                    [300, 0, 300, 0]), {}))
    assert abs(new["bot:h"].mu - 25.0) < 1e-9 and new["bot:h"].games == 1


def test_rooms_with_a_chosen_deal_or_a_move_taken_back_are_unrated() -> None:
    assert room_settings(None)["rated"] and not room_settings(3)["rated"]
    info = RoomInfo("r", "rook", 4, {}, 1, [], settings=room_settings(None))
    assert is_rated(info)
    info.settings = {**info.settings, "took_back": True}
    assert not is_rated(info)
    assert not room_settings(None, rated=False)["rated"]


def test_the_seed_command_rates_every_bot_level_it_is_given(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tricktable.cli import main
    from tricktable.store.sql import SqlStore

    db = str(tmp_path / "seed.db")
    runner = CliRunner()
    done = runner.invoke(main, ["ratings", "seed", "--games", "3", "--game", "sixtysix",
                                "--bots", "random,heuristic", "--db", db])
    assert done.exit_code == 0, done.output
    store = SqlStore(db)
    try:
        found = {r.subject: r.games for r in store.ledger.ratings("sixtysix")}
    finally:
        store.close()
    assert found == {"bot:random": 3, "bot:heuristic": 3}
    shown = runner.invoke(main, ["ratings", "show", "sixtysix", "--db", db])
    assert shown.exit_code == 0 and "heuristic" in shown.output and "random" in shown.output
    assert runner.invoke(main, ["ratings", "seed", "--games", "0", "--db", db]).exit_code == 2
    wrong = runner.invoke(main, ["ratings", "show", "chess", "--db", db])
    assert wrong.exit_code == 2 and "no game 'chess'" in wrong.output


def test_seeding_stops_a_game_that_never_ends_and_does_not_rate_it() -> None:
    """Random players in Rook may lose points without end (seed 1's second game): that
    game stops unfinished at MAX_HANDS hands and rates nobody."""
    from tricktable.server.ratings import seed_ratings
    from tricktable.store.ledger import MemoryLedger

    ledger = MemoryLedger()
    assert seed_ratings(ledger, "rook", 2, ["random", "heuristic"], seed=1) == 1
    assert sorted(r.games for r in ledger.ratings("rook")) == [1, 1]
