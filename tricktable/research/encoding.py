"""Observation vectors for learning agents: one seat's view as a flat numpy vector.

An :class:`Encoder` reads nothing but ``game.view(seat)`` (JSON, what the seat
may see at the table) and a :class:`PlayMemory` of the cards played this hand
(public: every seat saw them played), so no observation can depend on a card
the seat may not see. The vector is a run of named *features*, the same for
every seat of a game and player count; ``Encoder.layout()`` lists them (and
docs/research.md prints them for every game). Seats are counted from the
observing seat (0 itself, 1 the next seat in turn, ...), sides from its own
side; every value lies in [-1, 1].

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=1)
>>> encoder = Encoder("rook", 4)
>>> vector = encoder.encode(game.view(0), 0, PlayMemory())
>>> vector.shape, int(vector[:57].sum())  # the hand comes first: 14 cards
((669,), 14)
>>> encoder.layout()[0]
('hand', 0, 57, "the seat's own hand: 1 for each card it holds")
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tricktable.cards import Card, Seat
from tricktable.engine.actions import Action, IllegalAction
from tricktable.engine.registry import find_game, new_game
from tricktable.engine.state import JSON, GameState
from tricktable.research.features import Reading, Vector, common_features

Mask = npt.NDArray[np.int8]

PLAY_KINDS = frozenset({"play", "call", "marry"})
"""Action kinds that put their card on the table (a call or a marriage plays it too)."""


@dataclass
class PlayMemory:
    """Who played which card this hand, in order: what every seat saw on the table."""

    plays: list[tuple[Seat, Card]] = field(default_factory=list)

    def clear(self) -> None:
        """Forget the plays (a new hand)."""
        self.plays.clear()


def table_action(game: GameState, action_id: object) -> Action:
    """The action numbered ``action_id`` in the game's table (a numpy integer will do; a bool
    will not); :class:`IllegalAction` if the table has no such id.

    >>> import tricktable
    >>> game = tricktable.new_game("rook", seed=1)
    >>> table_action(game, 27).text
    'pass'
    >>> table_action(game, -1)
    Traceback (most recent call last):
    tricktable.engine.actions.IllegalAction: action id -1 is not in rook's table of 148 actions
    """
    if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
        raise IllegalAction(f"action id {action_id!r} is not an integer")
    actions = game.table.actions
    if not 0 <= action_id < len(actions):
        raise IllegalAction(f"action id {action_id} is not in {game.name}'s table of"
                            f" {len(actions)} actions")
    return actions[action_id]


def apply(game: GameState, memory: PlayMemory, action_id: object) -> None:
    """Apply the action of id ``action_id`` and remember its card if it was played; a new hand
    clears the memory. An id that is not legal now raises :class:`IllegalAction` and changes
    nothing.

    >>> import tricktable
    >>> game, memory = tricktable.new_game("sixtysix", seed=4), PlayMemory()
    >>> apply(game, memory, game.legal_actions()[0].id)
    >>> memory.plays
    [(1, 5)]
    """
    action = table_action(game, action_id)
    seat, hand = game.to_move, len(game.results)
    game.apply(action)  # checks legality first
    if action.kind in PLAY_KINDS and seat is not None and action.arg is not None:
        memory.plays.append((seat, action.arg))
    if len(game.results) != hand and not game.is_over:
        memory.clear()


def action_mask(game: GameState) -> Mask:
    """1 for each id of the game's action table that is legal now, else 0.

    >>> import tricktable
    >>> game = tricktable.new_game("rook", seed=1)
    >>> mask = action_mask(game)
    >>> mask.shape, [game.table.actions[i].text for i in np.flatnonzero(mask)][:2]
    ((148,), ['bid 70', 'bid 75'])
    """
    mask = np.zeros(len(game.table), dtype=np.int8)
    for action in game.legal_actions():
        mask[action.id] = 1
    return mask


class Encoder:
    """The observation vector of one game and number of players.

    >>> encoder = Encoder("bidder", 3)
    >>> encoder.size, [name for name, *_ in encoder.layout()][-3:]
    (300, ['knockers', 'contra_by', 'left_over'])
    """

    def __init__(self, name: str, players: int) -> None:
        cls = find_game(name)
        self.deck = cls.deck
        self.sides = new_game(name, seed=0, players=players).sides
        sides = len(self.sides)
        self.features = (common_features(self.deck, players, sides, cls.phases)
                         + cls.features(players, sides))  # the game's own, as it declares them
        self.size = sum(feature.size for feature in self.features)

    def layout(self) -> list[tuple[str, int, int, str]]:
        """Each feature's name, first index, size and meaning, in order."""
        rows, start = [], 0
        for feature in self.features:
            rows.append((feature.name, start, feature.size, feature.doc))
            start += feature.size
        return rows

    def encode(self, view: JSON, seat: Seat, memory: PlayMemory,
               out: Vector | None = None) -> Vector:
        """The vector of ``view`` (what ``seat`` sees: its view, or a spectator's)."""
        vector = np.zeros(self.size, dtype=np.float32) if out is None else out
        vector.fill(0)
        reading = Reading(self.deck, self.sides, view, seat, memory.plays)
        start = 0
        for feature in self.features:
            part = vector[start:start + feature.size].reshape(feature.shape)
            feature.fill(reading, part)
            start += feature.size
        return vector

    def parts(self, vector: Vector) -> dict[str, Vector]:
        """Named, shaped views into ``vector``, one per feature."""
        parts, start = {}, 0
        for feature in self.features:
            parts[feature.name] = vector[start:start + feature.size].reshape(feature.shape)
            start += feature.size
        return parts
