"""What every game gives a table beside the cards: a prompt for the seat to move only,
labelled table items, things in front of each seat, and at each hand's end its outcome in
words and its last trick."""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable import Phase
from tricktable.engine.state import JSON

CASES = [(name, count) for name in tricktable.games()
         for count in tricktable.find_game(name).player_counts]


def items_problem(items: object, where: str) -> str | None:
    """Why ``items`` is not a list of labelled items (label, text and/or cards), or None."""
    if not isinstance(items, list):
        return f"{where} is not a list"
    for item in items:
        label = item.get("label") if isinstance(item, dict) else None
        if not isinstance(label, str) or not label:
            return f"{where}: {item!r} has no label"
        if not isinstance(item.get("text", ""), str):
            return f"{where}: {item!r} has a text that is not a string"
        if "cards" in item and not all(isinstance(c, str) for c in item["cards"]):
            return f"{where}: {item!r} has cards that are not card texts"
        if not item.get("text") and not item.get("cards"):
            return f"{where}: {item!r} says nothing"
    return None


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_each_step_says_what_to_do_and_what_is_on_the_table(name: str, players: int) -> None:
    for seed in range(3):
        game = tricktable.new_game(name, seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_over and len(game.results) < 2:
            mover = game.to_move
            for viewer in [None, *range(players)]:
                view: JSON = game.view(viewer)
                if viewer == mover and game.phase is not Phase.GAME_OVER:
                    assert isinstance(view["prompt"], str) and view["prompt"], (view["phase"],)
                else:
                    assert view["prompt"] is None, (viewer, mover, view["prompt"])
                    assert view.get("auto_action") is None
                assert items_problem(view["table"], "table") is None
                for seat, items in enumerate(view.get("at_seats", [[]] * players)):
                    assert items_problem(items, f"at_seats[{seat}]") is None
            auto = game.view(mover).get("auto_action")
            legal = game.legal_actions()
            if auto is not None:
                assert auto in [a.text for a in legal]
            game.apply(rng.choice(legal))
        for result in game.results:
            assert isinstance(result.outcome, str) and result.outcome
            last = result.last_trick
            if last is not None:
                seats = [p["seat"] for p in last["cards"] if p["seat"] is not None]
                assert sorted(seats) == list(range(players))
