"""What the browser tests do at a table: read its state, act, wait, take screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
DONE = ("(h) => Number(document.body.dataset.hands) > h"
        " || document.body.dataset.phase === 'game_over'")


def data(page: Any) -> dict[str, str]:
    """The table page's state, as it writes it on <body data-...>."""
    found: dict[str, str] = page.evaluate("() => ({...document.body.dataset})")
    return found


def fill_lobby(page: Any, game: str, seed: int | None, options: dict[str, str] | None = None,
               humans: int = 1, name: str = "Ann", players: int | None = None,
               preset: str | None = None) -> None:
    """Fill the lobby's new-room form (no deal number when ``seed`` is None): a preset
    chosen by name, single options under "custom" (a checkbox's value "true" or "false")."""
    page.goto("/")
    page.fill("#name", name)
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    if seed is not None:
        page.fill("#seed", str(seed))
    if preset:
        page.select_option("#preset", preset)
    if options:
        page.select_option("#preset", "*custom")  # single options live under "custom"
    for option, value in (options or {}).items():
        field = page.locator(f"#opt-{option}")
        if field.get_attribute("type") == "checkbox":
            field.set_checked(value == "true")
        elif field.evaluate("(e) => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for seat in range(1, humans):
        page.select_option(f"[data-seat='{seat}']", "human")


def create_in_lobby(page: Any, game: str, seed: int | None,
                    options: dict[str, str] | None = None, humans: int = 1,
                    name: str = "Ann", players: int | None = None,
                    preset: str | None = None) -> str:
    """Fill the lobby form and create the room; returns the room id (on the table page)."""
    fill_lobby(page, game, seed, options, humans, name, players, preset)
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    return str(page.url.rsplit("/", 1)[1])


def act(page: Any, locator: Any, force: bool = False) -> None:
    """Click and wait for the answer: a new version or an error; when the card has
    more than one action (a choice appears), take the first. ``force``: click a card
    marked aria-disabled (not playable now: the page then says why)."""
    before = data(page).get("version")
    page.evaluate("() => { delete document.body.dataset.lastError; }")
    locator.click(force=force)
    page.wait_for_function(
        "(v) => document.body.dataset.version !== v || document.body.dataset.lastError"
        " || document.getElementById('chooser')", arg=before)
    if data(page).get("version") == before and page.locator("#chooser button").count():
        page.locator("#chooser button").first.click()
        page.wait_for_function(
            "(v) => document.body.dataset.version !== v || document.body.dataset.lastError",
            arg=before)


def hand_end_open(page: Any) -> bool:
    return bool(data(page).get("handEnd"))


def wait_my_turn(page: Any, hands: int) -> bool:
    """Wait for our turn; False when the hand (or game) ended first."""
    page.wait_for_function(
        f"(h) => document.body.dataset.myTurn === '1' || ({DONE})(h)", arg=hands,
        timeout=30_000)
    state = data(page)
    return state["myTurn"] == "1" and int(state["hands"]) <= hands and state["phase"] != "game_over"


def take_turn(page: Any) -> None:
    """Play the first legal card, else press the first action button (a pass in a bidding).

    The turn's frame may be on the page before its choices are drawn, or the hand may end
    on it: wait for a card or button to take, and take none if the turn passed or the
    end-of-hand summary opened meanwhile."""
    page.wait_for_function(
        "() => document.body.dataset.myTurn !== '1' || document.body.dataset.handEnd"
        " || document.querySelector('#hand button.card.legal, #controls button[data-action]')")
    if data(page).get("myTurn") != "1" or hand_end_open(page):
        return
    legal = page.locator("#hand button.card.legal")
    act(page, legal.first if legal.count() else page.locator("#controls button[data-action]").first)


def continue_after_hand(page: Any) -> None:
    """Close the end-of-hand summary."""
    page.click("#continue")
    page.wait_for_function("() => !document.body.dataset.handEnd")


def screenshots() -> Path | None:
    """Where the README's screenshots go: ``TRICKTABLE_SCREENSHOTS`` (docs/screenshots when
    run by the documented command), else nowhere."""
    folder = os.environ.get("TRICKTABLE_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def shot(page: Any, artifacts: Path, name: str, readme: bool = False) -> None:
    """A screenshot among the test artifacts; also in docs/screenshots when asked for."""
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    folder = screenshots()
    if readme and folder is not None:
        page.evaluate("() => window.scrollTo(0, 0)")  # the top of the table, as a player sees it
        page.screenshot(path=str(folder / f"{name}.png"))
