"""A tournament with a person, in the browser: made with a place for people, the person
registers, the maker starts it, the person plays their table's deal on the table page (bots
play every other table), comes back and sees the standings with their result and their
table beside the bots'; axe-core finds no violation on the pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .table_helpers import continue_after_hand, data, shot, take_turn, wait_my_turn
from .test_every_game import axe_violations


def test_a_person_registers_plays_their_deal_and_sees_the_standings(
        page: Any, artifacts: Path, browser: Any, server: Any) -> None:
    page.goto("/tournaments")
    page.wait_for_function("() => document.body.dataset.loaded === '1'")
    page.select_option("#game", "sixtysix")
    page.fill("#deals", "1")
    page.fill("#people", "1")
    page.click("#start")
    assert "Type your name" in page.inner_text("#error")  # the maker is a player
    page.fill("#name", "Tess")
    shot(page, artifacts, "tournament-people-new")
    page.click("#start")
    page.wait_for_url(re.compile(r"/tournament/"))
    page.wait_for_function("() => document.body.dataset.status === 'registering'")
    assert page.input_value("#name") == "Tess"
    page.click("#register")
    page.wait_for_selector("#people li >> text=Tess")
    assert page.locator("#register-form").is_hidden()
    shot(page, artifacts, "tournament-people-registering")
    problems = {"registering": axe_violations(page)}
    page.click("#start")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    page.wait_for_selector("#play:visible")
    assert page.locator("#results").is_hidden()  # nothing of the deal before the end
    shot(page, artifacts, "tournament-people-playing")
    problems["playing"] = axe_violations(page)
    page.click("#play")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    assert "deal 1 of 1" in page.inner_text("#tourney")
    assert page.locator("#beginner").is_hidden()  # no hints in a tournament
    shot(page, artifacts, "tournament-people-table")
    other = browser.new_context(base_url=server.url)  # someone else with the link: no view
    try:
        tab = other.new_page()
        tab.goto(page.url)
        tab.wait_for_function("() => document.body.dataset.lastError === 'no_spectators'")
        assert "no spectators" in tab.inner_text("#status")
        assert tab.inner_text("#title") == "A tournament's table"
        assert tab.locator("#hand .card").count() == 0 and not tab.locator("#board .card").count()
    finally:
        other.close()
    problems["table"] = axe_violations(page)
    while wait_my_turn(page, 0):
        take_turn(page)
    page.wait_for_function("() => document.body.dataset.status === 'finished'")
    if data(page).get("handEnd"):
        continue_after_hand(page)
    page.click("#back-to-tournament")
    page.wait_for_url(re.compile(r"/tournament/"))
    page.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=60_000)
    page.wait_for_function("() => document.body.dataset.step === '0'")
    entrants = page.locator("#standings tbody th").all_inner_texts()
    assert sorted(entrants) == ["Tess", "heuristic", "random"]
    assert page.locator("#pair option").first.inner_text().startswith("Tess's table")
    headings = page.locator("#tables article h3").all_inner_texts()
    assert len(headings) == 2 and "Tess plays P" in headings[0]  # hers beside the bots'
    assert "holds side" in headings[1]
    shot(page, artifacts, "tournament-people-finished")
    problems["finished"] = axe_violations(page)
    assert not {k: v for k, v in problems.items() if v}, problems


def test_the_maker_closes_a_tournament_and_the_bots_play_the_deal_left(page: Any) -> None:
    page.goto("/tournaments")
    page.wait_for_function("() => document.body.dataset.loaded === '1'")
    page.select_option("#game", "rook")
    page.fill("#deals", "1")
    page.fill("#people", "1")
    page.fill("#name", "Uma")
    page.click("#start")
    page.wait_for_url(re.compile(r"/tournament/"))
    page.wait_for_function("() => document.body.dataset.status === 'registering'")
    page.click("#register")
    page.wait_for_selector("#people li >> text=Uma")
    page.click("#start")
    page.wait_for_selector("#close:visible")
    page.click("#close")
    page.wait_for_function("() => document.body.dataset.status === 'finished'", timeout=60_000)
    page.wait_for_function("() => document.body.dataset.step === '0'")
    assert "Uma" in page.locator("#standings tbody th").all_inner_texts()
    assert page.locator("#play").is_hidden() and page.locator("#close-row").is_hidden()
    assert "Uma (played by heuristic)" in page.locator("#tables article").first.inner_text()
