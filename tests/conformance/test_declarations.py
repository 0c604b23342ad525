"""Every game's declarations (tricktable/engine/declare.py) agree with how it plays.

Generic code reads them instead of naming a game, so a wrong declaration is a
wrong observation size, OpenSpiel bound or deal: random play checks each one.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

import tricktable
from tricktable import GameState, Phase
from tricktable.research.deals import deal_of, places

from .support import case_id, game_cases, start, walk

CASES = game_cases()
SEEDS = range(3)


def _option_sets(cls: type[GameState]) -> list[dict[str, object]]:
    """The defaults, and every on/off option turned on (knocks, contra, ...), with the
    options under which random play ends."""
    switches = {f.name: True for f in fields(cls.rules_type) if isinstance(f.default, bool)}
    ends = dict(cls.playout_options)
    return [ends, {**ends, **switches}] if switches else [ends]


@pytest.mark.parametrize("name", tricktable.games())
def test_phases_are_declared_in_order_and_are_the_ones_played(name: str) -> None:
    cls = tricktable.find_game(name)
    assert cls.phases, f"{cls.title} declares no phases"
    assert len(set(cls.phases)) == len(cls.phases) and Phase.GAME_OVER not in cls.phases
    seen: set[Phase] = set()
    for players in cls.player_counts:
        for options in _option_sets(cls):
            for seed in SEEDS:
                game = tricktable.new_game(name, seed=seed, players=players, options=options)
                for _ in walk(game, random.Random(seed)):
                    seen.add(game.phase)
                    assert game.phase in cls.phases or game.is_over, (
                        f"{cls.title} is in the phase {game.phase}, which it does not declare")
    assert seen == {*cls.phases, Phase.GAME_OVER}, f"{cls.title} never reached some phases"


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_hands_keep_within_the_declared_bounds_and_sums(name: str, players: int) -> None:
    cls = tricktable.find_game(name)
    for options in _option_sets(cls):
        rules = cls.rules_type.from_options(options)
        bounds = cls.hand_bounds(players, rules)
        for seed in SEEDS:
            game = tricktable.new_game(name, seed=seed, players=players, options=options)
            decisions, hand = 0, 0
            for action in walk(game, random.Random(seed)):
                decisions += action is not None
                if len(game.results) == hand:
                    continue
                result = game.results[hand]
                assert decisions <= bounds.decisions, (
                    f"hand {hand + 1} took {decisions} decisions, over {bounds.decisions}")
                assert all(bounds.low <= d <= bounds.high for d in result.deltas), (
                    f"hand {hand + 1}: deltas {result.deltas} outside {bounds}")
                if cls.zero_sum:
                    assert sum(result.deltas) == 0, result
                game.check_hand(hand)  # the game's invariants hold with every option on
                decisions, hand = 0, hand + 1
            assert hand == len(game.results) > 0


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_a_deal_of_the_declared_piles_is_played(name: str, players: int) -> None:
    cls = tricktable.find_game(name)
    assert set(cls.deal_piles) <= set(cls.player_counts)
    layout = places(name, players)
    assert sum(size for _, size in layout) == len(cls.deck)
    cards = random.Random(players).sample(range(len(cls.deck)), len(cls.deck))
    game = tricktable.new_game(name, seed=0, players=players,
                               deal=deal_of(name, players, 0, cards))
    assert not game.is_over and game.legal_actions()


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_declared_features_have_names_of_their_own(name: str, players: int) -> None:
    cls = tricktable.find_game(name)
    sides = len(start(name, players, 0).sides)
    names = [feature.name for feature in cls.features(players, sides)]
    assert len(set(names)) == len(names), names
    common = {"hand", "trick", "played", "phase", "to_move", "dealer", "hand_sizes", "tricks",
              "scores"}
    assert not common & set(names), f"{cls.title} redeclares {common & set(names)}"
    assert all(size > 0 for f in cls.features(players, sides) for size in f.shape)


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_winning_sides_name_the_winner_once_the_game_is_over(name: str, players: int) -> None:
    game = start(name, players, 1)
    assert game.winning_sides() == []
    for _ in walk(game, random.Random(1)):
        pass
    winners = game.winning_sides()
    assert all(0 <= side < len(game.sides) for side in winners)
    assert (game.winner is None) == (len(winners) != 1)
    if game.winner is not None:
        assert winners == [game.winner]


def test_cards_to_draw_count_an_open_stock_only() -> None:
    game = tricktable.new_game("sixtysix", seed=3)
    assert game.cards_to_draw() == 12  # 24 cards, 6 in each hand
    assert tricktable.new_game("rook", seed=3).cards_to_draw() == 0
    rng = random.Random(3)
    while not any(a.kind == "close" for a in game.legal_actions()):
        game.apply(rng.choice([a for a in game.legal_actions() if a.kind != "close"]))
    game.apply("close")
    assert game.cards_to_draw() == 0


def test_result_points_are_card_points_unless_a_game_counts_more() -> None:
    rook = start("rook", 4, 2)
    pinochle = start("pinochle", 4, 2)
    for game in (rook, pinochle):
        for _ in walk(game, random.Random(2)):
            if game.results:
                break
    result = rook.results[0]
    assert result.points == result.card_points
    result = pinochle.results[0]
    assert list(result.points) == [
        m + p for m, p in zip(result.extras["meld_counted"], result.card_points, strict=True)]
