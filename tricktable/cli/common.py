"""Shared command-line helpers: errors, options, games, bots, seat names.

>>> parse_options("rook", ("target=300", "enforce_follow_suit=off"))
{'target': 300, 'enforce_follow_suit': False}
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console

import tricktable
from tricktable import DealError, GameState, OptionError, RecordError
from tricktable.bots import Bot, bot_seed, make_bot
from tricktable.engine.state import JSON
from tricktable.engine.views import SEAT_KINDS, keys_of_kind
from tricktable.records import continues

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class CliError(click.ClickException):
    """A user mistake: one line on stderr, exit code 2."""

    exit_code = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the engine's errors about what the user asked for into :class:`CliError`."""
    try:
        yield
    except (OptionError, RecordError, DealError) as error:
        raise CliError(str(error)) from None


def check_save_target(path: Path, record: JSON) -> None:
    """Refuse a file to save ``record`` in unless it is new or an earlier part of the game,
    in a folder that may be written (or a device, such as /dev/stdout).

    Nothing is lost: another game's record, or a damaged file, is never overwritten.
    """
    if path.is_dir():
        raise CliError(f"cannot save the record to {path}: it is a folder; name a file")
    if path.exists() and not path.is_file():
        return  # a device or a pipe: written through
    if not path.parent.is_dir():
        raise CliError(f"cannot save the record to {path}: there is no folder {path.parent}")
    folder = path.resolve().parent  # where the new file is written before it replaces the old
    if not os.access(folder, os.W_OK):
        raise CliError(f"cannot save the record to {path}: the folder {folder} is not "
                       "writable")
    if not path.is_file():
        return
    try:
        earlier = tricktable.load_record(path)
    except RecordError as error:
        raise CliError(f"{path} exists and is not a record of this game ({error}); "
                       "it was left as it is: choose another file") from None
    if not continues(record, earlier):
        raise CliError(f"{path} holds another game's record; it was left as it is: "
                       "choose another file")


def console(stderr: bool = False) -> Console:
    """A rich console that prints text as given: no markup, highlighting or word wrap."""
    return Console(stderr=stderr, markup=False, highlight=False, emoji=False, soft_wrap=True)


def _convert(value: str, default: Any) -> Any:
    """Read an option's text as the type of its default; leave it as text if it does not fit."""
    if isinstance(default, bool):
        low = value.lower()
        return True if low in _TRUE else False if low in _FALSE else value
    if isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            return value  # the rules object names the problem
    return value


def option_text(value: Any) -> str:
    """An option value as it is typed: ``true``/``false`` for booleans."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_options(game: str, pairs: Sequence[str]) -> dict[str, Any]:
    """Read ``key=value`` options for a game, typed like each option's default."""
    with user_errors():
        described = tricktable.find_game(game).rules_type.describe()
    defaults = {option["name"]: option["default"] for option in described}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"an option is written key=value, not {pair!r}")
        options[key] = _convert(value.strip(), defaults.get(key, ""))
    return options


def start_game(
    name: str, seed: int | None, players: int | None, options: Sequence[str]
) -> GameState:
    """A new game from command-line arguments; user errors become :class:`CliError`."""
    parsed = parse_options(name, options)
    with user_errors():
        return tricktable.new_game(name, seed=seed, options=parsed, players=players)


def bot_names(text: str, game: GameState) -> list[str]:
    """One bot name per seat, from one name, one per side, or one per seat.

    >>> g = tricktable.new_game("rook", seed=1)
    >>> bot_names("random", g), bot_names("a,b", g)
    (['random', 'random', 'random', 'random'], ['a', 'b', 'a', 'b'])
    """
    names = [n.strip() for n in text.split(",") if n.strip()]
    sides = game.sides
    if len(names) == 1:
        return names * game.players
    if len(names) == game.players:
        return names
    if len(names) == len(sides):
        return [names[game.side_of(seat)] for seat in range(game.players)]
    raise CliError(f"--bots takes one name, one per side ({len(sides)}) "
                   f"or one per seat ({game.players}), not {len(names)}")


def resolve_bots(names: Sequence[str], game: str, fallback: bool) -> list[str]:
    """Check every bot name exists for ``game``.

    With ``fallback``, a missing heuristic bot becomes ``random`` (one notice
    on stderr); otherwise a missing or unknown bot is a :class:`CliError`.
    """
    resolved = list(names)
    for name in dict.fromkeys(names):
        try:
            make_bot(name, game)
        except ValueError as error:
            if not (fallback and name == "heuristic"):
                raise CliError(str(error)) from None
            console(stderr=True).print(f"note: {error}; the random bot plays instead")
            resolved = ["random" if n == name else n for n in resolved]
    return resolved


def make_bots(names: Sequence[str], game: GameState, skip: int | None = None) -> dict[int, Bot]:
    """One seeded bot per seat (but ``skip``), from names checked by :func:`resolve_bots`."""
    return {seat: make_bot(name, game.name, bot_seed(game.seed, seat))
            for seat, name in enumerate(names) if seat != skip}


@dataclass(frozen=True)
class Seating:
    """Seat labels and scoring sides of a game, for display."""

    names: list[str]
    sides: list[list[int]]
    seat_keys: frozenset[str] = frozenset(keys_of_kind({}, SEAT_KINDS))
    """Keys whose numbers are seats: the game's declared seat keys (views and results)."""

    @classmethod
    def of(cls, game: GameState) -> Seating:
        """The seating of ``game``, with the keys its declarations say hold seats."""
        declared = {**type(game).view_keys, **type(game).result_keys}
        seat_keys = frozenset(keys_of_kind(declared, SEAT_KINDS))
        return cls([game.seat_name(s) for s in range(game.players)], game.sides, seat_keys)

    def name(self, seat: Any) -> str:
        """A seat's label, or ``-`` when there is none."""
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "-"

    def side_name(self, side: int) -> str:
        """A side's label: ``N/S``, or ``P1`` for a single seat."""
        return "/".join(self.names[s] for s in self.sides[side])

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays for."""
        return next(i for i, side in enumerate(self.sides) if seat in side)


SEARCHING_LEVELS = ("strong", "expert")  # bots that solve positions with the compiled kernel


def load_solver(out: Console, names: Sequence[str] = (), hints: bool = False) -> None:
    """Load the compiled solver now, with a notice, when hints or a searching bot will
    need it and its cache is cold: the first run after an install compiles it for a
    minute or two, which would otherwise pass in silence at the first hint."""
    if not hints and not any(name.partition(":")[0] in SEARCHING_LEVELS for name in names):
        return
    from tricktable.solver.kernel_cache import kernel_cached
    from tricktable.solver.warm import warm_up

    if kernel_cached():
        return
    with out.status("Compiling the double-dummy solver, once after an install or an update "
                    "(a minute or two; cached on disk after that) ..."):
        warm_up()
