"""The Sixty-Six heuristic bot: legal, view-only, sensible, and clearly better than random.

Deals as in tests/games/test_sixtysix_rules.py: seat 0 is P1 and leads first,
the stock is listed top to bottom, then the turned-up card.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

import tricktable
from tests.games.test_sixtysix_variants import SHORT, TO_73
from tests.games.test_sixtysix_variants import start as start_short
from tricktable.arena import duplicate_match
from tricktable.bots import make_bot, play_game
from tricktable.bots.heuristic import sixtysix as heuristic
from tricktable.bots.heuristic.sixtysix import HeuristicBot
from tricktable.engine.state import GameState
from tricktable.games.sixtysix_rules import SANTASE, SCHNAPSEN


def deal(p1: str, p2: str, stock: str, trump: str) -> dict[str, Any]:
    return {"dealer": 1, "hands": [p1.split(), p2.split()], "stock": stock.split(),
            "trump": trump}


# Trump ♥ (A♥ turned up); P1 holds the trump marriage and the nine of trumps.
MAIN = deal("AS 10S KH QH 9H JC", "KS QS 9S AC 10C JD",
            "9D QD KD 10D AD JS JH 10H 9C QC KC", "AH")
# Trump ♥ (9♥ turned up); P1 holds every high trump and the top spades.
STRONG = deal("AH 10H KH QH AS 10S", "9S JS 9C JC 9D JD",
              "QS KS QD KD 10D AD 10C AC QC KC JH", "9H")
# Trump ♥ (J♥ turned up); P2 holds A♠, the nine of trumps and the ♣ marriage.
TAKER = deal("10S AD 9C JC QS KD", "AS 9H KC QC 9D JD",
             "KS 10H QH KH AH 10D QD 10C AC JS 9S", "JH")


def start(dealt: dict[str, Any], *actions: str) -> GameState:
    game = tricktable.new_game("sixtysix", seed=0, deal=dealt)
    for action in actions:
        game.apply(action)
    return game


def choice(game: GameState) -> str:
    seat = game.to_move
    assert seat is not None
    return HeuristicBot().choose(game.view(seat), game.legal_actions()).text


def test_make_bot_finds_the_heuristic_bot() -> None:
    assert isinstance(make_bot("heuristic", "sixtysix", seed=3), HeuristicBot)


@pytest.mark.parametrize("options", [{}, {"strict_follow": True}])
def test_it_plays_whole_games_legally_from_a_json_view(options: dict[str, Any]) -> None:
    for seed in range(6):
        game = tricktable.new_game("sixtysix", seed=seed, options=options)
        bots = [HeuristicBot(seed), make_bot("random", "sixtysix", seed)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            view = game.view(seat)
            action = bots[seat].choose(json.loads(json.dumps(view)), legal)
            assert action in legal
            game.apply(action)
        assert max(game.scores) >= 7


def test_it_reads_nothing_but_the_view_and_the_legal_actions() -> None:
    """Nothing but ``play_state`` and ``Table.of_state`` (play-outs: they read the engine's
    state, and tests/bots/test_playout.py checks them against the view) names the game."""
    tree = ast.parse(Path(heuristic.__file__).read_text(encoding="utf-8"))
    readers = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
               and node.name in ("play_state", "of_state")]
    inside = {id(node) for reader in readers for node in ast.walk(reader)}
    names = {node.id for node in ast.walk(tree)
             if isinstance(node, ast.Name) and id(node) not in inside}
    imported = {alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert len(readers) == 2
    assert not {"GameState", "SixtySixGame", "new_game", "replay"} & names
    assert not {"new_game", "replay"} & imported


def test_it_announces_the_trump_marriage_leading_the_queen() -> None:
    assert choice(start(MAIN)) == "marry Q♥"


def test_it_shows_a_marriage_that_wins_the_hand() -> None:
    game = start(MAIN, "play A♠", "play 9♠", "draw", "play 10♠", "play K♠", "draw",
                 "play K♦", "play Q♦")
    assert choice(game) == "show ♥"


def test_it_exchanges_the_nine_then_draws_with_an_ordinary_hand() -> None:
    game = start(MAIN, "play A♠", "play 9♠")
    assert choice(game) == "exchange"
    game.apply("exchange")
    assert choice(game) == "draw"


def test_it_closes_with_a_strong_hand() -> None:
    assert choice(start(STRONG, "marry Q♥", "play 9♠")) == "close"


def test_it_takes_a_ten_with_the_ace() -> None:
    assert choice(start(TAKER, "play 10♠")) == "play A♠"


def test_it_trumps_an_ace_it_cannot_beat_in_suit() -> None:
    assert choice(start(TAKER, "play A♦")) == "play 9♥"


def test_it_throws_a_cheap_card_on_a_low_lead_and_keeps_its_marriage() -> None:
    assert choice(start(TAKER, "play 9♣")) == "play 9♦"


def test_it_leads_a_cheap_card_while_the_stock_is_open() -> None:
    assert choice(start(TAKER)) == "play 9♣"


def test_it_draws_trumps_after_closing() -> None:
    game = start(STRONG, "marry Q♥", "play 9♠", "close")
    assert choice(game) == "play A♥"


def test_it_beats_the_random_bot_clearly() -> None:
    result = duplicate_match("sixtysix", "heuristic", "random", deals=150, seed=0)
    assert result.margin - result.confidence > 1.0, (result.margin, result.confidence)


def test_where_66_is_announced_it_counts_for_itself_and_never_announces_wrongly() -> None:
    for options in (SCHNAPSEN, SANTASE):
        endings: list[str] = []
        for seed in range(12):
            game = tricktable.new_game("sixtysix", seed=seed, options=options)
            play_game(game, [HeuristicBot(), HeuristicBot()])
            endings += [result.extras["ended_by"] for result in game.results]
        assert "wrong_announcement" not in endings
        assert endings.count("66") > len(endings) // 3, endings  # it does announce


def test_with_66_counted_it_announces() -> None:
    game = start_short(SHORT, short_deck=True, announce=True)
    bot = HeuristicBot()
    for action in TO_73:
        bot.observe(game.view(0))
        game.apply(action)
    assert game.to_move == 0
    assert bot.choose(game.view(0), game.legal_actions()).text == "announce"
    assert HeuristicBot().choose(game.view(0), game.legal_actions()).text != "announce"
