"""Game records: save, load, validate and replay, with clear errors."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import tricktable
from tricktable import GameState, RecordError
from tricktable.records import validate_record

ROOK_CARDS = [f"{colour}{number}" for colour in "RGYB" for number in range(1, 15)] + ["Rook"]


def played(seed: int, steps: int | None = None, **options: Any) -> GameState:
    """A seeded Rook game after ``steps`` random actions (None: to the end)."""
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
    ([], "a record must be a JSON object"),
    ("record", "a record must be a JSON object"),
    *[(_without(key), f"the record has no '{key}'")
      for key in ("format", "version", "game", "players", "options", "seed", "actions")],
    (_with(seed="5"), "the record's 'seed' has the wrong type"),
    (_with(seed=True), "the record's 'seed' has the wrong type"),
    (_with(players=4.0), "the record's 'players' has the wrong type"),
    (_with(options=[]), "the record's 'options' has the wrong type"),
    (_with(actions="bid 70"), "the record's 'actions' has the wrong type"),
    (_with(format="chess-pgn"), "not a tricktable record (format 'chess-pgn')"),
    (_with(version=2), "record version 2 is not supported"),
    (_with(deal=["R1"]), "the record's 'deal' must be an object or null"),
    (_with(actions=["pass", 7]), "every action in a record must be text"),
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


def test_loading_a_missing_file_or_bad_json_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        tricktable.load_record(tmp_path / "nothing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="is not valid JSON"):
        tricktable.load_record(bad)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "tricktable-record"}), encoding="utf-8")
    with pytest.raises(RecordError, match="the record has no 'version'"):
        tricktable.load_record(wrong)
