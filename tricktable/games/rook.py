"""Rook: 57 cards, four players in partnerships, bidding 70-200, the nest.

Rules: ``shared/seeds/000`` and RULES.md section 1; rulings in docs/rules.md.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=3)
>>> game.phase, len(game.legal_actions())
(<Phase.BID: 'bid'>, 28)
>>> _ = game.apply("bid 70")
>>> game.apply("bid 70")
Traceback (most recent call last):
...
tricktable.engine.actions.IllegalAction: a bid must be higher than the high bid of 70
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tricktable.cards import ROOK, Card, Seat, bits
from tricktable.engine import observe as obs
from tricktable.engine.actions import Action, ActionTable, CardActions
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.observe import Feature
from tricktable.engine.play import (
    FOLLOW,
    PLAY_PHASE,
    PlaySpec,
    TrickGame,
    plain_spec,
    spec_with,
)
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Rules, option
from tricktable.engine.state import JSON, DealError, Phase, deal_round, read_deal
from tricktable.engine.views import Key
from tricktable.engine.worlds import Hidden
from tricktable.games import invariants

BID_MIN, BID_MAX, BID_STEP = 70, 200, 5
HAND_SIZE = 14
CARDS_BONUS = 20
COLOURS = 4
BIRD: Card = ROOK.parse("Rook")
BIRD_MASK = 1 << BIRD

POINTS: list[int] = [0] * len(ROOK)
"""Counter value of each card: 5s 5, 10s and 14s 10, 1s 15, the Rook 20."""
for _card in range(len(ROOK)):
    _label = ROOK.ascii(_card)[1:]
    POINTS[_card] = {"5": 5, "10": 10, "14": 10, "1": 15, "ook": 20}.get(_label, 0)
COUNTERS = sum(1 << c for c, p in enumerate(POINTS) if p)

SUIT_MASKS = ROOK.suit_masks[:COLOURS]


def play_spec(trump: int, enforce_follow_suit: bool = True) -> PlaySpec:
    """Rook's trick play once ``trump`` is named: follow the led colour (the Rook is a
    trump, the lowest), else any card; trump over all. Reneges are refused unless
    the option lets them stand (then they forfeit the hand at its end).

    >>> spec = play_spec(trump=0)
    >>> spec.key(0, BIRD, BIRD) < spec.key(0, ROOK.parse("R2"), BIRD)  # the Rook: lowest trump
    True
    """
    plain = plain_spec(ROOK, players=4, sides=2, trump=trump, points=tuple(POINTS),
                       duty=FOLLOW if enforce_follow_suit else 0)
    trumps = SUIT_MASKS[trump] | BIRD_MASK
    follows = tuple(trumps if card == BIRD or follows & trumps else follows
                    for card, follows in enumerate(plain.follows))
    rank = tuple(-1 if card == BIRD else r for card, r in enumerate(plain.rank))
    return PlaySpec(players=4, side_of=plain.side_of, follows=follows, rank=rank,
                    trumps=(trumps,) * 4, points=plain.points, tricks=HAND_SIZE,
                    duty=plain.duty, suit_masks=plain.suit_masks,
                    most_tricks_bonus=CARDS_BONUS)


SPECS = {(trump, enforce): play_spec(trump, enforce) for trump in range(COLOURS)
         for enforce in (True, False)}
KEYS = [[[SPECS[trump, True].key(0, card, SUIT_MASKS[led].bit_length() - 1)
          for card in range(len(ROOK))] for led in range(COLOURS)] for trump in range(COLOURS)]
"""``KEYS[trump][led][card]``: each card's key in a trick led in colour ``led`` (for bots)."""


TABLE = ActionTable(ROOK, [
    ("bid", "number", range(BID_MIN, BID_MAX + 1, BID_STEP)),
    ("pass", "none", [None]),
    ("discard", "card", range(len(ROOK))),
    ("trump", "suit", range(COLOURS)),
    ("play", "card", range(len(ROOK))),
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card] for card in range(len(ROOK))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)
DISCARD = TABLE.kind_index("discard")
BIDS = TABLE.kind_index("bid")
PASS = TABLE.get("pass")
BID_LIST = [BIDS[bid] for bid in range(BID_MIN, BID_MAX + 1, BID_STEP)]
BID_OFFERS = [([PASS, *BID_LIST[low:]], sum(1 << a.id for a in [PASS, *BID_LIST[low:]]))
              for low in range(len(BID_LIST) + 1)]
"""Per lowest bid allowed (its index in ``BID_LIST``): the bid actions and their ids' mask."""
EXPECTED = {Phase.BID: ("bid", "pass"), Phase.DISCARD: ("discard",),
            Phase.TRUMP: ("trump",), Phase.PLAY: ("play",)}


@dataclass(frozen=True)
class RookRules(Rules):
    """Rook's options (RULES.md section 1)."""

    target: int = option(500, "points that win the game", minimum=1, maximum=2500)
    all_pass: str = option(
        "redeal", "when all four pass: redeal, or the dealer takes the bid at 70",
        choices=("redeal", "dealer_takes_70"),
    )
    loss_limit: int = option(
        0, "a team at or below minus this many points loses the game (0: no limit)", minimum=0,
        maximum=2500
    )
    enforce_follow_suit: bool = option(
        True, "refuse a renege; off: reneges are allowed and forfeit the hand at its end"
    )


def hand_text(mask: int, trump: int | None = None) -> list[str]:
    """Cards sorted for display: by colour, high to low, the Rook with trump.

    >>> hand_text(sum(1 << ROOK.parse(c) for c in ["Rook", "R1", "R2", "G14"]), trump=0)
    ['R1', 'R2', 'Rook', 'G14']
    """
    if trump is None:
        return ROOK.hand_texts(mask)  # colour by colour, high to low, the Rook last
    order: list[Card] = []
    for suit in range(COLOURS):
        order.extend(sorted(bits(mask & SUIT_MASKS[suit]), reverse=True))
        if suit == trump and mask & BIRD_MASK:
            order.append(BIRD)
    if trump is None and mask & BIRD_MASK:
        order.append(BIRD)
    return [ROOK.text(card) for card in order]


@register_game
class RookGame(TrickGame):
    """A game of Rook to the target, or one hand when dealt from ``deal=``."""

    name = "rook"
    title = "Rook"
    deck = ROOK
    table = TABLE
    rules_type = RookRules
    player_counts = (4,)
    tricks_reviewable = False  # the seed: tricks may not be reviewed until the hand ends
    play_points = POINTS
    point_fields = frozenset({"card_points"})
    unsearched = frozenset({"last_trick", "lacks", "bids", "taken", "nest_card", "played"})
    result_keys: ClassVar[dict[str, Key]] = {
        "renege": Key("record", "the first renege: {seat, trick}, which forfeits the hand",
                      nullable=True),
        "discard": Key("cards", "the card the bidder discarded (counts for nobody)"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "bids": Key("records", "the auction so far: {seat, bid}, bid null for a pass"),
        "high_bid": Key("count", "the highest bid so far", nullable=True),
        "high_bidder": Key("seat", "who made it", nullable=True),
        "bid": Key("count", "the bid the declarer must make", nullable=True),
        "nest_size": Key("count", "cards in the nest"),
        "target": Key("count", "points that win the game"),
        "nest_card": Key("card", "the card the declarer took from the nest", private=True),
        "discard": Key("cards", "the declarer's discard", private=True),
    }
    rules: RookRules

    def __init__(self, rules: RookRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.scores = [0, 0]
        self.hand_number = 0
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[0, 2], [1, 3]]

    # -- dealing and bidding ---------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        if self.deal is not None:
            self.dealer, self.hands, piles = read_deal(
                ROOK, self.deal, 4, HAND_SIZE, {"nest": 1})
            self.nest = piles["nest"]
        else:
            order = self.shuffled()
            self.hands = deal_round(order[:-1], 4, self.dealer)
            self.nest = 1 << order[-1]
        self.nest_card: Card | None = None
        self.discarded = 0
        self.bids: list[tuple[Seat, int | None]] = []
        self.passed = 0  # bitmask of seats that have passed
        self.high_bid = 0
        self.high_seat: Seat | None = None
        self.bidder: Seat | None = None
        self.bid = 0
        self.trump: int | None = None
        self.spec = SPECS[0, self.rules.enforce_follow_suit]
        self._start_tricks(leader=(self.dealer + 1) % 4)
        self.reneges: list[tuple[Seat, int]] = []  # (seat, trick number)
        self.phase = Phase.BID
        self.to_move = (self.dealer + 1) % 4
        name = self.seat_name(self.dealer)
        self.log.append(Event("deal", self.dealer, f"hand {self.hand_number}: {name} deals"))
        for seat in range(4):
            self.log.append(dealt("hand", seat, f"{self.seat_name(seat)} is dealt 14 cards",
                                  self.hands[seat], hand_text))

    def _bid_actions(self) -> list[Action]:
        low = max(0, (self.high_bid - BID_MIN) // BID_STEP + 1) if self.high_bid else 0
        actions, self._offered = BID_OFFERS[low]
        return list(actions)

    def _after_bid(self) -> None:
        active = [s for s in range(4) if not self.passed >> s & 1]
        if self.high_bid == BID_MAX or (self.high_seat is not None and active == [self.high_seat]):
            self._win_bid(self.high_seat, self.high_bid)  # type: ignore[arg-type]
        elif not active:
            if self.rules.all_pass == "dealer_takes_70":
                self.log.append(Event("bid", self.dealer, "all pass: the dealer takes it at 70"))
                self._win_bid(self.dealer, BID_MIN)
            else:
                self.log.append(Event("hand", None, "all pass: the hand is thrown in"))
                self._end_hand(thrown_in=True)
        else:
            seat = (self.to_move or 0) + 1
            while self.passed >> (seat % 4) & 1:
                seat += 1
            self.to_move = seat % 4

    def _win_bid(self, seat: Seat, bid: int) -> None:
        self.bidder, self.bid = seat, bid
        self.nest_card = self.nest.bit_length() - 1
        self.hands[seat] |= self.nest
        self.nest = 0
        name = self.seat_name(seat)
        self.log.append(Event("nest", seat, f"{name} wins the bid at {bid} and takes the nest",
                              f"you win the bid at {bid}; the nest holds "
                              f"{ROOK.text(self.nest_card)}"))
        self.phase = Phase.DISCARD
        self.to_move = seat

    def _discardable(self) -> int:
        hand = self.hands[self.to_move or 0]
        return hand & ~COUNTERS or hand

    # -- play --------------------------------------------------------------

    def _play(self, card: Card) -> None:
        seat = self.to_move or 0
        trick = self.trick
        if trick and not self.spec.duty:  # a renege stands: it is found at the hand's end
            led = self.spec.follows[trick[0]]
            if not led >> card & 1 and self.hands[seat] & led:
                self.reneges.append((seat, self.tricks_played + 1))
        self._play_card(seat, card)

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        super()._trick_done(winner, cards)
        if self.tricks_played == HAND_SIZE:
            self._end_hand()

    # -- scoring -----------------------------------------------------------

    def _end_hand(self, thrown_in: bool = False) -> None:
        team_tricks = [self.tricks_won[0] + self.tricks_won[2],
                       self.tricks_won[1] + self.tricks_won[3]]
        points = list(self.card_points)
        deltas = [0, 0]
        renege: JSON | None = None
        made: bool | None = None  # whether the bidders made their bid
        if not thrown_in:
            bidders = (self.bidder or 0) % 2
            bonus_team = bidders if team_tricks[bidders] >= 7 else 1 - bidders
            points[bonus_team] += CARDS_BONUS
            if self.reneges:
                seat, trick_number = self.reneges[0]
                renege = {"seat": seat, "trick": trick_number}
                deltas[seat % 2], deltas[1 - seat % 2] = 0, 200
            else:
                made = points[bidders] >= self.bid
                deltas[bidders] = points[bidders] if made else -self.bid
                deltas[1 - bidders] = points[1 - bidders]
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        declarer = None if thrown_in else self.bidder
        margin = None if made is None else points[(self.bidder or 0) % 2] - self.bid
        self.results.append(hand_result(
            self, declarer=declarer, made=made, margin=margin,
            contract=None if thrown_in else f"{self.bid} {ROOK.suit_text(self.trump or 0)}",
            card_points=points, deltas=deltas, outcome=self._outcome(declarer, made, points),
            renege=renege, discard=[ROOK.text(c) for c in bits(self.discarded)]))
        summary = (f"hand {self.hand_number} over: N/S {deltas[0]:+d}, E/W {deltas[1]:+d}; "
                   f"scores N/S {self.scores[0]}, E/W {self.scores[1]}")
        if renege:
            summary += f" ({self.seat_name(renege['seat'])} reneged in trick {renege['trick']})"
        self.log.append(Event("score", None, summary))
        self._next_hand_or_end()

    def _next_hand_or_end(self) -> None:
        reached = [s >= self.rules.target for s in self.scores]
        limit = self.rules.loss_limit
        sunk = [limit > 0 and s <= -limit for s in self.scores]
        if self.deal is None and not any(reached) and not any(sunk):
            self.dealer = (self.dealer + 1) % 4
            self._start_hand()
            return
        a, b = self.scores
        if any(sunk) and not any(reached):
            self.winner = 1 if sunk[0] else 0
        elif a != b:
            self.winner = 0 if a > b else 1
        elif any(reached) and self.bidder is not None:
            self.winner = self.bidder % 2  # a tie goes to the team that won the last bid
        self.phase = Phase.GAME_OVER
        self.to_move = None
        won = "nobody" if self.winner is None else ("N/S", "E/W")[self.winner]
        self.log.append(Event("game", None, f"game over: {won} wins, N/S {a}, E/W {b}"))

    # -- the public API ----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take.

        >>> import tricktable
        >>> [a.text for a in tricktable.new_game("rook", seed=1).legal_actions()][:3]
        ['pass', 'bid 70', 'bid 75']
        """
        phase = self.phase
        if phase is PLAY_PHASE:
            return self._offer_plays(PLAY_CARDS, plain=-1 if self.spec.duty else 0)
        if phase is Phase.BID:
            return self._bid_actions()
        if phase is Phase.DISCARD:
            return [DISCARD[c] for c in bits(self._discardable())]
        if phase is Phase.TRUMP:
            return [TABLE.get("trump", s) for s in range(COLOURS)]
        return []

    def _illegal(self, action: Action) -> str | None:
        phase, kind = self.phase, action.kind
        if phase is Phase.PLAY and kind == "play":
            card, seat = action.arg or 0, self.to_move or 0
            return None if self.playable(seat) >> card & 1 else self.why_not_play(seat, card)
        expected = EXPECTED[phase]
        if kind not in expected:
            return f"it is time to {' or '.join(expected)}, not to {kind}"
        if kind == "bid":
            bid = action.arg or 0
            if bid <= self.high_bid:
                return f"a bid must be higher than the high bid of {self.high_bid}"
        elif kind == "discard":
            card = action.arg or 0
            if not self.hands[self.to_move or 0] >> card & 1:
                return f"you do not hold {ROOK.text(card)}"
            if not self._discardable() >> card & 1:
                return "the discard may not be a counter"
        return None

    def _why_not_follow(self, seat: Seat, card: Card, led_suit: str) -> str:
        if card == BIRD:
            return f"you must follow suit: you hold a {led_suit} and the Rook is a trump"
        if self.hands[seat] & self.spec.follows[self.trick[0]] == BIRD_MASK:
            return f"you must follow suit: {led_suit} is trump and you hold the Rook"
        return f"you must follow suit: you hold a {led_suit}"

    def _do(self, action: Action) -> None:
        kind, seat = action.kind, self.to_move or 0
        if kind == "play":
            self._play(action.arg or 0)
            return
        name = self.seat_name(seat)
        if kind == "bid" or kind == "pass":
            if kind == "pass":
                self.passed |= 1 << seat
                self.bids.append((seat, None))
                self.log.append(Event("pass", seat, f"{name} passes"))
            else:
                self.high_bid, self.high_seat = action.arg or 0, seat
                self.bids.append((seat, self.high_bid))
                self.log.append(Event("bid", seat, f"{name} bids {self.high_bid}"))
            self._after_bid()
        elif kind == "discard":
            card = action.arg or 0
            self.hands[seat] ^= 1 << card
            self.discarded = 1 << card
            self.log.append(Event("discard", seat, f"{name} discards a card",
                                  f"you discard {ROOK.text(card)}"))
            self.phase = Phase.TRUMP
        elif kind == "trump":
            self.trump = action.arg
            self.spec = spec_with(SPECS[self.trump or 0, self.rules.enforce_follow_suit],
                                bonus_side=(self.bidder or 0) % 2)
            self.log.append(Event("trump", seat, f"{name} names {ROOK.suit_text(self.trump or 0)}"
                                                 " trump"))
            self.phase = Phase.PLAY

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("rook", seed=5).view(0)
        >>> len(v["hand"]), v["hand_sizes"], v["phase"]
        (14, [14, 14, 14, 14], 'bid')
        """
        trump = self.trump
        view: JSON = {
            "game": self.name,
            "seat": seat,
            "players": 4,
            "sides": self.sides,
            "phase": str(self.phase),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "bids": [{"seat": s, "bid": b} for s, b in self.bids],
            "high_bid": self.high_bid or None,
            "high_bidder": self.high_seat,
            "declarer": self.bidder,
            "bid": self.bid if self.bidder is not None else None,
            "contract": None if trump is None else f"{self.bid} {ROOK.suit_text(trump)}",
            "trump": None if trump is None else ROOK.suit_text(trump),
            "nest_size": self.nest.bit_count(),
            "trick": self.trick_cards(),
            "last_trick": None if self.trick else self.last_trick_view(),  # until the next lead
            "tricks": [self.tricks_won[0] + self.tricks_won[2],
                       self.tricks_won[1] + self.tricks_won[3]],
            "scores": list(self.scores),
            "target": self.rules.target,
            "winner": self.winner,
        }
        if seat is not None:
            view["hand"] = hand_text(self.hands[seat], trump)
            if seat == self.bidder and self.nest_card is not None:
                view["nest_card"] = ROOK.text(self.nest_card)
                view["discard"] = [ROOK.text(c) for c in bits(self.discarded)]
        view.update(self._table_view(seat))
        return view


    def reveal(self) -> JSON:
        """Every card's place, face up (replays and tests only)."""
        return {
            "hands": [hand_text(h, self.trump) for h in self.hands],
            "nest": [ROOK.text(c) for c in bits(self.nest)],
            "discard": [ROOK.text(c) for c in bits(self.discarded)],
            "trick": [ROOK.text(c) for c in self.trick],
            "taken": [[ROOK.text(c) for c in bits(self.taken[s] | self.taken[s + 2])]
                      for s in (0, 1)],
        }

    def hidden(self, seat: Seat) -> Hidden:
        """The other hands, the nest, and (to all but the bidder) the discard, a non-counter.

        >>> import tricktable
        >>> tricktable.new_game("rook", seed=1).hidden(0).sizes
        (14, 14, 14, 1)
        """
        pool = self.hidden_from(seat)
        sizes, allowed = [], []
        for other in range(4):
            if other != seat:
                sizes.append(self.hands[other].bit_count())
                allowed.append(pool & ~self.lacks[other])
        for pile, only in ((self.nest, pool), (self.discarded & pool, pool & ~COUNTERS)):
            if pile:
                sizes.append(pile.bit_count())
                allowed.append(only)
        return Hidden(pool, tuple(sizes), tuple(allowed))

    def _hidden_masks(self, seat: Seat) -> list[int]:
        pool = self.hidden_from(seat)
        piles = [pile for pile in (self.nest, self.discarded & pool) if pile]
        return [self.hands[s] for s in range(4) if s != seat] + piles

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        others = [s for s in range(4) if s != seat]
        for other, mask in zip(others, masks, strict=False):
            self.hands[other] = mask
        rest = masks[3:]
        if self.nest:
            self.nest = rest.pop(0)
        if rest:
            self.discarded = rest[0]
        bidder = self.bidder
        if bidder is not None and bidder != seat and self.nest_card is not None:
            # any card the bidder held once it took the nest, played ones included
            held = self.hands[bidder] | self.discarded | self.played[bidder]
            self.nest_card = rng.choice(list(bits(held)))

    play_deal_keys = frozenset({"trump", "declarer", "bid"})

    def _play_contract(self, deal: JSON) -> Seat | None:
        """A play deal's contract: ``trump`` (a colour), ``declarer`` (the bidder, default
        0) and ``bid`` (default 70)."""
        try:
            trump = ROOK.parse_suit(str(deal.get("trump")))
        except ValueError as error:
            raise DealError(f"'trump': {error}") from None
        declarer, bid = deal.get("declarer", 0), deal.get("bid", BID_MIN)
        if isinstance(declarer, bool) or declarer not in range(4):
            raise DealError("'declarer' must be a seat from 0 to 3")
        if isinstance(bid, bool) or bid not in range(BID_MIN, BID_MAX + 1, BID_STEP):
            raise DealError(f"'bid' must be a bid from {BID_MIN} to {BID_MAX} in {BID_STEP}s")
        self.bidder, self.bid, self.high_bid, self.high_seat = declarer, bid, bid, declarer
        self.trump, self.nest, self.discarded = trump, 0, 0
        self.spec = spec_with(SPECS[trump, self.rules.enforce_follow_suit],
                              bonus_side=declarer % 2)
        return declarer  # type: ignore[no-any-return]

    def hand_score(self, totals: list[int]) -> list[int]:
        """Each side's score for the hand had it ended with ``totals`` card points (the 20
        for most cards in): the bidders make their bid or lose it."""
        bidders = (self.bidder or 0) % 2
        made = totals[bidders] >= self.bid
        deltas = [0, 0]
        deltas[bidders] = totals[bidders] if made else -self.bid
        deltas[1 - bidders] = totals[1 - bidders]
        return deltas

    def _plain_tricks(self) -> bool:
        return self.rules.enforce_follow_suit  # else reneges score as forfeits at the end

    def taken_points(self) -> list[int]:
        """Counter points taken by each team so far (the 20 for most cards comes at the end)."""
        return list(self.card_points)

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now (for leak tests)."""
        hidden = self.nest
        for other in range(4):
            if other != seat:
                hidden |= self.hands[other]
        if seat != self.bidder and self.phase is not Phase.GAME_OVER:
            hidden |= self.discarded  # shown to all once the hand is over
        return hidden

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Nest", "{nest_size} card, face down"),
        ("You took from the nest", "{nest_card:cards}"),
        ("You discarded", "{discard:cards}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> tricktable.new_game("rook", seed=1).prompt(2)
        'Bid 70 to 200 in fives, or pass'
        """
        if seat != self.to_move:
            return None
        if self.phase is Phase.BID:
            return f"Bid {max(BID_MIN, self.high_bid + BID_STEP)} to {BID_MAX} in fives, or pass"
        if self.phase is Phase.DISCARD:
            return ("Choose a card to discard: counters (5, 10, 14, 1 and the bird card) can't "
                    "be discarded while you hold another card")
        if self.phase is Phase.TRUMP:
            return "Name trump: Red, Green, Yellow or Black"
        if not self.trick:
            return "Lead any card"
        led = self.trump if self.trick[0] == BIRD else ROOK.suit_of(self.trick[0])
        return f"Play a card: follow {ROOK.suit_text(led or 0)} if you can"

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (Phase.BID, Phase.DISCARD, Phase.TRUMP, Phase.PLAY)
    deal_piles: ClassVar[Piles] = {4: {"nest": 1}}

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.rook_hand(self, index)

    playout_options: ClassVar[Mapping[str, Any]] = {"loss_limit": 500}
    """Random players are set hand after hand and never reach the target: a floor ends it."""

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """The 200 points either way; 27 bids and 4 passes, discard, trump, 56 cards."""
        return HandBounds(-200.0, 200.0, 27 + 4 + 2 + 56)

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The auction, trump and the bidder's own nest card and discard."""
        n, d = players, len(ROOK)
        return [
            Feature("bids", (n,), "each seat's highest bid / 200", obs.bids(200)),
            Feature("passed", (n,), "1 for each seat that has passed",
                    obs.passes("bids", "bid", None)),
            Feature("high_bidder", (n,), "the seat holding the high bid",
                    obs.seat_of("high_bidder")),
            Feature("bidder", (n,), "the seat that won the bid", obs.seat_of("declarer")),
            Feature("high_bid", (1,), "the high bid (the contract once won) / 200",
                    obs.number("high_bid", 200)),
            Feature("trump", (4,), "the trump colour, one-hot (R G Y B)", obs.suit_of("trump")),
            Feature("nest_card", (d,), "the card the bidder found in the nest (the bidder"
                    " only)", obs.cards_of("nest_card")),
            Feature("discard", (d,), "the bidder's own discard (the bidder only)",
                    obs.cards_of("discard")),
        ]

    # -- what the table shows (the web table and the terminal read these) ----

    def _table_view(self, seat: Seat | None) -> JSON:
        """The contract, trump and nest as labelled table items, and ``prompt`` (in the seat
        to move's own view only).

        >>> import tricktable
        >>> game = tricktable.new_game("rook", seed=1)
        >>> game.view(game.to_move)["prompt"], game.view(None)["table"][0]
        ('Bid 70 to 200 in fives, or pass', {'label': 'Trump', 'text': 'not named yet'})
        """
        name = self.seat_name
        items: list[JSON] = []
        if self.bidder is not None:
            items.append({"label": "Bid", "text": f"{self.bid} by {name(self.bidder)}"})
        elif self.high_seat is not None:
            items.append({"label": "High bid", "text": f"{self.high_bid} by "
                                                      f"{name(self.high_seat)}"})
        trump = "not named yet" if self.trump is None else ROOK.suit_text(self.trump)
        items.append({"label": "Trump", "text": trump})
        if self.nest:
            items.append({"label": "Nest", "text": f"{self.nest.bit_count()} card face down"})
        return {"prompt": None if seat is None else self.prompt(seat), "table": items}

    def _outcome(self, declarer: Seat | None, made: bool | None, taken: list[int]) -> str:
        """How the hand went for the bidders, in words ("made: 135 of 120", "set by 15")."""
        if declarer is None:
            return "thrown in: nobody bid"
        if made is None:
            seat = self.reneges[0][0]
            return f"renege by {self.seat_name(seat)}: 200 to the other team"
        points = taken[declarer % 2]
        if made:
            return f"made: {points} points of the {self.bid} bid"
        return f"set by {self.bid - points}: {points} points of the {self.bid} bid"
