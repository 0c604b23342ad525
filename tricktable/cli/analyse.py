"""``tricktable analyse``: a saved game reviewed decision by decision (see
:mod:`tricktable.analysis`); a table, one JSON document, and a plot with ``--plot``."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import click
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

import tricktable
from tricktable import analysis
from tricktable.analysis import Analysis, SearchLimits
from tricktable.cli.common import CliError, Seating, console, user_errors


def _cost(value: float | None) -> str:
    """A cost as shown: signed, or ``-`` when there is none.

    >>> _cost(2.5), _cost(None)
    ('+2.50', '-')
    """
    return "-" if value is None else f"{value:+.2f}"


def decision_table(result: Analysis, seating: Seating) -> Table:
    """One row per reviewed decision; the actions that cost something in bold."""
    title = tricktable.find_game(result.game).title
    table = Table(title=f"{title}, seed {result.seed}: {len(result.decisions)} decisions")
    for column in ("#", "Hand", "Seat", "Phase", "Actual", "Strong", "Cost", "Solver",
                   "DD cost"):
        table.add_column(column, justify="right" if column in ("#", "Hand", "Cost", "DD cost")
                         else "left")
    for d in result.decisions:
        style = "bold" if d.error or (d.dd_cost or 0) > 0 else ""
        table.add_row(str(d.number), str(d.hand), seating.name(d.seat), d.phase,
                      Text(d.actual, style=style), d.strong, _cost(d.cost), d.solver or "-",
                      _cost(d.dd_cost))
    table.caption = ("Cost: the strong bot's expected margin minus the actual action's, over "
                     "the same sampled deals; DD: exact, every card open")
    return table


def seat_table(result: Analysis, seating: Seating) -> Table:
    """Per seat: decisions, errors, total and mean cost, double-dummy cost where solved."""
    table = Table(title="Per seat")
    for column in ("Seat", "Side", "Decisions", "Errors", "Total cost", "Mean cost",
                   "DD cost (solved)"):
        table.add_column(column, justify="left" if column in ("Seat", "Side") else "right")
    for s in result.seats():
        table.add_row(seating.name(s.seat), seating.side_name(seating.side_of(s.seat)),
                      str(s.decisions), str(s.errors), _cost(s.cost), _cost(s.mean_cost),
                      f"{_cost(s.dd_cost)} ({s.solved})")
    table.caption = "Errors: not the strong bot's choice, and a cost above zero"
    return table


def _check_plot(path: Path) -> None:
    """Refuse a plot file of another type, or matplotlib missing, before any search."""
    if path.suffix.lower().lstrip(".") not in analysis.PLOT_FORMATS:
        raise CliError(f"--plot writes a .png or .svg file, not {path.name!r}")
    if not path.parent.is_dir():
        raise CliError(f"cannot write {path}: there is no folder {path.parent}")
    if importlib.util.find_spec("matplotlib") is None:
        raise CliError("--plot needs matplotlib: pip install 'tricktable[research]'")


@click.command()
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--worlds", type=click.IntRange(min=1), default=16, show_default=True,
              help="Sampled deals per decision, at most.")
@click.option("--seconds", type=click.FloatRange(min=0, min_open=True),
              help="A time cap per decision (default none, so that every run gives the "
              "same analysis).")
@click.option("--seed", type=int, default=0, show_default=True, help="The strong bot's seed.")
@click.option("--seat", type=int, help="Only this seat's decisions (from 0).")
@click.option("--solve-tricks", type=click.IntRange(min=0), default=3, show_default=True,
              help="Solve double-dummy once at most this many tricks are left (0: never).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead.")
@click.option("--plot", "plot_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Also draw each side's score change per hand and the running cost of its "
              "decisions to this .png or .svg file (needs matplotlib).")
def analyse(path: Path, worlds: int, seconds: float | None, seed: int, seat: int | None,
            solve_tricks: int, as_json: bool, plot_path: Path | None) -> None:
    """Review every decision of a saved game: the strong bot's choice, the double-dummy
    solver's near the end of the play, and what the actual choice cost."""
    with user_errors():
        record = tricktable.load_record(path)
        game = tricktable.replay(record)
    if seat is not None and not 0 <= seat < game.players:
        raise CliError(f"--seat must be from 0 to {game.players - 1}, not {seat}")
    if plot_path is not None:
        _check_plot(plot_path)
    limits = SearchLimits(worlds=worlds, seconds=seconds or math.inf)
    err = console(stderr=True)
    with Progress(console=err, disable=not err.is_terminal) as progress:
        task = progress.add_task(f"{game.title}: analysing", total=len(record["actions"]))
        result = analysis.analyse(record, limits, seed, seat, solve_tricks,
                                  lambda: progress.advance(task))
    if plot_path is not None:
        try:
            analysis.plot(result, plot_path)
        except OSError as error:
            raise CliError(f"cannot write {plot_path}: {error.strerror}") from None
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    seating = Seating.of(game)
    out = console()
    out.print(decision_table(result, seating))
    out.print(seat_table(result, seating))
    if plot_path is not None:
        out.print(f"Plot written to {plot_path}")
