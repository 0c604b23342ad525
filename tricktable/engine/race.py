"""A hand's rest as a race to a points goal between two seats, for the solver.

Some games end a hand as soon as a seat's counted points reach a goal, and score it
by how the loser stands then (Sixty-Six once its stock is closed or drawn: the first
to 66 wins, more if the loser has under 33 or no trick). Such a hand is not a
function of the final points, so the solver's trick searches cannot score it. A game
whose rest of the hand is such a race says so with :meth:`TrickGame.race
<tricktable.engine.play.TrickGame.race>`, a :class:`Race`: the trick play (a
:class:`~tricktable.engine.positions.Position`), the marriages that add points, and
how the hand's end is scored. The compiled kernel searches it
(:mod:`tricktable.solver.dd_race`).

>>> import tricktable
>>> game = tricktable.new_game("sixtysix", deal={"hands": ["AH KH", "TS JS"],
...     "leader": 0, "trump": "H", "points": [30, 24]})
>>> race = game.race()
>>> race.goal, race.points, race.won, race.moves
(66, (30, 24), (1, 2, 3), (('play K♥', 9, 'play'), ('play A♥', 11, 'play')))
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.cards import Card, Seat
from tricktable.engine.positions import Position

PLAY, MARRY, SHOW, ANNOUNCE = "play", "marry", "show", "announce"
"""How a move of :attr:`Race.moves` plays its card."""


@dataclass(frozen=True, slots=True)
class Race:
    """The rest of a two-seat hand that ends when a seat's counted points reach ``goal``.

    A seat's counted points are its card points (``points``, the trick play's
    ``side_points``) and, once it has won a trick, its announced marriages
    (``married``). A seat on lead holding both cards of a pair in ``marriages``
    (king, queen, points) may announce it by leading either card (only after a trick
    of its own with ``marry_needs_trick``); a seat that has won a trick may instead
    show a pair on its turn where that reaches the goal. With ``announce``
    the goal ends nothing by itself: a seat that has won a trick may announce it on
    its turn, or show any pair, and wins if that brings it to the goal, else the other
    wins ``wrong_lost[0]`` (``[1]`` where the other has no trick). The winner at
    the goal scores ``won[0]``, or ``won[1]`` where the loser has under ``under``
    points, ``won[2]`` where the loser has no trick. A ``closer`` (None: none) who
    does not reach the goal gives the other seat ``close_lost``. A hand played out
    with no one at the goal goes to the last trick's winner (``played_out_last``) or
    to no one; the last trick earns ``last_bonus``. The hand's winner also takes
    ``carried`` points from earlier hands. ``moves`` are the legal actions of the seat
    to move as the search plays them: each action's text, its card and how it plays
    it (:data:`PLAY`, :data:`MARRY`: led with its marriage announced, :data:`SHOW`: a
    marriage shown, given by its king, :data:`ANNOUNCE`: the goal claimed).
    """

    position: Position
    goal: int
    points: tuple[int, int]
    married: tuple[int, int]
    tricks: tuple[int, int]
    marriages: tuple[tuple[Card, Card, int], ...]
    marry_needs_trick: bool
    announce: bool
    wrong_lost: tuple[int, int]
    won: tuple[int, int, int]
    under: int
    closer: Seat | None
    close_lost: int
    played_out_last: bool
    last_bonus: int
    carried: int
    moves: tuple[tuple[str, Card, str], ...]

