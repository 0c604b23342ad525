"""Per-game invariants of every finished hand, keyed by game name.

Each entry is a function ``check(game, index)`` that asserts what must hold
for ``game.results[index]``, a finished hand's summary: how its points add
up, how its score changes follow from them. The conformance suite and the
property tests call it for every hand of every random game.

Adding a game? Add an entry here (the suite fails until you do). Write the
expected values from the rule texts (shared/RULES.md, shared/seeds/), not by
importing them from the game module, so the check can disagree with it.

>>> "rook" in INVARIANTS
True
>>> [rook_card_points(card) for card in ("R5", "G14", "B10", "Y1", "Rook", "R13")]
[5, 10, 10, 15, 20, 0]
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tricktable import GameState

HandCheck = Callable[[GameState, int], None]


# -- Rook (RULES.md section 1) -------------------------------------------------

ROOK_COUNTERS = {"5": 5, "10": 10, "14": 10, "1": 15}
ROOK_HAND_TOTAL = 200  # 180 in counters + the 20 "cards" bonus
ROOK_TRICKS = 14


def rook_card_points(text: str) -> int:
    """A Rook card's counter value: each 5 = 5, each 10 and 14 = 10, each 1 = 15, Rook = 20."""
    if text == "Rook":
        return 20
    return ROOK_COUNTERS.get(text[1:], 0)


def rook_hand(game: GameState, index: int) -> None:
    """Rook: points total 200 less a counter discarded; scores follow made/set/renege."""
    result = game.results[index]
    before = game.results[index - 1]["scores"] if index else [0, 0]
    deltas = result["deltas"]
    assert result["scores"] == [b + d for b, d in zip(before, deltas, strict=True)], (
        f"hand {index + 1}: scores {result['scores']} are not {before} + {deltas}")
    if result["declarer"] is None:  # thrown in: all passed
        assert result["card_points"] == [0, 0] and deltas == [0, 0], result
        assert sum(result["tricks"]) == 0, result
        return
    assert sum(result["tricks"]) == ROOK_TRICKS, result
    assert len(result["discard"]) == 1, f"one card is discarded: {result}"
    lost = sum(rook_card_points(text) for text in result["discard"])
    assert sum(result["card_points"]) == ROOK_HAND_TOTAL - lost, (
        f"hand {index + 1}: card points {result['card_points']} should total "
        f"{ROOK_HAND_TOTAL} - {lost} (the discard {result['discard']} counts for nobody)")
    bidders = result["declarer"] % 2
    defenders = 1 - bidders
    points = result["card_points"]
    if result["renege"] is not None:
        offenders = result["renege"]["seat"] % 2
        assert deltas[offenders] == 0 and deltas[1 - offenders] == ROOK_HAND_TOTAL, result
        return
    bid = int(str(result["contract"]).split()[0])
    made = points[bidders] >= bid
    assert deltas[bidders] == (points[bidders] if made else -bid), (
        f"hand {index + 1}: bid {bid}, bidders took {points[bidders]}, scored {deltas[bidders]}")
    assert deltas[defenders] == points[defenders], (
        f"hand {index + 1}: the defenders took {points[defenders]}, scored {deltas[defenders]}")


# -- Sixty-Six (RULES.md section 4) --------------------------------------------

SIXTYSIX_CARD_POINTS = 120  # A 11, 10 10, K 4, Q 3, J 2, 9 0 in four suits
SIXTYSIX_LAST_TRICK = 10  # not after a close


def sixtysix_hand(game: GameState, index: int) -> None:
    """Sixty-Six: 120 card points (+10 for the last trick), game points 1-3, carries."""
    result = game.results[index]
    before = game.results[index - 1] if index else {"scores": [0, 0], "carry": 0}
    deltas, winner, closer = result["deltas"], result["winner"], result["declarer"]
    assert result["scores"] == [b + d for b, d in zip(before["scores"], deltas, strict=True)]
    cards, marriages, points = result["card_points"], result["marriages"], result["points"]
    assert points == [c + m for c, m in zip(cards, marriages, strict=True)], result
    assert all(m % 20 == 0 for m in marriages), result
    bonus = result["last_trick_bonus"]
    assert bonus is None or (result["played_out"] and closer is None), result
    total = SIXTYSIX_CARD_POINTS + (SIXTYSIX_LAST_TRICK if bonus is not None else 0)
    assert sum(cards) <= total, f"hand {index + 1}: card points {cards} exceed {total}"
    if result["played_out"] and closer is None:
        assert sum(cards) == SIXTYSIX_CARD_POINTS + SIXTYSIX_LAST_TRICK, result
    assert result["carried"] == (before["carry"] if winner is not None else 0), result
    if winner is None:  # played out, no close, neither at 66: one game point carries
        assert deltas == [0, 0] and closer is None and max(points) < 66, result
        assert result["carry"] == before["carry"] + 1, result
        return
    value = deltas[winner] - result["carried"]
    assert deltas[1 - winner] == 0 and result["carry"] == 0, result
    if closer is not None and winner != closer:
        assert value in (2, 3), f"a failed close gives 2 or 3: {result}"
        return
    loser = 1 - winner
    assert points[winner] >= 66, result
    expected = 3 if result["tricks"][loser] == 0 else 2 if points[loser] < 33 else 1
    assert value == expected, f"hand {index + 1}: {value} game points, expected {expected}"


# -- Notrump (RULES.md section 3) ----------------------------------------------

NOTRUMP_VALUES = {"No Trump": 12, "♠": 10, "♦": 8, "♥": 6, "♣": 4}
NOTRUMP_DROPPED = 4  # to the other team when both partners pass (four players)
NOTRUMP_NEEDED = 7


def notrump_hand(game: GameState, index: int) -> None:
    """Notrump: 13 or 17 tricks (16 after a thrown-out first trick); the value to one side."""
    result = game.results[index]
    sides, n = game.sides, game.players
    before = game.results[index - 1]["scores"] if index else [0] * len(sides)
    tricks, deltas = result["tricks"], result["deltas"]
    assert result["scores"] == [b + d for b, d in zip(before, deltas, strict=True)], result
    assert result["card_points"] == [sum(tricks[s] for s in side) for side in sides], result
    declarer = result["declarer"]
    if declarer is None:  # dropped: the other team scores 4 (four players), else nobody
        expected = [0] * len(sides)
        if n == 4:
            expected[result["dealer"] % 2] = NOTRUMP_DROPPED
        assert sum(tricks) == 0 and deltas == expected, result
        return
    assert sum(tricks) == (13 if n == 4 else 16 if result["thrown_out"] else 17), result
    selecting = {s for s in range(n) if (s % 2 == declarer % 2 if n == 4 else s == declarer)}
    made = sum(tricks[s] for s in selecting) >= NOTRUMP_NEEDED
    value = NOTRUMP_VALUES[result["contract"]]
    scorers = selecting if made else set(range(n)) - selecting
    assert deltas == [value if set(side) <= scorers else 0 for side in sides], (
        f"hand {index + 1}: {result['contract']} {'made' if made else 'failed'}, "
        f"deltas {deltas}")


# -- Bidder (RULES.md section 5) ------------------------------------------------

BIDDER_HAND_SIZES = {3: 10, 4: 8, 5: 6, 6: 5}  # cards per hand by number of players
BIDDER_NULL_VALUES = {10: 6, 8: 5, 6: 4, 5: 3}  # k for odd n, n/2 + 1 for even n


def bidder_hand(game: GameState, index: int) -> None:
    """Bidder: zero-sum; each other player pays the value x 2^(knocks + contra), or is paid."""
    result = game.results[index]
    players, n = game.players, BIDDER_HAND_SIZES[game.players]
    before = game.results[index - 1]["scores"] if index else [0] * players
    deltas, tricks, declarer = result["deltas"], result["tricks"], result["declarer"]
    assert result["scores"] == [b + d for b, d in zip(before, deltas, strict=True)], result
    assert sum(deltas) == 0 and result["card_points"] == tricks, result
    if declarer is None:  # thrown in: all passed
        assert deltas == [0] * players and sum(tricks) == 0, result
        return
    if result["contract"] == "null":  # ends as soon as the bidder takes a trick
        value, made = BIDDER_NULL_VALUES[n], tricks[declarer] == 0
        assert sum(tricks) == n if made else tricks[declarer] == 1, result
    else:
        value = int(str(result["contract"]).split()[0])
        made = tricks[declarer] >= value
        assert sum(tricks) == n, result
    stake = value * 2 ** (result["knocks"] + result["contra"]) * (1 if made else -1)
    expected = [-stake] * players
    expected[declarer] = stake * (players - 1)
    assert deltas == expected, f"hand {index + 1}: {result['contract']}, deltas {deltas}"


# -- Pinochle (RULES.md section 2) --------------------------------------------

PINOCHLE_TRICK_POINTS = 24  # each A, 10 and K is 1 point, two of each in four suits
PINOCHLE_TRICKS = 12
PINOCHLE_THROW_IN = 20  # the dealing team's loss when the dealer throws it in


def pinochle_hand(game: GameState, index: int) -> None:
    """Pinochle: 24 trick points (+ the last-trick option); meld + tricks against the bid."""
    result = game.results[index]
    options = game.rules.to_options()
    before = game.results[index - 1]["scores"] if index else [0, 0]
    deltas, meld, points = result["deltas"], result["meld"], result["card_points"]
    assert result["scores"] == [b + d for b, d in zip(before, deltas, strict=True)], result
    if result["declarer"] is None:  # thrown in: the dealing team loses 20, no meld counts
        dealers = result["dealer"] % 2
        assert deltas[dealers] == -PINOCHLE_THROW_IN and deltas[1 - dealers] == 0, result
        assert points == [0, 0] and meld == [0, 0] and sum(result["tricks"]) == 0, result
        return
    assert sum(result["tricks"]) == PINOCHLE_TRICKS, result
    assert sum(points) == PINOCHLE_TRICK_POINTS + options["last_trick"], result
    team_tricks = [result["tricks"][0] + result["tricks"][2],
                   result["tricks"][1] + result["tricks"][3]]
    counted = [m if tricks or not options["meld_needs_trick"] else 0
               for m, tricks in zip(meld, team_tricks, strict=True)]
    totals = [m + p for m, p in zip(counted, points, strict=True)]
    bidders = result["declarer"] % 2
    bid = int(str(result["contract"]).split()[0])
    expected = totals[bidders] if totals[bidders] >= bid else -bid
    assert deltas[bidders] == expected, (
        f"hand {index + 1}: bid {bid}, bidders' meld + tricks {totals[bidders]}, "
        f"scored {deltas[bidders]}")
    assert deltas[1 - bidders] == totals[1 - bidders], result


INVARIANTS: dict[str, HandCheck] = {
    "bidder": bidder_hand,
    "notrump": notrump_hand,
    "pinochle": pinochle_hand,
    "rook": rook_hand,
    "sixtysix": sixtysix_hand,
}


def hand_invariant(name: str) -> HandCheck:
    """The invariant of game ``name``; a clear failure if it has none yet."""
    if name not in INVARIANTS:
        pytest.fail(
            f"no hand invariant for game {name!r}: add INVARIANTS[{name!r}] to "
            f"tests/conformance/invariants.py, a function (game, index) -> None that asserts "
            f"how game.results[index]'s points add up and how its score changes follow "
            f"from them (see rook_hand)", pytrace=False)
    return INVARIANTS[name]


def check_all_hands(game: GameState) -> None:
    """Run the game's invariant on every finished hand."""
    check = hand_invariant(game.name)
    for index in range(len(game.results)):
        check(game, index)
