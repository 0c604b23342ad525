"""Trick-taking helpers shared by every game: following suit and trick winners.

Card strengths come from a per-game *key table*: ``key[card]`` is 0 for a card
that cannot win the trick, and higher for stronger cards (trumps above the led
suit). The first card of the highest key wins, so of two equal cards the first
played wins.

>>> follow_mask(0b1111_0000, 0b0011_0000), follow_mask(0b1100, 0b0011)
(48, 12)
>>> winner_index([5, 9, 2], [0, 0, 1, 0, 0, 3, 0, 0, 0, 3])  # 5 and 9 tie: the first wins
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.cards import Card, Deck, Seat


def follow_mask(hand: int, suit_mask: int) -> int:
    """The cards a player may play to a trick: those of the led suit, else any."""
    return hand & suit_mask or hand


def follow_or_trump_mask(hand: int, suit_mask: int, trump_mask: int) -> int:
    """The cards a player may play when a void must trump: the led suit, else trumps, else any.

    >>> follow_or_trump_mask(0b1100_0011, 0b0011_0000, 0b0000_1111)
    3
    """
    return hand & suit_mask or hand & trump_mask or hand


def winner_index(cards: Sequence[Card], key: Sequence[int]) -> int:
    """Index in ``cards`` of the card that wins: the first of the highest key."""
    best, best_key = 0, key[cards[0]]
    for index in range(1, len(cards)):
        k = key[cards[index]]
        if k > best_key:
            best, best_key = index, k
    return best


def beating_mask(mask: int, key: Sequence[int], to_beat: int) -> int:
    """The cards of ``mask`` whose key is above ``to_beat`` (those that head the trick).

    >>> beating_mask(0b111, [1, 5, 3], 2)
    6
    """
    result = 0
    rest = mask
    while rest:
        low = rest & -rest
        if key[low.bit_length() - 1] > to_beat:
            result |= low
        rest ^= low
    return result


def trick_view(
    deck: Deck, cards: Sequence[Card], leader: Seat, players: int
) -> list[dict[str, Any]]:
    """A trick as a view shows it: who played which card, in order.

    >>> from tricktable.cards import ROOK
    >>> trick_view(ROOK, [12, 0], leader=3, players=4)
    [{'seat': 3, 'card': 'R14'}, {'seat': 0, 'card': 'R2'}]
    """
    return [{"seat": (leader + i) % players, "card": deck.text(c)} for i, c in enumerate(cards)]


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
