"""Sixty-Six: 24 cards, two players, the stock, marriages, closing, the trump nine.

Rules: ``shared/seeds/003`` and RULES.md section 4; every ruling is written
out in docs/rules-sixtysix.md.

>>> import tricktable
>>> game = tricktable.new_game("sixtysix", seed=4)
>>> game.players, game.view(game.to_move)["stock_size"], len(game.view(0)["hand"])
(2, 12, 6)
>>> game.apply("exchange")
Traceback (most recent call last):
...
tricktable.engine.actions.IllegalAction: you may exchange the nine only after winning a trick
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from tricktable.cards import SIXTYSIX, Card, Seat, Suit, bits
from tricktable.engine.actions import Action
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.observe import Feature
from tricktable.engine.registry import register_game
from tricktable.engine.rules import Rules
from tricktable.engine.state import (
    JSON,
    PLAY_PHASE,
)
from tricktable.engine.views import Key
from tricktable.games import invariants
from tricktable.games.sixtysix_cards import (
    ACE,
    ANNOUNCE,
    CLOSE,
    DRAW,
    DRAW_OR_CLOSE,
    EXCHANGE,
    GOAL,
    JACK,
    KEYS,
    KING,
    KINGS_AND_QUEENS,
    LAST_TRICK,
    MARRIAGE,
    MARRIAGE_CARDS,
    MARRIAGES_IN,
    MARRY,
    NAMES,
    NINE,
    NINES,
    PAIRS,
    PLAY,
    PLAY_ACTIONS,
    PLAY_CARDS,
    POINTS,
    QUEEN,
    RANKS,
    SCHNEIDER,
    SHOW,
    SUIT_MASKS,
    SUITS,
    TABLE,
    TEN,
    TEXTS,
    TRUMP_MARRIAGE,
    card_of,
    card_texts,
    game_points,
    hand_text,
    marriage_value,
    play_spec,
)
from tricktable.games.sixtysix_rules import PRESETS, SixtySixRules, layout_of
from tricktable.games.sixtysix_worlds import SixtySixWorlds

__all__ = ["ACE", "ANNOUNCE", "CLOSE", "DRAW", "DRAW_OR_CLOSE", "EXCHANGE", "GOAL", "JACK", "KEYS",
           "KING", "KINGS_AND_QUEENS", "LAST_TRICK", "MARRIAGE", "MARRIAGES_IN", "MARRIAGE_CARDS",
           "MARRY", "NAMES", "NINE", "NINES", "PAIRS", "PLAY", "PLAY_ACTIONS", "PLAY_CARDS",
           "POINTS", "PRESETS", "QUEEN", "RANKS", "SCHNEIDER", "SHOW", "SUITS", "SUIT_MASKS",
           "TABLE", "TEN", "TEXTS", "TRUMP_MARRIAGE", "SixtySixGame", "SixtySixRules", "card_of",
           "card_texts", "game_points", "hand_text", "marriage_value", "play_spec"]

@register_game
class SixtySixGame(SixtySixWorlds):
    """A game of Sixty-Six to 7 game points, or one hand when dealt from ``deal=``.

    ``deal=`` takes ``{"dealer": 0, "hands": [6 cards, 6 cards], "stock": 11
    cards, top (drawn first) to bottom, "trump": the turned-up card}``.
    """

    name = "sixtysix"
    title = "Sixty-Six"
    deck = SIXTYSIX
    table = TABLE
    rules_type = SixtySixRules
    player_counts = (2,)
    play_points = POINTS
    replays_by_cards = False  # each trick draws from the stock; marriages score mid-hand
    result_keys: ClassVar[dict[str, Key]] = {
        "trump": Key("text", "the trump suit"),
        "marriages": Key("counts", "each player's marriage points that counted"),
        "last_trick_bonus": Key("seat", "who won the 10 for the last trick", nullable=True),
        "played_out": Key("flag", "every card was played"),
        "winner": Key("seat", "who won the hand's game points, null if they carry over",
                      nullable=True),
        "carried": Key("count", "game points carried in from played-out hands"),
        "carry": Key("count", "game points carried to the next hand"),
        "ended_by": Key("text", "how the hand ended: 66, close_failed, wrong_announcement, "
                                "last_trick or carry"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "trump_card": Key("card", "the turned-up trump under the stock", nullable=True),
        "stock_size": Key("count", "cards left in the stock"),
        "closed": Key("flag", "whether the stock was closed"),
        "closer": Key("seat", "who closed it", nullable=True),
        "draw_pending": Key("flag", "whether the trick's winner is to draw (or close) now"),
        "follow_suit": Key("flag", "whether suit must be followed now"),
        "taken": Key("list", "per seat: the cards it has taken (null when 66 is announced)",
                     nullable=True),
        "points": Key("counts", "per seat: points counted so far (marriages once it has a "
                                "trick; null when 66 is announced)", nullable=True),
        "marriages": Key("records", "marriages: {seat, suit, points, counted, shown_only}"),
        "shown": Key("list", "per seat: cards the other has seen in its hand"),
        "exchange": Key("record", "the exchange of the trump nine: {seat, nine, took}",
                        nullable=True),
        "carry": Key("count", "game points carried over from a tied hand"),
        "out": Key("cards", "cards out of the game, known to all (the nines of the short deck)"),
        "target": Key("count", "game points that win"),
    }
    rules: SixtySixRules

    def __init__(self, rules: SixtySixRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.scores = [0, 0]
        self.hand_number = 0
        self.carry = 0  # game points from played-out hands, owed to the next hand's winner
        self.layout = layout_of(rules)
        self.out = NINES if rules.short_deck else 0  # cards out of the game, known to all
        self.tricks_reviewable = not rules.announce  # announcing: earlier tricks stay down
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[0], [1]]

    # -- what the rules allow --------------------------------------------------

    def counted(self, seat: Seat) -> int:
        """A seat's points now: trick points, and its marriages once it has a trick.

        >>> game = SixtySixGame(SixtySixRules(), 2, 0, None)
        >>> game.marriage_points[0] = 20
        >>> game.counted(0), game.card_points[0]
        (0, 0)
        """
        if self.tricks_won[seat]:
            return self.card_points[seat] + self.marriage_points[seat]
        return self.card_points[seat]

    def _showable(self, seat: Seat, hand: int) -> list[Suit]:
        """Marriages ``seat`` may show without leading: only those that reach 66."""
        suits = MARRIAGES_IN[hand & KINGS_AND_QUEENS]
        if not suits or not self.tricks_won[seat]:
            return []
        if self.rules.announce:  # showing is announcing: the table does not count for you
            return list(suits)
        need = GOAL - self.counted(seat)
        return [s for s in suits if marriage_value(s, self.trump) >= need]

    def _low_trump(self) -> Card:
        """The trump exchanged for the turned-up card: the nine, the jack in the short deck."""
        return card_of(self.trump, self.layout.low_rank)

    def _may_exchange(self, seat: Seat, hand: int) -> bool:
        return (self.tricks_won[seat] > 0 and self.stock_open and len(self.stock) > 2
                and bool(hand >> self._low_trump() & 1))

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take.

        >>> import tricktable
        >>> game = tricktable.new_game("sixtysix", seed=15)
        >>> [a.text for a in game.legal_actions()][5:]
        ['play 9♣', 'marry Q♦', 'marry K♦', 'close']
        """
        if self.phase is not PLAY_PHASE:
            return []
        seat = self.to_move or 0
        hand = self.hands[seat]
        if self.drawing:  # offered with their ids: apply need not check them again
            actions = [DRAW, CLOSE]
            self._offered = DRAW_OR_CLOSE
        else:
            actions = self._offer_plays(PLAY_CARDS)
            if not self.trick and (self.tricks_won[seat] or not self.rules.marriage_needs_trick):
                for suit in MARRIAGES_IN[hand & KINGS_AND_QUEENS]:
                    actions += [MARRY[card] for card in bits(PAIRS[suit])]
                if self.stock_open:
                    actions.append(CLOSE)
        if self.tricks_won[seat]:
            if self._may_exchange(seat, hand):
                actions.append(EXCHANGE)
            actions += [SHOW[suit] for suit in self._showable(seat, hand)]
            if self.rules.announce:
                actions.append(ANNOUNCE)
        return actions

    def _illegal(self, action: Action) -> str | None:
        kind = action.kind
        if kind == "play" and not self.drawing:
            card = action.arg or 0
            seat = self.to_move or 0
            return None if self.playable(seat) >> card & 1 else self.why_not_play(seat, card)
        why: dict[str, Callable[[int | None], str | None]] = {
            "play": self._why_not_lead, "marry": self._why_not_marry,
            "show": self._why_not_show, "exchange": self._why_not_exchange,
            "close": self._why_not_close, "draw": self._why_not_draw,
            "announce": self._why_not_announce}
        return why[kind](action.arg)

    def _why_not_lead(self, _arg: int | None = None) -> str | None:
        if self.drawing:
            return "you won the trick: draw (or close the stock) before you lead"
        return None

    def _why_not_marry(self, card: int | None) -> str | None:
        card = card or 0
        if self.drawing or self.trick:
            return self._why_not_lead() or "a marriage is announced only by the player on lead"
        seat = self.to_move or 0
        if self.rules.marriage_needs_trick and not self.tricks_won[seat]:
            return ("a marriage may be announced only after winning a trick "
                    "(option marriage_needs_trick)")
        hand = self.hands[seat]
        pair = PAIRS[card // RANKS]
        if hand & pair != pair:
            missing = " and ".join(SIXTYSIX.text(c) for c in bits(pair & ~hand))
            return f"a marriage needs the king and queen: you do not hold {missing}"
        return None

    def _why_not_show(self, suit: int | None) -> str | None:
        seat, suit = self.to_move or 0, suit or 0
        hand = self.hands[seat]
        if not self.tricks_won[seat]:
            return "you may show a marriage only after winning a trick"
        if hand & PAIRS[suit] != PAIRS[suit]:
            missing = " and ".join(SIXTYSIX.text(c) for c in bits(PAIRS[suit] & ~hand))
            return f"a marriage needs the king and queen: you do not hold {missing}"
        total = self.counted(seat) + marriage_value(suit, self.trump)
        if total < GOAL and not self.rules.announce:
            return (f"a marriage may be shown without leading it only when that reaches "
                    f"{GOAL} (you would have {total}); lead it to announce it")
        return None

    def _why_not_announce(self, _arg: int | None = None) -> str | None:
        if not self.rules.announce:
            return "66 is counted and announced by the table in this game (option announce)"
        if not self.tricks_won[self.to_move or 0]:
            return "you have won no trick: you cannot have 66"
        return None

    def _why_not_exchange(self, _arg: int | None = None) -> str | None:
        seat = self.to_move or 0
        nine, low = self._low_trump(), self.layout.low_name
        if not self.tricks_won[seat]:
            return f"you may exchange the {low} only after winning a trick"
        if not self.hands[seat] >> nine & 1:
            return f"you do not hold the {low} of trumps ({SIXTYSIX.text(nine)})"
        if not self.stock_open:
            return f"the stock is closed or exhausted: the {low} may no longer be exchanged"
        if len(self.stock) <= 2:
            return ("you may not exchange at the last draw: the stock must hold more than "
                    "two cards counting the turned-up one")
        return None

    def _why_not_close(self, _arg: int | None = None) -> str | None:
        if self.closer is not None:
            return "the stock is already closed"
        if not self.stock:
            return "the stock is exhausted: there is nothing to close"
        if self.trick:
            return ("you may close only on lead, before leading, or as the winner of a trick "
                    "before the draw")
        return None

    def _why_not_draw(self, _arg: int | None = None) -> str | None:
        if not self.drawing:
            return "you draw only right after winning a trick, while the stock is open"
        return None

    # -- doing it --------------------------------------------------------------

    def _do(self, action: Action) -> None:
        kind, arg = action.kind, action.arg or 0
        if kind == "play":
            self._play(arg)
        elif kind == "marry":
            self._marry(arg)
        elif kind == "draw":
            self._draw()
        elif kind == "close":
            self._close()
        elif kind == "exchange":
            self._exchange()
        elif kind == "announce":
            self._announce_66()
        else:
            self._show(arg)

    def _play(self, card: Card) -> None:
        seat = self.to_move or 0
        self._play_card(seat, card)

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        seat = winner or 0
        points = sum(POINTS[card] for card in cards)
        last = not self.hands[0] and not self.hands[1]
        if last and self.closer is None and self.rules.last_trick:
            points += self.rules.last_trick  # the core counted it: the stock was played out
            self.last_bonus = seat
        bonus = f" with the last trick's {self.rules.last_trick}" if self.last_bonus is not None \
            else ""
        if self.rules.announce:  # the players count for themselves
            self._log("trick", seat, f"{NAMES[seat]} wins the trick")
        else:
            self._log("trick", seat, f"{NAMES[seat]} wins the trick (+{points}{bonus}): "
                                     f"{self._announce()}")
        if self.counted(seat) >= GOAL and not self.rules.announce:
            self._end_hand(seat)
        elif last:
            self._end_hand(None, last_winner=seat)
        elif self.stock_open:
            self.drawing = True

    def _announce(self) -> str:
        return f"P1 has {self.counted(0)}, P2 has {self.counted(1)}"

    def _add_marriage(self, seat: Seat, suit: Suit, shown: bool) -> str:
        value = marriage_value(suit, self.trump)
        self.marriage_points[seat] += value
        self.marriages.append((seat, suit, shown))
        self.known[seat] |= PAIRS[suit]
        pending = "" if self.tricks_won[seat] else ", counted once they win a trick"
        return f"{NAMES[seat]} announces the marriage in {self._suit(suit)} ({value}{pending})"

    def _marry(self, card: Card) -> None:
        seat = self.to_move or 0
        self._log("marriage", seat, self._add_marriage(seat, card // RANKS, shown=False))
        self._play(card)
        if self.counted(seat) >= GOAL and not self.rules.announce:
            self._log("points", seat, self._announce())
            self._end_hand(seat)

    def _show(self, suit: Suit) -> None:
        seat = self.to_move or 0
        cards = " ".join(card_texts(PAIRS[suit]))
        self._log("marriage", seat, self._add_marriage(seat, suit, shown=True)
                  + f", showing {cards}: {self._announce()}")
        if self.counted(seat) >= GOAL:
            self._end_hand(seat)
        else:  # only where 66 is announced by the player: a wrong announcement
            self._end_hand(None, wrong=seat)

    def _announce_66(self) -> None:
        """The player to move says they have 66: right, they win the hand; wrong, they lose it."""
        seat = self.to_move or 0
        have = self.counted(seat)
        self._log("announce", seat, f"{NAMES[seat]} announces {GOAL}: {self._announce()}")
        if have >= GOAL:
            self._end_hand(seat)
        else:
            self._end_hand(None, wrong=seat)

    def _draw(self) -> None:
        winner = self.to_move or 0
        self.drawing = False
        for seat in (winner, 1 - winner):
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.stock_open = bool(self.stock)
            if not self.stock:
                self.spec = self._spec(stock_gone=True)
            if self.stock:
                self._log("draw", seat, f"{NAMES[seat]} draws a card",
                          f"you draw {SIXTYSIX.text(card)}")
            else:
                self.known[seat] |= 1 << card
                self._log("draw", seat, f"{NAMES[seat]} takes the turned-up "
                                        f"{SIXTYSIX.text(card)}; the stock is exhausted")

    def _close(self) -> None:
        seat = self.to_move or 0
        self.closer, self.stock_open = seat, False
        self.spec = self._spec(stock_gone=True)
        self.closed_on_no_trick = self.tricks_won[1 - seat] == 0
        self._note_close(seat)
        when = " before the draw" if self.drawing else ""
        self.drawing = False
        self._log("close", seat, f"{NAMES[seat]} closes the stock{when}")

    def _exchange(self) -> None:
        seat = self.to_move or 0
        nine, turned = self._low_trump(), self.stock[0]
        self.hands[seat] ^= (1 << nine) | (1 << turned)
        self.known[seat] |= 1 << turned
        self.stock[0] = nine
        self.exchanged = (seat, turned)
        self._log("exchange", seat, f"{NAMES[seat]} exchanges {SIXTYSIX.text(nine)} for the "
                                    f"turned-up {SIXTYSIX.text(turned)}")

    # -- views -----------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("sixtysix", seed=5).view(0)
        >>> len(v["hand"]), v["stock_size"], v["trump_card"], v["points"]
        (6, 12, 'A♦', [0, 0])
        """
        return sixtysix_table.view(self, seat)

    def reveal(self) -> JSON:
        """Every card's place, face up; the stock top (next drawn) first."""
        return {
            "hands": [hand_text(h) for h in self.hands],
            "stock": [SIXTYSIX.text(c) for c in reversed(self.stock[1:])],
            "trump_card": [SIXTYSIX.text(c) for c in self.stock[:1]],
            "trick": [SIXTYSIX.text(c) for c in self.trick],
            "taken": [card_texts(t) for t in self.taken],
            "out": card_texts(self.out),
        }

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Points this hand", "{points:column}"),
        ("Stock", "{stock_size} cards, {trump_card:cards} turned up under it"),
        ("Stock", "closed by {closer:seat}: follow suit from now on"),
        ("Marriages", "{marriages:entries}"),
        ("Trump nine exchanged", "{exchange.seat:seat} gave {exchange.nine:cards} for "
                                 "{exchange.took:cards}"),
        ("Shown and still held", "{shown:seated}"),
        ("Carried to this hand", "{carry} game points"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> game = tricktable.new_game("sixtysix", seed=15)
        >>> for part in game.prompt(game.to_move or 0).split(", or "):
        ...     print(part)
        Lead a card
        marry (lead a king or queen of the pair: 20, 40 in trump)
        close the stock
        """
        return sixtysix_table.prompt(self, seat)

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (PLAY_PHASE,)
    deal_piles: ClassVar[Piles] = {2: {"stock": 11, "trump": 1}}  # the stock top first

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.sixtysix_hand(self, index)

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """0 to 3 game points; 24 cards, 6 draws, a close, an exchange, a marriage shown or
        66 announced."""
        return HandBounds(0.0, 3.0, 24 + 6 + 3)

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """Trump, the stock, who closed it, points, marriages, cards seen, the carry
        (:func:`sixtysix_table.features`)."""
        return sixtysix_table.features(players, sides)

    def deal_is_declared(self) -> bool:
        """The short deck deals five cards each and a stock of nine: not the declared deal.

        >>> import tricktable
        >>> tricktable.new_game("sixtysix", options={"short_deck": True}).deal_is_declared()
        False
        """
        return not self.out

    def cards_to_draw(self) -> int:
        """The stock's cards while it is drawn from (a closed stock stays out of play)."""
        return len(self.stock) if self.stock_open else 0


from tricktable.games import sixtysix_table  # noqa: E402  (it reads this module's names)
