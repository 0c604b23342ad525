"""A Sixty-Six hand from deal to score: the deal (packets, stock and turned-up trump), the
hand's start, how it ends and scores (66, a failed close, a wrong announcement, played
out), the carry and the game's end.

:class:`SixtySixHands` is the deal-and-score part of
:class:`~tricktable.games.sixtysix.SixtySixGame` (which holds the play; split from
:mod:`.sixtysix`).

>>> import tricktable
>>> game = tricktable.new_game("sixtysix", seed=1)
>>> len(game.stock), game.hand_number, game.scores
(12, 1, [0, 0])
"""

from __future__ import annotations

from abc import abstractmethod

from tricktable.cards import SIXTYSIX, Card, Seat, Suit, highest
from tricktable.engine.actions import Action
from tricktable.engine.events import Event, dealt
from tricktable.engine.play import PlaySpec, TrickGame
from tricktable.engine.positions import deal_numbers, deal_seat, deal_suit
from tricktable.engine.race import ANNOUNCE, MARRY, PLAY, SHOW, Race
from tricktable.engine.results import HandResult, hand_result
from tricktable.engine.state import (
    GAME_OVER_PHASE,
    JSON,
    PLAY_PHASE,
    DealError,
    read_deal,
    shuffle,
)
from tricktable.games.sixtysix_cards import (
    GOAL,
    KING,
    NAMES,
    PAIRS,
    QUEEN,
    SCHNEIDER,
    SUITS,
    card_of,
    card_texts,
    game_points,
    hand_text,
    marriage_value,
    play_spec,
)
from tricktable.games.sixtysix_rules import Layout, SixtySixRules


class SixtySixHands(TrickGame):
    """The deal and the end of each Sixty-Six hand (extended by
    :class:`~tricktable.games.sixtysix_worlds.SixtySixWorlds`)."""

    rules: SixtySixRules
    scores: list[int]  # game points per seat
    hand_number: int
    carry: int  # game points from played-out hands, owed to the next hand's winner
    layout: Layout
    out: int  # cards out of the game, known to all

    @abstractmethod
    def counted(self, seat: Seat) -> int:
        """The points ``seat`` has counted so far (the game's rules)."""

    def _deal_cards(self) -> tuple[list[int], list[Card]]:
        """Each hand's mask and the stock in draw order, the turned-up card last."""
        layout = self.layout
        if self.deal is not None:
            deal, piles = self.deal, {"stock": layout.stock, "trump": 1}
            if self.out:
                if "out" in deal:
                    raise DealError("the nines are out of the short deck's game: a deal names "
                                    "the other 20 cards")
                deal, piles = {**deal, "out": card_texts(self.out)}, {**piles, "out": 4}
            self.dealer, hands, masks = read_deal(SIXTYSIX, deal, 2, layout.hand_size, piles)
            return hands, [*SIXTYSIX.parse_many(self.deal["stock"]), highest(masks["trump"])]
        order = [card for card in range(len(SIXTYSIX)) if not self.out >> card & 1]
        shuffle(self.rng, order)  # random.shuffle's order, faster
        hands = [0, 0]
        start = 0
        for packet, size in enumerate(layout.packets):  # the non-dealer first, in turn
            for card in order[start:start + size]:
                hands[(self.dealer + 1 + packet) % 2] |= 1 << card
            start += size
        return hands, [*order[start + 1:], order[start]]

    def _start_hand(self) -> None:
        self.hand_number += 1
        self.hands, draw_order = self._deal_cards()
        self.stock: list[Card] = draw_order[::-1]  # stock[-1] is drawn next; stock[0] lies face up
        self.trump: Suit = SIXTYSIX.suit_of(self.stock[0])
        self.closer: Seat | None = None
        self.stock_open = True  # the stock is neither exhausted nor closed
        self.closed_on_no_trick = False  # the closer's opponent had no trick at the close
        self.drawing = False  # the winner of the last trick chooses: draw or close
        # what both seats saw when the stock was closed (bots that weigh a close read it:
        # the closer held then what it holds now and the cards it has played since)
        self.close_seen = 0  # the cards out, taken, on the trick and turned up at the close
        self.close_points = 0  # the closer's card and marriage points at the close
        self.spec = self._spec(stock_gone=False)
        self._start_tricks(leader=1 - self.dealer)
        self.marriage_points = [0, 0]
        self.marriages: list[tuple[Seat, Suit, bool]] = []  # seat, suit, shown without a lead
        self.known = [0, 0]  # cards of each hand the other player has seen
        self.exchanged: tuple[Seat, Card] | None = None  # who exchanged, and the card taken
        self.last_bonus: Seat | None = None
        self.phase = PLAY_PHASE
        self.to_move: Seat | None = 1 - self.dealer
        turned = SIXTYSIX.text(self.stock[0])
        self._log("deal", self.dealer, f"hand {self.hand_number}: {NAMES[self.dealer]} deals; "
                                       f"{turned} is turned up: {self._suit(self.trump)} is trump")
        for seat in range(2):
            self.log.append(dealt("hand", seat, f"{NAMES[seat]} is dealt "
                                                f"{self.layout.hand_size} cards",
                                  self.hands[seat], hand_text))

    play_deal_keys = frozenset({"trump", "stock", "closed_by", "marriages"})

    def _play_contract(self, deal: JSON) -> Seat | None:
        """A play deal's hand: ``stock``, the cards not in the hands nor played (the next
        to draw first, the turned-up card last; none: the stock is exhausted, and then
        ``trump`` names the suit); ``closed_by``, the seat that closed it (default none:
        an open stock is drawn from, with whole hands) and ``marriages``, each seat's
        marriage points declared (20 or 40 each; default none).

        >>> import tricktable
        >>> game = tricktable.new_game("sixtysix", deal={"hands": ["AH KH", "TS JS"],
        ...     "leader": 0, "trump": "H", "points": [30, 24]})
        >>> game.tricks_won, game.counted(0), game.legal_actions()[0].text
        ([5, 5], 30, 'play K♥')
        """
        words = deal.get("stock", [])
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise DealError("'stock' must list card texts")
        try:
            stock = SIXTYSIX.parse_many(words, taken=self.hands[0] | self.hands[1])
        except ValueError as error:
            raise DealError(f"'stock': {error}") from None
        if sum(1 << card for card in stock) & self.out or (self.hands[0] | self.hands[1]) \
                & self.out:
            raise DealError("the nines are out of the short deck's game")
        closer = None if deal.get("closed_by") is None else deal_seat(deal, "closed_by", 2, 0)
        if len(stock) % 2 or (closer is not None and not stock):
            raise DealError("a stock holds an even number of cards, and one closed holds some")
        if stock and self.hands[0].bit_count() != self.layout.hand_size and closer is None:
            raise DealError(f"with the stock open each hand holds {self.layout.hand_size} "
                            "cards")
        self.trump = SIXTYSIX.suit_of(stock[-1]) if stock else deal_suit(
            deal, "trump", SIXTYSIX, {})
        if stock and "trump" in deal and deal_suit(deal, "trump", SIXTYSIX, {}) != self.trump:
            raise DealError("'trump' is the suit of the turned-up card, the stock's last")
        marriages = deal_numbers(deal, "marriages", 2, range(0, 101, 20), "seat")
        self.stock = stock[::-1]
        self.closer, self.stock_open = closer, bool(stock) and closer is None
        self.marriage_points = marriages
        self.spec = self._spec(stock_gone=not self.stock_open)
        return None

    def race(self) -> Race | None:
        """Once the stock is closed or drawn, the rest of the hand as a race to 66.

        >>> import tricktable
        >>> tricktable.new_game("sixtysix", seed=1).race() is None  # the stock is open
        True
        """
        if self.stock_open or self.drawing:
            return None
        position = self.position()
        if position is None:
            return None
        marriages = tuple((card_of(suit, KING), card_of(suit, QUEEN),
                           marriage_value(suit, self.trump)) for suit in range(SUITS)
                          if any(hand & PAIRS[suit] == PAIRS[suit] for hand in self.hands))
        closer = self.closer
        return Race(position, GOAL, (self.card_points[0], self.card_points[1]),
                    (self.marriage_points[0], self.marriage_points[1]),
                    (self.tricks_won[0], self.tricks_won[1]), marriages,
                    marry_needs_trick=self.rules.marriage_needs_trick,
                    announce=self.rules.announce, wrong_lost=(2, 3),
                    won=(game_points(SCHNEIDER, 1), game_points(0, 1), game_points(0, 0)),
                    under=SCHNEIDER, closer=closer,
                    close_lost=3 if self.closed_on_no_trick else 2,
                    played_out_last=self.rules.played_out == "last_trick",
                    last_bonus=self.rules.last_trick if closer is None else 0,
                    carried=self.carry,
                    moves=tuple(self._race_move(action) for action in self.legal_actions()))

    @staticmethod
    def _race_move(action: Action) -> tuple[str, Card, str]:
        """A legal action as the race plays it: its text, its card, and how."""
        if action.kind == "show":  # the marriage's king stands for it
            return action.text, card_of(action.arg or 0, KING), SHOW
        if action.kind == "announce":
            return action.text, 0, ANNOUNCE
        return action.text, action.arg or 0, MARRY if action.kind == "marry" else PLAY

    def _held_back(self) -> int:
        return len(self.stock)

    def _play_started(self) -> None:
        if self.closer is not None:  # a position set up closed: as if it closed now
            self.closed_on_no_trick = self.tricks_won[1 - self.closer] == 0
            self._note_close(self.closer)

    def _note_close(self, closer: Seat) -> None:
        """Note what both seats see as ``closer`` closes the stock (``close_seen``)."""
        self.close_seen = self.out | self.taken[0] | self.taken[1] | sum(1 << c for c in self.trick)
        if self.stock:
            self.close_seen |= 1 << self.stock[0]
        self.close_points = self.card_points[closer] + self.marriage_points[closer]

    def _spec(self, stock_gone: bool) -> PlaySpec:
        rules = self.rules
        return play_spec(self.trump, stock_gone, rules.strict_follow,
                         (len(SIXTYSIX) - self.out.bit_count()) // 2, rules.last_trick)

    def _log(self, kind: str, seat: Seat | None, text: str, private: str | None = None) -> None:
        self.log.append(Event(kind, seat, text, private))

    @staticmethod
    def _suit(suit: Suit) -> str:
        return SIXTYSIX.suit_text(suit)

    def _end_hand(self, reached: Seat | None, last_winner: Seat | None = None,
                  wrong: Seat | None = None) -> None:
        """Score the hand: ``reached`` is the seat at 66 (None: played out, its last trick to
        ``last_winner``, or ended by the ``wrong`` announcement of a seat under 66)."""
        closer, deltas = self.closer, [0, 0]
        winner: Seat | None
        ended_by = "66"
        if wrong is not None:
            ended_by = "wrong_announcement"
            winner = 1 - wrong
            value = 2 if self.tricks_won[winner] else 3
            how = f"{NAMES[wrong]} announced {GOAL} with {self.counted(wrong)}"
        elif closer is not None and reached != closer:
            ended_by = "close_failed"
            winner = 1 - closer
            value = 3 if self.closed_on_no_trick else 2
            how = f"{NAMES[closer]} closed and failed to reach {GOAL}"
        elif reached is not None:
            winner = reached
            loser = 1 - reached
            value = game_points(self.counted(loser), self.tricks_won[loser])
            how = f"{NAMES[reached]} reaches {GOAL}"
        elif self.rules.played_out == "last_trick" and last_winner is not None:
            ended_by = "last_trick"
            winner = last_winner
            value = game_points(self.counted(1 - winner), self.tricks_won[1 - winner])
            how = f"played out with neither out: {NAMES[winner]} won the last trick"
        else:
            winner, value = None, 0
            how = f"played out with neither player at {GOAL}: 1 game point carries over"
        carried = self.carry if winner is not None else 0
        if winner is not None:
            deltas[winner] = value + carried
            self.carry = 0
        else:
            self.carry += 1
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        self.results.append(self._result(winner, deltas, carried, how, ended_by))
        self._log("score", winner, f"hand {self.hand_number} over: {how}; "
                                   f"P1 {deltas[0]:+d}, P2 {deltas[1]:+d}; "
                                   f"scores {self.scores[0]}-{self.scores[1]}")
        self._next_hand_or_end()

    def _result(self, winner: Seat | None, deltas: list[int], carried: int,
                how: str, ended_by: str) -> HandResult:
        closer = self.closer
        return hand_result(
            self, declarer=closer, contract=None if closer is None else "closed",
            made=None if closer is None else winner == closer,
            margin=None if closer is None else self.counted(closer) - GOAL,
            card_points=self.card_points, points=[self.counted(0), self.counted(1)],
            deltas=deltas, outcome=how, trump=self._suit(self.trump),
            marriages=[self.marriage_points[s] if self.tricks_won[s] else 0 for s in (0, 1)],
            last_trick_bonus=self.last_bonus, played_out=not (self.hands[0] | self.hands[1]),
            winner=winner, carried=carried, carry=self.carry,
            ended_by=ended_by if winner is not None else "carry")

    def _next_hand_or_end(self) -> None:
        if self.deal is None and max(self.scores) < self.rules.target:
            self.dealer = 1 - self.dealer
            self._start_hand()
            return
        a, b = self.scores
        self.winner = None if a == b else (0 if a > b else 1)
        self.phase = GAME_OVER_PHASE
        self.to_move = None
        won = "nobody" if self.winner is None else NAMES[self.winner]
        self._log("game", None, f"game over: {won} wins {a}-{b}")
