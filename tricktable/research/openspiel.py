"""OpenSpiel games: every tricktable game registered as ``python_tricktable_<name>``.

Importing this module registers them with ``pyspiel``; load one with
``pyspiel.load_game("python_tricktable_bidder", {"players": 5})``. Parameters:
``players`` (for Notrump and Bidder, which allow several counts) and every
rules option of the game under its own name, with its default.

An episode is one hand. Chance deals it: first the dealer (outcome
``deck size + seat``), then the cards one at a time (outcome = card id) to
each seat's hand in turn and then to the game's piles
(:func:`tricktable.research.deals.places`); the hand is then played by the
rules engine from that explicit ``deal=``. Player actions are the ids of the
game's action table; an action or outcome not legal now raises
:class:`tricktable.IllegalAction` and changes nothing. Returns, at the end, are
each player's side's score for the hand in the game's own points (zero-sum where
the game declares it, else general-sum).

Observations come from the seat's ``view`` only: the tensor is the
:class:`~tricktable.research.encoding.Encoder` vector (the information-state
tensor is the same vector: it already holds every card played this hand by
who played it), the observation string is the view and the cards played, the
information-state string adds the hand's public log. A spectator observer
(``private_info=NONE``) reads the spectator's view.

``state.resample_from_infostate(player, sampler)`` deals every card the
player cannot see anew with the engine's world sampler (``game.world``):
uniformly among the deals consistent with all the seat knows. OpenSpiel's
Python IS-MCTS (``open_spiel.python.algorithms.ismcts``) calls it, or a
:class:`Resampler` given to ``set_resampler``; :func:`ismcts_bot` builds a
seeded one. The C++ ``pyspiel.ISMCTSBot`` cannot play Python games: the C++
side of a Python state does not forward ``ResampleFromInfostate`` to Python,
and its ``step`` releases the GIL before calling the Python state (it crashes
on OpenSpiel's own ``python_kuhn_poker`` too).

>>> import pyspiel
>>> game = pyspiel.load_game("python_tricktable_sixtysix")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the dealer first
(True, 2)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()][:2]
(1, ['play 9♥', 'play J♥'])
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tricktable.cards import Card, Seat
from tricktable.engine.actions import IllegalAction
from tricktable.engine.registry import find_game, game_names, new_game
from tricktable.engine.rules import PRESET, Rules
from tricktable.engine.state import JSON, GameState
from tricktable.research import extra_needed
from tricktable.research.deals import deal_of, places

with extra_needed():
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from tricktable.research.encoding import Encoder, PlayMemory, apply
    from tricktable.research.features import Vector, mark

PREFIX = "python_tricktable_"
def short_name(name: str) -> str:
    """OpenSpiel's name for a game: ``python_tricktable_rook``."""
    return PREFIX + name


@dataclass(frozen=True)
class HandConfig:
    """Which game, how many players and which rules options: what a state needs to start."""

    name: str
    players: int
    options: tuple[tuple[str, Any], ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> HandConfig:
        return self  # immutable: states share it


class Forked:
    """A game within its one hand, copied with the engine's fast ``fork`` (OpenSpiel clones
    states by deep-copying their attributes)."""

    def __init__(self, game: GameState) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Forked:
        return Forked(self.game.fork())


@functools.cache
def encoder_for(name: str, players: int) -> Encoder:
    """The (shared) observation encoder of a game and number of players."""
    return Encoder(name, players)


def hand_bounds(name: str, players: int, rules: Rules) -> tuple[float, float, int]:
    """Each player's least and greatest return in one hand, and the most decisions in it,
    as the game declares them.

    >>> hand_bounds("rook", 4, find_game("rook").rules_type())
    (-200.0, 200.0, 89)
    """
    bounds = find_game(name).hand_bounds(players, rules)
    return float(bounds.low), float(bounds.high), bounds.decisions


def game_type(name: str) -> pyspiel.GameType:
    """The OpenSpiel game type of a tricktable game: its name, players and parameters."""
    cls = find_game(name)
    counts = cls.player_counts
    parameters: dict[str, Any] = {"players": counts[0]} if len(counts) > 1 else {}
    parameters.update((row["name"], row["default"]) for row in cls.rules_type.describe())
    if cls.rules_type.presets:
        parameters[PRESET] = ""  # a preset's name; "": none
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python tricktable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if cls.zero_sum
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class TricktableGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One tricktable game as an OpenSpiel game of one hand (see the module's doc)."""

    tricktable_name: ClassVar[str]  # set by each game's subclass (see register_games)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.tricktable_name
        cls = find_game(name)
        kind = game_type(name)
        params = {**kind.parameter_specification, **(params or {})}
        players = int(params.pop("players", cls.player_counts[0]))
        if params.get(PRESET):  # a preset's options, but for those given a value of their own
            defaults = kind.parameter_specification
            params = {k: v for k, v in params.items() if k == PRESET or v != defaults[k]}
        rules = cls.rules_type.from_options(params)
        game = new_game(name, seed=0, players=players, options=params)  # checks them
        if not game.deal_is_declared():
            raise ValueError(f"{cls.title} with these options deals other hands and piles than "
                             f"it declares: OpenSpiel's card-by-card deal cannot play it (the "
                             f"PettingZoo environment with episode='game' can)")
        low, high, length = hand_bounds(name, players, rules)
        deck = len(cls.deck)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(cls.table),
            max_chance_outcomes=deck + players,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if cls.zero_sum else None,
            max_game_length=length,
        )
        several = "players" in kind.parameter_specification
        super().__init__(kind, info, {**params, "players": players} if several else params)
        self.config = HandConfig(name, players, tuple(sorted(params.items())))

    def new_initial_state(self) -> TricktableState:
        """A hand before the deal: the dealer is chance's first outcome."""
        return TricktableState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> TricktableObserver:
        """The observer OpenSpiel asks for: a seat's (default) or the spectator's."""
        return TricktableObserver(
            self.config, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class TricktableState(pyspiel.State):  # type: ignore[misc]
    """A hand: the deal so far (chance), then the engine's game and what all seats saw."""

    def __init__(self, game: TricktableGame) -> None:
        super().__init__(game)
        self.config: HandConfig = game.config
        self.dealer: Seat | None = None
        self.cards: list[Card] = []  # chance outcomes so far, cleared once the hand starts
        self.forked: Forked | None = None
        self.memory = PlayMemory()
        self.public: list[str] = []  # the hand's log as a spectator saw it
        self.logged = 0  # entries of the engine's log already in ``public``

    @property
    def game(self) -> GameState | None:
        """The engine's game, once the deal is complete."""
        return None if self.forked is None else self.forked.game

    # -- the OpenSpiel state API ------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        game = self.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.to_move or 0

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        return sorted(action.id for action in self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (one of ``players``), then each undealt card, uniformly."""
        deck = len(find_game(self.config.name).deck)
        if self.dealer is None:
            seats = self.config.players
            return [(deck + seat, 1.0 / seats) for seat in range(seats)]
        left = sorted(set(range(deck)) - set(self.cards))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        """Apply a player's action id or a chance outcome; one not legal now raises
        IllegalAction and changes nothing (OpenSpiel's history neither)."""
        game = self.game
        if game is not None:
            apply(game, self.memory, action)
            self._log()
        elif action not in {outcome for outcome, _ in self.chance_outcomes()}:
            raise IllegalAction(f"chance outcome {action!r} is not possible now")
        elif self.dealer is None:
            self.dealer = action - len(find_game(self.config.name).deck)
        else:
            self.cards.append(action)
            if len(self.cards) == len(find_game(self.config.name).deck):
                self._start()

    def _start(self) -> None:
        name, players = self.config.name, self.config.players
        deal = deal_of(name, players, self.dealer or 0, self.cards, dict(self.config.options))
        self.forked = Forked(new_game(name, seed=0, players=players,
                                      options=dict(self.config.options), deal=deal))
        self.cards = []
        self._log()

    def _log(self) -> None:
        game = self.game
        assert game is not None
        self.public.extend(event.seen_by(None) for event in game.log[self.logged:])
        self.logged = len(game.log)

    def _action_to_string(self, player: int, action: int) -> str:
        cls = find_game(self.config.name)
        deck = cls.deck
        if player != pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(cls.table.actions):
                raise IllegalAction(f"action id {action} is not in {cls.name}'s table of"
                                    f" {len(cls.table.actions)} actions")
            return cls.table.actions[action].text
        if not 0 <= action < len(deck) + self.config.players:
            raise IllegalAction(f"chance outcome {action} is neither a card nor a dealer")
        if action >= len(deck):
            return f"dealer {action - len(deck)}"
        copy_number = action % deck.copies + 1 if deck.copies > 1 else 0
        return f"deal {deck.ascii(action)}" + (f" #{copy_number}" if copy_number else "")

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        """Each player's side's score for the hand (0 until it ends)."""
        game = self.game
        if game is None or not game.is_over:
            return [0.0] * self.config.players
        deltas = game.results[-1].deltas
        return [float(deltas[game.side_of(seat)]) for seat in range(self.config.players)]

    def __str__(self) -> str:
        game = self.game
        if game is None:
            deck = find_game(self.config.name).deck
            return f"dealer {self.dealer}; dealt {' '.join(deck.ascii(c) for c in self.cards)}"
        return json.dumps({"cards": game.reveal(), "table": game.view(None)},
                          sort_keys=True, ensure_ascii=False)

    # -- what a seat sees -------------------------------------------------------------------

    def dealt_to(self, seat: Seat) -> list[Card]:
        """The cards chance has dealt to ``seat``'s hand so far (during the deal)."""
        size = places(self.config.name, self.config.players, dict(self.config.options))[0][1]
        return self.cards[seat * size:(seat + 1) * size]

    def encode(self, seat: Seat, private: bool, out: Vector) -> None:
        """Write the observation vector of ``seat`` (its view, or a spectator's) into ``out``."""
        encoder = encoder_for(self.config.name, self.config.players)
        game = self.game
        if game is not None:
            encoder.encode(game.view(seat if private else None), seat, self.memory, out)
            return
        out.fill(0)
        parts = encoder.parts(out)
        if private:
            deck = find_game(self.config.name).deck
            mark(deck, parts["hand"], map(deck.ascii, self.dealt_to(seat)))
        if self.dealer is not None:
            parts["dealer"][(self.dealer - seat) % self.config.players] = 1

    def describe(self, seat: Seat, private: bool, perfect_recall: bool) -> str:
        """The observation (or information-state) string of ``seat``."""
        game = self.game
        if game is None:
            deck = find_game(self.config.name).deck
            held = " ".join(deck.ascii(card) for card in self.dealt_to(seat)) if private else "?"
            return f"seat {seat}; dealer {self.dealer}; dealt {len(self.cards)}; holds {held}"
        seen: JSON = {"seat": seat, "view": game.view(seat if private else None),
                      "played": self.memory.plays}
        if perfect_recall:
            seen["log"] = self.public
        return json.dumps(seen, sort_keys=True, ensure_ascii=False)

    # -- resampling -------------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> TricktableState:
        """A state ``player_id`` cannot tell from this one: every card it cannot see dealt
        anew (the engine's ``game.world``), with the same public history."""
        return self.resample(player_id, random.Random(int(probability_sampler() * 2**53)))

    def resample(self, seat: Seat, rng: random.Random) -> TricktableState:
        """:meth:`resample_from_infostate` with a Python RNG. The new state has no
        OpenSpiel history: the real one records the real deal."""
        state: TricktableState = self.get_game().new_initial_state()
        state.dealer = self.dealer
        game = self.game
        if game is None:
            state.cards = self._redealt(seat, rng)
            return state
        state.forked = Forked(game.world(seat, rng))
        state.memory = copy.deepcopy(self.memory)
        state.public = list(self.public)
        state.logged = 0  # a world's log starts empty
        return state

    def _redealt(self, seat: Seat, rng: random.Random) -> list[Card]:
        """The cards dealt so far, those of other places drawn anew from all ``seat`` has not
        been dealt (still during the deal)."""
        size = places(self.config.name, self.config.players, dict(self.config.options))[0][1]
        own = set(self.dealt_to(seat))
        pool = [c for c in range(len(find_game(self.config.name).deck)) if c not in own]
        others = iter(rng.sample(pool, len(self.cards) - len(own)))
        return [card if seat * size <= index < (seat + 1) * size else next(others)
                for index, card in enumerate(self.cards)]


class TricktableObserver:
    """OpenSpiel's Python observer: a seat's vector and string, or a spectator's."""

    def __init__(self, config: HandConfig, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every player's private cards is not offered")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        encoder = encoder_for(config.name, config.players)
        self.tensor: Vector = np.zeros(encoder.size, dtype=np.float32)
        self.dict = encoder.parts(self.tensor)

    def set_from(self, state: TricktableState, player: int) -> None:
        """Fill ``tensor`` (and ``dict``, its named parts) from ``player``'s seat."""
        state.encode(player, self.private, self.tensor)

    def string_from(self, state: TricktableState, player: int) -> str:
        """The observation or information-state string of ``player``."""
        return state.describe(player, self.private, self.perfect_recall)


class Resampler:
    """A seeded resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state``."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: TricktableState, player: int) -> TricktableState:
        return state.resample(player, self.rng)


def ismcts_bot(game: TricktableGame, seed: int = 0, max_simulations: int = 100,
               rollouts: int = 1, uct_c: float = 2.0) -> ismcts.ISMCTSBot:
    """OpenSpiel's Python IS-MCTS bot with random rollouts, resampling with our worlds.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_tricktable_sixtysix")
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> ismcts_bot(game, seed=1, max_simulations=5).step(state) in state.legal_actions()
    True
    """
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations, random_state=random_state)
    bot.set_resampler(Resampler(seed))
    return bot


def register_games() -> None:
    """Register every tricktable game with OpenSpiel (done once, on import)."""
    registered = set(pyspiel.registered_names())
    for name in game_names():
        if short_name(name) not in registered:
            pyspiel.register_game(game_type(name), game_class(name))


@functools.cache
def game_class(name: str) -> type[TricktableGame]:
    """The OpenSpiel game class of one tricktable game, ``RookGame(params)``.

    A class, not a closure, is what OpenSpiel keeps as the game's creator: it lives as
    long as the interpreter (a closure freed after Python shuts down crashes it).
    """
    title = find_game(name).title.replace("-", "")
    return type(f"{title}Game", (TricktableGame,), {"tricktable_name": name})


register_games()
