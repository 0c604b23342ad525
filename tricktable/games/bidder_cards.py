"""Bidder's rules as data: the bid order, null's value, the play specs, the actions, the options.

The game's phase flow is :class:`~tricktable.games.bidder.BidderGame`; what its
table shows and says is :mod:`tricktable.games.bidder_table`.

>>> bid_order(6), null_value(6), HAND_SIZES[4]
([1, 2, 3, 0, 4, 5, 6], 4, 8)
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.cards import PIQUET
from tricktable.engine.actions import ActionTable, CardActions, ids_mask, suffix_offers
from tricktable.engine.play import plain_spec
from tricktable.engine.rules import Rules, option
from tricktable.engine.spec import key_tables
from tricktable.engine.state import BID_PHASE, KNOCK_PHASE, PLAY_PHASE, TRUMP_PHASE

HAND_SIZES = {3: 10, 4: 8, 5: 6, 6: 5}
"""Cards per hand for each number of players."""
SUITS = 4
NO_TRUMP = SUITS  # index of the key tables of a hand without trump (null)
NULL = 0  # the null bid, where a number bid keeps its number
SUIT_MASKS = PIQUET.suit_masks[:SUITS]
SUIT_OF = [PIQUET.suit_of(card) for card in range(len(PIQUET))]


def middle(n: int) -> int:
    """The middle bid k = floor((n + 1) / 2) for a hand of ``n`` cards; null ranks just above.

    >>> [middle(n) for n in (10, 8, 6, 5)]
    [5, 4, 3, 3]
    """
    return (n + 1) // 2


def null_value(n: int) -> int:
    """What null is worth with ``n`` cards: k for odd n, n/2 + 1 for even n.

    >>> [null_value(n) for n in (10, 8, 6, 5)]
    [6, 5, 4, 3]
    """
    return middle(n) if n % 2 else n // 2 + 1


def bid_rank(bid: int, n: int) -> int:
    """A bid's place in the auction order 1 < ... < k < null < k+1 < ... < n (1-based).

    >>> [bid_rank(b, 6) for b in (1, 2, 3, NULL, 4, 5, 6)]
    [1, 2, 3, 4, 5, 6, 7]
    """
    k = middle(n)
    if bid == NULL:
        return k + 1
    return bid if bid <= k else bid + 1


def bid_order(n: int) -> list[int]:
    """Every bid with ``n`` cards, lowest first (``NULL`` is 0).

    >>> bid_order(5)
    [1, 2, 3, 0, 4, 5]
    """
    return sorted([NULL, *range(1, n + 1)], key=lambda bid: bid_rank(bid, n))


def bid_text(bid: int) -> str:
    """``"null"`` or the number of tricks."""
    return "null" if bid == NULL else str(bid)


def _order_text(n: int) -> str:
    order = [bid_text(b) for b in bid_order(n)]
    if n > 6:
        order = [*order[: middle(n) + 3], "...", order[-1]]
    return " < ".join(order)


KEYS = key_tables(SUIT_OF, [PIQUET.rank_of(c) for c in range(len(PIQUET))], SUITS + 1, SUITS, 101)
"""Key tables ``[trump][led][card]`` (trump SUITS: none): trumps 101.., the led suit 1..."""
SPECS = {(players, trump): plain_spec(PIQUET, players, sides=players, tricks=size,
                                      trump=None if trump == NO_TRUMP else trump)
         for players, size in HAND_SIZES.items() for trump in range(SUITS + 1)}
"""The trick play of each table size and trump (``NO_TRUMP``: null): follow suit, else any."""

TABLE = ActionTable(PIQUET, [
    ("knock", "none", [None]),
    ("pass", "none", [None]),
    ("bid", "number", range(1, max(HAND_SIZES.values()) + 1)),
    ("null", "none", [None]),
    ("trump", "suit", range(SUITS)),
    ("contra", "none", [None]),
    ("play", "card", range(len(PIQUET))),
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card] for card in range(len(PIQUET))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)
BID_ACTIONS = {bid: TABLE.get("null") if bid == NULL else TABLE.get("bid", bid)
               for bid in range(max(HAND_SIZES.values()) + 1)}
BIDS_BY_RANK = {n: [BID_ACTIONS[bid] for bid in bid_order(n)] for n in HAND_SIZES.values()}
PASS, KNOCK, CONTRA = TABLE.get("pass"), TABLE.get("knock"), TABLE.get("contra")
TRUMPS = [TABLE.get("trump", suit) for suit in range(SUITS)]
BID_OFFERS = {n: suffix_offers([PASS], bids) for n, bids in BIDS_BY_RANK.items()}
"""Per hand size, per high bid's rank: pass and the bids that outrank it, and their ids."""
TRUMP_IDS = ids_mask(TRUMPS)
EXPECTED = {KNOCK_PHASE: ("knock", "pass"), BID_PHASE: ("bid", "null", "pass"),
            TRUMP_PHASE: ("trump",), PLAY_PHASE: ("play", "contra")}


@dataclass(frozen=True)
class BidderRules(Rules):
    """Bidder's options (RULES.md section 5)."""

    deals: int = option(0, "deals in the session (0: two per player)", minimum=0, maximum=1000)
    contra: bool = option(False, "a defender may double once, before playing a first card")
    knocking: bool = option(False, "a knock round after half the cards; each knock doubles")


hand_text = PIQUET.hand_texts
"""A hand's card texts as a player sorts it: suit by suit, high to low."""


cards_text = PIQUET.texts
"""Card texts of a mask, in card order."""
