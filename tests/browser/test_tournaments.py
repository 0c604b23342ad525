"""A bot tournament from the page: progress, standings, margins, the deal's tables side by
side stepped together; axe-core finds no violation on the two tournament pages."""

from __future__ import annotations

import re
from typing import Any

from .test_every_game import axe_violations


def test_a_tournament_from_the_page_shows_standings_and_deals_side_by_side(page: Any) -> None:
    page.goto("/tournaments")
    page.wait_for_function("() => document.body.dataset.loaded === '1'")
    problems = {"list": axe_violations(page)}
    page.select_option("#game", "sixtysix")
    page.fill("#deals", "2")
    page.click("#start")
    page.wait_for_url(re.compile(r"/tournament/"))
    page.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=60_000)
    page.wait_for_function("() => document.body.dataset.step === '0'")
    entrants = page.locator("#standings tbody th").all_inner_texts()
    assert sorted(entrants) == ["heuristic", "random"]
    assert page.locator("#margins td").count() == 2  # one pair, two deals
    assert page.locator("#tables article").count() == 2  # the deal's two tables
    before = page.locator("#tables article").first.inner_text()
    page.click("#forward")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    assert page.locator("#tables article").first.inner_text() != before
    problems["tournament"] = axe_violations(page)
    assert not {k: v for k, v in problems.items() if v}, problems
