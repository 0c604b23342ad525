"""What a Notrump table shows and says: views, prompts, the labelled table items, refusals.

:class:`NotrumpTable` is the presentation half of
:class:`~tricktable.games.notrump.NotrumpGame` (which holds the rules): it reads the
game's state and never changes it.

>>> import tricktable
>>> tricktable.new_game("notrump", seed=3).view(None)["table"][0]
{'label': 'Contract', 'text': 'not chosen yet'}
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from tricktable.cards import STANDARD, Card, Seat
from tricktable.engine import observe as obs
from tricktable.engine.observe import Feature, Reading
from tricktable.engine.play import Trick
from tricktable.engine.state import CONTRACT_PHASE, JSON, MARKER_PHASE, PASS_PHASE
from tricktable.engine.views import Key
from tricktable.games.notrump_cards import (
    NEEDED,
    SUIT_OF,
    TEXT,
    VALUES,
    contract_text,
    hand_text,
    texts,
)
from tricktable.games.notrump_worlds import NotrumpWorlds


class NotrumpTable(NotrumpWorlds):
    """The views and words of a Notrump game (its rules:
    :class:`~tricktable.games.notrump.NotrumpGame`)."""

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
    choices: list[tuple[Seat, int | None]]
    declarer: Seat | None
    contract: int | None
    teams: list[list[Seat]]  # this hand's playing teams: selecting, defending
    team_of: list[int]
    trump: list[int | None]  # per playing team
    may_call: list[bool]  # per playing team
    calls: list[tuple[Seat, int, int]]  # seat, suit, trick number
    up_card: Card | None
    past_tricks: list[Trick]
    trumped: int
    thrown_out: int

    def _side_tricks(self) -> list[int]:
        return [sum(self.tricks_won[s] for s in side) for side in self.sides]

    def _side_trumps(self) -> list[str | None]:
        """Each side's trump (a defender shows the trump it shares), None before the contract."""
        return [contract_text(self.trump[self.team_of[side[0]]]) if self.teams else None
                for side in self.sides]

    def side_name(self, side: int) -> str:
        """A side's label: ``N/S`` or ``P1``."""
        return "/".join(self.seat_name(s) for s in self.sides[side])

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

    def _choices_view(self) -> list[JSON]:
        return [{"seat": s, "choice": contract_text(c) or "pass"} for s, c in self.choices]

    def _calls_view(self) -> list[JSON]:
        return [{"seat": s, "suit": STANDARD.suit_text(t), "trick": n} for s, t, n in self.calls]

    def _trick_view(self, cards: list[Card], seats: list[Seat | None]) -> list[JSON]:
        return marked_plays(self.trumped, cards, seats)

    def _played_view(self) -> list[JSON]:
        return [self.trick_view(trick) for trick in self.past_tricks]

    def trick_view(self, trick: Trick) -> JSON:
        """A finished trick with its trumps (and the turned-up card) marked."""
        return marked_trick(self.trumped, trick)

    def trick_shower(self) -> Callable[[Trick], JSON]:
        """:meth:`trick_view` with this hand's trumps as they stand now."""
        return partial(marked_trick, self.trumped)

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
        delivered = self.phase is not PASS_PHASE and bool(self.given[giver])
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

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Trump", "{team_trumps:column}"),
        ("Trump calls", "{calls:entries}"),
        ("Markers turned up", "{revealed_markers:seated}"),
        ("Your marker", "{marker:cards}"),  # face down until "Markers turned up" shows it
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
        if self.phase is CONTRACT_PHASE:
            after = "your partner" if self.players == 4 else "the player on your left"
            return (f"Choose the contract: notrump (12), contract ♠ (10), ♦ (8), ♥ (6) or "
                    f"♣ (4); or pass the choice to {after}")
        if self.phase is MARKER_PHASE:
            return ("Set your trump marker face down: choose a card; its suit becomes your "
                    "team's trump if you call")
        if self.phase is PASS_PHASE:
            left = self.rules.pass_count - self.given[seat].bit_count()
            return (f"Pass {self.rules.pass_count} cards to "
                    f"{self.seat_name((seat + self.pass_offset) % self.players)}, one at a "
                    f"time: {left} to go")
        play = "Lead any card" if not self.trick else (
            "Play a card: follow suit if you can, else a trump if your team has one")
        if self.callable(seat):
            play += "; or call trump with a card of your marker's suit (call CARD)"
        return play

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
        if self.rules.pass_count and self.phase in (CONTRACT_PHASE, MARKER_PHASE, PASS_PHASE):
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


def marked_plays(trumped: int, cards: list[Card], seats: list[Seat | None]) -> list[JSON]:
    """The plays of a trick as a view shows them, the cards of ``trumped`` marked as trumps
    and a card played by no seat (None) as turned up.

    >>> marked_plays(1 << 12, [12, 0], [None, 1])
    [{'seat': None, 'card': 'A♠', 'trump': True, 'turned_up': True}, {'seat': 1, 'card': '2♠'}]
    """
    plays: list[JSON] = []
    for card, seat in zip(cards, seats, strict=True):
        play: JSON = {"seat": seat, "card": TEXT[card]}
        if trumped >> card & 1:
            play["trump"] = True
        if seat is None:
            play["turned_up"] = True
        plays.append(play)
    return plays


def marked_trick(trumped: int, trick: Trick) -> JSON:
    """A finished trick as a view shows it, with :func:`marked_plays` and its winner."""
    cards, seats, winner = trick
    return {"cards": marked_plays(trumped, cards, seats), "winner": winner}
