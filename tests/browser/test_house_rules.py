"""House rules at the table, made in the lobby from a preset or a custom option: Rook's
low boy (the bidder's partner sits out, its cards face down) and no trump, the Kentucky
discard's 5-card nest, Pinochle's passing (how many cards, and to whom) and Schnapsen's
announcing (the player's own taken tricks and points are not shown). Each state is checked
by axe-core too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .table_helpers import (
    act,
    create_in_lobby,
    data,
    hand_end_open,
    shot,
    take_turn,
    wait_my_turn,
)
from .test_every_game import axe_violations


def text(page: Any, selector: str) -> str:
    """The text of an element as one line (the page breaks lines between its chips)."""
    return " ".join(page.inner_text(selector).split())


def options_of(page: Any, room: str) -> dict[str, Any]:
    found: dict[str, Any] = page.request.get(f"/api/rooms/{room}").json()["options"]
    return found


def bid_until_won(page: Any) -> None:
    """Bid the lowest amount at every turn of the auction (the seeds used let it win)."""
    while wait_my_turn(page, 0) and data(page)["phase"] == "bid":
        act(page, page.locator("#controls [data-kind='bid'] button.pick").first)


def play_out(page: Any) -> None:
    while wait_my_turn(page, 0) and not hand_end_open(page):
        take_turn(page)
    page.wait_for_selector("#hand-end")


def check_low_boy_summary(page: Any, bidder: str) -> str:
    """The end of a low boy hand says what decided it (whether the bidder took a trick, and
    at which, as the summary's own trick list shows) and no card points (none count):
    returns the outcome's words."""
    outcome = text(page, "#hand-end .outcome")
    heads = [h.strip() for h in page.locator("#hand-end-table thead th").all_inner_texts()]
    assert heads == ["Side", "Tricks", "This hand", "Score"], heads  # no "Card points"
    side = "N/S" if bidder in ("N", "S") else "E/W"
    row = page.locator(f"#hand-end-table tbody tr:has(th:text-is('{side}'))")
    change = row.locator("td").nth(1).inner_text()
    winners = page.locator("#trick-history tbody tr td:last-child").all_text_contents()
    if bidder in winners:
        first = winners.index(bidder) + 1
        assert outcome.endswith(f"{bidder} took a trick at trick {first}: -200"), outcome
        assert change == "-200"
    else:
        assert outcome.endswith(f"{bidder} took no trick: +200"), outcome
        assert change == "+200"
    assert outcome.startswith("low boy, ")  # the contract, then what decided it
    return outcome


def test_rook_low_boy_made_in_the_lobby_sits_the_partner_out(page: Any,
                                                             artifacts: Path) -> None:
    room = create_in_lobby(page, "rook", seed=1, options={"low_boy": "true"})
    assert options_of(page, room)["low_boy"] is True
    problems = {}
    assert wait_my_turn(page, 0) and data(page)["phase"] == "bid"
    low_boy = page.locator("#controls [data-kind='lowboy'] button")
    assert low_boy.inner_text().endswith("low boy")  # in words, after its key number
    assert "low boy" in page.inner_text("#prompt")
    shot(page, artifacts, "house-rook-lowboy-1-bid")
    problems["bid"] = axe_violations(page)
    act(page, low_boy)
    assert wait_my_turn(page, 0) and data(page)["phase"] == "discard"
    act(page, page.locator("#hand button.card.legal").first)
    assert data(page)["phase"] == "trump"
    no_trump = page.locator("#controls [data-action='notrump']")
    assert no_trump.inner_text().endswith("no trump")
    act(page, no_trump)
    assert wait_my_turn(page, 0) and data(page)["phase"] == "play"
    partner = page.locator("[data-seatbox='2']")
    assert "sits-out" in (partner.get_attribute("class") or "")
    assert "sits out this hand" in partner.inner_text()
    assert "its cards lie face down" in partner.inner_text()
    assert partner.locator(".card.back").count() == 1  # its cards, face down
    for other in (1, 3):
        assert "sits out" not in page.locator(f"[data-seatbox='{other}']").inner_text()
    assert "Bid low boy by N" in text(page, "#infobar")
    assert "Trump no trump" in text(page, "#infobar")
    shot(page, artifacts, "house-rook-lowboy-2-play")
    problems["play"] = axe_violations(page)
    play_out(page)
    check_low_boy_summary(page, "N")
    shot(page, artifacts, "house-rook-lowboy-4-hand-end")
    problems["hand end"] = axe_violations(page)
    assert not {k: v for k, v in problems.items() if v}


def test_a_player_whose_partner_bids_low_boy_sits_out(page: Any, artifacts: Path) -> None:
    """Seed 79: after this player's passes, its partner's bot (S) bids low boy and wins it;
    the hand is then played slowly enough to look at (the slow trick pause)."""
    create_in_lobby(page, "rook", seed=79, options={"low_boy": "true"})
    page.select_option("#speed", "slow")
    while True:
        page.wait_for_function("() => document.body.dataset.myTurn === '1'"
                               " || document.body.dataset.phase !== 'bid'")
        if data(page)["phase"] != "bid":
            break
        act(page, page.locator("#controls [data-action='pass']"))
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert page.inner_text("#prompt") == ("You sit out: your partner plays low boy alone; "
                                         "your cards stay face down")
    assert "sits-out" in (page.get_attribute("#hand", "class") or "")
    assert "sits-out" in (page.get_attribute("[data-seatbox='0']", "class") or "")
    assert page.locator("#hand button.card.legal").count() == 0
    assert "Bid low boy by S" in text(page, "#infobar")
    shot(page, artifacts, "house-rook-lowboy-3-sitting-out")
    assert axe_violations(page) == []
    page.select_option("#speed", "fast")
    page.wait_for_selector("#hand-end", timeout=60_000)
    check_low_boy_summary(page, "S")
    shot(page, artifacts, "house-rook-lowboy-5-partner-hand-end")
    assert axe_violations(page) == []


def test_rook_no_trump_named_at_the_table(page: Any, artifacts: Path) -> None:
    room = create_in_lobby(page, "rook", seed=2, options={"no_trumps": "true"})
    assert options_of(page, room)["no_trumps"] is True
    bid_until_won(page)
    act(page, page.locator("#hand button.card.legal").first)  # the discard
    assert "or no trump" in page.inner_text("#prompt")
    problems = {"trump": axe_violations(page)}
    act(page, page.locator("#controls [data-action='notrump']"))
    assert wait_my_turn(page, 0) and data(page)["phase"] == "play"
    assert "Trump no trump" in text(page, "#infobar")
    shot(page, artifacts, "house-rook-no-trump-play")
    problems["play"] = axe_violations(page)
    play_out(page)
    assert "no trump by N" in text(page, "#hand-end")
    assert not {k: v for k, v in problems.items() if v}


def test_kentucky_discard_preset_discards_five(page: Any, artifacts: Path) -> None:
    room = create_in_lobby(page, "rook", seed=3, preset="kentucky-discard")
    options = options_of(page, room)
    assert options["nest"] == 5 and options["rook_rank"] == "highest"
    assert options["discard_points"] == "last_trick"
    assert wait_my_turn(page, 0)
    assert page.locator("#hand button.card").count() == 13
    assert "Nest 5 cards face down" in text(page, "#infobar")
    bid_until_won(page)
    assert page.locator("#hand button.card").count() == 18  # the nest of 5 taken up
    problems = {"discard": axe_violations(page)}
    shot(page, artifacts, "house-rook-kentucky-discard")
    assert page.locator("#hand button.card.dim").count() == 0  # counters too: any card
    for left in range(5, 0, -1):
        assert data(page)["phase"] == "discard"
        assert text(page, "#prompt") == (f"Discard 5 cards, one at a time ({left} to go): any "
                                         "card; the discard's counters go to the last trick's "
                                         "taker")
        act(page, page.locator("#hand button.card.legal").first)
    assert data(page)["phase"] == "trump" and page.locator("#hand button.card").count() == 13
    assert page.locator("#extras .card").count() >= 10  # took 5 from the nest, discarded 5
    act(page, page.locator("#controls [data-kind='trump'] button").first)
    play_out(page)
    shot(page, artifacts, "house-rook-kentucky-end")
    assert page.locator("#hand-end .card").count() >= 5  # the discard, shown at the end
    problems["hand end"] = axe_violations(page)
    assert not {k: v for k, v in problems.items() if v}


def test_pinochle_passing_says_how_many_and_to_whom(page: Any, artifacts: Path) -> None:
    room = create_in_lobby(page, "pinochle", seed=1, options={"passing": "true"})
    assert options_of(page, room)["passing"] is True
    bid_until_won(page)
    act(page, page.locator("#controls [data-kind='trump'] button").first)
    assert wait_my_turn(page, 0) and data(page)["phase"] == "pass"  # partner S passed first
    assert page.locator("#hand button.card").count() == 15
    problems = {"pass": axe_violations(page)}
    shot(page, artifacts, "house-pinochle-passing")
    for left in (3, 2, 1):
        assert page.inner_text("#prompt") == (f"Pass 3 cards back to your partner (S), one at "
                                              f"a time: {left} to go")
        act(page, page.locator("#hand button.card.legal").first)
    assert wait_my_turn(page, 0) and data(page)["phase"] == "play"
    assert page.locator("#hand button.card").count() == 12
    play_out(page)
    assert not {k: v for k, v in problems.items() if v}


def until_a_trick_is_won(page: Any) -> None:
    """Play until this player (P1) has taken a trick."""
    while wait_my_turn(page, 0):
        if int(page.locator("#score-table tbody tr").first.locator("td").nth(1).inner_text()):
            return
        take_turn(page)
    raise AssertionError("the hand ended before P1 took a trick: choose another seed")


def test_schnapsen_hides_the_announcers_points(page: Any, artifacts: Path) -> None:
    """The standard game shows the running points; Schnapsen (announce) does not, and
    offers the announcement instead."""
    create_in_lobby(page, "sixtysix", seed=3)
    until_a_trick_is_won(page)
    assert "Points (hand ends at 66) P1 " in text(page, "#infobar")
    room = create_in_lobby(page, "sixtysix", seed=3, preset="schnapsen")
    options = options_of(page, room)
    assert options["announce"] is True and options["short_deck"] is True
    until_a_trick_is_won(page)
    bar = text(page, "#infobar")
    assert "Points not shown: announce 66 when you have it, from memory" in bar
    assert "hand ends at 66" not in bar
    assert page.locator("#controls [data-action='announce']").count() == 1
    shot(page, artifacts, "house-schnapsen-play")
    problems = {"play": axe_violations(page)}
    play_out(page)
    assert not {k: v for k, v in problems.items() if v}
