"""``tricktable solve``: a position from a file, inline or a record; errors name the problem."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tricktable.cli import main

POSITION = {"game": "rook", "deal": {"hands": ["R1 G2", "R3 G3", "R2 Y2", "G4 Y3"],
                                     "trump": "red", "leader": 0}}


def test_solve_prints_every_card_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "ending.json"
    path.write_text(json.dumps({**POSITION, "actions": ["play G2"]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", str(path), "--objective", "points"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Rook: E to play; points for E/W with best play: 0"  # South ruffs
    assert [line.split()[1] for line in lines[1:]] == ["G3"]  # East must follow green


def test_solve_refuses_a_bad_position() -> None:
    runner = CliRunner()
    bad_card = {**POSITION, "deal": {**POSITION["deal"], "hands": ["R1 G2", "R3 G3",
                                                                   "R2 Y2", "G4 X3"]}}
    for text, message in [("{not json", "not valid JSON"),
                          ("nowhere.json", "neither a file nor a position"),
                          (json.dumps(bad_card), "not a card of the rook deck"),
                          (json.dumps({**POSITION, "actions": ["play R3"]}), "do not hold"),
                          (json.dumps({"game": "rook"}), "needs 'game'")]:
        result = runner.invoke(main, ["solve", text])
        assert result.exit_code == 2 and message in result.output, (text, result.output)


def test_solve_stops_at_its_budget() -> None:
    hands = ["R1 R2 R3 R4 R5 R6 R7 R8", "G1 G2 G3 G4 G5 G6 G7 G8",
             "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", "B1 B2 B3 B4 B5 B6 B7 B8"]
    deal = {"hands": hands, "trump": "black", "leader": 0}
    result = CliRunner().invoke(main, ["solve", json.dumps({"game": "rook", "deal": deal}),
                                       "--objective", "points", "--budget", "0"])
    assert result.exit_code == 2 and "no value proved" in result.output


def test_a_race_to_66_is_solved_for_the_score_by_default() -> None:
    """Sixty-Six's closed or drawn hand is scored only: no objective named means the
    score; naming tricks is refused with the reason."""
    race = {"game": "sixtysix", "deal": {"hands": ["KH QH 9S", "AH TH TS"], "leader": 0,
                                         "trump": "H", "points": [30, 40], "tricks": [4, 5]}}
    result = CliRunner().invoke(main, ["solve", json.dumps(race)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Sixty-Six: P1 to play; score for P1 with best play: 1"
    assert {line.rsplit(maxsplit=1)[0].strip(): int(line.split()[-1]) for line in lines[1:]} == {
        "play 9♠": 1, "marry Q♥": 1, "marry K♥": 1, "show ♥": 1, "play Q♥": -2, "play K♥": -2}
    refused = CliRunner().invoke(main, ["solve", json.dumps(race), "--objective", "tricks"])
    assert refused.exit_code == 2 and "solved for the score only" in refused.output


def test_a_three_player_notrump_problem_opens_with_its_turned_up_card() -> None:
    """``players`` sets the table; the turned-up Q♠ leads, and every card is valued."""
    deal = {"hands": ["A♠ 2♣ 7♦", "K♠ 3♦ 5♣", "9♠ 4♥ 6♦"], "leader": 1, "contract": "♦",
            "declarer": 0, "turned_up": "Q♠"}
    problem = {"game": "notrump", "players": 3, "deal": deal}
    result = CliRunner().invoke(main, ["solve", json.dumps(problem), "--objective", "score"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == ["  play K♠  -4"]
    refused = CliRunner().invoke(main, ["solve", json.dumps({**problem, "players": "x"})])
    assert refused.exit_code == 2 and "'players' must be a whole number" in refused.output
