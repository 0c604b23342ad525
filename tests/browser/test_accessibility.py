"""axe-core finds no violation on the lobby, the history, a replay and a rules page (the
table in every phase of every game is checked in test_every_game.py); the table talks to
screen readers through a live region."""

from __future__ import annotations

import re
from typing import Any

import tricktable

from .table_helpers import create_in_lobby, take_turn, wait_my_turn
from .test_every_game import axe_violations


def test_the_pages_around_the_table_have_no_axe_violations(page: Any) -> None:
    game = tricktable.new_game("sixtysix", seed=21, options={"target": 1})
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    page.goto("/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", "*custom")  # the single options are checked too
    page.wait_for_selector("#options .option")
    page.wait_for_function("() => document.body.dataset.rooms !== undefined")
    problems = {"lobby": axe_violations(page)}
    page.goto("/history")
    page.set_input_files("#import-file", _record(game, page))
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click("#next")
    problems["replay"] = axe_violations(page)
    page.goto("/history")
    page.wait_for_selector("#games tbody tr")
    problems["history"] = axe_violations(page)
    page.goto("/rules/pinochle")
    page.wait_for_selector("#text h2")
    assert page.inner_text("h1") == "How to play Pinochle"
    text = page.inner_text("main")
    assert "Meld" in text and "`" not in text and ".py" not in text
    assert page.locator("#options tbody tr").count() >= 5  # every option, in words
    assert "Points that win the game" in page.inner_text("#options")
    problems["rules"] = axe_violations(page)
    assert not {k: v for k, v in problems.items() if v}


def _record(game: Any, page: Any) -> dict[str, Any]:
    import json

    text = json.dumps(game.record())
    return {"name": "finished.json", "mimeType": "application/json", "buffer": text.encode()}


def test_the_live_region_says_whose_turn_and_what_was_played(page: Any) -> None:
    create_in_lobby(page, "sixtysix", seed=3)
    assert wait_my_turn(page, 0)
    page.wait_for_function(
        "() => document.getElementById('live').textContent.includes('Your turn')")
    take_turn(page)
    page.wait_for_function("() => / plays [0-9JQKA]+ of (spades|hearts|diamonds|clubs)/"
                           ".test(document.getElementById('live').textContent)")
    assert page.get_attribute("#live", "aria-live") == "polite"
