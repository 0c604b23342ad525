"""`tricktable analyse`: one row per decision, costs that mean something, honest search."""

from __future__ import annotations

import json
import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

import tricktable
from tricktable import Action, GameState
from tricktable.analysis import analyse, exact_values, plot, review, review_solver, review_strong
from tricktable.bots.strong import SearchLimits, StrongBot, cards_left
from tricktable.cli import main
from tricktable.engine.state import JSON
from tricktable.solver import Solver
from tricktable.solver.solve import compiles

LIMITS = SearchLimits(worlds=3, seconds=math.inf)


def _random_record(name: str, seed: int, hands: int) -> JSON:
    """A game of random play, recorded up to the end of hand ``hands``; no one closes
    the stock (a closed hand is never short enough to solve)."""
    rng = random.Random(seed)
    game = tricktable.new_game(name, seed=seed)
    while len(game.results) < hands and not game.is_over:
        legal = game.legal_actions()
        game.apply(rng.choice([a for a in legal if a.kind != "close"] or legal))
    return game.record()


def _thrown_counter() -> tuple[GameState, Action]:
    """A Rook position near the end of a hand where the last seat to the trick would throw
    a counter away (a Yellow 1, worth 15) that the real deal shows is worse than a low card."""
    for seed in range(40):
        rng = random.Random(seed)
        game = tricktable.new_game("rook", seed=seed)
        while not game.results:
            legal = game.legal_actions()
            trick = [card for card in game.trick if card is not None]  # type: ignore[attr-defined]
            if game.phase == "play" and cards_left(game) <= 12 and len(trick) == 3:
                counters = [a for a in legal if game.play_points[a.arg or 0]]
                if counters and len(counters) < len(legal):
                    real = game.clone()
                    values = dict(Solver(real, game.to_move or 0).evaluate(real))
                    worst = min(counters, key=lambda a: values[a])
                    if values[worst] < max(values.values()):
                        return game, worst
            game.apply(rng.choice(legal))
    raise AssertionError("no such position in 40 random games")


def test_one_row_per_decision_with_a_choice() -> None:
    record = _random_record("sixtysix", 2, hands=1)
    game = tricktable.replay(record, upto=0)
    expected = []
    for number, text in enumerate(record["actions"], start=1):
        if len(game.legal_actions()) > 1:
            expected.append((number, game.to_move, str(game.phase), game.parse(text).text))
        game.apply(text)
    report = analyse(record, LIMITS)
    assert [(d.number, d.seat, d.phase, d.actual) for d in report.decisions] == expected
    assert {d.hand for d in report.decisions} == {1} and len(report.hands) == 1
    assert report.hands[0].deltas == list(game.results[0].deltas)
    solved = [d for d in report.decisions if d.solver is not None]
    assert solved and all(d.dd_cost is not None and d.dd_cost >= 0 for d in solved)
    assert [d for d in report.decisions if d.dd_cost is None][-1].number < solved[0].number
    assert sum(s.decisions for s in report.seats()) == len(expected)


def test_only_one_seat_and_the_same_analysis_every_run() -> None:
    record = _random_record("sixtysix", 3, hands=1)
    record["actions"] = record["actions"][:16]
    first = analyse(record, LIMITS, seed=5, seat=1)
    assert first.decisions and {d.seat for d in first.decisions} == {1}
    assert analyse(record, LIMITS, seed=5, seat=1).to_json() == first.to_json()


def test_solving_leaves_the_game_being_replayed_alone() -> None:
    """The solver searches to the end of a hand, where the next is dealt from the RNG:
    a search sharing the replayed game's RNG would deal hand 2 otherwise than recorded."""
    record = _random_record("sixtysix", 5, hands=2)
    report = analyse(record, SearchLimits(worlds=1, seconds=math.inf))
    assert {d.hand for d in report.decisions} == {1, 2}
    assert any(d.solver is not None for d in report.decisions if d.hand == 1)


def test_throwing_a_counter_away_costs() -> None:
    game, bad = _thrown_counter()
    decision = review(game, bad, StrongBot("rook", 1, LIMITS), solve_tricks=3)
    assert decision.actual == bad.text and decision.phase == "play"
    assert decision.solver is not None and decision.solver != bad.text
    assert decision.dd_cost is not None and decision.dd_cost > 0
    assert decision.strong != bad.text and decision.cost > 0 and decision.error


def test_the_solver_costs_nothing_for_its_choice_and_never_less() -> None:
    game, _ = _thrown_counter()
    costs = {a.text: review_solver(game, a) for a in game.legal_actions()}
    assert all(cost >= 0 for _, cost in costs.values())
    for text, (best, cost) in costs.items():
        assert (best.text == text) == (cost == 0)
        assert costs[best.text][1] == 0


def test_the_review_solves_on_a_compiled_search_the_values_the_rules_give() -> None:
    """Where a compiled search scores the hand (Rook's play, Sixty-Six's race to 66) the
    review's exact values come from it, equal to the search through the rules."""
    for name in ("rook", "sixtysix"):
        rng = random.Random(2)
        game = tricktable.new_game(name, seed=2)
        checked = 0
        while not game.results and checked < 6:
            if game.phase == "play" and cards_left(game) <= 3 * game.players \
                    and compiles(game, "score") and len(game.legal_actions()) > 1:
                real = game.clone()
                assert exact_values(game) == dict(Solver(real, game.to_move or 0).evaluate(real))
                checked += 1
            legal = game.legal_actions()
            closes = [a for a in legal if a.kind == "close"]
            game.apply(closes[0] if closes else rng.choice(legal))
        assert checked >= 2, name


def test_the_strong_review_sees_only_the_seat() -> None:
    """The hidden cards dealt otherwise, consistently with the seat's view: the strong
    review is the same; the double-dummy review (hindsight, every card open) is not."""
    rng = random.Random(5)
    game, bad = _thrown_counter()
    seat = game.to_move or 0
    bot = StrongBot("rook", 2, LIMITS)
    expected = review_strong(game, bad, bot)
    solved = {review_solver(game, bad)}
    for _ in range(4):
        other = game.world(seat, rng)
        assert other.view(seat) == game.view(seat)
        assert review_strong(other, bad, bot) == expected
        solved.add(review_solver(other, bad))
    assert len(solved) > 1, "the solver reads the real cards: the check must see it"


def test_the_actual_action_is_valued_in_every_world_without_changing_the_pick() -> None:
    """Whichever action is included, the bot picks as it would have, and the action is
    valued in as many worlds as the pick, even when the search drops it early."""
    limits = SearchLimits(worlds=12, settle=2, seconds=math.inf)
    rng = random.Random(1)
    game = tricktable.new_game("sixtysix", seed=1)
    dropped = 0
    for _ in range(6):
        legal = game.legal_actions()
        state, bot = game.redacted(game.to_move or 0), StrongBot("sixtysix", 3, limits)
        plain = bot.rank(state, legal)
        for action in legal:
            ranked = bot.rank(state, legal, include=action)
            assert ranked[0].action == plain[0].action
            valued = next(c for c in ranked if c.action == action)
            assert len(valued.values) == len(ranked[0].values)
            alone = next((c for c in plain if c.action == action), None)
            dropped += alone is not None and len(alone.values) < len(plain[0].values)
        game.apply(rng.choice(legal))
    assert dropped, "no position where the search drops a candidate: the test tests nothing"


def _record_file(tmp_path: Path) -> Path:
    record = _random_record("sixtysix", 6, hands=1)
    record["actions"] = record["actions"][:12]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_cli_json_and_plots(tmp_path: Path) -> None:
    path = _record_file(tmp_path)
    args = ["analyse", str(path), "--worlds", "2", "--seed", "1"]
    result = CliRunner().invoke(main, [*args, "--json", "--plot", str(tmp_path / "swing.png")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["game"] == "sixtysix" and doc["search"]["worlds"] == 2
    assert doc["decisions"] and doc["seats"] and doc["hands"][0]["deltas"] is None
    assert (tmp_path / "swing.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = CliRunner().invoke(main, [*args, "--seat", "0", "--plot", str(tmp_path / "s.svg")])
    assert result.exit_code == 0, result.output
    assert "Strong" in result.output and "Per seat" in result.output
    assert ET.parse(tmp_path / "s.svg").getroot().tag.endswith("svg")


@pytest.mark.parametrize(("extra", "message"), [
    (["--seat", "2"], "--seat must be from 0 to 1"),
    (["--plot", "swing.pdf"], "a .png or .svg file"),
    (["--plot", "nowhere/swing.png"], "there is no folder"),
])
def test_cli_refuses_bad_arguments(tmp_path: Path, extra: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["analyse", str(_record_file(tmp_path)), *extra])
    assert result.exit_code == 2 and message in result.output


def test_cli_refuses_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    missing = CliRunner().invoke(main, ["analyse", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_plot_takes_png_or_svg_only(tmp_path: Path) -> None:
    report = analyse(_random_record("sixtysix", 7, hands=0), LIMITS)
    with pytest.raises(ValueError, match=r"png or \.svg"):
        plot(report, tmp_path / "swing.jpg")
