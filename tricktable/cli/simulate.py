"""``tricktable simulate``: bots play whole games; a summary table or one JSON document."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import click
from rich.progress import Progress
from rich.table import Table

import tricktable
from tricktable import GameState
from tricktable.bots import play_game
from tricktable.cli import common
from tricktable.cli.common import Seating, console

JSON = dict[str, Any]


MAX_HANDS = 500  # hands a game may last before it is stopped without a winner


def game_summary(game: GameState) -> JSON:
    """One game: its seed, every hand's result, the scores, the winning side (None when
    stopped at the limit of hands, ``finished`` false)."""
    return {"seed": game.seed, "hands": [result.to_json() for result in game.results],
            "scores": list(game.scores),
            "winner": game.winner, "finished": game.is_over}


def simulate_games(name: str, players: int | None, options: Sequence[str], seed: int, count: int,
                   bots: str | None, show_progress: bool, max_hands: int = MAX_HANDS) -> JSON:
    """Play ``count`` games: game ``i`` is dealt from ``seed + i``, bots seeded from that;
    a game still going after ``max_hands`` hands is stopped.

    ``bots`` None means the heuristic bot, or the random one where there is none.
    """
    first = common.start_game(name, seed, players, options)
    names = common.bot_names(bots or "heuristic", first)
    names = common.resolve_bots(names, first.name, fallback=bots is None)
    seating = Seating.of(first)
    games: list[JSON] = []
    started = time.perf_counter()
    with Progress(console=console(stderr=True), disable=not show_progress) as progress:
        task = progress.add_task(f"{first.title}: games", total=count)
        for index in range(count):
            game = first if index == 0 else common.start_game(name, seed + index, players, options)
            seat_bots = list(common.make_bots(names, game).values())
            games.append(game_summary(play_game(game, seat_bots, max_hands)))
            progress.advance(task)
    return {
        "game": first.name, "players": first.players, "options": first.record()["options"],
        "seed": seed, "bots": names,
        "sides": [{"name": seating.side_name(i), "seats": seats}
                  for i, seats in enumerate(seating.sides)],
        "max_hands": max_hands, "games": games,
        "seconds": round(time.perf_counter() - started, 3),
    }


def summary_table(doc: JSON) -> Table:
    """Games won and average final score per side."""
    sides: list[JSON] = doc["sides"]
    games: list[JSON] = doc["games"]
    count = max(len(games), 1)
    title = tricktable.find_game(doc["game"]).title
    table = Table(title=f"{title}: {len(games)} games from seed {doc['seed']}")
    for column in ("Side", "Bots", "Won", "Won %", "Average score"):
        table.add_column(column, justify="left" if column in ("Side", "Bots") else "right")
    for index, side in enumerate(sides):
        won = sum(1 for g in games if g["winner"] == index)
        average = sum(g["scores"][index] for g in games) / count
        bots = ",".join(dict.fromkeys(doc["bots"][seat] for seat in side["seats"]))
        table.add_row(side["name"], bots, str(won), f"{100 * won / count:.1f}", f"{average:.1f}")
    undecided = sum(1 for g in games if g["winner"] is None and g["finished"])
    stopped = sum(1 for g in games if not g["finished"])
    notes = [f"{undecided} games without a winner"] if undecided else []
    if stopped:
        notes.append(f"{stopped} stopped after {doc['max_hands']} hands with nobody at the "
                     "target (see the game's options: a loss limit ends a losing side's game)")
    table.caption = "; ".join(notes) or None
    return table


@click.command()
@click.argument("game_name", metavar="GAME")
@click.option("--games", "count", type=click.IntRange(1, 100_000), default=10, show_default=True,
              help="Number of games to play.")
@click.option("--max-hands", type=click.IntRange(1, 100_000), default=MAX_HANDS,
              show_default=True, help="Stop a game after this many hands (no winner).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i is dealt from SEED+i; the bots are seeded from that too.")
@click.option("--bots", help="Bots: one name, one per side or one per seat (comma separated); "
              "default heuristic, or random where a game has no heuristic bot yet.")
@click.option("--players", type=int, help="Number of players, where the game allows a choice.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A rules option (repeatable); see `tricktable games`.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead.")
def simulate(game_name: str, count: int, max_hands: int, seed: int, bots: str | None,
             players: int | None, options: tuple[str, ...], as_json: bool) -> None:
    """Let bots play GAME many times and report the results."""
    show_progress = console(stderr=True).is_terminal
    doc = simulate_games(game_name, players, options, seed, count, bots, show_progress,
                         max_hands)
    if as_json:
        click.echo(json.dumps(doc))
        return
    out = console()
    out.print(summary_table(doc))
    hands = sum(len(g["hands"]) for g in doc["games"])
    rate = hands / doc["seconds"] if doc["seconds"] else float("inf")
    out.print(f"{hands} hands in {doc['seconds']:.2f} s: {rate:.0f} hands per second")
