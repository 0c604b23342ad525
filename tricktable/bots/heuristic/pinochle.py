"""A rule-based Pinochle player, using only its seat's view and the legal actions.

Bidding: its top bid is the view's beginner suggestion for its best trump
(its meld + 3 for the partner + its playing strength), 6 more once the
partner has made a meld bid. It bids the minimum over the high bid up to
that top, makes a meld bid (one point more than required) in the first round
with 6 or more meld when it cannot bid on its own, outbids a partner's real
bid only with a clearly better hand, and sandbags (passes) when the dealing
team is close to going out and its own team is not.
Trump: the suit of the best suggestion. Passing (option ``passing``): the
partner passes its best trumps and aces, keeping its own meld where that costs
little; the bidder passes back the cards its meld and play need least (low
plain cards, never a trump while it has another choice). The dealer stuck at 20 throws it in
when the hand is hopeless, or when the other team would likely go out.
Play: the bidder draws trump with sure winners; leads cash sure winners, else
lead low; it feeds counters to a partner who will win the trick, wins as
cheaply as it can (with a counter when it plays last), and throws low
non-counters when it cannot win.

It remembers the cards it has seen played and the suits a seat has shown
void in, from the views it is given (``choose``, or ``observe`` after each
trick; every trick also shows in ``last_trick`` until the next one is
complete), and forgets them when a new hand starts.

>>> import tricktable
>>> from tricktable.bots import play_game
>>> game = play_game(tricktable.new_game("pinochle", seed=1, options={"target": 100}),
...                  [HeuristicBot(seed) for seed in range(4)])
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from tricktable.bots.heuristic.common import CardReader, Play, TableMemory, View, remembered
from tricktable.cards import PINOCHLE, Card, Seat, Suit
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState
from tricktable.games.meld import ACE, SUITS, count, meld_total
from tricktable.games.pinochle import ABOVE, KEYS, POINTS, SUIT_MASKS, PinochleGame

MELD_BID_BONUS = 6  # what a partner's meld bid adds to the top bid (the seed)
MELD_BID_MELD = 6  # the meld that a meld bid signals
MELD_BID_SHORT = 2  # a meld bid when the top bid falls short by at most this
DUEL_MARGIN = 5  # outbid a partner's real bid only with this much more
CLOSE = 30  # a team this near the target is close to going out
SAFETY = 7  # bid up to this much less than the expected points: a set costs more
THROW_BELOW = 17  # the stuck dealer throws in when it expects fewer points
PASS_TRUMP = 12  # passing: what being a trump adds to a card's worth (over its rank)
PASS_ACE = 6  # passing: what a plain ace adds to a card's worth
PASS_MELD = 3  # passing: each point of one's own meld a card takes with it
# the strong level searches six candidates at once, six more in line, the screen up to 72
# play-outs (expert's breadth): +1.85 ± 0.83 points a deal over 450 duplicate deals, p95
# 0.44 s of CPU on an idle machine, its bids the dearest (docs/bots.md); the same breadth
# lost in Notrump, so it is Pinochle's ask
STRONG_LIMITS = {"candidates": 6, "widen": 6, "screen_rollouts": 72}
RANK = PINOCHLE.rank_table
SUIT = PINOCHLE.suit_table


def counted(mask: int) -> list[int]:
    """Copies of each face (24 faces, two bits each) in a mask.

    >>> counted(0b1101)[:3]
    [1, 2, 0]
    """
    return [count(mask, first) for first in range(0, len(PINOCHLE), 2)]


def canonical(counts: Sequence[int]) -> int:
    """A mask with the given copies of each face (the lower copy first).

    >>> bin(canonical([1, 2, 0]))
    '0b1101'
    """
    mask = 0
    for index, number in enumerate(counts):
        mask |= (0, 1, 3)[number] << (2 * index)
    return mask


def give_away_cost(card: Card, trump: Suit) -> int:
    """How much a card is worth keeping: its rank, trumps above every plain card.

    >>> give_away_cost(PINOCHLE.parse("9S"), 1) < give_away_cost(PINOCHLE.parse("9H"), 1)
    True
    """
    return RANK[card] + (6 if SUIT[card] == trump else 0)


def win_cost(card: Card, trump: Suit) -> int:
    """The cost of winning with a card: cheap ones first, a plain K or 10 cheapest.

    >>> win_cost(PINOCHLE.parse("KH"), 0) < win_cost(PINOCHLE.parse("JH"), 0)
    True
    """
    bonus = 4 if POINTS[card] and RANK[card] != ACE and SUIT[card] != trump else 0
    return give_away_cost(card, trump) - bonus


def pass_worth(card: Card, trump: Suit) -> int:
    """What a card is worth in the bidder's hand for play: trumps first, then aces.

    >>> pass_worth(PINOCHLE.parse("9H"), 1) > pass_worth(PINOCHLE.parse("AS"), 1)
    True
    """
    plain_ace = RANK[card] == ACE and SUIT[card] != trump
    return RANK[card] + (PASS_TRUMP if SUIT[card] == trump else 0) + (PASS_ACE if plain_ace else 0)


def pass_choice(hand: int, faces: Sequence[Card], trump: Suit, to_bidder: bool) -> Card:
    """The face to pass next: the partner passes what is worth most to the bidder, the
    bidder passes back what it needs least; both weigh the meld a card takes away.

    >>> hand = PINOCHLE.parse_many("AH 10H 9S JS QC")
    >>> mask = sum(1 << card for card in hand)
    >>> faces = [card & ~1 for card in hand]
    >>> [PINOCHLE.text(pass_choice(mask, faces, 1, to_bidder)) for to_bidder in (True, False)]
    ['A♥', '9♠']
    """
    own = meld_total(hand, trump)

    def meld_loss(face: Card) -> int:
        card = face | (hand >> face & 1 ^ 1)  # a copy held
        return own - meld_total(hand & ~(1 << card), trump)

    if to_bidder:
        return max(faces, key=lambda f: (pass_worth(f, trump) - PASS_MELD * meld_loss(f), -f))
    return min(faces, key=lambda f: (pass_worth(f, trump) + PASS_MELD * meld_loss(f), f))


def feed_value(card: Card, trump: Suit) -> int:
    """How good a card is to give a partner who wins the trick: plain counters, a low rank.

    >>> feed_value(PINOCHLE.parse("KH"), 0) > feed_value(PINOCHLE.parse("KS"), 0)
    True
    """
    return 5 * POINTS[card] - give_away_cost(card, trump) - (2 if RANK[card] == ACE else 0)


class HeuristicBot:
    """Bids from meld plus playing strength, saves and feeds counters."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reader = CardReader(PINOCHLE)
        self.memory = TableMemory(4)
        self.noted = 0  # the number of the last trick remembered

    def observe(self, view: View) -> None:
        """Remember the last complete trick a view shows (``choose`` calls it too)."""
        if self.memory.start(view):
            self.noted = 0
        if view["trump"] is not None:
            self._remember(view, PINOCHLE.parse_suit(view["trump"]))

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The action to take; ``legal`` is never empty."""
        self.observe(view)
        kind = legal[-1].kind
        if kind == "play":
            return self._play(view, legal)
        if kind == "bid" or kind == "pass":
            return self._bid(view, legal)
        if kind == "give":
            hand = sum(1 << card for card in PINOCHLE.parse_many(view["hand"]))
            faces = [action.arg or 0 for action in legal]
            face = pass_choice(hand, faces, PINOCHLE.parse_suit(view["trump"]),
                               to_bidder=view["declarer"] != view["seat"])
            return next(action for action in legal if action.arg == face)
        return self._trump(view, legal)

    # -- bidding -----------------------------------------------------------

    @staticmethod
    def _best(view: View) -> tuple[str, int, int]:
        """The best trump by the beginner data: suit text, suggested bid, meld."""
        suit, data = max(view["beginner"].items(), key=lambda item: item[1]["suggested_bid"])
        return suit, data["suggested_bid"], data["meld"]

    @staticmethod
    def _close(view: View, team: int) -> bool:
        return bool(view["scores"][team] + CLOSE * view["scale"] >= view["target"])

    def _bid(self, view: View, legal: list[Action]) -> Action:
        seat = view["seat"]
        partner = seat ^ 2
        bids = [(b["seat"], b["bid"], b["meld_bid"]) for b in view["bids"]]
        _, expected, meld = self._best(view)
        unit = view["scale"]  # 10 on the tens count: every figure below is in the seed's points
        top = expected - SAFETY * unit
        if any(s == partner and signal for s, _, signal in bids):
            top += MELD_BID_BONUS * unit
        offers = {a.arg: a for a in legal if a.kind == "bid"}
        passing = legal[0]
        dealing = view["dealer"] & 1
        if dealing != seat & 1 and self._close(view, dealing) and not self._close(view, seat & 1):
            return passing  # sandbagging: let the dealer be stuck at 20
        required = view["high_bid"] + unit
        first_round = all(s != seat for s, _, _ in bids)
        partner_in = all(s != partner or b is not None for s, b, _ in bids)
        if (top < required and first_round and partner_in and view["options"]["meld_bids"]
                and meld >= MELD_BID_MELD * unit and top + MELD_BID_SHORT * unit >= required
                and view["dealer"] == partner
                and required + unit in offers):
            return offers[required + unit]
        partner_bid = view["high_bidder"] == partner and any(
            s == partner and b is not None for s, b, _ in bids)
        if required in offers and top >= required + (DUEL_MARGIN * unit if partner_bid else 0):
            return offers[required]
        return passing

    def _trump(self, view: View, legal: list[Action]) -> Action:
        suit, expected, _ = self._best(view)
        if legal[-1].kind == "throw":
            team = view["seat"] & 1
            hopeless = expected < THROW_BELOW * view["scale"]
            they_go_out = (self._close(view, 1 - team)
                           and view["scores"][team] + expected < view["target"])
            if hopeless or they_go_out:
                return legal[-1]
        chosen = PINOCHLE.parse_suit(suit)
        return next(a for a in legal if a.kind == "trump" and a.arg == chosen)

    # -- play --------------------------------------------------------------

    def _remember(self, view: View, trump: Suit) -> None:
        """Note the last complete trick once."""
        last = view["last_trick"]
        if last is None or last["number"] <= self.noted:
            return
        self.noted = last["number"]
        plays: list[Play] = []
        seen = self.memory.seen
        for seat, first in self.reader.plays(last["cards"]):
            card = first + (seen >> first & 1)  # the next copy not yet seen (this trick too)
            seen |= 1 << card
            plays.append((seat, card))
        self.memory.note_trick(plays, SUIT.__getitem__)
        led = SUIT[plays[0][1]]
        for seat, card in plays:
            if SUIT[card] != led and SUIT[card] != trump:
                self.memory.voids[seat] |= 1 << trump  # void, yet did not trump

    def _play(self, view: View, legal: list[Action]) -> Action:
        trump = PINOCHLE.parse_suit(view["trump"])
        seat = view["seat"]
        trick = self.reader.plays(view["trick"])
        known = counted(self.memory.seen)  # copies of each face whose place is known
        for text in (*view["hand"], *view["shown"][seat ^ 2]):
            known[self.reader.card(text) >> 1] += 1
        for _, face in trick:
            known[face >> 1] += 1
        situation = _Situation(seat, trump, _threats(known), self.memory.voids, trick)
        return _card(situation, legal, view["declarer"] == seat)

    def play_state(self, game: GameState, legal: list[Action]) -> Action | None:
        """The card to play read from the engine's state instead of a view (None outside
        trick play): the same facts the seat's view and the tricks it watched show (its
        hand, its partner's shown meld, the trick, every card played and who did not
        follow or trump), and the same card (tests/bots/test_playout.py); for play-outs."""
        if legal[-1].kind != "play":
            return None
        table = cast(PinochleGame, game)
        seat, trump = table.to_move or 0, table.trump or 0
        partner = seat ^ 2
        played = table.played[0] | table.played[1] | table.played[2] | table.played[3]
        known = counted(played | table.hands[seat] | table.hands[partner] & table.shown[partner])
        voids = remembered(table.finished, 4, SUIT.__getitem__).voids
        for cards, seats, _ in table.finished:
            for who, card in zip(seats, cards, strict=True):
                if SUIT[card] != SUIT[cards[0]] and SUIT[card] != trump:
                    voids[who or 0] |= 1 << trump  # void, yet did not trump
        trick = [(who or 0, card & ~1) for who, card in zip(table.trick_seats, table.trick,
                                                            strict=True)]
        situation = _Situation(seat, trump, _threats(known), voids, trick)
        return _card(situation, legal, table.bidder == seat)


def _threats(known: Sequence[int]) -> int:
    """What the opponents may hold: the copies of each face whose place is not known."""
    return canonical([max(0, 2 - n) for n in known])


def _card(situation: _Situation, legal: list[Action], declarer: bool) -> Action:
    """The play ``situation`` calls for, as one of the ``legal`` actions."""
    faces = [action.arg or 0 for action in legal]
    face = situation.follow(faces) if situation.trick else situation.lead(faces, declarer)
    return next(action for action in legal if action.arg == face)


class _Situation:
    """One decision in play: who is where, what is out, what each card can do."""

    def __init__(self, seat: Seat, trump: Suit, out: int, voids: list[int],
                 trick: list[Play]) -> None:
        self.seat, self.trump, self.out, self.voids, self.trick = seat, trump, out, voids, trick
        self.trump_mask = SUIT_MASKS[trump]
        after = range(1, 4 - len(trick))
        self.opponents_after = [(seat + k) & 3 for k in after if k & 1]

    def _may_trump(self, opponent: Seat, suit: Suit) -> bool:
        """Whether an opponent could trump a lead of ``suit`` (void shown, trumps out)."""
        return bool(self.voids[opponent] >> suit & 1 and not self.voids[opponent] >> self.trump & 1
                    and self.out & self.trump_mask)

    def sure(self, card: Card, led: Suit, opponents: Sequence[Seat]) -> bool:
        """Whether no opponent still to play can beat ``card`` (as far as it is known)."""
        if not opponents:
            return True
        if self.out & ABOVE[card]:
            return False
        if SUIT[card] == self.trump:
            return True
        return not any(self._may_trump(o, led) for o in opponents)

    def lead(self, faces: list[Card], declarer: bool) -> Card:
        """The card to lead: trumps to draw, sure winners, else a low card."""
        trump, trumps = self.trump, [f for f in faces if SUIT[f] == self.trump]
        opponents = [(self.seat + 1) & 3, (self.seat + 3) & 3]
        trumps_out = self.out & self.trump_mask and not all(
            self.voids[o] >> trump & 1 for o in opponents)
        if declarer and trumps and trumps_out:
            top = max(trumps)
            if not self.out & ABOVE[top]:
                return top
        winners = [max(f for f in faces if SUIT[f] == suit) for suit in range(SUITS)
                   if suit != trump and any(SUIT[f] == suit for f in faces)]
        winners = [f for f in winners if self.sure(f, SUIT[f], opponents)]
        if winners:
            return max(winners, key=lambda f: (self.out & SUIT_MASKS[SUIT[f]]).bit_count())
        partner = self.voids[self.seat ^ 2]
        if not partner >> trump & 1:
            ruffs = [f for f in faces if SUIT[f] != trump and partner >> SUIT[f] & 1]
            if ruffs:
                return min(ruffs, key=lambda f: give_away_cost(f, trump))
        plain = [f for f in faces if SUIT[f] != trump] or faces
        return min(plain, key=lambda f: (give_away_cost(f, trump), -self._suit_out(f)))

    def _suit_out(self, card: Card) -> int:
        return (self.out & SUIT_MASKS[SUIT[card]]).bit_count()

    def follow(self, faces: list[Card]) -> Card:
        """The card to play to a trick already led."""
        trump, trick = self.trump, self.trick
        led = SUIT[trick[0][1]]
        keys = KEYS[trump][led]
        win_seat, win_card = trick[0]
        for seat, card in trick[1:]:
            if keys[card] > keys[win_card]:
                win_seat, win_card = seat, card
        beaters = [f for f in faces if keys[f] > keys[win_card]]
        cheapest = min(faces, key=lambda f: (POINTS[f], give_away_cost(f, trump)))
        if win_seat == self.seat ^ 2 and self.sure(win_card, led, self.opponents_after):
            return max(faces, key=lambda f: feed_value(f, trump))
        if not beaters:
            return cheapest
        sure = [f for f in beaters if self.sure(f, led, self.opponents_after)]
        if sure:
            return min(sure, key=lambda f: win_cost(f, trump))
        return cheapest


__all__ = ["HeuristicBot"]
