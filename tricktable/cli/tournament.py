"""``tricktable tournament``: a duplicate tournament of bots; standings and per-deal margins.

Each deal is played at one table per side for every pair of entrants, the
pair's first entrant holding that side and the second the others (the arena's
rotation, :mod:`tricktable.tournament`). With ``--db`` the tournament is also
stored, so the web app's tournament page shows it with its deals side by side.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import click
from rich.table import Table

from tricktable.cli import common
from tricktable.cli.common import CliError, console
from tricktable.tournament import MAX_DEALS, MAX_ENTRANTS, run_tournament

JSON = dict[str, Any]


def standings_table(doc: JSON) -> Table:
    """The standings as a table."""
    table = Table(title=f"{doc['title']}: {doc['deals']} deals, {len(doc['tables'])} tables "
                  f"(scored by {doc['scoring']})")
    for column in ("#", "Entrant", "Matchpoints %", "Total"):
        table.add_column(column, justify="left" if column == "Entrant" else "right")
    for place, row in enumerate(doc["standings"], start=1):
        table.add_row(str(place), row["entrant"], f"{row['matchpoints']:.1f}",
                      f"{row['total']:+.1f}")
    return table


@click.command()
@click.argument("game_name", metavar="GAME")
@click.option("--entrants", "entrants_text", required=True, metavar="A,B,...",
              help=f"The bots entered, 2 to {MAX_ENTRANTS}, each once.")
@click.option("--deals", type=click.IntRange(1, MAX_DEALS), required=True,
              help=f"Deals (1 to {MAX_DEALS}); each is played at one table per side and pair.")
@click.option("--seed", type=int, default=0, show_default=True, help="Deal d is dealt from SEED+d.")
@click.option("--players", type=int, help="Number of players, where the game allows a choice.")
@click.option("--db", default=None, metavar="URL",
              help="Also store it in this database (as for `tricktable serve`) for the web page.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole document as JSON.")
def tournament(game_name: str, entrants_text: str, deals: int, seed: int, players: int | None,
               db: str | None, as_json: bool) -> None:
    """A duplicate tournament of bots on GAME: standings and each pair's margin per deal."""
    first = common.start_game(game_name, seed, players, ())
    entrants = [name.strip() for name in entrants_text.split(",") if name.strip()]
    common.resolve_bots(entrants, first.name, fallback=False)
    try:
        doc = run_tournament(first.name, entrants, deals, seed, first.players)
    except ValueError as error:
        raise CliError(str(error)) from None
    if db is not None:
        store_it(db, doc)
    if as_json:
        click.echo(json.dumps(doc))
        return
    console().print(standings_table(doc))
    for margin in doc["margins"]:
        per = ", ".join("-" if v is None else f"{v:+g}" for v in margin["per_deal"])
        console().print(f"{margin['home']} - {margin['away']} per deal: {per}")


def store_it(db: str, doc: JSON) -> None:
    """Save a finished tournament in the web app's database; print its page's path."""
    from tricktable.store import StoreError, open_store
    from tricktable.store.ledger import TournamentInfo

    try:
        store = open_store(db)
    except StoreError as error:
        raise CliError(str(error)) from None
    try:
        tables = len(doc["tables"])
        info = TournamentInfo(secrets.token_urlsafe(9), doc["game"], list(doc["entrants"]),
                              doc["deals"], "finished", tables, tables, doc, None, time.time(),
                              time.time())
        store.ledger.save_tournament(info)
    finally:
        store.close()
    console(stderr=True).print(f"stored: /tournament/{info.id} (open it in tricktable serve)")
