"""Pinochle's tens count (option ``tens``): docs/rules-pinochle.md, "The tens count".

Every figure of the seed's game times 10: counters 10 each (240 a hand),
meld values, the assumed bid 200, bids 210 to 1000 in steps of 10, the meld
bid's jump, the throw-in, the last trick, the target and the loss limit.
Deals are *blocks* (North every spade, East every heart, South every
diamond, West every club); expected figures are worked out here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable import GameState, IllegalAction, Phase

RANKS = ["A", "10", "K", "Q", "J", "9"]
BLOCKS = [" ".join(f"{r}{s} {r}{s}" for r in RANKS) for s in "SHDC"]


def blocks(**options: Any) -> GameState:
    deal = {"dealer": 3, "hands": [block.split() for block in BLOCKS]}
    return tricktable.new_game("pinochle", deal=deal, options={"tens": True, **options})


def test_bids_start_at_210_and_go_in_tens() -> None:
    game = blocks()
    view = game.view(0)
    assert (view["assumed_bid"], view["high_bid"], view["scale"]) == (200, 200, 10)
    bids = [a.arg for a in game.legal_actions() if a.kind == "bid"]
    assert bids == list(range(210, 1001, 10))
    assert game.prompt(0) == "Bid 210 to 1000 in steps of 10, or pass"
    for wrong in ("bid 21", "bid 215", "bid 1010"):
        with pytest.raises(IllegalAction, match="a bid is 210 to 1000 in steps of 10"):
            game.apply(wrong)
    seed_game = tricktable.new_game("pinochle", seed=1)
    with pytest.raises(IllegalAction, match=r"a bid is 21 to 100 in steps of 1 .*option tens"):
        seed_game.apply("bid 210")


def test_a_meld_bid_jumps_twenty() -> None:
    game = blocks()
    game.apply("bid 220")  # two steps over the assumed 200, partner still in
    assert game.view(1)["bids"][-1] == {"seat": 0, "bid": 220, "meld_bid": True}
    game.apply("bid 230")
    assert game.view(1)["bids"][-1]["meld_bid"] is False  # one step: a plain bid


def test_meld_and_counters_are_worth_ten_times_as_much() -> None:
    game = blocks(last_trick=1)
    game.apply("bid 210")
    for _ in range(3):
        game.apply("pass")
    game.apply("trump S")
    # North: both runs of spades and both nines: double run 1500, two dix 20.
    # East, South, West: two marriages each, 40.
    meld = game.view(0)["meld"]
    assert [p["total"] for p in meld["players"]] == [1520, 40, 40, 40]
    assert meld["players"][0]["items"][0] == {
        "name": "double run", "value": 1500,
        "cards": ["A♠", "A♠", "10♠", "10♠", "K♠", "K♠", "Q♠", "Q♠", "J♠", "J♠"]}
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.results[-1]
    assert sum(result.card_points) == 240 + 10  # 24 counters and the last trick, times 10
    assert all(points % 10 == 0 for points in result.card_points)
    assert result.made and result.deltas[0] == 1520 + 40 + result.card_points[0]


def test_the_throw_in_costs_200_and_the_target_is_scaled() -> None:
    game = blocks()
    assert game.view(0)["target"] == 2000
    for _ in range(3):
        game.apply("pass")
    assert game.prompt(3) == "Name trump: ♠, ♥, ♦ or ♣, or throw it in (your team loses 200)"
    game.apply("throw")
    assert list(game.results[-1].deltas) == [0, -200]


def test_a_whole_tens_game_ends_at_ten_times_the_target() -> None:
    game = tricktable.new_game("pinochle", seed=4, options={"tens": True, "target": 50,
                                                           "loss_limit": 0})
    from tricktable.bots import make_bot, play_game
    play_game(game, [make_bot("heuristic", "pinochle", seed=s) for s in range(4)])
    assert game.is_over and game.winner is not None
    assert max(game.scores) >= 500 and all(score % 10 == 0 for score in game.scores)
    before = game.results[-2].scores if len(game.results) > 1 else [0, 0]
    assert max(before) < 500


def test_the_modern_preset_passes_and_counts_in_tens_to_1500() -> None:
    game = tricktable.new_game("pinochle", seed=2, options={"preset": "modern"})
    options = game.record()["options"]
    assert (options["passing"], options["pass_count"], options["tens"]) == (True, 3, True)
    assert "preset" not in options and game.view(0)["target"] == 1500


def test_the_option_is_a_bool() -> None:
    with pytest.raises(tricktable.OptionError, match="'tens' must be true or false"):
        tricktable.new_game("pinochle", options={"tens": 10})
    assert Phase.BID is blocks().phase
