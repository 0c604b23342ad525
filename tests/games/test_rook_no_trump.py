"""Rook's "no trumps" (option ``no_trumps``): the bidder may name no trump instead of a
colour. Ruling (docs/rules.md): no colour is trump and the Rook, "always a trump" in the
seed, is the one trump card: it wins any trick it is played to, follows a Rook lead only,
and may not be played on a colour's lead by a player who holds that colour.
"""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable import GameState, IllegalAction
from tricktable.bots import make_bot
from tricktable.games.rook_cards import TABLE
from tricktable.solver import solve


def named(no_trumps: bool = True, seed: int = 3) -> GameState:
    """A game at the naming of trump (North bid 70, everyone else passed)."""
    game = tricktable.new_game("rook", seed=seed, options={"no_trumps": no_trumps})
    while game.phase != "trump":
        legal = game.legal_actions()
        game.apply(legal[1] if game.phase == "bid" and not game.bids else legal[0])
    return game


def no_trump_play(*hands: str) -> GameState:
    return tricktable.new_game("rook", options={"no_trumps": True}, deal={
        "hands": list(hands), "trump": "notrump", "leader": 0, "declarer": 0})


def winner(game: GameState, *cards: str) -> int:
    for card in cards:
        game.apply(f"play {card}")
    return game.last_trick[2]  # type: ignore[attr-defined, no-any-return]


def test_no_trump_is_offered_only_where_the_option_is_on() -> None:
    game = named(no_trumps=False)
    assert [a.text for a in game.legal_actions()] == [
        "trump Red", "trump Green", "trump Yellow", "trump Black"]
    with pytest.raises(IllegalAction, match="no trump is not played at this table"):
        game.check("notrump")
    game = named()
    assert game.legal_actions()[-1].text == "notrump"
    assert game.prompt(game.to_move or 0) == "Name trump: Red, Green, Yellow or Black, or no trump"


def test_naming_no_trump_is_the_contract_everyone_sees() -> None:
    game = named()
    bidder = game.to_move
    game.apply("notrump")
    for seat in (0, 1, 2, 3, None):
        view = game.view(seat)
        assert view["trump"] is None and view["contract"] == "70 no trump"
        assert {"label": "Trump", "text": "no trump"} in view["table"]
    assert game.log[-1].text == f"{game.seat_name(bidder or 0)} names no trump"
    with pytest.raises(IllegalAction, match="it is time to play"):
        game.check("bid 75")


def test_without_trump_the_highest_card_of_the_led_colour_wins() -> None:
    game = no_trump_play("R5 G2", "R9 Y2", "G1 Y3", "R1 B2")  # South is void: G1 is no trump
    assert winner(game, "R5", "R9", "G1", "R1") == 3
    game = no_trump_play("R5 G2", "R9 Y2", "G1 Y3", "R6 B2")
    assert winner(game, "R5", "R9", "G1", "R6") == 1


def test_the_rook_is_the_one_trump_and_wins_any_trick() -> None:
    game = no_trump_play("R1 G2", "Rook Y2", "R2 Y3", "R3 B2")  # East void in Red
    assert winner(game, "R1", "Rook", "R2", "R3") == 1
    game = no_trump_play("Rook G2", "R1 Y2", "G1 Y3", "B1 B2")  # a Rook lead: play anything
    game.apply("play Rook")
    assert {a.text for a in game.legal_actions()} == {"play R1", "play Y2"}
    assert winner(game, "R1", "G1", "B1") == 0


def test_the_rook_may_not_be_played_by_a_player_who_holds_the_led_colour() -> None:
    game = no_trump_play("R1 G2", "Rook R9", "R2 Y3", "R3 B2")
    game.apply("play R1")
    with pytest.raises(IllegalAction, match="you must follow suit"):
        game.check("play Rook")


def test_the_solver_searches_a_no_trump_position() -> None:
    """The compiled kernel's tricks agree with plain minimax through the rules."""
    game = no_trump_play("R1 G2 Y9", "Rook G3 R4", "R2 Y2 G9", "G4 Y3 B5")
    solution = solve(game, "tricks")
    assert solution.method == "compiled"

    def best(node: GameState) -> int:  # North/South's tricks, each side at its best
        if node.is_over:
            return int(node.results[-1].tricks[0])
        values = []
        for action in node.legal_actions():
            child = node.fork()
            child.apply(action)
            values.append(best(child))
        return max(values) if (node.to_move or 0) % 2 == 0 else min(values)

    assert solution.value == best(game)


@pytest.mark.parametrize("seed", range(4))
def test_a_no_trump_hand_is_worth_200_points(seed: int) -> None:
    game = named(seed=seed)
    game.apply("notrump")
    rng = random.Random(seed)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    assert sum(game.results[0].card_points) == 200
    assert game.results[0].contract == "70 no trump"


def test_the_action_is_added_after_the_seeds_so_their_ids_stay() -> None:
    seeds = [a.id for kind in ("bid", "pass", "discard", "trump", "play")
             for a in TABLE.kind_index(kind).values()]
    assert sorted(seeds) == list(range(len(seeds)))  # the seed's actions first, in order
    assert TABLE.get("notrump").id >= len(seeds) and TABLE.get("lowboy").id >= len(seeds)
    assert all(a.kind != "notrump" for a in tricktable.new_game("rook", seed=1).legal_actions())


def cards(text: str) -> list[str]:
    return text.split()


def test_the_heuristic_names_no_trump_with_many_ones_and_no_long_colour() -> None:
    bot = make_bot("heuristic", "rook", seed=1)
    view = {"seat": 0, "phase": "trump", "trump": None,
            "hand": cards("R1 R14 R13 G1 G14 G12 Y1 Y14 Y5 B1 B14 B9 B2 G7"),
            "hand_number": 1, "dealer": 3, "bids": [], "trick": [], "last_trick": None}
    legal = [*(TABLE.get("trump", s) for s in range(4)), TABLE.get("notrump")]
    assert bot.choose(view, legal).kind == "notrump"
    view["hand"] = cards("R1 R14 R13 R12 R11 R9 R8 G1 Y14 Y5 B1 B9 B2 G7")
    assert bot.choose(view, legal).text == "trump Red"
