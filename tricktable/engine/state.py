"""The state every game shares: phases, the check/can/do cycle, log and record.

A game subclasses :class:`GameState` and supplies the rules of each phase:
``legal_actions()``, ``_illegal(action)`` (the rule an action breaks, or
``None``), ``_do(action)``, ``view(seat)`` and ``reveal()``. The base class
turns those into the public API: ``apply`` parses text, checks, applies and
logs; ``record`` and :func:`tricktable.replay` reproduce a game from its seed
and actions.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar

from tricktable.cards import Card, Deck, Seat
from tricktable.engine.actions import Action, ActionTable, IllegalAction
from tricktable.engine.dealing import DealError as DealError  # the deal: re-exported here,
from tricktable.engine.dealing import deal_round as deal_round  # where games import it
from tricktable.engine.dealing import read_deal as read_deal
from tricktable.engine.dealing import shuffle as shuffle
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event
from tricktable.engine.observe import Feature
from tricktable.engine.results import HandResult
from tricktable.engine.rules import Rules
from tricktable.engine.trick import PlayPosition
from tricktable.engine.views import Key
from tricktable.engine.worlds import Hidden, InconsistentWorld

RECORD_FORMAT = "tricktable-record"
RECORD_VERSION = 1

JSON = dict[str, Any]
WORLD_DRAWS = 100_000  # draws of a world before its constraints are called contradictory


class Phase(StrEnum):
    """Every phase any game has; each game uses the ones it needs, in its order."""

    KNOCK = "knock"  # Bidder: knock before the rest is dealt
    BID = "bid"  # an auction (Rook, Pinochle, Bidder)
    CONTRACT = "contract"  # Notrump: choose a contract or pass it to partner
    DISCARD = "discard"  # Rook: the bidder discards after taking the nest
    TRUMP = "trump"  # the declarer names trump
    MARKER = "marker"  # Notrump: each player's hidden trump marker
    PASS = "pass"  # Notrump: passing cards to an opponent
    PLAY = "play"  # trick play
    GAME_OVER = "game_over"


# The phases as module names, which hot paths read: on Python 3.11 ``Phase.PLAY`` goes
# through ``EnumType.__getattr__`` (any name looked up on an enum class does), about ten
# times the cost of a global.
KNOCK_PHASE, BID_PHASE, CONTRACT_PHASE, DISCARD_PHASE, TRUMP_PHASE = (
    Phase.KNOCK, Phase.BID, Phase.CONTRACT, Phase.DISCARD, Phase.TRUMP)
MARKER_PHASE, PASS_PHASE, PLAY_PHASE, GAME_OVER_PHASE = (
    Phase.MARKER, Phase.PASS, Phase.PLAY, Phase.GAME_OVER)
_GAME_OVER = GAME_OVER_PHASE


class GameState(ABC):
    """A whole game, hand after hand, with the public API every game shares."""

    name: ClassVar[str]  # registry name, "rook"
    title: ClassVar[str]  # display name, "Rook"
    deck: ClassVar[Deck]
    table: ClassVar[ActionTable]  # every action the game has, numbered
    rules_type: ClassVar[type[Rules]]
    player_counts: ClassVar[tuple[int, ...]]  # allowed numbers of players, default first
    tricks_reviewable: bool = True  # False: earlier tricks of a hand stay turned down (a game
    # may set it per instance, from its options)
    play_points: ClassVar[Sequence[int]] = ()  # each card's value in play; empty: tricks count
    unsearched: ClassVar[frozenset[str]] = frozenset()  # fields no later play depends on
    point_fields: ClassVar[frozenset[str]] = frozenset()  # points taken, which no play depends on
    view_keys: ClassVar[Mapping[str, Key]] = {}  # the view's keys beyond the common ones
    result_keys: ClassVar[Mapping[str, Key]] = {}  # a hand result's extras (engine/results.py)
    _rng: random.Random
    _rng_shared: bool  # another state holds the same generator: copy it before drawing
    _offered: int = 0
    _plain: int = 0  # (trick games: see TrickGame._plain)
    """The ids (a mask) of actions that ``legal_actions()`` found legal in this very state,
    so that ``apply`` need not check them again; every ``apply`` clears it. A game may
    set it (only ever to legal ids); code that changes a state other than through
    ``apply`` clears it (as :meth:`world` does)."""

    def __init__(self, rules: Rules, players: int, seed: int, deal: JSON | None) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.deal = deal  # explicit hands for a single hand, as given
        self.rng = random.Random(seed)  # the deal's chance steps (see the ``rng`` property)
        # the first dealer: drawn from the seed, or the explicit deal's
        self.dealer: Seat = self.rng.randrange(players) if deal is None else deal.get("dealer", 0)
        self.phase = BID_PHASE
        self.to_move: Seat | None = None
        self.scores: list[int] = []
        self.winner: int | None = None  # the winning side once the game is over
        self.results: list[HandResult] = []  # one per finished hand
        self.log: list[Event] = []
        self.history: list[str] = []  # the text of every action applied

    # -- what each game supplies ------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take now."""

    @abstractmethod
    def _illegal(self, action: Action) -> str | None:
        """The rule ``action`` breaks now, or None if it is legal."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Apply a legal action and log its events."""

    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` (None: a spectator) may see, JSON-serialisable."""

    @abstractmethod
    def reveal(self) -> JSON:
        """Everything, face up: for replays and tests, never for a seat."""

    @abstractmethod
    def hidden_from(self, seat: Seat) -> int:
        """Mask of the cards whose place ``seat`` may not know now (leak tests, sampling)."""

    @property
    @abstractmethod
    def sides(self) -> list[list[Seat]]:
        """The scoring sides (teams or single seats), in the order of ``scores``."""

    def hidden(self, seat: Seat) -> Hidden:
        """What ``seat`` cannot place now: the unseen cards, and which place may hold each.

        Everything in it follows from what the seat has seen: cards played,
        suits it saw others fail to follow, cards shown, passed or received.
        """
        raise NotImplementedError(f"{self.title} does not describe its hidden cards")

    def _hidden_masks(self, seat: Seat) -> list[int]:
        """The unseen cards each place of ``hidden(seat)`` really holds (tests only)."""
        raise NotImplementedError(f"{self.title} does not describe its hidden cards")

    def _deal_agrees(self, seat: Seat, masks: list[int]) -> bool:
        """Whether a deal of ``hidden(seat)`` also agrees with what the places' allowed cards
        cannot say (a Pinochle hand's whole meld). Worlds that do not are drawn again, which
        keeps sampling uniform among the deals that do."""
        return True

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        """Give each place of ``hidden(seat)`` the unseen cards in ``masks`` (a fresh world)."""
        raise NotImplementedError(f"{self.title} cannot deal its hidden cards anew")

    # -- the shared API ---------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has a winner (or a single dealt hand is done)."""
        return self.phase is _GAME_OVER

    def parse(self, text: str) -> Action:
        """Read an action's text (``"bid 75"``, ``"play R14"``); a word that is no action
        is refused naming the actions the seat to move may take now."""
        try:
            return self.table.parse(text)
        except IllegalAction:
            kind = text.strip().partition(" ")[0].lower()
            if kind in self.table.arg_types or self.phase is _GAME_OVER:
                raise
            now = self.table.usage({action.kind for action in self.legal_actions()})
            raise IllegalAction(f"unknown action {text.strip()!r}; now: {now}") from None

    def check(self, action: Action | str) -> Action:
        """Return the action if legal now; else raise IllegalAction naming the rule."""
        if isinstance(action, str):
            action = self.parse(action)
        if self.phase is GAME_OVER_PHASE:
            raise IllegalAction("the game is over")
        reason = self._illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (object or text) for the seat to move; return its events.

        An illegal action raises :class:`IllegalAction` and changes nothing.
        """
        offered, self._offered = self._offered, 0
        if action.__class__ is Action and offered >> action.id & 1:
            pass  # offered by legal_actions() in this very state: legal
        elif action.__class__ is not Action or self.phase is _GAME_OVER:
            action = self.check(action)
        else:
            reason = self._illegal(action)
            if reason is not None:
                raise IllegalAction(reason)
        start = len(self.log)
        self.history.append(action.text)
        self._do(action)
        return self.log[start:]

    def shuffled(self) -> list[Card]:
        """Every card of the deck in a fresh order from the game's RNG (the deal's chance step):
        the order ``random.shuffle`` gives (see :func:`shuffle`)."""
        order = list(range(len(self.deck)))
        shuffle(self.rng, order)
        return order

    def side_of(self, seat: Seat) -> int:
        """The index in ``scores`` of the side ``seat`` plays for."""
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise ValueError(f"no seat {seat}")

    def events(self, seat: Seat | None, since: int = 0) -> list[str]:
        """The log from entry ``since`` on, as ``seat`` (None: a spectator) saw it."""
        return [event.seen_by(seat) for event in self.log[since:]]

    def table_log(self, seat: Seat | None) -> list[str]:
        """The log a table interface may show ``seat`` now.

        Where earlier tricks may not be reviewed (Rook), it is the current
        hand's log without the plays of its earlier tricks: only the trick in
        progress and the trick just completed (until the next card is led)
        remain. Earlier hands are summed up in ``results``.
        """
        if self.tricks_reviewable:
            return self.events(seat)
        log = self.log
        hand_start = max((i for i, e in enumerate(log) if e.kind == "deal"), default=0)
        trick_ends = [i for i in range(hand_start, len(log)) if log[i].kind == "trick"]
        in_progress = any(log[i].kind == "play" for i in range(
            (trick_ends[-1] if trick_ends else hand_start), len(log)))
        keep = trick_ends[-1:] if in_progress else trick_ends[-2:-1]
        shown_from = keep[0] if keep else hand_start
        return [log[i].seen_by(seat) for i in range(hand_start, len(log))
                if log[i].kind != "play" or i > shown_from]

    @property
    def rng(self) -> random.Random:
        """The game's random stream, which deals every hand.

        A clone shares its original's stream until either of them next draws
        from it: then that one takes a copy of its own (copy on write), so a
        clone costs no copy of the generator's 625-word state.
        """
        if self._rng_shared:
            rng = random.Random(0)
            rng.setstate(self._rng.getstate())
            self._rng, self._rng_shared = rng, False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared = rng, False

    def clone(self) -> GameState:
        """An independent copy, the RNG included, in microseconds.

        Every list, dict and set of the state is copied one level deep and
        everything else is shared: ints, strings, the frozen rules and play
        spec, the log's events (named tuples). The games never mutate
        anything nested inside a list, dict or set; they replace it (the
        conformance suite's independence test holds them to it). The random
        stream is copied when one of the two next draws from it.

        >>> import tricktable
        >>> game = tricktable.new_game("rook", seed=1)
        >>> twin = game.clone()
        >>> _ = twin.apply(twin.legal_actions()[0])
        >>> len(twin.history), len(game.history)
        (1, 0)
        """
        self._rng_shared = True
        fields = self.__dict__.copy()
        for key, value in fields.items():
            if type(value) in _COPIED:
                fields[key] = value.copy()
        copied = object.__new__(type(self))
        copied.__dict__ = fields
        return copied

    fork = clone  # the name search code uses; the same fast, independent copy

    def search_key(self, leave_out: frozenset[str] = frozenset()) -> tuple[Any, ...]:
        """Everything the rest of the hand depends on, hashable: equal keys, equal futures
        (but for the fields in ``leave_out``)."""
        skip = _NEVER_SEARCHED | self.unsearched | leave_out
        return tuple(_frozen(value) for key, value in self.__dict__.items() if key not in skip)

    def play_position(self) -> PlayPosition | None:
        """The rest of this hand as plain tricks for the double-dummy kernel, or None
        where the hand is not at plain trick play (see :class:`PlayPosition`)."""
        return None

    def unlike_cards(self) -> int:
        """Cards that play unlike any other of their suit (Notrump's markers)."""
        return 0

    def taken_points(self) -> list[int]:
        """Each side's card points taken so far this hand (the ``point_fields``)."""
        raise NotImplementedError(f"{self.title} does not count points during the hand")

    def world(self, seat: Seat, rng: random.Random, hidden: Hidden | None = None) -> GameState:
        """This hand as ``seat`` might be facing it: a copy with every card the seat
        cannot see dealt anew, uniformly among the deals consistent with all it knows.

        ``hidden``: ``self.hidden(seat)``, from a caller that draws many worlds of this
        state (the consistent deals are counted once for all of them, not once a world).

        The copy holds no trace of the real hidden cards: its log, history,
        seed, explicit deal and RNG are replaced, and it ends with this hand.

        >>> import random, tricktable
        >>> game = tricktable.new_game("rook", seed=1)
        >>> world = game.world(0, random.Random(5))
        >>> world.hands[0] == game.hands[0], world.hands[1] == game.hands[1]
        (True, False)
        """
        world = self._bare_copy(rng)  # first: the random stream is the same as ever
        if hidden is None:
            hidden = self.hidden(seat)
        for _ in range(WORLD_DRAWS):
            masks = hidden.sample(rng)
            if self._deal_agrees(seat, masks):
                break
        else:
            raise InconsistentWorld(f"no deal of the unseen cards in {WORLD_DRAWS} draws agrees "
                                    f"with all seat {seat} saw")
        world._place_hidden(seat, masks, rng)
        return world

    def redacted(self, seat: Seat) -> GameState:
        """What a search bot at ``seat`` is given: one world drawn with a fixed seed.

        It depends only on what the seat knows, so a bot that reads it cannot
        learn anything the seat may not see (tests/bots/test_no_peeking.py).
        """
        return self.world(seat, random.Random(0))

    def _bare_copy(self, rng: random.Random) -> GameState:
        """A copy without the log, history, seed, explicit deal or RNG of this game."""
        copied = object.__new__(type(self))
        copied.__dict__ = {key: value.copy() if type(value) in _COPIED else value
                           for key, value in self.__dict__.items() if key not in _NOT_IN_WORLDS}
        copied.log, copied.history, copied.results = [], [], list(self.results)
        copied._offered = copied._plain = 0  # the hidden cards are dealt anew
        copied.deal = {}  # a world is one hand: the game ends with it
        copied.seed = 0
        copied.rng = random.Random(rng.getrandbits(64))
        return copied

    def record(self) -> JSON:
        """Everything needed to replay this game exactly, JSON-serialisable."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.name,
            "players": self.players,
            "options": self.rules.to_options(),
            "seed": self.seed,
            "deal": copy.deepcopy(self.deal),
            "actions": list(self.history),
        }

    # -- declarations: what generic code reads instead of a game's name ----------
    # (tricktable/engine/declare.py lists them; a game overrides those that apply)

    phases: ClassVar[tuple[Phase, ...]] = ()  # the phases of a hand, in order (not GAME_OVER)
    deal_piles: ClassVar[Piles] = {}  # by players: the piles of a deal= besides the hands
    zero_sum: ClassVar[bool] = False  # every hand's score changes add up to zero
    suggests_bids: ClassVar[bool] = False  # a hint in the auction suggests a bid per trump
    # options under which a game between random players ends (tests, benchmarks)
    playout_options: ClassVar[Mapping[str, Any]] = {}

    @classmethod
    def deal_layout(cls, players: int, rules: Rules) -> Mapping[str, int]:
        """The piles a ``deal=`` takes besides the hands under ``rules`` (name and cards):
        ``deal_piles`` unless an option changes them (Rook's ``nest``)."""
        return cls.deal_piles.get(players, {})

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """Each player's least and greatest score change in one hand, and its most decisions."""
        raise NotImplementedError(f"{cls.title} does not declare its hand bounds")

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The observation features the game adds to the common ones (research)."""
        return []

    def winning_sides(self) -> list[int]:
        """The sides that won the game (several share a win), empty while it goes on."""
        return [] if self.winner is None else [self.winner]

    def check_hand(self, index: int) -> None:
        """Raise :class:`~tricktable.engine.declare.InvariantError` if the finished hand
        ``results[index]`` breaks the game's invariants (its points, its score changes)."""
        raise NotImplementedError(
            f"{self.title} declares no hand invariants: override check_hand(index) to check "
            f"how results[index]'s points add up and how its score changes follow from them "
            f"(see tricktable/games/invariants.py)")

    def deal_is_declared(self) -> bool:
        """Whether this game deals the declared ``deal_piles`` and hand sizes: options may
        deal otherwise (a short deck). Adapters that deal card by card need it."""
        return True

    def cards_to_draw(self) -> int:
        """Cards still to come into the hands this hand (a stock still drawn from)."""
        return 0

    def seat_name(self, seat: Seat) -> str:
        """A seat's label: N E S W with four players, else P1, P2, ..."""
        if self.players == 4:
            return "NESW"[seat]
        return f"P{seat + 1}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} phase={self.phase} to_move={self.to_move}>"


_COPIED = frozenset({list, dict, set})
_NEVER_SEARCHED = frozenset({"log", "history", "results", "_rng", "_rng_shared", "rules", "deal",
                             "seed", "_offered", "_plain", "_play_events", "_trick_events"})
_NOT_IN_WORLDS = frozenset({"log", "history", "_rng", "_rng_shared", "deal"})


def _frozen(value: Any) -> Any:
    """``value`` made hashable: lists and tuples as tuples, dicts as item tuples, sets frozen."""
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple([_frozen(item) if type(item) in _NESTED else item for item in value])
    if kind is dict:
        return tuple((key, _frozen(item)) for key, item in value.items())
    if kind is set:
        return frozenset(value)
    return value


_NESTED = (list, tuple, dict, set)
