"""What players found out of place (3 December 2026), on a desktop and on a phone: a long
name stays inside its seat, the lobby and the end of a hand fit a phone's width, a double
click makes one room, a refused move's reason stays long enough to read, and a button
that shows only its argument is named."""

from __future__ import annotations

import time
from typing import Any

from .conftest import PHONE
from .table_helpers import create_in_lobby, data, fill_lobby, hand_end_open, take_turn

LONG_NAME = "M" * 40  # the longest name the form takes
WIDE = "() => document.documentElement.scrollWidth"
BOX = "(node) => { const r = node.getBoundingClientRect(); return [r.left, r.right]; }"


def seats_inside_the_board(page: Any) -> None:
    left, right = page.eval_on_selector(".board", BOX)
    seats = page.eval_on_selector_all(".seatbox", f"(nodes) => nodes.map({BOX})")
    for seat_left, seat_right in seats:
        assert left - 1 <= seat_left and seat_right <= right + 1, (seat_left, seat_right, right)


def test_a_long_name_stays_inside_its_seat(page: Any) -> None:
    create_in_lobby(page, "rook", seed=3, name=LONG_NAME)
    seats_inside_the_board(page)
    assert page.evaluate(WIDE) <= 1280
    mine = page.locator(".seatbox .who", has_text="MMMM").first
    assert LONG_NAME in (mine.get_attribute("title") or "")  # the whole name on hover


def test_the_lobby_and_a_long_named_table_fit_a_phone(phone: Any) -> None:
    create_in_lobby(phone, "rook", seed=3, name=LONG_NAME)
    seats_inside_the_board(phone)
    assert phone.evaluate(WIDE) <= PHONE["width"]
    phone.goto("/")
    phone.wait_for_function("() => Number(document.body.dataset.rooms) > 0")
    assert phone.evaluate(WIDE) <= PHONE["width"]  # the nav, the seat rows, the room lists
    for right in phone.eval_on_selector_all(".topnav a", f"(nodes) => nodes.map({BOX})"):
        assert right[1] <= PHONE["width"]


def test_the_end_of_a_hand_fits_a_phone(phone: Any) -> None:
    """Sixty-Six's summary has seven columns: all of them within the dialog."""
    create_in_lobby(phone, "sixtysix", seed=9)
    while not hand_end_open(phone):
        take_turn(phone)
    table = phone.locator("#hand-end-table")
    assert table.evaluate("(t) => t.scrollWidth <= t.parentElement.clientWidth"), \
        table.evaluate("(t) => [t.scrollWidth, t.parentElement.clientWidth]")
    assert table.locator("th", has_text="Score").is_visible()


def test_a_double_click_makes_one_room(page: Any) -> None:
    name = f"Dbl{time.monotonic_ns() % 10**8}"
    fill_lobby(page, "bidder", seed=None, name=name)
    page.dblclick("#create-button")
    page.wait_for_url("**/table/**")
    rooms = page.request.get("/api/rooms?status=waiting,playing").json()
    assert sum(any(seat.get("name") == name for seat in room["seats"]) for room in rooms) == 1


def test_a_refused_moves_reason_outlasts_the_next_frame(page: Any, browser: Any,
                                                       server: Any) -> None:
    """A card clicked out of turn is refused with its reason; the next state frame (here:
    the other person leaves, so their seat shows offline) does not wipe it at once."""
    room = create_in_lobby(page, "sixtysix", seed=None, humans=2)  # people: no deal number
    other = browser.new_context(base_url=server.url)
    bo = other.new_page()
    bo.goto("/")
    bo.fill("#name", "Bo")
    bo.locator(f"tr[data-room='{room}'] button", has_text="Sit at").click()
    bo.wait_for_url("**/table/**")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    if data(page)["toMove"] == "0":
        take_turn(page)  # Bo is to move now
    page.wait_for_function("() => document.body.dataset.toMove === '1'")
    page.evaluate("() => { delete document.body.dataset.lastError; }")
    page.locator("#hand button.card").first.click(force=True)
    page.wait_for_function("() => document.body.dataset.lastError === 'not_your_turn'")
    other.close()  # Bo's seat shows them away: a new state frame for the page
    page.wait_for_function("() => /away|offline/.test(document.querySelector('.board').innerText)")
    assert "not your turn" in page.locator("#status").inner_text()


def test_a_lone_button_that_shows_only_its_argument_is_named(page: Any) -> None:
    """Sixty-Six's one marriage to show is a button "♦": its kind is written before it;
    a lone "pass" needs no such word."""
    create_in_lobby(page, "bidder", seed=1)
    named = page.evaluate("""async () => {
        const { renderControls } = await import('/static/controls.js');
        renderControls([{ kind: 'marry', text: 'marry Q♦' }, { kind: 'pass', text: 'pass' }],
                       () => {});
        const kind = (of) => document.querySelector(`#controls [data-kind='${of}'] .kind`);
        return [kind('marry') && kind('marry').textContent, kind('pass') !== null];
    }""")
    assert named == ["marry", False]
