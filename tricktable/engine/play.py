"""The trick-play core: one play cycle for every game, run from the game's play spec.

A game states its trick-play rules as data, a :class:`PlaySpec` of flat int
tables (which cards follow a lead, each card's rank and points, each seat's
trumps, the duty to follow, head and trump), and subclasses
:class:`TrickGame`. The core then holds the hands and the trick, checks and
explains a card, finds the trick's winner, counts tricks, cards and points,
and records what each seat showed it lacks. The double-dummy solver compiles
the same spec, so a game's play rules are written once.

>>> import tricktable
>>> game = tricktable.new_game("rook", deal=ROOK_EXAMPLE)
>>> for action in ["bid 70", "pass", "pass", "pass", "discard G2", "trump R", "play R5"]:
...     _ = game.apply(action)
>>> game.check("play G14")
Traceback (most recent call last):
...
tricktable.engine.actions.IllegalAction: you must follow suit: you hold a Red
>>> _ = game.apply("play R2")  # East follows
>>> game.trick_cards(), game.deck.text(game.trick[game.win_pos])
([{'seat': 0, 'card': 'R5'}, {'seat': 1, 'card': 'R2'}], 'R5')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, ClassVar, cast

from tricktable.cards import Card, Seat
from tricktable.engine import positions
from tricktable.engine.actions import Action, CardActions
from tricktable.engine.events import Event
from tricktable.engine.positions import Position
from tricktable.engine.race import Race
from tricktable.engine.spec import (
    FOLLOW,
    HEAD,
    OVERTRUMP,
    TRUMP,
    TRUMP_BASE,
    PlaySpec,
    lowest_in,
    plain_spec,
    spec_with,
)
from tricktable.engine.state import PLAY_PHASE, DealError, GameState
from tricktable.engine.trick import PlayPosition

__all__ = ["FOLLOW", "HEAD", "OVERTRUMP", "PLAY_PHASE", "TRUMP", "TRUMP_BASE", "PlaySpec",
           "Position", "Trick", "TrickGame", "lowest_in", "plain_spec", "spec_with"]


ROOK_EXAMPLE = {"hands": ["R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 R1 G2 G3 G4",
                          "G5 G6 G7 G8 G9 G10 G11 G12 G13 G14 G1 R2 R3 R4",
                          "Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14 Y1",
                          "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B1"],
                "nest": ["Rook"], "dealer": 3}

Trick = tuple[list[Card], list["Seat | None"], "Seat | None"]
"""A finished trick: its cards in the order played, who played each, and who won it."""


class TrickGame(GameState):
    """A game whose hands are played out in tricks by the core (every game here).

    A subclass sets :attr:`spec` and calls :meth:`_start_tricks` when play
    begins, offers :meth:`playable` cards, explains a refused card with
    :meth:`why_not_play` and plays one with :meth:`_play_card`; it is told of
    each finished trick by :meth:`_trick_done`, where it logs and scores.
    """

    spec: PlaySpec
    play_text: ClassVar[str] = "{seat} plays {card}"
    _plain: int = 0
    """The ids (a mask) of the plays ``legal_actions()`` offered in this very state that do
    nothing but play their card; cleared like ``_offered``."""

    hands: list[int]  # each seat's cards
    trick: list[Card]  # the trick so far, in the order played
    trick_seats: list[Seat | None]  # who played each card (None: a card turned up by nobody)
    leader: Seat  # who led the trick (or leads the next)
    win_pos: int  # the index in ``trick`` of the card winning it so far
    win_key: int  # that card's key
    tricks_won: list[int]  # per seat, this hand
    taken: list[int]  # per seat: the cards it has won this hand
    card_points: list[int]  # per side: the points of the cards it has won (and last-trick bonus)
    lacks: list[int]  # per seat: the cards it showed it lacks by how it played
    played: list[int]  # per seat: the cards it has played this hand
    last_trick: Trick | None  # the last finished trick
    finished: list[Trick]  # this hand's finished tricks, in order
    tricks_played: int
    hand_number: int  # the hand being played, from 1 (each game counts its hands)
    _play_events: tuple[tuple[Event, ...], ...]  # shared: every seat's event for every card
    _trick_events: tuple[Event, ...]  # shared: each seat's event for winning a trick, then nobody's

    def _start_tricks(self, leader: Seat) -> None:
        """Empty tricks for a new hand's play; ``leader`` leads the first."""
        players, sides = self.players, max(self.spec.side_of) + 1
        self.trick, self.trick_seats = [], []
        self.leader, self.win_pos, self.win_key = leader, 0, -1
        self.tricks_won = [0] * players
        self.taken = [0] * players
        self.card_points = [0] * sides
        self.lacks = [0] * players
        self.played = [0] * players
        self.last_trick = None
        self.finished = []
        self.tricks_played = 0
        self._play_events, self._trick_events = (_EVENTS.get((self.__class__, self.players))
                                                 or self._make_events())

    @property
    def lead(self) -> Card | None:
        """The card that leads the trick in progress (None: nothing played yet)."""
        return self.trick[0] if self.trick else None

    def playable(self, seat: Seat) -> int:
        """The cards ``seat`` may play to the trick now (a mask)."""
        trick = self.trick
        return self.spec.legal(seat, self.hands[seat], trick[0] if trick else None, self.win_key)

    def _offer_plays(self, actions: CardActions, plain: int = -1) -> list[Action]:
        """The actions of the cards the seat to move may play now (a game's
        ``legal_actions()`` in its play phase; a hot path).

        ``apply`` then takes them without checking them again; those of the
        cards in ``plain`` (a mask; -1: all), whose play does nothing but play the
        card (:meth:`_play_card` with the shared event), it plays itself,
        without the game's ``_do``.
        """
        seat = self.to_move or 0
        mask = self.hands[seat]
        trick = self.trick
        if trick:
            spec = self.spec
            duty = spec.duty
            if duty == FOLLOW:
                mask = mask & spec.follows[trick[0]] or mask
            elif duty:
                mask = spec.legal(seat, mask, trick[0], self.win_key)
        base = actions.base
        if base >= 0:
            self._offered = mask << base
            if plain:
                self._plain = (mask & plain) << base
        known = actions.cache.get(mask)
        return actions.actions(mask) if known is None else [*known]

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (object or text) for the seat to move; return its events.

        A plain play that ``legal_actions()`` offered in this very state goes
        straight to :meth:`_play_card`; every other action takes the full way
        (see :meth:`GameState.apply`).
        """
        plain = self._plain
        if plain:
            self._plain = 0
            if action.__class__ is Action and plain >> action.id & 1:
                self._offered = 0
                log = self.log
                start = len(log)
                self.history.append(action.text)
                self._play_card(self.to_move, action.arg or 0)
                return log[start:]
        return GameState.apply(self, action)

    def callable(self, seat: Seat) -> int:
        """The cards ``seat`` may play now with a call of their suit as trump (0: none)."""
        calls = self.spec.calls
        return self.playable(seat) & calls[seat] if calls else 0

    def why_not_play(self, seat: Seat, card: Card) -> str:
        """Why ``seat`` may not play ``card`` now, in the words a player would use."""
        deck, hand, spec = self.deck, self.hands[seat], self.spec
        if not hand >> card & 1:
            return f"you do not hold {deck.text(card)}"
        led = spec.follows[self.trick[0]]
        led_suit = deck.suit_text(deck.suit_of(lowest_in(led)))
        winning = deck.text(self.trick[self.win_pos])
        if hand & led:
            if not led >> card & 1:
                return self._why_not_follow(seat, card, led_suit)
            return f"you must beat {winning} if you can"
        if not spec.trumps[seat] >> card & 1:
            return f"you are void in {led_suit} and must trump"
        return f"you must beat the {winning} trump if you can"

    def _why_not_follow(self, seat: Seat, card: Card, led_suit: str) -> str:
        """The message for a card that does not follow the lead (a game may be more precise)."""
        return f"you must follow suit: you hold a {led_suit}"

    def _play_card(self, seat: Seat | None, card: Card, text: str | None = None,
                   kind: str = "play") -> Seat | None:
        """Play ``card`` for ``seat`` (None: turned up by nobody to open the trick), logged
        as a ``kind`` event (Notrump's ``call`` plays a card too).

        Returns the trick's winner when the card completes it (None otherwise,
        or when nobody beat a card turned up by nobody). This is the hot path of
        every game's play phase: it reads each field once.
        """
        spec, trick = self.spec, self.trick
        seats = self.trick_seats
        if seat is None:
            key = 1 + spec.rank[card]
            if not trick:
                self.win_pos, self.win_key = 0, key
            elif key > self.win_key:
                self.win_key, self.win_pos = key, len(trick)
            trick.append(card)
            seats.append(seat)
            return (None if len(trick) < spec.trick_size + (seats[0] is None)
                    else self._finish_trick())
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played[seat] |= bit
        if text is None and kind == "play":
            self.log.append(self._play_events[seat][card])
        else:
            self.log.append(Event(kind, seat, text or self._play_text(seat, card)))
        if trick:
            led = spec.follows[trick[0]]
            if spec.trumps[seat] & bit:
                key = TRUMP_BASE + spec.rank[card]
            else:
                key = 1 + spec.rank[card] if led & bit else 0
            duty = spec.duty
            # what the card shows the seat lacks: only a card that does not follow,
            # or, where it must head the trick, one that may not, can show anything
            if duty and (duty & HEAD or not led & bit):
                self.lacks[seat] |= spec.lacks(seat, card, trick[0], self.win_key)
            if key > self.win_key:
                self.win_key, self.win_pos = key, len(trick)
            trick.append(card)
            seats.append(seat)
            # a trick opened by a card turned up by nobody holds one card more
            if len(trick) < spec.trick_size + (seats[0] is None):
                self.to_move = spec.next_seat[seat]
                return None
            return self._finish_trick()
        if spec.trumps[seat] & bit:
            key = TRUMP_BASE + spec.rank[card]
        else:
            key = 1 + spec.rank[card] if spec.follows[card] & bit else 0
        self.leader, self.win_pos, self.win_key = seat, 0, key
        trick.append(card)
        seats.append(seat)
        if spec.trick_size == 1:
            return self._finish_trick()
        self.to_move = spec.next_seat[seat]
        return None

    def _make_events(self) -> tuple[tuple[tuple[Event, ...], ...], tuple[Event, ...]]:
        """Each seat's event for playing each card, and for winning a trick (the last: nobody),
        made once per game class and number of players and shared by its states (their
        texts depend on nothing else)."""
        plays = tuple(tuple(Event("play", s, self._play_text(s, c)) for c in range(len(self.deck)))
                      for s in range(self.players))
        tricks = tuple(Event("trick", seat, f"{self.seat_name(seat or 0)} wins the trick")
                       for seat in [*range(self.players), None])
        made = _EVENTS[self.__class__, self.players] = (plays, tricks)
        return made

    def _finish_trick(self) -> Seat | None:
        spec, cards, seats = self.spec, self.trick, self.trick_seats
        winner = seats[self.win_pos]
        self.tricks_played += 1
        self.last_trick = (cards, seats, winner)
        self.finished.append(self.last_trick)
        self.trick, self.trick_seats = [], []
        self.win_key = -1
        if winner is not None:
            mask = 0
            points = 0
            values = spec.points
            for card in cards:
                mask |= 1 << card
                points += values[card]
            if self.tricks_played == spec.tricks:
                points += spec.last_bonus
            self.tricks_won[winner] += 1
            self.taken[winner] |= mask
            if points:
                self.card_points[spec.side_of[winner]] += points
            self.leader = self.to_move = winner
        self._trick_done(winner, cards)
        return winner

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        """A trick is complete (its winner leads next): log it, end the hand when it is over."""
        self.log.append(self._trick_events[-1 if winner is None else winner])

    def _play_text(self, seat: Seat, card: Card) -> str:
        """The log's text of ``seat`` playing ``card``: it may depend on nothing else, since
        each game makes every play's event once (per number of players) and reuses it."""
        return f"{self.seat_name(seat)} plays {self.deck.text(card)}"

    def position(self) -> Position | None:
        """The rest of this hand's trick play for the solver (None: not at trick play)."""
        return positions.solver_position(self)

    def unlike_cards(self) -> int:
        """Cards that play unlike any other of their suit: where trumps of two suits may
        meet in a trick, every card of those suits (:meth:`PlaySpec.trumps_across`)."""
        return self.spec.trumps_across()

    def search_spec(self) -> PlaySpec:
        """The play spec the solver searches: :attr:`spec`, with what the hand's end adds
        that the play cycle does not (Rook's Kentucky discard goes to the last trick)."""
        return self.spec

    def _at_tricks(self) -> bool:
        """Whether the seat to move is to play a card to a trick now."""
        return self.phase is PLAY_PHASE

    def _plain_tricks(self) -> bool:
        """Whether the rest of the hand is nothing but tricks under the current spec (no
        stock to draw from, no choice but the card): a game says no where it is not."""
        return True

    replays_by_cards: ClassVar[bool] = True
    """Whether this hand's trick play so far can be played again from its first card by
    the cards alone (:meth:`replay`): a game whose play changes more than who holds which
    card (a stock drawn from, trumps called in play) says no."""

    def replay(self) -> Iterator[tuple[TrickGame, Seat, Card]]:
        """This hand's cards played so far, in order, each with the game as it stood just
        before it: one copy, with every played card back in its seat's hand, moved on card
        by card (read it before asking for the next). Nothing outside trick play, or where
        :attr:`replays_by_cards` is False.

        >>> import tricktable
        >>> game = tricktable.new_game("rook", deal=ROOK_EXAMPLE)
        >>> for action in ["bid 70", "pass", "pass", "pass", "discard G2", "trump R",
        ...                "play R5", "play R2"]:
        ...     _ = game.apply(action)
        >>> [(seat, game.deck.text(card), len(then.trick)) for then, seat, card in game.replay()]
        [(0, 'R5', 0), (1, 'R2', 1)]
        """
        if not self.replays_by_cards or not self._at_tricks():
            return
        plays = [(seat, card) for cards, seats, _ in self.finished
                 for card, seat in zip(cards, seats, strict=True)]
        plays += zip(self.trick_seats, self.trick, strict=True)
        if not plays or any(seat is None for seat, _ in plays):
            return
        then = cast(TrickGame, self.clone())
        then.log = []
        then.hands = [hand | played for hand, played in zip(self.hands, self.played,
                                                            strict=True)]
        then._start_tricks(plays[0][0] or 0)
        then.lacks = [self._lacks_before_play(seat) for seat in range(self.players)]
        then.to_move = then.leader
        for seat, card in plays:
            yield then, seat or 0, card
            then._play_card(seat, card)

    def _lacks_before_play(self, seat: Seat) -> int:
        """What ``seat`` was known to lack before the hand's first card (a game whose
        meld shows it says; :meth:`replay` starts from it)."""
        return 0

    def race(self) -> Race | None:
        """The rest of this hand as a race to a points goal, where it is one now (Sixty-Six
        once its stock is closed or drawn), for the solver; None otherwise."""
        return None

    def play_position(self) -> PlayPosition | None:
        """The rest of this hand for the int kernel of the solver, where every seat has
        the same trumps and nothing but cards are played (None otherwise)."""
        return positions.kernel_position(self)

    score_basis: ClassVar[str] = "points"
    """What :meth:`hand_score` reads: each side's card points (with the spec's bonuses) or
    tricks at the hand's end."""

    def hand_score(self, totals: list[int]) -> list[int] | None:
        """Each side's score for this hand had it ended with ``totals`` (per side, of
        :attr:`score_basis`), or None where the score is not a function of them alone:
        the solver then searches the score through the rules."""
        return None

    def score_side(self) -> int | None:
        """The side of the play spec whose total alone :meth:`hand_score` reads, where the
        sides other than it play as one against it (Bidder's declarer against everyone);
        None: the score reads two sides', and the solver searches for the side to move."""
        return None

    play_deal_keys: ClassVar[frozenset[str]] = frozenset()
    """The keys a play-phase deal may hold besides the shared ones (``hands``, ``leader``,
    ``tricks``, ``points``, ``dealer``); a game that can start at trick play names them."""

    def _play_contract(self, deal: dict[str, Any]) -> Seat | None:
        """Set the hand's contract (trump, declarer, bid ...) from a play-phase deal and the
        :attr:`spec` it plays under; return the declarer (None: none). Raise
        :class:`DealError` naming a bad value."""
        raise DealError(f"{self.title} cannot start at trick play from a deal yet")

    def _held_back(self) -> int:
        """Of a play deal's hand, the cards in no hand and not yet played (a stock still to
        draw from, or closed): they take no part in the earlier tricks."""
        return 0

    def _play_started(self) -> None:
        """What a play deal's hand sets once its earlier tricks are counted (none here)."""

    def start_play(self, deal: dict[str, Any]) -> None:
        """Start this (fresh) game at trick play: ``deal`` holds equal ``hands`` drawn from
        the deck, the ``leader``, and the game's contract (:meth:`_play_contract`); the
        earlier ``tricks`` (per side; default: alternately, the declarer's side first) and
        ``points`` (per side, default 0) of the hand may be given. The game ends with the hand.

        >>> import tricktable
        >>> game = tricktable.new_game("rook", deal={"hands": ["R1", "R2", "G2", "G3"],
        ...     "trump": "red", "leader": 0, "declarer": 0})
        >>> game.apply("play R1") and game.legal_actions()[0].text
        'play R2'
        """
        positions.start_play(self, deal)

    def trick_cards(self) -> list[dict[str, object]]:
        """The trick in progress as a view shows it: who played which card, in order."""
        texts = self.deck.card_texts
        return [{"seat": seat, "card": texts[card]}
                for card, seat in zip(self.trick, self.trick_seats, strict=True)]

    def last_trick_view(self) -> dict[str, object] | None:
        """The last finished trick as a view shows it, with its winner."""
        return None if self.last_trick is None else self.trick_view(self.last_trick)

    def trick_view(self, trick: Trick) -> dict[str, object]:
        """A finished trick as a view shows it: who played which card, and who won it."""
        return show_trick(self.deck.card_texts, trick)

    def trick_shower(self) -> Callable[[Trick], dict[str, object]]:
        """:meth:`trick_view` as it stands now, as a function that depends on nothing that
        changes later in the game: a hand's result shows its tricks with it when read."""
        return partial(show_trick, self.deck.card_texts)


def show_trick(texts: Sequence[str], trick: Trick) -> dict[str, object]:
    """A finished trick as a view shows it, its cards named by ``texts``.

    >>> show_trick(["A", "B"], ([1, 0], [2, 3], 2))
    {'cards': [{'seat': 2, 'card': 'B'}, {'seat': 3, 'card': 'A'}], 'winner': 2}
    """
    cards, seats, winner = trick
    return {"cards": [{"seat": s, "card": texts[c]} for c, s in zip(cards, seats, strict=True)],
            "winner": winner}


_EVENTS: dict[tuple[type[TrickGame], int],
              tuple[tuple[tuple[Event, ...], ...], tuple[Event, ...]]] = {}
"""Per game class and number of players: each seat's event for playing each card, and the
event of each seat (or nobody) winning a trick."""

