"""The ``tricktable`` command line: play, simulate, pit bots, replay, analyse, solve, list games.

>>> from click.testing import CliRunner
>>> CliRunner().invoke(main, ["--version"]).output.split()[-1]
'0.1.0'
"""

from __future__ import annotations

import click

from tricktable.cli.analyse import analyse
from tricktable.cli.arena import arena
from tricktable.cli.games import games
from tricktable.cli.play import play
from tricktable.cli.ratings import ratings
from tricktable.cli.record import record
from tricktable.cli.replay import replay
from tricktable.cli.serve import serve
from tricktable.cli.simulate import simulate
from tricktable.cli.solve import solve
from tricktable.cli.tournament import tournament


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tricktable", prog_name="tricktable")
def main() -> None:
    """Bidding trick-taking card games: play against bots, simulate, replay records."""


for _command in (play, simulate, arena, replay, record, analyse, solve, games, serve, ratings,
                 tournament):
    main.add_command(_command)

__all__ = ["main"]
