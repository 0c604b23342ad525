"""Pinochle: 48 cards, two of each, four players in partnerships, meld and tricks.

Rules: ``shared/seeds/001`` and RULES.md section 2; rulings in
docs/rules-pinochle.md. Meld is computed by :mod:`tricktable.games.meld`.

>>> import tricktable
>>> game = tricktable.new_game("pinochle", seed=3)
>>> game.phase, game.view(None)["high_bid"], [a.text for a in game.legal_actions()][:3]
(<Phase.BID: 'bid'>, 20, ['pass', 'bid 21', 'bid 22'])
>>> _ = game.apply("bid 22")
>>> game.apply("bid 22")
Traceback (most recent call last):
...
tricktable.engine.actions.IllegalAction: a bid must be higher than the high bid of 22
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from tricktable.cards import PINOCHLE, Card, Seat, Suit, bits
from tricktable.engine.actions import (
    Action,
    ActionTable,
    CardActions,
    IllegalAction,
    card_actions,
    suffix_offers,
)
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.observe import Feature
from tricktable.engine.play import (
    FOLLOW,
    HEAD,
    OVERTRUMP,
    TRUMP,
    PlaySpec,
    TrickGame,
    plain_spec,
    spec_with,
)
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Preset, Rules, option
from tricktable.engine.state import (
    BID_PHASE,
    GAME_OVER_PHASE,
    JSON,
    PASS_PHASE,
    PLAY_PHASE,
    TRUMP_PHASE,
    deal_round,
    read_deal,
)
from tricktable.engine.views import Key
from tricktable.engine.worlds import Hidden
from tricktable.games import invariants
from tricktable.games.meld import (
    ACE,
    AROUND,
    KING,
    NINE,
    PINOCHLE_FACES,
    QUEEN,
    RUN_RANKS,
    SUITS,
    TEN,
    Meld,
    count,
    face,
    mask_of,
    meld,
    meld_totals,
)
from tricktable.games.pinochle_passing import Passing

HAND_SIZE = 12
ASSUMED_BID = 20  # the dealer's assumed bid
BID_MAX = 100  # the highest bid; it ends the bidding at once (see docs/rules-pinochle.md)
MELD_BID_JUMP = 2  # a first-round bid this far above the high bid signals 6+ meld
TENS = 10  # the tens count (option ``tens``): every point, bid and score times this
PARTNER_MELD = 3  # what the beginner's suggested bid assumes the partner melds
TEAM_NAMES = ("N/S", "E/W")

TEXT = [PINOCHLE.text(card) for card in range(len(PINOCHLE))]
SUIT_TEXT = [PINOCHLE.suit_text(suit) for suit in range(SUITS)]
SUIT_MASKS = PINOCHLE.suit_masks[:SUITS]
FACES = sum(1 << card for card in range(0, len(PINOCHLE), 2))
"""Mask of the first copy of every face: play actions are one per face."""

POINTS = [int(PINOCHLE.rank_of(card) in (KING, TEN, ACE)) for card in range(len(PINOCHLE))]
"""Trick points of each card: A, 10 and K 1 (24 in all)."""

ABOVE = [SUIT_MASKS[PINOCHLE.suit_of(card)] & ~((1 << ((card | 1) + 1)) - 1)
         for card in range(len(PINOCHLE))]
"""Cards of the same suit that beat each card (both copies of a higher rank)."""


def _trick_keys(trump: Suit, led: Suit) -> list[int]:
    """Key table for a trick: trumps 101.., the led suit 1.., other suits 0."""
    keys = []
    for card in range(len(PINOCHLE)):
        suit, rank = PINOCHLE.suit_of(card), PINOCHLE.rank_of(card)
        keys.append(101 + rank if suit == trump else 1 + rank if suit == led else 0)
    return keys


KEYS = [[_trick_keys(trump, led) for led in range(SUITS)] for trump in range(SUITS)]


def playable(hand: int, led_mask: int, trump_mask: int, win_card: Card) -> int:
    """The cards of ``hand`` that may go to a trick led in ``led_mask`` and headed by
    ``win_card``: follow suit, heading the trick if possible; void, trump, over the
    highest trump so far if possible; else any card.

    >>> from tricktable.cards import CardSet
    >>> hand = CardSet.parse(PINOCHLE, "9S AS KH").mask
    >>> PINOCHLE.texts(playable(hand, SUIT_MASKS[0], SUIT_MASKS[1], PINOCHLE.parse("QS")))
    ['A♠']
    """
    above = ABOVE[win_card]  # none of the led suit once a plain lead is trumped
    led = hand & led_mask
    if led:
        return led & above or led
    trumps = hand & trump_mask
    if trumps:
        return trumps & above or trumps
    return hand


def play_spec(trump: Suit) -> PlaySpec:
    """Pinochle's trick play with ``trump``: follow suit and head the trick if you can;
    void, trump, over the highest trump if you can; else any card.

    >>> from tricktable.cards import CardSet
    >>> spec = play_spec(trump=1)
    >>> hand = CardSet.parse(PINOCHLE, "9S AS KH").mask
    >>> PINOCHLE.texts(spec.legal(1, hand, PINOCHLE.parse("QS"), spec.key(0, 4, 4)))
    ['A♠']
    """
    return plain_spec(PINOCHLE, players=4, sides=2, trump=trump, points=tuple(POINTS),
                      duty=FOLLOW | HEAD | TRUMP | OVERTRUMP)


SPECS = [play_spec(trump) for trump in range(SUITS)]
TENS_SPECS = [replace(spec, points=tuple(TENS * p for p in spec.points)) for spec in SPECS]
"""The same play on the tens count: each counter 10."""


def _meld_groups(trump: Suit) -> list[list[Card]]:
    """Faces whose least count in a hand is what its meld shows: run, marriages, dix, around,
    pinochle (for a trump suit's K and Q the least count is runs plus royal marriages)."""
    groups = [[face(trump, rank) for rank in RUN_RANKS], [face(trump, NINE)],
              list(PINOCHLE_FACES)]
    groups += [[face(suit, KING), face(suit, QUEEN)] for suit in range(SUITS)]
    groups += [[face(suit, rank) for suit in range(SUITS)] for rank, *_ in AROUND]
    return groups


MELD_GROUPS = [_meld_groups(trump) for trump in range(SUITS)]


def meld_lacks(shown: int, trump: Suit) -> int:
    """The unshown cards a player who melded exactly ``shown`` cannot hold.

    Every meld item takes the least count of its faces, and every copy that
    counts is shown: where one face of a group is shown fewer times than all
    the others, the hand holds no more of it than shown (more would be more meld).

    Kings around and a marriage in ♠, hearts trump: no other queen (a marriage),
    no J♦ (a pinochle), no 9♥ (a dix):

    >>> PINOCHLE.hand_texts(meld_lacks(mask_of("KS KH KD KC QS"), trump=1))
    ['Q♥', 'Q♥', '9♥', '9♥', 'Q♦', 'Q♦', 'J♦', 'J♦', 'Q♣', 'Q♣']
    """
    lacks = 0
    for faces in MELD_GROUPS[trump]:
        counts = [count(shown, first) for first in faces]
        low = min(counts)
        if counts.count(low) == 1:
            lacks |= 3 << faces[counts.index(low)]
    return lacks & ~shown


def _meld_faces(held: Meld) -> list[tuple[str, list[str]]]:
    """A meld as the table sees it: its items and their faces (copies look alike)."""
    return [(item.name, item.texts()) for item in held.items]


TABLE = ActionTable(PINOCHLE, [
    ("bid", "number", range(ASSUMED_BID + 1, BID_MAX + 1)),
    ("pass", "none", [None]),
    ("trump", "suit", range(SUITS)),
    ("throw", "none", [None]),
    ("play", "card", list(bits(FACES))),
    ("give", "card", list(bits(FACES))),  # last: the default game's action ids stay as they were
    ("bid", "number", range(TENS * (ASSUMED_BID + 1), TENS * BID_MAX + 1, TENS)),  # the tens
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card & ~1] for card in range(len(PINOCHLE))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)  # offered by face: the play of a face, by its even card
BIDS = [TABLE.get("bid", b) for b in range(ASSUMED_BID + 1, BID_MAX + 1)]
TENS_BIDS = [TABLE.get("bid", TENS * b) for b in range(ASSUMED_BID + 1, BID_MAX + 1)]
PASS = TABLE.get("pass")
BID_OFFERS, TENS_OFFERS = suffix_offers([PASS], BIDS), suffix_offers([PASS], TENS_BIDS)
"""Per lowest bid allowed (its index in ``BIDS`` or ``TENS_BIDS``): pass and the bids from
it, and the mask of their ids (offered: ``apply`` takes them unchecked)."""
THROW = TABLE.get("throw")
TRUMPS = [TABLE.get("trump", suit) for suit in range(SUITS)]
GIVE = TABLE.kind_index("give")
GIVE_ACTIONS = [GIVE[card & ~1] for card in range(len(PINOCHLE))]
TRICK_TEXT = [f"{'NESW'[seat]} wins the trick" for seat in range(4)]
EXPECTED = {BID_PHASE: "bid or pass", TRUMP_PHASE: "name trump", PASS_PHASE: "pass a card",
            PLAY_PHASE: "play a card"}


@dataclass(frozen=True)
class PinochleRules(Rules):
    """Pinochle's options (RULES.md section 2)."""

    target: int = option(200, "points that win the game (bidder's out)", minimum=1,
                         maximum=1000)
    throw_in: bool = option(
        True, "the dealer who has the bid at 20 may throw the hand in (dealing team -20)")
    meld_bids: bool = option(
        True, "mark a first-round bid of two more than the high bid as a meld bid")
    last_trick: int = option(0, "points for winning the last trick", minimum=0, maximum=10)
    meld_needs_trick: bool = option(
        False, "a team that wins no trick scores no meld (nor counts it toward the bid)")
    loss_limit: int = option(
        0, "a team at or below minus this many points loses the game (0: no limit)", minimum=0,
        maximum=1000)
    passing: bool = option(
        False, "after trump is named the partner passes cards to the bidder, who passes back")
    pass_count: int = option(3, "cards passed each way when passing is on", choices=(3, 4))
    tens: bool = option(
        False, "the tens count: counters 10 each, meld, bids, target and limits times 10")

    presets: ClassVar[tuple[Preset, ...]] = (
        Preset("modern", "a modern card room: 3 cards passed each way after trump, counted in "
                         "tens, game to 1500", {"passing": True, "tens": True, "target": 150}),
    )


hand_text = PINOCHLE.hand_texts
"""A hand's card texts as a player sorts it: suit by suit, high to low."""


def trick_estimate(hand: int, trump: Suit) -> int:
    """Trick points a team may expect when this hand names ``trump`` (of 24).

    A linear count of playing strength fitted on games between the heuristic
    bots (the team's trick points given the bidder's hand): 8.5, plus per
    trump 0.55, per trump ace, ten and king 0.85, 0.65 and 0.35 more, per
    ace of another suit 1, per void in another suit 0.9.

    >>> trick_estimate(mask_of("AH AH 10H KH QH JH 9H AS AC 10C KD 9D"), trump=1)
    17
    """
    estimate = 8.5 + 0.55 * (hand & SUIT_MASKS[trump]).bit_count()
    for rank, weight in ((ACE, 0.85), (TEN, 0.65), (KING, 0.35)):
        estimate += weight * count(hand, face(trump, rank))
    for suit in range(SUITS):
        if suit != trump:
            estimate += count(hand, face(suit, ACE)) + 0.9 * (not hand & SUIT_MASKS[suit])
    return round(estimate)


def beginner_data(hand: int, scale: int = 1) -> dict[str, dict[str, int]]:
    """For each trump, the hand's meld and a suggested top bid (the seed's beginner mode),
    in points of ``scale`` (10 on the tens count).

    The bid assumes the partner melds 3: own meld + 3 + :func:`trick_estimate`.

    >>> beginner_data(mask_of("KS QS 9S AH"))["♠"], beginner_data(mask_of("KS QS 9S AH"), 10)["♠"]
    ({'meld': 5, 'suggested_bid': 21}, {'meld': 50, 'suggested_bid': 210})
    """
    totals = meld_totals(hand)
    return {SUIT_TEXT[trump]: {"meld": totals[trump] * scale, "suggested_bid": scale * (
        totals[trump] + PARTNER_MELD + trick_estimate(hand, trump))} for trump in range(SUITS)}


def beginner(hand_texts: list[str]) -> dict[str, dict[str, int]]:
    """Beginner data for a hand given as card texts.

    >>> beginner("AH 10H KH QH JH 9H KH QH QS JD AS 9C".split())["♥"]
    {'meld': 24, 'suggested_bid': 43}
    """
    return beginner_data(mask_of(hand_texts))


@register_game
class PinochleGame(TrickGame, Passing):
    """A game of Pinochle to the target, or one hand when dealt from ``deal=``."""

    name = "pinochle"
    title = "Pinochle"
    deck = PINOCHLE
    table = TABLE
    rules_type = PinochleRules
    player_counts = (4,)
    play_points = POINTS
    point_fields = frozenset({"card_points"})
    unsearched = frozenset({"played", "lacks", "last_trick", "taken", "gave"})  # no play reads
    result_keys: ClassVar[dict[str, Key]] = {
        "bid": Key("count", "the winning bid (the assumed bid when thrown in)"),
        "trump": Key("text", "the trump named, null when thrown in", nullable=True),
        "thrown_in": Key("flag", "the dealer threw the hand in at the assumed bid"),
        "meld_counted": Key("counts", "each side's meld that counted toward its score"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "team_names": Key("texts", "each side's name, in the order of sides"),
        "options": Key("record", "the rules options of this game"),
        "assumed_bid": Key("count", "the dealer's assumed bid"),
        "bids": Key("records", "the auction so far: {seat, bid, meld_bid}"),
        "high_bid": Key("count", "the highest bid so far"),
        "high_bidder": Key("seat", "who holds it"),
        "bid": Key("count", "the bid the declarer's side must make", nullable=True),
        "meld": Key("record", "each player's meld laid on the table, and each side's total",
                    nullable=True),
        "shown": Key("list", "per seat: melded cards still in its hand"),
        "trick_number": Key("count", "the trick being played, from 1"),
        "trick_points": Key("counts", "card points each side has taken this hand"),
        "target": Key("count", "points that win the game"),
        "scoreboard": Key("record", "the box in the corner: meld, trick points, bid, trump"),
        "beginner": Key("record", "per suit as trump: this hand's meld and a suggested bid",
                        nullable=True, private=True),
        "pass_count": Key("count", "cards the partner and the bidder pass each way (0: none)"),
        "scale": Key("count", "points per counter: 1, or 10 on the tens count"),
        "pass_to": Key("seat", "the seat this seat passes to", private=True),
        "passed": Key("cards", "the cards this seat passed", private=True),
        "received_from": Key("seat", "the seat that passes to this seat", private=True),
        "received": Key("cards", "the cards this seat received", private=True),
    }
    rules: PinochleRules

    def __init__(self, rules: PinochleRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.scores = [0, 0]
        self.hand_number = 0
        self.pass_count = rules.pass_count if rules.passing else 0
        self.scale = TENS if rules.tens else 1  # every point, bid and score is in these units
        self.assumed = ASSUMED_BID * self.scale
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[0, 2], [1, 3]]

    # -- dealing and bidding ---------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        if self.deal is not None:
            self.dealer, self.hands, _ = read_deal(PINOCHLE, self.deal, 4, HAND_SIZE, {})
        else:
            self.hands = deal_round(self.shuffled(), 4, self.dealer)
        self.bids: list[tuple[Seat, int | None, bool]] = []  # seat, bid or None, meld bid
        self.passed = 0  # bitmask of seats that have passed
        self.acted = 0  # bitmask of seats that have bid or passed (the first round)
        self.high_bid = self.assumed
        self.high_seat: Seat = self.dealer
        self.bidder: Seat | None = None
        self.bid = 0
        self.trump: Suit | None = None
        self.melds: list[Meld] = []
        self.shown = [0, 0, 0, 0]  # melded cards, known to all while in the hand
        self.spec = SPECS[0]
        self._start_passing()
        self._start_tricks(leader=(self.dealer + 1) % 4)  # lacks: what meld and play showed
        self.phase = BID_PHASE
        self.to_move = (self.dealer + 1) % 4
        name = self.seat_name(self.dealer)
        self.log.append(Event("deal", self.dealer, f"hand {self.hand_number}: {name} deals "
                                                   f"and holds the assumed bid of {self.assumed}"))
        for seat in range(4):
            self.log.append(dealt("hand", seat, f"{self.seat_name(seat)} is dealt 12 cards",
                                  self.hands[seat], hand_text))

    def _is_meld_bid(self, seat: Seat, bid: int) -> bool:
        """A first-round bid of exactly two over the high bid, the partner still in."""
        return (self.rules.meld_bids and not self.acted >> seat & 1
                and bid == self.high_bid + MELD_BID_JUMP * self.scale
                and not self.passed >> (seat ^ 2) & 1)

    def _bid(self, seat: Seat, bid: int | None) -> None:
        name = self.seat_name(seat)
        if bid is None:
            self.passed |= 1 << seat
            self.bids.append((seat, None, False))
            self.log.append(Event("pass", seat, f"{name} passes"))
        else:
            signal = self._is_meld_bid(seat, bid)
            self.high_bid, self.high_seat = bid, seat
            self.bids.append((seat, bid, signal))
            self.log.append(Event("bid", seat, f"{name} bids {bid}"
                                               + (" (a meld bid)" if signal else "")))
        self.acted |= 1 << seat
        active = 15 & ~self.passed
        if self.high_bid == BID_MAX * self.scale or not active & (active - 1):
            self._win_bid()
            return
        seat = (seat + 1) & 3
        while self.passed >> seat & 1:
            seat = (seat + 1) & 3
        self.to_move = seat

    def _win_bid(self) -> None:
        self.bidder, self.bid = self.high_seat, self.high_bid
        name = self.seat_name(self.bidder)
        if self._may_throw_in():
            text = f"{name} has it at {self.assumed}: name trump or throw it in"
        else:
            text = f"{name} wins the bid at {self.bid}"
        self.log.append(Event("bid", self.bidder, text))
        self.phase = TRUMP_PHASE
        self.to_move = self.bidder

    def _may_throw_in(self) -> bool:
        return self.rules.throw_in and self.bidder == self.dealer and self.bid == self.assumed

    def _name_trump(self, trump: Suit) -> None:
        bidder = self.bidder or 0
        self.trump = trump
        specs = TENS_SPECS if self.scale == TENS else SPECS
        self.spec = spec_with(specs[trump], last_bonus=self.rules.last_trick * self.scale)
        self.log.append(Event("trump", bidder, f"{self.seat_name(bidder)} names "
                                               f"{SUIT_TEXT[trump]} trump"))
        if self.pass_count:
            self._begin_passes()
        else:
            self._meld_and_play()

    def _meld_and_play(self) -> None:
        """Every hand's meld is counted and shown; the bidder leads."""
        trump = self.trump or 0
        self.melds = [meld(hand, trump) for hand in self.hands]
        for seat, held in enumerate(self.melds):
            self.shown[seat] = held.shown
            self.lacks[seat] = meld_lacks(held.shown, trump)
            self.log.append(Event("meld", seat, self._meld_text(seat)))
        teams = self.team_meld()
        self.log.append(Event("meld", None, f"meld: N/S {teams[0]}, E/W {teams[1]}"))
        self.phase = PLAY_PHASE
        self.to_move = self.bidder

    def _meld_text(self, seat: Seat) -> str:
        held = self.melds[seat]
        if not held.items:
            return f"{self.seat_name(seat)} has no meld"
        items = ", ".join(f"{item.name} {item.value * self.scale} ({' '.join(item.texts())})"
                          for item in held.items)
        return f"{self.seat_name(seat)} melds {held.total * self.scale}: {items}"

    def team_meld(self) -> list[int]:
        """Each team's meld this hand, as shown (0 before trump is named)."""
        if not self.melds:
            return [0, 0]
        totals = [m.total * self.scale for m in self.melds]
        return [totals[0] + totals[2], totals[1] + totals[3]]

    # -- play --------------------------------------------------------------

    def _play(self, face: Card) -> None:
        seat = self.to_move or 0
        pair = self.hands[seat] & (3 << face)
        low = pair & self.shown[seat] or pair
        low &= -low  # the shown copy, else the lower id (a shown single copy is the lower)
        self._play_card(seat, low.bit_length() - 1)

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        super()._trick_done(winner, cards)
        if self.tricks_played == HAND_SIZE:
            self._end_hand()

    # -- scoring -----------------------------------------------------------

    def _end_hand(self, thrown_in: bool = False) -> None:
        deltas = [0, 0]
        meld = self.team_meld()
        counted = list(meld)
        made: bool | None = None
        if thrown_in:
            deltas[self.dealer & 1] = -self.assumed
        else:
            team_tricks = [self.tricks_won[0] + self.tricks_won[2],
                           self.tricks_won[1] + self.tricks_won[3]]
            if self.rules.meld_needs_trick:
                counted = [m if t else 0 for m, t in zip(meld, team_tricks, strict=True)]
            totals = [m + p for m, p in zip(counted, self.card_points, strict=True)]
            bidders = (self.bidder or 0) & 1
            made = totals[bidders] >= self.bid
            deltas[bidders] = totals[bidders] if made else -self.bid
            deltas[1 - bidders] = totals[1 - bidders]
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        totals = [m + p for m, p in zip(counted, self.card_points, strict=True)]
        margin = None if made is None else totals[(self.bidder or 0) & 1] - self.bid
        self.results.append(hand_result(
            self, declarer=None if thrown_in else self.bidder, made=made, margin=margin,
            contract=None if thrown_in else f"{self.bid} {SUIT_TEXT[self.trump or 0]}",
            card_points=self.card_points, points=totals, meld=meld, deltas=deltas,
            outcome=self._outcome(margin), bid=self.bid, thrown_in=thrown_in,
            trump=None if thrown_in else SUIT_TEXT[self.trump or 0], meld_counted=counted))
        summary = (f"hand {self.hand_number} over: N/S {deltas[0]:+d}, E/W {deltas[1]:+d}; "
                   f"scores {self.scores[0]}-{self.scores[1]}")
        self.log.append(Event("score", None, summary))
        self._next_hand_or_end()

    def _game_winner(self) -> int | None:
        """The winning team after a hand, if any: bidder's out, then the target, the floor."""
        reached = [s >= self.rules.target * self.scale for s in self.scores]
        limit = self.rules.loss_limit * self.scale
        sunk = [limit > 0 and s <= -limit for s in self.scores]
        if self.bidder is not None and reached[self.bidder & 1]:
            return self.bidder & 1
        if any(reached):
            a, b = self.scores
            return None if a == b else int(b > a)
        if any(sunk):
            return 1 if sunk[0] else 0
        return None

    def _next_hand_or_end(self) -> None:
        winner = self._game_winner()
        if winner is None and self.deal is None:
            self.dealer = (self.dealer + 1) % 4
            self._start_hand()
            return
        a, b = self.scores
        if winner is None and a != b:
            winner = int(b > a)  # a single dealt hand: the higher score
        self.winner = winner
        self.phase = GAME_OVER_PHASE
        self.to_move = None
        won = "nobody" if winner is None else TEAM_NAMES[winner]
        self.log.append(Event("game", None, f"game over: {won} wins {a}-{b}"))

    # -- the public API ----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take: one play action per face held.

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", seed=1)
        >>> len(game.legal_actions()), game.legal_actions()[-1].text
        (81, 'bid 100')
        """
        phase = self.phase
        if phase is PLAY_PHASE:
            mask = self.playable(self.to_move or 0)
            actions, self._offered = PLAY_CARDS.offer((mask | mask >> 1) & FACES)
            return actions
        if phase is BID_PHASE:
            if self.scale == TENS:
                bids, self._offered = TENS_OFFERS[self.high_bid // TENS - ASSUMED_BID]
            else:
                bids, self._offered = BID_OFFERS[self.high_bid - ASSUMED_BID]
            return [*bids]
        if phase is TRUMP_PHASE:
            return [*TRUMPS, THROW] if self._may_throw_in() else list(TRUMPS)
        if phase is PASS_PHASE:
            mask = self.hands[self.to_move or 0]
            return card_actions((mask | mask >> 1) & FACES, GIVE_ACTIONS)
        return []

    def parse(self, text: str) -> Action:
        """Read an action's text; a bid off this game's count is refused naming its steps.

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", options={"tens": True})
        >>> game.parse("bid 215")
        Traceback (most recent call last):
        ...
        tricktable.engine.actions.IllegalAction: a bid is 210 to 1000 in steps of 10 (tens count)
        """
        try:
            return self.table.parse(text)
        except IllegalAction:
            word = text.split()
            if len(word) == 2 and word[0].lower() == "bid":
                raise IllegalAction(self._bid_range()) from None
            raise

    def _bid_range(self) -> str:
        tens = " (tens count)" if self.scale == TENS else ""
        return (f"a bid is {self.assumed + self.scale} to {BID_MAX * self.scale} in steps of "
                f"{self.scale}{tens}")

    def _illegal(self, action: Action) -> str | None:
        phase, kind = self.phase, action.kind
        if phase is PLAY_PHASE and kind == "play":
            face = action.arg or 0
            hand = self.hands[self.to_move or 0]
            if not hand >> face & 3:
                return f"you do not hold {TEXT[face]}"
            seat = self.to_move or 0
            if self.playable(seat) >> face & 3:
                return None
            return self.why_not_play(seat, face | (not hand >> face & 1))  # a copy held
        if kind == "throw" and phase is TRUMP_PHASE and not self._may_throw_in():
            if not self.rules.throw_in:
                return "throwing it in is not allowed in this game (option throw_in)"
            return f"only a dealer who has the bid at {self.assumed} may throw it in"
        allowed = {BID_PHASE: ("bid", "pass"), TRUMP_PHASE: ("trump", "throw"),
                   PASS_PHASE: ("give",), PLAY_PHASE: ("play",)}[phase]
        if kind not in allowed:
            if kind == "give" and not self.pass_count:
                return "passing cards is not part of this game (option passing)"
            return f"it is time to {EXPECTED[phase]}, not to {kind}"
        if kind == "give":
            return self.passing_illegal(action.arg or 0)
        if kind == "bid" and ((action.arg or 0) % self.scale or (action.arg or 0) > BID_MAX
                              * self.scale):
            tens = "" if self.scale == TENS else " (bids in tens are the tens count's: option tens)"
            return self._bid_range() + tens
        if kind == "bid" and (action.arg or 0) <= self.high_bid:
            return f"a bid must be higher than the high bid of {self.high_bid}"
        return None

    def _do(self, action: Action) -> None:
        kind, seat = action.kind, self.to_move or 0
        if kind == "play":
            self._play(action.arg or 0)
        elif kind == "bid" or kind == "pass":
            self._bid(seat, action.arg)
        elif kind == "trump":
            self._name_trump(action.arg or 0)
        elif kind == "give":
            if self._give(action.arg or 0):
                self._meld_and_play()
        elif kind == "throw":
            self.log.append(Event("throw", seat, f"{self.seat_name(seat)} throws it in"))
            self._end_hand(thrown_in=True)

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("pinochle", seed=5).view(0)
        >>> len(v["hand"]), v["hand_sizes"], v["phase"], sorted(v["beginner"])
        (12, [12, 12, 12, 12], 'bid', ['♠', '♣', '♥', '♦'])
        """
        return pinochle_table.view(self, seat)

    def reveal(self) -> JSON:
        """Every card's place, face up (replays and tests only): copies listed twice."""
        return {
            "hands": [hand_text(h) for h in self.hands],
            "trick": [TEXT[c] for c in self.trick],
            "taken": [hand_text(self.taken[s] | self.taken[s + 2]) for s in (0, 1)],
            "passing": hand_text(self.outgoing),  # passed, not yet picked up
        }

    def hidden(self, seat: Seat) -> Hidden:
        """The other hands' unshown cards, less what their meld and play showed they lack.

        >>> import tricktable
        >>> tricktable.new_game("pinochle", seed=1).hidden(0).sizes
        (12, 12, 12)
        """
        pool = self.hidden_from(seat)
        others = [s for s in range(4) if s != seat]
        piles = self.passing_piles(seat)
        return Hidden(pool, tuple((self.hands[s] & pool).bit_count() for s in others)
                      + tuple(pile.bit_count() for pile in piles),
                      tuple(pool & ~self.lacks[s] for s in others) + (pool,) * len(piles))

    def _hidden_masks(self, seat: Seat) -> list[int]:
        pool = self.hidden_from(seat)
        return [self.hands[s] & pool for s in range(4) if s != seat] + self.passing_piles(seat)

    def _deal_agrees(self, seat: Seat, masks: list[int]) -> bool:
        """Whether every other hand, with the cards it has played, melds what it melded: the
        meld is announced whole, so it says more than the cards each hand lacks."""
        if not self.melds:
            return True
        trump = self.trump or 0
        others = [s for s in range(4) if s != seat]
        return all(
            _meld_faces(meld(self.shown[other] | mask | self.played[other], trump))
            == _meld_faces(self.melds[other])
            for other, mask in zip(others, masks, strict=True))

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        pool = self.hidden_from(seat)
        others = [s for s in range(4) if s != seat]
        for other, mask in zip(others, masks, strict=False):
            self.hands[other] = self.hands[other] & ~pool | mask
        self.place_passes(seat, masks[len(others):], rng)

    def taken_points(self) -> list[int]:
        """Counters taken by each team so far (the last trick's included once taken)."""
        return list(self.card_points)

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now: other hands and cards being passed,
        less melded cards and the cards it passed that its partner still holds."""
        hidden = self.outgoing if self.passer != seat else 0
        for other in range(4):
            if other != seat:
                hidden |= self.hands[other] & ~self.shown[other]
        return hidden & ~self.known_in_hands(seat)

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Meld", "{meld.teams:column}"),  # the seed's box: meld line, trick-points line
        ("Trick points", "{trick_points:column}"),
        ("Meld laid down", "{meld.players:meld}"),
        ("Beginner's guide: your meld and top bid for each trump (assumes your partner "
         "melds 3)", "{beginner:guide}"),
        ("You passed", "{passed:cards} to {pass_to:seat}"),
        ("You received", "{received:cards} from {received_from:seat}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", seed=1)
        >>> game.prompt(game.to_move or 0)
        'Bid 21 to 100, or pass'
        """
        if seat != self.to_move:
            return None
        if self.phase is BID_PHASE:
            step = f" in steps of {self.scale}" if self.scale > 1 else ""
            return f"Bid {self.high_bid + self.scale} to {BID_MAX * self.scale}{step}, or pass"
        if self.phase is TRUMP_PHASE:
            throw = f", or throw it in (your team loses {self.assumed})" if self._may_throw_in() \
                else ""
            return f"Name trump: ♠, ♥, ♦ or ♣{throw}"
        if self.phase is PASS_PHASE:
            return self.passing_prompt(seat)
        if not self.trick:
            return "Lead any card"
        return ("Play a card: follow suit and beat the best card if you can; if you can't "
                "follow, trump")

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (BID_PHASE, TRUMP_PHASE, PASS_PHASE, PLAY_PHASE)
    deal_piles: ClassVar[Piles] = {4: {}}
    suggests_bids = True

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.pinochle_hand(self, index)

    playout_options: ClassVar[Mapping[str, Any]] = {"loss_limit": 200}
    """Random players are set hand after hand and never reach the target: a floor ends it."""

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """A set loses at most the highest bid; a team scores at most a hand's whole meld
        twice, every trick point and the last trick; 80 bids and 4 passes, trump, the cards
        passed each way, 48 cards."""
        assert isinstance(rules, PinochleRules)
        scale = TENS if rules.tens else 1
        high = (2.0 * MELD_CAP + 24 + rules.last_trick) * scale
        return HandBounds(-float(BID_MAX * scale), high, 80 + 4 + 1 + 2 * rules.pass_count + 48)

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The auction (meld bids too), trump, each seat's meld and shown cards, points,
        the cards passed and received (:func:`pinochle_table.features`)."""
        return pinochle_table.features(players, sides)

    def _outcome(self, margin: int | None) -> str:
        """How the hand went for the bidders, in words."""
        if margin is None:
            return "thrown in by the dealer"
        total = self.bid + margin
        return (f"made: {total} of the {self.bid} bid" if margin >= 0
                else f"set by {-margin}: {total} of the {self.bid} bid")



MELD_CAP = 150 + 2 * 4 + 6 * 2 + 2 + sum(double for *_, double in AROUND) + 30
"""More than one hand can meld: double run, royal marriages, three suits' marriages twice,
both dix, every double around, double pinochle."""


from tricktable.games import pinochle_table  # noqa: E402  (it reads this module's names)
