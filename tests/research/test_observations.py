"""Observations never depend on a card the seat cannot see.

Two deals that are identical from one seat's view give that seat identical
observations, in both adapters: worlds dealt anew by the engine's sampler
(``game.world(seat)``) at random points of random hands, and two OpenSpiel
deals that differ only in the other hands, played alike while the seat's view
stays the same. And the observations do see the seat's own cards.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import tricktable
from tests.conformance.support import case_id, game_cases
from tricktable.research.deals import places
from tricktable.research.encoding import Encoder
from tricktable.research.openspiel import TricktableState, short_name
from tricktable.research.pettingzoo import TricktableEnv

CASES = game_cases()
PRIVATE_KINDS = {"rook": "discard", "notrump": "give"}
"""Actions only their seat sees (and a Notrump pass's receiver, once delivered)."""


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_pettingzoo_observation_is_the_same_in_every_world_of_the_seat(name: str,
                                                                       players: int) -> None:
    environment, rng = TricktableEnv(name, players=players), random.Random(11)
    environment.reset(seed=11)
    real, compared, differed = environment.game, 0, 0
    while not real.is_over:
        if rng.random() < 0.3:
            for seat, agent in enumerate(environment.possible_agents):
                seen = environment.observe(agent)
                environment.game = real.world(seat, rng)
                other = environment.observe(agent)
                differed += environment.game.reveal() != real.reveal()
                environment.game = real
                assert np.array_equal(seen["observation"], other["observation"]), (name, seat)
                assert np.array_equal(seen["action_mask"], other["action_mask"]), (name, seat)
                compared += 1
        environment.step(rng.choice([a.id for a in real.legal_actions()]))
    assert compared and differed  # the worlds really moved the hidden cards


def _load(name: str, players: int) -> pyspiel.Game:
    several = len(tricktable.find_game(name).player_counts) > 1
    return pyspiel.load_game(short_name(name), {"players": players} if several else {})


def _state(game: pyspiel.Game, dealer: int, order: list[int]) -> TricktableState:
    state: TricktableState = game.new_initial_state()
    state.apply_action(len(order) + dealer)
    for card in order:
        state.apply_action(card)
    return state


def _seen(state: TricktableState, seat: int) -> tuple[object, ...]:
    return (state.observation_tensor(seat), state.information_state_tensor(seat),
            state.observation_string(seat), state.information_state_string(seat))


FACE_UP = {"trump", "left_over"}
"""Piles every seat sees from the start: Sixty-Six's turned-up trump, Bidder's left-over."""


def _hidden_cards_shuffled(name: str, players: int, order: list[int], seat: int,
                           rng: random.Random) -> list[int]:
    """The same deal but for the cards ``seat`` cannot see (the other hands, the face-down
    piles), shuffled among their places."""
    slots: list[int] = []
    start = 0
    for index, (place, size) in enumerate(places(name, players)):
        if index != seat and place not in FACE_UP:
            slots.extend(range(start, start + size))
        start += size
    cards = [order[i] for i in slots]
    rng.shuffle(cards)
    shuffled = list(order)
    for slot, card in zip(slots, cards, strict=True):
        shuffled[slot] = card
    return shuffled


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_openspiel_deals_alike_to_a_seat_look_alike_to_it(name: str, players: int) -> None:
    game = _load(name, players)
    rng, deck = random.Random(3), len(tricktable.find_game(name).deck)
    for seat in range(players):
        order = rng.sample(range(deck), deck)
        first = _state(game, seat, order)
        second = _state(game, seat, _hidden_cards_shuffled(name, players, order, seat, rng))
        assert str(first) != str(second)
        steps = 0
        while not first.is_terminal():
            view = first.game.view(seat)  # type: ignore[union-attr]
            if view != second.game.view(seat):  # type: ignore[union-attr]
                break  # the seat has been shown a card that differs (a meld, a pass)
            assert _seen(first, seat) == _seen(second, seat)
            steps += 1
            common = sorted(set(first.legal_actions()) & set(second.legal_actions()))
            if not common:
                break
            action = rng.choice(common)
            first.apply_action(action)
            second.apply_action(action)
        assert steps > 0


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_observations_see_the_seats_own_hand(name: str, players: int) -> None:
    game = _load(name, players)
    size, deck = places(name, players)[0][1], len(tricktable.find_game(name).deck)
    order = list(range(deck))
    swapped = list(order)
    swapped[0], swapped[size] = swapped[size], swapped[0]  # seat 0 and seat 1 swap a card
    first, second = _state(game, 0, order), _state(game, 0, swapped)
    assert first.observation_tensor(0) != second.observation_tensor(0)
    assert first.information_state_string(0) != second.information_state_string(0)


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_openspiel_deal_shows_a_seat_only_its_own_cards(name: str, players: int) -> None:
    """During the deal (card by card), a seat's tensors mark exactly the cards dealt to it so
    far, and deals that differ only in the other places' cards look alike to it."""
    game = _load(name, players)
    deck, size = tricktable.find_game(name).deck, places(name, players)[0][1]
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    rng = random.Random(6)
    for seat in range(players):
        order = rng.sample(range(len(deck)), len(deck))
        other = _hidden_cards_shuffled(name, players, order, seat, rng)
        first, second = game.new_initial_state(), game.new_initial_state()
        for state in (first, second):
            state.apply_action(len(deck) + seat)  # the dealer
        differed = False
        for dealt, (a, b) in enumerate(zip(order[:-1], other[:-1], strict=True), start=1):
            first.apply_action(a)
            second.apply_action(b)
            assert first.is_chance_node()
            differed |= a != b
            assert first.observation_tensor(seat) == second.observation_tensor(seat)
            assert first.information_state_tensor(seat) == second.information_state_tensor(
                seat)
            observer.set_from(first, seat)
            held = order[seat * size:min(dealt, (seat + 1) * size)]
            marked = [deck.ascii(card) for card in np.flatnonzero(observer.dict["hand"]).tolist()]
            assert Counter(marked) == Counter(deck.ascii(card) for card in held), dealt
        assert differed


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_an_action_a_seat_does_not_see_never_shows_to_it(name: str, players: int) -> None:
    """Two actions after which a seat's view is the same (Rook's discard to the others, a
    Notrump pass to the seats it does not go to) give it the same observations in both
    adapters: the cards remembered as played are only those played in view of all."""
    game, rng = _load(name, players), random.Random(7)
    environment = TricktableEnv(name, players=players)
    environment.reset(seed=7)  # its game is swapped for each branch's below
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    private = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) > 1:
            branches: list[TricktableState] = [state.clone(), state.clone()]
            for branch, action in zip(branches, rng.sample(legal, 2), strict=True):
                branch.apply_action(action)
            first, second = branches[0].game, branches[1].game
            assert first is not None and second is not None
            for seat, agent in enumerate(environment.possible_agents):
                if first.view(seat) != second.view(seat):
                    continue
                seen = []
                for branch, engine in zip(branches, (first, second), strict=True):
                    environment.game, environment.memory = engine, branch.memory
                    seen.append((*_seen(branch, seat),
                                 environment.observe(agent)["observation"].tolist()))
                assert seen[0] == seen[1], (name, seat, state.history()[-3:])
                private += 1
        state.apply_action(rng.choice(legal))
    assert private or name not in PRIVATE_KINDS


def test_which_pinochle_copy_a_seat_is_dealt_never_shows() -> None:
    game = pyspiel.load_game(short_name("pinochle"))
    order = list(range(48))
    order[0], order[1] = order[1], order[0]  # seat 0 gets 9S #2 first, then 9S #1
    order[4], order[12] = order[12], order[4]  # seat 0 gets no QS #1, only a QS #2: id 5
    other = list(order)
    other[0], other[1] = order[1], order[0]  # 9S #1 first, then 9S #2
    other[5], other[12] = order[12], order[5]  # seat 0 gets QS #1 (id 4) for QS #2 (id 5)
    first, second = game.new_initial_state(), game.new_initial_state()
    for state in (first, second):
        state.apply_action(48)  # dealer 0
    for a, b in zip(order, other, strict=True):
        first.apply_action(a)
        second.apply_action(b)
        for seat in range(4):
            assert first.observation_tensor(seat) == second.observation_tensor(seat)
    assert not first.is_chance_node()


def test_layout_covers_the_vector_and_the_hand_comes_first() -> None:
    for name, players in CASES:
        encoder = Encoder(name, players)
        layout = encoder.layout()
        assert layout[0][:3] == ("hand", 0, len(tricktable.find_game(name).deck))
        assert [start for _, start, _, _ in layout] == list(np.cumsum(
            [0] + [size for _, _, size, _ in layout[:-1]]))
        assert sum(size for _, _, size, _ in layout) == encoder.size
        assert len({feature for feature, *_ in layout}) == len(layout)
