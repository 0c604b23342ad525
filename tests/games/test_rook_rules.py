"""Rook: one test per ruling of RULES.md section 1 (and the seed text where it rules).

Positions are dealt with ``deal=`` (one single hand) and driven with action
texts. Most start from *blocks*: North holds every Red, East every Green,
South every Yellow, West every Black, the Rook in the nest; a few cards are
then exchanged to build the situation a rule is about. Whole hands whose
result is known in advance are *scripts*: the 14 tricks, each with its
leader and its cards in play order; the hands are derived from them.
Expected values are worked out from the rules here, never read from
``tricktable.games.rook``.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import tricktable
from tricktable import GameState, IllegalAction, Phase

COLOURS = "RGYB"
COLOUR_NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "black"}
RANKS_HIGH_TO_LOW = ["1", "14", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
COUNTER_VALUES = {"5": 5, "10": 10, "14": 10, "1": 15}
ROOK_VALUE = 20

Places = dict[str, int | str]  # card text -> seat, or "nest"
Trick = tuple[int, list[str]]  # leader, cards in play order


def colour_cards(colour: str) -> list[str]:
    return [f"{colour}{number}" for number in range(1, 15)]


ALL_CARDS = [card for colour in COLOURS for card in colour_cards(colour)] + ["Rook"]


def points(card: str) -> int:
    """A card's counter value, from the rule: 5s 5, 10s and 14s 10, 1s 15, the Rook 20."""
    return ROOK_VALUE if card == "Rook" else COUNTER_VALUES.get(card[1:], 0)


def blocks() -> Places:
    places: Places = {card: seat for seat, colour in enumerate(COLOURS)
                      for card in colour_cards(colour)}
    places["Rook"] = "nest"
    return places


def exchanged(*pairs: tuple[str, str], places: Places | None = None) -> Places:
    """Blocks (or ``places``) with each pair of cards trading places."""
    result = dict(places or blocks())
    for a, b in pairs:
        result[a], result[b] = result[b], result[a]
    return result


def deal_of(places: Places, dealer: int) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "hands": [[card for card, place in places.items() if place == seat] for seat in range(4)],
        "nest": [card for card, place in places.items() if place == "nest"],
    }


def new_hand(places: Places, dealer: int = 3, **options: Any) -> GameState:
    return tricktable.new_game("rook", deal=deal_of(places, dealer), options=options)


def won_bid(places: Places, bidder: int = 0, bid: int = 70, **options: Any) -> GameState:
    """The hand after ``bidder`` (first to speak) bid and the other three passed."""
    game = new_hand(places, dealer=(bidder - 1) % 4, **options)
    assert game.to_move == bidder
    game.apply(f"bid {bid}")
    while game.phase is Phase.BID:  # a bid of 200 ends the bidding at once
        game.apply("pass")
    assert phase(game) is Phase.DISCARD and game.to_move == bidder
    return game


def ready(places: Places, trump: str, discard: str, bidder: int = 0, bid: int = 70,
          **options: Any) -> GameState:
    """The hand at the first lead: ``bidder`` won at ``bid``, discarded, named trump."""
    game = won_bid(places, bidder, bid, **options)
    apply_all(game, [f"discard {discard}", f"trump {trump}"])
    assert phase(game) is Phase.PLAY
    return game


def phase(game: GameState) -> Phase:
    """The game's phase (a call, so that type checkers do not narrow it between actions)."""
    return game.phase


def apply_all(game: GameState, actions: Sequence[str]) -> None:
    for action in actions:
        game.apply(action)


def play(game: GameState, *cards: str) -> None:
    apply_all(game, [f"play {card}" for card in cards])


def legal(game: GameState) -> set[str]:
    return {action.text for action in game.legal_actions()}


def plays(*cards: str) -> set[str]:
    return {f"play {card}" for card in cards}


def play_out(game: GameState) -> None:
    """Finish the hand with the first legal action each time."""
    while not game.is_over:
        game.apply(game.legal_actions()[0])


def words(value: Any) -> set[str]:
    """Every word of a JSON value's text (card texts among them)."""
    return {word.strip(".,;:()[]'\"") for word in json.dumps(value).split()}


def every_view(game: GameState) -> list[dict[str, Any]]:
    return [game.view(seat) for seat in (0, 1, 2, 3, None)]


def refused(game: GameState, action: str) -> str:
    """The message of the IllegalAction ``action`` raises; the game must not change."""
    before = json.dumps([every_view(game), game.record(), game.reveal()])
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert json.dumps([every_view(game), game.record(), game.reveal()]) == before
    return str(error.value)


# -- scripted hands ------------------------------------------------------------


def script_places(tricks: Sequence[Trick], nest: str, discard: str, bidder: int = 0) -> Places:
    """Where each card must be dealt for ``tricks`` to be played as written."""
    places: Places = {}
    for leader, cards in tricks:
        assert len(cards) == 4
        for offset, card in enumerate(cards):
            assert card not in places, f"{card} is played twice in the script"
            places[card] = (leader + offset) % 4
    assert discard not in places
    places[discard] = bidder
    places[nest] = "nest"
    assert sorted(places) == sorted(ALL_CARDS), "the script must use the whole deck"
    return places


def play_script(game: GameState, tricks: Sequence[Trick]) -> None:
    for number, (leader, cards) in enumerate(tricks, start=1):
        assert game.to_move == leader, f"trick {number} should be led by seat {leader}"
        play(game, *cards)


def seven_seven(east_first: Sequence[str], west_first: Sequence[str]) -> list[Trick]:
    """North (bidder, Red trump) wins tricks 1-7, East tricks 8-14.

    Tricks 1-7: North leads R1 R14 .. R9, South follows R8 .. R3 and the
    Rook, East (no Red) plays ``east_first`` (Yellows), West (no Red) plays
    ``west_first`` (Blacks). Trick 8: North leads G2, East takes it with G1.
    Tricks 9-14: East leads G14 .. G9, North follows G3 .. G8; South and West
    (no Green) throw their other Yellows and Blacks. 7 tricks each.
    """
    south_yellows = [card for card in colour_cards("Y") if card not in east_first]
    west_rest = [card for card in colour_cards("B") if card not in west_first]
    north_reds = ["R1", "R14", "R13", "R12", "R11", "R10", "R9"]
    south_reds = ["R8", "R7", "R6", "R5", "R4", "R3", "Rook"]
    tricks: list[Trick] = [
        (0, [north_reds[i], east_first[i], south_reds[i], west_first[i]]) for i in range(7)]
    tricks.append((0, ["G2", "G1", south_yellows[0], west_rest[0]]))
    east_greens = ["G14", "G13", "G12", "G11", "G10", "G9"]
    north_greens = ["G3", "G4", "G5", "G6", "G7", "G8"]
    tricks += [(1, [east_greens[i], south_yellows[i + 1], west_rest[i + 1], north_greens[i]])
               for i in range(6)]
    return tricks


# North/South counters 130 (+20 cards = 150), East/West 50.
RICH = seven_seven(["Y1", "Y14", "Y13", "Y12", "Y11", "Y10", "Y9"],
                   ["B1", "B14", "B13", "B12", "B11", "B10", "B9"])
# North/South counters 80 (+20 = 100), East/West 100.
EVEN = seven_seven(["Y1", "Y5", "Y2", "Y3", "Y4", "Y6", "Y7"],
                   ["B2", "B3", "B4", "B6", "B7", "B8", "B9"])
# North/South counters 60 (+20 = 80), East/West 120.
POOR = seven_seven(["Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9"],
                   ["B2", "B3", "B4", "B6", "B7", "B8", "B9"])

# North (bidder, Red trump) wins tricks 1-6 (R1 .. R10; South follows with
# R9 .. R5 and the Rook, West with R4 R3 then Blacks); trick 7 North leads
# G2 and East takes it with G1, then leads G14 .. G8 while North follows
# G3 .. G7, Y2, Y3. 6 tricks to 8; North/South counters 60, East/West 120.
SIX_EIGHT: list[Trick] = [
    (0, ["R1", "Y4", "R9", "R4"]),
    (0, ["R14", "Y6", "R8", "R3"]),
    (0, ["R13", "Y7", "R7", "B2"]),
    (0, ["R12", "Y8", "R6", "B3"]),
    (0, ["R11", "Y9", "R5", "B4"]),
    (0, ["R10", "Y11", "Rook", "B6"]),
    (0, ["G2", "G1", "Y1", "B1"]),
    (1, ["G14", "Y5", "B5", "G3"]),
    (1, ["G13", "Y10", "B7", "G4"]),
    (1, ["G12", "Y12", "B8", "G5"]),
    (1, ["G11", "Y13", "B9", "G6"]),
    (1, ["G10", "Y14", "B10", "G7"]),
    (1, ["G9", "B11", "B12", "Y2"]),
    (1, ["G8", "B13", "B14", "Y3"]),
]


def scripted(tricks: Sequence[Trick], bid: int, **options: Any) -> GameState:
    """North bids ``bid`` (the others pass), takes R2 from the nest, discards it, Red trump."""
    game = ready(script_places(tricks, nest="R2", discard="R2"), "red", "R2", bid=bid, **options)
    play_script(game, tricks)
    assert game.is_over
    return game


def team_counters(tricks: Sequence[Trick], team: int) -> int:
    """Counters a team takes in a script (trick winners as the script's leaders say)."""
    total = 0
    for number, (_, cards) in enumerate(tricks):
        winner = tricks[number + 1][0] if number + 1 < len(tricks) else tricks[-1][0]
        if winner % 2 == team:
            total += sum(points(card) for card in cards)
    return total


def test_the_scripts_add_up() -> None:
    """The scripts' stated counters, from the point table (a check of the test data)."""
    assert [team_counters(RICH, t) for t in (0, 1)] == [130, 50]
    assert [team_counters(EVEN, t) for t in (0, 1)] == [80, 100]
    assert [team_counters(POOR, t) for t in (0, 1)] == [60, 120]
    assert [team_counters(SIX_EIGHT, t) for t in (0, 1)] == [60, 120]


# -- the deck and the deal -----------------------------------------------------


def test_the_deck_is_57_cards_four_colours_1_to_14_and_the_rook() -> None:
    deck = tricktable.find_game("rook").deck
    assert len(deck) == 57
    assert sorted(deck.text(card) for card in range(len(deck))) == sorted(ALL_CARDS)
    assert sum(points(card) for card in ALL_CARDS) == 180


@pytest.mark.parametrize("seed", range(6))
def test_the_deal_is_14_cards_each_and_1_in_the_nest(seed: int) -> None:
    game = tricktable.new_game("rook", seed=seed)
    reveal = game.reveal()
    assert [len(hand) for hand in reveal["hands"]] == [14, 14, 14, 14]
    assert len(reveal["nest"]) == 1
    dealt = [card for hand in reveal["hands"] for card in hand] + reveal["nest"]
    assert sorted(dealt) == sorted(ALL_CARDS)
    for seat in range(4):
        view = game.view(seat)
        assert sorted(view["hand"]) == sorted(reveal["hands"][seat])
        assert view["hand_sizes"] == [14, 14, 14, 14] and view["nest_size"] == 1


# -- bidding -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_bidding_starts_left_of_the_dealer_and_goes_clockwise(dealer: int) -> None:
    game = new_hand(blocks(), dealer=dealer)
    assert phase(game) is Phase.BID
    order = []
    for bid in (70, 75, 80, 85):
        order.append(game.to_move)
        game.apply(f"bid {bid}")
    assert order == [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer]
    assert game.to_move == (dealer + 1) % 4


def test_bids_are_70_to_200_in_steps_of_5() -> None:
    game = new_hand(blocks())
    bids = {text for text in legal(game) if text.startswith("bid")}
    assert bids == {f"bid {amount}" for amount in range(70, 201, 5)}
    assert "pass" in legal(game)
    for bad in ("bid 65", "bid 72", "bid 205", "bid 0"):
        assert "70 to 200 in steps of 5" in refused(game, bad)


def test_a_bid_must_be_higher_than_the_high_bid() -> None:
    game = new_hand(blocks())
    game.apply("bid 100")
    message = refused(game, "bid 100")
    assert message.startswith("a bid must be higher") and "100" in message
    assert refused(game, "bid 95").startswith("a bid must be higher")
    assert {text for text in legal(game) if text.startswith("bid")} == {
        f"bid {amount}" for amount in range(105, 201, 5)}
    game.apply("bid 135")
    assert min(int(t.split()[1]) for t in legal(game) if t.startswith("bid")) == 140


def test_a_pass_is_final_for_the_hand() -> None:
    game = new_hand(blocks(), dealer=3)
    apply_all(game, ["pass", "bid 70", "bid 75", "bid 80"])  # N passes
    assert game.to_move == 1, "North passed: East is next"
    apply_all(game, ["bid 85", "pass", "bid 90"])  # S passes
    assert game.to_move == 1, "North and South passed: after West comes East"
    game.apply("bid 95")
    assert game.to_move == 3 and phase(game) is Phase.BID


def test_bidding_ends_when_every_other_player_has_passed_after_the_high_bid() -> None:
    game = new_hand(blocks(), dealer=3)
    apply_all(game, ["bid 70", "bid 75", "pass", "pass"])
    assert phase(game) is Phase.BID and game.to_move == 0, "North has not passed yet"
    game.apply("pass")
    assert phase(game) is Phase.DISCARD
    assert game.view(0)["declarer"] == 1 and game.view(0)["bid"] == 75
    assert game.to_move == 1


def test_the_dealer_may_still_bid_after_three_passes() -> None:
    game = new_hand(blocks(), dealer=3)
    apply_all(game, ["pass", "pass", "pass"])
    assert phase(game) is Phase.BID and game.to_move == 3
    game.apply("bid 70")
    assert phase(game) is Phase.DISCARD and game.view(None)["declarer"] == 3


def test_a_bid_of_200_ends_the_bidding_at_once() -> None:
    game = new_hand(blocks(), dealer=3)
    apply_all(game, ["bid 70", "bid 200"])
    assert phase(game) is Phase.DISCARD and game.to_move == 1
    assert game.view(None)["declarer"] == 1 and game.view(None)["bid"] == 200


def test_all_four_passing_throws_the_hand_in_and_the_deal_moves_left() -> None:
    game = tricktable.new_game("rook", seed=12)
    dealer, hands = game.view(None)["dealer"], game.reveal()["hands"]
    apply_all(game, ["pass"] * 4)
    assert not game.is_over and phase(game) is Phase.BID
    assert game.view(None)["hand_number"] == 2
    assert game.view(None)["dealer"] == (dealer + 1) % 4
    assert game.to_move == (dealer + 2) % 4
    assert game.scores == [0, 0]
    assert game.results[-1].declarer is None and list(game.results[-1].deltas) == [0, 0]
    assert game.reveal()["hands"] != hands, "a thrown-in hand is dealt again"
    assert [len(hand) for hand in game.reveal()["hands"]] == [14] * 4


def test_all_pass_option_dealer_takes_it_at_70() -> None:
    game = new_hand(blocks(), dealer=2, all_pass="dealer_takes_70")
    apply_all(game, ["pass"] * 4)
    assert phase(game) is Phase.DISCARD and game.to_move == 2
    view = game.view(2)
    assert view["declarer"] == 2 and view["bid"] == 70
    assert len(view["hand"]) == 15 and "Rook" in view["hand"]


# -- the nest, the discard, trump ----------------------------------------------


def test_the_bidder_takes_the_nest_card_seen_only_by_the_bidder() -> None:
    places = exchanged(("Rook", "G7"))  # the nest holds G7, East holds the Rook
    game = won_bid(places, bidder=1)
    assert phase(game) is Phase.DISCARD and game.to_move == 1
    assert "G7" in game.view(1)["hand"] and len(game.view(1)["hand"]) == 15
    assert game.view(1).get("nest_cards") == ["G7"]
    assert game.reveal()["nest"] == []
    for seat in (0, 2, 3, None):
        assert "G7" not in words(game.view(seat)), f"seat {seat} sees the nest card"


def test_the_discard_may_not_be_a_counter() -> None:
    game = won_bid(blocks())  # North: every Red and the Rook
    counters = ["R1", "R5", "R10", "R14", "Rook"]
    for card in counters:
        assert refused(game, f"discard {card}") == "the discard may not be a counter"
    assert legal(game) == {f"discard R{n}" for n in (2, 3, 4, 6, 7, 8, 9, 11, 12, 13)}
    assert "you do not hold G2" in refused(game, "discard G2")
    game.apply("discard R9")
    assert phase(game) is Phase.TRUMP
    assert "R9" not in game.view(0)["hand"] and len(game.view(0)["hand"]) == 14
    for seat in (1, 2, 3, None):
        assert "R9" not in words(game.view(seat)), f"seat {seat} sees the discard"


def test_a_counter_may_be_discarded_only_when_all_15_are_counters_and_counts_for_nobody() -> None:
    north = ["R1", "R5", "R10", "R14", "G1", "G5", "G10", "G14", "Y1", "Y5", "Y10", "Y14",
             "B1", "B5"]
    rest = [card for card in ALL_CARDS if card not in [*north, "B10"]]
    places: Places = {card: 0 for card in north}
    places["B10"] = "nest"
    for index, card in enumerate(rest):
        places[card] = 1 + index // 14
    game = won_bid(places, bid=70)
    assert legal(game) == {f"discard {card}" for card in [*north, "B10"]}
    game.apply("discard B10")
    game.apply("trump black")
    play_out(game)
    result = game.results[-1]
    assert result.extras["discard"] == ["B10"]
    assert sum(result.card_points) == 200 - 10, "the discarded 10 counts for nobody"


def test_the_bidder_names_trump_one_of_the_four_colours() -> None:
    game = won_bid(blocks())
    game.apply("discard R2")
    assert phase(game) is Phase.TRUMP and game.to_move == 0
    assert legal(game) == {"trump Red", "trump Green", "trump Yellow", "trump Black"}
    assert refused(game, "play R1").startswith("it is time to trump")
    game.apply("trump green")
    assert phase(game) is Phase.PLAY
    assert all(view["trump"] == "Green" for view in every_view(game))


def test_hidden_from_is_the_other_hands_the_nest_and_the_discard() -> None:
    """What a seat may not know: the others' hands, the nest, a discard not its own."""
    deck = tricktable.find_game("rook").deck

    def hidden(game: GameState, seat: int) -> set[str]:
        return {deck.text(card) for card in range(len(deck)) if game.hidden_from(seat) >> card & 1}

    game = new_hand(blocks())
    for seat in range(4):
        assert hidden(game, seat) == set(ALL_CARDS) - set(colour_cards(COLOURS[seat]))
    game = won_bid(blocks())
    assert hidden(game, 0) == set(ALL_CARDS) - set(colour_cards("R")) - {"Rook"}
    assert hidden(game, 1) == set(ALL_CARDS) - set(colour_cards("G"))
    game.apply("discard R9")
    assert hidden(game, 0) == set(ALL_CARDS) - set(colour_cards("R")) - {"Rook"}
    assert "R9" in hidden(game, 2) and "R9" in hidden(game, 1)
    game.apply("trump red")
    play(game, "R1")
    assert all("R1" not in hidden(game, seat) for seat in range(4))


# -- the Rook is a trump of the trump colour -----------------------------------


def test_the_rook_must_follow_when_trump_is_led() -> None:
    game = ready(exchanged(("Rook", "B2")), "red", discard="B2")  # West holds the Rook
    play(game, "R1", "G5", "Y5")
    assert game.to_move == 3
    assert legal(game) == plays("Rook"), "West's only trump is the Rook"
    assert refused(game, "play B3").startswith("you must follow suit")
    play(game, "Rook")
    assert game.to_move == 0


def test_the_rook_may_not_be_played_on_another_colour_by_a_player_holding_it() -> None:
    # East holds R2 and the Rook; Yellow is trump; North leads R1.
    game = ready(exchanged(("G3", "R2"), ("G2", "Rook")), "yellow", discard="G2")
    play(game, "R1")
    assert legal(game) == plays("R2")
    assert refused(game, "play Rook").startswith("you must follow suit")


def test_the_rook_played_on_another_colour_by_a_void_player_is_a_trump_and_wins() -> None:
    # East holds the Rook and Greens; Green is trump; North leads R1.
    game = ready(exchanged(("G2", "Rook")), "green", discard="G2")
    play(game, "R1")
    assert "play Rook" in legal(game) and len(legal(game)) == 14, "East is void in Red"
    play(game, "Rook", "Y1", "B1")
    assert game.to_move == 1, "the Rook, a trump, beats R1"
    assert game.view(0)["tricks"] == [0, 1]


def test_when_the_rook_is_led_trump_is_the_led_suit() -> None:
    # North holds the Rook (from the nest); East has Greens and Y5, South Yellows and G5.
    game = ready(exchanged(("G5", "Y5")), "green", discard="R2")
    play(game, "Rook")
    assert legal(game) == plays(*[c for c in colour_cards("G") if c != "G5"]), (
        "East must follow with trump (Green)")
    play(game, "G1")
    assert legal(game) == plays("G5"), "South's only trump"
    play(game, "G5", "B1")
    assert game.to_move == 1


def test_the_rook_is_the_lowest_trump() -> None:
    # East holds R2 (and Greens); North leads the Rook with Red trump.
    game = ready(exchanged(("G2", "R2")), "red", discard="G2")
    play(game, "Rook")
    assert legal(game) == plays("R2")
    play(game, "R2", "Y1", "B1")
    assert game.to_move == 1, "R2, the lowest Red, beats the Rook"


# -- ranks and trick winners ---------------------------------------------------

PAIRS = list(itertools.pairwise(RANKS_HIGH_TO_LOW))


@pytest.mark.parametrize("trump", ["green", "red"])
@pytest.mark.parametrize(("high", "low"), PAIRS)
def test_ranks_run_1_14_13_down_to_2(high: str, low: str, trump: str) -> None:
    """East must follow with R<high>, North leads R<low>: the higher rank wins.

    With Green trump the Reds are the led colour; with Red trump they are trumps.
    """
    game = ready(exchanged(("G2", f"R{high}")), trump, discard="G2")
    play(game, f"R{low}")
    assert legal(game) == plays(f"R{high}")
    play(game, f"R{high}", "Y1", "B1")
    assert game.to_move == 1, f"R{high} beats R{low}"

    game = ready(exchanged(("G2", f"R{low}")), trump, discard="G2")
    play(game, f"R{high}", f"R{low}", "Y1", "B1")
    assert game.to_move == 0, f"R{high} beats R{low}"


def test_the_lowest_trump_beats_the_led_colours_1_and_other_colours_never_win() -> None:
    # East must follow R14 with R1; South (void) plays Y1; West (void) trumps with B2.
    game = ready(exchanged(("G2", "R1")), "black", discard="G2")
    play(game, "R14", "R1", "Y1", "B2")
    assert game.to_move == 3


def test_the_highest_trump_wins() -> None:
    # South holds B3 among Yellows, West the other Blacks (trump); both void in Red.
    places = exchanged(("Y2", "B3"))
    game = ready(places, "black", discard="R2")
    play(game, "R1", "G1", "B3", "B2")
    assert game.to_move == 2, "B3 beats B2"
    game = ready(places, "black", discard="R2")
    play(game, "R1", "G1", "B3", "B4")
    assert game.to_move == 3, "B4 beats B3"


def test_a_void_player_may_play_any_card_and_others_must_follow() -> None:
    game = ready(exchanged(("G2", "R7")), "yellow", discard="G2")
    play(game, "R1")
    assert legal(game) == plays("R7"), "East holds a Red: must follow"
    play(game, "R7")
    assert legal(game) == plays(*colour_cards("Y")), "South has no Red: anything"


def test_the_bidder_leads_the_first_trick() -> None:
    game = ready(exchanged(("Rook", "G2")), "green", discard="G2", bidder=1)  # dealer North
    assert game.view(None)["dealer"] == 0 and game.view(None)["declarer"] == 1
    assert game.to_move == 1, "the bidder (East), not the dealer's left, leads"


def test_the_winner_of_a_trick_leads_the_next() -> None:
    game = ready(exchanged(("G2", "Rook")), "green", discard="G2")
    play(game, "R1", "Rook", "Y1", "B1")  # East wins with the Rook
    assert game.to_move == 1
    play(game, "G1", "Y2", "B2", "R2")  # East wins again with G1
    assert game.to_move == 1
    play(game, "G14", "Y3", "B3", "R14")
    assert game.to_move == 1


def test_a_hand_is_14_tricks() -> None:
    game = ready(blocks(), "green", discard="R2")
    for card_number in range(1, 57):
        assert not game.results, f"the hand ended after {card_number - 1} cards"
        game.apply(game.legal_actions()[0])
    assert game.results and sum(game.results[-1].seat_tricks) == 14


# -- what the table sees ---------------------------------------------------------


def test_views_show_the_trick_in_progress() -> None:
    game = ready(blocks(), "red", discard="R2")
    play(game, "R1", "G2")
    for view in every_view(game):
        assert view["trick"] == [{"seat": 0, "card": "R1"}, {"seat": 1, "card": "G2"}]
        assert view["last_trick"] is None


def test_the_just_completed_trick_is_shown_until_the_next_card_is_led() -> None:
    game = ready(blocks(), "red", discard="R2")
    play(game, "R1", "G2", "Y2", "B2")
    for view in every_view(game):
        assert view["trick"] == []
        assert view["last_trick"]["winner"] == 0
        shown = [played["card"] for played in view["last_trick"]["cards"]]
        assert shown == ["R1", "G2", "Y2", "B2"]
    play(game, "R14")
    for view in every_view(game):
        assert view["last_trick"] is None
        assert not words(view) & {"R1", "G2", "Y2", "B2"}, "the earlier trick is still shown"


def test_views_show_each_teams_number_of_tricks() -> None:
    game = ready(script_places(RICH, "R2", "R2"), "red", "R2", bid=150)
    counts = [0, 0]
    for leader, cards in RICH[:-1]:
        assert game.to_move == leader
        play(game, *cards)
        counts[game.to_move % 2] += 1  # the winner leads next
        assert all(view["tricks"] == counts for view in every_view(game))
    assert counts == [7, 6]


def test_earlier_tricks_of_the_hand_are_not_shown() -> None:
    game = ready(script_places(RICH, "R2", "R2"), "red", "R2", bid=150)
    for leader, cards in RICH[:9]:
        assert game.to_move == leader
        play(game, *cards)
    play(game, RICH[9][1][0])
    earlier = {card for _, cards in RICH[:9] for card in cards}
    for seat, view in enumerate(every_view(game)):
        shown = words(view) & earlier
        assert not shown, f"view {seat} shows cards of earlier tricks: {sorted(shown)}"


def test_the_last_trick_of_a_hand_is_shown_in_the_hands_result() -> None:
    """The 14th trick: the next hand's cards are new, so it is shown with the hand's result."""
    game = tricktable.new_game("rook", seed=4)
    rng = random.Random(4)
    while not game.results or game.results[-1].declarer is None:
        game.apply(rng.choice(game.legal_actions()))
    final = [text.split()[1] for text in game.history[-4:]]
    assert not game.is_over and phase(game) is Phase.BID
    for seat, view in enumerate(every_view(game)):
        assert view["last_trick"] is None, f"view {seat} shows a trick of the last hand"
        shown = game.results[-1].last_trick
        assert [played["card"] for played in shown["cards"]] == final


# -- counters, the cards bonus, scoring -----------------------------------------


def test_a_team_taking_every_trick_has_all_180_counters_and_the_bonus() -> None:
    game = ready(blocks(), "red", discard="R2", bid=200)  # North: every Red and the Rook
    for _ in range(14):
        assert game.to_move == 0
        play(game, game.view(0)["hand"][0])
        for _ in range(3):
            game.apply(game.legal_actions()[0])
    result = game.results[-1]
    assert list(result.seat_tricks) == [14, 0, 0, 0]
    assert list(result.card_points) == [200, 0] and list(result.deltas) == [200, 0]


def test_counters_are_worth_5_10_10_15_and_the_rook_20() -> None:
    for tricks, expected in ((RICH, [150, 50]), (EVEN, [100, 100]), (POOR, [80, 120])):
        game = scripted(tricks, bid=70)
        assert list(game.results[-1].card_points) == expected


def test_the_cards_bonus_goes_to_the_bidders_at_7_tricks() -> None:
    game = scripted(RICH, bid=70)
    result = game.results[-1]
    assert list(result.tricks) == [7, 7]
    assert list(result.card_points) == [130 + 20, 50]


def test_the_cards_bonus_goes_to_the_defenders_at_8_tricks() -> None:
    game = scripted(SIX_EIGHT, bid=70)
    result = game.results[-1]
    assert list(result.seat_tricks) == [6, 8, 0, 0]
    assert list(result.card_points) == [60, 120 + 20]


def test_bidders_making_their_bid_exactly_score_their_points() -> None:
    game = scripted(RICH, bid=150)
    assert list(game.results[-1].deltas) == [150, 50]
    assert game.scores == [150, 50]


def test_bidders_short_of_their_bid_lose_it_and_defenders_still_score() -> None:
    game = scripted(RICH, bid=155)
    assert list(game.results[-1].deltas) == [-155, 50]
    game = scripted(SIX_EIGHT, bid=70)
    assert list(game.results[-1].deltas) == [-70, 140]


def test_defenders_always_score_their_points() -> None:
    game = scripted(POOR, bid=70)  # bidders make 80 >= 70
    assert list(game.results[-1].deltas) == [80, 120]


# -- the end of the game ---------------------------------------------------------


def test_the_game_is_to_500_by_default() -> None:
    rules = tricktable.new_game("rook", seed=1).rules
    assert rules.to_options()["target"] == 500
    assert tricktable.new_game("rook", seed=1, options={"target": 300}).view(0)["target"] == 300


def test_both_teams_reaching_the_target_the_higher_total_wins() -> None:
    game = scripted(POOR, bid=70, target=80)  # 80 (bidders) and 120
    assert game.scores == [80, 120] and game.winner == 1
    game = scripted(RICH, bid=70, target=50)  # 150 (bidders) and 50
    assert game.winner == 0


def _rotated(tricks: Sequence[Trick], by: int) -> list[Trick]:
    """The same script one seat round: every card and leader moves ``by`` seats left."""
    return [((leader + by) % 4, list(cards)) for leader, cards in tricks]


def test_a_tie_at_the_target_goes_to_the_team_that_won_the_last_bid() -> None:
    game = scripted(EVEN, bid=100, target=100)
    assert game.scores == [100, 100] and game.winner == 0
    east = _rotated(EVEN, 1)  # East bids and plays North's part
    game = ready(script_places(east, "R2", "R2", bidder=1), "red", "R2", bidder=1, bid=100,
                 target=100)
    play_script(game, east)
    assert game.scores == [100, 100] and game.winner == 1


def _end_rule_problems(game: GameState, target: int, floor: int) -> list[str]:
    """The game must end after the first hand with a score >= target or <= -floor."""
    problems = []
    ended = False
    for index, result in enumerate(game.results):
        scores = result.scores
        reached = [score >= target for score in scores]
        sunk = [floor > 0 and score <= -floor for score in scores]
        if ended:
            problems.append(f"hand {index + 1} was played after the game should have ended")
        ended = any(reached) or any(sunk)
    if not ended:
        problems.append(f"the game ended at {game.scores} with no team at {target} or -{floor}")
    a, b = game.scores
    last_bidders = game.results[-1].declarer
    if any(score >= target for score in game.scores):
        expected = 0 if a > b else 1 if b > a else (None if last_bidders is None
                                                     else last_bidders % 2)
    else:
        expected = 1 if a <= -floor else 0
    if game.winner != expected:
        problems.append(f"scores {game.scores}: winner {game.winner}, expected {expected}")
    return problems


@pytest.mark.parametrize("options", [  # random bidders need a floor to end a game
    {"loss_limit": 500}, {"target": 300, "loss_limit": 500}, {"target": 100, "loss_limit": 400},
    {"loss_limit": 150, "target": 2500},
    {"all_pass": "dealer_takes_70", "target": 250, "loss_limit": 500},
], ids=str)
def test_the_game_ends_exactly_when_the_rules_say(options: dict[str, Any]) -> None:
    target = options.get("target", 500)
    floor = options.get("loss_limit", 0)
    for seed in range(12):
        game = tricktable.new_game("rook", seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        problems = _end_rule_problems(game, target, floor)
        assert not problems, f"seed {seed}: {problems}"


def test_there_is_no_loss_limit_by_default_as_in_the_seed() -> None:
    """The seed ends a game at the target only: a team far below -500 plays on."""
    assert tricktable.new_game("rook", seed=0).rules.to_options()["loss_limit"] == 0
    game = tricktable.new_game("rook", seed=3, options={"target": 2500})
    rng = random.Random(3)
    while not game.results or min(game.results[-1].scores) > -600:
        game.apply(rng.choice(game.legal_actions()))
    assert not game.is_over, f"the game ended at {game.scores} by default"


def test_a_loss_limit_of_500_ends_the_game_when_a_team_is_at_or_below_minus_500() -> None:
    found = 0
    for seed in range(30):
        game = tricktable.new_game("rook", seed=seed, options={"target": 2500, "loss_limit": 500})
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        a, b = game.scores
        assert min(a, b) <= -500 < max(a, b), game.scores
        assert game.winner == (1 if a <= -500 else 0)
        assert all(min(r.scores) > -500 for r in game.results[:-1])
        found += 1
    assert found == 30


@pytest.mark.parametrize("seed", range(3))
def test_a_team_exactly_at_minus_the_loss_limit_loses(seed: int) -> None:
    """Replay one seeded game's actions under limits at, and just past, the first set score."""
    game = tricktable.new_game("rook", seed=seed, options={"loss_limit": 0, "target": 2500})
    rng = random.Random(seed)
    while not game.results or min(game.results[-1].scores) >= 0:
        game.apply(rng.choice(game.legal_actions()))
    scores = game.results[-1].scores
    low = min(scores)
    for limit, ends in ((-low, True), (-low + 5, False)):
        again = tricktable.new_game("rook", seed=seed,
                                    options={"loss_limit": limit, "target": 2500})
        apply_all(again, game.history)
        assert again.is_over == ends, f"scores {scores}, loss_limit {limit}"
        if ends:
            assert again.winner == (1 if scores[0] == low else 0)


def test_loss_limit_0_lets_the_game_go_on_at_any_score() -> None:
    game = tricktable.new_game("rook", seed=3, options={"loss_limit": 0, "target": 2500})
    rng = random.Random(3)
    while not game.results or min(game.results[-1].scores) > -800:
        assert len(game.history) < 20_000
        game.apply(rng.choice(game.legal_actions()))
    assert not game.is_over, f"the game ended at {game.scores} with no loss limit"


# -- reneges ---------------------------------------------------------------------


def six_eight_game(bid: int = 70, **options: Any) -> GameState:
    return ready(script_places(SIX_EIGHT, "R2", "R2"), "red", "R2", bid=bid, **options)


def test_with_follow_suit_enforced_a_renege_is_refused_naming_the_rule() -> None:
    game = six_eight_game()
    play(game, "R1", "Y4")
    message = refused(game, "play Y1")  # South holds Reds
    assert message.startswith("you must follow suit") and "Red" in message
    assert legal(game) == plays("R9", "R8", "R7", "R6", "R5", "Rook")


def test_with_follow_suit_off_a_renege_is_allowed_and_found_only_at_the_end() -> None:
    game = six_eight_game(enforce_follow_suit=False)
    play(game, "R1", "Y4")
    assert "play Y1" in legal(game), "South may renege"
    play(game, "Y1", "R4")
    for seat in (0, 1, 2, 3, None):
        assert "renege" not in json.dumps(game.view(seat)).lower()
        assert not any("renege" in text.lower() for text in game.events(seat))
    assert game.scores == [0, 0] and not game.results
    play_out(game)
    assert game.results[-1].extras["renege"] == {"seat": 2, "trick": 1}


@pytest.mark.parametrize(("first", "second", "offenders"), [
    ("south", None, 0), ("west", None, 1), ("west", "south", 1), ("south", "west", 0),
])
def test_a_renege_forfeits_the_hand_and_the_first_renege_decides(
    first: str, second: str | None, offenders: int
) -> None:
    """South or West renege in trick 1 (and the other in trick 2); the first decides.

    The bidders bid 150: when they renege they score 0, not minus the bid.
    """
    game = six_eight_game(bid=150, enforce_follow_suit=False)
    trick_one = {"south": ["R1", "Y4", "Y1", "R4"], "west": ["R1", "Y4", "R9", "B2"]}
    trick_two = {"south": ["R14", "Y6", "Y5", "R3"], "west": ["R14", "Y6", "R8", "B3"]}
    play(game, *trick_one[first])
    assert game.to_move == 0
    if second is not None:
        play(game, *trick_two[second])
    play_out(game)
    result = game.results[-1]
    assert result.extras["renege"] is not None and result.extras["renege"]["seat"] % 2 == offenders
    expected = [0, 200] if offenders == 0 else [200, 0]
    assert list(result.deltas) == expected and game.scores == expected


# -- the dealer ----------------------------------------------------------------------


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = [tricktable.new_game("rook", seed=seed).view(None)["dealer"] for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    again = [tricktable.new_game("rook", seed=seed).view(None)["dealer"] for seed in range(40)]
    assert dealers == again


@pytest.mark.parametrize("seed", range(4))
def test_the_dealer_rotates_clockwise_every_hand_thrown_in_hands_included(seed: int) -> None:
    game = tricktable.new_game("rook", seed=seed, options={"loss_limit": 500})  # random play ends
    first = game.view(None)["dealer"]
    apply_all(game, ["pass"] * 4)  # thrown in
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    dealers = [result.dealer for result in game.results]
    assert dealers == [(first + hand) % 4 for hand in range(len(dealers))]
    assert game.results[0].declarer is None and len(dealers) >= 2


# -- an independent referee ----------------------------------------------------------


def _strength(card: str) -> int:
    return 0 if card == "Rook" else 14 - RANKS_HIGH_TO_LOW.index(card[1:])


def _colour(card: str, trump: str) -> str:
    return trump if card == "Rook" else card[0]


def referee_winner(trick: Sequence[str], trump: str) -> int:
    """Index of the winning card: highest trump, else highest of the led colour."""
    led = _colour(trick[0], trump)
    trumps = [i for i, card in enumerate(trick) if _colour(card, trump) == trump]
    pool = trumps or [i for i, card in enumerate(trick) if _colour(card, trump) == led]
    return max(pool, key=lambda i: _strength(trick[i]))


def referee_follows(hand: Sequence[str], trick: Sequence[str], trump: str) -> set[str]:
    """The cards that follow suit (all of the hand when void or leading)."""
    if not trick:
        return set(hand)
    led = _colour(trick[0], trump)
    return {card for card in hand if _colour(card, trump) == led} or set(hand)


@pytest.mark.parametrize("seed", range(80))
def test_random_hands_agree_with_an_independent_referee(seed: int) -> None:
    """Legal cards, trick winners, counters, bonus, renege and score of random hands."""
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    dealer = rng.randrange(4)
    hands = [cards[14 * seat: 14 * seat + 14] for seat in range(4)]
    enforce = seed % 3 != 0
    game = tricktable.new_game("rook", deal={"dealer": dealer, "hands": hands, "nest": [cards[56]]},
                               options={"enforce_follow_suit": enforce})
    while phase(game) is Phase.BID:
        game.apply("pass" if rng.random() < 0.6 else min(
            (a for a in game.legal_actions() if a.kind == "bid"), key=lambda a: a.arg or 0))
    if game.is_over:
        assert game.results[-1].declarer is None
        return
    bidder = game.to_move
    assert bidder is not None
    bid = game.view(None)["bid"]
    hands[bidder].append(cards[56])
    counters = [card for card in hands[bidder] if points(card)]
    allowed = set(hands[bidder]) - set(counters) or set(hands[bidder])
    assert legal(game) == {f"discard {card}" for card in allowed}
    discard = rng.choice(sorted(allowed))
    hands[bidder].remove(discard)
    trump = rng.choice(COLOURS)
    apply_all(game, [f"discard {discard}", f"trump {COLOUR_NAMES[trump]}"])

    leader, taken = bidder, [0, 0]
    tricks_won = [0, 0, 0, 0]
    reneges: list[int] = []
    for _ in range(14):
        assert game.to_move == leader
        trick: list[str] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            follows = referee_follows(hands[seat], trick, trump)
            expected = follows if enforce else set(hands[seat])
            assert legal(game) == plays(*expected), f"seat {seat}, trick {trick}"
            card = rng.choice(sorted(expected))
            if card not in follows:
                reneges.append(seat)
            game.apply(f"play {card}")
            hands[seat].remove(card)
            trick.append(card)
        winner = (leader + referee_winner(trick, trump)) % 4
        tricks_won[winner] += 1
        taken[winner % 2] += sum(points(card) for card in trick)
        leader = winner

    result = game.results[-1]
    bidders = bidder % 2
    team_tricks = [tricks_won[0] + tricks_won[2], tricks_won[1] + tricks_won[3]]
    bonus_team = bidders if team_tricks[bidders] >= 7 else 1 - bidders
    card_points = list(taken)
    card_points[bonus_team] += 20
    assert list(result.seat_tricks) == tricks_won
    assert list(result.card_points) == card_points
    if reneges:
        offenders = reneges[0] % 2
        deltas = [0, 0]
        deltas[1 - offenders] = 200
    else:
        deltas = [0, 0]
        deltas[bidders] = card_points[bidders] if card_points[bidders] >= bid else -bid
        deltas[1 - bidders] = card_points[1 - bidders]
    assert list(result.deltas) == deltas
    assert (result.extras["renege"] or {}).get("seat") == (reneges[0] if reneges else None)


def test_the_table_log_hides_earlier_tricks_of_the_hand() -> None:
    """An interface's log shows only the trick in progress and the one just completed."""
    game = tricktable.new_game("rook", seed=4)
    rng = random.Random(4)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(4 * 3 + 1):  # three whole tricks and the lead of the fourth
        game.apply(rng.choice(game.legal_actions()))
    plays = [line for line in game.table_log(0) if " plays " in line]
    trick = game.view(0)["trick"]
    assert len(trick) == 1
    assert plays == [f"{'NESW'[entry['seat']]} plays {entry['card']}" for entry in trick]
    for _ in range(3):  # the fourth trick completes: it stays until the next lead
        game.apply(rng.choice(game.legal_actions()))
    assert len([line for line in game.table_log(0) if " plays " in line]) == 4
    assert len([line for line in game.events(0) if " plays " in line]) == 16
