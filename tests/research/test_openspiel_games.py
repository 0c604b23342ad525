"""The OpenSpiel games: OpenSpiel's random simulation test for every game and player count,
the deal as chance, resampling from the information state, and IS-MCTS playing hands."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import tricktable
from tests.conformance.support import case_id, game_cases
from tricktable.research.deals import deal_of, places
from tricktable.research.openspiel import TricktableState, ismcts_bot, short_name

CASES = game_cases()


def load(name: str, players: int, **options: object) -> pyspiel.Game:
    """The registered OpenSpiel game, with ``players`` where the game allows a choice."""
    several = len(tricktable.find_game(name).player_counts) > 1
    return pyspiel.load_game(short_name(name), {**options, **({"players": players} if several
                                                              else {})})


def dealt(game: pyspiel.Game, rng: random.Random) -> TricktableState:
    """A state right after a random deal."""
    state: TricktableState = game.new_initial_state()
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, weights)[0])
    return state


def test_every_game_is_registered_with_its_parameters() -> None:
    registered = set(pyspiel.registered_names())
    for name in tricktable.games():
        assert short_name(name) in registered
        parameters = load(name, tricktable.find_game(name).player_counts[0]).get_parameters()
        assert ("players" in parameters) == (name in ("notrump", "bidder"))
    assert load("bidder", 5).num_players() == 5
    assert load("pinochle", 4, last_trick=10).get_parameters()["last_trick"] == 10


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_openspiel_random_simulation_test_passes(name: str, players: int) -> None:
    pyspiel.random_sim_test(load(name, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), [
    ("bidder", {"knocking": True, "contra": True}),
    ("pinochle", {"last_trick": 10, "meld_needs_trick": True}),
    ("notrump", {"pass_count": 0}),
    ("rook", {"enforce_follow_suit": False}),
    ("pinochle", {"passing": True, "pass_count": 4, "tens": True}),
    ("sixtysix", {"announce": True, "played_out": "last_trick", "marriage_needs_trick": True}),
], ids=["bidder", "pinochle", "notrump", "rook", "pinochle-passing-tens", "santase"])
def test_random_simulation_with_rules_options(name: str, options: dict[str, object]) -> None:
    game = load(name, tricktable.find_game(name).player_counts[0], **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_deal_it_cannot_make_card_by_card_is_refused() -> None:
    with pytest.raises(ValueError, match="OpenSpiel's card-by-card deal cannot play it"):
        load("sixtysix", 2, short_deck=True)


def test_the_deal_is_chance_card_by_card() -> None:
    game = load("pinochle", 4)
    state = game.new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == [48, 49, 50, 51]  # the dealer
    state.apply_action(50)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 48 and {p for _, p in outcomes} == {1 / 48}
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "deal QS #1"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "deal QS #2"
    for card in range(48):
        state.apply_action(card)
    engine = state.game
    assert engine is not None and engine.view(None)["dealer"] == 2
    assert engine.view(0)["hand"] == tricktable.find_game("pinochle").deck.hand_texts(
        (1 << 12) - 1)  # seat 0 was dealt the first 12 cards
    assert state.current_player() == 3 and not state.is_terminal()


def _snapshot(state: TricktableState) -> tuple[object, ...]:
    """Everything an action may change: OpenSpiel's history, the deal or game, what was seen."""
    return state.history(), str(state), state.memory.plays[:], state.public[:]


def test_a_bad_player_action_raises_and_changes_nothing() -> None:
    game = load("sixtysix", 2)
    state = dealt(game, random.Random(1))
    legal, size = state.legal_actions(), game.num_distinct_actions()
    masked_out = next(a for a in range(size) if a not in legal)
    before = _snapshot(state)
    bad_ids: list[tuple[int, str | None]] = [
        (legal[0] - size, f"action id {legal[0] - size} is not in sixtysix's table"),
        (999, "action id 999 is not in sixtysix's table of 40 actions"),
        (masked_out, None),  # the engine's reason
    ]
    for bad, message in bad_ids:
        with pytest.raises(tricktable.IllegalAction, match=message):
            state.apply_action(bad)
        assert _snapshot(state) == before
    history = state.history()
    state.apply_action(legal[0])
    assert state.history() == [*history, legal[0]]


def test_a_chance_outcome_not_possible_now_raises_and_changes_nothing() -> None:
    state = load("rook", 4).new_initial_state()
    # a card before the dealer; no seat 4; nothing (OpenSpiel itself refuses -1)
    for bad in (0, 61, -2):
        with pytest.raises(tricktable.IllegalAction, match=f"chance outcome {bad} is not"):
            state.apply_action(bad)
    state.apply_action(57)  # dealer 0
    state.apply_action(3)
    before = _snapshot(state)
    for bad in (3, 57, 58, -54):  # a card dealt already; a dealer again; no card at all
        with pytest.raises(tricktable.IllegalAction, match="is not possible now"):
            state.apply_action(bad)
        assert _snapshot(state) == before
    assert state.history() == [57, 3]


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_resampling_keeps_what_the_player_knows(name: str, players: int) -> None:
    game, rng = load(name, players), random.Random(5)
    state = dealt(game, rng)
    moved_cards = 0
    while not state.is_terminal():
        player = state.current_player()
        for _ in range(2):
            world = state.resample(player, rng)
            assert world.information_state_string(player) == state.information_state_string(
                player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            assert world.history() == []  # the real history holds the real deal
            moved_cards += str(world) != str(state)
        state.apply_action(rng.choice(state.legal_actions()))
    assert moved_cards  # the other hands were dealt anew


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_returns_are_each_seats_sides_score_for_the_hand(name: str, players: int) -> None:
    """At the end, each player's return is its side's score for the hand (the hand's
    ``deltas``), replayed on a fresh engine game from the chance outcomes and actions;
    0 for every player before."""
    game, rng = load(name, players), random.Random(8)
    deck = len(tricktable.find_game(name).deck)
    scored: list[list[float]] = []
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0] * players
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        dealer, *history = state.history()
        cards, moves = history[:deck], history[deck:]
        replay = tricktable.new_game(name, seed=0, players=players,
                                     deal=deal_of(name, players, dealer - deck, cards))
        for action in moves:
            replay.apply(tricktable.find_game(name).table.actions[action])
        assert replay.is_over and len(replay.results) == 1
        deltas = replay.results[0].deltas
        side = {seat: index for index, members in enumerate(replay.sides) for seat in members}
        assert sorted(side) == list(range(players))
        expected = [float(deltas[side[seat]]) for seat in range(players)]
        assert state.returns() == expected
        assert [state.player_return(seat) for seat in range(players)] == expected
        scored.append(expected)
    assert any(len(set(hand)) > 1 for hand in scored)  # some hand scored seats unalike


def test_resampling_during_the_deal_keeps_the_players_cards() -> None:
    game, rng = load("notrump", 3), random.Random(2)
    state = game.new_initial_state()
    state.apply_action(52)  # dealer 0
    for card in rng.sample(range(52), 30):
        state.apply_action(card)
    size = places("notrump", 3)[0][1]
    for seat in range(3):
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.dealt_to(seat) == state.dealt_to(seat)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert len(set(world.cards)) == len(world.cards) == 30
    assert size == 17


def test_a_public_observer_sees_no_hand() -> None:
    game = load("rook", 4)
    state = dealt(game, random.Random(1))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    assert not public.dict["hand"].any() and public.dict["hand_sizes"].all()
    assert '"hand":' not in public.string_from(state, 0)
    assert '"hand":' in state.observation_string(0)
    with pytest.raises(ValueError, match="every player"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def _play_hand(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int) -> list[float]:
    """Play one hand with a bot per seat; every action must be legal."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=weights))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns: list[float] = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    return returns


@pytest.mark.parametrize(("name", "players"), [("sixtysix", 2), ("bidder", 3), ("rook", 4)],
                         ids=case_id)
def test_ismcts_with_our_resampler_plays_hands(name: str, players: int) -> None:
    game = load(name, players)
    bots = [ismcts_bot(game, seed=seat, max_simulations=6) for seat in range(players)]
    for hand in range(2):
        _play_hand(game, bots, seed=hand)


def test_ismcts_calls_the_states_own_resample_from_infostate() -> None:
    game = load("sixtysix", 2)
    random_state = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, random_state), 2.0, 6,
                           random_state=random_state)  # no set_resampler: the state's method
    _play_hand(game, [bot, pyspiel.make_uniform_random_bot(1, 3)], seed=4)


def test_action_to_string_names_an_id_out_of_range() -> None:
    state = load("sixtysix", 2).new_initial_state()
    with pytest.raises(tricktable.IllegalAction, match="action id 40 is not in sixtysix's table"):
        state.action_to_string(0, 40)
    with pytest.raises(tricktable.IllegalAction, match="action id -1 is not"):
        state.action_to_string(0, -1)
    with pytest.raises(tricktable.IllegalAction, match="chance outcome 26 is neither"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 26)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 25) == "dealer 1"
