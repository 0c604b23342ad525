"""The PettingZoo environments: PettingZoo's own API test for every game and player count,
seeding, action masks and rewards."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tests.conformance.support import case_id, game_cases
from tricktable import IllegalAction
from tricktable.research.pettingzoo import TricktableEnv, env

CASES = game_cases()
DICT_OBSERVATION_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)
"""What api_test says of every observation that is a dict with an action mask (it names
PettingZoo's own classic games, which observe the same way, to keep them quiet)."""


def _api_test(environment: object) -> None:
    """PettingZoo's api_test; any warning but the dict-observation ones fails."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(environment, num_cycles=1000)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)}
    assert not unexpected, unexpected


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_pettingzoo_api_test_passes_for_a_hand(name: str, players: int) -> None:
    _api_test(env(name, players=players))


@pytest.mark.parametrize(("name", "players", "options"), [
    ("sixtysix", 2, {"target": 3}),
    ("bidder", 3, {"deals": 2, "knocking": True, "contra": True}),
    ("sixtysix", 2, {"short_deck": True, "announce": True, "strict_follow": True,
                     "played_out": "last_trick", "last_trick": 0, "target": 3}),
], ids=["sixtysix", "bidder-3p", "schnapsen"])
def test_pettingzoo_api_test_passes_for_a_whole_game(name: str, players: int,
                                                      options: dict[str, object]) -> None:
    _api_test(env(name, players=players, options=options, episode="game"))


def test_a_hand_episode_it_cannot_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="play whole games"):
        TricktableEnv("sixtysix", options={"short_deck": True})


def test_seeded_resets_give_the_same_episodes() -> None:
    seed_test(lambda: env("rook"), num_cycles=200)
    first, second = TricktableEnv("notrump", players=3), TricktableEnv("notrump", players=3)
    first.reset(seed=7)
    first.reset()  # the next episode of seed 7
    second.reset(seed=7)
    second.reset()
    assert first.game.reveal() == second.game.reveal()
    second.reset(seed=8)
    assert first.game.reveal() != second.game.reveal()


def _random_episode(environment: TricktableEnv, rng: random.Random) -> dict[str, float]:
    """Play one episode by random legal ids, checking the masks; return each agent's total."""
    totals = {agent: 0.0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        if terminated or truncated:
            assert not mask.any()
            environment.step(None)
            continue
        legal = sorted(action.id for action in environment.game.legal_actions())
        assert np.flatnonzero(mask).tolist() == legal
        for other in environment.agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        environment.step(rng.choice(legal))
    return totals


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_action_mask_is_legal_actions_and_rewards_are_hand_scores(name: str,
                                                                  players: int) -> None:
    environment = TricktableEnv(name, players=players)
    rng = random.Random(1)
    for seed in range(2):
        environment.reset(seed=seed)
        totals = _random_episode(environment, rng)
        game = environment.game
        assert game.is_over and len(game.results) == 1
        deltas = game.results[0].deltas
        assert totals == {agent: float(deltas[game.side_of(seat)])
                          for seat, agent in enumerate(environment.possible_agents)}


def test_a_whole_game_rewards_every_hand() -> None:
    environment = TricktableEnv("sixtysix", episode="game")
    environment.reset(seed=3)
    totals = _random_episode(environment, random.Random(3))
    game = environment.game
    assert game.is_over and len(game.results) > 1
    assert totals == {"player_0": game.scores[0], "player_1": game.scores[1]}


def _bookkeeping(environment: TricktableEnv) -> tuple[object, ...]:
    """Everything a step may change: the game, the plays seen, whose turn, the rewards."""
    return (environment.game.reveal(), list(environment.game.history),
            list(environment.memory.plays), environment.agent_selection,
            dict(environment.rewards), dict(environment._cumulative_rewards))


BAD_IDS: list[tuple[str, Callable[[int, int], object], str]] = [
    ("masked-out", lambda legal, size: 28, "discard"),  # Rook's first discard id
    ("negative", lambda legal, size: legal - size, r"action id -\d+ is not in rook's table"),
    ("too-big", lambda legal, size: 999, "action id 999 is not in rook's table of 148 actions"),
    ("float", lambda legal, size: legal + 0.7, r"action id \d+\.7 is not an integer"),
    ("whole-float", lambda legal, size: float(legal), "is not an integer"),
    ("bool", lambda legal, size: True, "action id True is not an integer"),
    ("numpy-bool", lambda legal, size: np.True_, "is not an integer"),
    ("text", lambda legal, size: str(legal), "is not an integer"),
    ("none", lambda legal, size: None, "player_.* is to move: None is not an action"),
]
"""Ids no step may take, made from a legal id and the table's size, and what the error says."""


@pytest.mark.parametrize(("bad", "message"), [(make, message) for _, make, message in BAD_IDS],
                         ids=[name for name, *_ in BAD_IDS])
def test_a_bad_id_raises_and_changes_nothing(bad: Callable[[int, int], object],
                                             message: str) -> None:
    environment = TricktableEnv("rook")
    environment.reset(seed=2)
    environment.step(0)  # bid 70
    agent = environment.agent_selection
    environment._cumulative_rewards[agent] = 5.0  # as if rewarded and not yet collected
    legal = int(np.flatnonzero(environment.observe(agent)["action_mask"])[-1])
    before = _bookkeeping(environment)
    with pytest.raises(IllegalAction, match=message):
        environment.step(bad(legal, len(environment.game.table)))  # type: ignore[arg-type]
    assert _bookkeeping(environment) == before
    assert environment.last()[1] == 5.0


def test_numpy_integer_ids_are_actions() -> None:
    environment = env("rook")
    environment.reset(seed=2)
    agent = environment.agent_selection
    legal = np.flatnonzero(environment.observe(agent)["action_mask"])
    environment.step(legal[0])  # a numpy int64, as Discrete.sample gives
    assert environment.unwrapped.game.history == [environment.unwrapped.game.table
                                                  .actions[int(legal[0])].text]
    assert environment.agent_selection != agent


def test_a_done_agent_still_steps_with_none() -> None:
    environment = TricktableEnv("sixtysix")
    environment.reset(seed=3)
    _random_episode(environment, random.Random(3))  # steps every done agent with None
    assert not environment.agents
    environment.reset(seed=3)
    rng = random.Random(3)
    while not environment.game.is_over:
        environment.step(rng.choice([a.id for a in environment.game.legal_actions()]))
    with pytest.raises(ValueError, match="only valid action is None"):
        environment.step(0)  # PettingZoo's own rule for a done agent


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="episode"):
        TricktableEnv("rook", episode="forever")
    with pytest.raises(ValueError, match="not 7"):
        TricktableEnv("bidder", players=7)
