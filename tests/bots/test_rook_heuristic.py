"""The rule-based Rook bot: legal, deterministic, sensible, and clearly better than random."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

import tricktable
from tricktable.bots import RandomBot, make_bot, play_game
from tricktable.bots.heuristic.common import TableMemory
from tricktable.bots.heuristic.rook import HeuristicBot
from tricktable.bots.heuristic.rook_hand import bid_limit
from tricktable.cards import ROOK, CardSet
from tricktable.engine.state import GameState


def cards(text: str) -> list[str]:
    """Card texts from one string: ``cards("R1 R14")``."""
    return text.split()


# A deal with dealer W (seat 3), so N (seat 0) bids first; the nest is G9.
FEED_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        cards("G6 R1 R14 R13 R12 R11 R10 R9 Y2 Y3 Y4 B2 B3 B4"),
        cards("G1 G13 G11 Y1 Y14 Y13 Y12 Y11 Y10 B1 B14 B13 B12 R2"),
        cards("G3 G5 G7 G8 R3 R4 R5 R6 R7 R8 Y5 Y6 Y7 B5"),
        cards("G14 G12 G10 G4 G2 Y8 Y9 B6 B7 B8 B9 B10 B11 Rook"),
    ],
    "nest": ["G9"],
}


def setup(deal: dict[str, Any], bidder: int, bid: int = 70) -> GameState:
    """A single-hand game where ``bidder`` wins the auction at ``bid``, the others pass."""
    game = tricktable.new_game("rook", deal=deal)
    while game.phase is tricktable.Phase.BID:
        opening = game.to_move == bidder and not game.view(None)["high_bid"]
        game.apply(f"bid {bid}" if opening else "pass")
    return game


def decide(game: GameState, seed: int = 0) -> str:
    """The heuristic bot's action text for the seat to move."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    action = HeuristicBot(seed).choose(game.view(seat), legal)
    assert action in legal
    return action.text


def after(deal: dict[str, Any], bidder: int, actions: str) -> GameState:
    """The game of ``deal`` after the auction and the given actions (comma separated)."""
    game = setup(deal, bidder)
    for action in actions.split(","):
        game.apply(action.strip())
    return game


# -- legal and deterministic ----------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"enforce_follow_suit": False},
                                     {"all_pass": "dealer_takes_70"}])
def test_only_legal_actions_and_never_reneges(options: dict[str, Any]) -> None:
    for seed in range(12):
        game = tricktable.new_game("rook", seed=seed, options=options)
        bots: list[Any] = [HeuristicBot(seed + s) if (s + seed) % 3 else RandomBot(s)
                           for s in range(4)]
        heuristic_seats = {s for s in range(4) if isinstance(bots[s], HeuristicBot)}
        while len(game.results) < 3 and not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            action = bots[seat].choose(game.view(seat), legal)
            assert action in legal
            game.apply(action)
        for result in game.results:
            renege = result.extras["renege"]
            assert renege is None or renege["seat"] not in heuristic_seats


def test_deterministic_for_a_seed() -> None:
    def history(seed: int) -> list[str]:
        game = tricktable.new_game("rook", seed=11, options={"target": 300})
        return play_game(game, [HeuristicBot(seed * 4 + s) for s in range(4)]).history

    assert history(5) == history(5)
    assert make_bot("heuristic", "rook", 3).__class__ is HeuristicBot


def test_memory_resets_for_a_new_hand() -> None:
    memory = TableMemory(4)
    game = tricktable.new_game("rook", deal=FEED_DEAL)
    assert memory.start(game.view(0))
    memory.note_trick([(0, ROOK.parse("G6")), (1, ROOK.parse("R2"))], lambda c: c // 14)
    played = after(FEED_DEAL, 0, "discard Y2, trump Red, play G6, play G1")
    assert not memory.start(played.view(2)) and memory.voids[1]
    assert memory.start(tricktable.new_game("rook", deal=FEED_DEAL).view(0))  # same number
    assert memory.seen == 0 and memory.voids == [0, 0, 0, 0]


# -- sensible choices -----------------------------------------------------------


def test_feeds_a_counter_to_a_winning_partner_as_last_player() -> None:
    # E's G1 wins for sure; W, last, holds G14 (now the best green: kept), G12, G10, G4, G2.
    game = after(FEED_DEAL, 0, "discard Y2, trump Red, play G6, play G1, play G3")
    assert decide(game) == "play G10"


def test_throws_a_low_non_counter_when_it_cannot_win() -> None:
    # E's G1 beats S's greens G3 G5 G7 G8: S gives the G3, not the counter G5.
    game = after(FEED_DEAL, 0, "discard Y2, trump Red, play G6, play G1")
    assert decide(game) == "play G3"


def test_wins_cheaply_as_last_player() -> None:
    # E leads the Y10 counter; S and W follow low; N, last, takes it with its lowest
    # winning yellow, the Y11, not the Y12 or Y13, and does not give up the trick.
    deal = {
        "dealer": 0,
        "hands": [
            cards("Y11 Y12 Y13 Y2 B1 B14 B13 B12 B11 B10 G1 G14 G13 G12"),
            cards("Y10 Y1 Y14 R1 R14 R13 R12 R11 R10 R9 R8 G2 G3 G4"),
            cards("Y7 Y3 Y4 R2 R3 R4 R5 G5 G6 G7 G8 G9 G10 G11"),
            cards("Y9 Y5 Y6 Y8 R6 R7 B2 B3 B4 B5 B6 B7 B8 B9"),
        ],
        "nest": ["Rook"],
    }
    game = after(deal, 1, "discard G2, trump Red, play Y10, play Y7, play Y9")
    assert decide(game) == "play Y11"


def test_ruffs_a_counter_trick_with_its_lowest_trump_when_void() -> None:
    # E leads the Y1 and W feeds the Y10: N, last and void in yellow, trumps with the R2.
    deal = {
        "dealer": 0,
        "hands": [
            cards("R2 R3 R13 B1 B14 B13 B12 B11 B10 G1 G14 G13 G12 G11"),
            cards("Y1 Y14 Y13 Y12 Y11 R1 R14 R12 R11 R10 R9 R8 G2 G3"),
            cards("Y2 Y3 Y4 Y5 Y6 R4 R5 R6 R7 G4 G5 G6 G7 G8"),
            cards("Y7 Y8 Y9 Y10 B2 B3 B4 B5 B6 B7 B8 B9 G9 G10"),
        ],
        "nest": ["Rook"],
    }
    game = after(deal, 1, "discard G2, trump Red, play Y1, play Y2, play Y10")
    assert decide(game) == "play R2"


def test_bidder_draws_trump_with_the_top_trumps() -> None:
    game = after(FEED_DEAL, 0, "discard Y2, trump Red")
    assert decide(game) == "play R1"


def test_discards_a_low_non_counter_from_a_short_colour_and_names_the_longest() -> None:
    deal = {
        "dealer": 3,
        "hands": [
            cards("Y1 Y14 Y13 Y12 Y9 Y8 R2 R3 R4 G2 G3 G6 G7 B3"),
            cards("R1 R14 R13 R12 R11 R10 R9 R8 G1 G14 G13 G12 G11 G10"),
            cards("R5 R6 R7 G4 G5 G8 G9 B1 B14 B13 B12 B11 B10 B9"),
            cards("Y2 Y3 Y4 Y5 Y6 Y7 Y10 B2 B4 B5 B6 B7 B8 Rook"),
        ],
        "nest": ["Y11"],
    }
    game = setup(deal, 0)
    assert decide(game) == "discard B3"  # the lone black: a void to trump in
    game.apply("discard B3")
    assert decide(game) == "trump Yellow"


def deal_around(hand: str) -> dict[str, Any]:
    """A deal giving N ``hand`` (dealer W, so N bids first) and the rest round the table."""
    mine = cards(hand)
    rest = [ROOK.text(c) for c in range(len(ROOK)) if ROOK.text(c) not in mine]
    return {"dealer": 3, "hands": [mine, rest[0:14], rest[14:28], rest[28:42]],
            "nest": rest[42:]}


def test_bids_from_strength_and_stops_at_its_estimate() -> None:
    weak = deal_around("R2 R3 R4 R6 G2 G3 G4 G6 Y2 Y3 Y4 B2 B3 B4")
    assert decide(tricktable.new_game("rook", deal=weak)) == "pass"
    strong = tricktable.new_game("rook", deal=FEED_DEAL)
    assert decide(strong) == "bid 70"  # N: seven top trumps
    limit = bid_limit(CardSet.parse(ROOK, FEED_DEAL["hands"][0]).mask)
    assert 100 < limit < 150
    for action in ("bid 70", f"bid {int(limit) // 5 * 5 - 5}", "pass", "pass"):
        strong.apply(action)  # E bids just under N's estimate: N raises by 5
    assert decide(strong) == f"bid {int(limit) // 5 * 5}"
    strong.apply(f"bid {int(limit) // 5 * 5}")
    strong.apply(f"bid {int(limit) // 5 * 5 + 5}")  # E outbids the limit: N stops
    assert decide(strong) == "pass"


# -- strength -------------------------------------------------------------------


def duplicate_margins(deals: range, opponent: type[RandomBot]) -> list[float]:
    """The heuristic team's mean margin per deal, each deal played from both sides."""
    margins = []
    for deal in deals:
        total = 0.0
        for side in (0, 1):
            game = tricktable.new_game("rook", seed=deal)
            bots: list[Any] = [HeuristicBot(deal + s) if s % 2 == side else opponent(deal + s)
                               for s in range(4)]
            while not game.results:
                seat = game.to_move
                assert seat is not None
                game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
            deltas = game.results[0].deltas
            total += deltas[side] - deltas[1 - side]
        margins.append(total / 2)
    return margins


class PassingRandomBot(RandomBot):
    """Random in play, but always passes the auction, so the heuristic team declares."""

    def choose(self, view: dict[str, Any], legal: list[tricktable.Action]) -> tricktable.Action:
        return next((a for a in legal if a.kind == "pass"), None) or super().choose(view, legal)


def test_beats_random_clearly() -> None:
    margins = duplicate_margins(range(100), RandomBot)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    assert mean - half > 200  # random bidders overbid; the heuristic lets them go set


def test_declares_and_outplays_random_defenders() -> None:
    margins = duplicate_margins(range(100, 160), PassingRandomBot)
    assert statistics.fmean(margins) > 60  # play alone: well over half the 200 points
