"""Rook's house-rule options: the Rook card's rank, the nest of 5, the minimum bid, and
the ``kentucky-discard`` preset (docs/rules.md, "Options beyond the seed").

Each test fails if its rule is played wrong; the defaults stay the seed's rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable import GameState, IllegalAction, OptionError, Phase
from tricktable.cards import ROOK, bits
from tricktable.games.rook_cards import COUNTERS
from tricktable.research.deals import places, random_deal
from tricktable.solver import solve

RANKED = ["R1 R14 R13 R12 R11 R10 G2 G3 G4 G5 G6 G7 G8 G9",
          "R2 R3 R4 R5 R6 R7 R8 R9 Y2 Y3 Y4 Y5 Y6 Y7",
          "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B1",
          "G10 G11 G12 G13 G14 G1 Y8 Y9 Y10 Y11 Y12 Y13 Y14 Y1"]


def at_play(rook_rank: str, north: str, east: str, south: str, west: str) -> GameState:
    """A hand at trick play, Red trump, North to lead, under ``rook_rank``."""
    return tricktable.new_game("rook", options={"rook_rank": rook_rank}, deal={
        "hands": [north, east, south, west], "trump": "red", "leader": 0, "declarer": 0})


def winner_of(game: GameState, *cards: str) -> int:
    for card in cards:
        game.apply(f"play {card}")
    assert game.last_trick is not None  # type: ignore[attr-defined]
    return game.last_trick[2]  # type: ignore[attr-defined, no-any-return]


# -- the Rook's rank ------------------------------------------------------------------


@pytest.mark.parametrize(("rank", "beats_ten", "beats_eleven", "beats_one", "beats_two"), [
    ("lowest", False, False, False, False),
    ("10.5", True, False, False, True),
    ("highest", True, True, True, True),
])
def test_the_rook_ranks_among_the_trumps_as_the_option_says(
        rank: str, beats_ten: bool, beats_eleven: bool, beats_one: bool, beats_two: bool) -> None:
    for led, beats in (("R10", beats_ten), ("R11", beats_eleven), ("R1", beats_one),
                       ("R2", beats_two)):
        game = at_play(rank, led, "Rook", "G2", "G3")
        assert winner_of(game, led, "Rook", "G2", "G3") == (1 if beats else 0), (rank, led)


def test_the_rook_is_a_trump_whatever_its_rank() -> None:
    for rank in ("10.5", "highest"):
        game = at_play(rank, "G5 G7", "Rook G6", "G2 G8", "G3 G9")  # East must follow Green
        game.apply("play G5")
        with pytest.raises(IllegalAction, match="must follow suit"):
            game.check("play Rook")
        game = at_play(rank, "G5 G7", "Rook Y6", "G2 G8", "G3 G9")  # void: the Rook trumps
        assert winner_of(game, "G5", "Rook", "G2", "G3") == 1


def test_the_hand_shows_the_rook_in_its_place_among_the_trumps() -> None:
    deal = {"hands": ["R1 R11 R10 Rook", "R2 R3 R4 R5", "G2 G3 G4 G5", "Y2 Y3 Y4 Y5"],
            "trump": "red", "leader": 0, "declarer": 0}
    shown = {rank: tricktable.new_game("rook", options={"rook_rank": rank}, deal=deal).view(0)
             for rank in ("lowest", "10.5", "highest")}
    assert shown["lowest"]["hand"] == ["R1", "R11", "R10", "Rook"]
    assert shown["10.5"]["hand"] == ["R1", "R11", "Rook", "R10"]
    assert shown["highest"]["hand"] == ["Rook", "R1", "R11", "R10"]
    assert shown["10.5"]["rook_rank"] == "10.5"


def test_the_solver_plays_the_rook_at_its_rank() -> None:
    """North's R1 is the top trump unless the Rook is: then East's Rook takes it, and
    North/South take one trick of the last two, not two."""
    hands = ["R1 G2", "Rook G3", "R2 Y2", "G4 Y3"]
    values = {}
    for rank in ("lowest", "highest"):
        game = tricktable.new_game("rook", options={"rook_rank": rank}, deal={
            "hands": hands, "trump": "red", "leader": 0, "declarer": 0})
        solution = solve(game, "tricks")
        assert solution.method == "compiled"
        values[rank] = solution.value
    assert values["lowest"] == values["highest"] + 1 == 8  # with 6 of the 12 earlier tricks


# -- the nest of 5 ---------------------------------------------------------------------


def kentucky_deal() -> dict[str, Any]:
    cards = [ROOK.text(c) for c in range(len(ROOK))]
    hands = [cards[13 * s: 13 * s + 13] for s in range(4)]
    return {"dealer": 3, "hands": hands, "nest": cards[52:]}


def test_a_nest_of_5_deals_13_each_and_the_bidder_discards_5() -> None:
    game = tricktable.new_game("rook", seed=3, options={"nest": 5})
    assert game.view(0)["hand_sizes"] == [13] * 4 and game.view(0)["nest_size"] == 5
    game = tricktable.new_game("rook", options={"nest": 5}, deal=kentucky_deal())
    nest = set(game.reveal()["nest"])
    for action in ["bid 70", "pass", "pass", "pass"]:
        game.apply(action)
    assert set(game.view(0)["nest_cards"]) == nest and len(game.view(0)["hand"]) == 18
    assert all("nest_cards" not in game.view(s) for s in (1, 2, 3, None))
    for count in range(5):
        assert game.phase is Phase.DISCARD
        assert game.prompt(0).startswith(f"Discard 5 cards, one at a time ({5 - count} to go):")
        game.apply(game.legal_actions()[0])
    assert game.phase is Phase.TRUMP and len(game.view(0)["hand"]) == 13
    assert len(game.view(0)["discard"]) == 5 and "discard" not in game.view(1)


def test_the_discards_are_not_counters_while_the_bidder_holds_another_card() -> None:
    game = tricktable.new_game("rook", options={"nest": 5}, deal=kentucky_deal())
    for action in ["bid 70", "pass", "pass", "pass"]:
        game.apply(action)
    for _ in range(5):
        legal = {a.arg for a in game.legal_actions()}
        assert legal and not any(COUNTERS >> card & 1 for card in legal)
        counter = next(c for c in range(len(ROOK)) if game.hands[0] >> c & 1 and COUNTERS >> c & 1)
        with pytest.raises(IllegalAction, match="the discard may not be a counter"):
            game.check(f"discard {ROOK.text(counter)}")
        game.apply(game.legal_actions()[-1])


def test_with_the_kentucky_scoring_any_card_may_be_discarded() -> None:
    game = tricktable.new_game("rook", options={"nest": 5, "discard_points": "last_trick"},
                               deal=kentucky_deal())
    for action in ["bid 70", "pass", "pass", "pass"]:
        game.apply(action)
    legal = {a.arg for a in game.legal_actions()}
    assert legal == set(bits(game.hands[0])) and any(COUNTERS >> card & 1 for card in legal)
    assert game.prompt(0).endswith("any card; the discard's counters go to the last trick's "
                                   "taker")


@pytest.mark.parametrize("seed", range(8))
def test_the_kentucky_discards_counters_go_to_the_last_tricks_taker(seed: int) -> None:
    """The bidder discards counters first; at the hand's end the side that took the last
    trick has the counters of its tricks, the discard's and "cards" where it is due; the
    hand totals 200. With the seed's rule the same discards are refused."""
    options = {"nest": 5, "discard_points": "last_trick"}
    deal = random_deal("rook", 4, random.Random(seed), {"nest": 5})
    game = tricktable.new_game("rook", options=options, deal=deal)
    for action in ["bid 70", "pass", "pass", "pass"]:
        game.apply(action)
    rng = random.Random(seed)
    while game.phase is Phase.DISCARD:  # counters first: the most points in the discard
        game.apply(max(game.legal_actions(), key=lambda a: ROOK_POINTS[a.arg or 0]))
    discard = game.discarded  # type: ignore[attr-defined]
    assert sum(ROOK_POINTS[c] for c in bits(discard)) > 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.results[0]
    last = result.last_trick["winner"] % 2  # type: ignore[index]
    taken = game.taken  # type: ignore[attr-defined]
    counters = [sum(ROOK_POINTS[c] for c in bits(taken[s] | taken[s + 2])) for s in (0, 1)]
    counters[last] += sum(ROOK_POINTS[c] for c in bits(discard))
    bonus = [points - got for points, got in zip(result.card_points, counters, strict=True)]
    assert sorted(bonus) == [0, 20] and sum(result.card_points) == 200
    seed_rule = tricktable.new_game("rook", options={"nest": 5}, deal=deal)
    for action in ["bid 70", "pass", "pass", "pass"]:
        seed_rule.apply(action)
    counter = next(c for c in bits(discard) if ROOK_POINTS[c])
    with pytest.raises(IllegalAction, match="the discard may not be a counter"):
        seed_rule.check(f"discard {ROOK.text(counter)}")


@pytest.mark.parametrize("seed", range(6))
def test_a_nest_of_5_plays_13_tricks_for_200_points_and_the_cards_bonus_to_7(seed: int) -> None:
    deal = random_deal("rook", 4, random.Random(seed), {"nest": 5})
    game = tricktable.new_game("rook", options={"nest": 5}, deal=deal)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.results[0]
    if result.declarer is None:
        return
    assert sum(result.tricks) == 13 and sum(result.card_points) == 200
    bidders = result.declarer % 2
    team = list(result.tricks)  # per side
    taken = game.taken  # type: ignore[attr-defined]
    counters = [sum(ROOK_POINTS[c] for c in range(len(ROOK)) if (taken[s] | taken[s + 2]) >> c & 1)
                for s in (0, 1)]
    bonus = [points - got for points, got in zip(result.card_points, counters, strict=True)]
    expected = bidders if team[bidders] >= 7 else 1 - bidders  # 7 of 13: the most tricks
    assert bonus[expected] == 20 and bonus[1 - expected] == 0 and team[expected] >= 7


def test_a_deal_for_a_nest_of_5_must_hold_5_nest_cards() -> None:
    deal = kentucky_deal()
    with pytest.raises(tricktable.DealError, match="must have 14 cards, not 13"):
        tricktable.new_game("rook", deal=deal)  # the seed's nest of one: 14 each
    assert places("rook", 4, {"nest": 5})[-2:] == [("hand", 13), ("nest", 5)]
    dealt = random_deal("rook", 4, random.Random(1), {"preset": "kentucky-discard"})
    assert len(dealt["nest"]) == 5
    assert tricktable.new_game("rook", options={"nest": 5}, deal=dealt).view(0)["nest_size"] == 5


# -- the minimum bid -------------------------------------------------------------------


def test_the_minimum_bid_is_the_lowest_bid_allowed() -> None:
    game = tricktable.new_game("rook", seed=1, options={"min_bid": 100})
    bids = [a.arg for a in game.legal_actions() if a.kind == "bid"]
    assert bids[0] == 100 and bids[-1] == 200 and len(bids) == 21
    with pytest.raises(IllegalAction, match="the lowest bid is 100"):
        game.check("bid 95")
    assert game.prompt(game.to_move or 0) == "Bid 100 to 200 in fives, or pass"
    assert game.view(0)["min_bid"] == 100


def test_all_pass_gives_the_dealer_the_minimum_bid() -> None:
    game = tricktable.new_game("rook", seed=2, options={"min_bid": 120,
                                                        "all_pass": "dealer_takes_70"})
    for _ in range(4):
        game.apply("pass")
    assert game.view(None)["declarer"] == game.dealer and game.view(None)["bid"] == 120


@pytest.mark.parametrize(("options", "fragment"), [
    ({"min_bid": 72}, "option 'min_bid' must be a multiple of 5, not 72"),
    ({"min_bid": 65}, "option 'min_bid' must be at least 70"),
    ({"min_bid": 205}, "option 'min_bid' must be at most 200"),
    ({"min_bid": "100"}, "option 'min_bid' must be a whole number"),
    ({"nest": 3}, "option 'nest' must be one of 1, 5, not 3"),
    ({"rook_rank": "middle"}, "option 'rook_rank' must be one of lowest, 10.5, highest"),
    ({"rook_rank": 10.5}, "option 'rook_rank' must be text"),
])
def test_bad_option_values_are_refused_naming_the_problem(options: dict[str, Any],
                                                          fragment: str) -> None:
    with pytest.raises(OptionError) as error:
        tricktable.new_game("rook", seed=1, options=options)
    assert fragment in str(error.value)


def test_the_defaults_are_the_seeds_rules() -> None:
    rules = tricktable.new_game("rook", seed=1).rules
    assert (rules.rook_rank, rules.nest, rules.min_bid) == ("lowest", 1, 70)  # type: ignore
    assert rules.discard_points == "nobody"  # type: ignore[attr-defined]


def test_the_kentucky_discard_preset() -> None:
    game = tricktable.new_game("rook", seed=4, options={"preset": "kentucky-discard"})
    assert (game.rules.nest, game.rules.rook_rank) == (5, "highest")  # type: ignore
    assert game.rules.discard_points == "last_trick"  # type: ignore[attr-defined]
    assert game.record()["options"]["nest"] == 5 and "preset" not in game.record()["options"]


ROOK_POINTS = tricktable.find_game("rook").play_points


# -- every option at once: no leak, every card once, views of the declared kinds, replays --


OPTION_SETS = [{"preset": "kentucky-discard", "no_trumps": True},
               {"rook_rank": "10.5", "min_bid": 100},
               {"nest": 5, "enforce_follow_suit": False, "all_pass": "dealer_takes_70",
                "no_trumps": True},
               {"low_boy": True, "rook_rank": "highest"},
               {"nest": 5, "discard_points": "last_trick", "low_boy": True}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_options_keep_hidden_cards_hidden_conserve_cards_and_replay(options: dict[str, Any]
                                                                   ) -> None:
    import jsonschema

    from tests.conformance.invariants import check_all_hands
    from tests.conformance.support import conservation_problems, view_leaks
    from tricktable.engine.views import json_schema

    validator = jsonschema.Draft202012Validator(
        json_schema("rook", tricktable.find_game("rook").view_keys))
    for seed in range(2):
        game = tricktable.new_game("rook", seed=seed, options={**options, "loss_limit": 500})
        rng = random.Random(seed)
        while len(game.results) < 2:
            for viewer in (0, 1, 2, 3, None):
                assert not view_leaks(game, viewer), (viewer, view_leaks(game, viewer))
                assert not list(validator.iter_errors(game.view(viewer)))
            assert not conservation_problems(game)
            if game.phase is Phase.PLAY:
                world = game.world(game.to_move or 0, rng)
                assert world.view(game.to_move) == game.view(game.to_move)
            game.apply(rng.choice(game.legal_actions()))
        again = tricktable.replay(game.record())
        assert again.view(None) == game.view(None) and again.results == game.results
        check_all_hands(game)
