"""The terminal table of every game: what it shows, what it hides, and at phone width."""

from __future__ import annotations

import ast
import io
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

import tricktable
from tricktable import Action, GameState, HandResult
from tricktable.bots import make_bot, play_game
from tricktable.bots.hints import Hint
from tricktable.cli import main
from tricktable.cli.common import Seating
from tricktable.cli.play import Session
from tricktable.cli.render import value_text
from tricktable.cli.screens import screen_for
from tricktable.cli.summary import hand_summary
from tricktable.cli.table import plays_text
from tricktable.cli.turn import advice_lines, default_prompt, guide_advice, prompt_for
from tricktable.engine.views import SEAT_KINDS, keys_of_kind

WIDTHS = (100, 60)  # a wide terminal and a phone
CASES: list[tuple[str, int | None, dict[str, Any]]] = [
    ("rook", None, {}),
    ("pinochle", None, {}),
    ("notrump", 4, {}),
    ("notrump", 3, {}),
    ("sixtysix", None, {}),
    ("bidder", 4, {"contra": True, "knocking": True}),
    ("bidder", 5, {"contra": True, "knocking": True}),
]
EAGER = ("close", "marry", "call", "contra", "knock", "exchange", "null")
"""Action kinds the test's player takes whenever it may, to reach every line."""


def render(item: Any, width: int) -> str:
    out = Console(width=width, record=True, file=io.StringIO(), markup=False,
                  highlight=False, emoji=False)
    out.print(item)
    return out.export_text()


def choose(game: GameState, rng: random.Random) -> Action:
    legal = game.legal_actions()
    eager = [a for a in legal if a.kind in EAGER]
    return eager[0] if eager and rng.random() < 0.7 else rng.choice(legal)


def shown_cards(text: str, game: GameState) -> set[str]:
    """The card texts in ``text``, but the heading and the prompt (they name the game)."""
    lines = text.split("▶ Your turn")[0].splitlines()[1:]
    known = {game.deck.text(card) for card in range(len(game.deck))}
    words = re.split(r"[\s(),:;]+", "\n".join(lines))
    return {word for word in words if word in known}


def screens_of_a_hand(name: str, players: int | None, options: dict[str, Any],
                      seed: int = 2) -> tuple[GameState, dict[str, list[str]]]:
    """Play one hand; at every turn draw the table for the seat to move, at both widths.
    Each drawing is checked for hidden cards. Returns the drawings by phase."""
    game = tricktable.new_game(name, seed=seed, players=players, options=options)
    screen, seating, rng = screen_for(game), Seating.of(game), random.Random(seed)
    drawn: dict[str, list[str]] = {}
    while not game.results:
        seat = game.to_move
        assert seat is not None
        prompt = prompt_for(game, seat)
        hidden = game.hidden_from(seat)
        visible = {game.deck.text(c) for c in range(len(game.deck)) if not hidden >> c & 1}
        for width in WIDTHS:
            text = render(screen(game.view(seat), seating, prompt), width)
            assert max(len(line) for line in text.splitlines()) <= width
            assert "…" not in text, f"a cut cell at {width} columns:\n{text}"
            leaked = shown_cards(text, game) - visible
            assert not leaked, f"{name}: seat {seat} is shown {leaked} in\n{text}"
            drawn.setdefault(str(game.phase), []).append(text)
        game.apply(choose(game, rng))
    return game, drawn


@pytest.mark.parametrize(("name", "players", "options"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_every_turn_shows_the_common_table_and_no_hidden_card(
        name: str, players: int | None, options: dict[str, Any]) -> None:
    game, drawn = screens_of_a_hand(name, players, options)
    for texts in drawn.values():
        for text in texts:
            assert text.startswith("─") and game.title in text.splitlines()[0]
            assert "you are" in text and "Scores" in text and "▶ Your turn" in text
    play = "\n".join(drawn["play"])
    assert "Your hand:" in play and "This trick:" in play and "Last trick:" in play
    summary = render(hand_summary(game.results[0], Seating.of(game), 1, 0), 60)
    assert summary.startswith("Hand 1: ") and "Score" in summary and "…" not in summary
    tricks = game.results[0].trick_history  # every trick of the hand, one numbered row each
    assert "Every trick" in summary if tricks else "Every trick" not in summary
    rows = [line.split() for line in summary.split("Every trick", 1)[-1].splitlines()]
    assert [row[0] for row in rows if row and row[0].isdigit()] == [
        str(n) for n in range(1, len(tricks) + 1)]
    for line in (line for text in drawn["play"] for line in text.splitlines()):
        assert "Your turn" not in line or len(line.split("Your turn", 1)[1].strip()) > 5


def all_text(drawn: dict[str, list[str]]) -> str:
    return "\n".join(text for texts in drawn.values() for text in texts)


def test_rook_shows_bidding_nest_discard_and_contract() -> None:
    _, drawn = screens_of_a_hand("rook", None, {})
    bid = "\n".join(drawn["bid"])
    assert "Bidding:" in bid and "Nest: 1 face down" in bid
    assert "Bid 70 to 200 in fives, or pass" in bid
    discard = "\n".join(drawn["discard"])
    assert "You took from the nest:" in discard and "trump not named yet" in discard
    assert "Choose a card to discard: counters" in discard
    assert "Name trump: Red, Green, Yellow or Black" in "\n".join(drawn["trump"])
    play = "\n".join(drawn["play"])
    assert re.search(r"Contract: [NESW] \d+ · trump (Red|Green|Yellow|Black)", play)
    assert "You discarded:" in play  # the bidder's own view
    assert re.search(r"(Red|Green|Yellow|Black) \(trump\)", play)


def test_pinochle_shows_guide_meld_box_and_trick_points() -> None:
    _, drawn = screens_of_a_hand("pinochle", None, {})
    bid = "\n".join(drawn["bid"])
    assert "Beginner's guide" in bid and "suggested bid" in bid
    assert "Bid 21 to 100, or pass" in bid or "Bid " in bid
    play = "\n".join(drawn["play"])
    assert "Beginner's guide" not in play  # the guide is for the bidding only
    assert "Meld laid down" in play
    assert re.search(r"Side\s+Score\s+Tricks\s+Meld", play)  # a score column
    assert "Trick points" in play and "(deals)" in play  # the seed's box: dealer marked
    assert re.search(r"Contract: [NESW] \d+ · trump [♠♥♦♣]", play)


@pytest.mark.parametrize("players", [4, 3])
def test_notrump_shows_contract_markers_passing_and_trumps(players: int) -> None:
    _, drawn = screens_of_a_hand("notrump", players, {})
    text = all_text(drawn)
    assert "Choose the contract: notrump (12)" in "\n".join(drawn["contract"])
    assert "Set your trump marker face down" in "\n".join(drawn["marker"])
    passing = "\n".join(drawn["pass"])
    assert re.search(r"Passing: 3 cards to the (left|right): you pass to", passing)
    assert re.search(r"Pass 3 cards to \S+, one at a time: [123] to go", passing)
    assert "Your marker:" in passing and "marker, face down" not in all_text(drawn)
    play = "\n".join(drawn["play"])
    assert "You passed:" in play and "You received:" in play
    assert "Contract:" in text and "(worth " in text
    assert "Trump calls:" in play and re.search(r"Tricks +Trump *\n", play)  # each team's trump
    if players == 3:
        assert "(turned up)" in play


def test_sixtysix_shows_stock_closing_marriages_and_game_points() -> None:
    _, drawn = screens_of_a_hand("sixtysix", None, {})
    play = "\n".join(drawn["play"])
    assert "Scores (game to 7)" in play
    assert re.search(r"Stock: \d+ cards, \S+ turned up under it", play)
    assert "Points this hand" in play
    assert "closed by" in play and "follow suit from now on" in play
    assert "close the stock" in play


def test_sixtysix_marriage_is_shown_with_its_points() -> None:
    for seed in range(2, 40):
        _, drawn = screens_of_a_hand("sixtysix", None, {}, seed=seed)
        play = "\n".join(drawn["play"])
        if "Marriages:" in play:
            assert re.search(r"Marriages: P[12] [♠♥♦♣] points (20|40)", play)
            return
    pytest.fail("no marriage in 38 hands")


@pytest.mark.parametrize("players", [4, 5])
def test_bidder_shows_knocks_null_contra_and_left_over(players: int) -> None:
    _, drawn = screens_of_a_hand("bidder", players, {"contra": True, "knocking": True})
    text = all_text(drawn)
    assert "Knock to double the hand's stake, or pass" in "\n".join(drawn["knock"])
    assert re.search(r"Knocks: \d by [NESWP1-5, ]+: each doubles the stake", text)
    assert "Contract:" in text and "null" in text
    assert re.search(r"Contra: declared by \S+: the stake is doubled", text)
    assert ("Left over, out of play:" in text) == (players == 5)


def test_the_table_fits_a_phone_without_cut_cards() -> None:
    game = tricktable.new_game("pinochle", seed=3)
    view = game.view(game.to_move or 0)
    text = render(screen_for(game)(view, Seating.of(game), prompt_for(game, game.to_move or 0)),
                  60)
    for card in view["hand"]:
        assert card in text
    assert "…" not in text


def test_prompt_is_for_the_seat_to_move_only() -> None:
    for name in ("rook", "pinochle", "notrump", "sixtysix", "bidder"):
        game = tricktable.new_game(name, seed=1)
        mover = game.to_move or 0
        own_prompt = getattr(game, "prompt", None)
        assert callable(own_prompt) and own_prompt((mover + 1) % game.players) is None
        assert prompt_for(game, mover)


def test_default_prompt_comes_from_the_legal_actions() -> None:
    game = tricktable.new_game("notrump", seed=1)
    assert default_prompt(game.legal_actions(), game.table.arg_types) == \
        "Notrump, contract ♠, ♦, ♥ or ♣, or pass"
    rook = tricktable.new_game("rook", seed=1)
    assert default_prompt(rook.legal_actions(), rook.table.arg_types) == "Pass, or bid 70 to 200"


def pinochle_at_bid() -> tuple[GameState, dict[str, Any]]:
    game = tricktable.new_game("pinochle", seed=5)
    return game, game.view(game.to_move or 0)


def test_beginner_guide_advice_is_a_legal_action_within_the_top_bid() -> None:
    game, view = pinochle_at_bid()
    legal = game.legal_actions()
    advice = guide_advice(view, screen_for(game).declared, legal)
    assert advice is not None and advice.action in legal
    top = max(row["suggested_bid"] for row in view["beginner"].values())
    if advice.action.kind == "bid":
        assert (advice.action.arg or 0) <= top and f"your top bid is {top}" in advice.reason
    else:
        assert all((a.arg or 0) > top for a in legal if a.kind == "bid")


def test_guide_and_hints_are_labelled_and_a_disagreement_is_explained() -> None:
    game, view = pinochle_at_bid()
    advice = guide_advice(view, screen_for(game).declared, game.legal_actions())
    assert advice is not None
    other = "pass" if advice.action.text != "pass" else "bid 99"
    text = render(advice_lines(advice, [Hint(other, 1.5, "sampled")]), 100)
    assert f"Beginner's guide says: {advice.action.text}" in text
    assert "Strong bot's hints" in text and f"hint 1: {other}" in text
    assert "The guide and the search differ" in text
    same = render(advice_lines(advice, [Hint(advice.action.text, 1.5, "sampled")]), 100)
    assert "differ" not in same


def test_no_guide_advice_without_a_guide() -> None:
    game = tricktable.new_game("rook", seed=1)
    view = game.view(game.to_move or 0)
    assert guide_advice(view, screen_for(game).declared, game.legal_actions()) is None


def test_hand_summary_says_made_or_set_by_how_much_and_the_discard() -> None:
    seating = Seating(["N", "E", "S", "W"], [[0, 2], [1, 3]])
    result = HandResult(
        hand=1, dealer=2, declarer=3, contract="200 Black", made=False, margin=-75,
        seat_tricks=(2, 2, 3, 7), tricks=(5, 9), card_points=(75, 125), points=(75, 125),
        deltas=(75, -200), scores=(75, -200), outcome="set by 75: 125 of the 200 bid",
        last_trick={"cards": [{"seat": 3, "card": "B7"}, {"seat": 0, "card": "R13"}],
                    "winner": 3}, extras={"discard": ["B8"], "renege": None})
    text = render(hand_summary(result, seating, 1, seat=0), 60)
    assert "Hand 1: W 200 Black: set by 75" in text
    assert re.search(r"N/S\s+5\s+75\s+\+75\s+75", text)
    assert re.search(r"E/W\s+9\s+125\s+-200\s+-200", text)
    assert "Last trick: W B7  N R13   won by W" in text and "Discard: B8" in text


def test_hand_summary_counts_meld_and_takes_the_last_trick_from_the_session() -> None:
    seating = Seating(["N", "E", "S", "W"], [[0, 2], [1, 3]])
    result = HandResult(
        hand=2, dealer=2, declarer=3, contract="25 ♣", made=True, margin=2,
        seat_tricks=(3, 2, 4, 3), tricks=(7, 5), card_points=(15, 9), points=(24, 27),
        meld=(9, 18), deltas=(24, 27), scores=(24, 27), outcome="made: 27 of the 25 bid",
        extras={"meld_counted": [9, 18]})
    last = {"cards": [{"seat": 1, "card": "A♠"}], "winner": 1}
    text = render(hand_summary(result, seating, 2, last_trick=last), 60)
    assert "Hand 2: W 25 ♣: made: 27 of the 25 bid" in text and "Meld" in text
    assert "Points" in text and "Meld counted" not in text  # the same as the meld: once
    assert "Last trick: E A♠   won by E" in text


@pytest.mark.parametrize(("name", "players"), [("rook", "4"), ("pinochle", "4"),
                                               ("notrump", "3"), ("sixtysix", "2"),
                                               ("bidder", "5")])
def test_play_shows_each_step_and_a_summary_after_each_hand(name: str, players: str) -> None:
    result = CliRunner().invoke(main, ["play", name, "--seed", "4", "--bots", "random",
                                       "--players", players], input="1\n" * 400,
                                env={"COLUMNS": "60"})
    assert "Traceback" not in result.output
    out = result.output
    turns = [line for line in out.splitlines() if line.startswith("▶ Your turn")]
    assert turns and all(len(line) <= 60 for line in turns)  # wrapped, on a phone too
    assert "▶ Your turn" in out and "Legal actions:" in out
    assert re.search(r"^Hand 1: ", out, re.MULTILINE)
    assert "Last trick:" in out.split("Hand 1: ", 1)[1]
    assert "Press Enter" not in out  # piped input: no pause between hands


def test_the_terminal_code_names_no_game() -> None:
    """Outside docstrings (and their examples), cli/ never names a game."""
    game_names = set(tricktable.games())
    assert {"rook", "bidder"} <= game_names
    for path in sorted((Path(tricktable.__file__).parent / "cli").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and id(node) not in docstrings:
                assert not (isinstance(node.value, str)
                            and node.value.lower() in game_names), (path.name, node.value)


def test_a_trick_marks_each_card_s_flags_beside_it() -> None:
    seating = Seating(["N", "E", "S", "W"], [[0, 2], [1, 3]])
    plays = [{"seat": 2, "card": "10♦", "trump": True}, {"seat": 3, "card": "9♣"},
             {"seat": None, "card": "9♦", "turned_up": True}]
    assert str(plays_text(plays, seating)) == "S 10♦ (trump)  W 9♣  - 9♦ (turned up)"


def test_hand_summary_drops_a_column_equal_to_tricks_and_shows_set_flags() -> None:
    seating = Seating(["P1", "P2", "P3"], [[0], [1], [2]])
    result = HandResult(
        hand=3, dealer=2, declarer=0, contract="4 ♥", made=False, margin=-2,
        seat_tricks=(2, 3, 5), tricks=(2, 3, 5), card_points=(2, 3, 5), points=(2, 3, 5),
        deltas=(-8, 4, 4), scores=(-8, 4, 4), outcome="set: 2 tricks of 4")
    text = render(hand_summary(result, seating, 3), 60)
    assert "Hand 3: P1 4 ♥: set: 2 tricks of 4" in text
    assert "Card pts" not in text and "Tricks" in text
    flagged = render(hand_summary(replace(result, extras={"contra": True, "knocks": 2}),
                                  seating, 3), 60)
    assert "\nContra\n" in flagged and "Knocks" not in flagged  # a number may be a seat


class _ViewPromptGame:
    """A stand-in for a game that says what to do only through its view."""

    table = tricktable.new_game("rook", seed=1).table

    def view(self, seat: int) -> dict[str, Any]:
        return {"prompt": "Do the thing"}

    def legal_actions(self) -> list[Action]:
        return []


def test_prompt_falls_back_to_the_view_s_prompt() -> None:
    game: Any = _ViewPromptGame()
    assert prompt_for(game, 0) == "Do the thing"


@pytest.mark.parametrize("interactive", [True, False])
def test_the_summary_waits_for_enter_only_when_a_person_types(interactive: bool) -> None:
    game = tricktable.new_game("sixtysix", seed=3)
    bots = [make_bot("random", "sixtysix", seat) for seat in range(2)]
    while not game.results:
        game.apply(random.Random(len(game.history)).choice(game.legal_actions()))
    out = Console(width=60, record=True, file=io.StringIO())
    session = Session(game, 0, {1: bots[1]}, out)
    session.interactive = interactive
    asked: list[str] = []
    session.ask = lambda prompt: asked.append(prompt) or ""  # type: ignore[method-assign]
    session.show_results()
    assert "Hand 1: " in out.export_text()
    assert asked == (["Press Enter for the next hand "] if interactive else [])
    play_game(game, bots)
    session.show_results()  # the last hand: the game is over, nothing to wait for
    assert asked == (["Press Enter for the next hand "] if interactive else [])


def test_beginner_guide_names_the_trump_with_the_highest_top_bid() -> None:
    game = tricktable.new_game("pinochle", seed=5)
    while str(game.phase) == "bid":
        legal = game.legal_actions()
        mover = game.to_move
        game.apply(next(a for a in legal if a.kind == ("bid" if mover == 0 else "pass")))
    assert str(game.phase) == "trump" and game.to_move == 0
    view = game.view(0)
    advice = guide_advice(view, screen_for(game).declared, game.legal_actions())
    best = max(view["beginner"], key=lambda suit: view["beginner"][suit]["suggested_bid"])
    assert advice is not None and advice.action.text == f"trump {best}"


def test_a_number_that_could_be_a_bid_is_explained_under_the_list() -> None:
    result = CliRunner().invoke(main, ["play", "bidder", "--seed", "1", "--bots", "random"],
                                input="quit\n\n")
    assert "A number alone picks from the list: 6 is 'bid 8'; to bid 6, type 'bid 6'." \
        in result.output
    rook = CliRunner().invoke(main, ["play", "rook", "--seed", "1", "--bots", "random"],
                              input="quit\n\n")
    assert "A number alone picks" not in rook.output


@pytest.mark.parametrize("name", tricktable.games())
def test_seats_are_named_by_the_keys_the_game_declares_as_seats(name: str) -> None:
    """The terminal reads which keys hold seats from the game's declared view and result
    keys (no list of its own): each one shows a seat's name."""
    game = tricktable.new_game(name, seed=1)
    seating = Seating.of(game)
    cls = type(game)
    declared = keys_of_kind({**cls.view_keys, **cls.result_keys}, SEAT_KINDS)
    assert seating.seat_keys == frozenset(declared) and "dealer" in declared
    for key in declared:
        assert str(value_text(key, 1, seating)) == game.seat_name(1), key
    assert str(value_text("scores", 1, seating)) == "1"  # a number, not a seat
