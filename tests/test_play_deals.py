"""Hands that start at trick play from a deal (``new_game(name, deal={... "leader": ...})``)
in games other than Rook (tests/bots/test_compiled.py has Rook's): each game's contract
keys, the hand played out to its score, and impossible deals refused by name."""

from __future__ import annotations

import random

import pytest

import tricktable
from tricktable.bots import decide, make_bot
from tricktable.cards import SIXTYSIX as SIXTYSIX_DECK
from tricktable.cards import STANDARD
from tricktable.engine.state import DealError, GameState, Phase
from tricktable.solver import BudgetExceeded, brute_force, solve

NOTRUMP = {"hands": ["A♠ K♠ 2♣", "2♥ 3♦ 4♦", "Q♠ J♠ 5♣", "4♥ 5♦ 6♣"], "leader": 0,
           "contract": "notrump", "declarer": 0, "markers": [None, "2♥", None, None]}


def test_a_notrump_hand_starts_at_trick_play_with_its_markers_and_calls() -> None:
    """East's face-down 2♥ may call hearts; West's team has no trump yet, so a call makes
    hearts theirs; North/South's contract is No Trump, 10 earlier tricks split 5-5."""
    game = tricktable.new_game("notrump", deal=NOTRUMP)
    assert game.phase is Phase.PLAY and game.to_move == 0
    assert game.tricks_won == [5, 5, 0, 0]  # type: ignore[attr-defined]
    game.apply("play 2♣")
    assert "call 2♥" in {action.text for action in game.legal_actions()}
    game.apply("call 2♥")  # void in clubs: East calls hearts and trumps
    assert game.spec.trumps[1] == game.spec.trumps[3] != 0  # type: ignore[attr-defined]
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    result = game.results[0]
    assert sum(result.seat_tricks) == 13 and result.made is False
    assert result.deltas == (0, 12)  # N/S took fewer than 7: E/W score No Trump's 12


def test_a_notrump_play_deal_is_solved_through_its_calls() -> None:
    """East to lead: calling its 2♥ marker does not help (its team has no entry), and the
    compiled score equals brute force through the game's own actions."""
    game = tricktable.new_game("notrump", deal={**NOTRUMP, "leader": 1})
    solution = solve(game, "score")
    assert solution.method == "compiled"
    assert "call 2♥" in solution.actions
    assert solution.value == brute_force(game, 1, "score")


def test_a_suit_contract_with_the_defenders_trump_already_called() -> None:
    game = tricktable.new_game("notrump", deal={**NOTRUMP, "contract": "♠",
                                                "trumps": [None, "♦"], "markers": [None] * 4})
    spec = game.spec  # type: ignore[attr-defined]
    assert spec.trumps[0] != spec.trumps[1] and not any(spec.calls)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.results[0]
    made = result.seat_tricks[0] + result.seat_tricks[2] >= 7
    assert result.made is made and result.deltas == ((10, 0) if made else (0, 10))


@pytest.mark.parametrize(("change", "message"), [
    ({"contract": "stars"}, "'contract'"),
    ({"declarer": 4}, "'declarer' must be a seat"),
    ({"markers": ["A♠"]}, "'markers' must list 4"),
    ({"markers": [None, "A♠", None, None]}, "seat 1's marker 'A♠' is not in its hand"),
    ({"markers": [None, "X9", None, None]}, "seat 1's marker 'X9'"),
    ({"trumps": ["♥", None], "contract": "♠"}, "the selecting team's trump"),
    ({"trumps": [None]}, "'trumps' must list 2"),
    ({"trumps": [None, "stars"]}, "'trumps'"),
    ({"bid": 7}, "unknown deal key 'bid'"),
])
def test_an_impossible_notrump_deal_is_refused(change: dict[str, object], message: str) -> None:
    with pytest.raises(DealError, match=message):
        tricktable.new_game("notrump", deal={**NOTRUMP, **change})


THREE = {"hands": ["A♠ 2♣ 7♦", "K♠ 3♦ 5♣", "9♠ 4♥ 6♦"], "leader": 0, "contract": "♦",
         "declarer": 0, "turned_up": "Q♠"}


def test_a_three_player_deal_may_open_with_the_turned_up_card() -> None:
    """The turned-up Q♠ leads; the leader plays first, the dealer (its right) last, and a
    trick nobody beats is thrown out, its cards out of the game."""
    game = tricktable.new_game("notrump", players=3, deal=THREE)
    assert game.trick == [STANDARD.parse("Q♠")] and game.trick_seats == [None]  # type: ignore
    assert (game.to_move, game.dealer) == (0, 2)
    low = tricktable.new_game("notrump", players=3, deal={
        **THREE, "hands": ["2♠ 2♣ 7♦", "3♠ 3♦ 5♣", "9♠ 4♥ 6♦"], "leader": 1})
    before = list(low.tricks_won)  # type: ignore[attr-defined]
    for card in ("3♠", "9♠", "2♠"):  # nobody beats the queen: the dealer leads next
        low.apply(f"play {card}")
    assert low.tricks_won == before and low.to_move == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(("change", "message"), [
    ({"turned_up": "A♠"}, "'turned_up' must be one card in no hand, not 'A♠'"),
    ({"turned_up": ["Q♠", "J♠"]}, "'turned_up' must be one card"),
    ({"turned_up": "stars"}, "'turned_up' must be one card"),
    ({"dealer": 1}, "the dealer plays last: seat 2"),
])
def test_an_impossible_turned_up_card_is_refused(change: dict[str, object],
                                                 message: str) -> None:
    with pytest.raises(DealError, match=message):
        tricktable.new_game("notrump", players=3, deal={**THREE, **change})
    with pytest.raises(DealError, match="only three players"):
        tricktable.new_game("notrump", deal={**NOTRUMP, "turned_up": "9♦"})


@pytest.mark.parametrize("leader", range(3))
def test_a_three_player_score_is_each_defenders_margin(leader: int) -> None:
    """With three players each defender is a side of its own scoring its team's: the
    compiled score is the margin over the game's three sides, as through the rules (the
    declarer's +10 is a defender's -5, not -10)."""
    deal = {key: value for key, value in THREE.items() if key != "turned_up"}
    game = tricktable.new_game("notrump", players=3, deal={**deal, "leader": leader})
    solution = solve(game, "score")
    assert solution.method == "compiled"
    assert solution.value == brute_force(game, leader, "score")
    assert abs(solution.value) in ((8.0,) if leader == 0 else (4.0,))


def _side_tricks(game: GameState, side: int, side_of: tuple[int, ...]) -> int:
    """Minimax over the game's own actions: the tricks ``side`` ends the hand with."""
    if game.results:
        won = game.results[0].seat_tricks
        return sum(won[seat] for seat in range(len(won)) if side_of[seat] == side)
    values = []
    for action in game.legal_actions():
        child = game.fork()
        child.apply(action)
        values.append(_side_tricks(child, side, side_of))
    ours = side_of[game.to_move or 0] == side
    return max(values) if ours else min(values)


def test_a_trick_opened_by_the_turned_up_card_is_solved_as_minimax() -> None:
    """Its cards through the rules, the rest on the kernel: every action's tricks and score
    equal minimax over the game's own actions, thrown-out tricks, calls and one-card
    hands included."""
    rng = random.Random(5)
    solved = 0
    while solved < 24:
        size = rng.randint(1, 3)
        cards = rng.sample(range(STANDARD.size), 3 * size + 1)
        deal: dict[str, object] = {
            "hands": [" ".join(STANDARD.text(c) for c in cards[s * size:(s + 1) * size])
                      for s in range(3)],
            "leader": rng.randrange(3), "declarer": rng.randrange(3),
            "contract": rng.choice(["notrump", "♠", "♥", "♦", "♣"]),
            "turned_up": STANDARD.text(cards[-1])}
        if rng.random() < 0.5:  # a defender's face-down marker: a call through the trick
            defender = (int(deal["declarer"]) + 1) % 3  # type: ignore[call-overload]
            deal["markers"] = [STANDARD.text(cards[defender * size]) if s == defender else None
                               for s in range(3)]
        try:
            game = tricktable.new_game("notrump", players=3, deal=deal)
        except DealError:  # (a marker of the selecting team's trump suit, say)
            continue
        seat = game.to_move or 0
        side_of = game.spec.side_of  # type: ignore[attr-defined]
        tricks, score = solve(game, "tricks"), solve(game, "score")
        assert tricks.value == _side_tricks(game, side_of[seat], side_of)
        assert score.value == brute_force(game, seat, "score")
        for action in game.legal_actions():
            child = game.fork()
            child.apply(action)
            assert tricks.actions[action.text] == _side_tricks(child, side_of[seat], side_of)
            assert score.actions[action.text] == brute_force(child, seat, "score")
        assert solve(game, "tricks", actions=False).value == tricks.value
        solved += 1


PINOCHLE = {"hands": ["AH AH TS", "KH QH JS", "TH 9H AS", "JH 9H KS"], "leader": 0,
            "trump": "H", "declarer": 0, "bid": 25, "meld": [14, 6]}
BIDDER = {"hands": ["A♠ K♠", "Q♠ 7♥", "J♠ 8♥", "10♠ 9♥"], "leader": 1, "bid": 1,
          "trump": "♥", "declarer": 2}
SIXTYSIX = {"hands": ["AH KH QS AS TC KC", "TS JS 9H JC QC 9C"], "leader": 0,
            "stock": ["AC", "TH", "JH", "QH", "KS", "AD", "TD", "KD", "QD", "JD", "9D", "9S"]}
DEALS = {"notrump": NOTRUMP, "pinochle": PINOCHLE, "bidder": BIDDER, "sixtysix": SIXTYSIX}


def test_a_pinochle_hand_starts_at_trick_play_with_its_meld() -> None:
    """The meld given counts with the card points: N/S (meld 14) bid 25, so they need 11
    of the last three tricks' points; the score is compiled and equals brute force."""
    game = tricktable.new_game("pinochle", deal=PINOCHLE)
    assert game.team_meld() == [14, 6] and game.bid == 25  # type: ignore[attr-defined]
    solution = solve(game, "score")
    assert solution.method == "compiled" and solution.value == brute_force(game, 0, "score")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    result = game.results[0]
    assert result.meld == (14, 6) and result.extras["bid"] == 25
    points = result.card_points
    assert result.points == (14 + points[0], 6 + points[1])
    assert result.deltas[0] == (result.points[0] if result.points[0] >= 25 else -25)


def test_a_bidder_hand_starts_at_trick_play_with_its_contract() -> None:
    """South bid one trick in hearts, East declared contra and West knocked: the stake is
    doubled twice, won from or paid to each of the three others; null has no trump."""
    game = tricktable.new_game("bidder", deal={**BIDDER, "contra": 1, "knocks": [3]})
    assert game.multiplier == 4  # type: ignore[attr-defined]
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    result = game.results[0]
    stake = 4 * (1 if result.made else -1)
    assert result.deltas[2] == 3 * stake and sum(result.deltas) == 0
    null = tricktable.new_game("bidder", deal={**BIDDER, "bid": "null", "trump": None})
    assert null.bid == 0 and null.trump is None  # type: ignore[attr-defined]


def test_a_sixtysix_hand_starts_with_its_stock_open_closed_or_gone() -> None:
    """Open: the 9♠ turned up makes spades trump and the winner of a trick draws first;
    closed by P2 before P1 took a trick: a failed close costs P2 three game points;
    exhausted: ``trump`` names the suit and the points so far count."""
    game = tricktable.new_game("sixtysix", deal=SIXTYSIX)
    assert game.trump == SIXTYSIX_DECK.parse_suit("♠") and game.cards_to_draw() == 12  # type: ignore
    assert game.tricks_won == [0, 0]  # type: ignore[attr-defined]
    game.apply("play A♥")
    game.apply("play 9♥")
    assert "draw" in {action.kind for action in game.legal_actions()}
    closed = tricktable.new_game("sixtysix", deal={
        **SIXTYSIX, "hands": ["AH KH", "TS JS"], "stock": ["AC", "TH", "JH", "9S"],
        "closed_by": 1, "tricks": [0, 8], "points": [0, 30]})
    assert closed.cards_to_draw() == 0 and closed.closer == 1  # type: ignore[attr-defined]
    while not closed.is_over:
        closed.apply(closed.legal_actions()[0])
    result = closed.results[0]
    assert result.extras["ended_by"] == "close_failed" and result.deltas == (3, 0)
    gone = tricktable.new_game("sixtysix", deal={"hands": ["AH KH QS", "TS JS 9H"],
                                                 "leader": 0, "trump": "H", "points": [40, 30]})
    assert gone.counted(0) == 40 and gone.tricks_won == [5, 4]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(DEALS))
def test_bots_play_a_hand_started_from_a_deal(name: str) -> None:
    """Every seat's view, the worlds a searching bot samples and its decisions work on a
    hand started at trick play."""
    game = tricktable.new_game(name, deal=DEALS[name], seed=5)
    bots = [make_bot("strong" if seat % 2 else "heuristic", name, seed=seat)
            for seat in range(game.players)]
    while not game.is_over:
        for seat in range(game.players):
            assert game.view(seat)["phase"] == "play"
        seat = game.to_move or 0
        game.apply(decide(bots[seat], game))
    spec = game.spec  # type: ignore[attr-defined]
    assert 0 < sum(game.tricks_won) <= spec.tricks and len(game.results) == 1  # type: ignore


@pytest.mark.parametrize(("name", "change", "message"), [
    ("pinochle", {"trump": "stars"}, "'trump'"),
    ("pinochle", {"bid": 19}, "'bid' must be a number from 20 to 100"),
    ("pinochle", {"meld": [1000, 0]}, "'meld' must list 2 whole numbers"),
    ("pinochle", {"meld": [-1, 0]}, "'meld' must list 2"),
    ("bidder", {"bid": 9}, "'bid' must be a number from 1 to 8"),
    ("bidder", {"bid": "null"}, "a null contract has no 'trump'"),
    ("bidder", {"contra": 2}, "'contra' is declared by a defender"),
    ("bidder", {"knocks": [1, 1]}, "'knocks' must list different seats"),
    ("bidder", {"declarer": 9}, "'declarer' must be a seat from 0 to 3"),
    ("sixtysix", {"stock": ["AC", "AH"]}, "AH appears more often"),
    ("sixtysix", {"stock": ["AC"]}, "an even number of cards"),
    ("sixtysix", {"stock": ["AC", "9S"], "trump": "H"}, "'trump' is the suit of the turned"),
    ("sixtysix", {"stock": [], "closed_by": 0}, "one closed holds some"),
    ("sixtysix", {"hands": ["AH KH", "TS JS"]}, "with the stock open each hand holds 6"),
    ("sixtysix", {"stock": [], "hands": ["AH", "TS"]}, "'trump'"),
    ("sixtysix", {"marriages": [30, 0]}, "'marriages' must list 2"),
])
def test_an_impossible_deal_is_refused(name: str, change: dict[str, object],
                                       message: str) -> None:
    with pytest.raises(DealError, match=message):
        tricktable.new_game(name, deal={**DEALS[name], **change})


def test_a_turned_up_trick_past_its_budget_says_so() -> None:
    game = tricktable.new_game("notrump", players=3, deal=THREE)
    with pytest.raises(BudgetExceeded, match="budget of 0 nodes: no value proved"):
        solve(game, "tricks", max_nodes=0)
    with pytest.raises(BudgetExceeded, match=r"budget of 0\.0 s: no value proved"):
        solve(game, "score", max_seconds=0.0)


def test_a_solve_through_the_rules_past_its_budget_says_which() -> None:
    """Sixty-Six with its stock open goes through the rules: its budgets say what they were,
    in the same words as the kernel's."""
    game = tricktable.new_game("sixtysix", seed=3)
    rng = random.Random(0)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(BudgetExceeded, match="budget of 50 nodes: no value proved"):
        solve(game, "score", max_nodes=50)
    with pytest.raises(BudgetExceeded, match=r"budget of 0\.0 s: no value proved"):
        solve(game, "score", max_seconds=0.0)
