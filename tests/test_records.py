"""Game records: save, load, validate and replay, with clear errors."""

from __future__ import annotations

import copy
import json
import os
import random
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import tricktable
from tricktable import GameState, RecordError
from tricktable.records import (
    SCHEMA_FILE,
    continues,
    parse_record,
    record_schema,
    validate_record,
)

ROOT = Path(__file__).resolve().parent.parent
ROOK_CARDS = [f"{colour}{number}" for colour in "RGYB" for number in range(1, 15)] + ["Rook"]


def played(seed: int, steps: int | None = None, **options: Any) -> GameState:
    """A seeded Rook game after ``steps`` random actions (None: to the end, which random
    players reach with a floor: the game's ``playout_options``)."""
    options = {**tricktable.find_game("rook").playout_options, **options}
    game = tricktable.new_game("rook", seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over and (steps is None or len(game.history) < steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def observable(game: GameState) -> dict[str, Any]:
    return {
        "views": [game.view(seat) for seat in (0, 1, 2, 3, None)],
        "events": [game.events(seat) for seat in (0, 1, 2, 3, None)],
        "reveal": game.reveal(), "results": game.results, "scores": game.scores,
        "winner": game.winner, "to_move": game.to_move, "phase": str(game.phase),
    }


def a_record() -> dict[str, Any]:
    return played(5, steps=30).record()


def test_a_record_holds_game_options_players_seed_deal_and_actions() -> None:
    game = played(5, steps=30, target=300)
    record = game.record()
    assert record["format"] == "tricktable-record" and record["version"] == 1
    assert record["game"] == "rook" and record["players"] == 4 and record["seed"] == 5
    assert record["options"]["target"] == 300 and record["deal"] is None
    assert record["actions"] == game.history and len(record["actions"]) == 30
    assert json.loads(json.dumps(record)) == record


@pytest.mark.parametrize("seed", range(4))
def test_replaying_a_finished_game_reproduces_it(seed: int) -> None:
    game = played(seed)
    again = tricktable.replay(game.record())
    assert observable(again) == observable(game)


def test_replaying_part_of_a_record_stops_there() -> None:
    game = played(2)
    record = game.record()
    for upto in (0, 1, 13, 77, len(record["actions"]) - 1):
        assert observable(tricktable.replay(record, upto=upto)) == observable(
            played(2, steps=upto)), f"upto={upto}"


def test_a_dealt_hand_replays_from_its_record() -> None:
    hands = [ROOK_CARDS[14 * seat: 14 * seat + 14] for seat in range(4)]
    game = tricktable.new_game("rook", deal={"dealer": 1, "hands": hands, "nest": ["Rook"]},
                               options={"enforce_follow_suit": False})
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    record = json.loads(json.dumps(game.record()))
    assert record["deal"]["dealer"] == 1
    assert observable(tricktable.replay(record)) == observable(game)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = played(8)
    path = tmp_path / "game.json"
    tricktable.save_record(game, path)
    loaded = tricktable.load_record(path)
    assert loaded == game.record()
    assert observable(tricktable.replay(loaded)) == observable(game)


def test_record_returns_a_copy_the_caller_may_change() -> None:
    hands = [ROOK_CARDS[14 * seat: 14 * seat + 14] for seat in range(4)]
    game = tricktable.new_game("rook", deal={"dealer": 1, "hands": hands, "nest": ["Rook"]})
    game.apply("pass")
    before = copy.deepcopy(game.record())
    record = game.record()
    record["actions"].append("bid 70")
    record["options"]["target"] = 1
    record["deal"]["dealer"] = 3
    record["deal"]["hands"][0][0] = "G1"
    assert game.record() == before, "changing a returned record changed the game's record"


def test_new_game_keeps_its_own_copy_of_the_deal() -> None:
    hands = [ROOK_CARDS[14 * seat: 14 * seat + 14] for seat in range(4)]
    deal: dict[str, Any] = {"dealer": 1, "hands": hands, "nest": ["Rook"]}
    game = tricktable.new_game("rook", deal=deal)
    before = copy.deepcopy(game.record())
    hands[0].reverse()
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    assert game.record() == before, "changing the caller's deal afterwards changed the record"


def _without(key: str) -> dict[str, Any]:
    record = a_record()
    del record[key]
    return record


def _with(**changes: Any) -> dict[str, Any]:
    record = a_record()
    record.update(changes)
    return record


@pytest.mark.parametrize(("record", "message"), [
    ([], "record: [] is not of type 'object'"),
    ("record", "record: 'record' is not of type 'object'"),
    *[(_without(key), f"record: '{key}' is a required property")
      for key in ("format", "version", "game", "players", "options", "seed", "actions")],
    (_with(seed="5"), "record.seed: '5' is not of type 'integer'"),
    (_with(seed=True), "record.seed: True is not of type 'integer'"),
    (_with(players=4.0), "record.players: 4.0 is not of type 'integer'"),
    (_with(players=1), "record.players: 1 is less than the minimum of 2"),
    (_with(game=""), "record.game: '' should be non-empty"),
    (_with(options=[]), "record.options: [] is not of type 'object'"),
    (_with(options={"target": [300]}),
     "record.options.target: [300] is not of type 'boolean', 'number', 'string'"),
    (_with(actions="bid 70"), "record.actions: 'bid 70' is not of type 'array'"),
    (_with(format="chess-pgn"), "record.format: expected 'tricktable-record', not 'chess-pgn'"),
    (_with(version=2), "record.version: expected 1, not 2"),
    ({"format": "tricktable-record", "version": 2}, "record.version: expected 1, not 2"),
    (_with(deal=["R1"]), "record.deal: ['R1'] is not of type 'object', 'null'"),
    (_with(deal={"nest": ["R1"]}), "record.deal: 'hands' is a required property"),
    (_with(deal={"dealer": -1, "hands": []}),
     "record.deal.dealer: -1 is less than the minimum of 0"),
    (_with(deal={"hands": [["R1"], 5]}),
     "record.deal.hands[1]: 5 is not of type 'array', 'string'"),
    (_with(actions=["pass", 7]), "record.actions[1]: 7 is not of type 'string'"),
    (_with(actions=["pass", ""]), "record.actions[1]: '' should be non-empty"),
    (_with(comment="mine"),
     "record: Additional properties are not allowed ('comment' was unexpected)"),
])
def test_malformed_records_are_refused_naming_the_problem(record: Any, message: str) -> None:
    with pytest.raises(RecordError) as error:
        validate_record(record)
    assert str(error.value) == message
    with pytest.raises(RecordError):
        tricktable.replay(record)


@pytest.mark.parametrize(("changes", "message"), [
    ({"game": "chess"}, "cannot start the recorded game: unknown game 'chess'"),
    ({"players": 3}, "cannot start the recorded game: Rook is played by 4 players, not 3"),
    ({"options": {"target": -1}}, "cannot start the recorded game: option 'target' must be"),
    ({"deal": {"dealer": 0, "hands": []}}, "cannot start the recorded game: a deal needs"),
    ({"actions": ["bid 70", "bid 70"]}, "action 2 ('bid 70') is illegal: a bid must be higher"),
    ({"actions": ["pass", "dance"]}, "action 2 ('dance') is illegal: unknown action 'dance'"),
    ({"actions": ["pass", "pass", "pass", "pass", "play R1"]}, "action 5 ('play R1') is illegal"),
])
def test_records_that_cannot_be_replayed_say_where(changes: dict[str, Any], message: str) -> None:
    record = {**tricktable.new_game("rook", seed=3).record(), **changes}
    with pytest.raises(RecordError) as error:
        tricktable.replay(record)
    assert str(error.value).startswith(message)


def test_actions_after_the_end_are_refused() -> None:
    record = played(4).record()
    record["actions"].append("pass")
    with pytest.raises(RecordError, match=r"is illegal: the game is over"):
        tricktable.replay(record)


def test_loading_a_damaged_file_says_what_is_wrong_and_leaves_it_alone(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        tricktable.load_record(tmp_path / "nothing.json")
    text = json.dumps(played(5, steps=30).record(), indent=1)
    damaged: dict[str, str | bytes] = {
        "cut.json": text[: len(text) // 2],
        "empty.json": " \n",
        "latin.json": text.replace("trump", "tr\xfcmp").encode("latin-1"),
        "wrong.json": json.dumps({"format": "tricktable-record"}),
        "typed.json": text.replace('"seed": 5', '"seed": "5"'),
        "illegal.json": text.replace('"bid 160"', '"play R14"', 1),
    }
    expected = {
        "cut.json": "cut.json is not valid JSON (damaged or cut short?): ",
        "empty.json": "empty.json is empty",
        "latin.json": "latin.json is not UTF-8 text",
        "wrong.json": "wrong.json: record: 'version' is a required property",
        "typed.json": "typed.json: record.seed: '5' is not of type 'integer'",
        "illegal.json": "illegal.json: action 1 ('play R14') is illegal: it is time to bid",
    }
    for name, content in damaged.items():
        path = tmp_path / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        before = path.read_bytes()
        with pytest.raises(RecordError) as error:
            tricktable.load_record(path)
        assert str(error.value).startswith(str(tmp_path / expected[name])), str(error.value)
        assert path.read_bytes() == before, f"loading {name} changed it"


@pytest.mark.parametrize(("text", "message"), [
    ('{"seed": ' + "1" * 5000 + "}", "the record is not a record: Exceeds the limit"),
    ("[" * 100_000 + "]" * 100_000, "the record is nested too deeply to be a record"),
    ("\ufeff{}", "the record is not valid JSON (damaged or cut short?): Unexpected UTF-8 BOM"),
    ('{"format": NaN}', "record.format: expected 'tricktable-record', not nan"),
    (json.dumps([0] * 10_000), "record: [0, 0, 0"),
    (json.dumps({**played(1, steps=0).record(), "options": {"x" * 10_000: []}}),
     "record.options.xxxx"),
])
def test_hostile_json_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError) as error:
        parse_record(text)
    assert str(error.value).startswith(message)
    assert len(str(error.value)) < 400


def test_every_cut_of_a_record_file_is_a_record_error() -> None:
    text = json.dumps(played(6, steps=40).record())
    for end in range(0, len(text), 7):
        with pytest.raises(RecordError):
            parse_record(text[:end])
    assert parse_record(text) == json.loads(text)


def test_random_damage_is_refused_or_still_a_valid_record() -> None:
    text = json.dumps(played(7, steps=60).record()).encode()
    rng = random.Random(7)
    refused = 0
    for _ in range(300):
        damaged = bytearray(text)
        for _ in range(rng.randint(1, 3)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        try:
            record = parse_record(bytes(damaged))
        except RecordError:
            refused += 1
        else:  # the damage happened to keep a valid record: it replays
            tricktable.replay(record)
    assert refused > 200


GAMES = [(name, players) for name in tricktable.games()
         for players in tricktable.find_game(name).player_counts]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_schema_accepts_every_record_the_games_write(name: str, players: int) -> None:
    game = tricktable.new_game(name, seed=players, players=players,
                               options=tricktable.find_game(name).playout_options)
    rng = random.Random(players)
    records = [game.record()]
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        if len(game.history) in (1, 17):
            records.append(game.record())
    records.append(game.record())
    for record in records:
        assert validate_record(json.loads(json.dumps(record))) == record
    assert observable_any(tricktable.replay(records[-1])) == observable_any(game)
    assert not tricktable.replay(records[-2]).is_over


def observable_any(game: GameState) -> dict[str, Any]:
    seats = [*range(game.players), None]
    return {"views": [game.view(seat) for seat in seats], "scores": game.scores,
            "results": game.results, "winner": game.winner}


def test_the_schema_accepts_dealt_hands_of_each_kind() -> None:
    sixtysix = "AS 10S KS QS JS 9S AH 10H KH QH JH 9H AD 10D KD QD JD 9D AC 10C KC QC JC 9C"
    cards = sixtysix.split()
    deal = {"dealer": 1, "hands": [cards[:6], " ".join(cards[6:12])], "stock": cards[12:23],
            "trump": cards[23:]}
    record = tricktable.new_game("sixtysix", deal=deal).record()
    assert validate_record(record) == record
    assert tricktable.replay(record).view(None) == tricktable.new_game(
        "sixtysix", deal=deal).view(None)


def test_the_schema_is_a_valid_draft_2020_12_schema_and_docs_hold_the_same() -> None:
    schema = record_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    docs = ROOT / "docs" / "record.schema.json"
    assert docs.read_text(encoding="utf-8") == SCHEMA_FILE.read_text(encoding="utf-8"), (
        "docs/record.schema.json differs from the package's: "
        "cp tricktable/schemas/record.schema.json docs/")
    assert (SCHEMA_FILE.parent.parent / "schemas" / "record.schema.json").is_file()


def test_records_md_documents_every_field_and_its_example_replays() -> None:
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    for field in record_schema()["properties"]:
        assert f"| `{field}` |" in text, f"docs/records.md does not describe {field!r}"
    examples = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    assert examples, "docs/records.md has no example record"
    for example in examples:
        record = parse_record(example)
        assert tricktable.replay(record).record()["actions"] == record["actions"]


def test_saving_replaces_a_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    tricktable.save_record(played(1, steps=5), path)
    before = path.read_bytes()

    def crash(*_args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tricktable.records.os.replace", crash)
    with pytest.raises(OSError):
        tricktable.save_record(played(1, steps=9), path)
    assert path.read_bytes() == before, "a failed save damaged the old file"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "a temporary file was left"
    monkeypatch.undo()
    tricktable.save_record(played(1, steps=9), path)
    assert len(tricktable.load_record(path)["actions"]) == 9


def test_saving_flushes_the_new_file_to_disk_before_renaming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without fsync a crash just after the rename can leave an empty file in its place."""
    path = tmp_path / "game.json"
    tricktable.save_record(played(1, steps=5), path)
    steps: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file"
        steps.append(f"fsync {kind}")
        real_fsync(descriptor)

    def replace(source: Any, target: Any) -> None:
        steps.append("replace")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    tricktable.save_record(played(1, steps=9), path)
    expected = ["fsync file", "replace"] + (["fsync folder"] if os.name == "posix" else [])
    assert steps == expected
    assert len(tricktable.load_record(path)["actions"]) == 9


def test_continues_is_true_only_for_the_same_game_with_actions_added() -> None:
    earlier, later = played(3, steps=10).record(), played(3, steps=25).record()
    assert continues(later, earlier) and continues(earlier, earlier)
    assert not continues(earlier, later)
    assert not continues(played(4, steps=25).record(), earlier)
    partial = {**earlier, "options": {"loss_limit": 500}}  # missing options: the defaults
    assert continues(later, partial)
    assert not continues(played(3, steps=25, target=300).record(), earlier)


# -- records saved by an earlier version ---------------------------------------------------

SAVED = sorted((Path(__file__).parent / "saved_records").glob("*.record.json"))


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.name.split(".")[0])
def test_a_record_saved_before_typed_results_replays_to_the_same_hands(path: Path) -> None:
    """Records written by the version named in ``saved_by`` (before hand results were a
    dataclass), with what each hand scored then: they load and every hand scores the same."""
    expect = json.loads(path.with_name(path.name.replace(".record.", ".expect.")).read_text(
        encoding="utf-8"))
    record = tricktable.load_record(path)
    game = tricktable.replay(record)
    assert game.is_over and game.scores == expect["scores"] and game.winner == expect["winner"]
    hands = [{"dealer": r.dealer, "declarer": r.declarer, "contract": r.contract,
              "deltas": list(r.deltas), "scores": list(r.scores)} for r in game.results]
    assert hands == expect["hands"]
    assert game.history == record["actions"]
