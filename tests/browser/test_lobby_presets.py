"""The lobby's Rules menu: the game's standard rules and its presets first, every single
option under "custom"; a room made from a preset holds the preset's resolved options."""

from __future__ import annotations

import re
from typing import Any

import tricktable


def test_the_lobby_offers_presets_first_and_single_options_under_custom(page: Any) -> None:
    page.goto("/")
    page.fill("#name", "Ann")
    page.select_option("#game", "rook")
    page.wait_for_selector("#preset option", state="attached")
    choices = page.eval_on_selector_all("#preset option", "els => els.map(e => e.value)")
    presets = [p.name for p in tricktable.find_game("rook").rules_type.presets]
    assert choices == ["", *presets, "*custom"]
    assert page.is_hidden("#options")
    page.select_option("#preset", "kentucky-discard")
    assert "nest 5" in page.inner_text("#preset-doc")
    page.select_option("#preset", "*custom")  # custom starts from the preset last chosen
    assert page.is_visible("#options")
    assert page.input_value("#opt-nest") == "5" and page.input_value("#opt-rook_rank") == "highest"
    page.select_option("#preset", "kentucky-discard")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/table/"))
    room = page.url.rsplit("/", 1)[1]
    options = page.evaluate(f"async () => (await (await fetch('/api/rooms/{room}')).json())"
                            ".options")
    assert options["nest"] == 5 and options["rook_rank"] == "highest"
    assert "preset" not in options
