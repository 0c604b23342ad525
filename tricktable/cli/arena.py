"""``tricktable arena``: a duplicate match of two bots; a table or one JSON document."""

from __future__ import annotations

import json
import os
from typing import Any

import click
from rich.progress import Progress
from rich.table import Table

import tricktable
from tricktable.arena import duplicate_match
from tricktable.bots import BOT_NAMES
from tricktable.cli import common
from tricktable.cli.common import CliError, console

JSON = dict[str, Any]
MAX_DEALS = 1_000_000  # deals in one match: a few hours of the fastest bots on one core


def parse_bots(text: str, game: str) -> tuple[str, str]:
    """The two bot names of ``--bots A,B``, each one that exists for ``game``.

    >>> parse_bots("heuristic, random", "rook")
    ('heuristic', 'random')
    """
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise CliError(f"--bots takes two bot names, A,B, not {text!r}; "
                       f"bots: {', '.join(BOT_NAMES)}")
    first, second = common.resolve_bots(names, game, fallback=False)
    return first, second


def report_table(doc: JSON) -> Table:
    """Each bot's mean score change per deal, win rate and decision times."""
    title = tricktable.find_game(doc["game"]).title
    margin = doc["margin"]
    unit = "game" if doc["whole_games"] else "deal"
    units = unit if doc["deals"] == 1 else f"{unit}s"
    table = Table(title=f"{title}, {doc['players']} players: {doc['deals']} {units} "
                  f"({doc['hands']} hands) from seed {doc['seed']}")
    for column in ("Bot", "Mean", "±95%", "Win %", "p50 ms", "p95 ms"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for role, bot in zip("AB", doc["bots"], strict=True):
        table.add_row(f"{role}: {bot['name']}", f"{bot['mean']:+.2f}", _plus_minus(bot["ci95"]),
                      f"{100 * bot['win_rate']:.1f}", f"{bot['decision_ms_p50']:.2f}",
                      f"{bot['decision_ms_p95']:.2f}")
    table.caption = (f"A's margin over B per {unit}: {margin['mean']:+.2f} "
                     f"± {_plus_minus(margin['ci95'])}")
    return table


def _plus_minus(value: float | None) -> str:
    """A 95% half-width, or ``?`` when there are too few deals for one."""
    return "?" if value is None else f"{value:.2f}"


@click.command()
@click.argument("game_name", metavar="GAME")
@click.option("--bots", "bots_text", required=True, metavar="A,B",
              help=f"The bot tested (A) and its opponent (B); bots: {', '.join(BOT_NAMES)}.")
@click.option("--deals", type=click.IntRange(1, MAX_DEALS), required=True,
              help="Number of deals; each is played once per side.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Deal d is dealt from seed SEED+d.")
@click.option("--players", type=int, help="Number of players, where the game allows a choice.")
@click.option("--workers", type=click.IntRange(min=1),
              help="Processes to play in (default: one per core).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A rules option (repeatable); see `tricktable games`.")
@click.option("--games", "whole_games", is_flag=True,
              help="A deal is a whole game, not its first hand: final scores and games won.")
@click.option("--ray", "ray_address", is_flag=False, flag_value="local", default=None,
              metavar="[ADDRESS]",
              help="Spread the deals over a Ray cluster (its address; alone: start Ray on "
                   "this machine). Same results as without. Needs tricktable[cluster].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead.")
def arena(game_name: str, bots_text: str, deals: int, seed: int, players: int | None,
          workers: int | None, options: tuple[str, ...], whole_games: bool,
          ray_address: str | None, as_json: bool) -> None:
    """Duplicate match of two bots on GAME: the same deals, A in every side's seats in turn."""
    first = common.start_game(game_name, seed, players, options)
    bot_a, bot_b = parse_bots(bots_text, first.name)
    parsed = common.parse_options(first.name, options)
    err = console(stderr=True)
    # refreshed by hand: no refresh thread is running when the worker processes are forked
    with Progress(console=err, disable=not err.is_terminal, auto_refresh=False) as progress:
        task = progress.add_task(f"{first.title}: deals", total=deals)
        played = 0

        def advance(done: int) -> None:
            nonlocal played
            before, played = played, played + done
            progress.advance(task, done)
            progress.refresh()
            if not err.is_terminal and played * 10 // deals > before * 10 // deals:
                click.echo(f"{first.title}: {played}/{deals} deals", err=True)  # for logs

        try:
            result = duplicate_match(first.name, bot_a, bot_b, deals, seed, first.players,
                                     parsed, advance, workers or os.cpu_count() or 1,
                                     whole_games, ray_address)
        except ImportError as error:
            raise CliError(str(error)) from None
    doc = result.report()
    if as_json:
        click.echo(json.dumps(doc))
        return
    console().print(report_table(doc))
