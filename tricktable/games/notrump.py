"""Notrump: 52 cards, a contract table, a hidden trump marker per player.

Rules: ``shared/seeds/002`` and RULES.md section 3; rulings in docs/rules-notrump.md.
Four players in partnerships (13 cards each) or three each for themselves
(17 cards each and a turned-up 52nd card that opens the first trick).
This module holds the phase flow; the rules as data are in ``notrump_cards.py``,
the views and words in ``notrump_table.py``, hidden information in ``notrump_worlds.py``,
the hand's end and scoring in ``notrump_scoring.py``.

>>> import tricktable
>>> game = tricktable.new_game("notrump", seed=3)
>>> game.phase, [a.text for a in game.legal_actions()]
(<Phase.CONTRACT: 'contract'>, ['notrump', 'contract ♠', 'contract ♦', 'contract ♥', \
'contract ♣', 'pass'])
>>> _ = game.apply("contract ♥")
>>> game.phase, game.view(None)["contract"], game.view(None)["value"]
(<Phase.MARKER: 'marker'>, '♥', 6)
"""

from __future__ import annotations

from typing import ClassVar

from tricktable.cards import STANDARD, Card, Seat
from tricktable.engine.actions import Action, card_actions
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.positions import deal_seat, deal_suit
from tricktable.engine.registry import register_game
from tricktable.engine.rules import Rules
from tricktable.engine.spec import PlaySpec
from tricktable.engine.state import (
    CONTRACT_PHASE,
    JSON,
    MARKER_PHASE,
    PASS_PHASE,
    PLAY_PHASE,
    DealError,
    deal_round,
    read_deal,
)
from tricktable.games import invariants
from tricktable.games.notrump_cards import (
    CALL,
    CONTRACT_ACTIONS,
    DOING,
    EXPECTED,
    GIVE_CARDS,
    HAND_SIZES,
    MARKER_CARDS,
    NO_TRUMP,
    PLAIN_SPECS,
    PLAY_CARDS,
    PLAY_TEXT,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TABLE,
    TEXT,
    VALUES,
    NotrumpRules,
    called_spec,
    contract_text,
    give_event,
    hand_text,
    team_spec,
)
from tricktable.games.notrump_scoring import NotrumpScoring

__all__ = [  # what the game's bot and tests import from here
    "HAND_SIZES", "NO_TRUMP", "PLAIN_SPECS", "SUITS", "SUIT_MASKS", "SUIT_OF", "TEXT", "VALUES",
    "NotrumpGame", "NotrumpRules", "hand_text",
]


@register_game
class NotrumpGame(NotrumpScoring):
    """A game of Notrump to the target, or one hand when dealt from ``deal=``."""

    name = "notrump"
    title = "Notrump"
    deck = STANDARD
    table = TABLE
    rules_type = NotrumpRules
    player_counts = (4, 3)
    unsearched = frozenset({"spec"})  # made of team_of, trump, markers, revealed, may_call
    replays_by_cards = False  # a call or a marker played changes the trumps mid-hand
    rules: NotrumpRules

    def __init__(self, rules: NotrumpRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.scores = [0] * len(self.sides)
        self.hand_number = 0
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[0, 2], [1, 3]] if self.players == 4 else [[0], [1], [2]]

    # -- dealing and the contract ------------------------------------------

    def _deal(self) -> None:
        """Deal from the seed (one at a time from the dealer's left), or the explicit deal."""
        n, size = self.players, HAND_SIZES[self.players]
        if self.deal is not None:
            piles = {"turned_up": 1} if n == 3 else {}
            self.dealer, self.hands, rest = read_deal(STANDARD, self.deal, n, size, piles)
            self.turned_up = rest.get("turned_up", 0)
            return
        order = self.shuffled()
        self.hands = deal_round(order[:n * size], n, self.dealer)
        self.turned_up = sum(1 << c for c in order[n * size:])  # the 52nd card, face down

    def _start_hand(self) -> None:
        n = self.players
        self.hand_number += 1
        self._deal()
        self.eldest = (self.dealer + 1) % n  # left of the dealer: selects, leads, marks first
        self.up_card: Card | None = None  # the turned-up card once it is shown
        self.choosers = [(self.dealer + 1 + i) % n for i in range(n)] if n == 3 else [
            self.eldest, (self.dealer + 3) % 4]
        self.choices: list[tuple[Seat, int | None]] = []
        self.declarer: Seat | None = None
        self.contract: int | None = None
        self.teams: list[list[Seat]] = []  # this hand's playing teams: selecting, defending
        self.team_of = [0] * n
        self.trump: list[int | None] = [None, None]  # per playing team
        self.may_call = [False, False]  # per playing team
        self.calls: list[tuple[Seat, int, int]] = []  # seat, suit, trick number
        self.markers: list[Card | None] = [None] * n
        self.revealed = [False] * n  # marker shown (called or played)
        self.outgoing = [0] * n  # cards set aside to pass, not yet received
        self.given = [0] * n  # every card each seat passed this hand
        self.pass_offset = 1 if self.hand_number % 2 else n - 1  # left, then right
        self.spec = PLAIN_SPECS[n]  # until play starts: then the teams' trumps and calls
        self._start_tricks(leader=self.eldest)
        self.past_tricks: list[tuple[list[Card], list[Seat | None], Seat | None]] = []
        self.trumped = 0  # the cards played this hand that were trumps when played
        self.thrown_out = 0
        self.phase = CONTRACT_PHASE
        self.to_move = self.eldest
        self.log.append(Event("deal", self.dealer,
                              f"hand {self.hand_number}: {self.seat_name(self.dealer)} deals"))
        for seat in range(n):
            self.log.append(dealt("hand", seat, f"{self.seat_name(seat)} is dealt "
                                                f"{HAND_SIZES[n]} cards",
                                  self.hands[seat], hand_text))

    def _choose(self, seat: Seat, contract: int | None) -> None:
        self.choices.append((seat, contract))
        name = self.seat_name(seat)
        if contract is not None:
            self.log.append(Event("contract", seat, f"{name} chooses {contract_text(contract)} "
                                                    f"(worth {VALUES[contract]})"))
            self._set_contract(seat, contract)
        elif len(self.choices) < len(self.choosers):
            self.to_move = self.choosers[len(self.choices)]
            self.log.append(Event("pass", seat, f"{name} passes the choice to "
                                                f"{self.seat_name(self.to_move)}"))
        else:
            self.log.append(Event("pass", seat, f"{name} passes too: the hand is dropped"))
            self._end_hand()

    def _set_contract(self, seat: Seat, contract: int) -> None:
        self.declarer, self.contract = seat, contract
        n = self.players
        if n == 4:
            self.teams = [[seat % 2, seat % 2 + 2], [1 - seat % 2, 3 - seat % 2]]
        else:
            self.teams = [[seat], sorted({(seat + 1) % 3, (seat + 2) % 3})]
        for team, members in enumerate(self.teams):
            for member in members:
                self.team_of[member] = team
        if contract == NO_TRUMP:
            self.may_call = [True, True]
        else:
            self.trump[0] = contract
            self.may_call = [False, True]
        self.phase = MARKER_PHASE
        self.to_move = self.eldest

    # -- markers and passing -------------------------------------------------

    def _set_marker(self, seat: Seat, card: Card) -> None:
        self.markers[seat] = card
        self.log.append(Event("marker", seat, f"{self.seat_name(seat)} sets a marker face down",
                              f"you set {TEXT[card]} face down as your marker"))
        self.to_move = (seat + 1) % self.players
        if self.to_move == self.eldest:
            if self.rules.pass_count:
                self.phase = PASS_PHASE
            else:
                self._start_play()

    def _passable(self, seat: Seat) -> int:
        marker = self.markers[seat]
        return self.hands[seat] & ~(1 << marker if marker is not None else 0)

    def _give(self, seat: Seat, card: Card) -> None:
        bit = 1 << card
        self.hands[seat] ^= bit
        self.outgoing[seat] |= bit
        self.given[seat] |= bit
        receiver = (seat + self.pass_offset) % self.players
        self.log.append(give_event(self.seat_name(seat), seat, self.seat_name(receiver), card))
        if self.outgoing[seat].bit_count() < self.rules.pass_count:
            return
        self.to_move = (seat + 1) % self.players
        if self.to_move == self.eldest:
            self._deliver()
            self._start_play()

    def _deliver(self) -> None:
        n = self.players
        for giver in range(n):
            receiver = (giver + self.pass_offset) % n
            self.hands[receiver] |= self.outgoing[giver]
            self.log.append(Event(
                "receive", receiver,
                f"{self.seat_name(receiver)} receives {self.rules.pass_count} cards from "
                f"{self.seat_name(giver)}",
                f"you receive {' '.join(hand_text(self.outgoing[giver]))} from "
                f"{self.seat_name(giver)}"))
            self.outgoing[giver] = 0

    # -- play ----------------------------------------------------------------

    def _start_play(self) -> None:
        """The teams' trumps and calls become the play spec; three players: the turned-up
        card opens the first trick (never a trump: nobody played it)."""
        self.phase = PLAY_PHASE
        self.to_move = self.eldest
        self.spec = self._team_spec()
        self._turn_up()

    def _turn_up(self) -> None:
        """Three players: the dealer turns up the face-down card to open the trick."""
        if self.turned_up:
            card = self.turned_up.bit_length() - 1
            self.turned_up = 0
            self.up_card = card
            self._play_card(None, card)
            self.log.append(Event("turn", self.dealer, f"{self.seat_name(self.dealer)} turns up "
                                                       f"{TEXT[card]} to open the first trick"))

    def _team_spec(self) -> PlaySpec:
        """The play spec of the teams' trumps and the markers that may still call."""
        trumps = tuple(0 if trump is None else SUIT_MASKS[trump]
                       for trump in (self.trump[team] for team in self.team_of))
        return team_spec(tuple(self.team_of), trumps, self._call_markers())

    play_deal_keys = frozenset({"contract", "declarer", "markers", "trumps", "turned_up"})

    def _play_contract(self, deal: JSON) -> Seat | None:
        """A play deal's contract: ``contract`` (``notrump``, the default, or a suit) chosen
        by ``declarer`` (default 0); ``markers``, per seat a face-down marker in its hand
        or null (default: none), and ``trumps``, per team (the selecting team first) the
        suit it called or null (default: none). A seat may call while its team may and
        has no trump and its marker is face down in its hand. With three players,
        ``turned_up`` (a card in no hand) opens the trick the deal starts at, as the
        first trick's turned-up card does: the leader plays first to it, the dealer
        (the leader's right) last, and it is thrown out if nobody beats it.

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", deal={"hands": ["A♠", "2♥", "K♠", "3♥"],
        ...     "leader": 0, "contract": "notrump", "markers": [None, "2♥", None, None]})
        >>> [action.text for action in game.legal_actions()], game.spec.calls[1] > 0
        (['play A♠'], True)
        """
        n = self.players
        contract = deal_suit({"contract": "notrump", **deal}, "contract", STANDARD,
                             {"notrump": NO_TRUMP})
        declarer = deal_seat(deal, "declarer", n, 0)
        self._set_contract(declarer, contract)
        markers, trumps = deal.get("markers", [None] * n), deal.get("trumps", [None, None])
        if not isinstance(markers, list) or len(markers) != n:
            raise DealError(f"'markers' must list {n} cards or nulls, one per seat")
        if not isinstance(trumps, list) or len(trumps) != 2:
            raise DealError("'trumps' must list 2 suits or nulls, the selecting team first")
        for seat, marker in enumerate(markers):
            if marker is not None:
                card = _card_or_none(marker)
                if card is None or not self.hands[seat] >> card & 1:
                    raise DealError(f"seat {seat}'s marker {marker!r} is not in its hand")
                self.markers[seat] = card
        for team, suit in enumerate(trumps):
            if suit is None:
                continue
            self.trump[team] = deal_suit({"trumps": suit}, "trumps", STANDARD, {})
            if team == 0 and contract != NO_TRUMP and self.trump[0] != contract:
                raise DealError("the selecting team's trump is its contract's suit")
        self.turned_up = self._deal_turned_up(deal)
        self.spec = self._team_spec()
        return declarer

    def _deal_turned_up(self, deal: JSON) -> int:
        """A play deal's ``turned_up`` card (as a mask; 0: none), checked; the dealer is then
        the leader's right."""
        if "turned_up" not in deal:
            return 0
        text = deal["turned_up"]
        if isinstance(text, list) and len(text) == 1:
            text = text[0]
        card = _card_or_none(text)
        if self.players != 3:
            raise DealError("only three players open the first trick with a turned-up card")
        if card is None or any(hand >> card & 1 for hand in self.hands):
            raise DealError(f"'turned_up' must be one card in no hand, not {text!r}")
        leader = deal_seat(deal, "leader", self.players, None)
        dealer = (leader - 1) % self.players
        if deal.get("dealer", dealer) != dealer:
            raise DealError(f"with a turned-up card the dealer plays last: seat {dealer}, "
                            "the leader's right")
        self.dealer = dealer
        return 1 << card

    def _play_started(self) -> None:
        """A play deal's turned-up card opens its first trick."""
        self._turn_up()

    def _call_markers(self) -> tuple[int, ...]:
        """Per seat, its face-down marker while its team may call and has no trump yet
        (it may then play a card of the marker's suit with a call), else -1."""
        markers = []
        for seat, marker in enumerate(self.markers):
            team = self.team_of[seat]
            may = (marker is not None and not self.revealed[seat] and self.may_call[team]
                   and self.trump[team] is None)
            markers.append(marker if may and marker is not None else -1)
        return tuple(markers)

    def _play(self, seat: Seat, card: Card, call: bool) -> None:
        text = None  # a plain play: the core's shared event (the same text)
        if call:
            text = self._call(seat) + PLAY_TEXT[self.players][seat][card].removeprefix(
                self.seat_name(seat))
        elif card == self.markers[seat] and not self.revealed[seat]:
            self.revealed[seat] = True
            text = PLAY_TEXT[self.players][seat][card] + ", the marker"
            spec = self.spec
            if spec.calls[seat]:
                self.spec = team_spec(spec.side_of, spec.trumps, self._call_markers())
        if self.spec.trumps[seat] >> card & 1:
            self.trumped |= 1 << card
        self._play_card(seat, card, text, "call" if call else "play")

    def _call(self, seat: Seat) -> str:
        """Reveal ``seat``'s marker and make its suit the team's trump; the event's opening.

        The called card is a trump already; nothing is learnt about a marker from a
        call not made (calling is never required), and a card played before the call
        stays plain in its trick.
        """
        team = self.team_of[seat]
        marker = self.markers[seat] or 0
        suit = SUIT_OF[marker]
        self.trump[team] = suit
        self.revealed[seat] = True
        self.calls.append((seat, suit, self.tricks_played + 1))
        self.spec = called_spec(self.spec, team, suit)
        return (f"{self.seat_name(seat)} reveals the marker {TEXT[marker]}, calls "
                f"{STANDARD.suit_text(suit)} trump and")

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        """Keep the trick for the table; a trick nobody beat is thrown out and the dealer
        leads next."""
        if self.last_trick is not None:
            self.past_tricks.append(self.last_trick)
        if winner is None:
            for card in cards:
                self.thrown_out |= 1 << card
            self.to_move = self.dealer
            self.log.append(Event("trick", None, f"nobody beats {TEXT[cards[0]]}: the trick "
                                                 "is thrown out"))
        else:
            super()._trick_done(winner, cards)
        if not any(self.hands):
            self._end_hand()

    # -- the public API ------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take.

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", seed=1)
        >>> for text in ["notrump", "marker 3♦", "marker 5♦", "marker 7♥", "marker 9♠"]:
        ...     _ = game.apply(text)
        >>> game.phase, len(game.legal_actions())
        (<Phase.PASS: 'pass'>, 12)
        """
        seat = self.to_move
        if seat is None:
            return []
        phase = self.phase
        if phase is PLAY_PHASE:
            # a plain play: no trump (it is marked as one) and not the marker still hidden
            spec, marker = self.spec, self.markers[seat]
            hidden = 0 if marker is None or self.revealed[seat] else 1 << marker
            plays = self._offer_plays(PLAY_CARDS, plain=~(spec.trumps[seat] | hidden))
            calls = self.hands[seat] & spec.calls[seat]
            if calls:
                calls &= self.playable(seat)
            return plays + card_actions(calls, CALL) if calls else plays
        if phase is CONTRACT_PHASE:
            return list(CONTRACT_ACTIONS)
        if phase is MARKER_PHASE:  # offered with their ids: apply need not check them again
            actions, self._offered = MARKER_CARDS.offer(self.hands[seat])
            return actions
        if phase is PASS_PHASE:
            actions, self._offered = GIVE_CARDS.offer(self._passable(seat))
            return actions
        return []

    def _illegal(self, action: Action) -> str | None:
        phase, kind, seat = self.phase, action.kind, self.to_move or 0
        if kind not in EXPECTED[phase]:
            return f"it is time to {DOING[phase]}, not to {kind}"
        card = action.arg or 0
        if kind in ("marker", "give", "play", "call") and not self.hands[seat] >> card & 1:
            return f"you do not hold {TEXT[card]}"
        if kind == "give" and card == self.markers[seat]:
            return "your marker may not be passed"
        if kind == "play" and not self.playable(seat) >> card & 1:
            return self.why_not_play(seat, card)
        if kind == "call" and not self.callable(seat) >> card & 1:
            return self._why_not_call(seat, card)
        return None

    def _do(self, action: Action) -> None:
        kind, seat = action.kind, self.to_move or 0
        if kind == "play" or kind == "call":
            self._play(seat, action.arg or 0, kind == "call")
        elif kind == "give":
            self._give(seat, action.arg or 0)
        elif kind == "marker":
            self._set_marker(seat, action.arg or 0)
        else:
            self._choose(seat, NO_TRUMP if kind == "notrump" else action.arg)

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (CONTRACT_PHASE, MARKER_PHASE, PASS_PHASE, PLAY_PHASE)
    deal_piles: ClassVar[Piles] = {4: {}, 3: {"turned_up": 1}}

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.notrump_hand(self, index)

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """A side scores nothing or the contract's value; each seat chooses, sets a marker,
        passes its cards and plays its hand."""
        assert isinstance(rules, NotrumpRules)
        decisions = players * (2 + rules.pass_count + HAND_SIZES[players])
        return HandBounds(0.0, float(max(VALUES)), decisions)


def _card_or_none(text: object) -> Card | None:
    """The card ``text`` names, or None where it names none."""
    try:
        return STANDARD.parse(text) if isinstance(text, str) else None
    except ValueError:
        return None
