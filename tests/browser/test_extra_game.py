"""The tests' own sixth game (whist, tests/extra_game/whist.py) at the web table: the lobby
offers it, a hand is played through the page, the end-of-hand summary credits each side,
and its declared line shows its own seat key (``leader``, a plain ``{leader}`` field that
no name rule would guess) as a seat's name, from the key's declared kind."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .table_helpers import continue_after_hand, create_in_lobby, data, shot, take_turn, wait_my_turn
from .test_every_game import expected_scores, table_scores


def test_a_hand_of_the_test_only_game_through_the_page(page: Any, artifacts: Path) -> None:
    room = create_in_lobby(page, "whist", seed=3)
    lead = "#extras dt:text-is('Lead') + dd"
    page.wait_for_selector(lead, state="attached")
    labels = [seat["label"] for seat in page.request.get(f"/api/rooms/{room}").json()["seats"]]
    checked = False
    while wait_my_turn(page, 0):
        leader = (page.text_content(lead) or "").strip()
        assert leader.endswith(" has the lead"), leader
        assert not re.match(r"\d", leader), f"the leader shows as a number: {leader!r}"
        assert leader.split(" ")[0] in labels, (leader, labels)
        checked = True
        take_turn(page)
    assert checked
    page.wait_for_selector("#hand-end")
    assert data(page)["hands"] == "1"
    shot(page, artifacts, "whist-hand-end")
    columns = page.locator("#hand-end-table thead th").all_inner_texts()
    assert columns[0] == "Side" and columns[-1] == "Score" and "Tricks" in columns
    assert table_scores(page, "#hand-end-table", len(columns) - 2) == expected_scores(page, room)
    assert page.locator("#hand-end .end-trick .card").count() == 4
    assert "over the book" in page.inner_text("#hand-end .outcome")
    continue_after_hand(page)
    assert table_scores(page, "#score-table", 0) == expected_scores(page, room)
