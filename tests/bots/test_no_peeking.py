"""No peeking: a bot's decision does not change when the hidden cards are dealt otherwise.

For decisions across every game, the seat's hidden cards are re-dealt in other
ways consistent with its view (``game.world``, which keeps everything the seat
knows); a fresh bot with the same seed must choose the same action in every
such game. A bot that reads the real cards is caught by the same check.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import tricktable
from tests.conformance.support import case_id, game_cases, random_step, start
from tricktable.bots import Bot, bot_seed, decide, make_bot
from tricktable.bots.heuristic.auction import LIKELIHOODS
from tricktable.bots.inference import believed_worlds
from tricktable.bots.strong import SearchLimits, StrongBot, cards_left
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState, Phase
from tricktable.engine.worlds import Hidden

LIMITS = SearchLimits(worlds=6, settle=2, seconds=30.0)  # search can overrule the pick


def _positions(name: str, players: int, count: int) -> list[GameState]:
    """Positions at several points of random games (different phases)."""
    positions = []
    for seed in range(count):
        rng = random.Random(seed)
        game = start(name, players, seed)
        for _ in range(rng.randrange(1, 40)):
            if game.is_over or game.results:
                break
            random_step(game, rng)
        if not game.is_over and not game.results and len(game.legal_actions()) > 1:
            positions.append(game)
    return positions


def _decisions_of_every_kind(name: str, players: int) -> dict[str, GameState]:
    """The first position of random games where each kind of decision the game offers
    (bid, discard, trump, pass, marker, call, close, exchange, ...) is open, and one in the
    end game the strong bot solves exactly."""
    found: dict[str, GameState] = {}
    for seed in range(40):
        rng = random.Random(seed)
        game = start(name, players, seed)
        while not game.is_over and not game.results:
            legal = game.legal_actions()
            if len(legal) > 1:
                kinds = {action.kind for action in legal}
                if game.phase is Phase.PLAY and cards_left(game) <= 3 * players:
                    kinds.add("end game")
                for kind in kinds - found.keys():
                    found[kind] = game.clone()
            random_step(game, rng)
    return found


def _same_decision(bot_maker: Any, game: GameState, rng: random.Random) -> None:
    seat = game.to_move
    assert seat is not None
    expected = decide(bot_maker(), game)
    for _ in range(3):
        other = game.world(seat, rng)  # the same game for this seat, other hidden cards
        assert other.view(seat) == game.view(seat)
        assert decide(bot_maker(), other) == expected, (game.name, game.phase)


@pytest.mark.parametrize(("name", "players"), game_cases(), ids=case_id)
def test_strong_bot_does_not_peek(name: str, players: int) -> None:
    rng = random.Random(7)
    for game in _positions(name, players, 4):
        _same_decision(lambda: StrongBot(name, seed=3, limits=LIMITS), game, rng)


@pytest.mark.parametrize(("name", "players"), game_cases(), ids=case_id)
def test_strong_bot_does_not_peek_at_any_kind_of_decision(name: str, players: int) -> None:
    rng = random.Random(9)
    positions = _decisions_of_every_kind(name, players)
    kinds = len(tricktable.find_game(name).table.arg_types)  # a game of play alone: 1
    assert {"play", "end game"} <= positions.keys() and len(positions) >= min(4, kinds + 1)
    for game in positions.values():
        _same_decision(lambda: StrongBot(name, seed=5, limits=LIMITS), game, rng)


def _with_heuristic() -> list[tuple[str, int]]:
    """The cases whose game has a heuristic bot (a new game may not have one yet)."""
    def has_one(name: str) -> bool:
        try:
            make_bot("heuristic", name)
        except ValueError:
            return False
        return True

    return [(name, players) for name, players in game_cases() if has_one(name)]


@pytest.mark.parametrize(("name", "players"), _with_heuristic(), ids=case_id)
def test_heuristic_bot_does_not_peek(name: str, players: int) -> None:
    rng = random.Random(8)
    for game in _positions(name, players, 8):
        _same_decision(lambda: make_bot("heuristic", name, seed=3), game, rng)


AUCTION = (Phase.BID, Phase.CONTRACT)


def _after_others_spoke(name: str, players: int) -> list[GameState]:
    """Positions of random games where the seat to move has heard another seat's public
    choices (bids, passes; Notrump's contract choices; Sixty-Six's close), in the
    auction (two others, where there are bids) and in the play after it."""
    found = []
    for seed in range(40):
        rng = random.Random(seed)
        game = start(name, players, seed)
        while not game.is_over and not game.results and len(found) < 2 * (seed + 1):
            seat = game.to_move or 0
            view = game.view(seat)
            spoken = {e["seat"] for e in [*(view.get("bids") or ()),
                                          *(view.get("choices") or ())]}
            spoken = (spoken | {view.get("closer")}) - {seat, None}
            enough = 2 if view.get("bids") else 1
            if len(spoken) >= enough and len(game.legal_actions()) > 1 and (
                    game.phase in AUCTION or rng.random() < 0.1):
                found.append(game.clone())
            random_step(game, rng)
    return found


@pytest.mark.parametrize("name", sorted(LIKELIHOODS))
def test_worlds_that_believe_the_auction_do_not_peek(name: str) -> None:
    """The inference layer reads only what the seat saw: from the real game or from any
    re-deal of what the seat cannot see, it draws the same worlds, and the strong bot
    that searches them makes the same decision."""
    rng = random.Random(4)
    positions = _after_others_spoke(name, max(tricktable.find_game(name).player_counts))
    auctions = any("bids" in game.view(0) or "choices" in game.view(0) for game in positions)
    assert any(game.phase in AUCTION for game in positions) == auctions
    assert any(game.phase not in AUCTION for game in positions)
    for game in positions[:8]:
        seat = game.to_move or 0
        expected = [w.reveal() for w in believed_worlds(game.redacted(seat), seat,
                                                        random.Random(1), 4, 4)]
        for _ in range(2):
            other = game.world(seat, rng)
            assert [w.reveal() for w in believed_worlds(other.redacted(seat), seat,
                                                        random.Random(1), 4, 4)] == expected
        _same_decision(lambda: StrongBot(name, seed=5, limits=LIMITS), game, rng)


class Cheat:
    """A bot that looks at the real cards of the next seat: the check must catch it."""

    def __init__(self, real: GameState) -> None:
        self.real = real

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        other = self.real.hands[((self.real.to_move or 0) + 1) % self.real.players]  # type: ignore[attr-defined]
        return legal[other % len(legal)]


def test_the_check_catches_a_bot_that_peeks() -> None:
    rng = random.Random(1)
    caught = 0
    for game in _positions("rook", 4, 6):
        seat = game.to_move or 0
        expected = Cheat(game).choose(game.view(seat), game.legal_actions())
        others = [game.world(seat, rng) for _ in range(5)]
        caught += any(Cheat(o).choose(o.view(seat), o.legal_actions()) != expected for o in others)
    assert caught >= 4


def test_the_check_catches_a_strong_bot_that_searches_the_real_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the real game instead of a redacted one, and searching it instead of worlds
    dealt anew, the strong bot sees every card: the check must catch it."""
    deal_anew = GameState.world

    def real_game(self: GameState, seat: int) -> GameState:
        game = self.clone()
        game.peeks = True  # type: ignore[attr-defined]
        return game

    def world(self: GameState, seat: int, rng: random.Random,
              hidden: Hidden | None = None) -> GameState:
        return self.fork() if getattr(self, "peeks", False) else deal_anew(self, seat, rng,
                                                                           hidden)

    monkeypatch.setattr(GameState, "redacted", real_game)
    monkeypatch.setattr(GameState, "world", world)
    rng, caught = random.Random(9), 0
    for game in _decisions_of_every_kind("rook", 4).values():
        try:
            _same_decision(lambda: StrongBot("rook", seed=5, limits=LIMITS), game, rng)
        except AssertionError:
            caught += 1
    assert caught >= 2


def test_a_bots_seed_does_not_lead_back_to_the_deal() -> None:
    """The command line's and the web app's bots are seeded from the game's seed, but by a
    hash: no sum or product of a bot's seed gives the game's seed back, to deal it again."""
    steps = {bot_seed(seed + 1, 0) - bot_seed(seed, 0) for seed in range(100)}
    assert len(steps) == 100
    assert all(bot_seed(seed, seat) > 2**40 for seed in range(3) for seat in range(4))


VARIANTS = [("pinochle", 4, {"passing": True, "tens": True}),
            ("sixtysix", 2, {"short_deck": True, "announce": True, "strict_follow": True,
                             "played_out": "last_trick", "last_trick": 0}),
            ("sixtysix", 2, {"announce": True, "marriage_needs_trick": True})]


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS,
                         ids=["pinochle-passing-tens", "schnapsen", "santase"])
def test_bots_do_not_peek_under_the_rule_options(name: str, players: int,
                                                 options: dict[str, Any]) -> None:
    """Passed cards, the short deck and unshown points: each kind of decision, both bots."""
    found: dict[str, GameState] = {}
    for seed in range(12):
        rng = random.Random(seed)
        game = start(name, players, seed, options)
        while not game.is_over and not game.results:
            legal = game.legal_actions()
            if len(legal) > 1:
                for kind in {action.kind for action in legal} - found.keys():
                    found[kind] = game.clone()
            random_step(game, rng)
    assert {"play", "give" if name == "pinochle" else "announce"} <= found.keys()
    rng = random.Random(4)
    for game in found.values():
        _same_decision(lambda: make_bot("heuristic", name, seed=3), game, rng)
        _same_decision(lambda: StrongBot(name, seed=5, limits=LIMITS), game, rng)


def _watched_worlds(real: GameState, seat: int, readers: list[Bot]) -> list[Any]:
    """The worlds ``seat`` draws from what it sees of ``real``, watching the whole play."""
    return [w.reveal() for w in believed_worlds(real.redacted(seat), seat, random.Random(1),
                                                4, 4, None, 13, readers)]


@pytest.mark.parametrize("name", [n for n in sorted(LIKELIHOODS)
                                  if tricktable.find_game(n).replays_by_cards])
def test_worlds_that_watch_the_play_do_not_peek(name: str) -> None:
    """Weighing worlds by the cards played reads only what the seat saw: from the real
    game or any re-deal of what it cannot see, the same worlds, and the same decision of
    a strong bot that watches the play."""
    rng = random.Random(6)
    players = max(tricktable.find_game(name).player_counts)
    positions = [game for game in _positions(name, players, 30) if game.phase is Phase.PLAY
                 and any(game.played)][:4]  # type: ignore[attr-defined]
    assert positions
    readers = [make_bot("heuristic", name, s) for s in range(players)]
    for game in positions:
        seat = game.to_move or 0

        expected = _watched_worlds(game, seat, readers)
        for _ in range(2):
            assert _watched_worlds(game.world(seat, rng), seat, readers) == expected
        _same_decision(lambda: StrongBot(name, seed=5, limits=replace(LIMITS, watch=13)),
                       game, rng)
