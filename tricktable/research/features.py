"""The features every game's observation starts with; each game declares the rest.

The vocabulary (:class:`~tricktable.engine.observe.Feature`, its fills, the
:class:`~tricktable.engine.observe.Reading` of a view) lives in the engine, so
a game can declare its own features (``GameState.features``) without importing
numpy or research. :func:`common_features` come first in every game, then the
game's own; :class:`~tricktable.research.encoding.Encoder` puts them together.

>>> from tricktable.cards import ROOK
>>> from tricktable.engine.state import Phase
>>> [f.name for f in common_features(ROOK, 4, 2, (Phase.BID, Phase.PLAY))][:4]
['hand', 'trick', 'played', 'phase']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from tricktable.cards import Deck
from tricktable.engine.observe import Cells, Feature, Reading, mark, per_seat, per_side, seat_of
from tricktable.engine.state import Phase

Vector = npt.NDArray[np.float32]

__all__ = ["Feature", "Reading", "Vector", "common_features", "encoded_phases", "mark"]


def encoded_phases(phases: Sequence[Phase]) -> list[Phase]:
    """The phases a game's ``phase`` feature one-hot encodes: its own, then game over.

    >>> encoded_phases((Phase.BID, Phase.PLAY))
    [<Phase.BID: 'bid'>, <Phase.PLAY: 'play'>, <Phase.GAME_OVER: 'game_over'>]
    """
    return [*phases, Phase.GAME_OVER]


def _hand(r: Reading, x: Cells) -> None:
    r.mark(x, r.view.get("hand", []))


def _trick(r: Reading, x: Cells) -> None:
    for play in r.view["trick"]:
        if play["seat"] is not None:  # Notrump's turned-up card has no seat
            x[r.rel(play["seat"]), r.deck.parse(play["card"])] = 1


def _played(r: Reading, x: Cells) -> None:
    copies = r.deck.copies
    for seat, card in r.plays:
        row = x[r.rel(seat)]
        while copies > 1 and row[card] and r.deck.ascii(card + 1) == r.deck.ascii(card):
            card += 1  # the other copy of the same face
        row[card] = 1


def _phase_of(phases: list[Phase]) -> Callable[[Reading, Cells], None]:
    index = {phase.value: i for i, phase in enumerate(phases)}

    def fill(r: Reading, x: Cells) -> None:
        x[index[r.view["phase"]]] = 1
    return fill


def common_features(deck: Deck, players: int, sides: int,
                    phases: Sequence[Phase]) -> list[Feature]:
    """The features every game starts with; ``phases`` are the game's own (its declaration)."""
    d, n = len(deck), players
    per_hand = d // n
    encoded = encoded_phases(phases)
    return [
        Feature("hand", (d,), "the seat's own hand: 1 for each card it holds", _hand),
        Feature("trick", (n, d), "the trick in progress: row r holds the card played by the seat"
                " r places after this one", _trick),
        Feature("played", (n, d), "every card played this hand so far (the trick in progress"
                " too), row r for the seat r places after this one", _played),
        Feature("phase", (len(encoded),), "the phase, one-hot: " + ", ".join(encoded),
                _phase_of(encoded)),
        Feature("to_move", (n,), "the seat to move, by relative seat (none once over)",
                seat_of("to_move")),
        Feature("dealer", (n,), "the dealer, by relative seat", seat_of("dealer")),
        Feature("hand_sizes", (n,), f"cards in each hand, by relative seat, / {per_hand}",
                per_seat("hand_sizes", per_hand)),
        Feature("tricks", (sides,), f"tricks won this hand by each side, own side first,"
                f" / {per_hand}", per_side("tricks", per_hand)),
        Feature("scores", (sides,), "each side's game score, own side first, / the game's"
                " target (100 where it has none), clipped to [-1, 1]", per_side("scores")),
    ]
