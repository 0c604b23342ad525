"""PettingZoo AEC environments: every game, every player count, one seat per agent.

``env("rook")`` (or ``TricktableEnv`` unwrapped) plays one game by the rules
engine. Agents are ``player_0`` .. ``player_{n-1}``, one per seat. The action
space is ``Discrete(len(table))``: the ids of the game's whole action table
(``type(game).table``), the same at every step; the observation is a dict of
``observation`` (the seat's vector from :class:`~tricktable.research.encoding.Encoder`,
float32 in [-1, 1]) and ``action_mask`` (int8, 1 for each legal id, all 0 when
the agent is not to move). An action outside the mask (an id not legal now, not in
the table or not an integer) raises :class:`tricktable.IllegalAction` and changes
nothing.

An episode is one hand (``episode="hand"``, the default: a random deal from
the environment's seeded RNG, the dealer too) or one whole game
(``episode="game"``). When a hand ends, each agent is rewarded its side's
score for that hand, in the game's own points (``results[-1].deltas``);
every other step rewards 0. ``reset(seed=S)`` makes the episodes that follow
reproducible; ``reset``'s ``options`` are not used (the rules options are
given to the constructor).

>>> env = TricktableEnv("notrump", players=3)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, env.action_space(env.agent_selection)
((779,), Discrete(214))
>>> [env.unwrapped.game.table.actions[i].text for i in observation["action_mask"].nonzero()[0]]
['notrump', 'contract ♠', 'contract ♥', 'contract ♦', 'contract ♣', 'pass']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from tricktable.cards import Seat
from tricktable.engine.actions import IllegalAction
from tricktable.engine.registry import find_game, new_game
from tricktable.engine.state import GameState
from tricktable.research import extra_needed
from tricktable.research.deals import random_deal

with extra_needed():
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    from tricktable.research.encoding import Encoder, PlayMemory, action_mask, apply

EPISODES = ("hand", "game")


def env(game: str, **kwargs: Any) -> Any:
    """A :class:`TricktableEnv` in PettingZoo's order-enforcing wrapper (the usual entry)."""
    return wrappers.OrderEnforcingWrapper(TricktableEnv(game, **kwargs))


class TricktableEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One game of tricktable as a PettingZoo AEC environment (see the module's doc)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tricktable_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None,
                 options: Mapping[str, Any] | None = None, episode: str = "hand",
                 render_mode: str | None = None) -> None:
        super().__init__()
        cls = find_game(game)
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.name = cls.name
        self.players = cls.player_counts[0] if players is None else players
        self.options = dict(options or {})
        self.episode = episode
        self.render_mode = render_mode
        self.game: GameState = new_game(self.name, seed=0, players=self.players,
                                        options=self.options)  # checks players and options
        if episode == "hand" and not self.game.deal_is_declared():
            raise ValueError(f"{cls.title} with these options deals other hands and piles than "
                             f"it declares: play whole games (episode='game')")
        self.memory = PlayMemory()
        self.encoder = Encoder(self.name, self.players)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        actions = len(cls.table)
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (one object per agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: every id of the game's action table."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode; a seed makes it and the episodes after it reproducible."""
        if seed is not None:
            self._seeds = random.Random(seed)
        deal = random_deal(self.name, self.players, self._seeds, self.options) \
            if self.episode == "hand" else None
        self.game = new_game(self.name, seed=self._seeds.randrange(2**32), players=self.players,
                             options=self.options, deal=deal)
        self.memory = PlayMemory()
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.game.to_move)

    def _agent(self, seat: Seat | None) -> str:
        return self.possible_agents[seat or 0]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees, as a vector, and its action mask."""
        seat = self.possible_agents.index(agent)
        to_move = agent == self.agent_selection and not self.game.is_over
        return {
            "observation": self.encoder.encode(self.game.view(seat), seat, self.memory),
            "action_mask": action_mask(self.game) if to_move
            else np.zeros(len(self.game.table), dtype=np.int8),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action (an id of the game's action table; None once
        the agent is done). An id not legal now raises IllegalAction and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} is to move: None is not an action")
        hands = len(self.game.results)
        apply(self.game, self.memory, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for result in self.game.results[hands:]:
            for seat, name in enumerate(self.agents):
                self.rewards[name] += float(result.deltas[self.game.side_of(seat)])
        if self.game.is_over:
            self.terminations = {name: True for name in self.agents}
        else:
            self.agent_selection = self._agent(self.game.to_move)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table's log as a spectator sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return "\n".join(self.game.table_log(None))

    def close(self) -> None:
        """Nothing to release."""
