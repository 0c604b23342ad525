"""A rule-based Notrump player, using only its seat's view and the legal actions.

Contract: for each contract the hand's features (length and high cards of the
trump suit, high cards elsewhere, short suits; for No Trump the high cards and
the longest suit to call) give a chance of 7 tricks, fitted on self-play deals
(``FIT``); it takes the contract worth most on average, value x (2p - 1), and
passes when that is worse than passing.
Marker: the lowest card of its longest, strongest suit (the suit it would call).
Passing: low cards of short suits, never of the contract's suit (its own
team's trumps, or the other team's) nor of its marker suit, so the opponent
gains nothing and it gains voids.
Play: every legal play or call is scored by the chance that its team takes
the trick with it, less what the card is worth later; a call is a play of a
trump, so it calls when that wins a trick. The chance comes from the cards
still out (``tricks_played`` in the view), the suits each seat has shown void
in, the cards it passed and the revealed markers. In play-outs it reads the
same facts from the engine's state (``play_state``).

>>> import tricktable
>>> from tricktable.bots import play_game
>>> game = play_game(tricktable.new_game("notrump", seed=1),
...                  [HeuristicBot(seed) for seed in range(4)])
>>> game.is_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from tricktable.bots.heuristic.common import CardReader, View, chance_holds_any, watched
from tricktable.cards import STANDARD, Card, Seat, Suit, bits
from tricktable.engine.actions import Action
from tricktable.engine.play import TRUMP_BASE
from tricktable.engine.state import GameState
from tricktable.games.notrump import (
    NO_TRUMP,
    PLAIN_SPECS,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    VALUES,
    NotrumpGame,
)

READER = CardReader(STANDARD)
RANK_OF = PLAIN_SPECS[4].rank
FOLLOW_KEY = [1 + rank for rank in RANK_OF]
"""A card's trick key as the game's play spec gives it when it follows the lead ..."""
TRUMP_KEY = [TRUMP_BASE + rank for rank in RANK_OF]
"""... and when it is a trump: above every plain card, by rank whatever its suit."""
ACE, KING, QUEEN, JACK = 12, 11, 10, 9
HONOURS = {ACE: 1.0, KING: 0.7, QUEEN: 0.4, JACK: 0.15}
"""Tricks a high card is worth as a winner, when its suit is long enough to guard it."""
CONTRACT_NAMES = {"No Trump": NO_TRUMP, **{STANDARD.suit_text(s): s for s in range(SUITS)}}


# -- reading a hand --------------------------------------------------------------


def suit_cards(hand: int, suit: Suit) -> list[int]:
    """The ranks of ``hand``'s cards of one suit, high to low.

    >>> suit_cards(sum(1 << STANDARD.parse(c) for c in ["AS", "2S", "KH"]), 0)
    [12, 0]
    """
    return sorted((RANK_OF[c] for c in bits(hand & SUIT_MASKS[suit])), reverse=True)


def honour_tricks(ranks: Sequence[int]) -> float:
    """Winners a suit's high cards promise: a king needs a guard, a queen two.

    >>> honour_tricks([12, 11, 3]), honour_tricks([11])
    (1.7, 0.0)
    """
    return sum((HONOURS.get(rank, 0.0) for index, rank in enumerate(ranks)
                if len(ranks) > ACE - rank >= index), 0.0)


def suit_strength(hand: int, suit: Suit) -> float:
    """How good a suit is to call or hold as trump: its length and high cards.

    >>> hand = sum(1 << STANDARD.parse(c) for c in ["2S", "3S", "4S", "5S", "AH", "KH"])
    >>> suit_strength(hand, 0) > suit_strength(hand, 1)
    True
    """
    ranks = suit_cards(hand, suit)
    return len(ranks) + honour_tricks(ranks)


def best_suit(hand: int) -> Suit:
    """The longest, strongest suit of a hand (ties to the lower suit index)."""
    return max(range(SUITS), key=lambda suit: (suit_strength(hand, suit), -suit))


def contract_features(hand: int, contract: int) -> tuple[float, ...]:
    """What the chance of a contract rests on (see ``FIT``).

    A suit contract: (1, trumps, trump high cards, other high cards, short
    suits); No Trump: (1, longest suit, its high cards, other high cards,
    short suits).

    >>> hand = sum(1 << STANDARD.parse(c) for c in "AS KS QS 2S 3S AH 2H 3D 4D 5D 6C 7C 8C".split())
    >>> contract_features(hand, 0)
    (1.0, 5.0, 2.1, 1.0, 0.0)
    """
    trump = best_suit(hand) if contract == NO_TRUMP else contract
    ranks = [suit_cards(hand, suit) for suit in range(SUITS)]
    others = sum(honour_tricks(ranks[s]) for s in range(SUITS) if s != trump)
    short = sum(max(0, 2 - len(ranks[s])) for s in range(SUITS) if s != trump)
    return (1.0, float(len(ranks[trump])), honour_tricks(ranks[trump]), others, float(short))


FIT = {
    (4, False): (-2.69, 0.3, 0.22, 0.31, -0.01),
    (4, True): (-1.11, 0.06, 0.28, 0.22, -0.01),
    (3, False): (-6.17, 0.69, 0.45, 0.66, -0.24),
    (3, True): (-2.44, 0.13, 0.64, 0.38, 0.01),
}
"""Logistic weights of ``contract_features`` by (players, No Trump?): the chance of 7 tricks.

Fitted on self-play: 3,000 four-player and 2,000 three-player deals, each played
out by this bot with every contract chosen in turn by the first and by the
next chooser (60,000 hands). The four suits fit alike, so they share weights.
"""


def make_chance(hand: int, contract: int, players: int) -> float:
    """The chance that choosing ``contract`` makes it (7 tricks), from the fitted weights.

    >>> hand = sum(1 << c for c in STANDARD.parse_many("AS KS QS JS 10S 9S 8S 7S 6S AH 2D 3C 4C"))
    >>> make_chance(hand, 0, 4) > 0.6 > 0.3 > make_chance(hand, 3, 4)
    True
    """
    weights = FIT[players, contract == NO_TRUMP]
    x = sum(w * f for w, f in zip(weights, contract_features(hand, contract), strict=True))
    return 1.0 / (1.0 + math.exp(-x))


PASS_WORTH = {(4, 0): 0.0, (4, 1): -4.0, (3, 0): 0.0, (3, 1): 0.0, (3, 2): 0.0}
"""The margin a chooser expects from passing, by (players, position)."""


def choose_contract(hand: int, players: int, position: int) -> int | None:
    """The contract worth most on average, or None to pass.

    >>> strong = sum(1 << STANDARD.parse(c) for c in
    ...              "AS KS QS JS 10S 9S AH KH AD KD AC KC QC".split())
    >>> choose_contract(strong, 4, 0) is not None
    True
    """
    best, best_worth = None, PASS_WORTH[players, position]
    for contract in range(SUITS + 1):
        chance = make_chance(hand, contract, players)
        worth = VALUES[contract] * (2.0 * chance - 1.0)
        if worth > best_worth:
            best, best_worth = contract, worth
    return best


# -- the table as this seat knows it -----------------------------------------------


@dataclass
class Table:
    """One seat's knowledge in the play: its hand, the trick, what is still out."""

    seat: Seat
    players: int
    hand: int
    team: list[Seat]  # this seat's playing team (itself included)
    trumps: list[Suit | None]  # each seat's team trump
    may_call: list[bool]  # each seat's team may still call
    trick: list[tuple[Seat | None, Card, bool]]
    out: int  # cards that may be in the other hands, place unknown
    known: list[int]  # cards known to be in each other hand
    voids: list[int]  # suits (bitmask) each seat has shown void in

    @property
    def led(self) -> Suit | None:
        return SUIT_OF[self.trick[0][1]] if self.trick else None

    def key(self, card: Card, trump: bool) -> int:
        """The trick key ``card`` would have, as the game ranks it."""
        if trump:
            return TRUMP_KEY[card]
        led = self.led
        return FOLLOW_KEY[card] if led is None or SUIT_OF[card] == led else 0

    def best(self) -> tuple[int, Seat | None]:
        """The key and seat of the card heading the trick (-1, None when empty)."""
        best_key, best_seat = -1, None
        for seat, card, trump in self.trick:
            k = self.key(card, trump)
            if k > best_key:
                best_key, best_seat = k, seat
        return best_key, best_seat

    def later(self) -> list[Seat]:
        """The seats still to play to this trick after this one."""
        size = self.players + (bool(self.trick) and self.trick[0][0] is None)
        left = size - len(self.trick) - 1
        return [(self.seat + i) % self.players for i in range(1, left + 1)]

    def beat_chance(self, seat: Seat, key: int, led: Suit) -> float:
        """The chance that ``seat`` can play a card above ``key`` to a trick led in ``led``."""
        void = self.voids[seat] >> led & 1
        trump = self.trumps[seat]
        chance = 0.0
        if key < TRUMP_KEY[0]:  # a plain card: higher cards of the suit, or any trump
            if not void and trump != led:
                chance = self._holds(seat, higher_mask(led, key - 1))
            if trump is not None and trump != led:
                chance = max(chance, 0.9 if void else 0.1)
            elif self.may_call[seat]:
                chance = max(chance, 0.6 if void else 0.1)
            if trump == led:
                chance = max(chance, self._holds(seat, SUIT_MASKS[led]))
            return chance
        rank = key - TRUMP_KEY[0]
        suits = [trump] if trump is not None else list(range(SUITS)) if self.may_call[seat] else []
        for suit in suits:
            reach = 1.0 if suit == led or void else 0.1
            chance = max(chance, reach * self._holds(seat, higher_mask(suit, rank)))
        return chance

    def _holds(self, seat: Seat, mask: int) -> float:
        if self.known[seat] & mask:
            return 1.0
        return chance_holds_any((self.out & mask).bit_count(), self.players - 1)

    def team_chance(self, card: Card, trump: bool) -> float:
        """The chance that this seat's team takes the trick if it plays ``card`` now."""
        key = self.key(card, trump)
        best_key, best_seat = self.best()
        if key > best_key:
            best_key, best_seat = key, self.seat
        if best_seat is None or best_seat not in self.team:
            return 0.05 * sum(s in self.team for s in self.later())
        led = self.led if self.led is not None else SUIT_OF[card]
        chance = 1.0
        for seat in self.later():
            if seat not in self.team:
                chance *= 1.0 - self.beat_chance(seat, best_key, led)
        return chance


def higher_mask(suit: Suit, rank: int) -> int:
    """The cards of ``suit`` above ``rank``.

    >>> [STANDARD.text(c) for c in bits(higher_mask(1, 10))]
    ['K♥', 'A♥']
    """
    return SUIT_MASKS[suit] & ~((2 << (suit * 13 + rank)) - 1)


def read_table(view: View) -> Table:
    """What the seat knows in the play, from its view alone."""
    seat, players = view["seat"], view["players"]
    hand = READER.mask(view["hand"])
    team = next(t for t in view["teams"] if seat in t)
    side_of = {s: i for i, side in enumerate(view["sides"]) for s in side}
    trumps = [None if view["team_trumps"][side_of[s]] is None
              else CONTRACT_NAMES[view["team_trumps"][side_of[s]]] for s in range(players)]
    may_call = [bool(view["may_call"][side_of[s]]) for s in range(players)]
    voids = [0] * players
    seen = 0
    for trick in [*(t["cards"] for t in view["tricks_played"]), view["trick"]]:
        if not trick:
            continue
        led = SUIT_OF[READER.card(trick[0]["card"])]
        for entry in trick:
            card = READER.card(entry["card"])
            seen |= 1 << card
            if entry["seat"] is not None and SUIT_OF[card] != led:
                voids[entry["seat"]] |= 1 << led
    known = [0] * players
    if view["received"] or view["passed"]:
        known[view["pass_to"]] |= READER.mask(view["passed"]) & ~seen
    for other, marker in enumerate(view["revealed_markers"]):
        if marker is not None and other != seat:
            known[other] |= (1 << READER.card(marker)) & ~seen
    out = STANDARD.full & ~seen & ~hand
    for mask in known:
        out &= ~mask
    trick = [(e["seat"], READER.card(e["card"]), bool(e.get("trump"))) for e in view["trick"]]
    return Table(seat, players, hand, team, trumps, may_call, trick, out, known, voids)


def state_table(game: NotrumpGame) -> Table:
    """What :func:`read_table` gives the seat to move, from the engine's state: its hand,
    the teams and their trumps and calls, every card played (which were trumps) and who
    did not follow, the cards it passed, the markers turned up."""
    seat, players = game.to_move or 0, game.players
    hand, team_of, trump = game.hands[seat], game.team_of, game.trump
    trumps = [trump[team_of[s]] for s in range(players)]
    may_call = [game.may_call[team_of[s]] and trump[team_of[s]] is None for s in range(players)]
    memory = watched(game, SUIT_OF.__getitem__, game.past_tricks)
    seen = memory.seen
    known = [0] * players
    known[(seat + game.pass_offset) % players] |= game.given[seat] & ~seen
    for other, marker in enumerate(game.markers):
        if marker is not None and other != seat and game.revealed[other]:
            known[other] |= (1 << marker) & ~seen
    out = STANDARD.full & ~seen & ~hand
    for mask in known:
        out &= ~mask
    trick = [(who, card, bool(game.trumped >> card & 1))
             for who, card in zip(game.trick_seats, game.trick, strict=True)]
    return Table(seat, players, hand, game.teams[team_of[seat]], trumps, may_call, trick, out,
                 known, memory.voids)


# -- what a card is worth later -----------------------------------------------------


def keep_value(table: Table, card: Card) -> float:
    """How much holding ``card`` for later is worth: trumps and winners most."""
    suit, rank = SUIT_OF[card], RANK_OF[card]
    if suit == table.trumps[table.seat]:
        return 3.0 + rank / 4.0
    if not table.out & higher_mask(suit, rank):
        return 2.5 + rank / 10.0
    return rank / 6.0


TRICK_WORTH = 4.0
CALL_COST = 0.5  # a call shows the marker and binds the team to trump: call to win tricks


def play_score(table: Table, action: Action) -> float:
    """How good a play or call is: the team's chance of the trick, less the card's later worth."""
    card = action.arg or 0
    call = action.kind == "call"
    trump = call or SUIT_OF[card] == table.trumps[table.seat]
    score = TRICK_WORTH * table.team_chance(card, trump) - keep_value(table, card)
    return score - (CALL_COST if call else 0.0)


# -- the bot ------------------------------------------------------------------------


class HeuristicBot:
    """The rule-based Notrump player; ``seed`` breaks ties between equal choices.

    >>> import tricktable
    >>> game = tricktable.new_game("notrump", seed=4)
    >>> bot = HeuristicBot(seed=1)
    >>> bot.choose(game.view(game.to_move), game.legal_actions()).kind in ("notrump", "contract",
    ...                                                                     "pass")
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        phase = view["phase"]
        if phase == "contract":
            return self._contract(view, legal)
        if phase == "marker":
            return self._marker(view, legal)
        if phase == "pass":
            return self._give(view, legal)
        return self._play(read_table(view), legal)

    def play_state(self, game: GameState, legal: list[Action]) -> Action | None:
        """The card to play (or call) read from the engine's state instead of a view (None
        outside trick play): the same facts the seat's view shows, and the same choice, the
        same ties broken alike (tests/bots/test_playout.py); for play-outs."""
        if legal[0].kind != "play":
            return None
        return self._play(state_table(cast(NotrumpGame, game)), legal)

    def _play(self, table: Table, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (play_score(table, a), self.rng.random()))

    @staticmethod
    def _contract(view: View, legal: list[Action]) -> Action:
        hand = READER.mask(view["hand"])
        contract = choose_contract(hand, view["players"], len(view["choices"]))
        kind, arg = ("pass", None) if contract is None else (
            ("notrump", None) if contract == NO_TRUMP else ("contract", contract))
        return next(a for a in legal if a.kind == kind and a.arg == arg)

    @staticmethod
    def _marker(view: View, legal: list[Action]) -> Action:
        hand = READER.mask(view["hand"])
        contract = CONTRACT_NAMES.get(view["contract"], NO_TRUMP)
        selecting = view["seat"] in view["teams"][0]
        plain = selecting and contract != NO_TRUMP and hand & SUIT_MASKS[contract]
        suit = contract if plain else best_suit(hand)  # a selecting marker is a plain card
        lowest = min(bits(hand & SUIT_MASKS[suit]), key=lambda c: RANK_OF[c])
        return next(a for a in legal if a.arg == lowest)

    @staticmethod
    def _give(view: View, legal: list[Action]) -> Action:
        hand = READER.mask(view["hand"])
        keep = {SUIT_OF[READER.card(view["marker"])], CONTRACT_NAMES[view["contract"]]}

        def cost(action: Action) -> float:
            card = action.arg or 0
            length = (hand & SUIT_MASKS[SUIT_OF[card]]).bit_count()
            return RANK_OF[card] + (10.0 if SUIT_OF[card] in keep else 0.0) + (
                -4.0 if length <= 2 else 0.5 * length)

        return min(legal, key=cost)
