"""Notrump: one test per ruling of RULES.md section 3 (docs/rules-notrump.md).

Most tests deal explicit hands: ``make_deal`` places the named cards and fills
the rest in card order, keeping the named voids. With four players the dealer
is West, so North (0) selects and leads; with three, P3 (2) deals and P1 (0)
selects and plays first.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import tricktable
from tricktable import IllegalAction, Phase
from tricktable.cards import STANDARD, bits
from tricktable.games import notrump
from tricktable.games.notrump import NotrumpGame

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
NO_PASS = {"pass_count": 0}


def make_deal(fixed: dict[int, str] | None = None, voids: dict[int, str] | None = None,
              players: int = 4, dealer: int | None = None, turned_up: str = "") -> dict[str, Any]:
    """A deal with ``fixed`` cards per seat, the rest filled in card order around the voids."""
    fixed, voids = fixed or {}, voids or {}
    size = notrump.HAND_SIZES[players]
    hands = {s: STANDARD.parse_many(fixed.get(s, "")) for s in range(players)}
    used = {c for cards in hands.values() for c in cards} | set(STANDARD.parse_many(turned_up))
    void_suits = {s: {STANDARD.parse_suit(v) for v in voids.get(s, "").split()}
                  for s in range(players)}
    rest = sorted(set(range(len(STANDARD))) - used,
                  key=lambda c: (not any(STANDARD.suit_of(c) in v for v in void_suits.values()), c))
    spare = [] if turned_up or players == 4 else [rest.pop()]
    for card in rest:
        seat = min((s for s in range(players) if len(hands[s]) < size
                    and STANDARD.suit_of(card) not in void_suits[s]), key=lambda s: len(hands[s]))
        hands[seat].append(card)
    deal: dict[str, Any] = {"dealer": (players - 1) if dealer is None else dealer,
                            "hands": [[STANDARD.text(c) for c in hands[s]] for s in range(players)]}
    if players == 3:
        deal["turned_up"] = [turned_up] if turned_up else [STANDARD.text(c) for c in spare]
    return deal


def start(deal: dict[str, Any], contract: str = "notrump", markers: dict[int, str] | None = None,
          players: int = 4, **options: Any) -> NotrumpGame:
    """A one-hand game past the contract and markers (seats without one mark their last card)."""
    game = tricktable.new_game("notrump", seed=0, players=players, deal=deal,
                               options={**NO_PASS, **options})
    assert isinstance(game, NotrumpGame)
    game.apply(contract)
    while game.phase is Phase.MARKER:
        seat = game.to_move or 0
        chosen = (markers or {}).get(seat)
        game.apply(f"marker {chosen}" if chosen else game.legal_actions()[-1])
    return game


def legal(game: NotrumpGame) -> list[str]:
    return [a.text for a in game.legal_actions()]


def play(game: NotrumpGame, *actions: str) -> None:
    """Apply actions in turn; ``"any"`` is the first legal action at that moment."""
    for action in actions:
        game.apply(game.legal_actions()[0] if action == "any" else action)


def first_legal_hand(game: NotrumpGame) -> dict[str, Any]:
    """Play the current hand out with the first legal action each time (never a call)."""
    hands = len(game.results)
    while len(game.results) == hands:
        game.apply(game.legal_actions()[0])
    return game.results[-1]


# -- the contract ----------------------------------------------------------------


def test_selector_left_of_dealer_chooses_a_contract_or_passes_to_partner() -> None:
    game = tricktable.new_game("notrump", deal=make_deal(dealer=3))
    assert game.to_move == 0 and game.phase is Phase.CONTRACT
    assert legal(game) == ["notrump", "contract ♠", "contract ♦", "contract ♥", "contract ♣",
                           "pass"]
    game.apply("pass")
    assert game.to_move == 2  # the partner, not the next seat
    game.apply("contract ♦")
    view = game.view(None)
    assert (view["declarer"], view["contract"], view["teams"]) == (2, "♦", [[0, 2], [1, 3]])
    assert game.phase is Phase.MARKER


@pytest.mark.parametrize(("dealer", "deltas"), [(3, [0, 4]), (0, [4, 0])])
def test_double_pass_drops_the_hand_and_the_other_team_scores_4(
        dealer: int, deltas: list[int]) -> None:
    game = tricktable.new_game("notrump", deal=make_deal(dealer=dealer))
    play(game, "pass", "pass")
    result = game.results[0]
    assert (result.declarer, result.contract, list(result.deltas)) == (None, None, deltas)
    assert game.is_over and game.scores == deltas


@pytest.mark.parametrize(("action", "contract", "value"), [
    ("notrump", "No Trump", 12), ("contract ♠", "♠", 10), ("contract ♦", "♦", 8),
    ("contract ♥", "♥", 6), ("contract ♣", "♣", 4)])
def test_contract_values(action: str, contract: str, value: int) -> None:
    game = start(make_deal(), action)
    assert (game.view(None)["contract"], game.view(None)["value"]) == (contract, value)
    result = first_legal_hand(game)
    made = result.seat_tricks[0] + result.seat_tricks[2] >= 7
    assert result.extras["value"] == value and result.made is made
    assert list(result.deltas) == ([value, 0] if made else [0, value])


def test_seven_tricks_make_the_contract_six_do_not() -> None:
    outcomes: dict[int, set[bool]] = {}
    for seed in range(40):
        game = tricktable.new_game("notrump", seed=seed, options={"target": 1})
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        result = game.results[-1]
        if result.declarer is None:
            continue
        side = result.declarer % 2
        won = result.card_points[side]
        assert result.made is (won >= 7)
        assert result.deltas[side if won >= 7 else 1 - side] == result.extras["value"]
        outcomes.setdefault(won, set()).add(result.made)
    assert outcomes.get(7) == {True} and outcomes.get(6) == {False}


# -- markers -------------------------------------------------------------------------


def test_every_player_sets_a_hidden_marker_in_turn_before_the_passing() -> None:
    game = tricktable.new_game("notrump", deal=make_deal({0: "2♣", 2: "3♣"}))
    play(game, "pass", "contract ♠")  # South selects; the markers still start left of the dealer
    order = []
    for card in ["2♣", None, "3♣", None]:
        order.append(game.to_move)
        assert game.phase is Phase.MARKER
        game.apply(f"marker {card}" if card else game.legal_actions()[0])
    assert order == [0, 1, 2, 3] and game.phase is Phase.PASS
    assert game.view(0)["marker"] == "2♣" and game.view(2)["marker"] == "3♣"
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert view["revealed_markers"] == [None] * 4
        assert "2♣" not in json.dumps(view, ensure_ascii=False)
        assert not any("2♣" in e for e in game.events(seat))
    assert game.hidden_from(2) >> STANDARD.parse("2C") & 1  # hidden from the partner too


def test_a_marker_is_never_passed() -> None:
    game = start(make_deal({0: "2♣ 3♣"}), "notrump", {0: "2♣"}, pass_count=3)
    assert game.phase is Phase.PASS and game.to_move == 0
    assert "give 2♣" not in legal(game) and "give 3♣" in legal(game)
    with pytest.raises(IllegalAction, match="your marker may not be passed"):
        game.apply("give 2♣")


def test_marker_played_plain_is_revealed_and_ends_the_right_to_call() -> None:
    game = start(make_deal({0: "2♣ 3♣"}), "notrump", {0: "2♣"})
    assert "call 2♣" in legal(game) and "play 2♣" in legal(game)
    game.apply("play 2♣")
    assert game.view(1)["revealed_markers"][0] == "2♣"
    while game.to_move != 0:
        game.apply(legal(game)[0])
    assert not any(a.startswith("call") for a in legal(game))
    with pytest.raises(IllegalAction, match="no longer call"):
        game.apply("call 3♣")


def test_a_called_marker_stays_known_while_still_in_the_hand() -> None:
    game = start(make_deal({0: "2♣ 3♣"}), "notrump", {0: "2♣"})
    game.apply("call 3♣")
    view = game.view(3)
    assert view["revealed_markers"][0] == "2♣" and view["team_trumps"] == ["♣", None]
    assert view["calls"] == [{"seat": 0, "suit": "♣", "trick": 1}]
    assert not game.hidden_from(3) >> STANDARD.parse("2C") & 1
    assert game.hidden_from(3) >> STANDARD.parse("3C") & 1 == 0  # played, on the table


# -- passing ---------------------------------------------------------------------------


def _pass_round(game: NotrumpGame) -> dict[int, list[str]]:
    """Everyone passes their first legal cards; return what each seat gave."""
    given: dict[int, list[str]] = {}
    while game.phase is Phase.PASS:
        seat = game.to_move or 0
        action = game.legal_actions()[0]
        given.setdefault(seat, []).append(action.text.split()[1])
        game.apply(action)
    return given


@pytest.mark.parametrize("players", [4, 3])
def test_passing_goes_left_then_right_by_deal_dropped_hands_counting(players: int) -> None:
    game = tricktable.new_game("notrump", seed=4, players=players)
    assert isinstance(game, NotrumpGame)
    for hand, offset in [(1, 1), (2, players - 1), (3, 1)]:
        assert game.hand_number == hand
        assert game.view(0)["pass_direction"] == ("left" if offset == 1 else "right")
        if hand == 2:  # dropped hands count for the direction
            for _ in range(2 if players == 4 else 3):
                game.apply("pass")
            continue
        game.apply("notrump")
        for _ in range(players):
            game.apply(game.legal_actions()[0])
        given = _pass_round(game)
        for giver, cards in given.items():
            receiver = (giver + offset) % players
            assert game.view(receiver)["received"] == notrump.hand_text(
                sum(1 << STANDARD.parse(c) for c in cards))
            assert game.view(receiver)["received_from"] == giver
            assert set(cards) <= set(game.view(receiver)["hand"])
            if players == 4:
                assert receiver % 2 != giver % 2  # never to a partner
        first_legal_hand(game)


def test_passed_cards_are_known_to_giver_and_receiver_only() -> None:
    game = start(make_deal(), "notrump", pass_count=3)
    given = _pass_round(game)
    cards = given[0]  # North to East
    mask = sum(1 << STANDARD.parse(c) for c in cards)
    assert game.view(0)["passed"] == notrump.hand_text(mask)
    assert game.hidden_from(0) & mask == 0
    assert game.hidden_from(2) & mask == mask and game.hidden_from(3) & mask == mask
    for seat in (2, 3, None):
        shown = json.dumps(game.view(seat), ensure_ascii=False)
        assert not set(cards) & set(CARD_TEXT.findall(shown))


def test_cards_are_received_only_after_everyone_has_passed() -> None:
    game = start(make_deal(), "notrump", pass_count=2)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    assert game.to_move == 1
    assert game.view(1)["hand_sizes"] == [11, 13, 13, 13] and game.view(1)["received"] == []
    assert len(game.legal_actions()) == 12  # East passes from its own 13 cards minus the marker


@pytest.mark.parametrize(("count", "gives"), [(0, 0), (1, 4), (5, 20)])
def test_pass_count_option(count: int, gives: int) -> None:
    game = start(make_deal(), "notrump", pass_count=count)
    steps = 0
    while game.phase is Phase.PASS:
        game.apply(game.legal_actions()[0])
        steps += 1
    assert steps == gives and game.phase is Phase.PLAY
    assert [len(h) for h in game.reveal()["hands"]] == [13, 13, 13, 13]


# -- trumps and calling --------------------------------------------------------------


def test_suit_contract_trump_belongs_to_the_selecting_team_from_the_first_card() -> None:
    game = start(make_deal({0: "A♦", 1: "2♦", 2: "2♠"}, {2: "♦"}), "contract ♠")
    assert game.view(None)["team_trumps"] == ["♠", None]
    play(game, "play A♦", "play 2♦")
    assert all(t.endswith("♠") for t in legal(game))  # void: must trump
    play(game, "play 2♠", "any")
    assert game.view(None)["last_trick"]["winner"] == 2


def test_the_selecting_team_may_not_call_under_a_suit_contract() -> None:
    game = start(make_deal({0: "2♣ 3♣", 1: "4♣"}), "contract ♠", {0: "2♣", 1: "4♣"})
    assert not any(a.startswith("call") for a in legal(game))
    with pytest.raises(IllegalAction, match="selecting team may not call"):
        game.apply("call 3♣")
    game.apply("play 3♣")
    assert any(a.startswith("call") for a in legal(game))  # the defenders may


def test_under_no_trump_both_teams_may_call_and_start_without_trump() -> None:
    game = start(make_deal({0: "K♦ 2♦", 1: "3♣"}, {1: "♦"}), "notrump", {0: "2♦", 1: "3♣"})
    view = game.view(None)
    assert view["team_trumps"] == [None, None] and view["may_call"] == [True, True]
    assert "call K♦" in legal(game)
    play(game, "play K♦")
    assert "call 3♣" in legal(game)
    play(game, "play 3♣", "any", "any")
    assert game.view(None)["team_trumps"] == [None, None]
    assert not any(c.get("trump") for c in game.view(None)["last_trick"]["cards"])


@pytest.mark.parametrize(("seat_cards", "marker", "may_call"), [
    ("5♠ 5♥", "5♥", False),  # holds the led suit, marker another: no call
    ("5♠ 6♠", "6♠", True),  # the led suit is the marker's suit
    ("5♥ 6♥", "5♥", True),  # void in the led suit
])
def test_calling_only_when_a_card_of_the_marker_suit_may_be_played(
        seat_cards: str, marker: str, may_call: bool) -> None:
    voids = {} if "♠" in seat_cards else {1: "♠"}
    game = start(make_deal({0: "A♠", 1: seat_cards}, voids), "notrump", {1: marker})
    assert any(a.startswith("call") for a in legal(game))  # the leader may call
    game.apply("play A♠")
    suit = marker[-1]
    calls = [a for a in legal(game) if a.startswith("call")]
    assert bool(calls) is may_call and all(a.endswith(suit) for a in calls)
    if not may_call:
        with pytest.raises(IllegalAction, match="only when a ♥ may be played: you hold a ♠"):
            game.apply(f"call {marker}")


def test_a_call_makes_the_card_a_trump_and_it_must_be_of_the_marker_suit() -> None:
    game = start(make_deal({0: "A♠", 1: "2♥ 3♥ 2♣"}, {1: "♠"}), "notrump", {1: "3♥"})
    game.apply("play A♠")
    with pytest.raises(IllegalAction, match="a call plays a ♥"):
        game.apply("call 2♣")
    game.apply("call 2♥")
    play(game, "any", "any")
    view = game.view(None)
    assert view["last_trick"]["winner"] == 1 and view["team_trumps"] == [None, "♥"]
    assert view["last_trick"]["cards"][1] == {"seat": 1, "card": "2♥", "trump": True}


def test_must_trump_when_void_after_the_team_call() -> None:
    game = start(make_deal({0: "K♦", 1: "2♥", 3: "3♥ 2♣"}, {1: "♦", 3: "♦"}), "notrump",
                 {1: "2♥"})
    play(game, "play K♦")
    assert len(legal(game)) > 13  # East, void without a trump: any card, or a call
    play(game, "call 2♥", "any")
    assert all(a.endswith("♥") and a.startswith("play") for a in legal(game))
    with pytest.raises(IllegalAction, match="you cannot follow ♦, so you must play a trump: "
                                            "you hold a ♥"):
        game.apply("play 2♣")


def test_a_card_played_before_its_team_calls_stays_plain_in_that_trick() -> None:
    game = start(make_deal({0: "K♦", 1: "A♣", 3: "2♣"}, {1: "♦", 3: "♦"}), "notrump",
                 {3: "2♣"})
    play(game, "play K♦", "play A♣", "any", "call 2♣")
    last = game.view(None)["last_trick"]
    assert last["winner"] == 3  # West's 2♣ trump, not East's A♣ played before the call
    assert [c.get("trump", False) for c in last["cards"]] == [False, False, False, True]


@pytest.mark.parametrize(("south", "winner"), [("Q♠", 1), ("K♠", 2), ("3♠", 1)])
def test_two_trumps_compare_by_rank_and_the_first_of_equal_ranks_wins(
        south: str, winner: int) -> None:
    deal = make_deal({0: "5♦", 1: "Q♥", 2: "Q♠ K♠ 3♠"}, {1: "♦", 2: "♦"})
    game = start(deal, "contract ♠", {1: "Q♥"})
    play(game, "play 5♦", "call Q♥", f"play {south}", "any")
    assert game.view(None)["last_trick"]["winner"] == winner


def test_a_team_has_one_trump_the_first_call_fixes_it() -> None:
    game = start(make_deal({0: "5♠", 1: "2♥", 3: "2♣"}, {1: "♠", 3: "♠ ♥"}), "notrump",
                 {1: "2♥", 3: "2♣"})
    play(game, "play 5♠", "call 2♥", "any")
    assert not any(a.startswith("call") for a in legal(game))
    with pytest.raises(IllegalAction, match="your team's trump is already ♥"):
        game.apply("call 2♣")


def test_defenders_may_call_the_same_suit_as_the_selecting_trump() -> None:
    game = start(make_deal({0: "5♦", 1: "A♠"}, {1: "♦"}), "contract ♠", {1: "A♠"})
    play(game, "play 5♦", "call A♠")
    assert game.view(None)["team_trumps"] == ["♠", "♠"]


# -- the game ---------------------------------------------------------------------------


def test_game_to_the_target() -> None:
    game = tricktable.new_game("notrump", seed=3, options={"target": 8})
    while not game.is_over:
        game.apply("pass")
    assert [list(r.deltas) for r in game.results] in ([[4, 0], [0, 4], [4, 0]],
                                                   [[0, 4], [4, 0], [0, 4]])
    assert game.winner == game.scores.index(8)
    default = tricktable.new_game("notrump", seed=3)
    for _ in range(14):
        default.apply("pass")
    assert not default.is_over and max(default.scores) < 30


def test_dealer_rotates_every_hand_dropped_included() -> None:
    game = tricktable.new_game("notrump", seed=9)
    dealers = [game.view(None)["dealer"]]
    for _ in range(3):
        play(game, "pass", "pass")
        dealers.append(game.view(None)["dealer"])
    assert [(d - dealers[0]) % 4 for d in dealers] == [0, 1, 2, 3]


def test_follow_suit_is_enforced_with_the_rule_named() -> None:
    game = start(make_deal({0: "K♦", 1: "2♦ 2♣"}), "notrump")
    game.apply("play K♦")
    with pytest.raises(IllegalAction, match="you must follow suit: you hold a ♦"):
        game.apply("play 2♣")
    with pytest.raises(IllegalAction, match="it is time to play or call, not to give"):
        game.apply("give 2♣")


# -- three players --------------------------------------------------------------------


def test_three_players_17_cards_each_and_a_face_down_52nd_card() -> None:
    game = tricktable.new_game("notrump", seed=1, players=3)
    assert game.sides == [[0], [1], [2]] and game.scores == [0, 0, 0]
    reveal = game.reveal()
    assert [len(h) for h in reveal["hands"]] == [17, 17, 17] and len(reveal["turned_up"]) == 1
    card = STANDARD.parse(reveal["turned_up"][0])
    for seat in range(3):
        assert game.hidden_from(seat) >> card & 1
        assert game.view(seat)["turned_up"] is None


def test_three_players_the_choice_passes_left_and_all_three_passing_scores_nothing() -> None:
    game = tricktable.new_game("notrump", players=3, deal=make_deal(players=3))
    order = []
    for _ in range(3):
        order.append(game.to_move)
        game.apply("pass")
    assert order == [0, 1, 2]
    assert list(game.results[0].deltas) == [0, 0, 0] and game.results[0].declarer is None


def test_three_players_the_turned_up_card_opens_the_first_trick_and_is_never_trump() -> None:
    deal = make_deal({0: "2♦"}, players=3, turned_up="A♦")
    game = start(deal, "contract ♦", players=3)
    view = game.view(1)
    assert view["turned_up"] == "A♦" and game.to_move == 0
    assert view["trick"] == [{"seat": None, "card": "A♦", "turned_up": True}]
    assert all(a.endswith("♦") for a in legal(game))  # everyone follows its suit
    play(game, "play 2♦", "any", "any")
    last = game.view(None)["last_trick"]
    assert last["winner"] == 0 and len(last["cards"]) == 4  # the declarer's trump 2♦
    assert game.to_move == 0 and game.view(None)["tricks"] == [1, 0, 0]


def test_three_players_the_first_trick_is_thrown_out_when_no_one_beats_it() -> None:
    game = start(make_deal(players=3, turned_up="A♦"), "notrump", players=3)
    for _ in range(3):
        game.apply(legal(game)[0])  # each follows with a lower diamond
    assert game.view(None)["last_trick"]["winner"] is None
    assert game.to_move == 2  # the dealer leads next
    assert game.view(None)["tricks"] == [0, 0, 0]
    assert len(game.reveal()["thrown_out"]) == 4
    result = first_legal_hand(game)
    assert sum(result.seat_tricks) == 16 and result.extras["thrown_out"] is True


def test_three_players_the_defenders_share_one_trump() -> None:
    deal = make_deal({1: "2♥", 2: "3♥ 2♣"}, {1: "♦", 2: "♦"}, players=3, turned_up="A♦")
    game = start(deal, "notrump", {1: "2♥", 2: "2♣"}, players=3)
    assert game.view(None)["teams"] == [[0], [1, 2]]
    play(game, "any", "call 2♥")
    assert game.view(None)["team_trumps"] == [None, "♥", "♥"]
    assert "play 3♥" in legal(game)  # void: must play the shared trump; no call of its own
    assert all(a.startswith("play") and a.endswith("♥") for a in legal(game))


def test_three_players_selector_needs_7_and_each_defender_scores_on_failure() -> None:
    seen = set()
    for seed in range(30):
        game = tricktable.new_game("notrump", seed=seed, players=3, options={"target": 100})
        rng = random.Random(seed)
        while len(game.results) < 3:
            game.apply(rng.choice(game.legal_actions()))
        for result in game.results:
            declarer = result.declarer
            if declarer is None:
                assert list(result.deltas) == [0, 0, 0]
                continue
            made = result.seat_tricks[declarer] >= 7
            value = result.extras["value"]
            expected = [value if (s == declarer) is made else 0 for s in range(3)]
            assert result.made is made and list(result.deltas) == expected
            assert sum(result.seat_tricks) == 17 - result.extras["thrown_out"]
            seen.add((made, result.seat_tricks[declarer] in (6, 7)))
    assert {(True, True), (False, True)} <= seen


@pytest.mark.parametrize(("before", "over", "winner"), [
    ([0, 26, 26], False, None),  # both defenders reach 30 level: play on
    ([0, 26, 27], True, 2),  # both reach it: the higher total wins
    ([0, 20, 26], True, 2),  # one reaches it
])
def test_three_players_target_ties_play_on(before: list[int], over: bool,
                                           winner: int | None) -> None:
    game = tricktable.new_game("notrump", seed=0, players=3)
    assert isinstance(game, NotrumpGame)
    game.dealer = 2
    game.scores = list(before)
    game.hands[:] = [0, 0, 0]  # a hand where P1 chose clubs and took no trick
    game._set_contract(0, 3)
    game._end_hand()
    assert game.is_over is over and game.winner == winner


# -- views, records, conservation -----------------------------------------------------


def _current_hand_events(game: NotrumpGame, seat: int) -> str:
    start_at = max(i for i, e in enumerate(game.log) if e.kind == "deal")
    return " ".join(game.events(seat)[start_at:])


@pytest.mark.parametrize("players", [4, 3])
def test_views_and_events_leak_nothing_and_every_card_is_in_one_place(players: int) -> None:
    for seed in range(4):
        game = tricktable.new_game("notrump", seed=seed, players=players)
        assert isinstance(game, NotrumpGame)
        rng = random.Random(seed)
        while not game.is_over and len(game.results) < 2:
            reveal = game.reveal()
            places = [c for key, pile in reveal.items() if key != "markers" for group in pile
                      for c in (group if isinstance(group, list) else [group])]
            for seat, marker in reveal["markers"].items():
                assert marker in reveal["hands"][int(seat)] or marker in places
            assert sorted(places) == sorted(notrump.TEXT)
            for seat in range(players):
                hidden = {notrump.TEXT[c] for c in bits(game.hidden_from(seat))}
                shown = json.dumps(game.view(seat), ensure_ascii=False)
                assert not hidden & set(CARD_TEXT.findall(shown))
                assert not hidden & set(CARD_TEXT.findall(_current_hand_events(game, seat)))
                assert set(game.view(seat)["hand"]).isdisjoint(hidden)
            game.apply(rng.choice(game.legal_actions()))


def test_view_has_the_keys_a_generic_renderer_uses() -> None:
    game = start(make_deal(), "notrump")
    view = game.view(0)
    for key in ("hand", "trick", "last_trick", "scores", "to_move", "phase", "trump",
                "contract", "tricks", "marker", "revealed_markers", "tricks_played"):
        assert key in view
    assert view["hand"] == notrump.hand_text(game.hands[0])
    assert "hand" not in game.view(None) and "marker" not in game.view(None)


@pytest.mark.parametrize("players", [4, 3])
def test_a_record_replays_exactly(players: int) -> None:
    game = tricktable.new_game("notrump", seed=12, players=players)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = tricktable.replay(json.loads(json.dumps(game.record())))
    assert again.view(None) == game.view(None) and again.results == game.results
