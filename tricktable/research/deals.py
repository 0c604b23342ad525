"""One hand dealt from outside the engine: where the cards go, and the ``deal=`` it makes.

Research adapters deal a single hand themselves (the PettingZoo environment
from its own RNG, the OpenSpiel game card by card as chance outcomes) and
start it with ``tricktable.new_game(name, deal=...)``. A game's *places* are
each seat's hand, then the piles its ``deal=`` takes (Rook's nest, Sixty-Six's
stock and turned-up trump, ...), each with its number of cards, as the game
declares them (``deal_piles``).

>>> places("rook", 4)[-2:]
[('hand', 14), ('nest', 1)]
>>> deal = deal_of("sixtysix", 2, dealer=1, cards=list(range(24)))
>>> deal["dealer"], deal["hands"][0], deal["trump"]
(1, ['9S', 'JS', 'QS', 'KS', '10S', 'AS'], ['AC'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.cards import Card, Seat
from tricktable.engine.registry import find_game

Place = tuple[str, int]  # ("hand", cards) for each seat in turn, then (pile name, cards)


def places(name: str, players: int, options: Mapping[str, Any] | None = None) -> list[Place]:
    """Every place one hand deals to, in order: each seat's hand, then the piles (under the
    rules ``options``: Rook's nest of 5 deals 13 each).

    >>> places("notrump", 3)
    [('hand', 17), ('hand', 17), ('hand', 17), ('turned_up', 1)]
    >>> places("rook", 4, {"nest": 5})[-2:]
    [('hand', 13), ('nest', 5)]
    """
    cls = find_game(name)
    if players not in cls.player_counts:
        raise ValueError(f"{cls.title} is not played by {players} players")
    piles = cls.deal_layout(players, cls.rules_type.from_options(options))  # as declared
    size = (len(cls.deck) - sum(piles.values())) // players
    return [("hand", size)] * players + list(piles.items())


def deal_of(name: str, players: int, dealer: Seat, cards: Sequence[Card],
            options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``deal=`` that gives ``cards`` (every card once, in order) to the places in turn."""
    deck = find_game(name).deck
    deal: dict[str, Any] = {"dealer": dealer, "hands": []}
    start = 0
    for place, size in places(name, players, options):
        texts = [deck.ascii(card) for card in cards[start:start + size]]
        start += size
        if place == "hand":
            deal["hands"].append(texts)
        else:
            deal[place] = texts
    return deal


def random_deal(name: str, players: int, rng: random.Random,
                options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A uniformly random ``deal=``: the dealer, then a shuffled deck.

    >>> deal = random_deal("bidder", 5, random.Random(1))
    >>> [len(hand) for hand in deal["hands"]], len(deal["left_over"])
    ([6, 6, 6, 6, 6], 2)
    """
    dealer = rng.randrange(players)
    cards = list(range(len(find_game(name).deck)))
    rng.shuffle(cards)
    return deal_of(name, players, dealer, cards, options)
