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
