"""``tricktable ratings``: seed the bot levels' ratings with bot games, show a leaderboard.

The web app rates people and bots as rooms finish (docs/players.md); ``seed``
gives the bots a rating before anyone has played them, so a player choosing
opponents in the lobby sees how strong each level is. The server's libraries
(OpenSkill, SQLAlchemy) are imported only when the command runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
from rich.table import Table

import tricktable
from tricktable.arena import MAX_HANDS
from tricktable.cli import common
from tricktable.cli.common import CliError, console

if TYPE_CHECKING:
    from tricktable.store import Store

MAX_SEED_GAMES = 10_000


def _store(db: str | None) -> Store:
    try:
        from tricktable.store import StoreError, open_store
    except ImportError as error:  # pragma: no cover - the server extra is missing
        raise CliError(f"{error}: pip install -e '.[server]'") from None
    try:
        return open_store(db)
    except StoreError as error:
        raise CliError(str(error)) from None


def _games(names: tuple[str, ...]) -> list[str]:
    known = tricktable.games()
    for name in names:
        if name not in known:
            raise CliError(f"no game {name!r}; games: {', '.join(known)}")
    return list(names) or list(known)


def leaderboard_table(store: Store, game: str, limit: int = 20) -> Table:
    """The game's best ratings as a table."""
    from tricktable.server.ratings import rating_json

    title = tricktable.find_game(game).title
    table = Table(title=f"{title}: ratings (mu - 3 sigma)")
    for column in ("#", "Name", "Kind", "Rating", "mu", "sigma", "Games"):
        table.add_column(column, justify="left" if column in ("Name", "Kind") else "right")
    for rank, rating in enumerate(store.ledger.ratings(game, limit), start=1):
        shown = rating_json(rating)
        table.add_row(str(rank), shown["name"], shown["kind"], f"{shown['rating']:.1f}",
                      f"{shown['mu']:.2f}", f"{shown['sigma']:.2f}", str(shown["games"]))
    return table


@click.group()
def ratings() -> None:
    """The web app's ratings: seed the bots' with bot games, or show a game's leaderboard."""


@ratings.command()
@click.option("--games", type=click.IntRange(1, MAX_SEED_GAMES), required=True,
              help=f"Bot games per game (at most {MAX_SEED_GAMES}).")
@click.option("--game", "game_names", multiple=True, metavar="GAME",
              help="A game to seed (repeatable; default: every game).")
@click.option("--bots", "bots_text", default="random,heuristic", show_default=True,
              metavar="A,B,...", help="The bot levels to rate (add strong or expert: slower).")
@click.option("--db", default=None, metavar="URL",
              help="The database, as for `tricktable serve` (default: SQLite in the data folder).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deals and seats.")
def seed(games: int, game_names: tuple[str, ...], bots_text: str, db: str | None,
         seed: int) -> None:
    """Play GAMES whole bot games of each game and rate the bot levels from them."""
    from tricktable.server.ratings import seed_ratings

    chosen = _games(game_names)
    store = _store(db)
    err = console(stderr=True)
    try:
        for game in chosen:
            bots = common.resolve_bots([b.strip() for b in bots_text.split(",") if b.strip()],
                                       game, fallback=True)
            if not bots:
                raise CliError("--bots names no bot")
            rated = seed_ratings(store.ledger, game, games, bots, seed)
            stopped = f" ({games - rated} stopped unfinished after {MAX_HANDS} hands, not " \
                "rated)" if rated < games else ""
            err.print(f"{tricktable.find_game(game).title}: {rated} games rated{stopped}")
            console().print(leaderboard_table(store, game))
    finally:
        store.close()


@ratings.command()
@click.argument("game")
@click.option("--db", default=None, metavar="URL", help="The database (as for serve).")
@click.option("--limit", type=click.IntRange(1, 200), default=20, show_default=True)
def show(game: str, db: str | None, limit: int) -> None:
    """The leaderboard of GAME: people and bots, best first."""
    name = _games((game,))[0]
    store = _store(db)
    try:
        console().print(leaderboard_table(store, name, limit))
    finally:
        store.close()
