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

from collections.abc import Mapping
from typing import Any, ClassVar

from tricktable.cards import ROOK, Card, Seat, bits
from tricktable.engine import observe as obs
from tricktable.engine.actions import Action
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.observe import Feature
from tricktable.engine.play import PlaySpec, spec_with
from tricktable.engine.positions import deal_number, deal_seat, deal_suit
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Rules
from tricktable.engine.state import (
    BID_PHASE,
    DISCARD_PHASE,
    GAME_OVER_PHASE,
    JSON,
    PLAY_PHASE,
    TRUMP_PHASE,
    deal_round,
    read_deal,
)
from tricktable.engine.views import Key
from tricktable.games import invariants
from tricktable.games.rook_cards import (
    BID_MAX,
    BID_MIN,
    BID_STEP,
    BIRD,
    BIRD_MASK,
    CARDS_BONUS,
    COUNTERS,
    DISCARD_CARDS,
    HAND_SIZE,
    KEYS,
    LOW_BOY,
    NO_TRUMP,
    PLAY_CARDS,
    POINTS,
    TABLE,
    TRUMP_OFFERS,
    RookRules,
    bid_event,
    bid_offer,
    dealt_text,
    hand_text,
    play_spec,
)
from tricktable.games.rook_table import RookTable

__all__ = ["BID_MAX", "BID_MIN", "BID_STEP", "BIRD", "BIRD_MASK", "CARDS_BONUS", "COUNTERS",
           "HAND_SIZE", "KEYS", "POINTS", "RookGame", "RookRules", "hand_text", "play_spec"]


@register_game
class RookGame(RookTable):
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
    unsearched = frozenset({"last_trick", "lacks", "bids", "taken", "nest_cards", "played"})
    result_keys: ClassVar[dict[str, Key]] = {
        "renege": Key("record", "the first renege: {seat, trick}, which forfeits the hand",
                      nullable=True),
        "discard": Key("cards", "the cards the bidder discarded (a counter counts for nobody)"),
        "no_points": Key("flag", "no card point counted this hand (a low boy: only whether "
                                 "the bidder took a trick)"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "bids": Key("records", "the auction so far: {seat, bid}, bid null for a pass"),
        "high_bid": Key("count", "the highest bid so far", nullable=True),
        "high_bidder": Key("seat", "who made it", nullable=True),
        "bid": Key("count", "the bid the declarer must make", nullable=True),
        "nest_size": Key("count", "cards in the nest"),
        "target": Key("count", "points that win the game"),
        "rook_rank": Key("text", "the Rook among the trumps: lowest, 10.5 or highest"),
        "min_bid": Key("count", "the lowest bid"),
        "low_boy": Key("flag", "the contract is a low boy: the declarer plays alone to take no "
                               "trick"),
        "sits_out": Key("seat", "the seat that plays no card this hand (a low boy declarer's "
                                "partner, its cards face down)", nullable=True),
        "action_words": Key("record", "how the actions named by one word are said on buttons "
                                      "({lowboy: low boy, notrump: no trump})"),
        "nest_cards": Key("cards", "the cards the declarer took from the nest", private=True),
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
        rules = self.rules
        size = rules.hand_size
        if self.deal is not None:
            self.dealer, self.hands, piles = read_deal(
                ROOK, self.deal, 4, size, {"nest": rules.nest})
            self.nest = piles["nest"]
        else:
            order = self.shuffled()
            self.hands = deal_round(order[:-rules.nest], 4, self.dealer)
            self.nest = sum(1 << card for card in order[-rules.nest:])
        self.nest_cards = 0  # what the bidder found in the nest
        self.discarded = 0
        self.bids: list[tuple[Seat, int | str | None]] = []  # a number, LOW_BOY, None: pass
        self.passed = 0  # bitmask of seats that have passed
        self.high_bid = 0
        self.high_seat: Seat | None = None
        self.bidder: Seat | None = None
        self.low_boy_seat: Seat | None = None  # who bid low boy in this auction
        self.low_boy = False  # the contract is a low boy
        self.bid = 0
        self.trump: int | None = None
        self.spec = play_spec(0, rules.enforce_follow_suit, rules.rook_rank, size)
        self._start_tricks(leader=(self.dealer + 1) % 4)
        self.reneges: list[tuple[Seat, int]] = []  # (seat, trick number)
        self.phase = BID_PHASE
        self.to_move = (self.dealer + 1) % 4
        name = self.seat_name(self.dealer)
        self.log.append(Event("deal", self.dealer, f"hand {self.hand_number}: {name} deals"))
        for seat in range(4):
            self.log.append(dealt("hand", seat, f"{self.seat_name(seat)} is dealt {size} cards",
                                  self.hands[seat], dealt_text(self.rules.rook_rank)))

    def _bid_actions(self) -> list[Action]:
        """Pass and the bids the seat may make (only 200 outbids a low boy), offered with
        their ids: ``apply`` takes them without checking them again."""
        actions, self._offered = bid_offer(self._lowest_bid(), self.rules.low_boy,
                                           self.low_boy_seat is not None)
        return [*actions]

    def _no_trump_allowed(self) -> bool:
        """Whether the bidder may name no trump: the option, or a low boy's own choice."""
        return self.rules.no_trumps or self.low_boy

    def _after_bid(self) -> None:
        active = [s for s in range(4) if not self.passed >> s & 1]
        if self.high_bid == BID_MAX or (self.high_seat is not None and active == [self.high_seat]):
            low_boy = self.high_bid < BID_MAX and self.high_seat == self.low_boy_seat
            self._win_bid(self.high_seat, BID_MAX if low_boy else self.high_bid,  # type: ignore
                          low_boy)
        elif not active:
            if self.rules.all_pass == "dealer_takes_70":
                low = self.rules.min_bid
                self.log.append(Event("bid", self.dealer,
                                      f"all pass: the dealer takes it at {low}"))
                self._win_bid(self.dealer, low)
            else:
                self.log.append(Event("hand", None, "all pass: the hand is thrown in"))
                self._end_hand(thrown_in=True)
        else:
            seat = (self.to_move or 0) + 1
            while self.passed >> (seat % 4) & 1:
                seat += 1
            self.to_move = seat % 4

    def _win_bid(self, seat: Seat, bid: int, low_boy: bool = False) -> None:
        """``seat`` wins the auction at ``bid`` (a low boy: for 200 either way)."""
        self.bidder, self.bid, self.low_boy = seat, bid, low_boy
        self.nest_cards = self.nest
        self.hands[seat] |= self.nest
        self.nest = 0
        name = self.seat_name(seat)
        won = "low boy" if low_boy else f"the bid at {bid}"
        self.log.append(Event("nest", seat, f"{name} wins {won} and takes the nest",
                              f"you win {won}; the nest holds "
                              f"{' '.join(ROOK.text(c) for c in bits(self.nest_cards))}"))
        self.phase = DISCARD_PHASE
        self.to_move = seat

    def _spec(self, trump: int) -> PlaySpec:
        """The play spec once ``trump`` is named, under this game's options."""
        rules = self.rules
        return play_spec(trump, rules.enforce_follow_suit, rules.rook_rank, rules.hand_size)

    def _discardable(self) -> int:
        """Any card with the Kentucky discard's scoring; else no counter while it can."""
        hand = self.hands[self.to_move or 0]
        return hand if self.rules.discard_points == "last_trick" else hand & ~COUNTERS or hand

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
        # a low boy is lost with the bidder's first trick: nothing is left to decide
        if self.tricks_played == self.spec.tricks or (self.low_boy and winner == self.bidder):
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
            # the bidders need half the tricks, the others more than half (no "cards" in a
            # low boy, which scores 200 either way)
            bonus_team = bidders if 2 * team_tricks[bidders] >= self.spec.tricks else 1 - bidders
            if not self.low_boy:
                points[bonus_team] += CARDS_BONUS
                if self.rules.discard_points == "last_trick":  # the discard to the last trick
                    last = self.last_trick[2] if self.last_trick else None
                    side = bidders if last is None else last % 2
                    points[side] += self._discard_points()
            if self.reneges:
                seat, trick_number = self.reneges[0]
                renege = {"seat": seat, "trick": trick_number}
                deltas[seat % 2], deltas[1 - seat % 2] = 0, 200
            elif self.low_boy:
                made = self.tricks_won[self.bidder or 0] == 0
                deltas[bidders] = BID_MAX if made else -BID_MAX
            else:
                made = points[bidders] >= self.bid
                deltas[bidders] = points[bidders] if made else -self.bid
                deltas[1 - bidders] = points[1 - bidders]
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        declarer = None if thrown_in else self.bidder
        margin = None if made is None else points[(self.bidder or 0) % 2] - self.bid
        self.results.append(hand_result(
            self, declarer=declarer, made=made, margin=margin,
            contract=None if thrown_in else self._contract(),
            card_points=points, deltas=deltas, outcome=self._outcome(declarer, made, points),
            renege=renege, discard=[ROOK.text(c) for c in bits(self.discarded)],
            no_points=self.low_boy))
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
        self.phase = GAME_OVER_PHASE
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
        if phase is BID_PHASE:
            return self._bid_actions()
        if phase is DISCARD_PHASE:
            actions, self._offered = DISCARD_CARDS.offer(self._discardable())
            return actions
        if phase is TRUMP_PHASE:
            trumps, self._offered = TRUMP_OFFERS[bool(self._no_trump_allowed())]
            return [*trumps]
        return []

    def _illegal(self, action: Action) -> str | None:
        phase, kind = self.phase, action.kind
        if phase is PLAY_PHASE and kind == "play":
            card, seat = action.arg or 0, self.to_move or 0
            return None if self.playable(seat) >> card & 1 else self.why_not_play(seat, card)
        bidding = ("bid", "pass", "lowboy") if self.rules.low_boy else ("bid", "pass")
        expected = {BID_PHASE: bidding, DISCARD_PHASE: ("discard",),
                    TRUMP_PHASE: ("trump", "notrump") if self._no_trump_allowed() else ("trump",),
                    PLAY_PHASE: ("play",)}[phase]
        if kind == "notrump" and not self._no_trump_allowed():
            return "no trump is not played at this table (the option no_trumps is off)"
        if kind == "lowboy" and not self.rules.low_boy:
            return "low boy is not played at this table (the option low_boy is off)"
        if kind not in expected:
            return f"it is time to {' or '.join(expected)}, not to {kind}"
        if phase is BID_PHASE and self.low_boy_seat is not None and kind != "pass" \
                and action.arg != BID_MAX:
            return f"{self.seat_name(self.low_boy_seat)} bid low boy: only 200 outbids it"
        if kind == "lowboy" and self.high_bid == BID_MAX:
            return "200 has been bid: low boy cannot outbid it"
        if kind == "bid":
            bid = action.arg or 0
            if bid < self.rules.min_bid:
                return f"the lowest bid is {self.rules.min_bid}"
            if bid <= self.high_bid:
                return f"a bid must be higher than the high bid of {self.high_bid}"
        if kind == "discard":
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
        if kind in ("bid", "pass", "lowboy"):
            if kind == "pass":
                self.passed |= 1 << seat
                self.bids.append((seat, None))
            elif kind == "lowboy":
                self.low_boy_seat = self.high_seat = seat
                self.bids.append((seat, LOW_BOY))
            else:
                self.high_bid, self.high_seat = action.arg or 0, seat
                self.bids.append((seat, self.high_bid))
            self.log.append(bid_event(seat, action))
            self._after_bid()
            return
        name = self.seat_name(seat)
        if kind == "discard":
            card = action.arg or 0
            self.hands[seat] ^= 1 << card
            self.discarded |= 1 << card
            self.log.append(Event("discard", seat, f"{name} discards a card",
                                  f"you discard {ROOK.text(card)}"))
            if self.discarded.bit_count() == self.rules.nest:  # as many as the nest gave
                self.phase = TRUMP_PHASE
        elif kind in ("trump", "notrump"):
            self.trump = NO_TRUMP if kind == "notrump" else action.arg or 0
            partner = -1 if not self.low_boy else ((self.bidder or 0) + 2) % 4
            self.spec = spec_with(self._spec(self.trump), bonus_side=(self.bidder or 0) % 2,
                                sits_out=partner)  # a low boy's partner plays no card
            named = "no trump" if self.trump == NO_TRUMP else f"{self._trump_text()} trump"
            self.log.append(Event("trump", seat, f"{name} names {named}"))
            self.phase = PLAY_PHASE

    play_deal_keys = frozenset({"trump", "declarer", "bid"})

    def _play_contract(self, deal: JSON) -> Seat | None:
        """A play deal's contract: ``trump`` (a colour, or ``notrump`` where the option
        ``no_trumps`` is on), ``declarer`` (the bidder, default 0) and ``bid`` (default the
        minimum bid)."""
        words = {"notrump": NO_TRUMP} if self.rules.no_trumps else {}
        trump = deal_suit(deal, "trump", ROOK, words)
        declarer = deal_seat(deal, "declarer", 4, 0)
        low = self.rules.min_bid
        bid = deal_number(deal, "bid", range(low, BID_MAX + 1, BID_STEP), low)
        self.bidder, self.bid, self.high_bid, self.high_seat = declarer, bid, bid, declarer
        self.trump, self.nest, self.discarded = trump, 0, 0
        self.spec = spec_with(self._spec(trump), bonus_side=declarer % 2)
        return declarer

    def hand_score(self, totals: list[int]) -> list[int] | None:
        """Each side's score for the hand had it ended with ``totals`` card points (the 20
        for most cards in): the bidders make their bid or lose it (a low boy's score is no
        function of points: None)."""
        if self.low_boy:
            return None
        bidders = (self.bidder or 0) % 2
        made = totals[bidders] >= self.bid
        deltas = [0, 0]
        deltas[bidders] = totals[bidders] if made else -self.bid
        deltas[1 - bidders] = totals[1 - bidders]
        return deltas

    def _plain_tricks(self) -> bool:
        return self.rules.enforce_follow_suit  # else reneges score as forfeits at the end

    def _discard_points(self) -> int:
        """The counters of the discard (in a world, the discard sampled for it)."""
        return sum(POINTS[card] for card in bits(self.discarded))

    def search_spec(self) -> PlaySpec:
        """The play spec, with the discard's counters to the last trick under the Kentucky
        rule (``discard_points="last_trick"``; the hand's end adds them, not the play)."""
        if self.rules.discard_points != "last_trick" or self.low_boy:
            return self.spec
        return spec_with(self.spec, last_bonus=self.spec.last_bonus + self._discard_points())

    def taken_points(self) -> list[int]:
        """Counter points taken by each team so far (the 20 for most cards comes at the end)."""
        return list(self.card_points)

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (BID_PHASE, DISCARD_PHASE, TRUMP_PHASE, PLAY_PHASE)
    deal_piles: ClassVar[Piles] = {4: {"nest": 1}}

    playout_options: ClassVar[Mapping[str, Any]] = {"loss_limit": 500}
    """Random players are set hand after hand and never reach the target: a floor ends it."""

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.rook_hand(self, index)

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """The 200 points either way; the bids and 4 passes, the discards, trump, the cards."""
        assert isinstance(rules, RookRules)
        bids = (BID_MAX - rules.min_bid) // BID_STEP + 1 + rules.low_boy
        return HandBounds(-200.0, 200.0, bids + 4 + rules.nest + 1 + 4 * rules.hand_size)

    @classmethod
    def deal_layout(cls, players: int, rules: Rules) -> Mapping[str, int]:
        """The nest, of the ``nest`` option's size."""
        assert isinstance(rules, RookRules)
        return {"nest": rules.nest}

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
            Feature("nest_cards", (d,), "the cards the bidder found in the nest (the bidder"
                    " only)", obs.cards_of("nest_cards")),
            Feature("discard", (d,), "the bidder's own discard (the bidder only)",
                    obs.cards_of("discard")),
        ]
