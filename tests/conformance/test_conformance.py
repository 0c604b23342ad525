"""Checks every registered game must pass, for every player count it allows.

Random legal play over many seeds: games end; every card is in exactly one
place at every step; finished hands satisfy the game's invariants
(each game's ``check_hand``); no view and no event a seat sees names a card hidden
from it; views are plain JSON and snapshots; replays are identical; illegal
actions are refused and change nothing; clones are independent.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import tricktable
from tricktable import Event, GameState, IllegalAction, Phase
from tricktable.cards import bits
from tricktable.engine.declare import InvariantError
from tricktable.engine.results import HandResult, result_schema
from tricktable.engine.views import json_schema, keys_of_kind
from tricktable.games.rook import RookGame, RookRules

from .invariants import check_all_hands, declares_invariants
from .support import (
    MAX_STEPS,
    EventLeakChecker,
    card_tokens,
    conservation_problems,
    deck_counts,
    finished_game,
    game_cases,
    json_problem,
    legal_or_fail,
    play_out,
    random_step,
    rejected_action,
    shipped_games,
    snapshot,
    start,
    view_leaks,
    view_skip,
    viewers,
    walk,
)

CASES = game_cases()
ids = [f"{name}-{players}p" for name, players in CASES]
parametrize_cases = pytest.mark.parametrize(("name", "players"), CASES, ids=ids)

END_SEEDS = range(40)  # random games that must end
WALK_SEEDS = range(3)  # games checked at every single step
REPLAY_SEEDS = range(8)


def test_some_games_are_registered() -> None:
    assert "rook" in tricktable.games()
    for name, players in CASES:
        cls = tricktable.find_game(name)
        assert cls.name == name and players in cls.player_counts


@pytest.mark.parametrize("name", tricktable.games())
def test_every_game_declares_hand_invariants_that_can_fail(name: str) -> None:
    """Each game's ``check_hand`` exists and refuses a hand whose score change is off by one."""
    game = tricktable.find_game(name)
    players = game.player_counts[0]
    finished = finished_game(name, players, 0)
    assert declares_invariants(finished), f"{game.title} declares no check_hand"
    finished.check_hand(0)
    good = finished.results[0]
    changed = [d + (side == 0) for side, d in enumerate(good.deltas)]
    finished.results[0] = dataclasses.replace(good, deltas=tuple(changed))
    with pytest.raises(InvariantError):
        finished.check_hand(0)


@parametrize_cases
def test_random_games_end(name: str, players: int) -> None:
    for seed in END_SEEDS:
        game = start(name, players, seed)
        steps = play_out(game, random.Random(seed))
        assert 0 < steps < MAX_STEPS
        assert game.is_over and game.phase is Phase.GAME_OVER
        assert game.to_move is None, f"seed {seed}: to_move {game.to_move} after the end"
        assert game.legal_actions() == [], f"seed {seed}: legal actions after the end"
        assert len(game.scores) == len(game.sides)
        assert game.winner is None or 0 <= game.winner < len(game.sides)
        assert game.results, f"seed {seed}: a game ended without a finished hand"


@parametrize_cases
def test_sides_partition_the_seats(name: str, players: int) -> None:
    game = start(name, players, 0)
    seats = sorted(seat for side in game.sides for seat in side)
    assert seats == list(range(players)) == list(range(game.players))
    for seat in range(players):
        assert seat in game.sides[game.side_of(seat)]


@parametrize_cases
def test_every_card_is_in_exactly_one_place_at_every_step(name: str, players: int) -> None:
    for seed in WALK_SEEDS:
        game = start(name, players, seed)
        for step, action in enumerate(walk(game, random.Random(seed))):
            problems = conservation_problems(game)
            assert not problems, f"seed {seed}, step {step} ({action}): {problems}"


@parametrize_cases
def test_hand_invariants_hold_for_every_finished_hand(name: str, players: int) -> None:
    hands = 0
    for seed in END_SEEDS:
        game = finished_game(name, players, seed)
        check_all_hands(game)
        hands += len(game.results)
    assert hands >= len(END_SEEDS)


@parametrize_cases
def test_no_view_shows_a_card_hidden_from_its_seat(name: str, players: int) -> None:
    for seed in WALK_SEEDS:
        game = start(name, players, seed)
        for step, action in enumerate(walk(game, random.Random(seed))):
            for viewer in viewers(game):
                leaked = view_leaks(game, viewer)
                assert not leaked, (f"seed {seed}, step {step} ({action}): view({viewer}) "
                                    f"shows {sorted(leaked)}, hidden from it")


def _hands(game: GameState) -> list[Counter[str]]:
    """Each seat's hand as card texts, from ``reveal()['hands']``."""
    reveal = game.reveal()
    assert isinstance(reveal.get("hands"), list) and len(reveal["hands"]) == game.players, (
        "reveal() must have 'hands': one list of card texts per seat, in seat order")
    return [Counter(hand) for hand in reveal["hands"]]


def _hand_starts(game: GameState, rng: random.Random) -> list[str]:
    """Play ``game`` out; at the start and after each hand is dealt, note problems.

    Right after a deal nothing has been shown yet but what the deal itself
    showed the whole table (its public log names it: whist's turned-up trump,
    dealt to the dealer), so every other card in a hand is a secret: the
    spectator must see none, and ``hidden_from`` must hide each other hand
    from a seat. (Later, cards shown to the table may legitimately stay
    known: those moments are left to ``hidden_from``.)
    """
    deck_total = deck_counts(game.deck)
    problems: list[str] = []
    hands_done = -1
    steps = 0
    while True:
        if len(game.results) != hands_done and not game.is_over:
            hands_done = len(game.results)
            hands = _hands(game)
            in_hands: Counter[str] = sum(hands, Counter())
            deal = max(i for i, event in enumerate(game.log) if event.kind == "deal")
            announced = card_tokens(game.events(None, deal))
            only_in_hands = {t for t, n in in_hands.items() if n == deck_total[t]} - announced
            view = game.view(None)
            shown = card_tokens(view, view_skip(game, view)) & only_in_hands
            if shown:
                problems.append(f"hand {hands_done + 1}: the spectator sees {sorted(shown)}")
            for seat in range(game.players):
                hidden = Counter(game.deck.text(card) for card in bits(game.hidden_from(seat)))
                others: Counter[str] = sum(
                    (hands[o] for o in range(game.players) if o != seat), Counter())
                others = Counter({t: n for t, n in others.items() if t not in announced})
                if others - hidden:
                    problems.append(f"hand {hands_done + 1}: hidden_from({seat}) misses "
                                    f"{sorted(others - hidden)} of the other hands")
        if game.is_over:
            return problems
        assert steps < MAX_STEPS
        random_step(game, rng)
        steps += 1


@parametrize_cases
def test_after_each_deal_no_hand_is_visible_to_another_seat_or_spectator(
    name: str, players: int
) -> None:
    """Checked against ``reveal()['hands']``, independently of the views' own checks."""
    for seed in range(6):
        problems = _hand_starts(start(name, players, seed), random.Random(seed))
        assert not problems, f"seed {seed}: {problems[:3]}"


@parametrize_cases
def test_hidden_from_never_hides_a_seats_own_hand(name: str, players: int) -> None:
    game = start(name, players, 4)
    for step, action in enumerate(walk(game, random.Random(4))):
        hands = _hands(game)
        for seat in range(players):
            seen = Counter(game.deck.text(card)
                           for card in bits(game.deck.full & ~game.hidden_from(seat)))
            assert not hands[seat] - seen, (
                f"step {step} ({action}): hidden_from({seat}) hides the seat's own "
                f"{sorted(hands[seat] - seen)}")


@parametrize_cases
def test_no_event_shows_a_card_hidden_from_its_seat(name: str, players: int) -> None:
    for seed in WALK_SEEDS:
        game = start(name, players, seed)
        checker = EventLeakChecker(game)
        for step, action in enumerate(walk(game, random.Random(seed))):
            problems = checker.check(action)
            assert not problems, f"seed {seed}, step {step} ({action}): {problems[:3]}"


@parametrize_cases
def test_views_are_plain_json_at_every_step(name: str, players: int) -> None:
    game = start(name, players, 5)
    for step, action in enumerate(walk(game, random.Random(5))):
        for viewer in viewers(game):
            problem = json_problem(game.view(viewer))
            assert problem is None, f"step {step} ({action}): view({viewer}) {problem}"
        assert json_problem([result.to_json() for result in game.results]) is None
        assert json_problem(game.record()) is None
        assert json_problem(game.reveal()) is None


def _scramble(value: Any) -> None:
    """Mutate a JSON value in place as a careless client might."""
    if isinstance(value, dict):
        for key in list(value):
            _scramble(value[key])
            value[key] = "scrambled"
    elif isinstance(value, list):
        for item in value:
            _scramble(item)
        value.clear()


@parametrize_cases
def test_views_and_events_are_snapshots_a_client_cannot_corrupt(name: str, players: int) -> None:
    game = start(name, players, 2)
    rng = random.Random(2)
    checked = 0
    hands_seen = 0
    while not game.is_over:
        if rng.random() < 0.05 or len(game.results) > hands_seen:
            hands_seen = len(game.results)
            before = snapshot(game)
            for viewer in viewers(game):
                _scramble(game.view(viewer))
                game.events(viewer).clear()
            _scramble(game.reveal())
            _scramble(game.record())
            assert snapshot(game) == before, f"mutating a view changed the game ({game!r})"
            checked += 1
        random_step(game, rng)
    assert checked > 3


@parametrize_cases
def test_replay_of_the_record_is_identical(name: str, players: int) -> None:
    for seed in REPLAY_SEEDS:
        game = finished_game(name, players, seed)
        record = json.loads(json.dumps(game.record()))
        assert record == game.record()
        again = tricktable.replay(record)
        for viewer in viewers(game):
            assert again.view(viewer) == game.view(viewer), f"seed {seed}, view({viewer})"
            assert again.events(viewer) == game.events(viewer), f"seed {seed}, events({viewer})"
        assert again.reveal() == game.reveal()
        assert again.results == game.results
        assert (again.scores, again.winner) == (game.scores, game.winner)


@parametrize_cases
def test_replay_of_a_prefix_matches_the_game_at_that_point(name: str, players: int) -> None:
    total = len(finished_game(name, players, 3).history)
    stops = {0, 1, total // 7, total // 3, total // 2, total - 1, total}
    game = start(name, players, 3)
    states: dict[int, str] = {}
    for step, _ in enumerate(walk(game, random.Random(3))):
        if step in stops:
            states[step] = snapshot(game)
    record = game.record()
    assert len(states) == len(stops) and len(record["actions"]) == total
    for step, state in states.items():
        assert snapshot(tricktable.replay(record, upto=step)) == state, f"upto={step}"


@parametrize_cases
def test_same_seed_same_game_other_seed_other_deal(name: str, players: int) -> None:
    one, two, other = start(name, players, 21), start(name, players, 21), start(name, players, 22)
    assert snapshot(one) == snapshot(two)
    assert one.reveal() != other.reveal()
    rng_one, rng_two = random.Random(4), random.Random(4)
    for _ in range(40):
        if one.is_over:
            break
        random_step(one, rng_one)
        random_step(two, rng_two)
    assert snapshot(one) == snapshot(two)


@parametrize_cases
def test_illegal_actions_are_refused_and_change_nothing(name: str, players: int) -> None:
    phases: set[Phase] = set()
    for seed in range(3):
        game = start(name, players, seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over:
            if step % 9 == 0:
                action = rejected_action(game, rng)
                if action is not None:
                    phases.add(game.phase)
                    before = snapshot(game)
                    with pytest.raises(IllegalAction) as refused:
                        game.apply(action)
                    assert str(refused.value).strip(), "the refusal must name the rule"
                    assert snapshot(game) == before, f"refusing {action} changed the game"
                    with pytest.raises(IllegalAction):
                        game.apply(action.text)
                    with pytest.raises(IllegalAction):
                        game.check(action)
                    assert snapshot(game) == before, f"refusing {action.text!r} changed the game"
            random_step(game, rng)
            step += 1
        before = snapshot(game)
        for action in game.table.actions[:: max(1, len(game.table) // 20)]:
            with pytest.raises(IllegalAction):
                game.apply(action)
        assert snapshot(game) == before, "an action after the end changed the game"
    assert phases, "no refused action was ever found to test"


@parametrize_cases
def test_legal_actions_are_exactly_what_is_legal_accepts(name: str, players: int) -> None:
    for seed in range(2):
        game = start(name, players, seed)
        rng = random.Random(seed)
        table = game.table.actions
        for step, _ in enumerate(walk(game, rng)):
            if game.is_over:
                break
            legal = legal_or_fail(game)
            ids = [action.id for action in legal]
            assert len(set(ids)) == len(ids), f"step {step}: repeated legal actions"
            assert all(table[action.id] == action for action in legal)
            accepted = [action.id for action in table if game.is_legal(action)]
            assert sorted(ids) == accepted, (
                f"step {step}: legal_actions() {[a.text for a in legal]} but is_legal accepts "
                f"{[table[i].text for i in accepted]}")


@parametrize_cases
def test_apply_returns_the_events_it_logged(name: str, players: int) -> None:
    game = start(name, players, 8)
    rng = random.Random(8)
    while not game.is_over:
        before = len(game.events(None))
        events = game.apply(rng.choice(legal_or_fail(game)))
        assert events, "every action logs at least one event"
        assert [event.seen_by(None) for event in events] == game.events(None)[before:]


@parametrize_cases
def test_clone_is_independent(name: str, players: int) -> None:
    game = start(name, players, 9)
    rng = random.Random(9)
    for _ in range(30):
        random_step(game, rng)
    before = snapshot(game)
    twin = game.clone()
    assert isinstance(twin, GameState) and twin is not game
    assert snapshot(twin) == before
    play_out(twin, random.Random(1))
    assert twin.is_over
    assert snapshot(game) == before, "playing the clone changed the original"
    # the clone carries the random state too: the same actions give the same game
    first, second = game.clone(), game.clone()
    play_out(first, random.Random(2))
    play_out(second, random.Random(2))
    assert snapshot(first) == snapshot(second)
    play_out(game, random.Random(2))
    assert snapshot(game) == snapshot(first)


def test_conformance_helpers_see_a_leak_and_a_lost_card() -> None:
    """The scanners themselves can fail: a doctored game is caught."""
    game = start("rook", 4, 1)

    class Leaky(RookGame):
        def view(self, seat: int | None) -> dict[str, Any]:
            view = super().view(seat)
            view["peek"] = self.reveal()["hands"][(0 if seat is None else seat + 1) % 4]
            return view

        def reveal(self) -> dict[str, Any]:
            data = super().reveal()
            data["hands"] = [hand[1:] for hand in data["hands"]]
            return data

    leaky = Leaky(RookRules(), 4, 1, None)
    assert view_leaks(leaky, 0) and view_leaks(leaky, None)
    assert len(conservation_problems(leaky)) == 4
    assert not view_leaks(game, 0) and not conservation_problems(game)

    checker = EventLeakChecker(game)
    assert checker.check(None) == []
    secret = game.reveal()["hands"][1][0]
    game.log.append(Event("play", 0, f"N peeks at {secret}."))
    problems = checker.check(None)
    assert len(problems) == 4 and all(secret in problem for problem in problems)


@parametrize_cases
def test_every_view_matches_the_games_declared_schema(name: str, players: int) -> None:
    """Each view has the common keys and the game's declared ones, no other, of the declared
    kinds; every key declared as a seat names a seat of the table; sides never change."""
    cls = tricktable.find_game(name)
    validator = jsonschema.Draft202012Validator(json_schema(name, cls.view_keys))
    seat_keys = keys_of_kind(cls.view_keys, frozenset({"seat"}))
    for seed in WALK_SEEDS:
        game = start(name, players, seed)
        sides = game.sides
        for _ in walk(game, random.Random(seed)):
            for viewer in viewers(game):
                view = game.view(viewer)
                errors = [f"{'.'.join(map(str, e.path))}: {e.message}"
                          for e in validator.iter_errors(view)]
                assert not errors, (name, viewer, errors[:3])
                assert view["sides"] == sides
                for key in seat_keys:
                    assert view.get(key) is None or 0 <= view[key] < players, (key, view[key])
                assert ("hand" in view) == (viewer is not None)


def test_published_view_schemas_are_up_to_date() -> None:
    """docs/views/ holds each shipped game's view and hand result schemas as the
    declarations generate them (``python3 -m tricktable.engine.views docs/views``)."""
    folder = Path(__file__).resolve().parents[2] / "docs" / "views"
    for name in shipped_games():
        cls = tricktable.find_game(name)
        published = json.loads((folder / f"{name}.schema.json").read_text(encoding="utf-8"))
        assert published == json_schema(name, cls.view_keys), name
        published = json.loads((folder / f"{name}.result.schema.json").read_text(
            encoding="utf-8"))
        assert published == result_schema(name, cls.result_keys), name


@parametrize_cases
def test_every_hand_result_matches_the_games_declared_result_keys(name: str,
                                                                  players: int) -> None:
    """Each finished hand is a HandResult whose extras are exactly the game's declared
    ``result_keys``, of the declared kinds; per-side figures have one entry per side and
    its JSON reads back equal."""
    cls = tricktable.find_game(name)
    validator = jsonschema.Draft202012Validator(result_schema(name, cls.result_keys))
    for seed in REPLAY_SEEDS:
        game = finished_game(name, players, seed)
        for result in game.results:
            assert isinstance(result, HandResult)
            data = result.to_json()
            errors = [f"{'.'.join(map(str, e.path))}: {e.message}"
                      for e in validator.iter_errors(data)]
            assert not errors, (name, errors[:3])
            sides = len(game.sides)
            assert len(result.tricks) == len(result.deltas) == len(result.scores) == sides
            assert len(result.card_points) == len(result.points) == sides
            assert len(result.seat_tricks) == game.players
            assert HandResult.from_json(json.loads(json.dumps(data))) == result
            assert (result.made is None) == (result.margin is None), result
            assert result.margin is None or result.made == (result.margin >= 0), result
