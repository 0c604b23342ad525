"""A rule-based Bidder player, using only its seat's view and the legal actions.

Bidding: for each suit as trump, the hand's expected tricks as declarer
(top trumps, trump length, side winners, short suits: a linear model fitted
on self-play deals, per number of players), and the chance of a null from
how exposed its high cards are; it bids whatever legal bid has the best
expected score, value x (2 x chance of making - 1), and passes when none is
positive. The bid winner names the suit it rated.
Knocking: with a strong first half (the estimate of the half hand alone).
Contra: a defender whose own hand is rated to beat the contract alone.
Play as declarer: cash sure winners (the top trump first, drawing trumps),
ruff, win cheaply, else throw the lowest card; in null: duck under the winning
card with the highest card that loses, throw high cards when void.
Play as defender: the defenders cooperate: they leave a fellow defender's
winning trick alone, beat the declarer as cheaply as is sure (else play
high before the declarer), and in null
play low before the declarer and duck under the declarer's card after it.

It reads the cards played this hand from the view (``played`` and
``trick``), so it needs no memory between calls; in play-outs it reads the
same facts from the engine's state (``play_state``).

>>> import tricktable
>>> from tricktable.bots import play_game
>>> game = play_game(tricktable.new_game("bidder", players=3, seed=1, options={"deals": 2}),
...                  [HeuristicBot(seed) for seed in range(3)])
>>> game.is_over, sum(game.scores)
(True, 0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from tricktable.bots.heuristic.common import watched
from tricktable.cards import PIQUET, Card, Seat, bits
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState
from tricktable.games.bidder import (
    KEYS,
    NO_TRUMP,
    NULL,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    BidderGame,
    null_value,
)

View = dict[str, Any]
Play = tuple[Seat, Card]

CARD_OF = {PIQUET.text(card): card for card in range(len(PIQUET))}
SUIT_OF_TEXT = {PIQUET.suit_text(suit): suit for suit in range(SUITS)}
ABOVE = [SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(len(PIQUET))]
"""The cards of the same suit that outrank each card."""
BELOW = [SUIT_MASKS[SUIT_OF[c]] & ((1 << c) - 1) for c in range(len(PIQUET))]
"""The cards of the same suit that each card outranks."""
RANK = [PIQUET.rank_of(card) for card in range(len(PIQUET))]

# Expected declarer tricks = TRICK_MODEL[players] . trick_features(...), least squares on
# self-play deals of this bot (see docs/rules-bidder.md, "The heuristic bot").
TRICK_MODEL: dict[int, tuple[float, ...]] = {
    3: (0.024, 0.801, 0.431, 0.213, -0.120, 1.271, 0.331, 0.028, -0.103, -0.139),
    4: (0.077, 0.713, 0.449, 0.242, -0.062, 1.552, 0.237, -0.057, -0.173, -0.094),
    5: (-0.610, 0.657, 0.597, 0.313, -0.141, 1.408, 0.211, 0.060, -0.162, -0.020),
    6: (0.130, 0.557, 0.571, 0.406, -0.212, 0.921, 0.074, -0.014, -0.088, -0.101),
}
TRICK_SPREAD = {3: 0.87, 4: 0.85, 5: 0.72, 6: 0.62}  # standard deviation of the estimate
# Log-odds of making null = NULL_MODEL[players] . null_features(...), logistic fit.
NULL_MODEL: dict[int, tuple[float, ...]] = {
    3: (2.15, -1.05, -0.89, -0.58, 2.91),
    4: (1.48, -1.09, -0.88, -0.59, 2.33),
    5: (1.39, -1.22, -0.95, -0.60, 1.81),
    6: (1.31, -1.37, -1.03, -0.61, 1.67),
}
KNOCK_SHARE = 0.6  # knock when the half hand alone is rated this many tricks per card
# the strong levels play their search's best in Bidder, not this player's pick unless clearly
# beaten (SearchLimits.keep): +0.46 ± 0.28 a deal over 500 duplicate deals (docs/bots.md)
STRONG_LIMITS = {"keep": 0.0}
CONTRA_SHARE = 1.0  # contra when the own hand is rated this share of the defence's need


def descending(mask: int) -> list[Card]:
    """The cards of a mask, highest id first.

    >>> descending(0b1011)
    [3, 1, 0]
    """
    return sorted(bits(mask), reverse=True)


def trick_features(hand: int, trump: int, out: int) -> list[float]:
    """What the expected tricks with ``trump`` are fitted on; ``out``: cards others may hold.

    1, trump length, top trumps (no higher one out), trumps covered by own
    higher ones, trumps beyond those out, side winners, guarded side
    seconds, ruffs (short side suits, up to the spare trumps), side winners
    times the trumps out (they may be ruffed), trumps out.

    >>> hand = sum(1 << PIQUET.parse(c) for c in "AH KH 7H AS 8S 8D".split())
    >>> trick_features(hand, 1, PIQUET.full & ~hand)
    [1.0, 3.0, 2.0, 0.0, 0.0, 1.0, 0.0, 1.0, 5.0, 5.0]
    """
    trumps = hand & SUIT_MASKS[trump]
    length = trumps.bit_count()
    top = top_trumps(hand, trump, out)
    covered = sum(0 < (out & ABOVE[card]).bit_count() <= index
                  for index, card in enumerate(descending(trumps)))
    trumps_out = (out & SUIT_MASKS[trump]).bit_count()
    surplus = max(0, length - trumps_out)
    side_top = side_second = short = 0
    for suit in range(SUITS):
        cards = hand & SUIT_MASKS[suit]
        if suit == trump:
            continue
        short += max(0, 2 - cards.bit_count())
        for card in bits(cards):
            higher = (out & ABOVE[card]).bit_count()
            side_top += higher == 0
            side_second += higher == 1 and cards.bit_count() >= 2
    ruffs = min(short, max(0, length - top))
    return [1.0, float(length), float(top), float(covered), float(surplus),
            float(side_top), float(side_second), float(ruffs), float(side_top * trumps_out),
            float(trumps_out)]


def top_trumps(hand: int, trump: int, out: int) -> int:
    """Trumps no card out can beat: sure tricks.

    >>> hand = sum(1 << PIQUET.parse(c) for c in "AS KS 10S AH".split())
    >>> top_trumps(hand, 0, PIQUET.full & ~hand)
    2
    """
    return sum(not out & ABOVE[card] for card in bits(hand & SUIT_MASKS[trump]))


def null_features(hand: int, out: int) -> list[float]:
    """What the chance of a null is fitted on: 1, then exposed cards, then voids.

    A card is exposed by how few cards out can still cover it once the
    lower cards of its suit in hand have been played: none, one, two.

    >>> hand = sum(1 << PIQUET.parse(c) for c in "AS 7S 8H 9H 7D".split())
    >>> null_features(hand, PIQUET.full & ~hand)
    [1.0, 1.0, 0.0, 0.0, 1.0]
    """
    exposed = [0, 0, 0]
    voids = 0
    for suit in range(SUITS):
        cards = hand & SUIT_MASKS[suit]
        voids += not cards
        for index, card in enumerate(bits(cards)):
            cover = (out & ABOVE[card]).bit_count() - index
            if cover <= 2:
                exposed[max(cover, 0)] += 1
    return [1.0, *map(float, exposed), float(voids)]


def dot(weights: Sequence[float], features: Sequence[float]) -> float:
    """The weighted sum of features.

    >>> dot([1.0, 2.0], [3.0, 4.0])
    11.0
    """
    return sum(w * f for w, f in zip(weights, features, strict=True))


def chance_at_least(tricks: int, expected: float, spread: float) -> float:
    """Chance of ``tricks`` or more when the count is normal around ``expected``.

    >>> round(chance_at_least(5, 5.5, 1.0), 2)
    0.84
    """
    return 0.5 * math.erfc((tricks - 0.5 - expected) / (spread * math.sqrt(2)))


@dataclass
class Table:
    """What the bot knows at one decision, read from its view."""

    seat: Seat
    players: int
    hand: int
    out: int  # cards that may be in the other hands
    trump: int | None
    declarer: Seat | None
    null: bool
    voids: list[int]  # per seat, the cards of the suits it has shown void in
    trick: list[Play]

    @classmethod
    def read(cls, view: View) -> Table:
        """Parse a view into masks."""
        hand = _mask(view.get("hand", ()))
        seen = hand | _mask(view.get("left_over", ()))
        voids = [0] * view["players"]
        trick = _plays(view.get("trick"))
        for plays in [*map(_plays, view.get("played", ())), trick]:
            for seat, card in plays:
                seen |= 1 << card
                led = SUIT_OF[plays[0][1]]
                if SUIT_OF[card] != led:
                    voids[seat] |= SUIT_MASKS[led]
        trump = view.get("trump")
        return cls(view["seat"], view["players"], hand, PIQUET.full & ~seen,
                   None if trump is None else SUIT_OF_TEXT[trump], view.get("declarer"),
                   view.get("contract") == "null", voids, trick)

    @classmethod
    def of_state(cls, game: BidderGame) -> Table:
        """What :meth:`read` gives the seat to move, from the engine's state: its hand, the
        left-over shown, every card played and who did not follow, the contract."""
        seat = game.to_move or 0
        hand = game.hands[seat]
        memory = watched(game, SUIT_OF.__getitem__)
        voids = [sum(SUIT_MASKS[suit] for suit in range(SUITS) if suits >> suit & 1)
                 for suits in memory.voids]
        left_over = game.left_over if game.left_over_shown else 0
        trick = [(who or 0, card) for who, card in zip(game.trick_seats, game.trick, strict=True)]
        return cls(seat, game.players, hand, PIQUET.full & ~(hand | left_over | memory.seen),
                   game.trump, game.declarer, game.bid == NULL, voids, trick)

    def possible(self, seat: Seat) -> int:
        """The cards ``seat`` may hold."""
        return self.out & ~self.voids[seat]

    def later(self) -> list[Seat]:
        """The seats still to play to the current trick after this one."""
        count = self.players - len(self.trick) - 1
        return [(self.seat + i) % self.players for i in range(1, count + 1)]


def _mask(texts: Sequence[str]) -> int:
    mask = 0
    for text in texts:
        mask |= 1 << CARD_OF[text]
    return mask


def _plays(entries: Sequence[dict[str, Any]] | None) -> list[Play]:
    return [(entry["seat"], CARD_OF[entry["card"]]) for entry in entries or ()]


def expected_tricks(hand: int, trump: int, out: int, players: int) -> float:
    """The model's expected tricks as declarer with ``trump``."""
    return dot(TRICK_MODEL[players], trick_features(hand, trump, out))


def null_chance(hand: int, out: int, players: int) -> float:
    """The model's chance of taking no trick in null."""
    return 1.0 / (1.0 + math.exp(-dot(NULL_MODEL[players], null_features(hand, out))))


def best_trump(hand: int, out: int, players: int) -> tuple[int, float]:
    """The suit with the most expected tricks, and that figure."""
    return max(((suit, expected_tricks(hand, suit, out, players)) for suit in range(SUITS)),
               key=lambda pair: pair[1])


def bid_worths(table: Table, n: int) -> dict[int, float]:
    """Expected score per opponent of each bid (``NULL`` is 0): value x (2 x chance - 1).

    >>> hand = sum(1 << PIQUET.parse(c) for c in "AS KS QS JS 10S 7H 7D 7C".split())
    >>> worths = bid_worths(Table(0, 4, hand, PIQUET.full & ~hand, None, None, False, [], []), 8)
    >>> max(worths, key=lambda bid: worths[bid])
    5
    """
    suit, expected = best_trump(table.hand, table.out, table.players)
    spread, sure = TRICK_SPREAD[table.players], top_trumps(table.hand, suit, table.out)
    worths = {bid: bid * (2 * (1.0 if bid <= sure else chance_at_least(bid, expected, spread)) - 1)
              for bid in range(1, n + 1)}
    worths[NULL] = null_value(n) * (2 * null_chance(table.hand, table.out, table.players) - 1)
    return worths


class HeuristicBot:
    """Bids on expected tricks and null chances, plays with its fellow defenders.

    >>> import tricktable
    >>> game = tricktable.new_game("bidder", players=4, seed=3)
    >>> bot = HeuristicBot()
    >>> bot.choose(game.view(game.to_move), game.legal_actions()) in game.legal_actions()
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the bot is deterministic: the seed is only the common interface

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The action to take, from the view and the legal actions only."""
        if len(legal) == 1:
            return legal[0]
        table = Table.read(view)
        phase = view["phase"]
        if phase == "knock":
            return self._knock(table, legal)
        if phase == "bid":
            return self._bid(table, view, legal)
        if phase == "trump":
            suit, _ = best_trump(table.hand, table.out, table.players)
            return next(a for a in legal if a.arg == suit)
        contract = str(view["contract"]).split()[0]
        return self._play(table, legal, 0 if table.null else int(contract), int(view["hand_size"]))

    def play_state(self, game: GameState, legal: list[Action]) -> Action | None:
        """The card (or contra) to play read from the engine's state instead of a view (None
        outside trick play): the same facts the seat's view shows (its hand, the left-over,
        every card played, the contract), and the same choice (tests/bots/test_playout.py);
        for play-outs."""
        if legal[0].kind != "play":
            return None
        if len(legal) == 1:
            return legal[0]
        table = cast(BidderGame, game)
        return self._play(Table.of_state(table), legal, table.bid or 0, table.hand_size)

    def _play(self, table: Table, legal: list[Action], bid: int, size: int) -> Action:
        """The card to play, or contra; ``bid``: the tricks bid (any number in null)."""
        contra = next((a for a in legal if a.kind == "contra"), None)
        if contra is not None and self._contra(table, bid, size):
            return contra
        card = choose_card(table, [a.arg for a in legal if a.kind == "play" and a.arg is not None])
        return next(a for a in legal if a.kind == "play" and a.arg == card)

    def _knock(self, table: Table, legal: list[Action]) -> Action:
        half = table.hand.bit_count()
        _, expected = best_trump(table.hand, table.out, table.players)
        knock = expected >= KNOCK_SHARE * half
        return next(a for a in legal if (a.kind == "knock") == knock)

    def _bid(self, table: Table, view: View, legal: list[Action]) -> Action:
        worths = bid_worths(table, int(view["hand_size"]))
        worth = {a: worths[NULL if a.kind == "null" else a.arg or 0]
                 for a in legal if a.kind != "pass"}
        best = max(worth, key=lambda a: worth[a], default=None)
        if best is None or worth[best] <= 0:
            return next(a for a in legal if a.kind == "pass")
        return best

    @staticmethod
    def _contra(table: Table, bid: int, size: int) -> bool:
        if table.null or table.trump is None:
            return False
        need = size - bid + 1  # tricks the defence needs
        mine = expected_tricks(table.hand, table.trump, table.out, table.players)
        return mine >= CONTRA_SHARE * need


# -- card play ------------------------------------------------------------------


def choose_card(table: Table, cards: list[Card]) -> Card:
    """The card to play: by role (declarer or defender) and contract (number or null)."""
    if len(cards) == 1:
        return cards[0]
    declaring = table.seat == table.declarer
    if table.null:
        return null_declarer(table, cards) if declaring else null_defender(table, cards)
    if not table.trick:
        return declarer_lead(table, cards) if declaring else defender_lead(table, cards)
    return declarer_follow(table, cards) if declaring else defender_follow(table, cards)


def trick_keys(table: Table, led: Card | None = None) -> list[int]:
    """The key table of the current trick (or of one led by ``led``)."""
    first = table.trick[0][1] if table.trick else led
    return KEYS[NO_TRUMP if table.trump is None else table.trump][SUIT_OF[first or 0]]


def winning(table: Table, keys: list[int]) -> tuple[Seat, Card]:
    """The seat winning the trick so far and its card."""
    return max(table.trick, key=lambda play: keys[play[1]])


def is_sure(table: Table, card: Card, keys: list[int], enemies: Sequence[Seat]) -> bool:
    """No enemy still to play can hold a card that beats ``card``."""
    key = keys[card]
    for seat in enemies:
        for other in bits(table.possible(seat)):
            if keys[other] > key:
                return False
    return True


def lowest_card(cards: Sequence[Card], trump: int | None) -> Card:
    """The cheapest card to throw: the lowest rank, a trump only if nothing else.

    >>> PIQUET.text(lowest_card([PIQUET.parse("7H"), PIQUET.parse("9S")], trump=1))
    '9♠'
    """
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK[c]))


def declarer_lead(table: Table, cards: list[Card]) -> Card:
    """Cash a sure winner (the top trump first: it draws trumps), else lead the shortest suit."""
    enemies = table.later()
    sure = [c for c in cards if is_sure(table, c, trick_keys(table, c), enemies)]
    if sure:
        return max(sure, key=lambda c: (SUIT_OF[c] != table.trump, RANK[c]))
    side = [c for c in cards if SUIT_OF[c] != table.trump] or cards
    return min(side, key=lambda c: ((table.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), RANK[c]))


def declarer_follow(table: Table, cards: list[Card]) -> Card:
    """Win as cheaply as is sure; ruff when void; else throw the cheapest card."""
    keys = trick_keys(table)
    best = keys[winning(table, keys)[1]]
    winners = sorted((c for c in cards if keys[c] > best), key=lambda c: keys[c])
    enemies = table.later()
    sure = [c for c in winners if is_sure(table, c, keys, enemies)]
    if sure:
        return sure[0]
    if winners and SUIT_OF[winners[0]] != SUIT_OF[table.trick[0][1]]:
        return winners[0]  # ruff with the lowest trump that wins so far
    return lowest_card(cards, table.trump)


def defender_lead(table: Table, cards: list[Card]) -> Card:
    """Cash a winner the declarer cannot beat; else lead low where the declarer can follow."""
    declarer = [table.declarer] if table.declarer is not None else []
    sure = [c for c in cards if is_sure(table, c, trick_keys(table, c), declarer)]
    if sure:
        return max(sure, key=lambda c: (SUIT_OF[c] != table.trump, RANK[c]))
    voids = table.voids[table.declarer] if table.declarer is not None else 0
    safe = [c for c in cards if not voids >> c & 1 and SUIT_OF[c] != table.trump] or cards
    return lowest_card(safe, table.trump)


def defender_follow(table: Table, cards: list[Card]) -> Card:
    """Leave a fellow defender's sure trick alone; beat the declarer cheaply when sure,
    else play high before the declarer."""
    keys = trick_keys(table)
    leader, top = winning(table, keys)
    best, declarer = keys[top], table.declarer
    to_come = [declarer] if declarer in table.later() and declarer is not None else []
    if leader != declarer and (not to_come or is_sure(table, top, keys, to_come)):
        return lowest_card(cards, table.trump)
    winners = sorted((c for c in cards if keys[c] > best), key=lambda c: keys[c])
    sure = [c for c in winners if is_sure(table, c, keys, to_come)]
    if sure:
        return sure[0]
    if winners and to_come:
        return winners[-1]
    return lowest_card(cards, table.trump)


def null_declarer(table: Table, cards: list[Card]) -> Card:
    """Duck with the highest card that loses; when void, throw the most dangerous card."""
    if not table.trick:
        return min(cards, key=lambda c: ((table.out & BELOW[c]).bit_count(),
                                          -(table.out & ABOVE[c]).bit_count()))
    keys = trick_keys(table)
    best = keys[winning(table, keys)[1]]
    losers = [c for c in cards if keys[c] < best]
    if losers:
        return max(losers, key=lambda c: (keys[c], -(table.out & ABOVE[c]).bit_count(), RANK[c]))
    if not table.later():
        return max(cards, key=lambda c: RANK[c])
    return min(cards, key=lambda c: keys[c])


def null_defender(table: Table, cards: list[Card]) -> Card:
    """Lead or play low so the declarer must go over; duck under the declarer's card."""
    declarer = table.declarer if table.declarer is not None else table.seat
    if not table.trick:
        possible = table.possible(declarer)
        return min(cards, key=lambda c: (not possible & SUIT_MASKS[SUIT_OF[c]],
                                          (possible & BELOW[c]).bit_count(), RANK[c]))
    keys = trick_keys(table)
    leader, top = winning(table, keys)
    best, following = keys[top], keys[cards[0]] > 0
    if not following:
        return max(cards, key=lambda c: RANK[c])
    if leader == declarer:
        below = [c for c in cards if keys[c] < best]
        return max(below or cards, key=lambda c: RANK[c])
    if declarer in table.later():
        return min(cards, key=lambda c: RANK[c])
    return max(cards, key=lambda c: RANK[c])
