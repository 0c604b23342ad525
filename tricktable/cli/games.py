"""``tricktable games``: every game with its player counts, rules options and presets."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

import tricktable
from tricktable.cli.common import console, option_text


def _limits(option: dict[str, Any]) -> str:
    """An option's allowed values: its choices or its range."""
    if option.get("choices"):
        return " | ".join(map(str, option["choices"]))
    if isinstance(option["default"], bool):
        return "true | false"
    low, high = option.get("minimum"), option.get("maximum")
    if low is None and high is None:
        return ""
    if high is None:
        return f"at least {low}"
    return f"at most {high}" if low is None else f"{low} to {high}"


def options_table(name: str) -> Table:
    """One game's options: name, default, allowed values and meaning."""
    game = tricktable.find_game(name)
    players = ", ".join(map(str, game.player_counts))
    table = Table(title=f"{game.title} ({name}), {players} players", title_justify="left")
    for column in ("Option", "Default", "Values", "Meaning"):
        table.add_column(column)
    for option in game.rules_type.describe():
        table.add_row(option["name"], option_text(option["default"]), _limits(option),
                      option.get("doc", ""))
    return table


def presets_table(name: str) -> Table | None:
    """One game's presets (None: it has none): name, meaning and the options each sets."""
    game = tricktable.find_game(name)
    presets = game.rules_type.presets
    if not presets:
        return None
    table = Table(title=f"{game.title} presets (--option preset=NAME)", title_justify="left")
    for column in ("Preset", "Meaning", "Options"):
        table.add_column(column)
    for preset in presets:
        table.add_row(preset.name, preset.doc, ", ".join(
            f"{key}={option_text(value)}" for key, value in preset.options.items()))
    return table


@click.command()
def games() -> None:
    """List the games with their options and defaults."""
    out = console()
    for name in tricktable.games():
        out.print(options_table(name))
        presets = presets_table(name)
        if presets is not None:
            out.print(presets)
    out.print("Set an option with --option NAME=VALUE, e.g. --option target=300; a preset's "
              "options with --option preset=NAME (options given beside it override it)")
