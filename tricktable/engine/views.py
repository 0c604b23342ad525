"""Typed views: the keys every game's view shares, and what each game adds, declared.

A view is the JSON a seat is sent. Its common keys (:data:`COMMON`) have one
name and one meaning in every game: ``sides`` in a fixed order for the whole
game with ``scores`` and ``tricks`` in that order, ``declarer`` the seat that
named the contract (or None), ``trump`` the suit all seats play as trump (or
None). A game declares its own keys in ``view_keys``, each with a
:class:`Key`: its kind (a seat, seats, a side, cards, a count, text...) and a
one-line meaning. From the declarations come a JSON Schema per game
(:func:`json_schema`, published in ``docs/views/``), the conformance test that
every view matches it exactly, and what interfaces read instead of guessing
(:func:`keys_of_kind`: which keys name seats, which hold cards).

>>> schema = json_schema("demo", {"nest_size": Key("count", "cards in the nest")})
>>> schema["properties"]["nest_size"]
{'type': 'integer', 'minimum': 0, 'description': 'cards in the nest'}
>>> schema["properties"]["declarer"]["description"]
'the seat that named the contract, null before'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

KINDS: dict[str, dict[str, Any]] = {
    "seat": {"type": "integer", "minimum": 0},
    "seats": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    "side": {"type": "integer", "minimum": 0},
    "sides": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
    "card": {"type": "string"},
    "cards": {"type": "array", "items": {"type": "string"}},
    "count": {"type": "integer", "minimum": 0},
    "counts": {"type": "array", "items": {"type": "integer"}},
    "number": {"type": "integer"},
    "text": {"type": "string"},
    "texts": {"type": "array", "items": {"type": ["string", "null"]}},
    "flag": {"type": "boolean"},
    "flags": {"type": "array", "items": {"type": "boolean"}},
    "plays": {"type": "array", "items": {"$ref": "#/$defs/play"}},
    "trick": {"$ref": "#/$defs/trick"},
    "tricks": {"type": "array", "items": {"$ref": "#/$defs/trick"}},
    "record": {"type": "object"},
    "records": {"type": "array", "items": {"type": "object"}},
    "list": {"type": "array"},
}
"""What each kind of key holds, as JSON Schema."""

SEAT_KINDS = frozenset({"seat", "seats"})
DEFS = {
    "play": {"type": "object", "required": ["seat", "card"],
             "properties": {"seat": {"type": ["integer", "null"]}, "card": {"type": "string"}}},
    "trick": {"type": "object", "required": ["cards", "winner"],
              "properties": {"cards": {"type": "array", "items": {"$ref": "#/$defs/play"}},
                             "winner": {"type": ["integer", "null"]}}},
}


@dataclass(frozen=True)
class Key:
    """One key of a view: its kind (one of :data:`KINDS`), its meaning, whether it may be
    null, and whether a seat's view alone holds it (its own cards, what it was passed)."""

    kind: str
    meaning: str
    nullable: bool = False
    private: bool = False
    optional: bool = False  # present only when it applies

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of view key {self.kind!r}; kinds: {', '.join(KINDS)}")

    def schema(self) -> dict[str, Any]:
        """This key's JSON Schema."""
        schema = dict(KINDS[self.kind])
        if self.nullable:
            schema = {"anyOf": [schema, {"type": "null"}]}
        return {**schema, "description": self.meaning}


COMMON: dict[str, Key] = {
    "game": Key("text", "the game's registry name"),
    "seat": Key("seat", "the seat this view is for, null for a spectator", nullable=True),
    "players": Key("count", "the number of seats"),
    "sides": Key("sides", "the scoring sides (partnerships or single seats), in the order of "
                          "scores and tricks, the same for the whole game"),
    "phase": Key("text", "the phase of the hand: one of the game's own phases"),
    "hand_number": Key("count", "the hand being played, from 1"),
    "dealer": Key("seat", "the seat that dealt this hand"),
    "to_move": Key("seat", "the seat to act now, null once the game is over", nullable=True),
    "hand_sizes": Key("counts", "how many cards each seat holds"),
    "declarer": Key("seat", "the seat that named the contract, null before", nullable=True),
    "contract": Key("text", "the contract (bid and trump) as players say it, null before",
                    nullable=True),
    "trump": Key("text", "the suit every seat plays as trump, null for none", nullable=True),
    "trick": Key("plays", "the trick in progress: who played which card, in order"),
    "last_trick": Key("trick", "the last finished trick and its winner, where the rules let "
                               "it be seen", nullable=True),
    "tricks": Key("counts", "tricks each side has taken this hand, in the order of sides"),
    "scores": Key("counts", "each side's score in the game, in the order of sides"),
    "winner": Key("side", "the side that won the game, once it is over", nullable=True),
    "hand": Key("cards", "this seat's cards (not in a spectator's view)", private=True),
    "prompt": Key("text", "what the seat to move is to do now, in words (null for others)",
                  nullable=True),
    "table": Key("records", "the game's things a table shows, as {label, text} items"),
    "at_seats": Key("list", "per seat, what lies on the table before it (meld, markers, "
                              "marriages)", optional=True),
    "auto_action": Key("text", "an action the table takes for the seat to move after a pause",
                       nullable=True, optional=True),
}
"""The keys every view has, with one meaning in every game."""


def json_schema(game: str, extras: Mapping[str, Key]) -> dict[str, Any]:
    """The JSON Schema of a game's views: the common keys and the game's own, and no other.

    A spectator's view lacks the private keys; a seat's view may lack a
    private key that does not apply to it yet (a nest card not taken).
    """
    keys = {**COMMON, **extras}
    required = [name for name, key in keys.items() if not key.private and not key.optional]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://tricktable.dev/schemas/view-{game}.json",
        "title": f"A seat's view of a game of {game}",
        "type": "object",
        "required": required,
        "additionalProperties": False,
        "properties": {name: key.schema() for name, key in keys.items()},
        "$defs": DEFS,
    }


def keys_of_kind(extras: Mapping[str, Key], kinds: frozenset[str]) -> list[str]:
    """The view keys (common and the game's own) whose kind is one of ``kinds``.

    >>> keys_of_kind({"closer": Key("seat", "who closed", nullable=True)}, SEAT_KINDS)
    ['seat', 'dealer', 'to_move', 'declarer', 'closer']
    """
    return [name for name, key in {**COMMON, **extras}.items() if key.kind in kinds]


def write_schemas(folder: str) -> list[str]:
    """Write every registered game's view schema (``NAME.schema.json``) and hand result
    schema (``NAME.result.schema.json``) to ``folder``; return the files written."""
    import json
    from pathlib import Path

    from tricktable.engine.registry import find_game, game_names
    from tricktable.engine.results import result_schema

    written = []
    for name in game_names():
        cls = find_game(name)
        for path, schema in ((Path(folder) / f"{name}.schema.json",
                              json_schema(name, cls.view_keys)),
                             (Path(folder) / f"{name}.result.schema.json",
                              result_schema(name, cls.result_keys))):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n",
                            encoding="utf-8")
            written.append(str(path))
    return written


if __name__ == "__main__":  # python3 -m tricktable.engine.views docs/views
    import sys

    import tricktable  # noqa: F401  (registers every game)

    for written_path in write_schemas(sys.argv[1] if len(sys.argv) > 1 else "docs/views"):
        print(written_path)
