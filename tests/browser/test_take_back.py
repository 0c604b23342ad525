"""Take back at the table: offered alone with bots once the player has acted, it puts the
table back before the player's last action and marks the game unrated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .table_helpers import act, create_in_lobby, data, shot, wait_my_turn
from .test_every_game import axe_violations


def test_a_bid_is_taken_back_against_bots(page: Any, artifacts: Path) -> None:
    room = create_in_lobby(page, "rook", seed=7)
    assert wait_my_turn(page, 0) and data(page)["phase"] == "bid"
    assert page.locator("#take-back").is_hidden()  # nothing to take back yet
    before = data(page)["version"]
    act(page, page.locator("#controls [data-kind='bid'] button.pick").first)
    assert wait_my_turn(page, 0)
    page.wait_for_selector("#take-back", state="visible")
    assert page.locator("#infobar .unrated").count() == 0
    page.keyboard.press("u")  # the key does what the button does
    page.wait_for_function("(v) => document.body.dataset.version === v", arg=before)
    assert data(page)["myTurn"] == "1" and data(page)["phase"] == "bid"
    assert page.locator("#controls [data-kind='bid'] button.pick").count()
    page.wait_for_selector("#infobar .unrated")
    assert page.request.get(f"/api/rooms/{room}").json()["took_back"]
    assert page.locator("#take-back").is_hidden()  # back before the first bid: nothing left
    shot(page, artifacts, "take-back")
    assert axe_violations(page) == []


def test_no_take_back_when_another_person_sits(page: Any, browser: Any, server: Any) -> None:
    create_in_lobby(page, "sixtysix", seed=None, humans=2)
    friend_context = browser.new_context(base_url=server.url)
    try:
        friend = friend_context.new_page()
        friend.goto(page.input_value("#invite"))
        friend.fill("#join-name", "Bo")
        friend.click("text=Sit at P2")
        page.wait_for_function("() => document.body.dataset.status === 'playing'")
        friend.wait_for_function("() => document.body.dataset.status === 'playing'")
        mover = page if wait_turn_of_either(page, friend) is page else friend
        before = data(mover)["version"]
        act(mover, mover.locator("#hand button.card.legal").first)
        mover.wait_for_function("(v) => document.body.dataset.version !== v", arg=before)
        assert mover.locator("#take-back").is_hidden()  # a person sits at the table
        mover.keyboard.press("u")  # the key does nothing either
        mover.wait_for_timeout(300)
        assert data(mover)["version"] != before and not data(mover).get("lastError")
    finally:
        friend_context.close()


def wait_turn_of_either(first: Any, second: Any) -> Any:
    """The page whose seat is to move first."""
    for _ in range(100):
        for tab in (first, second):
            if data(tab).get("myTurn") == "1":
                return tab
        first.wait_for_timeout(100)
    raise AssertionError("nobody's turn")
