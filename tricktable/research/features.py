"""The features of the observation vector: what each part holds, and how a view fills it.

A :class:`Feature` is a named, shaped part of the vector with its meaning
and a fill function that reads one seat's view (and the cards played this
hand) through a :class:`Reading`; :func:`common_features` come first in every
game, then ``GAME_FEATURES[name]``. :class:`~tricktable.research.encoding.Encoder`
puts them together.

>>> from tricktable.cards import ROOK
>>> [f.name for f in common_features(ROOK, 4, 2)][:3]
['hand', 'trick', 'played']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tricktable.cards import Card, Deck, Seat
from tricktable.engine.state import JSON, Phase
from tricktable.games.bidder import NULL, bid_rank

Vector = npt.NDArray[np.float32]
PHASES = list(Phase)


def mark(deck: Deck, row: Vector, texts: Iterable[str]) -> None:
    """Set 1 in ``row`` for each card named; copies of one face take their ids in turn, so
    which copy a hand holds never shows.

    >>> from tricktable.cards import PINOCHLE
    >>> row = np.zeros(len(PINOCHLE), dtype=np.float32)
    >>> mark(PINOCHLE, row, [PINOCHLE.ascii(5)])  # the second QS marks the first's id
    >>> np.flatnonzero(row).tolist()
    [4]
    """
    for card in deck.parse_many(list(texts)):
        row[card] = 1


class Reading:
    """One view being encoded, from ``seat``: relative seats and sides, cards, suits."""

    def __init__(self, deck: Deck, sides: list[list[Seat]], view: JSON, seat: Seat,
                 plays: Sequence[tuple[Seat, Card]]) -> None:
        self.deck, self.sides, self.view, self.seat, self.plays = deck, sides, view, seat, plays
        self.players = sum(len(side) for side in sides)
        self.own_side = next(i for i, side in enumerate(sides) if seat in side)

    def rel(self, seat: Seat) -> int:
        """A seat counted from the observing seat (0 itself, 1 the next in turn)."""
        return (seat - self.seat) % self.players

    def rel_side(self, side: int) -> int:
        """A side counted from the observing seat's own side (0)."""
        return (side - self.own_side) % len(self.sides)

    def mark(self, row: Vector, texts: Iterable[str]) -> None:
        """Set 1 for each card named (copies of one face take their ids in turn)."""
        mark(self.deck, row, texts)

    def seat_hot(self, row: Vector, seat: Seat | None) -> None:
        """One-hot of a relative seat (nothing for None)."""
        if seat is not None:
            row[self.rel(seat)] = 1

    def suit(self, text: str) -> int:
        """A suit's index from its text (a symbol or a colour)."""
        return self.deck.parse_suit(text)


Fill = Callable[[Reading, Vector], None]


@dataclass(frozen=True)
class Feature:
    """A named part of the vector, its shape, what it holds and how to fill it."""

    name: str
    shape: tuple[int, ...]
    doc: str
    fill: Fill = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        """How many numbers it takes."""
        return math.prod(self.shape)


def _scaled(value: float, scale: float) -> float:
    return max(-1.0, min(1.0, value / scale))


# -- filling, feature by feature -----------------------------------------------------------


def _hand(r: Reading, x: Vector) -> None:
    r.mark(x, r.view.get("hand", []))


def _trick(r: Reading, x: Vector) -> None:
    for play in r.view["trick"]:
        if play["seat"] is not None:  # Notrump's turned-up card has no seat
            x[r.rel(play["seat"]), r.deck.parse(play["card"])] = 1


def _played(r: Reading, x: Vector) -> None:
    copies = r.deck.copies
    for seat, card in r.plays:
        row = x[r.rel(seat)]
        while copies > 1 and row[card] and r.deck.ascii(card + 1) == r.deck.ascii(card):
            card += 1  # the other copy of the same face
        row[card] = 1


def _phase(r: Reading, x: Vector) -> None:
    x[PHASES.index(Phase(r.view["phase"]))] = 1


def _seat_of(key: str) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        r.seat_hot(x, r.view.get(key))
    return fill


def _per_seat(key: str, scale: float) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        for seat, value in enumerate(r.view[key]):
            x[r.rel(seat)] = _scaled(value, scale)
    return fill


def _per_side(key: str, scale: float | None = None) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        by = scale or r.view.get("target") or 100
        for side, value in enumerate(r.view[key]):
            x[r.rel_side(side)] = _scaled(value, by)
    return fill


def _cards_of(key: str) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        value = r.view.get(key)
        r.mark(x, [] if value is None else [value] if isinstance(value, str) else value)
    return fill


def _cards_per_seat(key: str) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        for seat, texts in enumerate(r.view[key]):
            r.mark(x[r.rel(seat)], [] if texts is None else [texts] if isinstance(texts, str)
                   else texts)
    return fill


def _suit_of(key: str) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        if r.view.get(key) is not None:
            x[r.suit(r.view[key])] = 1
    return fill


def _flag(key: str) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        x[0] = float(bool(r.view.get(key)))
    return fill


def _equals(key: str, value: object) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        x[0] = float(r.view.get(key) == value)
    return fill


def _number(key: str, scale: float) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        x[0] = _scaled(r.view.get(key) or 0, scale)
    return fill


def _bids(scale: float) -> Fill:
    """Each seat's highest number bid so far; passes are in ``_passes``."""
    def fill(r: Reading, x: Vector) -> None:
        for bid in r.view["bids"]:
            if isinstance(bid["bid"], int):
                x[r.rel(bid["seat"])] = max(x[r.rel(bid["seat"])], _scaled(bid["bid"], scale))
    return fill


def _passes(key: str, field_: str, passed: object) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        for entry in r.view[key]:
            if entry[field_] == passed:
                x[r.rel(entry["seat"])] = 1
    return fill


def _seats_listed(key: str) -> Fill:
    def fill(r: Reading, x: Vector) -> None:
        for entry in r.view[key]:
            r.seat_hot(x, entry if isinstance(entry, int) else entry["seat"])
    return fill


# -- the features of each game ---------------------------------------------------------------


def common_features(deck: Deck, players: int, sides: int) -> list[Feature]:
    d, n = len(deck), players
    per_hand = d // n
    return [
        Feature("hand", (d,), "the seat's own hand: 1 for each card it holds", _hand),
        Feature("trick", (n, d), "the trick in progress: row r holds the card played by the seat"
                " r places after this one", _trick),
        Feature("played", (n, d), "every card played this hand so far (the trick in progress"
                " too), row r for the seat r places after this one", _played),
        Feature("phase", (len(PHASES),), "the phase, one-hot: " + ", ".join(PHASES), _phase),
        Feature("to_move", (n,), "the seat to move, by relative seat (none once over)",
                _seat_of("to_move")),
        Feature("dealer", (n,), "the dealer, by relative seat", _seat_of("dealer")),
        Feature("hand_sizes", (n,), f"cards in each hand, by relative seat, / {per_hand}",
                _per_seat("hand_sizes", per_hand)),
        Feature("tricks", (sides,), f"tricks won this hand by each side, own side first,"
                f" / {per_hand}", _per_side("tricks", per_hand)),
        Feature("scores", (sides,), "each side's game score, own side first, / the game's"
                " target (Bidder: / 100), clipped to [-1, 1]", _per_side("scores")),
    ]


def _rook(deck: Deck, n: int, sides: int) -> list[Feature]:
    return [
        Feature("bids", (n,), "each seat's highest bid / 200", _bids(200)),
        Feature("passed", (n,), "1 for each seat that has passed", _passes("bids", "bid", None)),
        Feature("high_bidder", (n,), "the seat holding the high bid", _seat_of("high_bidder")),
        Feature("bidder", (n,), "the seat that won the bid", _seat_of("bidder")),
        Feature("high_bid", (1,), "the high bid (the contract once won) / 200",
                _number("high_bid", 200)),
        Feature("trump", (4,), "the trump colour, one-hot (R G Y B)", _suit_of("trump")),
        Feature("nest_card", (len(deck),), "the card the bidder found in the nest (the bidder"
                " only)", _cards_of("nest_card")),
        Feature("discard", (len(deck),), "the bidder's own discard (the bidder only)",
                _cards_of("discard")),
    ]


def _pinochle_meld(r: Reading, x: Vector) -> None:
    if r.view["meld"] is not None:
        for player in r.view["meld"]["players"]:
            x[r.rel(player["seat"])] = _scaled(player["total"], 100)


def _pinochle(deck: Deck, n: int, sides: int) -> list[Feature]:
    return [
        Feature("bids", (n,), "each seat's highest bid / 100", _bids(100)),
        Feature("passed", (n,), "1 for each seat that has passed", _passes("bids", "bid", None)),
        Feature("meld_bids", (n,), "1 for each seat that made a meld bid",
                _passes("bids", "meld_bid", True)),
        Feature("high_bidder", (n,), "the seat holding the high bid", _seat_of("high_bidder")),
        Feature("bidder", (n,), "the seat that won the bid", _seat_of("bidder")),
        Feature("high_bid", (1,), "the high bid (the contract once won) / 100",
                _number("high_bid", 100)),
        Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", _suit_of("trump")),
        Feature("meld", (n,), "each seat's meld / 100 (clipped)", _pinochle_meld),
        Feature("shown", (n, len(deck)), "the melded cards still in each hand, by relative seat",
                _cards_per_seat("shown")),
        Feature("trick_points", (sides,), "each side's trick points / 25, own side first",
                _per_side("trick_points", 25)),
    ]


def _notrump_contract(r: Reading, x: Vector) -> None:
    contract = r.view["contract"]
    if contract is not None:
        x[4 if contract == "No Trump" else r.suit(contract)] = 1


def _notrump_selecting(r: Reading, x: Vector) -> None:
    teams = r.view["teams"]
    x[0] = float(bool(teams) and r.seat in teams[0])


def _notrump_trumps(r: Reading, x: Vector) -> None:
    for side, trump in enumerate(r.view["trump"]):
        if trump is not None:
            x[r.rel_side(side), r.suit(trump)] = 1


def _notrump(deck: Deck, n: int, sides: int) -> list[Feature]:
    d = len(deck)
    return [
        Feature("passes", (n,), "1 for each seat that passed the choice of contract",
                _passes("choices", "choice", "pass")),
        Feature("declarer", (n,), "the seat that chose the contract", _seat_of("declarer")),
        Feature("contract", (5,), "the contract, one-hot: ♠ ♥ ♦ ♣, No Trump", _notrump_contract),
        Feature("selecting", (1,), "1 if the seat's team chose the contract",
                _notrump_selecting),
        Feature("trumps", (sides, 4), "each side's trump suit once known (♠ ♥ ♦ ♣), own side"
                " first", _notrump_trumps),
        Feature("may_call", (sides,), "1 for each side that may still call trump, own side"
                " first", _per_side("may_call", 1)),
        Feature("called", (n,), "1 for each seat that called trump", _seats_listed("calls")),
        Feature("marker", (d,), "the seat's own trump marker", _cards_of("marker")),
        Feature("revealed_markers", (n, d), "each seat's marker once revealed, by relative seat",
                _cards_per_seat("revealed_markers")),
        Feature("gave", (d,), "the cards the seat passed", _cards_of("passed")),
        Feature("received", (d,), "the cards the seat received", _cards_of("received")),
        Feature("pass_left", (1,), "1 when this hand's cards pass to the left",
                _equals("pass_direction", "left")),
        Feature("turned_up", (d,), "the turned-up card (three players)", _cards_of("turned_up")),
    ]


def _sixtysix_marriages(r: Reading, x: Vector) -> None:
    for marriage in r.view["marriages"]:
        x[r.rel(marriage["seat"]), r.suit(marriage["suit"])] = 1


def _sixtysix(deck: Deck, n: int, sides: int) -> list[Feature]:
    return [
        Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", _suit_of("trump")),
        Feature("trump_card", (len(deck),), "the face-up card under the stock",
                _cards_of("trump_card")),
        Feature("stock_size", (1,), "cards in the stock / 12", _number("stock_size", 12)),
        Feature("closed", (1,), "1 once the stock is closed", _flag("closed")),
        Feature("closer", (n,), "the seat that closed the stock", _seat_of("closer")),
        Feature("draw_pending", (1,), "1 when the trick's winner must draw or close",
                _flag("draw_pending")),
        Feature("follow_suit", (1,), "1 once suit must be followed", _flag("follow_suit")),
        Feature("points", (n,), "each seat's counted points / 66 (clipped)",
                _per_seat("points", 66)),
        Feature("marriages", (n, 4), "the marriages each seat announced, by suit",
                _sixtysix_marriages),
        Feature("shown", (n, len(deck)), "the cards each hand holds that the other has seen",
                _cards_per_seat("shown")),
        Feature("carry", (1,), "game points carried over / 3 (clipped)", _number("carry", 3)),
    ]


def _bidder_bids(r: Reading, x: Vector) -> None:
    size = r.view["hand_size"]
    for entry in r.view["bids"]:
        bid = entry["bid"]
        if bid != "pass":
            rank = bid_rank(NULL if bid == "null" else bid, size) / (size + 1)
            x[r.rel(entry["seat"])] = max(x[r.rel(entry["seat"])], rank)


def _bidder_contract(r: Reading, x: Vector) -> None:
    contract = r.view["contract"]
    if contract is not None and contract != "null":
        x[0] = int(contract.split()[0]) / r.view["hand_size"]


def _bidder(deck: Deck, n: int, sides: int) -> list[Feature]:
    return [
        Feature("bids", (n,), "each seat's highest bid, by its rank in the auction order"
                " / (hand size + 1)", _bidder_bids),
        Feature("passed", (n,), "1 for each seat that has passed",
                _passes("bids", "bid", "pass")),
        Feature("high_bidder", (n,), "the seat holding the high bid", _seat_of("high_bidder")),
        Feature("declarer", (n,), "the seat that won the bid", _seat_of("declarer")),
        Feature("contract", (1,), "the tricks bid / hand size (0 for null)", _bidder_contract),
        Feature("null", (1,), "1 if the contract is null", _equals("contract", "null")),
        Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", _suit_of("trump")),
        Feature("knockers", (n,), "1 for each seat that knocked", _seats_listed("knockers")),
        Feature("contra_by", (n,), "the seat that declared contra", _seat_of("contra_by")),
        Feature("left_over", (len(deck),), "the left-over cards, out of play, once shown",
                _cards_of("left_over")),
    ]


GAME_FEATURES: dict[str, Callable[[Deck, int, int], list[Feature]]] = {
    "rook": _rook, "pinochle": _pinochle, "notrump": _notrump, "sixtysix": _sixtysix,
    "bidder": _bidder,
}
