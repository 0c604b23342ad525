"""Bidder: 32 cards, three to six players each for themselves, bid tricks or null.

Rules: ``shared/seeds/004`` and RULES.md section 5; rulings in docs/rules-bidder.md.
This module holds the phase flow; the rules as data are in ``bidder_cards.py``,
the views and words in ``bidder_table.py``.

>>> import tricktable
>>> game = tricktable.new_game("bidder", players=3, seed=4)
>>> game.phase, game.view(0)["hand_size"], len(game.view(0)["left_over"])
(<Phase.BID: 'bid'>, 10, 2)
>>> _ = game.apply("bid 5")
>>> game.apply("bid 5")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.engine.actions.IllegalAction: a bid must outrank the high bid of 5 (order: 1 < ...)
"""

from __future__ import annotations

import random
from typing import ClassVar

from tricktable.cards import PIQUET, Card, Seat
from tricktable.engine.actions import Action
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.positions import deal_number, deal_seat, deal_suit
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Rules
from tricktable.engine.state import (
    BID_PHASE,
    GAME_OVER_PHASE,
    JSON,
    KNOCK_PHASE,
    PLAY_PHASE,
    TRUMP_PHASE,
    DealError,
    deal_round,
    read_deal,
)
from tricktable.engine.worlds import Hidden
from tricktable.games import invariants
from tricktable.games.bidder_cards import (
    BID_OFFERS,
    CONTRA,
    EXPECTED,
    HAND_SIZES,
    KEYS,
    KNOCK,
    NO_TRUMP,
    NULL,
    PASS,
    PLAY_CARDS,
    SPECS,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TABLE,
    TRUMP_IDS,
    TRUMPS,
    BidderRules,
    _order_text,
    bid_rank,
    bid_text,
    hand_text,
    null_value,
)
from tricktable.games.bidder_table import BidderTable

__all__ = [  # what the game's bot and tests import from here
    "HAND_SIZES", "KEYS", "NO_TRUMP", "NULL", "SUITS", "SUIT_MASKS", "SUIT_OF", "BidderGame",
    "BidderRules", "hand_text", "null_value",
]


@register_game
class BidderGame(BidderTable):
    """A session of Bidder (``deals`` deals), or one hand when dealt from ``deal=``."""

    name = "bidder"
    title = "Bidder"
    deck = PIQUET
    table = TABLE
    rules_type = BidderRules
    player_counts = (4, 3, 5, 6)
    rules: BidderRules

    def __init__(self, rules: BidderRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.hand_size = HAND_SIZES[players]
        self.deals = 1 if deal is not None else rules.deals or 2 * players
        self.scores = [0] * players
        self.winners: list[Seat] = []
        self.hand_number = 0
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[seat] for seat in range(self.players)]

    # -- dealing and knocking ----------------------------------------------

    def _shuffle(self) -> tuple[list[int], list[int], int]:
        """Each seat's first half, each seat's rest and the left-over cards."""
        players, n = self.players, self.hand_size
        half = n // 2
        if self.deal is not None:
            self.dealer, hands, piles = read_deal(PIQUET, self.deal, players, n,
                                                  {"left_over": len(PIQUET) - players * n})
            firsts = [sum(1 << c for c in PIQUET.parse_many(h)[:half]) for h in self.deal["hands"]]
            return firsts, [h ^ f for h, f in zip(hands, firsts, strict=True)], piles["left_over"]
        order = self.shuffled()
        firsts = deal_round(order[: players * half], players, self.dealer)
        rests = deal_round(order[players * half: players * n], players, self.dealer)
        return firsts, rests, sum(1 << card for card in order[players * n:])

    def _start_hand(self) -> None:
        self.hand_number += 1
        self.hands, self.rest, self.left_over = self._shuffle()
        self.left_over_shown = False
        self.knockers: list[Seat] = []
        self.bids: list[tuple[Seat, int | None]] = []  # (seat, bid), None for a pass
        self.passed = 0  # bitmask of seats that have passed
        self.high_rank = 0
        self.high_bid: int | None = None
        self.high_seat: Seat | None = None
        self.declarer: Seat | None = None
        self.bid: int | None = None  # the contract: tricks, or NULL
        self.trump: int | None = None
        self.contra_by: Seat | None = None
        self.spec = SPECS[self.players, NO_TRUMP]
        self._start_tricks(leader=(self.dealer + 1) % self.players)
        self.to_move = (self.dealer + 1) % self.players
        self.log.append(Event("deal", self.dealer, f"hand {self.hand_number}: "
                                                   f"{self.seat_name(self.dealer)} deals"))
        if self.rules.knocking:
            self._log_hands(self.hands)
            self.phase = KNOCK_PHASE
        else:
            self._deal_rest()

    def _log_hands(self, masks: list[int], more: str = "") -> None:
        for seat, mask in enumerate(masks):
            self.log.append(dealt("hand", seat, f"{self.seat_name(seat)} is dealt "
                                                f"{mask.bit_count()}{more} cards",
                                  mask, hand_text, f"you are dealt{more} "))

    def _deal_rest(self) -> None:
        """Deal what is left after the knock round (or everything), show the left-over."""
        rest = self.rest
        if any(rest):
            self.hands = [h | r for h, r in zip(self.hands, rest, strict=True)]
            if self.rules.knocking:
                self._log_hands(rest, " more")
            else:
                self._log_hands(self.hands)
            self.rest = [0] * self.players
        self.left_over_shown = True
        if self.left_over:
            self.log.append(Event("left_over", None, "left over, out of play: "
                                                     + " ".join(hand_text(self.left_over))))
        self.phase = BID_PHASE
        self.to_move = (self.dealer + 1) % self.players

    def _knock(self, seat: Seat, knocks: bool) -> None:
        if knocks:
            self.knockers.append(seat)
        self.log.append(Event("knock", seat,
                              f"{self.seat_name(seat)} {'knocks' if knocks else 'does not knock'}"))
        if seat == self.dealer:
            self._deal_rest()
        else:
            self.to_move = (seat + 1) % self.players

    # -- bidding -------------------------------------------------------------

    def _bid(self, seat: Seat, bid: int | None) -> None:
        self.bids.append((seat, bid))
        name = self.seat_name(seat)
        if bid is None:
            self.passed |= 1 << seat
            self.log.append(Event("pass", seat, f"{name} passes"))
        else:
            self.high_bid, self.high_seat = bid, seat
            self.high_rank = bid_rank(bid, self.hand_size)
            self.log.append(Event("bid", seat, f"{name} bids {bid_text(bid)}"))
        active = [s for s in range(self.players) if not self.passed >> s & 1]
        top = self.high_rank == self.hand_size + 1
        if self.high_seat is not None and (top or active == [self.high_seat]):
            self._win_bid(self.high_seat)
        elif not active:
            self.log.append(Event("hand", None, "all pass: the hand is thrown in"))
            self._end_hand(thrown_in=True)
        else:
            nxt = (seat + 1) % self.players
            while self.passed >> nxt & 1:
                nxt = (nxt + 1) % self.players
            self.to_move = nxt

    def _win_bid(self, seat: Seat) -> None:
        self.declarer = seat
        self.bid = bid = self.high_bid or NULL
        self.log.append(Event("contract", seat, f"{self.seat_name(seat)} wins the bid: "
                                                f"{bid_text(bid)}"))
        if self.bid == NULL:
            self._start_play()
        else:
            self.phase = TRUMP_PHASE
            self.to_move = seat

    def _start_play(self) -> None:
        self.spec = SPECS[self.players, NO_TRUMP if self.trump is None else self.trump]
        self.phase = PLAY_PHASE
        self.to_move = (self.dealer + 1) % self.players

    play_deal_keys = frozenset({"bid", "trump", "declarer", "contra", "knocks"})

    def _play_contract(self, deal: JSON) -> Seat | None:
        """A play deal's contract: ``bid`` (tricks, from 1 to a whole hand's, or ``null``:
        required), ``trump`` (a suit; none for null), ``declarer`` (default 0), ``contra``
        (the defender who declared it, or null: the default) and ``knocks`` (the seats
        that knocked, default none).

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", deal={"hands": ["A♠", "K♠", "Q♠", "J♠"],
        ...     "leader": 1, "bid": 1, "trump": "♥", "declarer": 2, "contra": 1})
        >>> game.multiplier, game.legal_actions()[0].text
        (2, 'play K♠')
        """
        n, size = self.players, self.hand_size
        if deal.get("bid") == "null":
            bid = NULL
            if deal.get("trump") is not None:
                raise DealError("a null contract has no 'trump'")
        else:
            bid = deal_number(deal, "bid", range(1, size + 1), -1)
            self.trump = deal_suit(deal, "trump", PIQUET, {})
        declarer = deal_seat(deal, "declarer", n, 0)
        contra, knocks = deal.get("contra"), deal.get("knocks", [])
        if contra is not None:
            contra = deal_seat(deal, "contra", n, None)
            if contra == declarer:
                raise DealError("'contra' is declared by a defender, not the declarer")
        if not isinstance(knocks, list) or len(set(map(str, knocks))) != len(knocks) or any(
                isinstance(k, bool) or k not in range(n) for k in knocks):
            raise DealError(f"'knocks' must list different seats from 0 to {n - 1}")
        self.declarer, self.bid, self.contra_by, self.knockers = declarer, bid, contra, knocks
        self.left_over_shown, self.rest, self.left_over = True, [0] * n, 0
        self.spec = SPECS[n, NO_TRUMP if self.trump is None else self.trump]
        return declarer

    # -- play ----------------------------------------------------------------

    def _may_contra(self, seat: Seat) -> bool:
        """A defender who has not played yet may double, once per hand, with the option on."""
        return (self.rules.contra and self.contra_by is None and seat != self.declarer
                and not self.tricks_played)

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        super()._trick_done(winner, cards)
        if self.tricks_played == self.hand_size or (self.bid == NULL and winner == self.declarer):
            self._end_hand()

    # -- scoring -------------------------------------------------------------

    def _deltas(self, won: int | None = None) -> list[int]:
        """Each other player pays the declarer the stake, or the declarer pays each of them,
        the declarer having taken ``won`` tricks (default: those it took).

        The declarer's change is minus the sum of the others', so a hand sums to zero.
        """
        stake = self._value() * self.multiplier * (1 if self._made(won) else -1)
        deltas = [-stake] * self.players
        deltas[self.declarer or 0] = stake * (self.players - 1)
        return deltas

    score_basis: ClassVar[str] = "tricks"

    def score_side(self) -> int | None:
        """The declarer's side of the play spec (each seat is its own): the score reads
        its tricks alone, and every defender gains as it takes fewer."""
        return None if self.declarer is None else self.spec.side_of[self.declarer]

    def hand_score(self, totals: list[int]) -> list[int] | None:
        """Per seat, the hand's score had the declarer ended it with its side's total of
        ``totals``; None without a declarer, and for null, whose declarer wants no trick:
        a score that falls as the declarer takes more (the solver then searches the
        rules).

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", deal={"hands": ["A♠", "K♠", "Q♠", "J♠"],
        ...     "leader": 0, "bid": 1, "declarer": 2, "trump": "spades"})
        >>> game.hand_score([0, 0, 1, 0]), game.hand_score([1, 1, 0, 1])
        ([-1, -1, 3, -1], [1, 1, -3, 1])
        """
        if self.declarer is None or self.bid is None or self.bid == NULL:
            return None
        return self._deltas(totals[self.spec.side_of[self.declarer]])

    def _end_hand(self, thrown_in: bool = False) -> None:
        declarer = None if thrown_in else self.declarer
        deltas = [0] * self.players if declarer is None else self._deltas()
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        won = 0 if declarer is None else self.tricks_won[declarer]
        self.results.append(hand_result(
            self, declarer=declarer, made=None if declarer is None else self._made(),
            contract=None if declarer is None else self._contract_text(),
            margin=None if declarer is None else (-won if self.bid == NULL
                                                  else won - (self.bid or 0)),
            card_points=self.tricks_won, deltas=deltas, outcome=self._outcome(declarer, won),
            value=None if declarer is None else self._value(), knocks=len(self.knockers),
            contra=self.contra_by is not None, multiplier=self.multiplier))
        changes = ", ".join(f"{self.seat_name(s)} {d:+d}" for s, d in enumerate(deltas))
        self.log.append(Event("score", None, f"hand {self.hand_number} over: {changes}"))
        if self.deal is None and self.hand_number < self.deals:
            self.dealer = (self.dealer + 1) % self.players
            self._start_hand()
        else:
            self._end_game()

    def _end_game(self) -> None:
        best = max(self.scores)
        self.winners = [s for s, score in enumerate(self.scores) if score == best]
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.phase = GAME_OVER_PHASE
        self.to_move = None
        names = " and ".join(self.seat_name(s) for s in self.winners)
        shared = " share the win" if len(self.winners) > 1 else " wins"
        self.log.append(Event("game", None, f"game over: {names}{shared} with {best}"))

    # -- the public API ------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take.

        >>> import tricktable
        >>> [a.text for a in tricktable.new_game("bidder", players=6, seed=1).legal_actions()]
        ['pass', 'bid 1', 'bid 2', 'bid 3', 'null', 'bid 4', 'bid 5']
        """
        phase = self.phase
        if phase is PLAY_PHASE:
            actions = self._offer_plays(PLAY_CARDS)
            if self._may_contra(self.to_move or 0):
                actions.append(CONTRA)
            return actions
        if phase is BID_PHASE:  # offered with their ids: apply need not check them again
            bids, self._offered = BID_OFFERS[self.hand_size][self.high_rank]
            return [*bids]
        if phase is TRUMP_PHASE:
            self._offered = TRUMP_IDS
            return list(TRUMPS)
        if phase is KNOCK_PHASE:
            return [KNOCK, PASS]
        return []

    def _illegal(self, action: Action) -> str | None:
        phase, kind = self.phase, action.kind
        if phase is PLAY_PHASE and kind == "play":
            card = action.arg or 0
            seat = self.to_move or 0
            return None if self.playable(seat) >> card & 1 else self.why_not_play(seat, card)
        expected = EXPECTED[phase]
        if kind not in expected:
            return f"it is time to {' or '.join(expected)}, not to {kind}"
        if kind in ("bid", "null"):
            return self._why_not_bid(NULL if kind == "null" else action.arg or 0)
        if kind == "contra":
            return self._why_not_contra(self.to_move or 0)
        return None

    def _why_not_bid(self, bid: int) -> str | None:
        n = self.hand_size
        if bid > n:
            return f"a bid is 1 to {n} tricks (or null) with {n} cards"
        if bid_rank(bid, n) <= self.high_rank:
            return (f"a bid must outrank the high bid of {bid_text(self.high_bid or NULL)} "
                    f"(order: {_order_text(n)})")
        return None

    def _why_not_contra(self, seat: Seat) -> str | None:
        if self._may_contra(seat):
            return None
        if not self.rules.contra:
            return "contra is not part of this game (option contra is off)"
        if seat == self.declarer:
            return "only a defender may declare contra"
        if self.contra_by is not None:
            return f"{self.seat_name(self.contra_by)} has already declared contra (once per hand)"
        return "contra must be declared before your first card"

    def _do(self, action: Action) -> None:
        kind, seat = action.kind, self.to_move or 0
        if kind == "play":
            self._play_card(seat, action.arg or 0)
        elif kind in ("bid", "null") or (kind == "pass" and self.phase is BID_PHASE):
            self._bid(seat, None if kind == "pass" else NULL if kind == "null" else action.arg)
        elif kind in ("knock", "pass"):
            self._knock(seat, kind == "knock")
        elif kind == "trump":
            self.trump = action.arg
            self.log.append(Event("trump", seat, f"{self.seat_name(seat)} names "
                                                 f"{PIQUET.suit_text(self.trump or 0)} trump"))
            self._start_play()
        elif kind == "contra":
            self.contra_by = seat
            self.log.append(Event("contra", seat, f"{self.seat_name(seat)} declares contra"))

    def hidden(self, seat: Seat) -> Hidden:
        """The other hands (none of a suit it failed to follow), then before the rest is
        dealt each seat's undealt cards (its own too) and the face-down left-over.

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", players=3, seed=1, options={"knocking": True})
        >>> game.hidden(0).sizes  # two half hands, three halves to come, two left over
        (5, 5, 5, 5, 5, 2)
        """
        pool = self.hidden_from(seat)
        sizes, allowed = [], []
        for other in range(self.players):
            if other != seat:
                sizes.append(self.hands[other].bit_count())
                allowed.append(pool & ~self.lacks[other])
        for pile in self._undealt():
            sizes.append(pile.bit_count())
            allowed.append(pool)
        return Hidden(pool, tuple(sizes), tuple(allowed))

    def _undealt(self) -> list[int]:
        """Each seat's undealt cards and the face-down left-over, those that are not empty."""
        left_over = 0 if self.left_over_shown else self.left_over
        return [pile for pile in (*self.rest, left_over) if pile]

    def _hidden_masks(self, seat: Seat) -> list[int]:
        return [self.hands[s] for s in range(self.players) if s != seat] + self._undealt()

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        places = iter(masks)
        for other in range(self.players):
            if other != seat:
                self.hands[other] = next(places)
        self.rest = [next(places) if pile else 0 for pile in self.rest]
        if self.left_over and not self.left_over_shown:
            self.left_over = next(places)

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now: other hands and undealt cards."""
        hidden = sum(self.rest) | (0 if self.left_over_shown else self.left_over)
        for other in range(self.players):
            if other != seat:
                hidden |= self.hands[other]
        return hidden

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (KNOCK_PHASE, BID_PHASE, TRUMP_PHASE, PLAY_PHASE)
    deal_piles: ClassVar[Piles] = {players: {"left_over": len(PIQUET) - players * size}
                  for players, size in HAND_SIZES.items()}
    zero_sum = True

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.bidder_hand(self, index)

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """The whole hand bid, doubled by every knock and a contra, paid by or to each other
        player; knocks, the auction, trump, contra and every card."""
        assert isinstance(rules, BidderRules)
        size = HAND_SIZES[players]
        doublings = players * rules.knocking + rules.contra
        stake = float(size * 2 ** doublings * (players - 1))
        decisions = players * rules.knocking + size + 1 + players + 2 + players * size
        return HandBounds(-stake, stake, decisions)

    def winning_sides(self) -> list[int]:
        """Every seat with the best score once the game is over (a shared win)."""
        return list(self.winners)
