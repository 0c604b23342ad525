"""Rook's "low boy" (option ``low_boy``, seed 000's Variants): a bid to take no trick,
played alone against the other two while the partner sits out with its cards face down;
it wins the auction unless someone bids 200; plus or minus 200; with or without a trump.
Rulings (docs/rules.md): the hand ends at the bidder's first trick; the other team scores
nothing; the partner's cards stay hidden from every other seat.
"""

from __future__ import annotations

import random

import pytest

import tricktable
from tests.conformance.support import view_leaks
from tricktable import GameState, IllegalAction, Phase
from tricktable.bots import make_bot
from tricktable.solver import solve


def low_boy_won(seed: int, trump: str = "trump Red", **options: object) -> GameState:
    """A game where the first bidder bids low boy and the others pass, trump named."""
    game = tricktable.new_game("rook", seed=seed, options={"low_boy": True, **options})
    game.apply("lowboy")
    for _ in range(3):
        game.apply("pass")
    while game.phase is Phase.DISCARD:
        game.apply(game.legal_actions()[0])
    game.apply(trump)
    return game


def test_low_boy_is_a_bid_only_where_the_option_is_on() -> None:
    game = tricktable.new_game("rook", seed=1)
    assert all(a.kind != "lowboy" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="low boy is not played at this table"):
        game.check("lowboy")
    game = tricktable.new_game("rook", seed=1, options={"low_boy": True})
    assert game.legal_actions()[-1].text == "lowboy"
    assert game.prompt(game.to_move or 0) == "Bid 70 to 200 in fives, low boy, or pass"


def test_only_200_outbids_a_low_boy() -> None:
    game = tricktable.new_game("rook", seed=1, options={"low_boy": True})
    bidder = game.to_move or 0
    game.apply("bid 150")
    game.apply("lowboy")  # a low boy outbids 150
    assert [a.text for a in game.legal_actions()] == ["pass", "bid 200"]
    with pytest.raises(IllegalAction, match="bid low boy: only 200 outbids it"):
        game.check("bid 195")
    with pytest.raises(IllegalAction, match="only 200 outbids it"):
        game.check("lowboy")
    assert game.prompt(game.to_move or 0) == "Bid 200 to outbid the low boy, or pass"
    game.apply("pass")
    game.apply("bid 200")  # the low boy bidder's partner may outbid it too: 200 ends it
    assert game.phase is Phase.DISCARD and game.to_move == (bidder + 3) % 4
    assert game.view(None)["bid"] == 200 and game.view(None)["low_boy"] is False


def test_a_low_boy_wins_when_the_others_pass_and_the_bidder_takes_the_nest() -> None:
    game = tricktable.new_game("rook", seed=2, options={"low_boy": True})
    bidder = game.to_move
    game.apply("lowboy")
    for _ in range(3):
        game.apply("pass")
    view = game.view(bidder)
    assert game.phase is Phase.DISCARD and view["declarer"] == bidder and view["low_boy"]
    assert len(view["hand"]) == 15 and view["nest_cards"]
    game.apply(game.legal_actions()[0])
    names = [a.text for a in game.legal_actions()]  # with or without a trump: the bidder says
    assert names == ["trump Red", "trump Green", "trump Yellow", "trump Black", "notrump"]


def test_the_partner_sits_out_and_the_others_play_tricks_of_three() -> None:
    game = low_boy_won(3)
    bidder = game.view(None)["declarer"]
    partner = (bidder + 2) % 4
    assert game.view(None)["sits_out"] == partner
    assert game.view(None)["at_seats"][partner] == [
        {"label": "Sits out", "text": "its partner plays low boy alone; its cards lie face down"}]
    assert game.view(partner)["at_seats"][partner] == [  # the seat's own words
        {"label": "You sit out", "text": "your partner plays low boy alone; your cards stay "
         "face down"}]
    assert game.view(None)["action_words"]["lowboy"] == "low boy"
    assert game.view(None)["contract"] == "low boy, Red trump"
    order = []
    while not game.results:
        order.append(game.to_move)
        assert game.to_move != partner
        for viewer in (0, 1, 2, 3, None):
            assert not view_leaks(game, viewer)
            if viewer not in (partner, None):
                view = game.view(viewer)
                assert not set(game.view(partner)["hand"]) & set(str(view).split("'"))
        game.apply(game.legal_actions()[0])
    assert game.results[0].seat_tricks[partner] == 0
    assert order[:3] == [bidder, (bidder + 1) % 4, (bidder + 3) % 4]


@pytest.mark.parametrize("seed", range(12))
def test_200_either_way_and_the_hand_ends_at_the_bidders_first_trick(seed: int) -> None:
    game = low_boy_won(seed, trump="notrump" if seed % 2 else "trump Green")
    bidder = game.view(None)["declarer"]
    rng = random.Random(seed)
    while not game.results:
        before = list(game.tricks_won)  # type: ignore[attr-defined]
        game.apply(rng.choice(game.legal_actions()))
        if not game.results:
            assert game.tricks_won[bidder] == 0  # type: ignore[attr-defined]
    result = game.results[0]
    side = bidder % 2
    if result.seat_tricks[bidder]:
        assert result.seat_tricks[bidder] == 1 and before[bidder] == 0
        assert result.deltas[side] == -200 and result.made is False
    else:
        assert sum(result.tricks) == 14 and result.deltas[side] == 200 and result.made
    assert result.deltas[1 - side] == 0
    assert str(result.contract).startswith("low boy, ")


def test_a_lost_low_boy_and_a_made_one_both_happen() -> None:
    outcomes = set()
    for seed in range(40):
        game = low_boy_won(seed)
        bots = [make_bot("heuristic", "rook", seed=s) for s in range(4)]
        while not game.results:
            seat = game.to_move or 0
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        outcomes.add(game.results[0].made)
        if len(outcomes) == 2:
            break
    assert outcomes == {True, False}


def test_the_solver_plays_tricks_of_three() -> None:
    """The compiled kernel numbers the three seats that play: its tricks agree with plain
    minimax through the rules (played out, the low boy's early end set aside)."""
    game = None
    for seed in range(40):  # a low boy still alive with three tricks to play
        game = low_boy_won(seed)
        while sum(game.tricks_won) < 11:  # type: ignore[attr-defined]
            going_on = []
            for action in game.legal_actions():
                child = game.fork()
                child.apply(action)
                if not child.results:
                    going_on.append(child)
            if not going_on:
                break
            game = random.Random(seed).choice(going_on)
        if sum(game.tricks_won) == 11 and not game.results:  # type: ignore[attr-defined]
            break
    assert game is not None and not game.results and game.trick == []  # type: ignore
    solution = solve(game, "tricks")
    assert solution.method == "compiled" and solution.seat == game.to_move
    side = (game.to_move or 0) % 2
    played_out = game.fork()
    played_out.low_boy = False  # type: ignore[attr-defined]  # the spec keeps the seat out

    def best(node: GameState) -> int:
        if node.results:
            return int(node.results[-1].tricks[side])
        values = []
        for action in node.legal_actions():
            child = node.fork()
            child.apply(action)
            values.append(best(child))
        return max(values) if (node.to_move or 0) % 2 == side else min(values)

    assert solution.value == best(played_out)


def test_the_heuristic_bids_low_boy_with_only_low_cards() -> None:
    bot = make_bot("heuristic", "rook", seed=1)
    game = tricktable.new_game("rook", options={"low_boy": True}, deal={
        "dealer": 3, "nest": ["Rook"],
        "hands": [cards("R2 R3 R5 G2 G4 G6 Y2 Y3 Y7 Y9 B2 B3 B4 B8"),
                  cards("R4 R6 R7 R8 R9 R10 R11 R12 R13 R14 R1 G3 G5 G7"),
                  cards("G8 G9 G10 G11 G12 G13 G14 G1 Y4 Y5 Y6 Y8 Y10 Y11"),
                  cards("Y12 Y13 Y14 Y1 B5 B6 B7 B9 B10 B11 B12 B13 B14 B1")]})
    assert bot.choose(game.view(0), game.legal_actions()).text == "lowboy"


def cards(text: str) -> list[str]:
    return text.split()


def deal_around(hand: str, nest: int, dealer: int = 3) -> dict[str, object]:
    """A deal giving seat 0 ``hand``; the rest of the deck in order to the nest and seats."""
    from tricktable.cards import ROOK

    mine = hand.split()
    rest = [ROOK.text(c) for c in range(len(ROOK)) if ROOK.text(c) not in mine]
    size = len(mine)
    hands = [mine, *(rest[nest + size * i: nest + size * (i + 1)] for i in range(3))]
    return {"dealer": dealer, "nest": rest[:nest], "hands": hands}


# After shedding its highest non-counters (as many as the nest holds), the cards kept add up
# to 54 rank steps above the 2 (nest 1) or 24 (nest 5): low boy; one step more: a number
# bid or a pass. (R10 and the 5s are counters, which may not be discarded.)
LOW_BOY_EDGE = [
    (1, "R9 R3 R4 R6 R7 R8 G2 G3 G4 G6 G7 Y9 Y12 B13", True),
    (1, "R10 R3 R4 R6 R7 R8 G2 G3 G4 G6 G7 Y9 Y12 B13", False),
    (5, "R3 R4 R6 R7 R8 R5 Y5 G4 G6 G7 Y9 Y12 B13", True),
    (5, "R3 R4 R6 R7 R8 R5 Y5 B5 G6 G7 Y9 Y12 B13", False),
]


@pytest.mark.parametrize(("nest", "hand", "bids_it"), LOW_BOY_EDGE)
def test_the_heuristic_bids_low_boy_up_to_its_limit(nest: int, hand: str, bids_it: bool) -> None:
    game = tricktable.new_game("rook", options={"low_boy": True, "nest": nest},
                               deal=deal_around(hand, nest))
    choice = make_bot("heuristic", "rook", seed=1).choose(game.view(0), game.legal_actions())
    assert (choice.text == "lowboy") is bids_it


def test_the_heuristic_bids_no_low_boy_over_its_partner() -> None:
    """Seat 2 (the partner) opens after dealer 1; with an opponent's opening instead the
    same hand bids low boy."""
    hand = LOW_BOY_EDGE[0][1]
    for opener, bids_it in ((2, False), (3, True)):
        game = tricktable.new_game("rook", options={"low_boy": True},
                                   deal=deal_around(hand, 1, dealer=opener - 1))
        while game.to_move != 0:
            game.apply("bid 70" if game.to_move == opener else "pass")
        choice = make_bot("heuristic", "rook", seed=1).choose(game.view(0),
                                                              game.legal_actions())
        assert (choice.text == "lowboy") is bids_it


@pytest.mark.parametrize(("hand", "named"), [
    (LOW_BOY_EDGE[0][1], "notrump"),  # no Rook: never forced to trump in
    ("Rook R3 R4 R6 R7 R8 G2 G3 G4 G6 G7 Y9 Y12 B13", "trump Black")])  # the fewest: Black
def test_the_low_boy_bidder_names_no_trump_unless_it_holds_the_rook(hand: str,
                                                                     named: str) -> None:
    game = tricktable.new_game("rook", options={"low_boy": True},
                               deal=deal_around(hand, 1, dealer=3))
    game.apply("lowboy")
    for _ in range(3):
        game.apply("pass")
    bot = make_bot("heuristic", "rook", seed=1)
    game.apply(bot.choose(game.view(0), game.legal_actions()))  # the discard
    assert game.phase is Phase.TRUMP
    assert bot.choose(game.view(0), game.legal_actions()).text == named
