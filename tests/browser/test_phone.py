"""A phone-sized screen (390x844): the hand fits in one row without a card over another,
and whose turn it is, trump and the score are visible without scrolling."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from .conftest import PHONE
from .table_helpers import create_in_lobby, data, shot, take_turn, wait_my_turn


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector, "(nodes) => nodes.map((n) => { const r = n.getBoundingClientRect();"
                  " return {x: r.x, y: r.y, w: r.width, h: r.height}; })")
    return found


@pytest.mark.parametrize("game", ["rook", "pinochle", "notrump"])
def test_the_hand_and_the_essentials_fit_a_phone(phone: Any, artifacts: Path, game: str) -> None:
    create_in_lobby(phone, game, seed=5)
    for turn in range(3):  # into the play if the bidding is short; the hand is full size
        assert wait_my_turn(phone, 0)
        cards = boxes(phone, "#hand button.card")
        assert len(cards) >= 12 - turn
        rows = [c["y"] for c in cards]
        assert max(rows) - min(rows) < cards[0]["h"] / 2, "the hand wraps into two rows"
        for left, right in itertools.pairwise(cards):
            assert left["x"] + left["w"] <= right["x"] + 0.5, "two cards overlap"
        if not (cards[0]["x"] >= 0 and cards[-1]["x"] + cards[-1]["w"] <= PHONE["width"]):
            shot(phone, artifacts, f"FAILED-phone-{game}")
            wide = phone.evaluate("""() => [...document.querySelectorAll('body *')]
                .filter((n) => n.getBoundingClientRect().right > 392)
                .slice(0, 8).map((n) => n.tagName + '.' + n.className + ' '
                    + n.getBoundingClientRect().right)""")
            pytest.fail(f"the hand is wider than the screen: {wide}")
        assert cards[0]["w"] >= 24, "cards too narrow to tap"
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        for selector in ("#turn", "#infobar .chip.score", "#prompt", "#hand"):
            box = boxes(phone, selector)[0]
            if box["y"] + box["h"] > PHONE["height"]:
                shot(phone, artifacts, f"FAILED-phone-{game}")
                pytest.fail(f"{selector} is below the fold in {data(phone)['phase']}")
        trump = phone.locator("#infobar .chip", has_text="Trump")
        contract = phone.locator("#infobar .chip", has_text="Contract")
        assert trump.count() or contract.count()
        if turn == 0:
            shot(phone, artifacts, f"phone-{game}", readme=game == "rook")
        take_turn(phone)
