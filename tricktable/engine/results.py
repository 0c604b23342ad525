"""Hand results: one typed summary of a finished hand, the same shape in every game.

Every game appends a :class:`HandResult` to ``game.results`` when a hand
ends. Its fields have one meaning in every game: per side (in the order of
``game.sides``) the tricks, card points, meld (None in a game without
meld), the points that counted toward the contract, the score change and
the running score; the contract, whether it was made and by how much. What
only one game has (Rook's discard, Sixty-Six's carried game point) is in
``extras``, under the keys the game declares in ``result_keys`` with their
:class:`~tricktable.engine.views.Key` kinds, so a schema, the conformance
suite and the interfaces can read them without knowing the game.

``to_json()`` is what the server sends and ``tricktable simulate`` prints:
the fields and the extras in one flat object (see :func:`result_schema`).

>>> result = HandResult(hand=1, dealer=0, declarer=3, contract="120 Black", made=False,
...                     margin=-15, seat_tricks=(2, 5, 3, 4), tricks=(5, 9),
...                     card_points=(95, 105), points=(95, 105), deltas=(95, -120),
...                     scores=(95, -120), outcome="set by 15")
>>> result.side_of_declarer([[0, 2], [1, 3]]), result.to_json()["deltas"]
(1, [95, -120])
>>> HandResult.from_json(result.to_json()) == result
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, overload

from tricktable.engine.views import DEFS, Key

if TYPE_CHECKING:
    from tricktable.engine.play import TrickGame

JSON = dict[str, Any]
Ints = tuple[int, ...]


@dataclass(frozen=True)
class HandResult:
    """A finished hand. Per-side tuples are in the order of the game's ``sides``."""

    hand: int  # the hand's number in the game, from 1
    dealer: int  # the seat that dealt it
    declarer: int | None  # the seat that named the contract (closed, in Sixty-Six); None: none
    contract: str | None  # the contract as players say it ("120 Black", "null"); None: none
    made: bool | None  # whether the declaring side made it; None without a contract
    margin: int | None  # over (>= 0) or short of (< 0) the contract, in its own measure
    seat_tricks: Ints  # tricks each seat took
    tricks: Ints  # tricks each side took
    card_points: Ints  # points of the cards each side took (tricks where cards count none)
    points: Ints  # what each side's contract is measured in: cards, meld, bonuses that counted
    deltas: Ints  # each side's score change this hand
    scores: Ints  # each side's score after it
    outcome: str  # how the hand went, in words
    meld: Ints | None = None  # each side's meld shown, in a game with meld
    last_trick: JSON | None = None  # the last trick and its winner, as a view shows it
    trick_history: Sequence[JSON] = ()  # every trick of the hand in order, as last_trick
    # (a tuple, or from a game a :class:`TrickHistory`, which reads and compares as one)
    extras: Mapping[str, Any] = field(default_factory=dict)  # the game's declared result_keys

    def side_of_declarer(self, sides: Sequence[Sequence[int]]) -> int | None:
        """The index of the declaring side in ``sides``, None without a declarer."""
        if self.declarer is None:
            return None
        return next(index for index, side in enumerate(sides) if self.declarer in side)

    def to_json(self) -> JSON:
        """The result as one flat JSON object: the fields, then the extras."""
        data: JSON = {}
        for item in fields(self):
            if item.name != "extras":
                value = getattr(self, item.name)
                data[item.name] = (list(value) if isinstance(value, tuple | TrickHistory)
                                   else value)
        return {**data, **self.extras}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        """Read back what :meth:`to_json` wrote."""
        known = {item.name for item in fields(cls)} - {"extras"}
        values: dict[str, Any] = {
            name: tuple(value) if isinstance(value, list) else value
            for name, value in data.items() if name in known and name != "last_trick"}
        return cls(**values, last_trick=data.get("last_trick"),
                   extras={k: v for k, v in data.items() if k not in known})


class TrickHistory(Sequence[JSON]):
    """A hand's finished tricks as views show them, written when first read: most results
    of a simulation are never read. ``show`` turns one trick into its view and may
    depend on nothing that changes later in the game. It reads, compares, hashes and
    pickles as the tuple of the views.

    >>> history = TrickHistory([([0, 1], [0, 1], 1)], lambda t: {"winner": t[2]})
    >>> len(history), history == ({"winner": 1},), list(history)
    (1, True, [{'winner': 1}])
    """

    __slots__ = ("_items", "_show", "_tricks")

    def __init__(self, tricks: Sequence[Any], show: Callable[[Any], JSON]) -> None:
        self._tricks: tuple[Any, ...] | None = tuple(tricks)
        self._show: Callable[[Any], JSON] | None = show
        self._items: tuple[JSON, ...] | None = None

    def _views(self) -> tuple[JSON, ...]:
        items = self._items
        if items is None:
            show, tricks = self._show, self._tricks
            assert show is not None and tricks is not None
            items = self._items = tuple(show(trick) for trick in tricks)
            self._show = self._tricks = None
        return items

    def __len__(self) -> int:
        return len(self._tricks if self._items is None else self._items)  # type: ignore[arg-type]

    @overload
    def __getitem__(self, index: int) -> JSON: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[JSON, ...]: ...

    def __getitem__(self, index: int | slice) -> JSON | tuple[JSON, ...]:
        return self._views()[index]

    def __iter__(self) -> Iterator[JSON]:
        return iter(self._views())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TrickHistory):
            other = other._views()
        return isinstance(other, tuple) and self._views() == other

    def __hash__(self) -> int:
        return hash(self._views())

    def __repr__(self) -> str:
        return repr(self._views())

    def __reduce__(self) -> tuple[type[tuple[Any, ...]], tuple[tuple[JSON, ...]]]:
        return tuple, (self._views(),)


COMMON_RESULT: dict[str, Key] = {
    "hand": Key("count", "the hand's number in the game, from 1"),
    "dealer": Key("seat", "the seat that dealt the hand"),
    "declarer": Key("seat", "the seat that named the contract, null if none", nullable=True),
    "contract": Key("text", "the contract as players say it, null if none", nullable=True),
    "made": Key("flag", "whether the declaring side made its contract", nullable=True),
    "margin": Key("number", "over (>= 0) or short of (< 0) the contract", nullable=True),
    "seat_tricks": Key("counts", "tricks each seat took"),
    "tricks": Key("counts", "tricks each side took, in the order of sides"),
    "card_points": Key("counts", "points of the cards each side took"),
    "points": Key("counts", "what each side's contract is measured in"),
    "deltas": Key("counts", "each side's score change this hand"),
    "scores": Key("counts", "each side's score after the hand"),
    "outcome": Key("text", "how the hand went, in words"),
    "meld": Key("counts", "each side's meld shown, null in a game without meld", nullable=True),
    "last_trick": Key("trick", "the hand's last trick and its winner", nullable=True),
    "trick_history": Key("tricks", "every trick of the hand in order, each as last_trick "
                                   "(played face up: public once the hand is over)"),
}
"""The keys of every result's JSON, with their kinds."""


def result_schema(game: str, extras: Mapping[str, Key]) -> JSON:
    """The JSON Schema of a game's hand results (``to_json()``): common keys and extras."""
    keys = {**COMMON_RESULT, **extras}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://tricktable.dev/schemas/result-{game}.json",
        "title": f"A finished hand of {game}",
        "type": "object",
        "required": list(keys),
        "additionalProperties": False,
        "properties": {name: key.schema() for name, key in keys.items()},
        "$defs": DEFS,
    }


def hand_result(game: TrickGame, *, declarer: int | None, contract: str | None,
                made: bool | None, margin: int | None, card_points: Sequence[int],
                deltas: Sequence[int], outcome: str, points: Sequence[int] | None = None,
                meld: Sequence[int] | None = None, last_trick: JSON | bool | None = True,
                **extras: Any) -> HandResult:
    """The result of the hand ``game`` just finished (its ``scores`` already updated):
    the hand, dealer, tricks per seat and per side, the last trick and every trick of the
    hand come from the game;
    ``points`` default to ``card_points``; ``last_trick`` to the core's (True); ``extras``
    are the game's ``result_keys``."""
    seat_tricks = tuple(game.tricks_won)
    return HandResult(
        hand=game.hand_number, dealer=game.dealer, declarer=declarer, contract=contract,
        made=made, margin=margin, seat_tricks=seat_tricks,
        tricks=tuple(sum(seat_tricks[s] for s in side) for side in game.sides),
        card_points=tuple(card_points), points=tuple(card_points if points is None else points),
        deltas=tuple(deltas), scores=tuple(game.scores), outcome=outcome,
        meld=None if meld is None else tuple(meld),
        last_trick=game.last_trick_view() if last_trick is True else last_trick or None,
        trick_history=TrickHistory(game.finished, game.trick_shower()), extras=extras)
