"""A hand's plain trick play as ints with its rules as functions, for the int kernel.

Follow-suit, heading, trumping and trick winners live in the play core's
spec (:class:`tricktable.engine.play.PlaySpec`); a game at plain trick play
hands :meth:`~tricktable.engine.play.TrickGame.play_position` to the
double-dummy kernel (:mod:`tricktable.solver.kernel`) as a :class:`PlayPosition`,
whose ``legal`` and ``winner`` read that spec.

>>> position = PlayPosition(hands=(0b01, 0b10), trick=(), leader=1, side_of=(0, 1),
...     side_tricks=(0, 0), legal=lambda hand, trick: hand, winner=lambda trick: 0,
...     suit_of=(0, 0), points=(0, 0))
>>> position.players, position.to_move
(2, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tricktable.cards import Card, Seat


@dataclass(frozen=True)
class PlayPosition:
    """The rest of a hand's trick play reduced to ints, for the double-dummy kernel
    (:mod:`tricktable.solver.kernel`): a game that plays plain tricks offers one.

    ``legal(hand, trick)`` is the mask of the cards ``hand`` may play to the
    trick so far, ``winner(trick)`` the index of the card that takes a full
    trick; a trick scores its cards' ``points`` (plus ``trick_points``, and
    ``last_points`` for the hand's last) to the winner's side, and
    ``finish(side_tricks)`` adds what the sides' trick counts earn at the end
    (Rook's 20 for most cards).
    """

    hands: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: Seat
    side_of: tuple[int, ...]  # each seat's side
    side_tricks: tuple[int, ...]  # tricks each side has taken this hand
    legal: Callable[[int, tuple[Card, ...]], int]
    winner: Callable[[tuple[Card, ...]], int]
    suit_of: Sequence[int]  # for equivalent cards: same suit, same points, nothing between
    points: Sequence[int]
    copies: int = 1  # copies of each card in the deck (ids of a rank's copies are adjacent)
    trick_points: int = 0
    last_points: int = 0
    finish: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def to_move(self) -> Seat:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % len(self.hands)
