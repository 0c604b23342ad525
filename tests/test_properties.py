"""Property tests (hypothesis): random action sequences over every game.

Hypothesis chooses the first actions of a game (each choice an index into
``legal_actions()``) and a seed for the rest, so it can shrink a failure to
a short game prefix. Every game must end; cards are conserved at every
step; every finished hand satisfies the game's invariants; the record
replays to the identical game; a refused action changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conformance.invariants import check_all_hands
from conformance.support import (
    MAX_STEPS,
    conservation_problems,
    game_cases,
    rejected_action,
    snapshot,
    start,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable
from tricktable import CardSet, GameState, IllegalAction, new_game, replay
from tricktable.cards import PINOCHLE, PIQUET, ROOK, SIXTYSIX, STANDARD, Deck

CASES = game_cases()
PROPERTY = settings(max_examples=30, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=120)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play_and_check(game: GameState, seed: int, picks: list[int]) -> None:
    """Play ``picks`` (then seeded random picks) to the end: the game ends, cards are
    conserved, every hand's invariants hold and the record replays to the same game."""
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        assert steps < MAX_STEPS, "the game does not end"
        legal = game.legal_actions()
        assert legal, "not over, yet nothing is legal"
        pick = picks[steps] if steps < len(picks) else rng.randrange(len(legal))
        game.apply(legal[pick % len(legal)])
        steps += 1
        if steps % 5 == 0 or game.is_over:
            problems = conservation_problems(game)
            assert not problems, f"step {steps}: {problems}"
    check_all_hands(game)
    again = replay(game.record())
    assert snapshot(again) == snapshot(game)
    assert again.rules == game.rules


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
@PROPERTY
@given(seed=seeds, picks=choices)
def test_random_games_end_conserve_cards_add_up_and_replay(
    name: str, players: int, seed: int, picks: list[int]
) -> None:
    play_and_check(start(name, players, seed), seed, picks)


def rule_options(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Any mix of the game's switches and choices (a preset too, overridden or not); counts
    such as targets keep their defaults, so random play ends under the playout floor."""
    rules = tricktable.find_game(name).rules_type
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for item in rules.describe():
        if item.get("choices"):
            parts[item["name"]] = st.sampled_from(item["choices"])
        elif isinstance(item["default"], bool):
            parts[item["name"]] = st.booleans()
    presets = [None, *(preset.name for preset in rules.presets)]
    return st.builds(lambda chosen, preset: {**chosen, **({"preset": preset} if preset else {})},
                     st.fixed_dictionaries({}, optional=parts), st.sampled_from(presets))


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
@PROPERTY
@given(seed=seeds, picks=choices, data=st.data())
def test_random_games_under_any_rule_options_end_conserve_cards_add_up_and_replay(
    name: str, players: int, seed: int, picks: list[int], data: st.DataObject
) -> None:
    """The same properties with the game's options switched on and off (passing, tens,
    the short deck, 66 announced, ...): the record keeps the resolved options."""
    game = start(name, players, seed, data.draw(rule_options(name), label="options"))
    assert "preset" not in game.record()["options"]
    play_and_check(game, seed, picks)


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
@PROPERTY
@given(seed=seeds, picks=choices, probe=st.integers(min_value=0, max_value=2**16),
       data=st.data())
def test_a_refused_action_changes_nothing(
    name: str, players: int, seed: int, picks: list[int], probe: int, data: st.DataObject
) -> None:
    """Under any of the game's options too (a pass refused mid-pass, a wrong announcement)."""
    game = start(name, players, seed, data.draw(rule_options(name), label="options"))
    for pick in picks:
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[pick % len(legal)])
    action = rejected_action(game, random.Random(probe))
    if action is None:  # every action of the table is legal now: nothing to refuse
        assert all(game.is_legal(a) for a in game.table.actions)
        return
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert snapshot(game) == before


ROOK_TEXTS = [ROOK.text(card) for card in range(len(ROOK))]


@settings(max_examples=40, deadline=None, database=None)
@given(order=st.permutations(ROOK_TEXTS), dealer=st.integers(0, 3), picks=choices,
       enforce=st.booleans())
def test_any_rook_deal_plays_out_with_points_adding_up(
    order: list[str], dealer: int, picks: list[int], enforce: bool
) -> None:
    deal = {"dealer": dealer, "hands": [order[14 * s: 14 * s + 14] for s in range(4)],
            "nest": order[56:]}
    game = new_game("rook", deal=deal, options={"enforce_follow_suit": enforce})
    rng = random.Random(len(picks))
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        pick = picks[steps] if steps < len(picks) else rng.randrange(len(legal))
        game.apply(legal[pick % len(legal)])
        steps += 1
        assert not conservation_problems(game)
    assert len(game.results) == 1
    assert steps <= 27 + 4 + 2 + 56, "27 bids and 4 passes at most, discard, trump, 56 cards"
    check_all_hands(game)
    assert game.scores == list(game.results[0].deltas)
    assert snapshot(replay(game.record())) == snapshot(game)


DECKS = [ROOK, PINOCHLE, STANDARD, PIQUET, SIXTYSIX]


@st.composite
def deck_and_sets(draw: st.DrawFn) -> tuple[Deck, set[int], set[int]]:
    deck = draw(st.sampled_from(DECKS))
    ids = st.integers(min_value=0, max_value=len(deck) - 1)
    return deck, draw(st.sets(ids)), draw(st.sets(ids))


@settings(max_examples=50, deadline=None, database=None)
@given(deck_and_sets())
def test_cardset_operations_agree_with_python_sets(case: tuple[Deck, set[int], set[int]]) -> None:
    deck, a, b = case
    x, y = CardSet.of(deck, a), CardSet.of(deck, b)
    assert set(x) == a and len(x) == len(a) and bool(x) == bool(a)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x == y) == (a == b)
    assert all(card in x for card in a)
    assert not any(card in x for card in set(range(len(deck))) - a)
    assert list(x) == sorted(a)
    assert CardSet.parse(deck, str(x)).texts() == x.texts()


@settings(max_examples=50, deadline=None, database=None)
@given(deck=st.sampled_from(DECKS), data=st.data())
def test_card_text_reads_back_whatever_the_case(deck: Deck, data: st.DataObject) -> None:
    card = data.draw(st.integers(min_value=0, max_value=len(deck) - 1))
    text = data.draw(st.sampled_from([deck.text(card), deck.ascii(card)]))
    flips = data.draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    mangled = "".join(ch.upper() if up else ch.lower() for ch, up in zip(text, flips, strict=True))
    assert deck.text(deck.parse(mangled)) == deck.text(card)
