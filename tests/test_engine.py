"""The engine's public API: options, action parsing, refusals, new_game and deal= errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tricktable
from tricktable import DealError, GameState, IllegalAction, OptionError, Phase

ROOK_CARDS = [f"{colour}{number}" for colour in "RGYB" for number in range(1, 15)] + ["Rook"]
BLOCK_HANDS = [ROOK_CARDS[14 * seat: 14 * seat + 14] for seat in range(4)]  # N Reds, E Greens...


def block_deal(**changes: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {"dealer": 3, "hands": [list(h) for h in BLOCK_HANDS], "nest": ["Rook"]}
    deal.update(changes)
    return deal


def state(game: GameState) -> str:
    """Everything observable, to compare before and after a refused action."""
    return json.dumps({
        "views": [game.view(seat) for seat in (*range(game.players), None)],
        "events": [game.events(seat) for seat in (*range(game.players), None)],
        "record": game.record(), "reveal": game.reveal(),
        "results": [result.to_json() for result in game.results],
        "scores": game.scores, "phase": str(game.phase), "to_move": game.to_move,
        "legal": [action.text for action in game.legal_actions()],
    }, sort_keys=True)


def refuse(game: GameState, action: str) -> str:
    """Apply an illegal action: it must raise, and change nothing; return the message."""
    before = state(game)
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert state(game) == before, f"refusing {action!r} changed the game"
    assert not game.is_legal(action)
    with pytest.raises(IllegalAction):
        game.check(action)
    assert state(game) == before
    return str(error.value)


# -- options -------------------------------------------------------------------


def test_rook_options_and_their_defaults() -> None:
    rules = tricktable.find_game("rook").rules_type.from_options(None)
    assert rules.to_options() == {"target": 500, "all_pass": "redeal", "loss_limit": 0,
                                  "enforce_follow_suit": True, "rook_rank": "lowest", "nest": 1,
                                  "min_bid": 70, "no_trumps": False, "low_boy": False,
                                  "discard_points": "nobody"}
    described = {entry["name"]: entry for entry in type(rules).describe()}
    assert set(described) == set(rules.to_options())
    assert all(entry["doc"] for entry in described.values())
    assert described["all_pass"]["choices"] == ("redeal", "dealer_takes_70")


def test_options_given_to_new_game_are_the_games_rules_and_in_its_record() -> None:
    options = {"target": 300, "all_pass": "dealer_takes_70", "loss_limit": 500,
               "enforce_follow_suit": False, "rook_rank": "10.5", "nest": 5, "min_bid": 100,
               "no_trumps": True, "low_boy": True, "discard_points": "last_trick"}
    game = tricktable.new_game("rook", seed=1, options=options)
    assert game.rules.to_options() == options
    assert game.record()["options"] == options
    assert game.view(0)["target"] == 300


@pytest.mark.parametrize(("options", "fragment"), [
    ({"colour": "red"}, "unknown option 'colour'; valid options: target, all_pass"),
    ({"target": "500"}, "'target' must be a whole number"),
    ({"target": True}, "'target' must be a whole number"),
    ({"target": 2.5}, "'target' must be a whole number"),
    ({"target": 0}, "'target' must be at least 1"),
    ({"loss_limit": -5}, "'loss_limit' must be at least 0"),
    ({"all_pass": "sometimes"}, "'all_pass' must be one of redeal, dealer_takes_70"),
    ({"all_pass": 3}, "'all_pass' must be text"),
    ({"enforce_follow_suit": 1}, "'enforce_follow_suit' must be true or false"),
    ({"enforce_follow_suit": "no"}, "'enforce_follow_suit' must be true or false"),
])
def test_bad_options_are_refused_naming_the_valid_ones(
    options: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(OptionError) as error:
        tricktable.new_game("rook", seed=1, options=options)
    assert fragment in str(error.value)


@pytest.mark.parametrize("name", tricktable.games())
def test_every_games_options_round_trip_and_refuse_unknown_names(name: str) -> None:
    rules_type = tricktable.find_game(name).rules_type
    rules = rules_type.from_options(None)
    options = rules.to_options()
    json.dumps(options)
    assert rules_type.from_options(options) == rules
    assert {entry["name"] for entry in rules_type.describe()} == set(options)
    with pytest.raises(OptionError, match="unknown option 'no_such_option'"):
        rules_type.from_options({"no_such_option": 1})


# -- new_game ------------------------------------------------------------------


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(OptionError) as error:
        tricktable.new_game("chess")
    message = str(error.value)
    assert message.startswith("unknown game 'chess'")
    assert all(name in message for name in tricktable.games())


def test_game_names_are_case_insensitive() -> None:
    assert tricktable.new_game("Rook", seed=2).name == "rook"


@pytest.mark.parametrize("players", [0, 2, 3, 5])
def test_rook_is_played_by_four(players: int) -> None:
    with pytest.raises(OptionError, match=f"Rook is played by 4 players, not {players}"):
        tricktable.new_game("rook", players=players)
    assert tricktable.new_game("rook", players=4, seed=0).players == 4


@pytest.mark.parametrize("seed", ["7", 1.5, True, [1]])
def test_the_seed_must_be_a_whole_number(seed: Any) -> None:
    with pytest.raises(OptionError, match="the seed must be a whole number"):
        tricktable.new_game("rook", seed=seed)


def test_without_a_seed_one_is_drawn_and_kept_in_the_record() -> None:
    game = tricktable.new_game("rook")
    seed = game.record()["seed"]
    assert isinstance(seed, int) and seed == game.seed
    assert tricktable.new_game("rook", seed=seed).reveal() == game.reveal()


# -- deal= -------------------------------------------------------------------------


def test_a_deal_gives_those_hands_and_that_dealer_for_one_single_hand() -> None:
    game = tricktable.new_game("rook", deal=block_deal(dealer=1))
    assert game.view(None)["dealer"] == 1 and game.to_move == 2
    assert [sorted(hand) for hand in game.reveal()["hands"]] == [sorted(h) for h in BLOCK_HANDS]
    assert game.reveal()["nest"] == ["Rook"]
    for action in ["bid 70", "pass", "pass", "pass", "discard Y2", "trump yellow"]:
        game.apply(action)  # South, left of the dealer, bids and wins
    assert game.view(None)["declarer"] == 2
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert len(game.results) == 1, "a dealt hand is a whole game"
    assert game.scores == list(game.results[0].deltas)


def test_a_deal_reads_letters_symbols_any_case_and_space_separated_text() -> None:
    hands = [" ".join(card.lower() for card in hand) for hand in BLOCK_HANDS]
    game = tricktable.new_game("rook", deal={"dealer": 0, "hands": hands, "nest": "ROOK"})
    assert [sorted(hand) for hand in game.reveal()["hands"]] == [sorted(h) for h in BLOCK_HANDS]


def _swap_first(hands: list[list[str]], a: int, b: int) -> list[list[str]]:
    hands = [list(hand) for hand in hands]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    return hands


@pytest.mark.parametrize(("deal", "fragment"), [
    (block_deal(stock=["R1"]), "unknown deal key 'stock'; a deal has: dealer, hands, nest"),
    (block_deal(dealer=4), "the dealer must be a seat from 0 to 3"),
    (block_deal(dealer=-1), "the dealer must be a seat from 0 to 3"),
    (block_deal(dealer="0"), "the dealer must be a seat from 0 to 3"),
    (block_deal(hands=BLOCK_HANDS[:3]), "a deal needs 'hands': a list of 4 hands"),
    (block_deal(hands="R1 R2"), "a deal needs 'hands': a list of 4 hands"),
    ({"dealer": 0, "nest": ["Rook"]}, "a deal needs 'hands'"),
    (block_deal(hands=[BLOCK_HANDS[0][:13], *BLOCK_HANDS[1:]], nest=["Rook", "R1"]),
     "seat 0's hand must have 14 cards, not 13"),
    (block_deal(hands=[[*BLOCK_HANDS[0], "Rook"], *BLOCK_HANDS[1:]], nest=[]),
     "seat 0's hand must have 14 cards, not 15"),
    (block_deal(nest=[]), "nest must have 1 cards, not 0"),
    (block_deal(hands=[BLOCK_HANDS[0], [*BLOCK_HANDS[1][:13], "R1"], *BLOCK_HANDS[2:]],
                nest=["G1"]), "seat 1's hand: R1 appears more often than the rook deck holds it"),
    (block_deal(nest=["R1"]), "nest: R1 appears more often"),
    (block_deal(hands=[["Z9", *BLOCK_HANDS[0][1:]], *BLOCK_HANDS[1:]], nest=["R1"]),
     "seat 0's hand: 'Z9' is not a card of the rook deck"),
])
def test_bad_deals_are_refused_naming_the_problem(deal: dict[str, Any], fragment: str) -> None:
    with pytest.raises(DealError) as error:
        tricktable.new_game("rook", deal=deal)
    assert fragment in str(error.value)


@pytest.mark.parametrize("deal", [
    block_deal(hands=[list(range(14)), *BLOCK_HANDS[1:]]),
    block_deal(nest=5),
    block_deal(hands=[None, *BLOCK_HANDS[1:]]),
], ids=["card ids instead of text", "a number as the nest", "a hand that is not a list"])
def test_a_deal_of_things_that_are_not_card_text_is_a_deal_error(deal: dict[str, Any]) -> None:
    """Malformed input is reported as a DealError, not a crash deep inside the parser."""
    with pytest.raises(DealError):
        tricktable.new_game("rook", deal=deal)


def test_the_dealer_is_a_seat_number_not_a_boolean() -> None:
    """Like seeds and options, a seat number refuses True/False (True would be seat 1)."""
    with pytest.raises(DealError, match="the dealer must be a seat"):
        tricktable.new_game("rook", deal=block_deal(dealer=True))


# -- actions -------------------------------------------------------------------------


def test_actions_are_read_in_any_case_and_print_canonically() -> None:
    game = tricktable.new_game("rook", seed=1)
    assert game.parse("bid 75") == game.parse("Bid 75") == game.parse("  BID   75 ")
    assert game.parse("bid 75").kind == "bid" and game.parse("bid 75").arg == 75
    assert game.parse("pass").text == "pass"
    assert game.parse("play r14").text == "play R14"
    assert game.parse("play ROOK").text == "play Rook"
    assert game.parse("discard g5").text == "discard G5"
    for text in ("trump green", "trump G", "TRUMP Green", "trump g"):
        assert game.parse(text).text == "trump Green"
    assert game.parse("trump black") != game.parse("trump red")


@pytest.mark.parametrize(("text", "message"), [
    ("dance", "unknown action 'dance'; now: bid N, pass"),  # what the seat may do now
    ("R14", "unknown action 'R14'; now: bid N, pass"),
    ("pass 5", "'pass' takes nothing after it"),
    ("bid", "'bid' needs a number"),
    ("play", "'play' needs a card"),
    ("trump", "'trump' needs a suit"),
    ("bid seventy", "'bid' needs a whole number, not 'seventy'"),
    ("bid 70; pass", "'bid' needs a whole number, not '70; pass'"),
    ("bid 72", "a bid is 70 to 200 in steps of 5"),
    ("play Z9", "cannot read 'play Z9': 'Z9' is not a card of the rook deck"),
    ("trump purple", "'purple' is not a suit of the rook deck (red, green, yellow, black)"),
    ("trump ♥", "is not a suit of the rook deck"),
])
def test_unreadable_actions_are_refused_saying_why(text: str, message: str) -> None:
    game = tricktable.new_game("rook", seed=1)
    assert message in refuse(game, text)


@pytest.mark.parametrize("name", tricktable.games())
def test_every_action_text_reads_back_as_that_action(name: str) -> None:
    game = tricktable.new_game(name, seed=0)
    table = game.table.actions
    assert [action.id for action in table] == list(range(len(game.table)))
    assert len({action.text for action in table}) == len(table), "two actions share a text"
    for action in table:
        assert game.parse(action.text) == action
        assert game.parse(action.text.upper()) == action
        assert str(action) == action.text
        assert action.text in repr(action)


def test_legal_actions_come_from_the_table() -> None:
    game = tricktable.new_game("rook", seed=3)
    for action in game.legal_actions():
        assert game.table.actions[action.id] is action


# -- refusals change nothing ---------------------------------------------------------


def test_refusals_during_the_bidding() -> None:
    game = tricktable.new_game("rook", deal=block_deal())
    assert refuse(game, "discard R2") == "it is time to bid or pass, not to discard"
    assert refuse(game, "play R1") == "it is time to bid or pass, not to play"
    assert refuse(game, "trump red") == "it is time to bid or pass, not to trump"
    game.apply("bid 120")
    assert refuse(game, "bid 120") == "a bid must be higher than the high bid of 120"
    assert refuse(game, "bid 100").startswith("a bid must be higher")


def test_refusals_at_the_discard_and_trump() -> None:
    game = tricktable.new_game("rook", deal=block_deal())
    for action in ["bid 70", "pass", "pass", "pass"]:
        game.apply(action)
    assert refuse(game, "discard R5") == "the discard may not be a counter"
    assert refuse(game, "discard Rook") == "the discard may not be a counter"
    assert refuse(game, "discard G2") == "you do not hold G2"
    assert refuse(game, "bid 75").startswith("it is time to discard")
    game.apply("discard R2")
    assert refuse(game, "discard R3").startswith("it is time to trump")


def test_refusals_in_play() -> None:
    hands = [list(hand) for hand in BLOCK_HANDS]
    hands[0][1], hands[1][1] = hands[1][1], hands[0][1]  # North has G2, East has R2
    game = tricktable.new_game("rook", deal=block_deal(hands=hands))
    for action in ["bid 70", "pass", "pass", "pass", "discard R3", "trump yellow"]:
        game.apply(action)
    assert refuse(game, "play G5") == "you do not hold G5"
    game.apply("play R1")
    message = refuse(game, "play G3")
    assert message.startswith("you must follow suit") and "Red" in message
    assert refuse(game, "play R5") == "you do not hold R5"
    assert refuse(game, "bid 80").startswith("it is time to play")


def test_refusals_after_the_game_is_over() -> None:
    game = tricktable.new_game("rook", deal=block_deal())
    for action in ["pass"] * 4:
        game.apply(action)
    assert game.is_over and game.phase is Phase.GAME_OVER
    assert refuse(game, "bid 70") == "the game is over"
    assert refuse(game, "play R1") == "the game is over"
    assert game.legal_actions() == [] and game.to_move is None


# -- views, events and clones --------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_the_spectator_none() -> None:
    game = tricktable.new_game("rook", deal=block_deal())
    for seat in range(4):
        assert sorted(game.view(seat)["hand"]) == sorted(BLOCK_HANDS[seat])
        assert game.view(seat)["seat"] == seat
    assert "hand" not in game.view(None)


def test_each_seat_is_told_its_own_dealt_cards_only() -> None:
    game = tricktable.new_game("rook", deal=block_deal())
    for seat in range(4):
        mine = [text for text in game.events(seat) if text.startswith("you are dealt")]
        assert len(mine) == 1 and all(card in mine[0].split() for card in BLOCK_HANDS[seat])
    assert not any(text.startswith("you are") for text in game.events(None))


def test_a_clone_goes_its_own_way() -> None:
    game = tricktable.new_game("rook", seed=6)
    twin = game.clone()
    twin.apply("bid 100")
    assert game.history == [] and game.view(None)["high_bid"] is None
    assert twin.view(None)["high_bid"] == 100
    game.apply("pass")
    assert twin.history == ["bid 100"]


def test_a_seed_drawn_by_chance_cannot_be_searched_for() -> None:
    """Seeds left to chance use 53 bits: a 32-bit seed could be found by trying them all
    against one's own hand, and more than 53 would not be exact in a browser."""
    from tricktable.engine.registry import SEED_BITS

    seeds = [tricktable.new_game("sixtysix").seed for _ in range(40)]
    assert SEED_BITS == 53 and all(0 <= seed < 2**53 for seed in seeds)
    assert max(seeds) >= 2**40  # fails with 32-bit seeds; by chance with odds below 2**-500
    assert len(set(seeds)) == len(seeds)
