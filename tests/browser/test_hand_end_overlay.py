"""The end-of-hand popup's dark backdrop covers the whole viewport wherever the page is
scrolled, on a desktop and on a phone (390x844): the table behind a long page never shows
below it. (A full-page screenshot draws a fixed backdrop over the first screen only: that is
how such a screenshot is taken, not what a player sees, so these shots are of the viewport.)
Each state is checked by axe-core too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import NO_TRICK_PAUSE
from .table_helpers import act, create_in_lobby, data, wait_my_turn
from .test_every_game import axe_violations
from .test_house_rules import play_out

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

COVERED = """() => {
  const box = document.getElementById('handend').getBoundingClientRect();
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const corners = [[0, 0], [width - 1, 0], [0, height - 1], [width - 1, height - 1]];
  return {box: [box.left, box.top, box.right, box.bottom], width, height,
          scrolled: window.scrollY, long: document.documentElement.scrollHeight - height,
          onTop: corners.map(([x, y]) => document.getElementById('handend')
                                          .contains(document.elementFromPoint(x, y)))};
}"""


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any,
          server: Any) -> Iterator[tuple[Any, str]]:
    """A fresh page at a desktop's or a phone's size, and the size's name; the test fails
    on a script error."""
    size = request.param
    context = browser.new_context(viewport=SIZES[size], base_url=server.url,
                                  has_touch=size == "phone")
    context.add_init_script(NO_TRICK_PAUSE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(15_000)
    yield tab, size
    context.close()
    assert not errors, errors


def short_hand_ended(page: Any) -> None:
    """Seed 1 with low boy: P1 bids it and takes a trick at trick 2, which ends the hand."""
    create_in_lobby(page, "rook", seed=1, options={"low_boy": "true"})
    assert wait_my_turn(page, 0) and data(page)["phase"] == "bid"
    act(page, page.locator("#controls [data-kind='lowboy'] button"))
    act(page, page.locator("#hand button.card.legal").first)  # the discard
    act(page, page.locator("#controls [data-action='notrump']"))
    play_out(page)


def test_the_hand_end_backdrop_covers_the_viewport_at_the_page_bottom(
        sized: tuple[Any, str], artifacts: Path) -> None:
    page, size = sized
    short_hand_ended(page)
    problems = {"top": axe_violations(page)}
    for where in ("top", "bottom"):
        if where == "bottom":
            page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        found = page.evaluate(COVERED)
        assert found["long"] > 0, found  # the page is longer than the screen: worth checking
        assert (found["scrolled"] > 0) == (where == "bottom"), found
        left, top, right, bottom = found["box"]
        assert left <= 0 and top <= 0, found
        assert right >= found["width"] and bottom >= found["height"], found
        assert all(found["onTop"]), found  # nothing drawn over the backdrop at a corner
        page.screenshot(path=str(artifacts / f"hand-end-backdrop-{size}-{where}.png"))
    problems["bottom"] = axe_violations(page)
    assert not {k: v for k, v in problems.items() if v}
