"""The heuristic Notrump bot: its choices by hand, its card sense, and its strength."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tricktable
from tricktable.arena import duplicate_match
from tricktable.bots import make_bot
from tricktable.bots.heuristic.notrump import HeuristicBot, choose_contract
from tricktable.cards import STANDARD
from tricktable.engine.actions import Action

TRUMP, LED = 100, 0  # trick keys, ranked the game's way: any trump above any plain card


def mask(text: str) -> int:
    return sum(1 << c for c in STANDARD.parse_many(text))


def deal_around(north: str, dealer: int = 3) -> dict[str, Any]:
    """North's 13 cards as given; the rest dealt to E, S, W in card order."""
    rest = [STANDARD.text(c) for c in range(52) if not mask(north) >> c & 1]
    return {"dealer": dealer, "hands": [north.split(), rest[:13], rest[13:26], rest[26:]]}


def rank(card: str) -> int:
    return STANDARD.rank_of(STANDARD.parse(card))


def key(view: dict[str, Any], card: str, trump: bool) -> int:
    """A card's strength in the trick as the rules rank it (independent of the bot)."""
    led = view["trick"][0]["card"][-1] if view["trick"] else card[-1]
    return TRUMP + rank(card) if trump else (1 + rank(card) if card[-1] == led else LED)


def team_trump(view: dict[str, Any], seat: int) -> str | None:
    side = next(i for i, s in enumerate(view["sides"]) if seat in s)
    trump: str | None = view["team_trumps"][side]
    return trump


def action_key(view: dict[str, Any], action: Action) -> int:
    card = action.text.split()[1]
    trump = action.kind == "call" or card[-1] == team_trump(view, view["seat"])
    return key(view, card, trump)


# -- choices from the hand ---------------------------------------------------------


@pytest.mark.parametrize(("hand", "position", "expected"), [
    ("AS KS QS JS 10S 9S 8S 7S 6S AH 2D 3D 2C", 0, 0),  # nine spades: Spades
    ("AD KD QD JD 10D 9D 8D 7D 6D AH 2S 3S 2C", 0, 2),  # nine diamonds: Diamonds
    ("AC KC QC JC 10C 9C 8C 7C 6C AH 2S 3S 2D", 0, 4),  # clubs are worth 4: No Trump, call them
    ("AS KS 2S AH KH QH AD KD QD AC KC QC 2C", 0, 4),  # high cards everywhere: No Trump
    ("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C", 0, None),  # nothing: pass to partner
    ("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C", 1, 3),  # the partner: Clubs loses less than 4
])
def test_contract_from_hand_strength_by_suit(hand: str, position: int,
                                             expected: int | None) -> None:
    assert choose_contract(mask(hand), 4, position) == expected


def test_three_players_choose_by_hand_too() -> None:
    spades = mask("AS KS QS JS 10S 9S 8S 7S 6S AH KH 2D 3D 4D 2C 3C 4C")
    weak = mask("2S 3S 4S 5S 6S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C")
    assert choose_contract(spades, 3, 0) == 0 and choose_contract(weak, 3, 0) is None


def test_marker_is_the_lowest_card_of_the_longest_suit() -> None:
    game = tricktable.new_game("notrump", deal=deal_around(
        "AS 2H 3H 4H 5H 9H KD 2D 3C 4C 5C AC 7S"))
    game.apply("notrump")
    chosen = HeuristicBot().choose(game.view(0), game.legal_actions())
    assert chosen.text == "marker 2♥"


def test_passing_gives_low_cards_never_the_marker_nor_winners() -> None:
    game = tricktable.new_game("notrump", deal=deal_around(
        "AS KS 2H 3H 4H 5H 9H KD 2D 3C AC 7S 8S"))
    game.apply("notrump")
    bot = HeuristicBot()
    game.apply(bot.choose(game.view(0), game.legal_actions()))
    while game.to_move != 0:
        game.apply(game.legal_actions()[0])
    given = []
    for _ in range(3):
        action = bot.choose(game.view(0), game.legal_actions())
        given.append(action.text.split()[1])
        game.apply(action)
    assert game.view(0)["marker"] not in given
    assert not {"A♠", "K♠", "A♣", "K♦"} & set(given)
    assert {"3♣", "2♦"} <= set(given)  # the singletons' low cards: voids to trump in


# -- card sense, over many self-play positions ----------------------------------------


def _positions(players: int, seeds: range) -> list[tuple[dict[str, Any], list[Action], Action]]:
    """(view, legal, bot's choice) of every play decision where the bot is last to the trick."""
    found = []
    for seed in seeds:
        game = tricktable.new_game("notrump", seed=seed, players=players)
        bots = [HeuristicBot(seed * 10 + s) for s in range(players)]
        while not game.results:
            seat = game.to_move or 0
            view, legal = game.view(seat), game.legal_actions()
            action = bots[seat].choose(view, legal)
            size = players + (bool(view["trick"]) and view["trick"][0]["seat"] is None)
            if view["phase"] == "play" and len(view["trick"]) == size - 1 and len(legal) > 1:
                found.append((view, legal, action))
            game.apply(action)
    return found


@pytest.mark.parametrize("players", [4, 3])
def test_last_to_play_it_wins_a_trick_it_can_win_calling_if_need_be(players: int) -> None:
    calls = 0
    for view, legal, action in _positions(players, range(12)):
        team = next(t for t in view["teams"] if view["seat"] in t)
        heads = max(view["trick"], key=lambda e: (key(view, e["card"], e.get("trump", False)),
                                                  -view["trick"].index(e)))
        best = key(view, heads["card"], heads.get("trump", False))
        if heads["seat"] in team:
            continue
        if any(action_key(view, a) > best for a in legal):
            assert action_key(view, action) > best, (view["trick"], action)
            calls += action.kind == "call"
    assert calls > 0  # some of those wins needed a call


@pytest.mark.parametrize("players", [4, 3])
def test_last_to_play_it_does_not_overtake_its_partner(players: int) -> None:
    checked = 0
    for view, legal, action in _positions(players, range(12)):
        team = next(t for t in view["teams"] if view["seat"] in t)
        heads = max(view["trick"], key=lambda e: (key(view, e["card"], e.get("trump", False)),
                                                  -view["trick"].index(e)))
        if heads["seat"] not in team or heads["seat"] == view["seat"]:
            continue
        best = key(view, heads["card"], heads.get("trump", False))
        cheaper = [a for a in legal if action_key(view, a) <= best]
        if cheaper:
            checked += 1
            assert action_key(view, action) <= best, (view["trick"], action)
    assert checked > 10


# -- only the view, and strength -------------------------------------------------------


def test_the_bot_plays_from_a_copy_of_the_view_alone() -> None:
    game = tricktable.new_game("notrump", seed=8, players=3, options={"target": 12})
    bots = [make_bot("heuristic", "notrump", seed=s) for s in range(3)]
    while not game.is_over:
        seat = game.to_move or 0
        view = json.loads(json.dumps(game.view(seat)))
        legal = game.legal_actions()
        action = bots[seat].choose(view, legal)
        assert action in legal
        game.apply(action)


@pytest.mark.parametrize("players", [4, 3])
def test_heuristic_beats_random_in_a_duplicate_match(players: int) -> None:
    result = duplicate_match("notrump", "heuristic", "random", deals=25, seed=100,
                             players=players)
    assert result.margin - result.confidence > 1.0, result.summary()
