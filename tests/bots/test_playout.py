"""Play-outs read the engine's state: the same card as from the view, and no view built."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tricktable
from tricktable.bots import make_bot
from tricktable.bots.heuristic import bidder, notrump, sixtysix
from tricktable.bots.playout import playout_step
from tricktable.bots.strong import LEVELS, StrongBot
from tricktable.engine.state import GameState, Phase

Case = tuple[str, dict[str, Any], int | None, str | None]
READERS: list[Case] = [  # (game, options, players, an action kind taken whenever offered): the
    ("rook", {}, None, None),  # games whose heuristic reads the state at trick play
    ("rook", {"nest": 5, "rook_rank": "highest"}, None, None),
    ("rook", {"rook_rank": "10.5", "no_trumps": True, "enforce_follow_suit": False}, None,
     None),
    ("rook", {"low_boy": True}, None, "lowboy"),
    ("pinochle", {}, None, None),
    ("pinochle", {"passing": True, "tens": True}, None, None),
    ("bidder", {}, None, None),
    ("bidder", {"contra": True, "knocking": True}, 3, None),
    ("bidder", {"contra": True}, 6, None),
    ("bidder", {}, 5, "null"),
    ("notrump", {}, None, None),
    ("notrump", {}, 3, None),
    ("notrump", {"pass_count": 0}, 3, None),
    ("sixtysix", {}, None, None),
    ("sixtysix", {"preset": "schnapsen"}, None, None),
    ("sixtysix", {"preset": "santase"}, None, None),
]


def _pick(game: GameState, bot: Any, legal: list[Any], forced: str | None) -> Any:
    """The heuristic's choice, except that an action of the kind ``forced`` is taken
    whenever it may be (so the test reaches the play of contracts that heuristic hands
    seldom bid: a low boy, a null)."""
    chosen = next((a for a in legal if a.kind == forced), None)
    return chosen or bot.choose(game.view(game.to_move), legal)


@pytest.mark.parametrize("name,options,players,forced", READERS)
def test_state_reader_plays_the_card_its_view_gives(name: str, options: dict[str, Any],
                                                    players: int | None,
                                                    forced: str | None) -> None:
    """At every card of whole hands, a bot that watched every trick through its views
    chooses the same card from the engine's state as from its view: the state path reads
    nothing the view does not show (a bot reading another hand, or forgetting a trick,
    fails here)."""
    compared = 0
    for seed in range(6):
        game = tricktable.new_game(name, seed=seed, options=options, players=players)
        bots = [make_bot("heuristic", name, 10 * seed + s) for s in range(game.players)]
        while not game.results:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            bot = bots[seat]
            reader = copy.deepcopy(bot)
            from_state = reader.play_state(game, legal)  # type: ignore[attr-defined]
            action = _pick(game, bot, legal, forced)
            if game.phase is Phase.PLAY:
                assert from_state == action, (seed, game.log[-1].text)
                compared += 1
            else:
                assert from_state is None
            if any(e.kind == "trick" for e in game.apply(action)):
                for other, watcher in enumerate(bots):  # a bot with no memory has no observe
                    if hasattr(watcher, "observe"):
                        watcher.observe(game.view(other))
    assert compared > 60


def test_state_reader_declares_contra_as_its_view_does() -> None:
    """Bidder's contra, which the heuristic seldom declares: wherever it is offered in these
    hands (one of which the heuristic doubles), the state gives the view's answer."""
    offered = declared = 0
    for seed in range(14):
        game = tricktable.new_game("bidder", seed=seed, options={"contra": True}, players=5)
        bots = [make_bot("heuristic", "bidder", s) for s in range(game.players)]
        while not game.results:
            seat, legal = game.to_move or 0, game.legal_actions()
            action = bots[seat].choose(game.view(seat), legal)
            if any(a.kind == "contra" for a in legal):
                assert bots[seat].play_state(game, legal) == action  # type: ignore[attr-defined]
                offered += 1
                declared += action.kind == "contra"
            game.apply(action)
    assert offered > 20 and declared


def _bidder_tables(bot: Any, game: Any, view: dict[str, Any]) -> tuple[Any, Any]:
    return bidder.Table.read(view), bidder.Table.of_state(game)


def _notrump_tables(bot: Any, game: Any, view: dict[str, Any]) -> tuple[Any, Any]:
    return notrump.read_table(view), notrump.state_table(game)


def _sixtysix_tables(bot: Any, game: Any, view: dict[str, Any]) -> tuple[Any, Any]:
    bot.observe(view)
    return sixtysix.Table.of(view, bot.memory), sixtysix.Table.of_state(game)


TABLES = [  # (game, players, what a bot knows read from its view and from the state)
    ("bidder", 4, _bidder_tables),
    ("bidder", 6, _bidder_tables),
    ("notrump", 4, _notrump_tables),
    ("notrump", 3, _notrump_tables),
    ("sixtysix", 2, _sixtysix_tables),
]


@pytest.mark.parametrize("name,players,tables", TABLES)
def test_state_reader_knows_what_its_view_shows(name: str, players: int, tables: Any) -> None:
    """At every card of whole hands, what the bot makes of the state (its hand, the cards
    out, the voids, the cards it knows in other hands ...) is what it makes of its view,
    field by field: stricter than the card chosen, which a fact seldom changes (a bot
    that read a marker still face down, or forgot the cards it passed, fails here)."""
    compared = 0
    for seed in range(4):
        game = tricktable.new_game(name, seed=seed, players=players)
        bots = [make_bot("heuristic", name, s) for s in range(game.players)]
        while not game.results:
            seat, legal = game.to_move or 0, game.legal_actions()
            view = game.view(seat)
            if game.phase is Phase.PLAY:
                from_view, from_state = tables(copy.deepcopy(bots[seat]), game, view)
                assert from_state == from_view, (seed, game.log[-1].text)
                compared += 1
            if any(e.kind == "trick" for e in game.apply(bots[seat].choose(view, legal))):
                for other, watcher in enumerate(bots):
                    if hasattr(watcher, "observe"):
                        watcher.observe(game.view(other))
    assert compared > 60


@pytest.mark.parametrize("name", sorted({case[0] for case in READERS}))
def test_playout_builds_no_view_at_trick_play(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-out of a sampled world asks the state-reading heuristic players with the game
    (views only in the auction, none in a game of trick play alone): the hand still ends,
    and no view is built at play."""
    game = tricktable.new_game(name, seed=4).world(0, random.Random(3))
    bots = [make_bot("heuristic", name, seed) for seed in range(game.players)]
    built: list[Phase] = []
    original = type(game).view

    def counting(self: GameState, seat: int | None) -> dict[str, Any]:
        built.append(self.phase)
        return original(self, seat)

    monkeypatch.setattr(type(game), "view", counting)
    while not game.results:
        playout_step(game, bots)
    assert Phase.PLAY not in built
    assert built or game.phases == (Phase.PLAY,)


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
