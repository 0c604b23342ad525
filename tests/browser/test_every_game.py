"""A full hand of every game played through the page: the prompts, the bid control, the
end-of-hand summary with each side's score under the right name, and no accessibility
violations (axe-core) in any phase. With ``TRICKTABLE_SCREENSHOTS=docs/screenshots`` the
README's screenshots are taken at bidding, play and hand end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .table_helpers import (
    continue_after_hand,
    create_in_lobby,
    data,
    shot,
    take_turn,
    wait_my_turn,
)

AXE_OPTIONS = {"resultTypes": ["violations"],
               "rules": {"label-content-name-mismatch": {"enabled": True}}}


def axe_violations(page: Any) -> list[str]:
    """axe-core's violations on the page as it is now, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=AXE_OPTIONS)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['html'][:120]})"
            for v in results.response["violations"]]


def expected_scores(page: Any, room: str) -> dict[str, int]:
    """Each side's score by its name, from the room's API (not from the page)."""
    info = page.request.get(f"/api/rooms/{room}").json()
    labels = [seat["label"] for seat in info["seats"]]
    return {"/".join(labels[s] for s in side): score
            for side, score in zip(info["sides"], info["scores"], strict=True)}


def table_scores(page: Any, selector: str, column: int) -> dict[str, int]:
    """A score table's side names and the numbers of one of its columns."""
    rows = page.locator(f"{selector} tbody tr")
    found = {}
    for i in range(rows.count()):
        name = rows.nth(i).locator("th").inner_text().strip()
        found[name] = int(rows.nth(i).locator("td").nth(column).inner_text())
    return found


GAMES = [("rook", 4, 7), ("pinochle", 4, 3), ("notrump", 4, 3), ("sixtysix", 2, 3),
         ("bidder", 4, 3)]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_full_hand_through_the_page(page: Any, artifacts: Path, game: str, players: int,
                                      seed: int) -> None:
    room = create_in_lobby(page, game, seed=seed, players=players)
    phases: set[str] = set()
    taken = {"bidding": False, "play": False}
    problems: dict[str, list[str]] = {}
    while wait_my_turn(page, 0):
        phase = data(page)["phase"]
        prompt = page.inner_text("#prompt")
        assert prompt and not prompt.startswith("Your turn:"), f"{phase}: no prompt from the game"
        assert page.locator("#turn").inner_text() == "Your turn"
        if phase not in phases:
            phases.add(phase)
            found = axe_violations(page)
            if found:
                problems[phase] = found
        details = page.inner_text("#extras")  # the game's declared lines, never raw data
        assert not re.search(r"[\[\]{}_]|\b(null|true|false|undefined)\b", details), details
        if game == "notrump" and phase in ("pass", "play"):
            assert "Your marker" in details
        stepper = page.locator("#controls .stepper")
        if stepper.count():
            check_the_bid_control(page)
        if not taken["bidding"] and phase != "play" and game != "sixtysix":
            taken["bidding"] = True
            shot(page, artifacts, f"{game}-1-bidding", readme=True)
        if not taken["play"] and phase == "play" and page.locator("#trick .slot").count():
            taken["play"] = True
            shot(page, artifacts, f"{game}-2-play", readme=True)
        take_turn(page)
    page.wait_for_selector("#hand-end")
    assert data(page)["hands"] == "1"
    page.click("#hand-end .trick-history summary")  # every trick: checked by axe and below
    shot(page, artifacts, f"{game}-3-hand-end", readme=True)
    found = axe_violations(page)
    if found:
        problems["hand end"] = found
    # each side's total under its own name, as the room's API has it
    columns = page.locator("#hand-end-table thead th").all_inner_texts()
    assert columns[0] == "Side" and columns[-1] == "Score" and "This hand" in columns
    assert table_scores(page, "#hand-end-table", len(columns) - 2) == expected_scores(page, room)
    assert page.locator("#hand-end .end-trick .card").count() == players
    assert page.inner_text("#hand-end .outcome")
    check_the_trick_history(page, room, players)
    assert page.locator("#log .tcard").count(), "table talk names no card"
    continue_after_hand(page)
    assert table_scores(page, "#score-table", 0) == expected_scores(page, room)
    assert not problems, problems


def check_the_trick_history(page: Any, room: str, players: int) -> None:
    """Every trick of the hand, in order: as many rows as the sides took tricks, the last
    one the hand's last trick, the card led and the winning card marked."""
    rows = page.locator("#trick-history tbody tr")
    columns = page.locator("#hand-end-table thead th").all_inner_texts()
    taken = table_scores(page, "#hand-end-table", columns.index("Tricks") - 1)
    assert rows.count() == sum(taken.values()) > 0
    last = rows.nth(rows.count() - 1)
    cards = "(cards) => cards.map((c) => c.dataset.card)"
    shown = last.locator(".card").evaluate_all(cards)
    assert sorted(shown) == sorted(page.locator("#hand-end .end-trick .card").evaluate_all(cards))
    assert len(shown) == players
    assert last.locator("td.won").count() == 1 and last.locator("td.led").count() == 1
    winner = page.inner_text("#hand-end .end-trick h3").rsplit("won by ", 1)[1].split(" ")[0]
    assert last.locator("td").last.inner_text() == winner


def check_the_bid_control(page: Any) -> None:
    """The stepper moves along the legal amounts, by button and by keyboard."""
    go = page.locator("#controls .stepper .go .label")
    first = go.inner_text()
    page.click("#controls .stepper .step >> nth=1")  # higher
    assert go.inner_text() != first
    box = page.locator("#controls .stepper .amount")
    box.focus()
    page.keyboard.press("ArrowDown")
    assert go.inner_text() == first
    assert page.locator("#controls .stepper .pick").count() >= 2


def test_notrump_scores_stay_with_their_side_when_the_other_team_declares(
        page: Any, artifacts: Path) -> None:
    """The view's playing teams put the declaring team first; the scores stay in the order
    of the game's sides, and the table labels them so."""
    room = create_in_lobby(page, "notrump", seed=3)
    checked = False
    while not checked and wait_my_turn(page, 2):
        bar = page.inner_text("#infobar")
        hands = int(data(page)["hands"])
        if data(page).get("handEnd"):
            continue_after_hand(page)
        if hands >= 1 and data(page)["phase"] == "play" and (" by E" in bar or " by W" in bar):
            expected = expected_scores(page, room)
            assert len(set(expected.values())) == 2, "the sides must have different scores"
            assert table_scores(page, "#score-table", 0) == expected
            assert f"N/S {expected['N/S']}" in bar and f"E/W {expected['E/W']}" in bar
            shot(page, artifacts, "notrump-scores-hand-2")
            checked = True
            break
        take_turn(page)
    assert checked, "E/W never declared in hands 2-3 with this seed: choose another"
