"""Notrump: 52 cards, a contract table, a hidden trump marker per player.

Rules: ``shared/seeds/002`` and RULES.md section 3; rulings in docs/rules-notrump.md.
Four players in partnerships (13 cards each) or three each for themselves
(17 cards each and a turned-up 52nd card that opens the first trick).

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

import random
from dataclasses import dataclass, replace
from typing import ClassVar

from tricktable.cards import STANDARD, Card, Seat, bits
from tricktable.engine import observe as obs
from tricktable.engine.actions import Action, ActionTable, CardActions, card_actions
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.observe import Feature, Reading
from tricktable.engine.play import (
    FOLLOW,
    PLAY_PHASE,
    TRUMP,
    PlaySpec,
    Trick,
    TrickGame,
    plain_spec,
)
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Rules, option
from tricktable.engine.state import JSON, Phase, deal_round, read_deal
from tricktable.engine.views import Key
from tricktable.engine.worlds import Hidden
from tricktable.games import invariants

SUITS = 4
NO_TRUMP = SUITS  # the contract index of No Trump; 0..3 are the suit contracts
VALUES = (10, 6, 8, 4, 12)
"""Contract values by index: ♠ 10, ♥ 6, ♦ 8, ♣ 4 (deck suit order), No Trump 12."""
CONTRACT_ORDER = (NO_TRUMP, 0, 2, 1, 3)  # as the seed's table lists them
DROPPED_POINTS = 4  # to the other team when both partners pass (four players)
NEEDED = 7  # tricks the selecting side needs, with four players or three
HAND_SIZES = {4: 13, 3: 17}
SUIT_MASKS = STANDARD.suit_masks[:SUITS]
SUIT_OF = [STANDARD.suit_of(c) for c in range(len(STANDARD))]
TEXT = [STANDARD.text(c) for c in range(len(STANDARD))]
PLAIN_SPECS = {n: plain_spec(STANDARD, players=n, sides=2 if n == 4 else 3, trump=None,
                             duty=FOLLOW | TRUMP) for n in HAND_SIZES}
"""Trick play before any trump: follow suit; void, play a trump if your team has one
(no duty to over-trump). A trump beats every plain card and two trumps, of one
team's suit or of both, compare by rank; the first of equal ranks wins."""
_TEAM_SPECS: dict[tuple[tuple[int, ...], ...], PlaySpec] = {}
_CALLED_SPECS: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int],
                    PlaySpec] = {}


def team_spec(side_of: tuple[int, ...], trumps: tuple[int, ...],
              calls: tuple[int, ...]) -> PlaySpec:
    """Trick play with each seat's team (``side_of``: 0 selects), each seat's trumps and
    the cards it may play with a call, kept for reuse: a hand changes its spec at every
    call and every marker played, and at most 1,682 specs (four players) and 783 (three)
    cover every hand: per team a trump or each member's marker suit or none.

    >>> spec = team_spec((0, 1, 0, 1), (SUIT_MASKS[0], 0, SUIT_MASKS[0], 0), (0,) * 4)
    >>> spec.key(0, 0, 13) > spec.key(1, 25, 13)  # N's 2♠ trumps E's A♥
    True
    """
    key = (side_of, trumps, calls)
    spec = _TEAM_SPECS.get(key)
    if spec is None:
        spec = _TEAM_SPECS[key] = replace(PLAIN_SPECS[len(side_of)], side_of=side_of,
                                          trumps=trumps, calls=calls)
    return spec


def called_spec(spec: PlaySpec, team: int, suit: int) -> PlaySpec:
    """``spec`` (a :func:`team_spec`) once ``team`` calls ``suit`` trump (its calls end),
    kept for reuse."""
    key = (spec.side_of, spec.trumps, spec.calls, team, suit)
    called = _CALLED_SPECS.get(key)
    if called is None:
        called = _CALLED_SPECS[key] = spec.with_trump(team, SUIT_MASKS[suit])
    return called


SEAT_NAMES = {4: ("N", "E", "S", "W"), 3: ("P1", "P2", "P3")}
PLAY_TEXT = {n: [[f"{name} plays {text}" for text in TEXT] for name in names]
             for n, names in SEAT_NAMES.items()}

TABLE = ActionTable(STANDARD, [
    ("notrump", "none", [None]),
    ("contract", "suit", range(SUITS)),
    ("pass", "none", [None]),
    ("marker", "card", range(len(STANDARD))),
    ("give", "card", range(len(STANDARD))),
    ("play", "card", range(len(STANDARD))),
    ("call", "card", range(len(STANDARD))),
])
CONTRACT_ACTIONS = [TABLE.get("notrump"), *(TABLE.get("contract", s) for s in CONTRACT_ORDER[1:]),
                    TABLE.get("pass")]
PLAY = [TABLE.get("play", c) for c in range(len(STANDARD))]
PLAY_CARDS = CardActions(PLAY)
CALL = [TABLE.get("call", c) for c in range(len(STANDARD))]
MARKER = [TABLE.get("marker", c) for c in range(len(STANDARD))]
GIVE = [TABLE.get("give", c) for c in range(len(STANDARD))]
EXPECTED = {Phase.CONTRACT: ("notrump", "contract", "pass"), Phase.MARKER: ("marker",),
            Phase.PASS: ("give",), Phase.PLAY: ("play", "call")}
"""The action kinds of each phase."""
DOING = {Phase.CONTRACT: "choose a contract or pass", Phase.MARKER: "set a marker",
         Phase.PASS: "give cards to pass", Phase.PLAY: "play or call"}


@dataclass(frozen=True)
class NotrumpRules(Rules):
    """Notrump's options (RULES.md section 3)."""

    target: int = option(30, "points that win the game", minimum=1, maximum=150)
    pass_count: int = option(3, "cards each player passes to an opponent", minimum=0, maximum=12)


def contract_text(contract: int | None) -> str | None:
    """A contract's name: ``No Trump`` or its suit symbol (None: no contract).

    >>> contract_text(NO_TRUMP), contract_text(0), contract_text(None)
    ('No Trump', '♠', None)
    """
    if contract is None:
        return None
    return "No Trump" if contract == NO_TRUMP else STANDARD.suit_text(contract)


hand_text = STANDARD.hand_texts
"""A hand's card texts as a player sorts it: suit by suit, high to low."""


texts = STANDARD.texts
"""Card texts of a mask, in card order."""


@register_game
class NotrumpGame(TrickGame):
    """A game of Notrump to the target, or one hand when dealt from ``deal=``."""

    name = "notrump"
    title = "Notrump"
    deck = STANDARD
    table = TABLE
    rules_type = NotrumpRules
    player_counts = (4, 3)
    unsearched = frozenset({"spec"})  # made of team_of, trump, markers, revealed, may_call
    result_keys: ClassVar[dict[str, Key]] = {
        "value": Key("count", "the contract's value", nullable=True),
        "choices": Key("records", "the contract choices in order: {seat, choice}"),
        "teams": Key("sides", "the selecting team first, then the defenders (none if dropped)"),
        "team_trumps": Key("texts", "each side's trump at the end, in the order of sides"),
        "calls": Key("records", "the trump calls: {seat, suit, trick}"),
        "thrown_out": Key("flag", "the turned-up first trick was thrown out (three players)"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "choices": Key("records", "the contract choices so far: {seat, choice}"),
        "value": Key("count", "what the contract is worth", nullable=True),
        "teams": Key("list", "this hand's playing teams, the selecting team first"),
        "team_trumps": Key("texts", "per side: the trump its team called, in the order of sides"),
        "may_call": Key("flags", "per side: whether it may still call a trump"),
        "calls": Key("records", "trumps called so far: {seat, suit, trick}"),
        "revealed_markers": Key("texts", "per seat: its trump marker once turned up"),
        "pass_count": Key("count", "cards each player passes"),
        "pass_direction": Key("text", "left or right"),
        "turned_up": Key("card", "the card turned up to open the first trick", nullable=True),
        "tricks_played": Key("records", "this hand's finished tricks, in order"),
        "target": Key("count", "points that win the game"),
        "marker": Key("card", "this seat's trump marker", nullable=True, private=True),
        "pass_to": Key("seat", "the seat this seat passes to", private=True),
        "passed": Key("cards", "the cards this seat passed", private=True),
        "received_from": Key("seat", "the seat that passes to this seat", private=True),
        "received": Key("cards", "the cards this seat received", private=True),
    }
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
        self.phase = Phase.CONTRACT
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
        self.phase = Phase.MARKER
        self.to_move = self.eldest

    # -- markers and passing -------------------------------------------------

    def _set_marker(self, seat: Seat, card: Card) -> None:
        self.markers[seat] = card
        self.log.append(Event("marker", seat, f"{self.seat_name(seat)} sets a marker face down",
                              f"you set {TEXT[card]} face down as your marker"))
        self.to_move = (seat + 1) % self.players
        if self.to_move == self.eldest:
            if self.rules.pass_count:
                self.phase = Phase.PASS
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
        self.log.append(Event("give", seat, f"{self.seat_name(seat)} passes a card to "
                                            f"{self.seat_name(receiver)}",
                              f"you pass {TEXT[card]} to {self.seat_name(receiver)}"))
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
        self.phase = Phase.PLAY
        self.to_move = self.eldest
        self.spec = team_spec(
            tuple(self.team_of), tuple(0 if trump is None else SUIT_MASKS[trump]
                                       for trump in (self.trump[team] for team in self.team_of)),
            self._call_masks())
        if self.turned_up:
            card = self.turned_up.bit_length() - 1
            self.turned_up = 0
            self.up_card = card
            self._play_card(None, card)
            self.log.append(Event("turn", self.dealer, f"{self.seat_name(self.dealer)} turns up "
                                                       f"{TEXT[card]} to open the first trick"))

    def _call_masks(self) -> tuple[int, ...]:
        """Per seat, the cards it may play with a call: its face-down marker's suit while
        its team may call and has no trump yet (else none)."""
        masks = []
        for seat, marker in enumerate(self.markers):
            team = self.team_of[seat]
            may = (marker is not None and not self.revealed[seat] and self.may_call[team]
                   and self.trump[team] is None)
            masks.append(SUIT_MASKS[SUIT_OF[marker]] if may and marker is not None else 0)
        return tuple(masks)

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
                self.spec = team_spec(spec.side_of, spec.trumps, self._call_masks())
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

    # -- scoring -------------------------------------------------------------

    def _hand_deltas(self) -> tuple[list[int], bool | None]:
        """Each side's score for the hand just played, and whether the contract was made."""
        deltas = [0] * len(self.sides)
        if self.contract is None:
            if self.players == 4:  # both passed: the dealer's team, the other team, scores 4
                deltas[self.dealer % 2] = DROPPED_POINTS
            return deltas, None
        made = sum(self.tricks_won[s] for s in self.teams[0]) >= NEEDED
        for seat in self.teams[0 if made else 1]:
            deltas[self.side_of(seat)] = VALUES[self.contract]
        return deltas, made

    def _end_hand(self) -> None:
        deltas, made = self._hand_deltas()
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        played = self._played_view()
        won = sum(self.tricks_won[s] for s in self.teams[0]) if self.declarer is not None else 0
        margin = None if made is None else won - NEEDED
        self.results.append(hand_result(
            self, declarer=self.declarer, contract=contract_text(self.contract), made=made,
            margin=margin, card_points=self._side_tricks(), deltas=deltas,
            outcome=self._outcome(made, won), last_trick=played[-1] if played else None,
            value=VALUES[self.contract] if self.contract is not None else None,
            choices=self._choices_view(), teams=[list(team) for team in self.teams],
            team_trumps=self._side_trumps(), calls=self._calls_view(),
            thrown_out=bool(self.thrown_out)))
        shown = ", ".join(f"{self.side_name(i)} {d:+d}" for i, d in enumerate(deltas))
        self.log.append(Event("score", None, f"hand {self.hand_number} over: {shown}; scores "
                                             f"{'-'.join(map(str, self.scores))}"))
        self._next_hand_or_end()

    def _side_tricks(self) -> list[int]:
        return [sum(self.tricks_won[s] for s in side) for side in self.sides]

    def _side_trumps(self) -> list[str | None]:
        """Each side's trump (a defender shows the trump it shares), None before the contract."""
        return [contract_text(self.trump[self.team_of[side[0]]]) if self.teams else None
                for side in self.sides]

    def side_name(self, side: int) -> str:
        """A side's label: ``N/S`` or ``P1``."""
        return "/".join(self.seat_name(s) for s in self.sides[side])

    def _next_hand_or_end(self) -> None:
        top = max(self.scores)
        leaders = [i for i, s in enumerate(self.scores) if s == top]
        decided = top >= self.rules.target and len(leaders) == 1
        if self.deal is None and not decided:
            self.dealer = (self.dealer + 1) % self.players
            self._start_hand()
            return
        self.winner = leaders[0] if len(leaders) == 1 else None
        self.phase = Phase.GAME_OVER
        self.to_move = None
        won = "nobody" if self.winner is None else self.side_name(self.winner)
        self.log.append(Event("game", None, f"game over: {won} wins "
                                            f"{'-'.join(map(str, self.scores))}"))

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
        if phase is Phase.CONTRACT:
            return list(CONTRACT_ACTIONS)
        if phase is Phase.MARKER:
            return card_actions(self.hands[seat], MARKER)
        if phase is Phase.PASS:
            return card_actions(self._passable(seat), GIVE)
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

    def why_not_play(self, seat: Seat, card: Card) -> str:
        """The core's reason, but for a void seat that must trump: which trump it holds."""
        led = self.spec.follows[self.trick[0]]
        if self.hands[seat] & led or not self.hands[seat] >> card & 1:
            return super().why_not_play(seat, card)
        trump = STANDARD.suit_text(self.trump[self.team_of[seat]] or 0)
        return (f"you cannot follow {STANDARD.suit_text(SUIT_OF[self.trick[0]])}, so you must "
                f"play a trump: you hold a {trump}")

    def _why_not_call(self, seat: Seat, card: Card) -> str:
        team = self.team_of[seat]
        trump = self.trump[team]
        marker = self.markers[seat] or 0
        if not self.may_call[team]:
            return "the selecting team may not call trump"
        if trump is not None:
            return f"your team's trump is already {STANDARD.suit_text(trump)}"
        if self.revealed[seat]:
            return "your marker has been played: you may no longer call"
        suit = STANDARD.suit_text(SUIT_OF[marker])
        if SUIT_OF[card] != SUIT_OF[marker]:
            return f"your marker is a {suit}: a call plays a {suit}"
        led = STANDARD.suit_text(SUIT_OF[self.trick[0]])
        return f"you may call {suit} only when a {suit} may be played: you hold a {led}"

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

    def _choices_view(self) -> list[JSON]:
        return [{"seat": s, "choice": contract_text(c) or "pass"} for s, c in self.choices]

    def _calls_view(self) -> list[JSON]:
        return [{"seat": s, "suit": STANDARD.suit_text(t), "trick": n} for s, t, n in self.calls]

    def _trick_view(self, cards: list[Card], seats: list[Seat | None]) -> list[JSON]:
        plays: list[JSON] = []
        trumped = self.trumped
        for card, seat in zip(cards, seats, strict=True):
            play: JSON = {"seat": seat, "card": TEXT[card]}
            if trumped >> card & 1:
                play["trump"] = True
            if seat is None:
                play["turned_up"] = True
            plays.append(play)
        return plays

    def _played_view(self) -> list[JSON]:
        return [self.trick_view(trick) for trick in self.past_tricks]

    def trick_view(self, trick: Trick) -> JSON:
        """A finished trick with its trumps (and the turned-up card) marked."""
        cards, seats, winner = trick
        return {"cards": self._trick_view(cards, seats), "winner": winner}

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("notrump", seed=5, players=3).view(0)
        >>> len(v["hand"]), v["hand_sizes"], v["phase"], v["turned_up"]
        (17, [17, 17, 17], 'contract', None)
        """
        n = self.players
        played = self._played_view()
        teams = self.teams
        view: JSON = {
            "game": self.name,
            "seat": seat,
            "players": n,
            "sides": self.sides,
            "phase": str(self.phase),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "choices": self._choices_view(),
            "declarer": self.declarer,
            "contract": contract_text(self.contract),
            "value": VALUES[self.contract] if self.contract is not None else None,
            "teams": [list(team) for team in teams],
            "trump": None,  # each team has its own: team_trumps
            "team_trumps": self._side_trumps(),
            "may_call": [bool(teams) and self.may_call[self.team_of[side[0]]]
                         and self.trump[self.team_of[side[0]]] is None for side in self.sides],
            "calls": self._calls_view(),
            "revealed_markers": [TEXT[m] if m is not None and self.revealed[s] else None
                                 for s, m in enumerate(self.markers)],
            "pass_count": self.rules.pass_count,
            "pass_direction": "left" if self.pass_offset == 1 else "right",
            "turned_up": None if self.up_card is None else TEXT[self.up_card],
            "trick": self._trick_view(self.trick, self.trick_seats),
            "last_trick": played[-1] if played else None,
            "tricks_played": played,
            "tricks": self._side_tricks(),
            "scores": list(self.scores),
            "target": self.rules.target,
            "winner": self.winner,
        }
        if seat is not None:
            view.update(self._private_view(seat))
        view.update(self._table_view(seat))
        return view

    def _private_view(self, seat: Seat) -> JSON:
        """What only ``seat`` knows: its hand, its marker, the cards it passed and received."""
        marker = self.markers[seat]
        giver = (seat - self.pass_offset) % self.players
        delivered = self.phase is not Phase.PASS and bool(self.given[giver])
        return {
            "hand": hand_text(self.hands[seat]),
            "marker": None if marker is None else TEXT[marker],
            "pass_to": (seat + self.pass_offset) % self.players,
            "passed": hand_text(self.given[seat]),
            "received_from": giver,
            "received": hand_text(self.given[giver]) if delivered else [],
        }

    def reveal(self) -> JSON:
        """Every card's place, face up, each card in exactly one list (replays and tests only).

        ``markers`` names each seat's marker (by seat number) without being a
        place: a marker is one of its player's cards, listed in the hand.

        >>> import tricktable
        >>> r = tricktable.new_game("notrump", seed=2, players=3).reveal()
        >>> [len(h) for h in r["hands"]], len(r["turned_up"]), r["markers"]
        ([17, 17, 17], 1, {})
        """
        return {
            "hands": [hand_text(h) for h in self.hands],
            "markers": {str(s): TEXT[m] for s, m in enumerate(self.markers) if m is not None},
            "passing": [texts(m) for m in self.outgoing],
            "turned_up": texts(self.turned_up),
            "trick": [TEXT[c] for c in self.trick],
            "taken": [texts(t) for t in self.taken],
            "thrown_out": texts(self.thrown_out),
        }

    def hidden(self, seat: Seat) -> Hidden:
        """The unseen cards of the other hands (none of a suit shown void), then the cards
        on their way from each other seat during the passing, then the face-down extra card.

        Known and so not in the pool: the cards ``seat`` passed (in the
        receiver's hand until played) and revealed markers (in their player's).
        Markers add no constraint on the cards: a face-down marker is any card
        of its hand not received in the passing (see ``_place_hidden``).

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", seed=1, players=3)
        >>> game.hidden(0).sizes  # two hands and the face-down extra card
        (17, 17, 1)
        """
        pool = self.hidden_from(seat)
        others = self._others(seat)
        sizes = [(self.hands[o] & pool).bit_count() for o in others]
        allowed = [pool & ~self.lacks[o] for o in others]
        for pile in self._piles(seat):
            sizes.append(pile.bit_count())
            allowed.append(pool)
        return Hidden(pool, tuple(sizes), tuple(allowed))

    def _others(self, seat: Seat) -> list[Seat]:
        return [other for other in range(self.players) if other != seat]

    def _piles(self, seat: Seat) -> list[int]:
        """The non-empty unseen piles: each other seat's passed cards on their way, the extra."""
        return [self.outgoing[o] for o in self._others(seat) if self.outgoing[o]] + (
            [self.turned_up] if self.turned_up else [])

    def _hidden_masks(self, seat: Seat) -> list[int]:
        pool = self.hidden_from(seat)
        return [self.hands[o] & pool for o in self._others(seat)] + self._piles(seat)

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        """Deal the unseen cards, then each face-down marker and each pass ``seat`` did not see.

        A face-down marker was set before the passing, so it is a card of its
        player's hand that the player did not receive: one of the sampled
        hand's cards, uniformly, leaving out the cards ``seat`` passed to that
        player. The cards a player received from a seat other than ``seat``
        are unseen: they are drawn (uniformly) from the player's cards of this
        hand (held or played) other than its marker, so the world's passes
        agree with its hands. For a given deal each player has as many
        choices, so the world stays uniform over markers and passes too.
        """
        pool = self.hidden_from(seat)
        places = iter(masks)
        others = self._others(seat)
        for other in others:
            self.hands[other] = self.hands[other] & ~pool | next(places)
        for other in others:
            if self.outgoing[other]:
                self.outgoing[other] = self.given[other] = next(places)
        if self.turned_up:
            self.turned_up = next(places)
        delivered = self.phase is Phase.PLAY and self.rules.pass_count > 0
        for other in others:
            giver = (other - self.pass_offset) % self.players
            known = giver == seat or not delivered  # what it received: seen by seat, or nothing
            marker = self.markers[other]
            if marker is not None and not self.revealed[other]:
                marker = rng.choice(list(bits(self.hands[other] & ~self.given[seat])))
                self.markers[other] = marker
            if not known:
                held = self.hands[other] | self.played[other]
                if marker is not None:
                    held &= ~(1 << marker)
                self.given[giver] = sum(1 << c for c in rng.sample(
                    list(bits(held)), self.given[giver].bit_count()))
        if self.phase is Phase.PLAY:  # a face-down marker drawn anew: what its seat may call
            self.spec = team_spec(self.spec.side_of, self.spec.trumps, self._call_masks())

    def unlike_cards(self) -> int:
        """The markers still in hand: playing one is not like playing another card."""
        held = 0
        for hand in self.hands:
            held |= hand
        return held & sum(1 << marker for marker in self.markers if marker is not None)

    def hidden_from(self, seat: Seat) -> int:
        """Cards whose place ``seat`` may not know now (for leak tests).

        Other hands and the cards on their way to them, and the face-down
        turned-up card; not the cards ``seat`` passed, nor revealed markers.
        """
        hidden = self.turned_up
        for other in range(self.players):
            if other != seat:
                hidden |= self.hands[other] | self.outgoing[other]
        for other, marker in enumerate(self.markers):
            if marker is not None and self.revealed[other]:
                hidden &= ~(1 << marker)
        return hidden & ~self.given[seat]

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Trump", "{team_trumps:column}"),
        ("Trump calls", "{calls:entries}"),
        ("Markers turned up", "{revealed_markers:seated}"),
        ("Your marker, face down", "{marker:cards}"),
        ("Passing", "{pass_count} cards to the {pass_direction}: you pass to {pass_to:seat}"),
        ("You passed", "{passed:cards}"),
        ("You received", "{received:cards} from {received_from:seat}"),
        ("Turned up", "{turned_up:cards}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", seed=1)
        >>> for text in ["notrump", "marker 3♦", "marker 5♦", "marker 7♥", "marker 9♠"]:
        ...     _ = game.apply(text)
        >>> game.prompt(game.to_move or 0)
        'Pass 3 cards to W, one at a time: 3 to go'
        """
        if seat != self.to_move:
            return None
        if self.phase is Phase.CONTRACT:
            after = "your partner" if self.players == 4 else "the player on your left"
            return (f"Choose the contract: notrump (12), contract ♠ (10), ♦ (8), ♥ (6) or "
                    f"♣ (4); or pass the choice to {after}")
        if self.phase is Phase.MARKER:
            return ("Set your trump marker face down: choose a card; its suit becomes your "
                    "team's trump if you call")
        if self.phase is Phase.PASS:
            left = self.rules.pass_count - self.given[seat].bit_count()
            return (f"Pass {self.rules.pass_count} cards to "
                    f"{self.seat_name((seat + self.pass_offset) % self.players)}, one at a "
                    f"time: {left} to go")
        play = "Lead any card" if not self.trick else (
            "Play a card: follow suit if you can, else a trump if your team has one")
        if self.callable(seat):
            play += "; or call trump with a card of your marker's suit (call CARD)"
        return play

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (Phase.CONTRACT, Phase.MARKER, Phase.PASS, Phase.PLAY)
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

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The contract and who chose it, trumps known and calls, markers, passed cards."""
        n, d = players, len(STANDARD)
        return [
            Feature("passes", (n,), "1 for each seat that passed the choice of contract",
                    obs.passes("choices", "choice", "pass")),
            Feature("declarer", (n,), "the seat that chose the contract",
                    obs.seat_of("declarer")),
            Feature("contract", (5,), "the contract, one-hot: ♠ ♥ ♦ ♣, No Trump",
                    _contract_feature),
            Feature("selecting", (1,), "1 if the seat's team chose the contract",
                    _selecting_feature),
            Feature("trumps", (sides, 4), "each side's trump suit once known (♠ ♥ ♦ ♣), own"
                    " side first", _trumps_feature),
            Feature("may_call", (sides,), "1 for each side that may still call trump, own side"
                    " first", obs.per_side("may_call", 1)),
            Feature("called", (n,), "1 for each seat that called trump",
                    obs.seats_listed("calls")),
            Feature("marker", (d,), "the seat's own trump marker", obs.cards_of("marker")),
            Feature("revealed_markers", (n, d), "each seat's marker once revealed, by relative"
                    " seat", obs.cards_per_seat("revealed_markers")),
            Feature("gave", (d,), "the cards the seat passed", obs.cards_of("passed")),
            Feature("received", (d,), "the cards the seat received", obs.cards_of("received")),
            Feature("pass_left", (1,), "1 when this hand's cards pass to the left",
                    obs.equals("pass_direction", "left")),
            Feature("turned_up", (d,), "the turned-up card (three players)",
                    obs.cards_of("turned_up")),
        ]

    # -- what the table shows (the web table and the terminal read these) ----

    def _table_view(self, seat: Seat | None) -> JSON:
        """The contract, each side's trump and the passing as labelled table items, each
        seat's marker (face down, turned, or the seat's own) in ``at_seats``, and
        ``prompt`` (in the seat to move's own view only).

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", seed=3)
        >>> game.view(None)["table"], game.view(game.to_move)["prompt"][:19]
        ([{'label': 'Contract', 'text': 'not chosen yet'}, \
{'label': 'Passing', 'text': '3 cards to the left'}], 'Choose the contract')
        """
        name = self.seat_name
        items: list[JSON] = []
        if self.contract is not None and self.declarer is not None:
            items.append({"label": "Contract", "text": f"{contract_text(self.contract)} "
                          f"({VALUES[self.contract]}) by {name(self.declarer)}: "
                          f"{NEEDED} tricks needed"})
            trumps = (t or "not called" for t in self._side_trumps())
            items.append({"label": "Trump", "text": " · ".join(
                f"{self.side_name(i)} {t}" for i, t in enumerate(trumps))})
        else:
            items.append({"label": "Contract", "text": "not chosen yet"})
        if self.rules.pass_count and self.phase in (Phase.CONTRACT, Phase.MARKER, Phase.PASS):
            items.append({"label": "Passing", "text": f"{self.rules.pass_count} cards to the "
                          f"{'left' if self.pass_offset == 1 else 'right'}"})
        at_seats: list[list[JSON]] = [[] for _ in range(self.players)]
        for other, marker in enumerate(self.markers):
            if marker is not None and (self.revealed[other] or other == seat):
                state = "turned" if self.revealed[other] else "yours, face down"
                at_seats[other].append({"label": f"Marker ({state})", "cards": [TEXT[marker]]})
            elif marker is not None:
                at_seats[other].append({"label": "Marker", "text": "face down"})
        return {"prompt": None if seat is None else self.prompt(seat), "table": items,
                "at_seats": at_seats}

    def _outcome(self, made: bool | None, won: int) -> str:
        """How the hand went for the selecting side, in words."""
        if made is None or self.declarer is None:
            return "both passed: the hand is dropped"
        how = f"made with {won} tricks" if made else f"set by {NEEDED - won}: {won} tricks"
        return f"{how} of the {NEEDED} needed"



def _contract_feature(r: Reading, x: obs.Cells) -> None:
    """The contract one-hot: the four suits, then No Trump."""
    contract = r.view["contract"]
    if contract is not None:
        x[4 if contract == "No Trump" else r.suit(contract)] = 1


def _selecting_feature(r: Reading, x: obs.Cells) -> None:
    """1 if the observing seat's team chose the contract (listed first in ``teams``)."""
    teams = r.view["teams"]
    x[0] = float(bool(teams) and r.seat in teams[0])


def _trumps_feature(r: Reading, x: obs.Cells) -> None:
    """Each side's trump suit once known, own side first."""
    for side, trump in enumerate(r.view["team_trumps"]):
        if trump is not None:
            x[r.rel_side(side), r.suit(trump)] = 1
