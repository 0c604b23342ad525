"""World sampling in Notrump and Bidder: each inference a seat makes, in a dealt position.

Every world drawn here is also checked to show the seat exactly its view and
to describe the same uncertainty (``sample``). Notrump deals have the dealer
West (3), so North (0) chooses, marks, passes and leads first; the passing
of hand 1 goes left.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tricktable import GameState, Phase
from tricktable.cards import PIQUET, STANDARD, bits
from tricktable.games.bidder import BidderGame
from tricktable.games.notrump import NotrumpGame

WORLDS = 60
SPADES, HEARTS, DIAMONDS, CLUBS = STANDARD.suit_masks[:4]


def sample(game: GameState, seat: int, count: int = WORLDS) -> list[Any]:
    """``count`` worlds for ``seat``, each checked against the real view and uncertainty."""
    hidden = game.hidden(seat)
    assert hidden.consistent(game._hidden_masks(seat))
    rng = random.Random(seat)
    worlds = []
    for _ in range(count):
        world = game.world(seat, rng)
        assert world.view(seat) == game.view(seat)
        again = world.hidden(seat)
        assert (again.pool, again.sizes, again.allowed) == (
            hidden.pool, hidden.sizes, hidden.allowed)
        assert hidden.consistent(world._hidden_masks(seat))
        worlds.append(world)
    return worlds


def play_out(world: GameState, rng: random.Random) -> None:
    """Random legal actions to the end of the world's hand (the world's game ends there)."""
    while not world.is_over:
        world.apply(rng.choice(world.legal_actions()))


# -- Notrump ---------------------------------------------------------------------

BLOCK_DEAL = {"dealer": 3, "hands": [  # E holds every ♦, W every ♣
    ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "A♥", "K♥", "Q♥", "J♥", "10♥", "9♥"],
    [STANDARD.text(c) for c in bits(DIAMONDS)],
    ["7♠", "6♠", "5♠", "4♠", "3♠", "2♠", "8♥", "7♥", "6♥", "5♥", "4♥", "3♥", "2♥"],
    [STANDARD.text(c) for c in bits(CLUBS)],
]}
MARKERS = ["A♥", "2♦", "2♠", "2♣"]


def notrump(deal: dict[str, Any], players: int = 4, pass_count: int = 0,
            markers: list[str] | None = None) -> NotrumpGame:
    """A one-hand game past the No Trump contract and the markers (default: last card)."""
    game = tricktable.new_game("notrump", seed=0, players=players, deal=deal,
                               options={"pass_count": pass_count})
    assert isinstance(game, NotrumpGame)
    game.apply("notrump")
    while game.phase is Phase.MARKER:
        seat = game.to_move or 0
        game.apply(f"marker {markers[seat]}" if markers else game.legal_actions()[-1])
    return game


def test_notrump_a_void_shown_without_a_call_says_nothing_of_the_marker() -> None:
    game = notrump(BLOCK_DEAL, markers=MARKERS)
    game.apply("play A♠")
    game.apply("play 3♦")  # E could have called ♦, shows out of ♠ instead
    allowed_e = game.hidden(0).allowed[0]
    assert not allowed_e & SPADES
    assert allowed_e & HEARTS and allowed_e & CLUBS  # no trump, no call: nothing more
    worlds = sample(game, 0)
    assert not any(w.hands[1] & SPADES for w in worlds)
    marker_suits = {STANDARD.suit_of(w.markers[1]) for w in worlds}
    assert len(marker_suits) > 1  # E's marker may be of any suit E may hold
    assert all(w.hands[1] >> w.markers[1] & 1 and not w.revealed[1] for w in worlds)
    play_out(worlds[0], random.Random(1))


def test_notrump_a_world_calls_with_the_markers_it_drew() -> None:
    game = notrump(BLOCK_DEAL, markers=MARKERS)
    game.apply("play A♠")  # E to play: it may call with a card of its marker's suit
    suits_called = set()
    for world in sample(game, 0):
        suit = STANDARD.suit_of(world.markers[1])
        legal = world.legal_actions()
        calls = {a.arg for a in legal if a.kind == "call"}
        assert calls == {a.arg for a in legal if a.kind == "play"
                         and STANDARD.suit_of(a.arg or 0) == suit}
        if calls:
            suits_called.add(suit)
    assert len(suits_called) > 1  # the world's marker decides, not the real one (a ♦)


def test_notrump_a_call_keeps_the_marker_face_up_and_its_team_must_then_trump() -> None:
    game = notrump(BLOCK_DEAL, markers=MARKERS)
    for action in ["play A♠", "call 3♦", "play 7♠", "play 3♣"]:
        game.apply(action)
    two_diamonds = STANDARD.parse("2♦")
    hidden = game.hidden(0)
    assert not hidden.pool >> two_diamonds & 1  # revealed, still in E's hand
    allowed_w = hidden.allowed[2]
    assert not allowed_w & (SPADES | DIAMONDS)  # W showed out of ♠ with E/W trumping ♦
    assert allowed_w & HEARTS
    assert hidden.allowed[0] & HEARTS and hidden.allowed[0] & CLUBS  # E: ♠ only
    for world in sample(game, 0):
        assert world.markers[1] == two_diamonds and world.revealed[1]
        assert world.hands[1] >> two_diamonds & 1
        assert not world.hands[3] & (SPADES | DIAMONDS)


def _passed_game() -> NotrumpGame:
    """Hand 1 of four, three cards passed left by each seat, markers the last cards."""
    game = notrump({"dealer": 3, "hands": [[STANDARD.text(c) for c in range(s, 52, 4)]
                                           for s in range(4)]}, pass_count=3)
    while game.phase is Phase.PASS:
        game.apply(game.legal_actions()[0])
    return game


def test_notrump_passed_cards_stay_with_the_receiver_and_are_not_its_marker() -> None:
    game = _passed_game()
    passed = game.given[0]
    assert passed.bit_count() == 3 and game.hands[1] & passed == passed
    hidden = game.hidden(0)
    assert not hidden.pool & passed
    assert hidden.sizes[0] == 10  # E's 13 cards less the 3 North knows
    real = game.markers[1:]
    worlds = sample(game, 0)
    for world in worlds:
        assert world.hands[1] & passed == passed
        for other in (1, 2, 3):
            marker = world.markers[other]
            assert marker is not None and world.hands[other] >> marker & 1
            giver = (other - 1) % 4
            assert not world.given[giver] >> marker & 1  # never a card received
        marker_e = world.markers[1]
        assert marker_e is not None and not passed >> marker_e & 1
    assert any(w.markers[1:] != real for w in worlds)  # the markers are dealt anew


def test_notrump_unseen_passes_are_drawn_anew_from_the_receivers_cards() -> None:
    game = _passed_game()
    for _ in range(5):  # a trick and a card of the next: some cards played
        game.apply(game.legal_actions()[0])
    worlds = sample(game, 0)
    for world in worlds:
        for giver in (1, 2):  # E passed to S and S to W: North saw neither
            receiver = giver + 1
            dealt = world.hands[receiver] | world.played[receiver]
            assert world.given[giver] & dealt == world.given[giver]
            assert world.given[giver].bit_count() == 3
        assert world.given[0] == game.given[0] and world.given[3] == game.given[3]
    assert any(w.given[1] != game.given[1] for w in worlds)  # the real pass is not leaked
    play_out(worlds[0], random.Random(2))


def test_notrump_cards_on_their_way_are_a_place_before_delivery() -> None:
    game = notrump({"dealer": 3, "hands": [[STANDARD.text(c) for c in range(s, 52, 4)]
                                           for s in range(4)]}, pass_count=3)
    for _ in range(5):  # North passes 3, East 2 so far
        game.apply(game.legal_actions()[0])
    hidden = game.hidden(0)
    assert hidden.sizes == (11, 13, 13, 2)
    for world in sample(game, 0):
        assert world.outgoing[1] == world.given[1] and world.outgoing[1].bit_count() == 2
        assert world.markers[1] is not None and world.hands[1] >> world.markers[1] & 1
    play_out(game.world(0, random.Random(3)), random.Random(3))


def test_notrump_three_players_the_face_down_extra_card_is_a_place() -> None:
    hands = [[STANDARD.text(c) for c in range(s, 51, 3)] for s in range(3)]
    deal = {"dealer": 2, "hands": hands, "turned_up": ["A♣"]}
    game = notrump(deal, players=3)
    assert game.phase is Phase.PLAY and game.up_card == STANDARD.parse("A♣")
    assert len(game.hidden(0).sizes) == 2  # shown at the start of play: no longer a place
    early = tricktable.new_game("notrump", seed=0, players=3, deal=deal)
    assert isinstance(early, NotrumpGame)
    assert early.hidden(0).sizes == (17, 17, 1)
    worlds = sample(early, 0)
    assert len({w.turned_up for w in worlds}) > 1
    assert all(w.turned_up.bit_count() == 1 for w in worlds)
    play_out(worlds[0], random.Random(4))


# -- Bidder ----------------------------------------------------------------------

PIQUET_SUITS = PIQUET.suit_masks[:4]
BLOCKS = [[PIQUET.text(c) for c in bits(m)] for m in PIQUET_SUITS]  # seat s: every card of suit s


@pytest.mark.parametrize("contract", [["bid 1", "trump ♦"], ["null"]])
def test_bidder_a_void_is_shown_by_not_following_and_nothing_else(contract: list[str]) -> None:
    game = tricktable.new_game("bidder", players=4, deal={"dealer": 3, "hands": BLOCKS})
    assert isinstance(game, BidderGame)
    game.apply(contract[0])
    for _ in range(3):
        game.apply("pass")
    for action in contract[1:]:
        game.apply(action)
    game.apply("play A♠")
    game.apply("play 7♥")
    allowed = game.hidden(3).allowed  # seat 3's view: places 0, 1, 2
    assert not allowed[1] & PIQUET_SUITS[0]
    assert allowed[1] & PIQUET_SUITS[2]  # no obligation to trump: ♦ still possible
    assert allowed[0] & PIQUET_SUITS[1]  # the leader showed nothing
    worlds = sample(game, 3)
    assert not any(w.hands[1] & PIQUET_SUITS[0] for w in worlds)
    play_out(worlds[0], random.Random(5))


def test_bidder_knock_round_hides_every_undealt_card_the_seats_own_too() -> None:
    game = tricktable.new_game("bidder", players=3, seed=2, options={"knocking": True})
    assert isinstance(game, BidderGame) and game.phase is Phase.KNOCK
    hidden = game.hidden(1)
    assert hidden.sizes == (5, 5, 5, 5, 5, 2)
    assert hidden.pool & game.rest[1] == game.rest[1]
    worlds = sample(game, 1)
    assert any(w.rest[1] != game.rest[1] for w in worlds)
    assert any(w.left_over != game.left_over for w in worlds)
    world = worlds[0]
    while world.phase is Phase.KNOCK:
        world.apply("pass")
    assert len(world.view(1)["left_over"]) == 2
    play_out(world, random.Random(6))
    game.apply("knock")
    while game.phase is Phase.KNOCK:
        game.apply("pass")
    assert len(game.hidden(1).sizes) == 2  # dealt and shown: only the other hands remain


@pytest.mark.parametrize("players", [3, 5])
def test_bidder_worlds_with_knocking_and_contra_agree_with_the_view(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        game = tricktable.new_game("bidder", players=players, seed=seed,
                                   options={"knocking": True, "contra": True, "deals": 1})
        while not game.is_over:
            for seat in range(players):
                sample(game, seat, 2)
            game.apply(rng.choice(game.legal_actions()))
