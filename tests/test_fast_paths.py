"""What the engine does to be fast changes nothing a player, a record or a reader sees.

A hand's result shows its tricks when first read (:class:`TrickHistory`), with the
views the hand had when it ended; rules are made once per options; actions offered
by ``legal_actions()`` (bids, trumps, markers, passes, draws, Pinochle's plays) are taken without a
second check, and nothing else is; the play spec knows who plays next.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from typing import Any

import pytest
from conformance.support import game_cases, random_step, shipped_games, start

import tricktable
from tricktable.cards import STANDARD
from tricktable.engine.actions import IllegalAction
from tricktable.engine.results import HandResult, TrickHistory
from tricktable.engine.rules import OptionError
from tricktable.engine.spec import plain_spec


@pytest.mark.parametrize(("name", "players"), game_cases(), ids=lambda v: str(v))
def test_a_result_shows_its_tricks_as_they_were_when_the_hand_ended(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each result's tricks, read after later hands were played, are the views the hand's
    tricks had at its end (Notrump marks the trumps of that hand, not of the next)."""
    at_the_end: list[tuple[Any, ...]] = []
    made = TrickHistory.__init__

    def eager(self: TrickHistory, tricks: Any, show: Any) -> None:
        at_the_end.append(tuple(show(trick) for trick in tricks))
        made(self, tricks, show)

    monkeypatch.setattr(TrickHistory, "__init__", eager)
    rng = random.Random(3)
    game = start(name, players, seed=2)
    while not game.is_over and len(game.results) < 4:
        random_step(game, rng)
    assert len(game.results) >= 2
    for result, seen in zip(game.results, at_the_end, strict=False):
        assert isinstance(result.trick_history, TrickHistory)
        assert result.trick_history._items is None  # nothing read yet: nothing written
        assert result.trick_history == seen and tuple(result.trick_history) == seen
        assert result.to_json()["trick_history"] == list(seen)
    if name == "notrump":  # trumps are marked: the views are not the next hand's
        marked = [play for seen in at_the_end for trick in seen for play in trick["cards"]
                  if play.get("trump")]
        assert marked


def test_a_trick_history_reads_compares_and_pickles_as_a_tuple() -> None:
    calls: list[int] = []

    def show(trick: tuple[list[int], list[int], int]) -> dict[str, Any]:
        calls.append(1)
        return {"cards": trick[0], "winner": trick[2]}

    history = TrickHistory([([1, 2], [0, 1], 1), ([3, 4], [1, 0], 0)], show)
    assert len(history) == 2 and not calls
    assert history[1] == {"cards": [3, 4], "winner": 0} and len(calls) == 2
    assert history == ({"cards": [1, 2], "winner": 1}, {"cards": [3, 4], "winner": 0})
    assert history != [{"cards": [1, 2], "winner": 1}, {"cards": [3, 4], "winner": 0}]
    again = pickle.loads(pickle.dumps(history))
    assert type(again) is tuple and again == history and len(calls) == 2
    result = HandResult(hand=1, dealer=0, declarer=None, contract=None, made=None, margin=None,
                        seat_tricks=(1, 1), tricks=(1, 1), card_points=(0, 0), points=(0, 0),
                        deltas=(0, 0), scores=(0, 0), outcome="", trick_history=history)
    assert HandResult.from_json(result.to_json()) == result


def test_a_game_replayed_from_its_record_has_equal_results() -> None:
    rng = random.Random(9)
    game = start("rook", 4, seed=5)
    while not game.is_over and len(game.results) < 2:
        random_step(game, rng)
    replayed = tricktable.replay(game.record())
    assert replayed.results == game.results
    assert [r.to_json() for r in replayed.results] == [r.to_json() for r in game.results]


def test_rules_are_made_once_per_options_and_still_checked() -> None:
    rules_type = tricktable.find_game("rook").rules_type
    first = rules_type.from_options({"target": 300, "nest": 5})
    assert rules_type.from_options({"nest": 5, "target": 300}) is first
    assert rules_type.from_options({"target": 300}) is not first
    assert rules_type.from_options({"enforce_follow_suit": True}).enforce_follow_suit is True
    with pytest.raises(OptionError, match="true or false"):  # 1 == True, but not an option's
        rules_type.from_options({"enforce_follow_suit": 1})
    with pytest.raises(OptionError, match="whole number"):  # not hashable: checked all the same
        rules_type.from_options({"target": [300]})
    with pytest.raises(OptionError, match="unknown option"):
        rules_type.from_options({"no_such_option": 1})
    with pytest.raises(OptionError, match="unknown option"):  # and again, not remembered
        rules_type.from_options({"no_such_option": 1})


def refuse_checks(game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the game's check of an action fail the test if it is called."""
    def checked(action: Any) -> None:
        raise AssertionError(f"{action} was checked again")
    monkeypatch.setattr(game, "_illegal", checked)


@pytest.mark.parametrize(("name", "options", "kind"), [
    ("rook", {}, "bid"), ("rook", {"low_boy": True}, "lowboy"), ("rook", {}, "discard"),
    ("rook", {"nest": 5}, "discard"), ("rook", {}, "trump"),
    ("rook", {"no_trumps": True}, "notrump"), ("notrump", {}, "marker"),
    ("notrump", {}, "give"), ("pinochle", {}, "play"), ("pinochle", {}, "bid"),
    ("pinochle", {"tens": True}, "bid"), ("bidder", {}, "bid"), ("bidder", {}, "trump"),
    ("sixtysix", {}, "draw")])
def test_offered_actions_are_taken_without_a_second_check(
        name: str, options: dict[str, Any], kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An action of ``kind`` that ``legal_actions()`` offered is applied unchecked, and the
    game goes on exactly as one that checks it (the same log)."""
    rng = random.Random(4)
    fast = tricktable.new_game(name, seed=7, options=options)
    slow = tricktable.new_game(name, seed=7, options=options)
    taken = 0
    while not fast.is_over and taken < 3 and len(fast.history) < 400:
        legal = fast.legal_actions()
        ours = [action for action in legal if action.kind == kind]
        action = rng.choice(ours or legal)
        if ours:
            with monkeypatch.context() as patch:
                refuse_checks(fast, patch)
                fast.apply(action)
            taken += 1
        else:
            fast.apply(action)
        slow.apply(action.text)  # text: checked in full
    assert taken == 3
    assert fast.log == slow.log and fast.history == slow.history


def test_a_bid_not_offered_is_refused() -> None:
    game = tricktable.new_game("rook", seed=3)
    game.legal_actions()
    game.apply("bid 100")
    stale = game.table.get("bid", 80)
    with pytest.raises(IllegalAction, match="higher than the high bid of 100"):
        game.apply(stale)


def test_the_spec_knows_who_plays_next_around_a_seat_that_sits_out() -> None:
    spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
    assert spec.next_seat == (1, 2, 3, 0) and spec.trick_size == 4
    alone = replace(spec, sits_out=2)
    assert alone.next_seat == (1, 3, 3, 0) and alone.trick_size == 3


@pytest.mark.parametrize("name", shipped_games())
def test_the_hot_paths_read_phases_from_module_names(name: str) -> None:
    """On Python 3.11 ``Phase.PLAY`` costs about ten globals (``EnumType`` has a
    ``__getattr__``): what runs at every step reads the module's ``PLAY_PHASE`` instead."""
    cls = tricktable.find_game(name)
    hot = [cls.legal_actions, cls.apply, cls._illegal, cls._do, cls.is_over.fget]
    hot += [getattr(cls, method) for method in ("_play_card", "_offer_plays", "_finish_trick",
                                                "_trick_done", "_play") if hasattr(cls, method)]
    for function in hot:
        code = function.__code__
        names = {*code.co_names, *(n for c in code.co_consts if hasattr(c, "co_names")
                                   for n in c.co_names)}
        assert "Phase" not in names, (name, function.__qualname__)


def test_sixty_six_knows_the_marriages_of_every_set_of_kings_and_queens() -> None:
    """Made from the 256 sets of kings and queens at import (not from 4 million ints)."""
    from tricktable.games import sixtysix as game
    every = {kq: tuple(s for s in range(game.SUITS) if kq & game.PAIRS[s] == game.PAIRS[s])
             for kq in range(game.KINGS_AND_QUEENS + 1) if kq & game.KINGS_AND_QUEENS == kq}
    assert every == game.MARRIAGES_IN and len(every) == 256


def test_card_actions_put_any_mask_together_from_its_parts() -> None:
    from tricktable.engine.actions import Action, CardActions
    by_card = [Action(3 + 2 * c, "play", c, f"play {c}") for c in range(57)]
    lister = CardActions(by_card)
    rng = random.Random(5)
    for _ in range(500):
        mask = rng.getrandbits(57)
        found, ids = lister.offer(mask)
        assert found == [by_card[c] for c in range(57) if mask >> c & 1]
        assert ids == sum(1 << by_card[c].id for c in range(57) if mask >> c & 1)
        assert lister.actions(mask) == found and lister.actions(mask) is not found
