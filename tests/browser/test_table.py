"""People at the table: the lobby, a Rook hand played by clicking, the game-over screen
and the replay, joining by link, a phone-sized screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import tricktable

from .table_helpers import (
    act,
    continue_after_hand,
    create_in_lobby,
    data,
    fill_lobby,
    shot,
    take_turn,
    wait_my_turn,
)


def test_a_person_plays_a_hand_of_rook(page: Any, artifacts: Path) -> None:
    page.goto("/")
    shot(page, artifacts, "rook-01-lobby")
    create_in_lobby(page, "rook", seed=7)
    assert data(page)["seat"] == "0" and data(page)["status"] == "playing"
    assert page.evaluate("() => localStorage.getItem('tricktable.name')") == "Ann"
    # bidding: always the lowest bid, never pass, until the bid is ours
    while data(page)["phase"] == "bid":
        if wait_my_turn(page, 0) and data(page)["phase"] == "bid":
            if not page.locator("#controls [data-kind='bid'] button.pick").count():
                pytest.fail("a bot bid 200: choose another seed")
            shot(page, artifacts, "rook-02-bidding")
            act(page, page.locator("#controls [data-kind='bid'] button.pick").first)
    assert data(page)["phase"] == "discard" and data(page)["myTurn"] == "1", data(page)
    assert page.locator("#hand button.card").count() == 15  # the nest card added
    shot(page, artifacts, "rook-03-nest")
    counters = page.locator("#hand button.card.dim")
    if counters.count():  # a counter may not be discarded: the page shows the rule
        act(page, counters.first, force=True)
        assert data(page).get("lastError") == "illegal"
        assert "counter" in page.inner_text("#status")
        shot(page, artifacts, "rook-04-discard-rule")
    act(page, page.locator("#hand button.card.legal").first)
    assert data(page)["phase"] == "trump"
    shot(page, artifacts, "rook-05-trump")
    act(page, page.locator("#controls [data-kind='trump'] button").first)
    # a reload keeps the seat (the token is in localStorage) and the state
    version = data(page)["version"]
    page.reload()
    page.wait_for_function("(v) => Number(document.body.dataset.version) >= Number(v)",
                           arg=version)
    assert data(page)["seat"] == "0"
    # beginner mode: the suggested card is marked
    wait_my_turn(page, 0)
    page.check("#beginner")
    page.wait_for_selector("#hand button.card.hint")
    assert page.inner_text("#status").startswith("Hint: play ")
    shot(page, artifacts, "rook-05-beginner-hint")
    page.uncheck("#beginner")
    tried_rule = used_keys = False
    while wait_my_turn(page, 0):
        dim = page.locator("#hand button.card.dim")
        if dim.count() and not tried_rule:
            tried_rule = True
            act(page, dim.first, force=True)
            assert data(page).get("lastError") == "illegal", data(page)
            assert "follow" in page.inner_text("#status") or "must" in page.inner_text("#status")
            shot(page, artifacts, "rook-06-follow-suit-rule")
        elif not used_keys:  # play one card with the keyboard
            used_keys = True
            before = data(page)["version"]
            page.locator("#hand button.card.legal").first.focus()
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Enter")
            page.wait_for_function("(v) => document.body.dataset.version !== v", arg=before)
        else:
            act(page, page.locator("#hand button.card.legal").first)
        if data(page)["version"] == "40":
            shot(page, artifacts, "rook-07-play")
    assert data(page)["hands"] == "1"
    page.wait_for_selector("#hand-end")
    continue_after_hand(page)
    page.keyboard.press("s")
    assert page.locator("#score-sheet tbody tr").count() == 1
    shot(page, artifacts, "rook-08-score-sheet")


def test_game_over_then_history_and_replay(page: Any, artifacts: Path) -> None:
    room = create_in_lobby(page, "sixtysix", seed=5, options={"target": "1"})
    while wait_my_turn(page, 99):
        take_turn(page)
    page.wait_for_selector("#hand-end")
    continue_after_hand(page)
    page.wait_for_selector("#game-over")
    shot(page, artifacts, "sixtysix-game-over")
    page.click("text=Replay face up")
    page.wait_for_url(re.compile(f"/replay/{room}"))
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.click("#next")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    page.keyboard.press("End")
    page.wait_for_function("() => document.getElementById('step').value === "
                           "document.getElementById('step').max")
    assert page.locator("#hands .item").count() == 2
    shot(page, artifacts, "sixtysix-replay")
    page.goto("/history")
    page.wait_for_selector(f"tr[data-room='{room}']")
    shot(page, artifacts, "history")


def test_a_friend_joins_by_the_link(page: Any, browser: Any, server: Any,
                                    artifacts: Path) -> None:
    # a chosen deal number is refused with other people (a refused request logs a failed
    # load: in a page of its own, not the checked one)
    context = browser.new_context(base_url=server.url)
    try:
        chooser = context.new_page()
        fill_lobby(chooser, "sixtysix", seed=9, humans=2)
        chooser.click("#create-button")
        chooser.wait_for_function("() => document.getElementById('create-error').textContent")
        error = chooser.text_content("#create-error") or ""
        assert "could know everyone's cards" in error and "only bots may sit with you" in error
        assert chooser.url == f"{server.url}/"
    finally:
        context.close()
    room = create_in_lobby(page, "sixtysix", seed=None, humans=2)
    assert data(page)["status"] == "waiting"
    invite = page.input_value("#invite")
    friend_context = browser.new_context(viewport={"width": 390, "height": 844})
    friend = friend_context.new_page()
    friend.goto(invite)
    friend.wait_for_selector("#join-name")
    friend.fill("#join-name", "Bo")
    friend.click("text=Sit at P2")
    friend.wait_for_function("() => document.body.dataset.seat === '1'")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    friend.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert friend.evaluate("() => document.documentElement.scrollWidth") <= 400
    friend.screenshot(path=str(artifacts / "phone-table.png"), full_page=True)
    watcher = friend_context.new_page()
    watcher.goto(f"{server.url}/table/{room}")
    watcher.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert friend_context.pages[0].evaluate("() => document.body.dataset.seat") == "1"
    friend_context.close()


def test_records_are_imported_and_downloaded_on_the_history_page(
        page: Any, browser: Any, server: Any, artifacts: Path, tmp_path: Path) -> None:
    game = tricktable.new_game("sixtysix", seed=21, options={"target": 1})
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    finished = tmp_path / "finished.json"
    tricktable.save_record(game, finished)
    page.goto("/history")
    page.set_input_files("#import-file", str(finished))
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_function("() => document.body.dataset.step === '0'")
    room = page.url.rsplit("/", 1)[1]
    page.goto("/history")
    page.wait_for_selector(f"tr[data-room='{room}']")
    shot(page, artifacts, "history-import")
    with page.expect_download() as download:
        page.click(f"tr[data-room='{room}'] >> text=Download record")
    assert tricktable.load_record(download.value.path()) == game.record()
    part = tmp_path / "part.json"
    tricktable.save_record(tricktable.replay(game.record(), upto=3), part)
    page.fill("#import-name", "Ann")
    page.set_input_files("#import-file", str(part))
    page.wait_for_url(re.compile(r"/table/"))
    # the seat is written at the hello, the version with the first state frame after it
    page.wait_for_function("() => document.body.dataset.seat === '0' && "
                           "document.body.dataset.version !== undefined")
    assert int(data(page)["version"]) >= 3
    # a refused upload logs a failed request: in a page of its own, not the checked one
    context = browser.new_context(base_url=server.url)
    try:
        other = context.new_page()
        other.goto("/history")
        damaged = tmp_path / "damaged.json"
        damaged.write_text(finished.read_text()[:-40])
        other.set_input_files("#import-file", str(damaged))
        other.wait_for_function("() => document.getElementById('import-error').textContent")
        error = other.text_content("#import-error") or ""
        assert error.startswith("damaged.json: the record is not valid JSON (damaged or cut")
    finally:
        context.close()


def test_a_finished_trick_stays_for_the_players_trick_pause(page: Any) -> None:
    create_in_lobby(page, "sixtysix", seed=3)
    page.select_option("#speed", "slow")  # 2.5 s; the page under test starts at "no pause"
    assert page.evaluate("() => localStorage.getItem('tricktable.speed')") == "slow"
    assert data(page)["speed"] == "slow"
    travel = "() => getComputedStyle(document.body).getPropertyValue('--travel').trim()"
    assert page.evaluate(travel) == "480ms"  # a card played travels in slowly too
    page.evaluate("""() => new MutationObserver(() => {
        if (document.querySelector('#trick .slot.arrive')) document.body.dataset.arrived = '1';
      }).observe(document.getElementById('board'), {childList: true, subtree: true})""")
    while not data(page).get("finishedFor"):
        assert wait_my_turn(page, 0)
        take_turn(page)
        page.wait_for_function("() => document.body.dataset.finishedFor"
                               " || document.body.dataset.myTurn === '1'")
    # the bots act within 0.02 s of a trick; their frames waited for the pause
    assert int(data(page)["finishedFor"]) >= 2400
    assert data(page).get("arrived") == "1", "no card travelled to the trick"


def test_my_games_are_listed_in_the_lobby(page: Any) -> None:
    room = create_in_lobby(page, "sixtysix", seed=None)
    page.goto("/")
    page.wait_for_function("() => document.body.dataset.mine !== undefined")
    row = page.locator(f"#my-rooms tr[data-room='{room}']")
    assert "Sixty-Six" in row.inner_text() and "P1 (Ann)" in row.inner_text()
    row.locator("text=Back to my seat").click()
    page.wait_for_url(re.compile(f"/table/{room}"))
    page.wait_for_function("() => document.body.dataset.seat === '0'")


def test_a_watchers_typed_name_survives_a_new_frame(page: Any, browser: Any,
                                                    server: Any) -> None:
    """The box to take a seat is drawn again with every frame; what a watcher has typed in
    it stays (it was wiped, and "Sit at P2" then asked for a name)."""
    create_in_lobby(page, "sixtysix", seed=None, humans=2)
    friend_context = browser.new_context(base_url=server.url)
    try:
        friend = friend_context.new_page()
        friend.goto(page.input_value("#invite"))
        friend.wait_for_selector("#join-name")
        friend.fill("#join-name", "Bo")
        friend.evaluate("() => { document.getElementById('join-name').dataset.old = '1'; }")
        page.reload()  # the host goes and comes back: every watcher is sent the table again
        friend.wait_for_function("() => !document.getElementById('join-name').dataset.old")
        assert friend.input_value("#join-name") == "Bo"
        friend.click("text=Sit at P2")
        friend.wait_for_function("() => document.body.dataset.seat === '1'")
    finally:
        friend_context.close()
