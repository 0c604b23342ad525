"""What a game declares about itself beside its rules, for the code around it to read.

Generic code (research, the bots' search, the arena, the server) never asks a
game's name; it reads the game class's declarations instead, which
:class:`~tricktable.engine.state.GameState` gives defaults for:

- ``phases``: the phases a hand passes through, in order (the observation
  vector one-hot encodes a game's own phases only);
- ``deal_piles``: by number of players, the piles an explicit ``deal=`` takes
  besides the hands (Rook's nest), each with its number of cards, and
  ``deal_layout(players, rules)`` the same under a game's options (a nest of 5);
- ``zero_sum`` and ``hand_bounds(players, rules)``: what OpenSpiel's game info
  needs (:class:`HandBounds`);
- ``features(players, sides)``: the observation features the game adds
  (:mod:`tricktable.engine.observe`);
- ``suggests_bids``: whether a hint in the auction suggests a bid per trump (weighing
  each side's ``points`` in a :class:`~tricktable.engine.results.HandResult`);
- ``result_keys``: the extras of the game's hand results, with their kinds;
- ``playout_options``: options under which a game between random players
  ends (Rook's and Pinochle's ``loss_limit``: under the seed's rules random
  bidders are set hand after hand and never reach the target); the
  conformance suite plays random games with them;
- ``winning_sides()`` and ``cards_to_draw()``: who won (a shared win too), and
  the cards still to come into the hands this hand (a stock still drawn from);
- ``check_hand(index)``: the game's invariants of a finished hand (how its points
  add up, how its score changes follow from them), which the conformance suite
  runs on every hand of random games; it raises :class:`InvariantError` (see
  :func:`require`);
- ``deal_is_declared()``: whether the game's options keep the declared deal
  (a short deck does not: the adapters that deal card by card refuse it).

>>> HandBounds(-200, 200, 89).decisions
89
>>> require(1 + 1 == 2, "arithmetic")
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

Piles = Mapping[int, Mapping[str, int]]
"""By number of players, the piles a ``deal=`` takes besides the hands: name and cards."""


@dataclass(frozen=True)
class HandBounds:
    """Each player's least and greatest return in one hand, and the most decisions in it."""

    low: float
    high: float
    decisions: int


class InvariantError(AssertionError):
    """A finished hand that breaks its game's declared invariants."""


def require(condition: bool, problem: object) -> None:
    """Raise :class:`InvariantError` with ``problem`` (a message, or the result) unless
    ``condition`` holds: a game's hand invariants are written with it (not ``assert``, which
    ``python -O`` drops)."""
    if not condition:
        raise InvariantError(str(problem))
