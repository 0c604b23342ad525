"""Bidder: 32 cards, three to six players each for themselves, bid tricks or null.

Rules: ``shared/seeds/004`` and RULES.md section 5; rulings in docs/rules-bidder.md.

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
from dataclasses import dataclass
from typing import ClassVar

from tricktable.cards import PIQUET, Card, Seat
from tricktable.engine import observe as obs
from tricktable.engine.actions import Action, ActionTable, CardActions
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.observe import Feature, Reading
from tricktable.engine.play import PLAY_PHASE, TrickGame, plain_spec
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Rules, option
from tricktable.engine.state import JSON, Phase, deal_round, read_deal
from tricktable.engine.views import Key
from tricktable.engine.worlds import Hidden
from tricktable.games import invariants

HAND_SIZES = {3: 10, 4: 8, 5: 6, 6: 5}
"""Cards per hand for each number of players."""
SUITS = 4
NO_TRUMP = SUITS  # index of the key tables of a hand without trump (null)
NULL = 0  # the null bid, where a number bid keeps its number
SUIT_MASKS = PIQUET.suit_masks[:SUITS]
SUIT_OF = [PIQUET.suit_of(card) for card in range(len(PIQUET))]


def middle(n: int) -> int:
    """The middle bid k = floor((n + 1) / 2) for a hand of ``n`` cards; null ranks just above.

    >>> [middle(n) for n in (10, 8, 6, 5)]
    [5, 4, 3, 3]
    """
    return (n + 1) // 2


def null_value(n: int) -> int:
    """What null is worth with ``n`` cards: k for odd n, n/2 + 1 for even n.

    >>> [null_value(n) for n in (10, 8, 6, 5)]
    [6, 5, 4, 3]
    """
    return middle(n) if n % 2 else n // 2 + 1


def bid_rank(bid: int, n: int) -> int:
    """A bid's place in the auction order 1 < ... < k < null < k+1 < ... < n (1-based).

    >>> [bid_rank(b, 6) for b in (1, 2, 3, NULL, 4, 5, 6)]
    [1, 2, 3, 4, 5, 6, 7]
    """
    k = middle(n)
    if bid == NULL:
        return k + 1
    return bid if bid <= k else bid + 1


def bid_order(n: int) -> list[int]:
    """Every bid with ``n`` cards, lowest first (``NULL`` is 0).

    >>> bid_order(5)
    [1, 2, 3, 0, 4, 5]
    """
    return sorted([NULL, *range(1, n + 1)], key=lambda bid: bid_rank(bid, n))


def bid_text(bid: int) -> str:
    """``"null"`` or the number of tricks."""
    return "null" if bid == NULL else str(bid)


def _order_text(n: int) -> str:
    order = [bid_text(b) for b in bid_order(n)]
    if n > 6:
        order = [*order[: middle(n) + 3], "...", order[-1]]
    return " < ".join(order)


def _trick_keys(trump: int, led: int) -> list[int]:
    """Key table: trumps 101.., the led suit 1.., any other card 0 (cannot win)."""
    keys = []
    for card in range(len(PIQUET)):
        suit, rank = SUIT_OF[card], PIQUET.rank_of(card)
        keys.append(101 + rank if suit == trump else 1 + rank if suit == led else 0)
    return keys


KEYS = [[_trick_keys(trump, led) for led in range(SUITS)] for trump in range(SUITS + 1)]
SPECS = {(players, trump): plain_spec(PIQUET, players, sides=players, tricks=size,
                                      trump=None if trump == NO_TRUMP else trump)
         for players, size in HAND_SIZES.items() for trump in range(SUITS + 1)}
"""The trick play of each table size and trump (``NO_TRUMP``: null): follow suit, else any."""

TABLE = ActionTable(PIQUET, [
    ("knock", "none", [None]),
    ("pass", "none", [None]),
    ("bid", "number", range(1, max(HAND_SIZES.values()) + 1)),
    ("null", "none", [None]),
    ("trump", "suit", range(SUITS)),
    ("contra", "none", [None]),
    ("play", "card", range(len(PIQUET))),
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card] for card in range(len(PIQUET))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)
BID_ACTIONS = {bid: TABLE.get("null") if bid == NULL else TABLE.get("bid", bid)
               for bid in range(max(HAND_SIZES.values()) + 1)}
BIDS_BY_RANK = {n: [BID_ACTIONS[bid] for bid in bid_order(n)] for n in HAND_SIZES.values()}
PASS, KNOCK, CONTRA = TABLE.get("pass"), TABLE.get("knock"), TABLE.get("contra")
TRUMPS = [TABLE.get("trump", suit) for suit in range(SUITS)]
EXPECTED = {Phase.KNOCK: ("knock", "pass"), Phase.BID: ("bid", "null", "pass"),
            Phase.TRUMP: ("trump",), Phase.PLAY: ("play", "contra")}


@dataclass(frozen=True)
class BidderRules(Rules):
    """Bidder's options (RULES.md section 5)."""

    deals: int = option(0, "deals in the session (0: two per player)", minimum=0, maximum=1000)
    contra: bool = option(False, "a defender may double once, before playing a first card")
    knocking: bool = option(False, "a knock round after half the cards; each knock doubles")


hand_text = PIQUET.hand_texts
"""A hand's card texts as a player sorts it: suit by suit, high to low."""


cards_text = PIQUET.texts
"""Card texts of a mask, in card order."""


@register_game
class BidderGame(TrickGame):
    """A session of Bidder (``deals`` deals), or one hand when dealt from ``deal=``."""

    name = "bidder"
    title = "Bidder"
    deck = PIQUET
    table = TABLE
    rules_type = BidderRules
    player_counts = (4, 3, 5, 6)
    result_keys: ClassVar[dict[str, Key]] = {
        "value": Key("count", "the contract's value before doubling", nullable=True),
        "knocks": Key("count", "knocks this hand (each doubles the value)"),
        "contra": Key("flag", "a defender declared contra (doubles the value)"),
        "multiplier": Key("count", "2 to the knocks and contra"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "hand_size": Key("count", "cards each player is dealt"),
        "deals": Key("count", "hands in the game"),
        "left_over": Key("cards", "the cards left over, out of play, once shown"),
        "knocks": Key("count", "how many players knocked"),
        "knockers": Key("seats", "who knocked"),
        "bids": Key("records", "the auction so far: {seat, bid}"),
        "high_bidder": Key("seat", "who holds the high bid", nullable=True),
        "value": Key("count", "what the contract is worth, doublings included", nullable=True),
        "contra": Key("flag", "whether a defender declared contra"),
        "contra_by": Key("seat", "who did", nullable=True),
        "played": Key("list", "this hand's finished tricks, in order"),
        "winners": Key("seats", "the winners once the game is over (a shared win: several)"),
    }
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
            self.phase = Phase.KNOCK
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
        self.phase = Phase.BID
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
            self.phase = Phase.TRUMP
            self.to_move = seat

    def _start_play(self) -> None:
        self.spec = SPECS[self.players, NO_TRUMP if self.trump is None else self.trump]
        self.phase = Phase.PLAY
        self.to_move = (self.dealer + 1) % self.players

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

    @property
    def multiplier(self) -> int:
        """2^(knocks + contra): what the contract's value is multiplied by."""
        return 1 << (len(self.knockers) + (self.contra_by is not None))

    def _value(self) -> int:
        return null_value(self.hand_size) if self.bid == NULL else self.bid or 0

    def _made(self) -> bool:
        won = self.tricks_won[self.declarer or 0]
        return won == 0 if self.bid == NULL else won >= (self.bid or 0)

    def _deltas(self) -> list[int]:
        """Each other player pays the declarer the stake, or the declarer pays each of them.

        The declarer's change is minus the sum of the others', so a hand sums to zero.
        """
        stake = self._value() * self.multiplier * (1 if self._made() else -1)
        deltas = [-stake] * self.players
        deltas[self.declarer or 0] = stake * (self.players - 1)
        return deltas

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
        self.phase = Phase.GAME_OVER
        self.to_move = None
        names = " and ".join(self.seat_name(s) for s in self.winners)
        shared = " share the win" if len(self.winners) > 1 else " wins"
        self.log.append(Event("game", None, f"game over: {names}{shared} with {best}"))

    def _contract_text(self) -> str | None:
        if self.bid is None:
            return None
        if self.bid == NULL:
            return "null"
        suit = "" if self.trump is None else " " + PIQUET.suit_text(self.trump)
        return f"{self.bid}{suit}"

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
        if phase is Phase.BID:
            return [PASS, *BIDS_BY_RANK[self.hand_size][self.high_rank:]]
        if phase is Phase.TRUMP:
            return list(TRUMPS)
        if phase is Phase.KNOCK:
            return [KNOCK, PASS]
        return []

    def _illegal(self, action: Action) -> str | None:
        phase, kind = self.phase, action.kind
        if phase is Phase.PLAY and kind == "play":
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
        elif kind in ("bid", "null") or (kind == "pass" and self.phase is Phase.BID):
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

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("bidder", players=5, seed=2).view(1)
        >>> len(v["hand"]), v["hand_sizes"], len(v["left_over"]), v["phase"]
        (6, [6, 6, 6, 6, 6], 2, 'bid')
        """
        trump = self.trump
        view: JSON = {
            "game": self.name,
            "seat": seat,
            "players": self.players,
            "sides": self.sides,
            "hand_size": self.hand_size,
            "phase": str(self.phase),
            "hand_number": self.hand_number,
            "deals": self.deals,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "left_over": hand_text(self.left_over) if self.left_over_shown else [],
            "knocks": len(self.knockers),
            "knockers": list(self.knockers),
            "bids": [{"seat": s, "bid": "pass" if b is None else bid_text(b) if b == NULL else b}
                     for s, b in self.bids],
            "high_bidder": self.high_seat,
            "declarer": self.declarer,
            "contract": self._contract_text(),
            "trump": None if trump is None else PIQUET.suit_text(trump),
            "value": None if self.declarer is None else self._value() * self.multiplier,
            "contra": self.contra_by is not None,
            "contra_by": self.contra_by,
            "trick": self.trick_cards(),
            "last_trick": None if self.trick else self.last_trick_view(),  # until the next lead
            "played": [self.trick_view(trick)["cards"] for trick in self.finished],
            "tricks": list(self.tricks_won),
            "scores": list(self.scores),
            "winner": self.winner,
            "winners": list(self.winners),
        }
        if seat is not None:
            view["hand"] = hand_text(self.hands[seat])
        view.update(self._table_view(seat))
        return view


    def reveal(self) -> JSON:
        """Every card's place, face up, each card once (replays and tests only)."""
        undealt = sum(self.rest) | (0 if self.left_over_shown else self.left_over)
        return {
            "hands": [hand_text(h) for h in self.hands],
            "undealt": cards_text(undealt),
            "left_over": cards_text(self.left_over) if self.left_over_shown else [],
            "trick": [PIQUET.text(c) for c in self.trick],
            "taken": [cards_text(t) for t in self.taken],
        }

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

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Game", "{deals} deals in all"),
        ("Knocks", "{knocks} by {knockers:seats}: each doubles the stake"),
        ("Contra", "declared by {contra_by:seat}: the stake is doubled"),
        ("Left over, out of play", "{left_over:cards}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", players=4, seed=2)
        >>> for part in game.prompt(game.to_move or 0).split(", or "):
        ...     print(part)
        Bid 1 to 8 tricks
        null (take no trick; it ranks between 4 and 5)
        pass: a pass is final
        """
        if seat != self.to_move:
            return None
        legal = self.legal_actions()
        if self.phase is Phase.KNOCK:
            return "Knock to double the hand's stake, or pass; the rest of the cards come next"
        if self.phase is Phase.BID:
            bids = [a.arg or 0 for a in legal if a.kind == "bid"]
            words = [f"Bid {min(bids)} to {max(bids)} tricks" if bids else ""]
            if any(a.kind == "null" for a in legal):
                below = (self.hand_size + 1) // 2  # null ranks just above this bid
                words.append(f"null (take no trick; it ranks between {below} and {below + 1})")
            words.append("pass: a pass is final")
            return ", or ".join(w for w in words if w)
        if self.phase is Phase.TRUMP:
            return "Name trump: ♠, ♥, ♦ or ♣"
        text = "Lead any card" if not self.trick else "Play a card: follow suit if you can"
        if any(a.kind == "contra" for a in legal):
            text += "; or declare contra to double the stake"
        if self.bid == NULL and seat == self.declarer:
            text += " (null: take no trick)"
        return text

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (Phase.KNOCK, Phase.BID, Phase.TRUMP, Phase.PLAY)
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

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The auction, the contract, trump, knocks, contra and the left-over cards."""
        n = players
        return [
            Feature("bids", (n,), "each seat's highest bid, by its rank in the auction order"
                    " / (hand size + 1)", _bids_feature),
            Feature("passed", (n,), "1 for each seat that has passed",
                    obs.passes("bids", "bid", "pass")),
            Feature("high_bidder", (n,), "the seat holding the high bid",
                    obs.seat_of("high_bidder")),
            Feature("declarer", (n,), "the seat that won the bid", obs.seat_of("declarer")),
            Feature("contract", (1,), "the tricks bid / hand size (0 for null)",
                    _contract_feature),
            Feature("null", (1,), "1 if the contract is null", obs.equals("contract", "null")),
            Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", obs.suit_of("trump")),
            Feature("knockers", (n,), "1 for each seat that knocked",
                    obs.seats_listed("knockers")),
            Feature("contra_by", (n,), "the seat that declared contra",
                    obs.seat_of("contra_by")),
            Feature("left_over", (len(PIQUET),), "the left-over cards, out of play, once shown",
                    obs.cards_of("left_over")),
        ]

    def winning_sides(self) -> list[int]:
        """Every seat with the best score once the game is over (a shared win)."""
        return list(self.winners)

    # -- what the table shows (the web table and the terminal read these) ----

    def _table_view(self, seat: Seat | None) -> JSON:
        """The contract, trump, knocks, contra and the cards left out as labelled table
        items, and ``prompt`` (in the seat to move's own view only).

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", players=6, seed=1)
        >>> game.view(None)["table"][1], game.view(game.to_move)["prompt"][:9]
        ({'label': 'Left out', 'cards': ['J♠', '7♥']}, 'Bid 1 to ')
        """
        name = self.seat_name
        items: list[JSON] = []
        contract = self._contract_text()
        if contract is not None and self.declarer is not None:
            value = self._value() * self.multiplier
            items.append({"label": "Contract", "text": f"{contract} by {name(self.declarer)}, "
                                                       f"worth {value}"})
        elif self.high_seat is not None:
            items.append({"label": "High bid", "text": f"{bid_text(self.high_bid or NULL)} by "
                                                      f"{name(self.high_seat)}"})
        if self.bid != NULL:
            items.append({"label": "Trump", "text": "not named yet" if self.trump is None
                          else PIQUET.suit_text(self.trump)})
        if self.knockers:
            items.append({"label": "Knocks", "text": ", ".join(name(s) for s in self.knockers)})
        if self.contra_by is not None:
            items.append({"label": "Contra", "text": f"by {name(self.contra_by)}: value doubled"})
        if self.left_over_shown and self.left_over:
            items.append({"label": "Left out", "cards": hand_text(self.left_over)})
        return {"prompt": None if seat is None else self.prompt(seat), "table": items}

    def _outcome(self, declarer: Seat | None, won: int) -> str:
        """How the hand went for the declarer, in words."""
        if declarer is None:
            return "thrown in: everyone passed"
        if self.bid == NULL:
            return "null made: no trick taken" if self._made() else "null lost: took a trick"
        if self._made():
            return f"made with {won} tricks of {self.bid}"
        return f"set by {(self.bid or 0) - won}: {won} tricks of {self.bid}"



def _bids_feature(r: Reading, x: obs.Cells) -> None:
    """Each seat's highest bid by its rank in the auction order / (hand size + 1)."""
    size = r.view["hand_size"]
    for entry in r.view["bids"]:
        bid = entry["bid"]
        if bid != "pass":
            rank = bid_rank(NULL if bid == "null" else bid, size) / (size + 1)
            x[r.rel(entry["seat"])] = max(x[r.rel(entry["seat"])], rank)


def _contract_feature(r: Reading, x: obs.Cells) -> None:
    """The tricks bid / hand size (0 for null)."""
    contract = r.view["contract"]
    if contract is not None and contract != "null":
        x[0] = int(contract.split()[0]) / r.view["hand_size"]
