"""Players in the browser: a name becomes a player, the game counts on the profile and
the leaderboard, the private link moves the player to another browser; axe-core finds
no violation on the new pages (me, profile, leaderboard)."""

from __future__ import annotations

import re
from typing import Any

from .table_helpers import create_in_lobby, data, take_turn, wait_my_turn
from .test_every_game import axe_violations


def stored_player(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        "() => JSON.parse(localStorage.getItem('tricktable.player'))")
    return found


def test_a_player_is_rated_has_a_profile_and_moves_by_private_link(page: Any, browser: Any,
                                                                   server: Any) -> None:
    room = create_in_lobby(page, "sixtysix", seed=None, options={"target": "1"}, name="Zoe")
    player = stored_player(page)
    assert player["name"] == "Zoe" and player["key"]
    seats = page.request.get(f"/api/rooms/{room}").json()["seats"]
    assert seats[0]["player"] == player["id"]
    while wait_my_turn(page, 0):
        take_turn(page)
    page.wait_for_function("() => document.body.dataset.phase === 'game_over'")
    problems = {}
    page.goto(f"/player/{player['id']}")
    page.wait_for_selector("#recent tbody tr")
    assert page.inner_text("h1") == "Zoe"
    assert page.locator("#per-game tbody tr[data-game='sixtysix'] td").first.inner_text() == "1"
    page.locator("#recent a", has_text="Replay").click()
    page.wait_for_url(re.compile(f"/replay/{room}"))
    page.goto(f"/player/{player['id']}")
    page.wait_for_selector("#recent tbody tr")
    problems["profile"] = axe_violations(page)
    page.goto("/leaderboard?game=sixtysix")
    page.wait_for_selector("#board tbody tr")
    names = page.locator("#board tbody td:nth-child(2)").all_inner_texts()
    assert "Zoe" in names and "heuristic" in names
    problems["leaderboard"] = axe_violations(page)
    page.goto("/")
    page.select_option("#game", "sixtysix")
    page.wait_for_function("() => [...document.querySelectorAll('[data-bot] option')]"
                           ".some((o) => o.textContent.startsWith('heuristic (rating'))")
    page.goto("/me")
    page.wait_for_function("() => document.body.dataset.player !== undefined")
    page.click("#show-link")
    link = page.input_value("#link")
    assert link.endswith(f"#key={player['key']}")
    problems["me"] = axe_violations(page)
    other = browser.new_context(base_url=server.url)  # another device: nothing stored
    try:
        tab = other.new_page()
        tab.goto(link)
        tab.wait_for_function("() => document.body.dataset.player !== undefined")
        assert tab.evaluate("() => location.hash") == ""  # the key left the address bar
        assert tab.evaluate("() => JSON.parse(localStorage.getItem('tricktable.player')).id") \
            == player["id"]
        assert "Zoe" in tab.inner_text("#who")
    finally:
        other.close()
    assert data(page) is not None
    assert not {k: v for k, v in problems.items() if v}, problems


def test_table_chat_shows_presets_emotes_and_free_text_as_text(page: Any) -> None:
    from .table_helpers import fill_lobby

    fill_lobby(page, "rook", seed=None, name="Kim")
    page.select_option("#chat", "free")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_selector("#chat-controls [data-emote='thumbs']")
    page.select_option("#chat-phrase", "gl")
    page.click("#chat-say")
    page.click("#chat-controls [data-emote='thumbs']")
    page.fill("#chat-text", "<img src=x onerror=\"document.body.dataset.hacked=1\"> hi")
    page.press("#chat-text", "Enter")
    page.wait_for_function("() => document.body.dataset.chat === '3'")
    lines = page.locator("#chat-log li").all_inner_texts()
    assert lines[0] == "Kim (N): Good luck!" and lines[1] == "Kim (N): 👍"
    assert lines[2] == "Kim (N): <img src=x onerror=\"document.body.dataset.hacked=1\"> hi"
    assert page.locator("#chat-log img").count() == 0
    assert page.evaluate("() => document.body.dataset.hacked") is None
    assert axe_violations(page) == []
