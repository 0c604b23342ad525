"""Rule presets: named sets of options, chosen with the option ``preset``.

A preset's options come first and options given beside it override them; the
rules and the record keep the resolved options only, so a replay never depends
on a preset's definition. Every game's presets are checked at registration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner

import tricktable
from tricktable.engine.registry import register_game
from tricktable.engine.rules import OptionError, Preset, Rules, option

ROOK = tricktable.find_game("rook")
SHORT = Preset("short-floor", "a short game with a floor", {"target": 300, "loss_limit": 200})


@pytest.fixture
def short_preset(monkeypatch: pytest.MonkeyPatch) -> Preset:
    """Rook with one more preset, for as long as the test runs."""
    monkeypatch.setattr(ROOK.rules_type, "presets", (*ROOK.rules_type.presets, SHORT))
    return SHORT


def test_a_presets_options_come_first_and_given_options_override_them(short_preset: Preset
                                                                      ) -> None:
    game = tricktable.new_game("rook", seed=1, options={"preset": "short-floor"})
    assert game.rules.target == 300 and game.rules.loss_limit == 200
    assert game.rules.all_pass == "redeal"  # not in the preset: the default
    game = tricktable.new_game("rook", seed=1, options={"preset": "short-floor", "target": 700})
    assert game.rules.target == 700 and game.rules.loss_limit == 200
    assert tricktable.new_game("rook", seed=1, options={"preset": None}).rules == \
        tricktable.new_game("rook", seed=1).rules


@pytest.mark.parametrize(("preset", "fragment"), [
    ("long", "unknown preset 'long'; presets: "),
    (3, "option 'preset' must be a preset's name, not 3"),
    (["short-floor"], "must be a preset's name"),
])
def test_a_bad_preset_is_refused_naming_the_presets(short_preset: Preset, preset: Any,
                                                    fragment: str) -> None:
    with pytest.raises(OptionError) as error:
        tricktable.new_game("rook", seed=1, options={"preset": preset})
    assert fragment in str(error.value) and "short-floor" in str(error.value)


def test_an_option_beside_a_preset_is_still_validated(short_preset: Preset) -> None:
    with pytest.raises(OptionError, match="'target' must be at least 1"):
        tricktable.new_game("rook", seed=1, options={"preset": "short-floor", "target": 0})


def test_the_record_keeps_the_resolved_options_and_replays_without_the_preset(
        monkeypatch: pytest.MonkeyPatch, short_preset: Preset, tmp_path: Path) -> None:
    game = tricktable.new_game("rook", seed=4, options={"preset": "short-floor"})
    rng = random.Random(4)
    while len(game.results) < 2:
        game.apply(rng.choice(game.legal_actions()))
    tricktable.save_record(game, tmp_path / "game.json")
    record = tricktable.load_record(tmp_path / "game.json")
    assert "preset" not in record["options"]
    assert record["options"] == {**ROOK.rules_type().to_options(), "target": 300,
                                 "loss_limit": 200}
    # the preset is redefined (or removed): the record replays as it was played
    monkeypatch.setattr(ROOK.rules_type, "presets", (
        Preset("short-floor", "changed", {"target": 100, "all_pass": "dealer_takes_70"}),))
    again = tricktable.replay(record)
    assert again.rules == game.rules and again.history == game.history
    assert [r.scores for r in again.results] == [r.scores for r in game.results]
    monkeypatch.setattr(ROOK.rules_type, "presets", ())
    assert tricktable.replay(record).rules == game.rules


def test_presets_are_checked_when_a_game_registers() -> None:
    @dataclass(frozen=True)
    class DemoRules(Rules):
        target: int = option(10, "points that win", minimum=1)
        presets: ClassVar[tuple[Preset, ...]] = (Preset("zero", "a broken preset", {"target": 0}),)

    class Demo(ROOK):  # type: ignore[misc, valid-type]
        name = "demo-presets"
        title = "Demo"
        rules_type = DemoRules

    with pytest.raises(OptionError, match="Demo's preset 'zero': option 'target' must be at"):
        register_game(Demo)
    DemoRules.presets = (Preset("a", "one", {}), Preset("a", "two", {}))
    with pytest.raises(OptionError, match="declares a preset name twice"):
        register_game(Demo)
    assert "demo-presets" not in tricktable.games()


@pytest.mark.parametrize("name", tricktable.games())
def test_every_declared_preset_sets_real_options_and_plays(name: str) -> None:
    cls = tricktable.find_game(name)
    default = cls.rules_type()
    for preset in cls.rules_type.presets:
        assert preset.name == preset.name.lower() and " " not in preset.name and preset.doc
        rules = cls.rules_type.from_options({"preset": preset.name})
        assert rules != default, f"{preset.name} changes nothing"
        assert {k: v for k, v in rules.to_options().items() if v != getattr(default, k)} == {
            k: v for k, v in preset.options.items() if v != getattr(default, k)}
        game = tricktable.new_game(name, seed=2, options={"preset": preset.name})
        rng = random.Random(2)
        while not game.results and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))


def test_the_games_command_and_the_api_list_the_presets(short_preset: Preset) -> None:
    from tricktable.cli import main
    from tricktable.server.app import game_info

    output = CliRunner().invoke(main, ["games"], terminal_width=200).output
    assert "Rook presets" in output and "short-floor" in output and "loss_limit=200" in output
    info = game_info("rook")
    assert {"name": "short-floor", "doc": SHORT.doc,
            "options": {"target": 300, "loss_limit": 200}} in info["presets"]
