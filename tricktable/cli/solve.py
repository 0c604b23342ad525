"""``tricktable solve``: a double-dummy problem: every card's value with all hands face up.

The position is JSON, inline or in a file: ``{"game": "rook", "deal": {...},
"actions": [...], "options": {...}, "players": 3}`` (players: the game's default
where left out) (a play-phase deal, see
:meth:`~tricktable.engine.play.TrickGame.start_play`; the actions are played
first), or a game record file, solved where it ends.

>>> from click.testing import CliRunner
>>> position = ('{"game": "rook", "deal": {"hands": ["R1 G2", "R3 G3", "R2 Y2", "G4 Y3"], '
...             '"trump": "red", "leader": 0}}')
>>> print(CliRunner().invoke(solve, [position]).output, end="")
Rook: N to play; tricks for N/S with best play: 8
  play G2  8
  play R1  7
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

import tricktable
from tricktable import GameState, IllegalAction
from tricktable.cli.common import CliError, user_errors
from tricktable.engine.play import TrickGame
from tricktable.engine.state import RECORD_FORMAT
from tricktable.solver import BudgetExceeded, SolveError
from tricktable.solver import solve as solve_position


def read_position(text: str) -> GameState:
    """The game a position's JSON (inline, or a file's) sets up, its actions played."""
    path = Path(text)
    source = text
    if not text.lstrip().startswith("{"):
        if not path.is_file():
            raise CliError(f"{text} is neither a file nor a position in JSON")
        source = path.read_text(encoding="utf-8")
    try:
        data: Any = json.loads(source)
    except json.JSONDecodeError as error:
        raise CliError(f"the position is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise CliError("the position must be a JSON object with 'game' and 'deal'")
    with user_errors():
        if data.get("format") == RECORD_FORMAT:
            return tricktable.replay(data)
        unknown = sorted(set(data) - {"game", "deal", "actions", "options", "players"})
        if unknown:
            raise CliError(f"unknown position key {unknown[0]!r}; a position has: actions, "
                           "deal, game, options, players")
        if not isinstance(data.get("game"), str) or not isinstance(data.get("deal"), dict):
            raise CliError("the position needs 'game' (a name) and 'deal' (an object)")
        players = data.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise CliError(f"'players' must be a whole number, not {players!r}")
        game = tricktable.new_game(data["game"], seed=0, options=data.get("options"),
                                   deal=data["deal"], players=players)
        for action in data.get("actions", []):
            try:
                game.apply(str(action))
            except IllegalAction as error:
                raise CliError(f"{action}: {error}") from None
    return game


@click.command()
@click.argument("position")
@click.option("--objective", type=click.Choice(["tricks", "points", "score"]),
              default=None, help="what the side to move is to maximise (default: tricks, "
              "or the score where the hand is a race to a points goal, scored only)")
@click.option("--budget", type=float, default=60.0, show_default=True,
              help="seconds at most; a solve past them stops without a value")
def solve(position: str, objective: str | None, budget: float) -> None:
    """Solve POSITION (a file or inline JSON) double dummy: print each legal card's value."""
    game = read_position(position)
    if objective is None:
        racing = isinstance(game, TrickGame) and game.race() is not None
        objective = "score" if racing else "tricks"
    try:
        solution = solve_position(game, objective, max_seconds=budget)
    except (SolveError, BudgetExceeded) as error:
        raise CliError(str(error)) from None
    seat = solution.seat
    side = game.sides[game.side_of(seat)]
    names = "/".join(game.seat_name(s) for s in side)
    value = solution.value
    shown = int(value) if value == int(value) else value
    click.echo(f"{game.title}: {game.seat_name(seat)} to play; {objective} for {names} with "
               f"best play: {shown}")
    width = max(len(text) for text in solution.actions)
    for text, worth in sorted(solution.actions.items(), key=lambda pair: -pair[1]):
        number = int(worth) if worth == int(worth) else worth
        click.echo(f"  {text:<{width}}  {number}")
