"""A rule-based Sixty-Six player: saves trumps and marriages, takes tens and aces.

It reads only its seat's view and the legal actions: it shows a marriage
that wins the hand, exchanges the nine, announces marriages, closes when the
cards it surely wins bring it to 66, leads cheap cards while the stock is
open and draws trumps once it is closed.

Where 66 is announced by the player (option ``announce``) the view shows no
points and no taken cards: the bot counts for itself, from every finished
trick it is shown (``observe``, and ``last_trick`` on its own turns: a trick
it won is always before it on its next turn). Its count is never more than
its real points (a trick it did not see adds nothing), and it announces, or
shows a marriage, only when that count reaches 66: it never announces wrongly.
In play-outs it reads the same facts from the engine's state (``play_state``),
as a player who watched every trick.

>>> import tricktable
>>> from tricktable.bots import make_bot, play_game
>>> game = tricktable.new_game("sixtysix", seed=3)
>>> play_game(game, [make_bot("heuristic", "sixtysix"), make_bot("random", "sixtysix")]).is_over
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from tricktable.cards import SIXTYSIX, Card, bits
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState
from tricktable.games.sixtysix import (
    GOAL,
    KING,
    PAIRS,
    POINTS,
    QUEEN,
    RANKS,
    SUIT_MASKS,
    SixtySixGame,
    marriage_value,
)

TRUMP_COST = 6  # what spending the nine of trumps costs, in card points; +2 a rank above it
MARRIAGE_COST = 8  # what breaking up a possible marriage costs
OPPONENT_CARD = 3  # card points a surely won trick is assumed to bring from the other hand


def _mask(texts: list[str]) -> int:
    mask = 0
    for text in texts:
        mask |= 1 << SIXTYSIX.parse(text)
    return mask


@dataclass
class Table:
    """What the bot makes of its view: its cards, the trump and the unseen cards."""

    hand: int
    trump: int
    unseen: int  # cards in the other hand or in the stock
    stock_open: bool
    points: int  # own points, marriages not yet counted included
    led: Card | None  # the card led to this trick, if we follow

    @classmethod
    def of(cls, view: dict[str, Any], memory: Memory | None = None) -> Table:
        """Read a view (and, where the view shows no points, what the bot remembers).

        >>> import tricktable
        >>> game = tricktable.new_game("sixtysix", seed=5)
        >>> table = Table.of(game.view(game.to_move))
        >>> table.hand.bit_count(), table.unseen.bit_count(), table.led
        (6, 17, None)
        """
        me = view["seat"]
        hand = _mask(view["hand"])
        memory = memory or Memory()
        taken = view["taken"]
        seen = hand | _mask(view["out"]) | (memory.taken if taken is None else _mask(
            [c for cards in taken for c in cards]))
        seen |= _mask([play["card"] for play in view["trick"]])
        if view["trump_card"] is not None:
            seen |= _mask([view["trump_card"]])
        pending = sum(m["points"] for m in view["marriages"]
                      if m["seat"] == me and not m["counted"])
        points = view["points"][me] if view["points"] is not None else memory.counted(view)
        trick = view["trick"]
        return cls(hand, SIXTYSIX.parse_suit(view["trump"]), SIXTYSIX.full & ~seen,
                   not view["follow_suit"], points + pending,
                   SIXTYSIX.parse(trick[0]["card"]) if trick else None)

    @classmethod
    def of_state(cls, game: SixtySixGame) -> Table:
        """What :meth:`of` gives the seat to move that watched every trick, from the engine's
        state: its hand, the cards out of the game, taken and in the trick, the turned-up
        card, the points of its tricks and its marriages (it counts them where the view
        shows no points), whether the stock is open."""
        me, trick = game.to_move or 0, game.trick
        hand = game.hands[me]
        seen = hand | game.out | game.taken[0] | game.taken[1]
        for card in trick:
            seen |= 1 << card
        if game.stock:
            seen |= 1 << game.stock[0]
        points = sum(POINTS[c] for c in bits(game.taken[me])) + game.marriage_points[me]
        return cls(hand, game.trump, SIXTYSIX.full & ~seen, game.stock_open, points,
                   trick[0] if trick else None)

    def is_trump(self, card: Card) -> bool:
        return card // RANKS == self.trump

    def beats(self, card: Card, led: Card) -> bool:
        """Whether ``card`` played second wins against ``led``."""
        if card // RANKS == led // RANKS:
            return card > led
        return self.is_trump(card)

    def may_marry(self, card: Card) -> bool:
        """A king or queen whose partner is in hand or not yet seen."""
        rank = card % RANKS
        if rank not in (QUEEN, KING):
            return False
        partner = card + (1 if rank == QUEEN else -1)
        return bool((self.hand | self.unseen) >> partner & 1)

    def penalty(self, card: Card) -> int:
        """What spending ``card`` costs beyond its points: trumps and marriage cards."""
        penalty = TRUMP_COST + 2 * (card % RANKS) if self.is_trump(card) else 0
        return penalty + (MARRIAGE_COST if self.may_marry(card) else 0)

    def cost(self, card: Card) -> int:
        """What giving ``card`` away costs: its points and its penalty."""
        return POINTS[card] + self.penalty(card)

    def top(self, card: Card) -> bool:
        """No unseen card of its suit is higher: it wins when led, unless trumped."""
        higher = SUIT_MASKS[card // RANKS] & ~((2 << card) - 1)
        return not self.unseen & higher

    def sure_winners(self) -> list[Card]:
        """Cards that win when led after a close: top trumps, then top plain cards
        once our top trumps can draw every unseen trump."""
        trumps = self.unseen & SUIT_MASKS[self.trump]
        winners = [c for c in bits(self.hand) if self.top(c)]
        top_trumps = [c for c in winners if self.is_trump(c)]
        if len(top_trumps) >= trumps.bit_count():
            return winners
        return top_trumps


class Memory:
    """What the bot remembers of a hand where the view shows no points: the cards it saw
    taken, and the card points of the tricks it won (the last trick's bonus included)."""

    def __init__(self, hand: tuple[int, int] = (-1, -1)) -> None:
        self.hand = hand  # the hand remembered: its number and dealer
        self.tricks = 0  # finished tricks noted
        self.taken = 0
        self.won = 0  # own card points

    def note(self, view: dict[str, Any]) -> Memory:
        """Note the finished trick the view shows, once; a new hand starts a new memory."""
        if (view["hand_number"], view["dealer"]) != self.hand:
            return Memory((view["hand_number"], view["dealer"])).note(view)
        last, done = view["last_trick"], sum(view["tricks"])
        if last is None or done <= self.tricks:
            return self
        self.tricks = done
        cards = _mask([play["card"] for play in last["cards"]])
        self.taken |= cards
        if last["winner"] == view["seat"]:
            self.won += sum(POINTS[c] for c in bits(cards))  # the last trick ends the hand
        return self

    def counted(self, view: dict[str, Any]) -> int:
        """The seat's points as it counts them: the tricks it saw itself win, and its
        marriages once it has a trick; never more than its real points."""
        me = view["seat"]
        marriages = sum(m["points"] for m in view["marriages"] if m["seat"] == me)
        return self.won + (marriages if view["tricks"][me] else 0)


def close_estimate(table: Table) -> int:
    """The points the heuristic expects to reach if it closes now: its points, each sure
    winner's with a card from the other hand, and its marriages where it can lead them.

    >>> import tricktable
    >>> close_estimate(Table.of(tricktable.new_game("sixtysix", seed=8).view(1)))  # A, 10
    34
    """
    winners = table.sure_winners()
    estimate = table.points + sum(POINTS[c] + OPPONENT_CARD for c in winners)
    if winners:
        estimate += sum(marriage_value(s, table.trump) for s in range(len(PAIRS))
                        if table.hand & PAIRS[s] == PAIRS[s])
    return estimate


def _cheapest(cards: list[Card], table: Table) -> Card:
    """The card that is cheapest to give away."""
    return min(cards, key=lambda c: (table.cost(c), c))


def _best_winner(cards: list[Card], table: Table) -> Card:
    """The card to win with: its own points are taken home, only its penalty is spent."""
    return min(cards, key=lambda c: (table.penalty(c) - POINTS[c], c))


class HeuristicBot:
    """Plays Sixty-Six by simple card sense, from its view alone.

    >>> import tricktable
    >>> game = tricktable.new_game("sixtysix", seed=15)
    >>> HeuristicBot().choose(game.view(game.to_move), game.legal_actions()).text
    'marry Q♦'
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the bot is deterministic; the seed is kept for the common interface
        self.memory = Memory()

    def observe(self, view: dict[str, Any]) -> None:
        """Remember the finished trick a view shows (``choose`` calls it too)."""
        if view["points"] is None:
            self.memory = self.memory.note(view)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The action to take, from the view (and the tricks it remembers)."""
        self.observe(view)
        return self._decide(Table.of(view, self.memory), legal)

    def play_state(self, game: GameState, legal: list[Action]) -> Action | None:
        """The action to take read from the engine's state instead of a view: the same facts
        the seat's view and the tricks it watched show, and the same action
        (tests/bots/test_playout.py); for play-outs. The whole hand is trick play."""
        return self._decide(Table.of_state(cast(SixtySixGame, game)), legal)

    def _decide(self, table: Table, legal: list[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        if "announce" in by_kind:  # 66 by the player: count it, never guess
            if table.points >= GOAL:
                return by_kind["announce"][0]
            by_kind["show"] = [a for a in by_kind.get("show", []) if table.points
                               + marriage_value(a.arg or 0, table.trump) >= GOAL]
        for kind in ("show", "exchange"):
            if by_kind.get(kind):
                return by_kind[kind][0]
        if "close" in by_kind and self._should_close(table):
            return by_kind["close"][0]
        if "draw" in by_kind:
            return by_kind["draw"][0]
        plays = {a.arg: a for a in by_kind.get("play", [])}
        if table.led is not None:
            return plays[self._follow(table, [c for c in plays if c is not None])]
        if "marry" in by_kind:
            return self._marriage(table, by_kind["marry"])
        return plays[self._lead(table, [c for c in plays if c is not None])]

    @staticmethod
    def _should_close(table: Table) -> bool:
        """Close when our points and the tricks we surely win reach 66."""
        return close_estimate(table) >= GOAL

    @staticmethod
    def _marriage(table: Table, marries: list[Action]) -> Action:
        """Announce the best marriage, leading its queen (the king stays to win later)."""
        def value(action: Action) -> tuple[int, int]:
            card = action.arg or 0
            return marriage_value(card // RANKS, table.trump), card % RANKS == QUEEN

        return max(marries, key=value)

    @staticmethod
    def _lead(table: Table, cards: list[Card]) -> Card:
        """Stock open: a cheap card; closed: draw trumps, then cash sure winners."""
        if not table.stock_open:
            winners = [c for c in table.sure_winners() if c in cards]
            if winners:
                trumps = [c for c in winners if table.is_trump(c)]
                return max(trumps) if trumps else max(winners, key=lambda c: POINTS[c])
            return min(cards, key=lambda c: (POINTS[c], c))

        def risk(card: Card) -> int:
            return table.cost(card) + (0 if table.top(card) else POINTS[card])

        return min(cards, key=lambda c: (risk(c), c))

    @staticmethod
    def _follow(table: Table, cards: list[Card]) -> Card:
        """Win when the points taken are worth the card spent; else throw the cheapest card."""
        led = table.led
        assert led is not None
        winners = [c for c in cards if table.beats(c, led)]
        finishing = [c for c in winners if table.points + POINTS[led] + POINTS[c] >= GOAL]
        if finishing:
            return _best_winner(finishing, table)
        if not table.stock_open:
            return _best_winner(winners, table) if winners else _cheapest(cards, table)
        worth = [c for c in winners if POINTS[led] + POINTS[c] >= table.penalty(c)]
        return _best_winner(worth, table) if worth else _cheapest(cards, table)
