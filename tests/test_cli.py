"""The command line: play from a pipe, simulate, replay, games, errors."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import tricktable
from tricktable.bots import bot_seed, bot_step, make_bot, play_game
from tricktable.cli import main
from tricktable.records import SCHEMA_FILE, continues

HAND_KEYS = {"dealer", "declarer", "contract", "tricks", "card_points", "deltas"}


def run(*args: str, input: str | None = None) -> Result:
    """Invoke ``tricktable ARGS`` with ``input`` piped in."""
    return CliRunner().invoke(main, list(args), input=input)


def no_traceback(result: Result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


FLOOR = {"loss_limit": 500}
"""Rook's floor, under which a game between random players ends (its ``playout_options``)."""


def bot_game(seed: int) -> tricktable.GameState:
    """A finished Rook game between random bots (with a floor: random bidders never reach
    the target)."""
    game = tricktable.new_game("rook", seed=seed, options=FLOOR)
    return play_game(game, [make_bot("random", "rook", seed * 10 + s) for s in range(4)])


# -- play ------------------------------------------------------------------


def test_play_whole_game_from_a_pipe(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "rook", "--seed", "3", "--bots", "random", "--save", str(save),
                 "--option", "loss_limit=500", input="1\n" * 3000)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your hand:" in out and "Legal actions:" in out and "Bidding:" in out
    assert "Last trick:" in out and "Scores (game to 500)" in out
    game = tricktable.replay(tricktable.load_record(save))
    assert game.is_over and game.winner is not None
    side = ("N/S", "E/W")[game.winner]
    assert f"Game over: {side} wins (N/S {game.scores[0]}, E/W {game.scores[1]})" in out
    assert ("You win!" if game.winner == 0 else "You lose.") in out
    for number in range(1, len(game.results) + 1):
        assert f"Hand {number}: " in out
    # only seat 0's cards are ever shown: no other seat's dealt hand appears
    first_deal = tricktable.new_game("rook", seed=3).reveal()["hands"]
    assert " ".join(first_deal[0]) in out
    for hand in first_deal[1:]:
        assert " ".join(hand[:4]) not in out


def test_play_illegal_input_is_answered_with_the_rule_then_eof() -> None:
    result = run("play", "rook", "--seed", "3", "--bots", "random",
                 input="play R14\nbid 65\nbanana\n99\n")
    no_traceback(result)
    assert result.exit_code == 1
    out = result.output
    assert "Not allowed: it is time to bid or pass, not to play" in out
    assert "Not allowed: a bid is 70 to 200 in steps of 5" in out
    assert "Not allowed: unknown action 'banana'" in out
    assert "Not allowed: there is no action 99 in the list (1 to " in out
    assert out.count("Your move [") == 5  # four refusals, then the end of input
    assert "End of input: the game is not over" in out


def _first_forced_follow(seed: int) -> tuple[int, str, str]:
    """Replay what `play --bots random` does with "1" answers, up to the first turn
    where seat 0 must follow suit: (answers before it, an illegal card, a legal card)."""
    game = tricktable.new_game("rook", seed=seed)
    bots = {s: make_bot("random", "rook", bot_seed(seed, s)) for s in (1, 2, 3)}
    answers = 0
    while True:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        if seat == 0:
            hand = game.view(0)["hand"]
            if game.phase == "play" and len(legal) < len(hand):
                cards = [a.text.split(" ", 1)[1] for a in legal]
                return answers, next(c for c in hand if c not in cards), cards[-1]
            answers += 1
            game.apply(legal[0])
        else:
            game.apply(bots[seat].choose(game.view(seat), legal))


def test_play_follow_suit_rule_and_card_shorthand() -> None:
    answers, illegal, legal = _first_forced_follow(3)
    result = run("play", "rook", "--seed", "3", "--bots", "random",
                 input="1\n" * answers + f"{illegal}\n{legal}\nquit\n\n")
    no_traceback(result)
    assert result.exit_code == 0
    out = result.output
    assert "Not allowed: you must follow suit" in out
    assert f"N plays {legal}" in out
    assert "You left the game." in out


def test_play_quit_offers_to_save(tmp_path: Path) -> None:
    target = tmp_path / "quit.json"
    result = run("play", "rook", "--seed", "8", "--bots", "random",
                 input=f"2\nquit\n{target}\n")
    no_traceback(result)
    assert result.exit_code == 0
    assert f"Record saved to {target}" in result.output
    record = tricktable.load_record(target)
    assert record["seed"] == 8
    bids = tricktable.replay(record).view(0)["bids"]
    assert any(b["seat"] == 0 and b["bid"] is not None for b in bids)


def test_play_falls_back_to_random_without_a_heuristic_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_heuristic(name: str, game: str, seed: int = 0) -> Any:
        if name == "heuristic":
            raise ValueError(f"there is no heuristic bot for {game} yet")
        return make_bot(name, game, seed)

    monkeypatch.setattr("tricktable.cli.common.make_bot", no_heuristic)
    result = run("play", "rook", "--seed", "1", input="quit\n\n")
    assert result.exit_code == 0
    assert "no heuristic bot for rook yet; the random bot plays instead" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "rook", "--seat", "4"], "--seat must be from 0 to 3, not 4"),
    (["play", "rook", "--option", "target"], "an option is written key=value"),
    (["play", "rook", "--players", "3"], "Rook is played by 4 players, not 3"),
    (["play", "rook", "--bots", "clever"], "unknown bot 'clever'"),
])
def test_play_user_errors_are_one_line(args: list[str], message: str) -> None:
    result = run(*args, input="")
    no_traceback(result)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# -- simulate --------------------------------------------------------------


def test_simulate_json_is_complete_and_deterministic() -> None:
    args = ["simulate", "rook", "--games", "3", "--seed", "11", "--bots", "random", "--json",
            "--option", "loss_limit=500"]
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    doc, again = json.loads(first.stdout), json.loads(second.stdout)
    assert isinstance(doc.pop("seconds"), float)
    again.pop("seconds")
    assert doc == again
    assert doc["game"] == "rook" and doc["seed"] == 11 and len(doc["games"]) == 3
    for index, played in enumerate(doc["games"]):
        assert played["seed"] == 11 + index
        assert played["winner"] in (0, 1) and played["finished"] is True
        for hand in played["hands"]:
            assert set(hand) >= HAND_KEYS
            assert len(hand["seat_tricks"]) == 4 and len(hand["tricks"]) == len(hand["deltas"]) == 2
            assert tricktable.HandResult.from_json(hand).to_json() == hand
            assert (hand["contract"] is None) == (hand["declarer"] is None)
        totals = [sum(h["deltas"][side] for h in played["hands"]) for side in (0, 1)]
        assert totals == played["scores"]
    # game i is the game dealt from seed 11+i with bots seeded from it
    game = tricktable.new_game("rook", seed=12, options=FLOOR)
    play_game(game, [make_bot("random", "rook", bot_seed(12, s)) for s in range(4)])
    assert doc["games"][1]["scores"] == game.scores
    other = json.loads(run(*args[:5], "12", *args[6:]).stdout)
    assert other["games"][0] == doc["games"][1]
    assert other["games"][0] != doc["games"][0]


def test_simulate_summary_table() -> None:
    args = ["simulate", "rook", "--games", "4", "--seed", "2", "--bots", "random,random",
            "--option", "target=300", "--option", "loss_limit=500"]
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert "N/S" in first.stdout and "Won %" in first.stdout
    assert "hands per second" in first.stdout
    assert first.stdout.splitlines()[:-1] == second.stdout.splitlines()[:-1]


def test_simulate_stops_a_game_that_never_ends_at_the_limit_of_hands() -> None:
    """Random Rook players with no loss limit are set hand after hand and nobody ever
    reaches the target (seed 1): the game stops at --max-hands, without a winner."""
    result = run("simulate", "rook", "--games", "1", "--seed", "1", "--bots", "random",
                 "--max-hands", "30", "--json")
    assert result.exit_code == 0, result.output
    played = json.loads(result.stdout)["games"][0]
    assert len(played["hands"]) == 30 and played["finished"] is False
    assert played["winner"] is None
    table = run("simulate", "rook", "--games", "1", "--seed", "1", "--bots", "random",
                "--max-hands", "30")
    assert "1 stopped after 30 hands with nobody at the target" in table.stdout


@pytest.mark.parametrize(("option", "message"), [
    ("colour=red", "unknown option 'colour'"),
    ("target=lots", "option 'target' must be a whole number, not 'lots'"),
    ("all_pass=never", "option 'all_pass' must be one of redeal, dealer_takes_70"),
])
def test_simulate_bad_option(option: str, message: str) -> None:
    result = run("simulate", "rook", "--games", "2", "--bots", "random", "--option", option,
                 "--json")
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_simulate_bot_count_must_fit_the_seats() -> None:
    result = run("simulate", "rook", "--bots", "random,random,random")
    assert result.exit_code == 2
    assert "one per side (2) or one per seat (4), not 3" in result.stderr


# -- replay ----------------------------------------------------------------


def test_replay_shows_every_hand_face_up(tmp_path: Path) -> None:
    game = bot_game(4)
    path = tmp_path / "record.json"
    tricktable.save_record(game, path)
    result = run("replay", str(path))
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.output
    lines = [line.split() for line in out.splitlines()]
    for seat, hand in enumerate(tricktable.new_game("rook", seed=4).reveal()["hands"]):
        assert ["NESW"[seat], *hand] in lines
    played = [r for r in game.results if r.declarer is not None]
    assert out.count("Trick 14: ") == len(played)
    assert out.count("Bidding: ") == len(game.results)
    first = game.results[0]
    if first.declarer is not None:
        assert f"discards a card: {first.extras['discard'][0]}" in out
        assert f"Hand 1: {'NESW'[first.declarer]} {first.contract}: {first.outcome}" in out
    assert f"Game over: {('N/S', 'E/W')[game.winner or 0]} wins" in out


def test_replay_shows_the_meld_that_makes_a_pinochle_hand_add_up(tmp_path: Path) -> None:
    """Replay's score table is the table's own summary: Pinochle's meld column too."""
    game = tricktable.new_game("pinochle", seed=3, options={"loss_limit": 500})
    bots = [make_bot("random", "pinochle", seat) for seat in range(4)]
    while not game.results:
        bot_step(game, bots)
    path = tmp_path / "pinochle.json"
    tricktable.save_record(game, path)
    out = run("replay", str(path), "--hand", "1").stdout
    assert re.search(r"Side +Tricks +Card pts +Meld", out), out
    melds = [str(m) for m in game.results[0].meld or []]
    assert all(re.search(rf"\b{m}\b", out) for m in melds) and melds


def test_replay_one_hand(tmp_path: Path) -> None:
    game = bot_game(4)
    path = tmp_path / "record.json"
    tricktable.save_record(game, path)
    result = run("replay", str(path), "--hand", "2")
    assert result.exit_code == 0
    assert "Hand 2" in result.output and "Hand 1" not in result.output
    assert result.output.count("Trick 1: ") <= 1
    too_far = run("replay", str(path), "--hand", str(len(game.results) + 1))
    assert too_far.exit_code == 2
    assert f"holds {len(game.results)} hands" in too_far.stderr


def test_replay_unfinished_record(tmp_path: Path) -> None:
    game = tricktable.new_game("rook", seed=6)
    for _ in range(10):
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "part.json"
    tricktable.save_record(game, path)
    result = run("replay", str(path))
    assert result.exit_code == 0
    assert "The record ends during hand 1." in result.output


@pytest.mark.parametrize(("content", "message"), [
    ("{broken", "is not valid JSON"),
    ('{"format": "tricktable-record"}', "bad.json: record: 'version' is a required property"),
    ('{"format": "tricktable-record", "version": 1, "game": "rook", "players": 4, '
     '"options": {}, "seed": 1, "actions": ["pass", 5]}',
     "bad.json: record.actions[1]: 5 is not of type 'string'"),
    ("", "bad.json is empty"),
    (None, "cannot read"),
])
def test_replay_damaged_file(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    result = run("replay", str(path))
    no_traceback(result)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_replay_record_with_an_illegal_action(tmp_path: Path) -> None:
    record = bot_game(5).record()
    record["actions"][0] = "play R14"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "action 1 ('play R14') is illegal: it is time to bid or pass" in result.stderr


# -- record files: resume, validate, schema, never overwrite another game -----------


def quit_after(tmp_path: Path, answers: int, name: str = "part.json", seed: int = 8) -> Path:
    """Play ``answers`` turns of Rook against random bots, quit and save; the file."""
    path = tmp_path / name
    result = run("play", "rook", "--seed", str(seed), "--bots", "random", "--save", str(path),
                 "--option", "loss_limit=500", input="1\n" * answers + "quit\n")
    assert result.exit_code == 0, result.output
    return path


def test_resume_plays_a_saved_game_on_to_its_end_and_saves_it_back(tmp_path: Path) -> None:
    path = quit_after(tmp_path, 3)
    before = tricktable.load_record(path)
    assert not tricktable.replay(before).is_over
    result = run("play", "--resume", str(path), "--bots", "random", input="1\n" * 3000)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert f"Resumed from {path} after {len(before['actions'])} actions, in hand 1." in (
        result.output)
    after = tricktable.load_record(path)
    game = tricktable.replay(after)
    shown = [line[2:] for line in result.output.splitlines() if line.startswith("· ")]
    past = len(tricktable.replay(before).log)
    assert shown == [event.seen_by(0) for event in game.log[past:]]  # from where it stopped
    assert game.is_over and continues(after, before) and len(after["actions"]) > len(
        before["actions"])
    assert "Game over: " in result.output


def test_resume_with_save_elsewhere_keeps_the_first_file(tmp_path: Path) -> None:
    path = quit_after(tmp_path, 2)
    before = path.read_bytes()
    other = tmp_path / "more.json"
    result = run("play", "rook", "--resume", str(path), "--save", str(other), "--bots", "random",
                 input="1\n2\nquit\n")
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before
    assert continues(tricktable.load_record(other), tricktable.load_record(path))


@pytest.mark.parametrize(("args", "message"), [
    (["--seed", "0"], "--seed cannot be used with --resume: the record fixes them"),
    (["--players", "4", "--option", "target=300"], "--players, --option cannot be used"),
    (["notrump"], "holds a game of rook, not notrump"),
    (["chess"], "unknown game 'chess'"),
])
def test_resume_refuses_what_the_record_fixes(tmp_path: Path, args: list[str],
                                              message: str) -> None:
    path = quit_after(tmp_path, 1)
    game_name = [a for a in args if not a.startswith("-") and a.isalpha()]
    options = [a for a in args if a not in game_name]
    result = run("play", *game_name, "--resume", str(path), *options)
    assert result.exit_code == 2
    assert message in result.stderr


def test_resume_refuses_a_finished_or_damaged_record_and_leaves_it(tmp_path: Path) -> None:
    finished = tmp_path / "done.json"
    tricktable.save_record(bot_game(4), finished)
    result = run("play", "--resume", str(finished))
    assert result.exit_code == 2 and "holds a finished game: `tricktable replay" in result.stderr
    damaged = tmp_path / "damaged.json"
    text = quit_after(tmp_path, 2).read_text()
    damaged.write_text(text[: len(text) - 20])
    before = damaged.read_bytes()
    result = run("play", "--resume", str(damaged), input="1\n" * 50)
    no_traceback(result)
    assert result.exit_code == 2
    assert f"{damaged} is not valid JSON (damaged or cut short?)" in result.stderr
    assert damaged.read_bytes() == before
    assert run("play").exit_code == 2
    assert "name the GAME to play" in run("play").stderr


def test_save_never_overwrites_another_game_or_a_damaged_file(tmp_path: Path) -> None:
    other = quit_after(tmp_path, 2, "other.json", seed=9)
    damaged = tmp_path / "notes.json"
    damaged.write_text("{my notes")
    for path, message in ((other, "holds another game's record"),
                          (damaged, "exists and is not a record of this game")):
        before = path.read_bytes()
        result = run("play", "rook", "--seed", "8", "--bots", "random", "--save", str(path),
                     input="1\n" * 3000)
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert "it was left as it is" in result.stderr
        assert path.read_bytes() == before
    nowhere = tmp_path / "no-such-folder" / "game.json"
    result = run("play", "rook", "--seed", "8", "--save", str(nowhere), input="1\n" * 3000)
    assert result.exit_code == 2 and "there is no folder" in result.stderr
    assert "Your move" not in result.output  # refused before a card was played
    fresh = tmp_path / "fresh.json"
    result = run("play", "rook", "--seed", "8", "--bots", "random",
                 input=f"1\nquit\n{other}\n{fresh}\n")
    assert result.exit_code == 0, result.output
    assert f"Not saved: {other} holds another game's record" in result.output
    assert f"Record saved to {fresh}" in result.output
    assert tricktable.load_record(fresh)["seed"] == 8


def failing_saves(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    """Saving to any of ``paths`` (all paths if none given) fails as on a full disk."""
    real = tricktable.save_record

    def save(game: tricktable.GameState, path: str | Path) -> None:
        if not paths or Path(path).resolve() in {p.resolve() for p in paths}:
            raise OSError(28, "No space left on device")
        real(game, path)

    monkeypatch.setattr(tricktable, "save_record", save)


def test_a_folder_named_when_quitting_is_refused_and_the_question_asked_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = tmp_path / "fresh.json"
    result = run("play", "rook", "--seed", "8", "--bots", "random",
                 input=f"1\nquit\n{tmp_path}\n{fresh}\n")
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert f"Not saved: cannot save the record to {tmp_path}: it is a folder" in result.output
    assert f"Record saved to {fresh}" in result.output
    assert tricktable.load_record(fresh)["seed"] == 8
    # input ends after the refusal: the record goes to the current folder
    monkeypatch.chdir(tmp_path)
    result = run("play", "rook", "--seed", "8", "--bots", "random",
                 input=f"1\nquit\n{tmp_path}\n")
    no_traceback(result)
    assert result.exit_code == 1, result.output
    kept = tmp_path / "tricktable-rook-8.json"
    assert f"The record was saved to {kept} instead." in result.output
    assert tricktable.load_record(kept) == tricktable.load_record(fresh)  # the same game


def test_an_unwritable_folder_is_refused_before_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:  # as for a user, even for root
        if Path(path).resolve() == locked.resolve() and mode & os.W_OK:
            return False
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    target = locked / "game.json"
    result = run("play", "rook", "--seed", "8", "--save", str(target), input="1\n")
    assert result.exit_code == 2
    assert f"cannot save the record to {target}: the folder {locked.resolve()} is not " \
        "writable" in result.stderr
    assert "Your move" not in result.output


def test_a_save_that_fails_at_the_end_keeps_the_record_in_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "game.json"
    failing_saves(monkeypatch, target)
    result = run("play", "rook", "--seed", "8", "--bots", "random", "--save", str(target),
                 input="1\n2\nquit\n" + "1\n" * 10)
    no_traceback(result)
    assert result.exit_code == 1, result.output
    assert (f"Not saved: cannot save the record to {target}: No space left on device"
            in result.output)
    kept = tmp_path / "tricktable-rook-8.json"
    assert f"The record was saved to {kept} instead." in result.output
    assert not target.exists() and not (tmp_path / "1").exists()  # piped moves are no names
    record = tricktable.load_record(kept)
    assert record["seed"] == 8 and len(record["actions"]) >= 2


def test_a_record_that_cannot_be_saved_anywhere_is_printed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    failing_saves(monkeypatch)
    target = tmp_path / "game.json"
    result = run("play", "rook", "--seed", "8", "--bots", "random", "--save", str(target),
                 input="1\n" * 3000)
    no_traceback(result)
    assert result.exit_code == 1, result.output
    assert "Not saved there either: " in result.output
    start = result.output.index('{\n "format": "tricktable-record"')
    record, _end = json.JSONDecoder().raw_decode(result.output[start:])
    game = tricktable.replay(record)
    assert game.is_over and record["seed"] == 8
    assert list(tmp_path.iterdir()) == []


def test_resume_says_which_seat_you_play(tmp_path: Path) -> None:
    path = quit_after(tmp_path, 2)
    result = run("play", "--resume", str(path), "--save", str(tmp_path / "a.json"),
                 input="quit\n")
    assert result.exit_code == 0, result.output
    assert ("The record does not say which seat you played: you play seat 0 (N); "
            "use --seat to take another.") in " ".join(result.output.split())  # wrapped
    result = run("play", "--resume", str(path), "--seat", "1", "--save",
                 str(tmp_path / "b.json"), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "you play E (seat 1)" in result.output
    assert "does not say which seat" not in result.output
    fresh = run("play", "rook", "--seed", "8", input="quit\n\n")
    assert "does not say which seat" not in fresh.output


def test_record_validate_says_what_a_file_holds(tmp_path: Path) -> None:
    finished = tmp_path / "done.json"
    game = bot_game(4)
    tricktable.save_record(game, finished)
    result = run("record", "validate", str(finished))
    assert result.exit_code == 0, result.output
    winner = ("N/S", "E/W")[game.winner or 0]
    assert result.output.startswith(
        f"{finished}: a valid Rook record (4 players, seed 4), {len(game.history)} actions; "
        f"Game over: {winner} wins")
    part = quit_after(tmp_path, 1)
    result = run("record", "validate", str(part))
    assert result.exit_code == 0
    assert "; unfinished, in hand 1, " in result.output and "to move" in result.output
    record = tricktable.load_record(part)
    record["actions"].append("play Rook")
    part.write_text(json.dumps(record))
    result = run("record", "validate", str(part))
    assert result.exit_code == 2
    assert f"{part}: action {len(record['actions'])} ('play Rook') is illegal" in result.stderr


def test_record_schema_prints_the_packaged_schema() -> None:
    result = run("record", "schema")
    assert result.exit_code == 0
    assert result.output == SCHEMA_FILE.read_text(encoding="utf-8")
    assert json.loads(result.output)["$schema"].endswith("/draft/2020-12/schema")


# -- games, version, screens -----------------------------------------------


def test_games_lists_options_and_defaults() -> None:
    result = run("games")
    assert result.exit_code == 0
    out = result.output
    assert "Rook (rook), 4 players" in out
    for option in tricktable.find_game("rook").rules_type.describe():
        assert option["name"] in out
    assert "redeal" in out and "dealer_takes_70" in out


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0 and "0.1.0" in result.output


def test_a_cold_solver_is_compiled_before_play_with_a_notice(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Hints or a searching bot on a cold kernel cache: the solver is compiled up front,
    under a notice, not in silence at the first hint; otherwise nothing is loaded."""
    from rich.console import Console

    from tricktable.cli import common

    loads: list[int] = []
    cached = [False]
    monkeypatch.setattr("tricktable.solver.kernel_cache.kernel_cached", lambda: cached[0])
    monkeypatch.setattr("tricktable.solver.warm.warm_up", lambda: loads.append(1))
    out = Console(record=True)
    common.load_solver(out, ["heuristic", "random"])
    assert loads == []
    common.load_solver(out, ["heuristic", "strong:worlds=4"])
    common.load_solver(out, ["random"], hints=True)
    assert loads == [1, 1]
    cached[0] = True
    common.load_solver(out, ["expert"], hints=True)
    assert loads == [1, 1]
