"""Helpers any game's heuristic bot can reuse: reading views and remembering the hand.

A bot sees only its seat's view, and only on its own turns, so what it
remembers (cards seen played, suits a seat has shown void in) must be
gathered from each view it is given and forgotten when a new hand starts.

>>> from tricktable.cards import ROOK
>>> reader = CardReader(ROOK)
>>> mask = reader.mask(["R1", "Rook"])
>>> [ROOK.text(c) for c in reader.cards(["Rook", "R1"])], mask.bit_count()
(['Rook', 'R1'], 2)
>>> memory = TableMemory(4)
>>> memory.note_trick([(0, 14), (1, 2), (2, 15), (3, 16)], lambda card: card // 14)
>>> memory.voids[1], memory.seen.bit_count()  # seat 1 did not follow suit 1
(2, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tricktable.cards import Card, Deck, Seat, Suit
from tricktable.engine.play import Trick, TrickGame

View = dict[str, Any]
Play = tuple[Seat, Card]


class CardReader:
    """Parses the card texts of a view, with a cache (views repeat the same texts)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self._cache: dict[str, Card] = {}

    def card(self, text: str) -> Card:
        """The card id of one text (``"R14"``)."""
        card = self._cache.get(text)
        if card is None:
            card = self._cache[text] = self.deck.parse(text)
        return card

    def cards(self, texts: Iterable[str]) -> list[Card]:
        """The card ids of several texts, in order."""
        return [self.card(text) for text in texts]

    def mask(self, texts: Iterable[str]) -> int:
        """The bitmask of several card texts."""
        mask = 0
        for text in texts:
            mask |= 1 << self.card(text)
        return mask

    def plays(self, entries: Sequence[dict[str, Any]] | None) -> list[Play]:
        """A trick as a view shows it (``[{"seat": 1, "card": "R5"}, ...]``) as pairs."""
        return [(entry["seat"], self.card(entry["card"])) for entry in entries or ()]


def hand_signature(view: View) -> tuple[Any, ...]:
    """What tells one hand from the next: its number and dealer.

    >>> hand_signature({"hand_number": 3, "dealer": 1})
    (3, 1)
    """
    return (view.get("hand_number"), view.get("dealer"))


def cards_out(view: View) -> int:
    """Cards still in the hands and centre piles; it only falls within a hand.

    >>> cards_out({"hand_sizes": [14, 14, 13, 13], "nest_size": 1})
    55
    """
    return sum(view.get("hand_sizes", ())) + int(view.get("nest_size") or 0)


class TableMemory:
    """What a player remembers of one hand: cards seen played, voids shown.

    ``voids[seat]`` is a bitmask of suits that seat failed to follow, so it
    holds none of them. Noting the same trick twice changes nothing.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.seen = 0
        self.voids = [0] * players
        self._signature: tuple[Any, ...] | None = None
        self._cards_out = 0

    def reset(self) -> None:
        """Forget everything (a new hand)."""
        self.seen = 0
        self.voids = [0] * self.players

    def start(self, view: View) -> bool:
        """Reset if ``view`` belongs to a new hand; return True if it did.

        A new hand shows a new signature, or more cards out than last time
        (a bot reused for another single-hand game of the same number).
        """
        return self.begin(hand_signature(view), cards_out(view))

    def begin(self, signature: tuple[Any, ...], out: int) -> bool:
        """:meth:`start` from the hand's signature and its cards out, however read (a view,
        or the engine's state: :meth:`HeuristicBot.play_state` of a game's bot)."""
        fresh = signature != self._signature or out > self._cards_out
        if fresh:
            self.reset()
        self._signature, self._cards_out = signature, out
        return fresh

    def note_trick(self, plays: Sequence[Play], suit_of: Callable[[Card], Suit]) -> None:
        """Remember a trick (complete or not): its cards, and who did not follow."""
        if not plays:
            return
        led = suit_of(plays[0][1])
        for seat, card in plays:
            self.seen |= 1 << card
            if suit_of(card) != led:
                self.voids[seat] |= 1 << led


def remembered(tricks: Iterable[tuple[Sequence[Card], Sequence[Seat | None], Any]],
               players: int, suit_of: Callable[[Card], Suit]) -> TableMemory:
    """What a seat that watched ``tricks`` remembers (the engine's ``finished`` tricks, each
    ``(cards, seats, winner)``, and perhaps the trick in progress): the state-reading twin
    of noting each trick a view shows, since every seat sees every card played. A card
    turned up by nobody (seat None) is seen, and leads its trick, but shows no void.

    >>> memory = remembered([([14, 2, 15, 16], [0, 1, 2, 3], 0)], 4, lambda card: card // 14)
    >>> memory.voids[1], memory.seen.bit_count()
    (2, 4)
    >>> memory = remembered([([2, 15], [None, 0], None)], 4, lambda card: card // 14)
    >>> memory.voids[0], memory.seen.bit_count()
    (1, 2)
    """
    memory = TableMemory(players)
    seen, voids = 0, memory.voids
    for cards, seats, _ in tricks:
        if not cards:
            continue
        led = suit_of(cards[0])
        for seat, card in zip(seats, cards, strict=True):
            seen |= 1 << card
            if seat is not None and suit_of(card) != led:
                voids[seat] |= 1 << led
    memory.seen = seen
    return memory


def watched(game: TrickGame, suit_of: Callable[[Card], Suit],
            tricks: Iterable[Trick] | None = None) -> TableMemory:
    """What the seat to move remembers of the hand, read from the engine's state: every
    finished trick (``tricks``, by default ``game.finished``) and the trick in progress
    (:func:`remembered`). Every seat sees these, so reading them peeks at nothing.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(players=4, finished=[([14, 2, 15, 16], [0, 1, 2, 3], 0)],
    ...                        trick=[3, 30], trick_seats=[0, 1])
    >>> memory = watched(game, lambda card: card // 14)  # type: ignore[arg-type]
    >>> memory.voids[1], memory.seen.bit_count()  # seat 1 did not follow suit 1, nor suit 0
    (3, 6)
    """
    finished = game.finished if tricks is None else tricks
    return remembered([*finished, (game.trick, game.trick_seats, None)], game.players, suit_of)


def chance_holds_any(count: int, holders: int) -> float:
    """Chance that one of ``holders`` players holds at least one of ``count`` cards.

    Each card is taken to be equally likely in any of the holders' hands.

    >>> chance_holds_any(1, 2), chance_holds_any(0, 3), chance_holds_any(2, 1)
    (0.5, 0.0, 1.0)
    """
    if count <= 0 or holders <= 0:
        return 0.0
    return 1.0 - (1.0 - 1.0 / holders) ** count
