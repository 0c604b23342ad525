"""Pinochle's passing (options ``passing``, ``pass_count``): docs/rules-pinochle.md, "Passing".

Deals are *blocks* (North every spade, East every heart, South every
diamond, West every club); North speaks first and wins at 21, so South is
the partner who passes first. Expected hands and meld are worked out here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable import GameState, IllegalAction, Phase
from tricktable.engine.rules import OptionError

RANKS = ["A", "10", "K", "Q", "J", "9"]
BLOCKS = [" ".join(f"{r}{s} {r}{s}" for r in RANKS) for s in "SHDC"]


def phase(game: GameState) -> Phase:
    return game.phase


def named(trump: str = "S", **options: Any) -> GameState:
    """North (first to speak) wins at 21 and names ``trump``; passing on unless told."""
    options.setdefault("passing", True)
    deal = {"dealer": 3, "hands": [block.split() for block in BLOCKS]}
    game = tricktable.new_game("pinochle", deal=deal, options=options)
    game.apply("bid 21")
    while phase(game) is Phase.BID:
        game.apply("pass")
    game.apply(f"trump {trump}")
    return game


def give(game: GameState, *cards: str) -> None:
    for card in cards:
        game.apply(f"give {card}")


def test_without_the_option_there_is_no_passing() -> None:
    game = named(passing=False)
    assert phase(game) is Phase.PLAY and game.view(0)["pass_count"] == 0
    with pytest.raises(IllegalAction, match="option passing"):
        game.apply("give AS")


def test_the_partner_passes_first_then_the_bidder_passes_back() -> None:
    game = named()
    assert phase(game) is Phase.PASS and game.to_move == 2
    assert game.prompt(2) == "Pass 3 cards to your partner (N), one at a time: 3 to go"
    assert {a.text for a in game.legal_actions()} == {f"give {c}" for c in
                                                     ("A♦", "10♦", "K♦", "Q♦", "J♦", "9♦")}
    with pytest.raises(IllegalAction, match="it is time to pass a card, not to play"):
        game.apply("play AD")
    give(game, "JD", "JD")
    assert game.to_move == 2 and game.view(0)["hand_sizes"] == [12, 12, 10, 12]
    give(game, "AD")
    assert game.to_move == 0 and phase(game) is Phase.PASS
    assert game.view(0)["hand_sizes"] == [15, 12, 9, 12]
    assert game.prompt(0) == "Pass 3 cards back to your partner (S), one at a time: 3 to go"
    with pytest.raises(IllegalAction, match="you do not hold 9♥"):
        game.apply("give 9H")
    give(game, "9S", "9S", "AD")  # a card just received may go back
    assert phase(game) is Phase.PLAY and game.to_move == 0
    assert game.view(0)["hand_sizes"] == [12, 12, 12, 12]


def test_meld_is_counted_after_both_passes() -> None:
    game = named()
    give(game, "JD", "JD", "AD")
    give(game, "9S", "9S", "AD")
    # North: A 10 K Q J of spades twice and J♦ J♦: double run 150, double pinochle 30.
    # South: A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦ Q♦ 9♦ 9♦ 9♠ 9♠: two marriages 4, two dix 2.
    # East and West, untouched: two marriages each, 4.
    meld = game.view(1)["meld"]
    assert [p["total"] for p in meld["players"]] == [180, 4, 6, 4]
    assert meld["teams"] == [186, 8]
    assert sorted(game.view(0)["hand"]) == sorted(
        ["A♠", "A♠", "10♠", "10♠", "K♠", "K♠", "Q♠", "Q♠", "J♠", "J♠", "J♦", "J♦"])


def test_passed_cards_are_seen_by_giver_and_receiver_only() -> None:
    game = named()
    give(game, "JD", "JD")
    assert game.view(2)["passed"] == ["J♦", "J♦"]
    assert game.view(0)["received"] == []  # not picked up until all three are passed
    give(game, "AD")
    views = {seat: game.view(seat) for seat in (0, 1, 2, 3, None)}
    assert views[0]["received"] == ["A♦", "J♦", "J♦"] and views[0]["received_from"] == 2
    assert views[2]["passed"] == ["A♦", "J♦", "J♦"] and views[2]["pass_to"] == 0
    for viewer in (1, 3):
        assert views[viewer]["passed"] == [] and views[viewer]["received"] == []
    assert "passed" not in views[None] and views[None]["pass_count"] == 3
    for viewer in (1, 3, None):
        assert not any("J♦" in line for line in game.events(viewer))
    assert any("you receive A♦ J♦ J♦ from S" in line for line in game.events(0))
    # South knows where its cards went; East does not
    j_diamonds = {c for c in range(48) if tricktable.find_game("pinochle").deck.text(c) == "J♦"}
    hidden_south = game.hidden_from(2)
    assert not any(hidden_south >> c & 1 for c in j_diamonds)
    assert all(game.hidden_from(1) >> c & 1 for c in j_diamonds)


def test_worlds_keep_what_each_seat_knows_of_the_passing() -> None:
    game = named()
    give(game, "JD", "JD", "AD", "9S")  # North is passing back: one card on its way
    rng = random.Random(3)
    for seat in range(4):
        for _ in range(5):
            world = game.world(seat, rng)
            assert world.view(seat) == game.view(seat)
    world = game.world(2, rng)  # South passed J♦ J♦ A♦ and sees none of it come back yet
    assert (world.hands[0].bit_count(), world.outgoing.bit_count()) == (14, 1)


def test_pass_count_four_and_the_limits_of_the_options() -> None:
    game = named(pass_count=4)
    give(game, "JD", "JD", "AD", "AD")
    assert game.to_move == 0 and game.view(0)["hand_sizes"] == [16, 12, 8, 12]
    with pytest.raises(OptionError, match="'pass_count' must be one of 3, 4, not 5"):
        tricktable.new_game("pinochle", options={"passing": True, "pass_count": 5})
    with pytest.raises(OptionError, match="'passing' must be true or false"):
        tricktable.new_game("pinochle", options={"passing": "yes"})


def test_a_dealer_stuck_at_20_may_still_throw_it_in_before_any_passing() -> None:
    deal = {"dealer": 3, "hands": [block.split() for block in BLOCKS]}
    game = tricktable.new_game("pinochle", deal=deal, options={"passing": True})
    for _ in range(3):
        game.apply("pass")
    assert game.to_move == 3 and "throw" in {a.text for a in game.legal_actions()}
    game.apply("throw")
    assert game.is_over and game.results[-1].extras["thrown_in"]


def test_bots_pass_sensibly() -> None:
    from tricktable.bots import make_bot
    game = named()
    bot = make_bot("heuristic", "pinochle")
    action = bot.choose(game.view(2), game.legal_actions())
    assert action.text == "give A♦"  # no trump to give: an ace is worth most to the bidder
    give(game, "AD", "AD", "10D")
    action = bot.choose(game.view(0), game.legal_actions())
    assert action.text == "give 10♦"  # the bidder returns what it needs least, never trump
