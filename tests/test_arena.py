"""``tricktable arena`` and :mod:`tricktable.arena`: duplicate matches between bots."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

import tricktable
from tricktable.arena import duplicate_match, share_of_win
from tricktable.bots import BOT_NAMES, make_bot, play_game
from tricktable.cli import main


def arena(*args: str) -> dict[str, Any]:
    """Run ``tricktable arena ... --json`` and return its document."""
    result = CliRunner().invoke(main, ["arena", *args, "--json"])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


def without_timings(doc: dict[str, Any]) -> dict[str, Any]:
    """The document but for the decision times."""
    bots = [{k: v for k, v in bot.items() if not k.startswith("decision_ms")}
            for bot in doc["bots"]]
    return {**doc, "bots": bots}


def test_the_json_document() -> None:
    doc = arena("rook", "--bots", "heuristic,random", "--deals", "3", "--seed", "5",
                "--workers", "1")
    assert list(doc) == ["game", "players", "deals", "hands", "seed", "whole_games", "margin",
                         "bots"]
    assert (doc["game"], doc["players"], doc["deals"], doc["hands"], doc["seed"]) == (
        "rook", 4, 3, 6, 5)
    assert list(doc["margin"]) == ["mean", "ci95"]
    assert [bot["name"] for bot in doc["bots"]] == ["heuristic", "random"]
    for bot in doc["bots"]:
        assert list(bot) == ["name", "mean", "ci95", "win_rate", "decision_ms_p50",
                             "decision_ms_p95"]
        assert 0 <= bot["decision_ms_p50"] <= bot["decision_ms_p95"]
    a, b = doc["bots"]
    assert a["win_rate"] + b["win_rate"] == 1
    assert doc["margin"]["mean"] == pytest.approx(a["mean"] - b["mean"], abs=0.002)


def test_single_seat_sides_put_a_in_every_seat() -> None:
    doc = arena("bidder", "--players", "3", "--bots", "random,heuristic", "--deals", "2",
                "--workers", "1")
    assert (doc["players"], doc["deals"], doc["hands"]) == (3, 2, 6)
    assert [bot["name"] for bot in doc["bots"]] == ["random", "heuristic"]


def test_the_worker_count_changes_nothing_but_timings() -> None:
    args = ("bidder", "--players", "3", "--bots", "heuristic,random", "--deals", "5",
            "--option", "contra=on", "--seed", "3")
    serial = arena(*args, "--workers", "1")
    assert without_timings(arena(*args, "--workers", "2")) == without_timings(serial)


@pytest.mark.parametrize(("game", "players", "bot"), [
    ("rook", None, "random"), ("notrump", 3, "random"), ("bidder", 5, "heuristic")])
def test_a_bot_against_itself_breaks_exactly_even(game: str, players: int | None,
                                                   bot: str) -> None:
    # the bot in each seat is seeded alike whichever role it plays, so every rotation
    # of a deal is the same hand and A's margin is zero on every deal
    result = duplicate_match(game, bot, bot, deals=4, seed=2, players=players)
    assert result.per_deal == [0.0] * 4
    assert result.a_per_deal == result.b_per_deal
    report = result.report()
    assert report["margin"] == {"mean": 0.0, "ci95": 0.0}
    a, b = report["bots"]
    assert (a["mean"], a["ci95"], a["win_rate"]) == (b["mean"], b["ci95"], b["win_rate"])
    assert a["win_rate"] == 0.5


def test_whole_games_give_the_share_of_games_won() -> None:
    """With --games a deal is a whole game: its final scores, and who won it."""
    doc = arena("sixtysix", "--bots", "heuristic,random", "--deals", "6", "--seed", "4",
                "--games", "--workers", "1")
    won = hands = 0
    for deal in range(4, 10):
        for side in (0, 1):
            game = tricktable.new_game("sixtysix", seed=deal)
            names = ["heuristic" if s == side else "random" for s in range(2)]
            play_game(game, [make_bot(n, "sixtysix", seed=deal * 31 + s)
                             for s, n in enumerate(names)])
            won += game.winner == side
            hands += len(game.results)
    assert doc["whole_games"] and (doc["deals"], doc["hands"]) == (6, hands) and hands > 24
    assert doc["bots"][0]["win_rate"] == pytest.approx(won / 12, abs=1e-4)
    assert doc["bots"][0]["win_rate"] > 0.8


def test_whole_games_of_single_seat_sides_give_each_seat_its_share() -> None:
    """A bot against itself at a table of three wins a third of the games, and so does
    each seat B plays (a shared win counts as a share)."""
    result = duplicate_match("bidder", "random", "random", deals=3, seed=1, players=3,
                             whole_games=True)
    a, b = result.report()["bots"]
    assert result.per_deal == [0.0] * 3
    assert a["win_rate"] == b["win_rate"] == pytest.approx(1 / 3, abs=1e-4)


def test_a_shared_win_counts_as_a_share_and_a_lost_game_as_none() -> None:
    game = tricktable.new_game("bidder", seed=1, players=3)
    game.winners, game.winner = [0, 2], None  # type: ignore[attr-defined]
    assert [share_of_win(game, seat) for seat in range(3)] == [0.5, 0.0, 0.5]
    game = tricktable.new_game("rook", seed=1)
    game.winner = 1
    assert (share_of_win(game, 0), share_of_win(game, 1)) == (0.0, 1.0)


def test_the_same_bot_on_both_sides_gives_two_entries() -> None:
    doc = arena("sixtysix", "--bots", "random,random", "--deals", "2", "--workers", "1")
    assert [bot["name"] for bot in doc["bots"]] == ["random", "random"]
    assert doc["hands"] == 4


def test_heuristic_beats_random_in_rook() -> None:
    doc = arena("rook", "--bots", "heuristic,random", "--deals", "20", "--seed", "40",
                "--workers", "2")
    margin = doc["margin"]
    assert margin["mean"] - margin["ci95"] > 50, margin
    assert doc["bots"][0]["win_rate"] > 0.8


def test_progress_off_a_terminal_is_a_line_a_tenth() -> None:
    result = CliRunner().invoke(main, ["arena", "sixtysix", "--bots", "random,random",
                                       "--deals", "20", "--workers", "1", "--json"])
    lines = result.stderr.splitlines()
    assert lines == [f"Sixty-Six: {n}/20 deals" for n in range(2, 21, 2)], lines
    assert json.loads(result.stdout)["deals"] == 20


def test_the_table() -> None:
    result = CliRunner().invoke(main, ["arena", "rook", "--bots", "heuristic,random",
                                       "--deals", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "A: heuristic" in result.output and "B: random" in result.output
    assert "A's margin over B per deal" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["rook", "--bots", "heuristic,nobody"], "unknown bot 'nobody'; bots: "),
    (["rook", "--bots", "heuristic"], "--bots takes two bot names"),
    (["rook", "--bots", "random,random,random"], "--bots takes two bot names"),
    (["rook", "--bots", "random,"], "--bots takes two bot names"),
    (["chess", "--bots", "random,random"], "unknown game 'chess'; games: "),
    (["rook", "--bots", "random,random", "--option", "target=lots"], "option 'target'"),
    (["bidder", "--bots", "random,random", "--players", "9"], "not 9"),
])
def test_user_errors_are_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["arena", *args, "--deals", "2", "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr
    if "bot" in message:
        assert all(name in result.stderr for name in BOT_NAMES)


def test_the_strong_bot_plays_in_worker_processes() -> None:
    doc = arena("sixtysix", "--bots", "strong,heuristic", "--deals", "2", "--workers", "2")
    strong, heuristic = doc["bots"]
    assert (doc["deals"], doc["hands"], strong["name"]) == (2, 4, "strong")
    assert strong["decision_ms_p95"] > heuristic["decision_ms_p95"]  # it searches


def test_ray_gives_the_process_pools_results() -> None:
    """``--ray`` on a small local Ray instance: the same figures as the process pool for
    the same seeds (Ray is the optional ``cluster`` extra, which ``[test]`` installs)."""
    args = ("bidder", "--players", "3", "--bots", "heuristic,random", "--deals", "4",
            "--seed", "7")
    pool = arena(*args, "--workers", "2")
    assert without_timings(arena(*args, "--ray")) == without_timings(pool)


def test_ray_without_ray_installed_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # an import of it fails
    result = CliRunner().invoke(main, ["arena", "rook", "--bots", "heuristic,random",
                                       "--deals", "2", "--ray", "--json"])
    assert result.exit_code != 0 and "tricktable[cluster]" in result.output


FIRST_BOT = '''
class FirstBot:
    """Plays the first legal action."""

    def __init__(self, game, seed):
        self.game = game

    def choose(self, view, legal):
        return legal[0]


def broken(game, seed):
    raise RuntimeError("no model file")


def nothing(game, seed):
    return 42
'''


def test_your_own_bot_plays_in_the_arena_by_module_and_factory(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--bots module:factory``: ``factory(game, seed)`` from an importable module; the
    match is the one ``duplicate_match`` plays with that bot."""
    (tmp_path / "mybots.py").write_text(FIRST_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    doc = arena("rook", "--bots", "mybots:FirstBot,heuristic", "--deals", "3", "--workers", "1")
    assert [bot["name"] for bot in doc["bots"]] == ["mybots:FirstBot", "heuristic"]
    assert doc["deals"] == 3
    direct = duplicate_match("rook", "mybots:FirstBot", "heuristic", 3, workers=1)
    assert doc["margin"]["mean"] == round(direct.margin, 3) and direct.margin < 0


@pytest.mark.parametrize(("bots", "message"), [
    ("nosuchmodule:Bot,heuristic", "cannot import 'nosuchmodule'"),
    ("mybots:Missing,heuristic", "mybots has no 'Missing' to call"),
    ("mybots:broken,heuristic", "broken(game, seed) failed: RuntimeError: no model file"),
    ("mybots:nothing,heuristic", "gave no object with a choose(view, legal) method"),
])
def test_a_bot_of_your_own_that_cannot_play_is_named(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, bots: str, message: str) -> None:
    (tmp_path / "mybots.py").write_text(FIRST_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(main, ["arena", "rook", "--bots", bots, "--deals", "2"])
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_the_deals_of_a_match_are_bounded() -> None:
    result = CliRunner().invoke(main, ["arena", "sixtysix", "--bots", "random,random",
                                       "--deals", "100000000"])
    assert result.exit_code == 2 and "1<=x<=1000000" in result.output


def test_whole_games_that_never_end_stop_at_the_limit_of_hands() -> None:
    """Random Rook players with no loss limit are set hand after hand: each whole game
    stops unfinished at MAX_HANDS hands, won by nobody (an even share each)."""
    from tricktable.arena import MAX_HANDS

    result = duplicate_match("rook", "random", "random", 1, seed=1, workers=1,
                             whole_games=True)
    assert result.hands == 2 * MAX_HANDS and result.win_rate == 0.5
