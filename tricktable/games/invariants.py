"""What every finished hand of each game must satisfy: each game's ``check_hand`` calls
its function here, and the conformance suite runs it on every hand of every random game.

Each check reads ``game.results[index]`` (a :class:`~tricktable.engine.results.HandResult`)
and raises :class:`~tricktable.engine.declare.InvariantError` when its points do not add
up or its score changes do not follow from them. The expected values are written from the
rule texts (shared/RULES.md, the seeds), not imported from the game modules, so a check
can disagree with the code it checks.

>>> [rook_card_points(card) for card in ("R5", "G14", "B10", "Y1", "Rook", "R13")]
[5, 10, 10, 15, 20, 0]
"""

from __future__ import annotations

from tricktable.engine.declare import require
from tricktable.engine.results import HandResult
from tricktable.engine.state import GameState


def _chained(game: GameState, index: int) -> tuple[HandResult, tuple[int, ...]]:
    """The hand's result, after checking its scores are the previous scores + its deltas."""
    result = game.results[index]
    before = game.results[index - 1].scores if index else (0,) * len(game.sides)
    expected = tuple(b + d for b, d in zip(before, result.deltas, strict=True))
    require(result.scores == expected,
            f"hand {index + 1}: scores {result.scores} are not {before} + {result.deltas}")
    return result, before


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
    """Rook: points total 200 less a counter discarded (unless the discard goes to the last
    trick); scores follow made/set/renege."""
    result, _ = _chained(game, index)
    deltas, points = result.deltas, result.card_points
    if result.declarer is None:  # thrown in: all passed
        require(points == (0, 0) and deltas == (0, 0) and sum(result.tricks) == 0, result)
        return
    rules = game.rules
    nest, tricks = rules.nest, rules.hand_size  # type: ignore[attr-defined]
    discard = result.extras["discard"]
    require(len(discard) == nest, f"the nest's {nest} cards are discarded: {result}")
    renege = result.extras["renege"]
    if str(result.contract).startswith("low boy") and renege is None:
        bidder = result.declarer  # 200 either way, over at the bidder's first trick
        made = result.seat_tricks[bidder] == 0
        require(result.seat_tricks[(bidder + 2) % 4] == 0, f"the partner sits out: {result}")
        require(sum(result.tricks) == tricks if made else result.seat_tricks[bidder] == 1,
                result)
        require(result.made == made and deltas[bidder % 2] == (200 if made else -200)
                and deltas[1 - bidder % 2] == 0, result)
        return
    if renege is None:
        require(sum(result.tricks) == tricks == ROOK_TRICKS - (nest - 1) // 4, result)
    if str(result.contract).startswith("low boy"):  # a renege forfeits a low boy too
        offenders = renege["seat"] % 2
        require(deltas[offenders] == 0 and deltas[1 - offenders] == ROOK_HAND_TOTAL, result)
        return
    kept = getattr(rules, "discard_points", "nobody") == "last_trick"  # to the last trick
    lost = 0 if kept else sum(rook_card_points(text) for text in discard)
    require(sum(points) == ROOK_HAND_TOTAL - lost,
            f"hand {index + 1}: card points {points} should total {ROOK_HAND_TOTAL} - {lost} "
            f"(the discard {discard} counts for nobody)")
    bidders = result.declarer % 2
    renege = result.extras["renege"]
    if renege is not None:
        offenders = renege["seat"] % 2
        require(deltas[offenders] == 0 and deltas[1 - offenders] == ROOK_HAND_TOTAL, result)
        return
    bid = int(str(result.contract).split()[0])
    made = points[bidders] >= bid
    require(result.made == made and result.margin == points[bidders] - bid, result)
    require(deltas[bidders] == (points[bidders] if made else -bid),
            f"hand {index + 1}: bid {bid}, bidders took {points[bidders]}, "
            f"scored {deltas[bidders]}")
    require(deltas[1 - bidders] == points[1 - bidders],
            f"hand {index + 1}: the defenders took {points[1 - bidders]}, "
            f"scored {deltas[1 - bidders]}")


# -- Sixty-Six (RULES.md section 4) --------------------------------------------

SIXTYSIX_CARD_POINTS = 120  # A 11, 10 10, K 4, Q 3, J 2, 9 0 in four suits
SIXTYSIX_GOAL = 66


def sixtysix_hand(game: GameState, index: int) -> None:
    """Sixty-Six: 120 card points (+10 for the last trick), game points 1-3, carries."""
    result, _ = _chained(game, index)
    extras = result.extras
    carry_before = game.results[index - 1].extras["carry"] if index else 0
    deltas, winner, closer = result.deltas, extras["winner"], result.declarer
    cards, marriages, points = result.card_points, extras["marriages"], result.points
    require(points == tuple(c + m for c, m in zip(cards, marriages, strict=True)), result)
    require(all(m % 20 == 0 for m in marriages), result)
    bonus = extras["last_trick_bonus"]
    require(bonus is None or (extras["played_out"] and closer is None), result)
    last = game.rules.to_options()["last_trick"]  # the option: 10 by default
    total = SIXTYSIX_CARD_POINTS + (last if bonus is not None else 0)
    require(sum(cards) <= total, f"hand {index + 1}: card points {cards} exceed {total}")
    if extras["played_out"] and closer is None:
        require(sum(cards) == SIXTYSIX_CARD_POINTS + last, result)
    require(extras["carried"] == (carry_before if winner is not None else 0), result)
    ended_by, announce = extras["ended_by"], game.rules.to_options()["announce"]
    if winner is None:  # played out, no close, neither out (at 66, or announced): one carries
        require(deltas == (0, 0) and closer is None and ended_by == "carry", result)
        require(max(points) < SIXTYSIX_GOAL or announce, result)
        require(extras["carry"] == carry_before + 1, result)
        return
    value = deltas[winner] - extras["carried"]
    require(deltas[1 - winner] == 0 and extras["carry"] == 0, result)
    if ended_by in ("close_failed", "wrong_announcement"):
        require(value in (2, 3), f"a failed close or a wrong announcement gives 2 or 3: {result}")
        require(ended_by != "close_failed" or winner != closer, result)
        return
    loser = 1 - winner
    require(points[winner] >= SIXTYSIX_GOAL or ended_by == "last_trick", result)
    require(ended_by != "last_trick" or extras["played_out"], result)
    expected = 3 if result.tricks[loser] == 0 else 2 if points[loser] < 33 else 1
    require(value == expected, f"hand {index + 1}: {value} game points, expected {expected}")


# -- Notrump (RULES.md section 3) ----------------------------------------------

NOTRUMP_VALUES = {"No Trump": 12, "♠": 10, "♦": 8, "♥": 6, "♣": 4}
NOTRUMP_DROPPED = 4  # to the other team when both partners pass (four players)
NOTRUMP_NEEDED = 7


def notrump_hand(game: GameState, index: int) -> None:
    """Notrump: 13 or 17 tricks (16 after a thrown-out first trick); the value to one side."""
    result, _ = _chained(game, index)
    sides, n = game.sides, game.players
    tricks, deltas = result.seat_tricks, result.deltas
    require(result.card_points == result.tricks, result)
    declarer = result.declarer
    if declarer is None:  # dropped: the other team scores 4 (four players), else nobody
        expected = [0] * len(sides)
        if n == 4:
            expected[result.dealer % 2] = NOTRUMP_DROPPED
        require(sum(tricks) == 0 and deltas == tuple(expected), result)
        return
    played = 13 if n == 4 else 16 if result.extras["thrown_out"] else 17
    require(sum(tricks) == played, result)
    selecting = {s for s in range(n) if (s % 2 == declarer % 2 if n == 4 else s == declarer)}
    made = sum(tricks[s] for s in selecting) >= NOTRUMP_NEEDED
    require(result.made == made, result)
    value = NOTRUMP_VALUES[str(result.contract)]
    scorers = selecting if made else set(range(n)) - selecting
    require(deltas == tuple(value if set(side) <= scorers else 0 for side in sides),
            f"hand {index + 1}: {result.contract} {'made' if made else 'failed'}, "
            f"deltas {deltas}")


# -- Bidder (RULES.md section 5) ------------------------------------------------

BIDDER_HAND_SIZES = {3: 10, 4: 8, 5: 6, 6: 5}  # cards per hand by number of players
BIDDER_NULL_VALUES = {10: 6, 8: 5, 6: 4, 5: 3}  # k for odd n, n/2 + 1 for even n


def bidder_hand(game: GameState, index: int) -> None:
    """Bidder: zero-sum; each other player pays the value x 2^(knocks + contra), or is paid."""
    result, _ = _chained(game, index)
    players, n = game.players, BIDDER_HAND_SIZES[game.players]
    deltas, tricks, declarer = result.deltas, result.seat_tricks, result.declarer
    require(sum(deltas) == 0 and result.card_points == tricks, result)
    if declarer is None:  # thrown in: all passed
        require(deltas == (0,) * players and sum(tricks) == 0, result)
        return
    if result.contract == "null":  # ends as soon as the bidder takes a trick
        value, made = BIDDER_NULL_VALUES[n], tricks[declarer] == 0
        require(sum(tricks) == n if made else tricks[declarer] == 1, result)
    else:
        value = int(str(result.contract).split()[0])
        made = tricks[declarer] >= value
        require(sum(tricks) == n, result)
    require(result.made == made, result)
    doubled = result.extras["knocks"] + result.extras["contra"]
    stake = value * 2 ** doubled * (1 if made else -1)
    expected = [-stake] * players
    expected[declarer] = stake * (players - 1)
    require(deltas == tuple(expected),
            f"hand {index + 1}: {result.contract}, deltas {deltas}")


# -- Pinochle (RULES.md section 2) --------------------------------------------

PINOCHLE_TRICK_POINTS = 24  # each A, 10 and K is 1 point, two of each in four suits
PINOCHLE_TRICKS = 12
PINOCHLE_THROW_IN = 20  # the dealing team's loss when the dealer throws it in
PINOCHLE_TENS = 10  # the tens count (option ``tens``): every point, bid and score times 10


def pinochle_hand(game: GameState, index: int) -> None:
    """Pinochle: 24 trick points (+ the last-trick option); meld + tricks against the bid;
    all times 10 on the tens count."""
    result, _ = _chained(game, index)
    options = game.rules.to_options()
    scale = PINOCHLE_TENS if options.get("tens") else 1
    deltas, meld, points = result.deltas, result.meld or (0, 0), result.card_points
    if result.declarer is None:  # thrown in: the dealing team loses 20, no meld counts
        dealers = result.dealer % 2
        require(deltas[dealers] == -PINOCHLE_THROW_IN * scale and deltas[1 - dealers] == 0,
                result)
        require(points == (0, 0) and meld == (0, 0) and sum(result.tricks) == 0, result)
        return
    require(sum(result.tricks) == PINOCHLE_TRICKS, result)
    require(sum(points) == (PINOCHLE_TRICK_POINTS + options["last_trick"]) * scale, result)
    counted = [m if tricks or not options["meld_needs_trick"] else 0
               for m, tricks in zip(meld, result.tricks, strict=True)]
    totals = [m + p for m, p in zip(counted, points, strict=True)]
    require(result.points == tuple(totals), result)
    bidders = result.declarer % 2
    bid = int(str(result.contract).split()[0])
    expected = totals[bidders] if totals[bidders] >= bid else -bid
    require(deltas[bidders] == expected,
            f"hand {index + 1}: bid {bid}, bidders' meld + tricks {totals[bidders]}, "
            f"scored {deltas[bidders]}")
    require(deltas[1 - bidders] == totals[1 - bidders], result)
