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

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from tricktable.cards import Card, Deck, Seat
from tricktable.engine.actions import Action, CardActions
from tricktable.engine.events import Event
from tricktable.engine.state import DealError, GameState, Phase
from tricktable.engine.trick import PlayPosition

FOLLOW = 1  # play a card that follows the lead if you hold one
HEAD = 2  # of the cards you must play, one that beats the trick's winning card if you can
TRUMP = 4  # unable to follow, play a trump if you hold one
OVERTRUMP = 8  # trumping, beat the trick's winning trump if you can
TRUMP_BASE = 100
"""A trump's key is ``TRUMP_BASE + rank``; a card that follows the lead ``1 + rank``;
any other card 0: it cannot win the trick."""
PLAY_PHASE = Phase.PLAY  # a module name: on Python 3.11 an enum member's lookup is slow

ROOK_EXAMPLE = {"hands": ["R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 R1 G2 G3 G4",
                          "G5 G6 G7 G8 G9 G10 G11 G12 G13 G14 G1 R2 R3 R4",
                          "Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y14 Y1",
                          "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B1"],
                "nest": ["Rook"], "dealer": 3}


@dataclass(frozen=True, slots=True)
class PlaySpec:
    """A hand's trick-play rules as flat int tables: what the core runs and the solver compiles.

    ``follows[c]`` is the mask of the cards that follow a trick led with ``c``
    (its suit; Rook's bird with the trumps); ``trumps[seat]`` the cards that
    are trumps when ``seat`` plays them (Notrump's sides have their own).
    A card's key decides the trick: :data:`TRUMP_BASE` plus its rank for a
    trump, 1 plus its rank if it follows the lead, else 0; the first card of
    the highest key wins. ``duty`` combines :data:`FOLLOW`, :data:`HEAD`,
    :data:`TRUMP` and :data:`OVERTRUMP`. ``calls[seat]`` are the cards the
    seat may play with a call that makes their suit its side's trump
    (Notrump's markers). ``sits_out`` is a seat that plays no card this hand: the
    others play tricks of one card fewer, in turn around it. A game replaces its spec
    when the rules change in the hand (a trump named, a stock closed, a trump called).

    >>> from tricktable.cards import STANDARD
    >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
    >>> spec.key(0, 12, 25) > spec.key(0, 25, 25)  # the ace of trumps beats the led ace
    True
    """

    players: int
    side_of: tuple[int, ...]  # each seat's side
    follows: tuple[int, ...]  # per card: the cards that follow a trick it leads
    rank: tuple[int, ...]  # per card: its strength in its suit (copies of a card equal)
    trumps: tuple[int, ...]  # per seat: the cards that are trumps for that seat
    points: tuple[int, ...]  # per card: what it is worth to the side that takes it
    tricks: int  # tricks in a whole hand (the last one earns ``last_bonus``)
    duty: int = FOLLOW
    last_bonus: int = 0  # points to the side that takes the hand's last trick
    calls: tuple[int, ...] = ()  # per seat: cards it may play with a call of their suit
    suit_masks: tuple[int, ...] = ()  # the deck's suits (what a call makes trump)
    most_tricks_bonus: int = 0  # points, at the hand's end, to the side with more tricks ...
    bonus_side: int = 0  # ... this side on a tie (Rook's 20 for most cards: the bidders)
    sits_out: int = -1  # a seat that plays no card this hand (Rook's low boy partner); -1: none
    # per rank from the lowest, the cards of that rank or higher (made on first use)
    _at_least: tuple[int, ...] = field(init=False, default=(), repr=False, compare=False)
    _low_rank: int = field(init=False, default=0, repr=False, compare=False)

    def key(self, seat: Seat, card: Card, lead: Card) -> int:
        """How strongly ``card`` played by ``seat`` bids for a trick led with ``lead``."""
        if self.trumps[seat] >> card & 1:
            return TRUMP_BASE + self.rank[card]
        if self.follows[lead] >> card & 1:
            return 1 + self.rank[card]
        return 0

    def beating(self, seat: Seat, mask: int, lead: Card, to_beat: int) -> int:
        """The cards of ``mask`` that would head a trick whose winning key is ``to_beat``:
        those whose :meth:`key` is higher, found with rank masks (a hot path)."""
        at_least = self._at_least or self._rank_masks()
        low, top = self._low_rank, len(at_least) - 1
        trumps = self.trumps[seat]
        # a trump beats with a rank of at least this; a card that follows, of at least to_beat
        trump_rank = to_beat - TRUMP_BASE + 1 - low
        result = trumps & at_least[0 if trump_rank < 0 else min(trump_rank, top)]
        if to_beat < TRUMP_BASE:
            follow_rank = to_beat - low
            followers = self.follows[lead] & ~trumps
            result |= followers & at_least[0 if follow_rank < 0 else min(follow_rank, top)]
            if to_beat < 0:  # nothing to beat yet: any card
                result |= ~(trumps | followers)
        return mask & result

    def _rank_masks(self) -> tuple[int, ...]:
        """``_at_least[i]``: the cards of rank ``_low_rank + i`` or higher (the last: none)."""
        known = _RANK_MASKS.get(self.rank)
        if known is None:
            ranks = self.rank
            low = min(ranks, default=0)
            at_least = [0] * (max(ranks, default=0) - low + 2)
            for card, rank in enumerate(ranks):
                at_least[rank - low] |= 1 << card
            for index in range(len(at_least) - 2, -1, -1):
                at_least[index] |= at_least[index + 1]
            known = _RANK_MASKS[ranks] = (tuple(at_least), low)
        object.__setattr__(self, "_at_least", known[0])
        object.__setattr__(self, "_low_rank", known[1])
        return known[0]

    def tiers(self, seat: Seat, lead: Card, win_key: int) -> list[int]:
        """The cards the duty prefers, best first, as masks over the whole deck: a seat
        plays from the first tier it holds a card of, so a card from a later tier shows
        that it holds none of the earlier ones."""
        duty = self.duty
        tiers: list[int] = []
        if duty & FOLLOW:
            led = self.follows[lead]
            if duty & HEAD:
                tiers.append(self.beating(seat, led, lead, win_key))
            tiers.append(led)
            trumps = self.trumps[seat] & ~led
            if duty & TRUMP and trumps:
                if duty & OVERTRUMP:
                    tiers.append(self.beating(seat, trumps, lead, win_key))
                tiers.append(trumps)
        return tiers

    def legal(self, seat: Seat, hand: int, lead: Card | None, win_key: int) -> int:
        """The cards of ``hand`` that ``seat`` may play (``lead`` None: it leads)."""
        if lead is None or not self.duty:
            return hand
        led = hand & self.follows[lead]
        if led:
            if self.duty & HEAD:
                return self.beating(seat, led, lead, win_key) or led
            return led
        if self.duty & TRUMP:
            trumps = hand & self.trumps[seat]
            if trumps:
                if self.duty & OVERTRUMP:
                    return self.beating(seat, trumps, lead, win_key) or trumps
                return trumps
        return hand

    def lacks(self, seat: Seat, card: Card, lead: Card, win_key: int) -> int:
        """The cards that playing ``card`` to a trick led with ``lead`` shows ``seat`` lacks."""
        shown = 0
        for tier in self.tiers(seat, lead, win_key):
            if tier >> card & 1:
                break
            shown |= tier
        return shown

    def with_trump(self, side: int, suit_mask: int) -> PlaySpec:
        """This spec once ``side`` has ``suit_mask`` as its trumps (a call): its calls end."""
        trumps = tuple(suit_mask if self.side_of[s] == side else t
                       for s, t in enumerate(self.trumps))
        calls = tuple(0 if self.side_of[s] == side else c for s, c in enumerate(self.calls))
        return replace(self, trumps=trumps, calls=calls)


def spec_with(spec: PlaySpec, **changes: Any) -> PlaySpec:
    """``dataclasses.replace(spec, **changes)``, made once per spec and changes and then
    shared (a spec is frozen): naming trump each hand costs a lookup, not a new spec.

    >>> from tricktable.cards import STANDARD
    >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
    >>> spec_with(spec, last_bonus=10) is spec_with(spec, last_bonus=10)
    True
    """
    key = (id(spec), *changes.items())
    known = _DERIVED.get(key)
    if known is None or known[0] is not spec:
        known = _DERIVED[key] = (spec, replace(spec, **changes))
    return known[1]


_DERIVED: dict[tuple[Any, ...], tuple[PlaySpec, PlaySpec]] = {}
"""Per spec (by identity, which the entry keeps alive) and changes: the changed spec."""

_RANK_MASKS: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
"""Per rank table: its ``_at_least`` masks and lowest rank (specs share rank tables)."""


def plain_spec(deck: Deck, players: int, sides: int, trump: int | None,
               points: tuple[int, ...] | None = None, duty: int = FOLLOW,
               last_bonus: int = 0, tricks: int | None = None) -> PlaySpec:
    """The spec of plain tricks in ``deck``: follow suit, ``trump`` (a suit or None) over all.

    Seats alternate between ``sides`` (two partnerships of four; each seat alone
    when ``sides == players``).

    >>> from tricktable.cards import STANDARD
    >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=None)
    >>> spec.legal(1, 0b11 | 1 << 20, 5, spec.key(0, 5, 5)) == 0b11  # follow the spade lead
    True
    """
    suit_masks = deck.suit_masks[:len(deck.suits)]
    follows = tuple(deck.suit_masks[deck.suit_of(card)] for card in range(len(deck)))
    trump_mask = 0 if trump is None else suit_masks[trump]
    return PlaySpec(
        players=players, side_of=tuple(seat % sides for seat in range(players)),
        follows=follows, rank=tuple(deck.rank_of(card) for card in range(len(deck))),
        trumps=(trump_mask,) * players, points=points or (0,) * len(deck),
        tricks=tricks or len(deck) // players, duty=duty, last_bonus=last_bonus,
        suit_masks=tuple(suit_masks))


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
        if seat is None:
            key = 1 + spec.rank[card]
            if not trick:
                self.win_pos, self.win_key = 0, key
            elif key > self.win_key:
                self.win_key, self.win_pos = key, len(trick)
        else:
            bit = 1 << card
            self.hands[seat] ^= bit
            self.played[seat] |= bit
            if text is None and kind == "play":
                self.log.append(self._play_events[seat][card])
            else:
                self.log.append(Event(kind, seat, text or self._play_text(seat, card)))
            if spec.trumps[seat] & bit:
                key = TRUMP_BASE + spec.rank[card]
            elif trick:
                key = 1 + spec.rank[card] if spec.follows[trick[0]] & bit else 0
            else:
                key = 1 + spec.rank[card] if spec.follows[card] & bit else 0
            if not trick:
                self.leader, self.win_pos, self.win_key = seat, 0, key
            else:
                duty = spec.duty
                # what the card shows the seat lacks: only a card that does not follow,
                # or, where it must head the trick, one that may not, can show anything
                if duty and (duty & HEAD or not spec.follows[trick[0]] & bit):
                    self.lacks[seat] |= spec.lacks(seat, card, trick[0], self.win_key)
                if key > self.win_key:
                    self.win_key, self.win_pos = key, len(trick)
        trick.append(card)
        seats = self.trick_seats
        seats.append(seat)
        out = spec.sits_out  # -1, or a seat that plays no card this hand
        if len(trick) < spec.players + (seats[0] is None) - (out >= 0):
            if seat is not None:
                following = seat + 1 if seat + 1 < spec.players else 0
                if following == out:
                    following = following + 1 if following + 1 < spec.players else 0
                self.to_move = following
            return None
        return self._finish_trick()

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
        if self.to_move is None or not self._at_tricks():
            return None
        spec = self.spec
        sides = max(spec.side_of) + 1
        side_tricks = [0] * sides
        for seat, won in enumerate(self.tricks_won):
            side_tricks[spec.side_of[seat]] += won
        seats = [seat for seat in range(spec.players) if seat != spec.sits_out]
        if len(seats) < spec.players:  # the seats that play, as a table of their own
            spec = replace(spec, players=len(seats), sits_out=-1,
                           side_of=tuple(spec.side_of[s] for s in seats),
                           trumps=tuple(spec.trumps[s] for s in seats),
                           calls=tuple(spec.calls[s] for s in seats) if spec.calls else ())
        index = {seat: number for number, seat in enumerate(seats)}
        return Position(spec, tuple(self.hands[s] for s in seats), tuple(self.trick),
                        tuple(None if s is None else index[s] for s in self.trick_seats),
                        index[self.to_move], self.win_pos, self.win_key, self.tricks_played,
                        tuple(side_tricks), tuple(self.card_points))

    def _at_tricks(self) -> bool:
        """Whether the seat to move is to play a card to a trick now."""
        from tricktable.engine.state import Phase
        return self.phase is Phase.PLAY

    def _plain_tricks(self) -> bool:
        """Whether the rest of the hand is nothing but tricks under the current spec (no
        stock to draw from, no choice but the card): a game says no where it is not."""
        return True

    def play_position(self) -> PlayPosition | None:
        """The rest of this hand for the int kernel of the solver, where every seat has
        the same trumps and nothing but cards are played (None otherwise)."""
        spec = self.spec
        if (self.to_move is None or not self._at_tricks() or not self._plain_tricks()
                or len(set(spec.trumps)) != 1 or any(spec.calls) or spec.sits_out >= 0
                or (self.trick_seats and self.trick_seats[0] is None)):
            return None
        key = spec.key

        def winner(trick: tuple[Card, ...]) -> int:
            keys = [key(0, card, trick[0]) for card in trick]
            return keys.index(max(keys))

        def legal(hand: int, trick: tuple[Card, ...]) -> int:
            if not trick:
                return hand
            return spec.legal(0, hand, trick[0], key(0, trick[winner(trick)], trick[0]))

        finish = None
        if spec.most_tricks_bonus:
            def finish(side_tricks: tuple[int, ...]) -> tuple[int, ...]:
                mine = spec.bonus_side
                most = mine if side_tricks[mine] * 2 >= sum(side_tricks) else 1 - mine
                return tuple(spec.most_tricks_bonus if side == most else 0
                             for side in range(len(side_tricks)))

        sides = max(spec.side_of) + 1
        side_tricks = [0] * sides
        for seat, won in enumerate(self.tricks_won):
            side_tricks[spec.side_of[seat]] += won
        return PlayPosition(
            hands=tuple(self.hands), trick=tuple(self.trick),
            leader=self.leader if self.trick else self.to_move, side_of=spec.side_of,
            side_tricks=tuple(side_tricks), legal=legal, winner=winner,
            suit_of=self.deck.suit_table, points=spec.points, copies=self.deck.copies,
            last_points=spec.last_bonus, finish=finish)

    score_basis: ClassVar[str] = "points"
    """What :meth:`hand_score` reads: each side's card points (with the spec's bonuses) or
    tricks at the hand's end."""

    def hand_score(self, totals: list[int]) -> list[int] | None:
        """Each side's score for this hand had it ended with ``totals`` (per side, of
        :attr:`score_basis`), or None where the score is not a function of them alone:
        the solver then searches the score through the rules."""
        return None

    play_deal_keys: ClassVar[frozenset[str]] = frozenset()
    """The keys a play-phase deal may hold besides the shared ones (``hands``, ``leader``,
    ``tricks``, ``points``, ``dealer``); a game that can start at trick play names them."""

    def _play_contract(self, deal: dict[str, Any]) -> Seat | None:
        """Set the hand's contract (trump, declarer, bid ...) from a play-phase deal and the
        :attr:`spec` it plays under; return the declarer (None: none). Raise
        :class:`DealError` naming a bad value."""
        raise DealError(f"{self.title} cannot start at trick play from a deal yet")

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
        unknown = sorted(set(deal) - {"hands", "leader", "tricks", "points", "dealer"}
                         - self.play_deal_keys)
        if unknown:
            keys = ", ".join(sorted({"hands", "leader", "tricks", "points", *self.play_deal_keys}))
            raise DealError(f"unknown deal key {unknown[0]!r}; a play deal has: {keys}")
        players, deck = self.players, self.deck
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise DealError(f"a deal needs 'hands': a list of {players} hands")
        masks: list[int] = []
        seen = 0
        for seat, cards in enumerate(hands):
            if not isinstance(cards, str) and not (
                    isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
                raise DealError(f"seat {seat}'s hand must be card texts: {cards!r}")
            try:
                ids = deck.parse_many(cards, taken=seen)
            except ValueError as error:
                raise DealError(f"seat {seat}'s hand: {error}") from None
            mask = sum(1 << card for card in ids)
            seen |= mask
            masks.append(mask)
        size = masks[0].bit_count()
        if any(mask.bit_count() != size for mask in masks) or size == 0:
            sizes = ", ".join(str(mask.bit_count()) for mask in masks)
            raise DealError(f"the hands must hold the same number of cards, at least one: {sizes}")
        leader = _seat_value(deal, "leader", players, None)
        declarer = self._play_contract(deal)
        spec = self.spec
        if size > spec.tricks:
            raise DealError(f"a {self.title} hand has at most {spec.tricks} cards, not {size}")
        sides = max(spec.side_of) + 1
        earlier = spec.tricks - size
        tricks = deal.get("tricks")
        if tricks is None:
            first = spec.side_of[leader if declarer is None else declarer]
            tricks = [0] * sides
            for number in range(earlier):
                tricks[(first + number) % sides] += 1
        points = deal.get("points", [0] * sides)
        for name, values in (("tricks", tricks), ("points", points)):
            if not isinstance(values, list) or len(values) != sides or not all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
                raise DealError(f"'{name}' must list {sides} whole numbers from 0, one per side")
        if sum(tricks) != earlier:
            raise DealError(f"with {size} cards a hand left, {earlier} tricks were played, "
                            f"not {sum(tricks)}")
        self.hands = masks
        self.deal = dict(deal)
        if "dealer" in deal:
            self.dealer = _seat_value(deal, "dealer", players, None)
        self._start_tricks(leader)
        self.tricks_played = earlier
        for side, count in enumerate(tricks):
            self.tricks_won[spec.side_of.index(side)] += count
        self.card_points = list(points)
        self.to_move = leader
        from tricktable.engine.state import Phase
        self.phase = Phase.PLAY
        self.log = [Event("deal", leader, f"the hand starts at trick play, {size} cards each; "
                                          f"{self.seat_name(leader)} leads")]

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
        cards, seats, winner = trick
        texts = self.deck.card_texts
        return {"cards": [{"seat": s, "card": texts[c]} for c, s in zip(cards, seats, strict=True)],
                "winner": winner}


@dataclass(frozen=True, slots=True)
class Position:
    """The rest of a hand's trick play as ints: what the double-dummy solver searches.

    The trick so far is ``trick`` (played by ``trick_seats``, None for a card
    turned up by nobody) and its winning key ``win_key`` (-1: no card yet);
    ``to_move`` plays next. Each side has taken ``side_tricks`` and
    ``side_points`` so far, and ``tricks_played`` tricks are over.
    """

    spec: PlaySpec
    hands: tuple[int, ...]
    trick: tuple[Card, ...]
    trick_seats: tuple[Seat | None, ...]
    to_move: Seat
    win_pos: int
    win_key: int
    tricks_played: int
    side_tricks: tuple[int, ...]
    side_points: tuple[int, ...]


def _seat_value(deal: dict[str, Any], key: str, players: int, default: int | None) -> int:
    """A seat number from a deal (``default`` None: required), checked."""
    value = deal.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise DealError(f"'{key}' must be a seat from 0 to {players - 1}")
    return value


_EVENTS: dict[tuple[type[TrickGame], int],
              tuple[tuple[tuple[Event, ...], ...], tuple[Event, ...]]] = {}
"""Per game class and number of players: each seat's event for playing each card, and the
event of each seat (or nobody) winning a trick."""


def lowest_in(mask: int) -> Card:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


