"""Whist, plain four-hand: a sixth game that lives in the tests, not in tricktable/.

It shows that a new game is one module: it subclasses the engine's
:class:`~tricktable.engine.play.TrickGame`, declares its play spec, phases,
deal layout, bounds, view keys, result extras and hand invariants, and
registers itself with :func:`tricktable.engine.registry.register_game`. The
conformance suite, the research adapters and the web table then play it with
no edit anywhere in tricktable/ (tests/conftest.py imports this module).

Rules (Hoyle's short whist without honours): 52 cards, partners N/S against
E/W, 13 cards each. The dealer's last card is turned up for trump; it stays
in the dealer's hand, seen by all until played. The player left of the dealer
leads; follow suit if you can, else play any card; the highest trump wins,
else the highest card of the suit led. A side that takes more than six tricks
scores one point for each trick over six. The deal passes left; the first
side to reach ``target`` (5) wins.

>>> import tricktable
>>> game = tricktable.new_game("whist", seed=1)
>>> game.phase, len(game.legal_actions()), game.view(0)["trump"] is not None
(<Phase.PLAY: 'play'>, 13, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from tricktable.cards import STANDARD, Card, Seat
from tricktable.engine import observe as obs
from tricktable.engine.actions import Action, ActionTable, card_actions
from tricktable.engine.declare import HandBounds, Piles, require
from tricktable.engine.events import Event
from tricktable.engine.observe import Feature
from tricktable.engine.play import TrickGame, plain_spec
from tricktable.engine.registry import register_game
from tricktable.engine.results import hand_result
from tricktable.engine.rules import Rules, option
from tricktable.engine.state import JSON, Phase, deal_round, read_deal
from tricktable.engine.views import Key
from tricktable.engine.worlds import Hidden

PLAYERS = 4
HAND_SIZE = 13
BOOK = 6  # tricks a side must take before a trick scores
SPECS = [plain_spec(STANDARD, PLAYERS, sides=2, trump=suit) for suit in range(4)]
TABLE = ActionTable(STANDARD, [("play", "card", range(len(STANDARD)))])
PLAY_ACTIONS = [TABLE.get("play", card) for card in range(len(STANDARD))]


@dataclass(frozen=True)
class WhistRules(Rules):
    """Whist's one option."""

    target: int = option(5, "points that win the game", minimum=1, maximum=50)


@register_game
class WhistGame(TrickGame):
    """A game of whist to ``target`` points, or one hand when dealt from ``deal=`` (the
    dealer's last card listed is the one turned up)."""

    name = "whist"
    title = "Whist"
    deck = STANDARD
    table = TABLE
    rules_type = WhistRules
    player_counts = (PLAYERS,)
    phases = (Phase.PLAY,)
    deal_piles: ClassVar[Piles] = {}
    view_keys: ClassVar[dict[str, Key]] = {
        "turned_up": Key("card", "the trump card the dealer turned up"),
        "leader": Key("seat", "who led the trick in progress (or leads the next)"),
        "target": Key("count", "points that win the game"),
    }
    display = (("Lead", "{leader} has the lead"),)
    """A line the terminal and the web table show: a plain field, drawn as its kind says."""
    result_keys: ClassVar[dict[str, Key]] = {
        "turned_up": Key("card", "the trump card the dealer turned up"),
    }
    rules: WhistRules

    def __init__(self, rules: WhistRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.scores = [0, 0]
        self.hand_number = 0
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[0, 2], [1, 3]]

    # -- the deal and the play --------------------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        if self.deal is not None:
            self.dealer, self.hands, _ = read_deal(STANDARD, self.deal, PLAYERS, HAND_SIZE, {})
            listed = self.deal["hands"][self.dealer]
            self.turned = STANDARD.parse((listed.split() if isinstance(listed, str)
                                          else listed)[-1])
        else:
            order = self.shuffled()
            self.hands = deal_round(order, PLAYERS, self.dealer)
            self.turned = order[-1]  # the last card goes to the dealer, face up
        self.trump = STANDARD.suit_of(self.turned)
        self.spec = SPECS[self.trump]
        self.phase = Phase.PLAY
        self._start_tricks(leader=(self.dealer + 1) % PLAYERS)
        self.to_move = self.leader
        name = self.seat_name
        self.log.append(Event("deal", self.dealer, f"hand {self.hand_number}: "
                              f"{name(self.dealer)} deals and turns up "
                              f"{STANDARD.text(self.turned)} for trump"))
        for seat, mask in enumerate(self.hands):
            self.log.append(Event("hand", seat, f"{name(seat)} is dealt 13 cards",
                                  f"you are dealt {' '.join(STANDARD.hand_texts(mask))}"))

    def legal_actions(self) -> list[Action]:
        if self.phase is not Phase.PLAY:
            return []
        return card_actions(self.playable(self.to_move or 0), PLAY_ACTIONS)

    def _illegal(self, action: Action) -> str | None:
        seat, card = self.to_move or 0, action.arg or 0
        return None if self.playable(seat) >> card & 1 else self.why_not_play(seat, card)

    def _do(self, action: Action) -> None:
        self._play_card(self.to_move or 0, action.arg or 0)

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        super()._trick_done(winner, cards)
        if self.tricks_played == HAND_SIZE:
            self._end_hand()

    def _end_hand(self) -> None:
        tricks = [self.tricks_won[0] + self.tricks_won[2], self.tricks_won[1] + self.tricks_won[3]]
        deltas = [max(0, won - BOOK) for won in tricks]
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        side = 0 if deltas[0] else 1
        self.results.append(hand_result(
            self, declarer=None, contract=None, made=None, margin=None, card_points=tricks,
            deltas=deltas, outcome=f"{('N/S', 'E/W')[side]} take {tricks[side]} tricks: "
                                   f"{deltas[side]} over the book",
            turned_up=STANDARD.text(self.turned)))
        self.log.append(Event("score", None, f"hand {self.hand_number} over: N/S "
                                             f"{deltas[0]:+d}, E/W {deltas[1]:+d}"))
        reached = [score >= self.rules.target for score in self.scores]
        if self.deal is None and not any(reached):
            self.dealer = (self.dealer + 1) % PLAYERS
            self._start_hand()
            return
        self.winner = 0 if self.scores[0] > self.scores[1] else 1
        self.phase, self.to_move = Phase.GAME_OVER, None

    # -- what each seat sees ------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` (None: a spectator) sees at the table."""
        view: JSON = {
            "game": self.name, "seat": seat, "players": PLAYERS, "sides": self.sides,
            "phase": str(self.phase), "hand_number": self.hand_number, "dealer": self.dealer,
            "to_move": self.to_move, "hand_sizes": [h.bit_count() for h in self.hands],
            "declarer": None, "contract": None, "trump": STANDARD.suit_text(self.trump),
            "turned_up": STANDARD.text(self.turned), "leader": self.leader,
            "trick": self.trick_cards(), "last_trick": self.last_trick_view(),
            "tricks": [self.tricks_won[0] + self.tricks_won[2],
                       self.tricks_won[1] + self.tricks_won[3]],
            "scores": list(self.scores), "target": self.rules.target, "winner": self.winner,
            "prompt": self._prompt(seat),
            "table": [{"label": "Trump", "text": f"{STANDARD.text(self.turned)} turned up"}],
        }
        if seat is not None:
            view["hand"] = STANDARD.hand_texts(self.hands[seat])
        return view

    def _prompt(self, seat: Seat | None) -> str | None:
        if seat is None or seat != self.to_move:
            return None
        return "Lead any card" if not self.trick else "Play a card: follow suit if you can"

    def reveal(self) -> JSON:
        """Every card's place, face up (replays and tests only)."""
        return {"hands": [STANDARD.hand_texts(h) for h in self.hands],
                "trick": [STANDARD.text(c) for c in self.trick],
                "taken": [STANDARD.texts(t) for t in self.taken]}

    def _known(self) -> int:
        """The turned-up card while the dealer still holds it: everyone knows where it is."""
        return self.hands[self.dealer] & (1 << self.turned)

    def hidden_from(self, seat: Seat) -> int:
        """The other hands but the turned-up card."""
        return sum(h for s, h in enumerate(self.hands) if s != seat) & ~self._known()

    def hidden(self, seat: Seat) -> Hidden:
        """The other hands (without the turned-up card; none of a suit a seat failed to
        follow)."""
        pool, known = self.hidden_from(seat), self._known()
        others = [s for s in range(PLAYERS) if s != seat]
        return Hidden(pool, tuple((self.hands[s] & ~known).bit_count() for s in others),
                      tuple(pool & ~self.lacks[s] for s in others))

    def _hidden_masks(self, seat: Seat) -> list[int]:
        return [self.hands[s] & ~self._known() for s in range(PLAYERS) if s != seat]

    def _place_hidden(self, seat: Seat, masks: list[int], rng: random.Random) -> None:
        known, places = self._known(), iter(masks)
        for other in range(PLAYERS):
            if other != seat:
                self.hands[other] = next(places) | (known if other == self.dealer else 0)

    # -- declarations --------------------------------------------------------------------

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """A side scores 0 to 7 a hand; every card is one decision."""
        return HandBounds(0.0, float(HAND_SIZE - BOOK), PLAYERS * HAND_SIZE)

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The trump suit and who leads."""
        return [Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", obs.suit_of("trump")),
                Feature("leader", (players,), "the leader, by relative seat",
                        obs.seat_of("leader"))]

    def check_hand(self, index: int) -> None:
        """13 tricks; the side over six scores one a trick over, the other nothing."""
        result = self.results[index]
        before = self.results[index - 1].scores if index else (0, 0)
        require(result.scores == tuple(b + d for b, d in zip(before, result.deltas,
                                                             strict=True)), result)
        require(sum(result.tricks) == HAND_SIZE and result.card_points == result.tricks, result)
        side = 0 if result.tricks[0] > BOOK else 1
        expected = [0, 0]
        expected[side] = result.tricks[side] - BOOK
        require(result.deltas == tuple(expected), f"hand {index + 1}: {result}")
