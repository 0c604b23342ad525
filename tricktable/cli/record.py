"""``tricktable record``: check a record file, print the record format's JSON Schema.

>>> from click.testing import CliRunner
>>> '"tricktable-record"' in CliRunner().invoke(record, ["schema"]).output
True
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

import tricktable
from tricktable.cli.common import Seating, console, user_errors
from tricktable.cli.render import winner_line
from tricktable.records import SCHEMA_FILE


@click.group()
def record() -> None:
    """Game record files: check one, or print their JSON Schema (docs/records.md)."""


@record.command()
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path, dir_okay=False))
def validate(path: Path) -> None:
    """Check FILE to its last action and say what it holds; exit 2 naming any problem."""
    with user_errors():
        game = tricktable.replay(tricktable.load_record(path))
    if game.is_over or game.to_move is None:
        where = winner_line(game.winner, game.scores, Seating.of(game)).plain
    else:
        where = (f"unfinished, in hand {len(game.results) + 1}, "
                 f"{game.seat_name(game.to_move)} to move")
    console().print(Text(f"{path}: a valid {game.title} record ({game.players} players, "
                         f"seed {game.seed}), {len(game.history)} actions; {where}"))


@record.command()
def schema() -> None:
    """Print the JSON Schema (draft 2020-12) every record follows."""
    click.echo(SCHEMA_FILE.read_text(encoding="utf-8"), nl=False)
