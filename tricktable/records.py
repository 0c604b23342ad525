"""Game records: save, load, validate and replay, with clear errors.

A record is the game, its options, player count, seed, explicit deal (if any)
and the text of every action; replaying it reproduces the game exactly. Its
format is the JSON Schema ``tricktable/schemas/record.schema.json``
(:func:`record_schema`; every field is described in docs/records.md). A
problem is a :class:`RecordError` naming where it is and what is wrong.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=11)
>>> _ = game.apply("bid 100")
>>> replay(game.record()).view(None) == game.view(None)
True
>>> validate_record({**game.record(), "actions": ["bid 100", 5]})
Traceback (most recent call last):
...
tricktable.records.RecordError: record.actions[1]: 5 is not of type 'string'
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tricktable.engine.actions import IllegalAction
from tricktable.engine.registry import new_game
from tricktable.engine.state import JSON, GameState

if TYPE_CHECKING:  # jsonschema is imported when a record is first checked (it takes ~50 ms)
    from jsonschema import ValidationError
    from jsonschema.protocols import Validator

SCHEMA_FILE = Path(__file__).resolve().parent / "schemas" / "record.schema.json"
MESSAGE_CHARS = 160  # a longer problem keeps its start and end


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says where."""


@functools.cache
def record_schema() -> JSON:
    """The JSON Schema (draft 2020-12) of the record format, as shipped in the package.

    >>> record_schema()["properties"]["format"]["const"]
    'tricktable-record'
    """
    schema: JSON = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


@functools.cache
def _validator() -> Validator:
    from jsonschema import Draft202012Validator, validators

    # JSON Schema counts 4.0 as an integer; a record's seat counts and seed are whole numbers
    whole = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    strict: type[Validator] = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, type_checker=whole)
    return strict(record_schema())


def _rank(error: ValidationError) -> tuple[bool, Any]:
    """The format and version first (another kind of file fails on them), then jsonschema's
    relevance (shallower problems first, sibling problems in order)."""
    from jsonschema.exceptions import relevance

    return (list(error.absolute_path)[:1] in (["format"], ["version"]), relevance(error))


def _problem(error: ValidationError) -> str:
    """Where, then what: ``record.actions[3]: 5 is not of type 'string'``."""
    where = "record" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}"
                               for part in error.absolute_path)
    what = (f"expected {error.validator_value!r}, not {error.instance!r}"
            if error.validator == "const" else error.message)
    return f"{_short(where)}: {_short(what)}"


def _short(text: str) -> str:
    """``text``, or its start and end when it is long (a damaged file may hold anything)."""
    half = MESSAGE_CHARS // 2
    return text if len(text) <= MESSAGE_CHARS else f"{text[:half]} ... {text[-half:]}"


def validate_record(record: Any) -> JSON:
    """Check a record against the schema; raise :class:`RecordError` naming the first problem.

    This checks the shape only; :func:`replay` also checks the game, options and actions.

    >>> validate_record({"format": "tricktable-record", "version": 2})
    Traceback (most recent call last):
    ...
    tricktable.records.RecordError: record.version: expected 1, not 2
    """
    from jsonschema.exceptions import best_match

    error = best_match(_validator().iter_errors(record), key=_rank)
    if error is not None:
        raise RecordError(_problem(error))
    checked: JSON = record
    return checked


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


def continues(record: JSON, earlier: JSON) -> bool:
    """Whether ``record`` is the game of ``earlier`` with zero or more actions added.

    >>> import tricktable
    >>> game = tricktable.new_game("sixtysix", seed=4)
    >>> before = game.record()
    >>> _ = game.apply(game.legal_actions()[0])
    >>> continues(game.record(), before), continues(before, game.record())
    (True, False)
    """
    done = len(earlier["actions"])
    return (record["actions"][:done] == earlier["actions"]
            and replay(record, upto=0).record() == replay(earlier, upto=0).record())


def parse_record(text: str | bytes, source: str | None = None) -> JSON:
    """A record from JSON text, checked to its last action; errors begin with ``source``.

    >>> parse_record('{"format": "tricktable-record", "version"', "game.json")
    Traceback (most recent call last):
    ...
    tricktable.records.RecordError: game.json is not valid JSON (damaged or cut short?): \
Expecting ':' delimiter: line 1 column 42
    """
    name = source or "the record"
    if not text.strip():
        raise RecordError(f"{name} is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{name} is not valid JSON (damaged or cut short?): {error.msg}: "
                          f"line {error.lineno} column {error.colno}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{name} is not UTF-8 text") from None
    except ValueError as error:  # a number of thousands of digits
        raise RecordError(f"{name} is not a record: {error}") from None
    except RecursionError:
        raise RecordError(f"{name} is nested too deeply to be a record") from None
    try:
        replay(data)
    except RecordError as error:
        raise RecordError(f"{source}: {error}" if source else str(error)) from None
    record: JSON = data
    return record


def record_text(game: GameState) -> str:
    """A game's record as the JSON text of a record file."""
    return json.dumps(game.record(), indent=1, ensure_ascii=False) + "\n"


def save_record(game: GameState, path: str | Path) -> None:
    """Write a game's record as JSON; a file is replaced whole, never left half written.

    The new text goes to a file beside the old one, is flushed to the disk, and then
    renamed over the old file, so a crash or a full disk leaves one or the other whole.
    """
    target = Path(path)
    text = record_text(game)
    if target.exists() and not target.is_file():  # a device or a pipe: write through
        target.write_text(text, encoding="utf-8")
        return
    real = target.resolve()
    temporary = real.with_name(f".{real.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, real)
    finally:
        temporary.unlink(missing_ok=True)
    _sync_folder(real.parent)


def _sync_folder(folder: Path) -> None:
    """Flush a rename in ``folder`` to the disk, where the system can (not on Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows does not open a folder
        return
    try:
        with contextlib.suppress(OSError):  # some file systems cannot; the record is saved
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def load_record(path: str | Path) -> JSON:
    """Read a record file and check it to its last action (:func:`parse_record`)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    return parse_record(data, str(path))
