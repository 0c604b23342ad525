"""Game records: save, load, validate and replay.

A record is the game, its options, player count, seed, explicit deal (if any)
and the text of every action; replaying it reproduces the game exactly.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=11)
>>> _ = game.apply("bid 100")
>>> replay(game.record()).view(None) == game.view(None)
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tricktable.engine.actions import IllegalAction
from tricktable.engine.registry import new_game
from tricktable.engine.state import JSON, RECORD_FORMAT, RECORD_VERSION, GameState


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where."""


_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str, "version": int, "game": str, "players": int,
    "options": dict, "seed": int, "actions": list,
}


def validate_record(record: Any) -> JSON:
    """Check a record's shape; raise :class:`RecordError` naming the first problem."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    for key, kind in _FIELDS.items():
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
        if not isinstance(record[key], kind) or isinstance(record[key], bool):
            raise RecordError(f"the record's {key!r} has the wrong type")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"not a tricktable record (format {record['format']!r})")
    if record["version"] != RECORD_VERSION:
        raise RecordError(f"record version {record['version']} is not supported")
    if record.get("deal") is not None and not isinstance(record["deal"], dict):
        raise RecordError("the record's 'deal' must be an object or null")
    if not all(isinstance(a, str) for a in record["actions"]):
        raise RecordError("every action in a record must be text")
    return record


def replay(record: JSON, upto: int | None = None) -> GameState:
    """Rebuild a game from its record (its first ``upto`` actions, if given)."""
    validate_record(record)
    try:
        game = new_game(record["game"], seed=record["seed"], options=record["options"],
                        players=record["players"], deal=record.get("deal"))
    except ValueError as error:
        raise RecordError(f"cannot start the recorded game: {error}") from None
    for number, text in enumerate(record["actions"][:upto], start=1):
        try:
            game.apply(text)
        except IllegalAction as error:
            raise RecordError(f"action {number} ({text!r}) is illegal: {error}") from None
    return game


def save_record(game: GameState, path: str | Path) -> None:
    """Write a game's record as JSON."""
    Path(path).write_text(json.dumps(game.record(), indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")


def load_record(path: str | Path) -> JSON:
    """Read and validate a record file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not valid JSON: {error}") from None
    return validate_record(data)
