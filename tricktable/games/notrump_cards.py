"""Notrump's rules as data: the contract values, the play specs, the action table, the options.

The game's phase flow is :class:`~tricktable.games.notrump.NotrumpGame`; what its
table shows and says is :mod:`tricktable.games.notrump_table`.

>>> contract_text(NO_TRUMP), VALUES[NO_TRUMP], NEEDED, HAND_SIZES[3]
('No Trump', 12, 7, 17)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from tricktable.cards import STANDARD, Card, Seat
from tricktable.engine.actions import ActionTable, CardActions
from tricktable.engine.events import Event
from tricktable.engine.play import FOLLOW, TRUMP, PlaySpec, plain_spec
from tricktable.engine.rules import Rules, option
from tricktable.engine.state import CONTRACT_PHASE, MARKER_PHASE, PASS_PHASE, PLAY_PHASE

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


@lru_cache(maxsize=8192)
def team_spec(side_of: tuple[int, ...], trumps: tuple[int, ...],
              markers: tuple[int, ...]) -> PlaySpec:
    """Trick play with each seat's team (``side_of``: 0 selects), each seat's trumps and
    the markers that may still call (-1: none): such a seat may play a card of its
    marker's suit with a call, until it plays the marker plain. Kept for reuse (a hand
    changes its spec at every call and every marker played).

    >>> spec = team_spec((0, 1, 0, 1), (SUIT_MASKS[0], 0, SUIT_MASKS[0], 0), (-1,) * 4)
    >>> spec.key(0, 0, 13) > spec.key(1, 25, 13)  # N's 2♠ trumps E's A♥
    True
    >>> spec = team_spec((0, 1, 0, 1), (0,) * 4, (-1, 30, -1, -1))  # E's marker: a diamond
    >>> spec.calls[1] == SUIT_MASKS[SUIT_OF[30]], spec.markers
    (True, (-1, 30, -1, -1))
    """
    calls = tuple(0 if marker < 0 else SUIT_MASKS[SUIT_OF[marker]] for marker in markers)
    return replace(PLAIN_SPECS[len(side_of)], side_of=side_of, trumps=trumps, calls=calls,
                   markers=markers)


@lru_cache(maxsize=8192)
def called_spec(spec: PlaySpec, team: int, suit: int) -> PlaySpec:
    """``spec`` (a :func:`team_spec`) once ``team`` calls ``suit`` trump (its calls end),
    kept for reuse."""
    return spec.with_trump(team, SUIT_MASKS[suit])


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
MARKER_CARDS, GIVE_CARDS = CardActions(MARKER), CardActions(GIVE)
EXPECTED = {CONTRACT_PHASE: ("notrump", "contract", "pass"), MARKER_PHASE: ("marker",),
            PASS_PHASE: ("give",), PLAY_PHASE: ("play", "call")}
"""The action kinds of each phase."""
DOING = {CONTRACT_PHASE: "choose a contract or pass", MARKER_PHASE: "set a marker",
         PASS_PHASE: "give cards to pass", PLAY_PHASE: "play or call"}


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


@lru_cache(maxsize=1024)
def give_event(name: str, seat: Seat, receiver: str, card: Card) -> Event:
    """The log's event of ``seat`` (called ``name``) passing ``card`` to the seat called
    ``receiver``: the card for the giver's eyes only. Made once and shared.

    >>> give_event("N", 0, "E", 12).seen_by(0), give_event("N", 0, "E", 12).seen_by(1)
    ('you pass A♠ to E', 'N passes a card to E')
    """
    return Event("give", seat, f"{name} passes a card to {receiver}",
                 f"you pass {TEXT[card]} to {receiver}")
