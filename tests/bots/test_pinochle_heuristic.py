"""The rule-based Pinochle bot: legal, deterministic, view-only, sensible, better than random."""

from __future__ import annotations

import copy
import json
import statistics
from collections import Counter
from typing import Any

import pytest

import tricktable
from tricktable import GameState, Phase
from tricktable.arena import duplicate_match, play_hand
from tricktable.bots import RandomBot, make_bot, play_game
from tricktable.bots.heuristic.pinochle import SAFETY, HeuristicBot
from tricktable.engine.actions import Action

RANKS = ["A", "10", "K", "Q", "J", "9"]
DECK = Counter({f"{rank}{suit}": 2 for suit in "SHDC" for rank in RANKS})


def deal(*hands: str, dealer: int = 3) -> dict[str, Any]:
    """Three hands as given (N, E, S); West gets every card not named."""
    rest = DECK - Counter(card for hand in hands for card in hand.split())
    return {"dealer": dealer, "hands": [h.split() for h in hands] + [list(rest.elements())]}


def declared(cards: dict[str, Any], trump: str = "S", bid: int = 21) -> GameState:
    """North (first to speak, dealer West) wins at ``bid`` and names ``trump``."""
    game = tricktable.new_game("pinochle", deal=cards)
    game.apply(f"bid {bid}")
    while game.phase is Phase.BID:
        game.apply("pass")
    game.apply(f"trump {trump}")
    return game


def decide(game: GameState) -> str:
    """The heuristic bot's action text for the seat to move, from a JSON copy of the view."""
    seat = game.to_move
    assert seat is not None
    legal = game.legal_actions()
    view = json.loads(json.dumps(game.view(seat)))  # a plain view: no game object inside
    action = HeuristicBot().choose(view, legal)
    assert action in legal
    return action.text


def play(game: GameState, *cards: str) -> GameState:
    for card in cards:
        game.apply(f"play {card}")
    return game


# -- legal, deterministic, view-only --------------------------------------------


@pytest.mark.parametrize("options", [{}, {"meld_bids": False}, {"throw_in": False},
                                     {"meld_needs_trick": True, "last_trick": 10}])
def test_only_legal_actions_among_random_players(options: dict[str, Any]) -> None:
    for seed in range(6):
        floor = tricktable.find_game("pinochle").playout_options  # random players may sink
        game = tricktable.new_game("pinochle", seed=seed,
                                   options={**floor, "target": 100, **options})
        bots: list[Any] = [HeuristicBot(seed + s) if (s + seed) % 3 else RandomBot(s)
                           for s in range(4)]
        play_game(game, bots)  # the game refuses an illegal action
        assert game.is_over


def test_deterministic_for_a_seed() -> None:
    def history(seed: int) -> list[str]:
        game = tricktable.new_game("pinochle", seed=11, options={"target": 100})
        return play_game(game, [HeuristicBot(seed * 4 + s) for s in range(4)]).history

    assert history(5) == history(5)
    assert make_bot("heuristic", "pinochle", 3).__class__ is HeuristicBot


def test_memory_starts_afresh_each_hand() -> None:
    bot = HeuristicBot()
    game = tricktable.new_game("pinochle", seed=3, options={"target": 100})
    bots = [bot, *(HeuristicBot(s) for s in (1, 2, 3))]
    remembered: list[tuple[int, int]] = []  # (hand number, cards remembered) at each play
    while len(game.results) < 3:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        game.apply(bots[seat].choose(view, game.legal_actions()))
        if seat == 0 and view["phase"] == "play":
            remembered.append((view["hand_number"], bot.memory.seen.bit_count()))
    hands = sorted({number for number, _ in remembered})
    assert len(hands) >= 2
    for number in hands:
        seen = [count for n, count in remembered if n == number]
        assert seen[0] <= 4 and seen[-1] >= 36, "fresh at the first trick, full by the last"


# -- bidding and trump ----------------------------------------------------------

STRONG = deal("AH AH 10H KH QH JH 9H AS AC AD KS QS",  # run in hearts, aces around
              "QC QC JC JC 9C 9C 9D 9D JD JD QD QD",
              "10S 10S 9S 9S JS JS 10D 10D KD KD 10C 10C")
WEAK = deal("9S JS 10S 9H JH 10H 9D 10D QD 9C JC 10C",  # no meld, no ace
            "AH AH 10H KH QH JH 9H AS AC AD KS KD",
            "AS 10S KS QS QS JS 9S AD 10D KD QD JD")


def test_bids_a_strong_hand_and_names_its_best_trump() -> None:
    game = tricktable.new_game("pinochle", deal=STRONG)
    assert decide(game) == "bid 21"
    for action in ("bid 21", "pass", "pass", "pass"):
        game.apply(action)
    assert decide(game) == "trump ♥"


def test_passes_a_weak_hand_and_stops_below_its_expected_points() -> None:
    assert decide(tricktable.new_game("pinochle", deal=WEAK)) == "pass"
    top = tricktable.new_game("pinochle", deal=STRONG).view(0)["beginner"]["♥"][
        "suggested_bid"] - SAFETY
    for east, north in ((top - 1, f"bid {top}"), (top, "pass")):
        game = tricktable.new_game("pinochle", deal=STRONG)
        for action in ("bid 21", f"bid {east}", "pass", "pass"):
            game.apply(action)
        assert decide(game) == north


def test_dealer_stuck_at_twenty_throws_a_hopeless_hand_in() -> None:
    game = tricktable.new_game("pinochle", deal={**WEAK, "dealer": 0})
    for _ in range(3):
        game.apply("pass")
    assert game.to_move == 0 and decide(game) == "throw"
    strong = tricktable.new_game("pinochle", deal={**STRONG, "dealer": 0})
    for _ in range(3):
        strong.apply("pass")
    assert decide(strong) == "trump ♥"


# South (the dealer) partners North; North has queens around, no strength.
MELD_BID = deal("QS QH QD QC 9S 9H JD JC 9C 10D 10H 10S",
                "AH AH 10H KH QH JH 9H AS AC AD KS KD",
                "AD 10S 9S KS JS QS 10D KD 10C 10C KC QC", dealer=2)


def bidding_view(game: GameState) -> dict[str, Any]:
    seat = game.to_move
    assert seat is not None
    return game.view(seat)


def test_gives_a_meld_bid_to_a_dealing_partner_when_just_short() -> None:
    game = tricktable.new_game("pinochle", deal=MELD_BID)
    game.apply("pass")  # West
    view = bidding_view(game)
    assert view["beginner"]["♠"]["meld"] >= 6
    legal = game.legal_actions()
    short = copy.deepcopy(view)
    for data in short["beginner"].values():
        data["suggested_bid"] = 21 + SAFETY - 2  # falls 2 short of bidding 21 on its own
    assert HeuristicBot().choose(short, legal).text == "bid 22"
    far = copy.deepcopy(short)
    for data in far["beginner"].values():
        data["suggested_bid"] = 21 + SAFETY - 5
    assert HeuristicBot().choose(far, legal).text == "pass"
    off = copy.deepcopy(short)
    off["options"]["meld_bids"] = False
    assert HeuristicBot().choose(off, legal).text == "pass"


def test_reads_its_partners_meld_bid_as_six_more() -> None:
    game = tricktable.new_game("pinochle", deal=MELD_BID)
    for action in ("pass", "bid 22", "bid 23"):  # W passes, N meld-bids, E bids
        game.apply(action)
    view = bidding_view(game)  # South, the dealer
    assert view["bids"][1]["meld_bid"]
    legal = game.legal_actions()
    for data in view["beginner"].values():
        data["suggested_bid"] = 24 + SAFETY - 6  # enough only with the 6 the signal adds
    assert HeuristicBot().choose(view, legal).text == "bid 24"
    unsignalled = copy.deepcopy(view)
    unsignalled["bids"][1]["meld_bid"] = False
    assert HeuristicBot().choose(unsignalled, legal).text == "pass"


def test_does_not_outbid_its_partners_real_bid_without_a_clearly_better_hand() -> None:
    game = tricktable.new_game("pinochle", deal=MELD_BID)
    for action in ("pass", "bid 21", "pass"):  # W passes, N bids, E passes
        game.apply(action)
    view = bidding_view(game)
    legal = game.legal_actions()
    for data in view["beginner"].values():
        data["suggested_bid"] = 22 + SAFETY + 2
    assert HeuristicBot().choose(view, legal).text == "pass"
    for data in view["beginner"].values():
        data["suggested_bid"] = 22 + SAFETY + 5
    assert HeuristicBot().choose(view, legal).text == "bid 22"


def test_sandbags_when_the_dealing_team_is_close_to_going_out() -> None:
    game = tricktable.new_game("pinochle", deal=STRONG)  # dealer West; North to bid
    view = bidding_view(game)
    legal = game.legal_actions()
    assert HeuristicBot().choose(view, legal).text == "bid 21"
    view["scores"] = [40, 185]  # E/W deal and are close; N/S are not
    assert HeuristicBot().choose(view, legal).text == "pass"
    view["scores"] = [180, 185]  # both close: bid as usual
    assert HeuristicBot().choose(view, legal).text == "bid 21"


# -- play -------------------------------------------------------------------------

def hearts_trick(east: str, south: str, *plays: str) -> GameState:
    """North (declarer, ♠ trump) leads the 9♥ (holding diamonds besides); then ``plays``."""
    diamonds = "9D 9D JD JD QD QD KD KD 10D 10D AD"
    game = declared(deal(f"9H {diamonds}", east, south))
    assert game.to_move == 0
    return play(game, "9H", *plays)


def test_feeds_a_counter_to_a_partner_who_wins() -> None:
    # East's A♥ cannot be beaten; West, last, feeds its 10♥ (holding 10♥ Q♥ 9♥).
    game = hearts_trick("AH AH JH JH 9C 9C JC JC QC QC KC KC",
                        "KH KH AS AS 10S 10S KS KS QS QS JS JS", "AH", "KH")
    assert decide(game) == "play 10♥"


def test_throws_a_low_non_counter_when_it_cannot_win() -> None:
    # South's A♥ wins for N/S; West holds 10♥ 10♥ Q♥ Q♥ 9♥ and gives the 9♥.
    game = hearts_trick("JH JH KH KH 9C 9C JC JC QC QC KC KC",
                        "AH AH AS AS 10S 10S KS KS QS QS JS JS", "JH", "AH")
    assert decide(game) == "play 9♥"


def test_wins_cheaply_as_last_player() -> None:
    # South's Q♥ heads the trick; West, last, takes it with the K♥, not the 10♥ or A♥.
    game = hearts_trick("JH JH 9C 9C JC JC QC QC KC KC 10C 10C",
                        "QH QH AS AS 10S 10S KS KS QS QS JS JS", "JH", "QH")
    assert decide(game) == "play K♥"


def test_bidder_draws_trump_with_the_top_trump() -> None:
    cards = deal("AS AS 10S KS QS JS 9H 9H 9D 9D 9C 9C", "AH AH 10H 10H KH KH QH QH JH JH 9S 9S",
                 "10S KS QS JS AD AD 10D 10D KD KD QD QD")
    assert decide(declared(cards)) == "play A♠"


# -- strength ---------------------------------------------------------------------


class RandomPlayer(HeuristicBot):
    """The heuristic bot's bidding and trump, with random card play."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if legal[-1].kind == "play":
            return self.rng.choice(legal)
        return super().choose(view, legal)


def test_beats_random_clearly() -> None:
    result = duplicate_match("pinochle", "heuristic", "random", deals=40, seed=100)
    assert result.margin - result.confidence > 50


def test_its_card_play_beats_random_play() -> None:
    margins = []
    for deal_seed in range(200, 290):
        total = 0.0
        for side in (0, 1):
            game = tricktable.new_game("pinochle", seed=deal_seed)
            bots: list[Any] = [HeuristicBot(deal_seed + s) if s % 2 == side
                               else RandomPlayer(deal_seed + s) for s in range(4)]
            deltas = play_hand(game, bots).deltas
            total += deltas[side] - deltas[1 - side]
        margins.append(total / 2)
    assert statistics.fmean(margins) > 3
