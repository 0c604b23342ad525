"""Play-outs read the engine's state: the same card as from the view, and no view built."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tricktable
from tricktable.bots import make_bot
from tricktable.bots.playout import playout_step
from tricktable.bots.strong import LEVELS, StrongBot
from tricktable.engine.state import GameState, Phase

READERS = [  # (game, options): the games whose heuristic reads the state at trick play
    ("rook", {}),
    ("rook", {"nest": 5, "rook_rank": "highest"}),
    ("rook", {"rook_rank": "10.5", "no_trumps": True, "enforce_follow_suit": False}),
    ("rook", {"low_boy": True}),
    ("pinochle", {}),
    ("pinochle", {"passing": True, "tens": True}),
]


def _pick(game: GameState, bot: Any, legal: list[Any]) -> Any:
    """The heuristic's choice, except that a low boy is bid whenever it may be (so the
    test reaches low boy play, which heuristic hands seldom bid)."""
    low_boy = next((a for a in legal if a.kind == "lowboy"), None)
    return low_boy or bot.choose(game.view(game.to_move), legal)


@pytest.mark.parametrize("name,options", READERS)
def test_state_reader_plays_the_card_its_view_gives(name: str, options: dict[str, Any]) -> None:
    """At every card of whole hands, a bot that watched every trick through its views
    chooses the same card from the engine's state as from its view: the state path reads
    nothing the view does not show (a bot reading another hand, or forgetting a trick,
    fails here)."""
    compared = 0
    for seed in range(6):
        game = tricktable.new_game(name, seed=seed, options=options)
        bots = [make_bot("heuristic", name, 10 * seed + s) for s in range(4)]
        while not game.results:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            bot = bots[seat]
            reader = copy.deepcopy(bot)
            from_state = reader.play_state(game, legal)  # type: ignore[attr-defined]
            action = _pick(game, bot, legal)
            if game.phase is Phase.PLAY:
                assert from_state == action, (seed, game.log[-1].text)
                compared += 1
            else:
                assert from_state is None
            if any(e.kind == "trick" for e in game.apply(action)):
                for other, watcher in enumerate(bots):
                    watcher.observe(game.view(other))  # type: ignore[attr-defined]
    assert compared > 60


@pytest.mark.parametrize("name", ["rook", "pinochle"])
def test_playout_builds_no_view_at_trick_play(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-out of a sampled world asks the state-reading heuristic players with the game
    (views only in the auction): the hand still ends, and no view is built at play."""
    game = tricktable.new_game(name, seed=4).world(0, random.Random(3))
    bots = [make_bot("heuristic", name, seed) for seed in range(4)]
    built: list[Phase] = []
    original = type(game).view

    def counting(self: GameState, seat: int | None) -> dict[str, Any]:
        built.append(self.phase)
        return original(self, seat)

    monkeypatch.setattr(type(game), "view", counting)
    while not game.results:
        playout_step(game, bots)
    assert built and Phase.PLAY not in built


def test_strong_search_unchanged_by_a_view_free_playout() -> None:
    """The strong bot's values in a Pinochle play position come from play-outs of worlds
    that build no view, and it still picks a legal card, the same each time."""
    game = tricktable.new_game("pinochle", seed=6)
    bots = [make_bot("heuristic", "pinochle", s) for s in range(4)]
    while game.phase is not Phase.PLAY:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    state = game.redacted(game.to_move or 0)
    bot = StrongBot("pinochle", seed=1, limits=LEVELS["strong"])
    first = bot.rank(state, game.legal_actions())
    again = StrongBot("pinochle", seed=1, limits=LEVELS["strong"]).rank(state,
                                                                       game.legal_actions())
    assert first[0].action in game.legal_actions()
    assert [c.values for c in first] == [c.values for c in again]
