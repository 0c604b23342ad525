"""Pinochle: 48 cards, two of each, four players in partnerships, meld and tricks.

Rules: ``shared/seeds/001`` and RULES.md section 2; rulings in
docs/rules-pinochle.md. Meld is computed by :mod:`tricktable.games.meld`.

>>> import tricktable
>>> game = tricktable.new_game("pinochle", seed=3)
>>> game.phase, game.view(None)["high_bid"], [a.text for a in game.legal_actions()][:3]
(<Phase.BID: 'bid'>, 20, ['pass', 'bid 21', 'bid 22'])
>>> _ = game.apply("bid 22")
>>> game.apply("bid 22")
Traceback (most recent call last):
...
tricktable.engine.actions.IllegalAction: a bid must be higher than the high bid of 22
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tricktable.cards import PINOCHLE, Card, Seat, Suit
from tricktable.engine.actions import (
    Action,
    IllegalAction,
    card_actions,
)
from tricktable.engine.declare import HandBounds, Piles
from tricktable.engine.events import Event, dealt
from tricktable.engine.observe import Feature
from tricktable.engine.play import (
    spec_with,
)
from tricktable.engine.positions import deal_number, deal_numbers, deal_seat, deal_suit
from tricktable.engine.registry import register_game
from tricktable.engine.rules import Rules
from tricktable.engine.state import (
    BID_PHASE,
    JSON,
    PASS_PHASE,
    PLAY_PHASE,
    TRUMP_PHASE,
    deal_round,
    read_deal,
)
from tricktable.engine.views import Key
from tricktable.games import invariants
from tricktable.games.meld import (
    Meld,
    meld,
)
from tricktable.games.pinochle_cards import (
    ABOVE,
    ASSUMED_BID,
    BID_MAX,
    BID_OFFERS,
    BIDS,
    EXPECTED,
    FACES,
    GIVE,
    GIVE_ACTIONS,
    HAND_SIZE,
    KEYS,
    MELD_BID_JUMP,
    PASS,
    PLAY,
    PLAY_ACTIONS,
    PLAY_CARDS,
    POINTS,
    SPECS,
    SUIT_MASKS,
    SUIT_TEXT,
    TABLE,
    TEAM_NAMES,
    TENS,
    TENS_BIDS,
    TENS_OFFERS,
    TENS_SPECS,
    TEXT,
    THROW,
    TRICK_TEXT,
    TRUMPS,
    PinochleRules,
    hand_text,
    play_spec,
    playable,
)
from tricktable.games.pinochle_meld import (
    MELD_CAP,
    MELD_GROUPS,
    PARTNER_MELD,
    beginner,
    beginner_data,
    meld_faces,
    meld_lacks,
    trick_estimate,
)
from tricktable.games.pinochle_scoring import PinochleScoring

__all__ = ["ABOVE", "ASSUMED_BID", "BIDS", "BID_MAX", "BID_OFFERS", "EXPECTED", "FACES", "GIVE",
           "GIVE_ACTIONS", "HAND_SIZE", "KEYS", "MELD_BID_JUMP", "MELD_CAP", "MELD_GROUPS",
           "PARTNER_MELD", "PASS", "PLAY", "PLAY_ACTIONS", "PLAY_CARDS", "POINTS", "SPECS",
           "SUIT_MASKS", "SUIT_TEXT", "TABLE", "TEAM_NAMES", "TENS", "TENS_BIDS", "TENS_OFFERS",
           "TENS_SPECS", "TEXT", "THROW", "TRICK_TEXT", "TRUMPS", "PinochleGame", "PinochleRules",
           "beginner", "beginner_data", "hand_text", "meld_faces", "meld_lacks", "play_spec",
           "playable", "trick_estimate"]


@register_game
class PinochleGame(PinochleScoring):
    """A game of Pinochle to the target, or one hand when dealt from ``deal=``."""

    name = "pinochle"
    title = "Pinochle"
    deck = PINOCHLE
    table = TABLE
    rules_type = PinochleRules
    player_counts = (4,)
    play_points = POINTS
    point_fields = frozenset({"card_points"})
    unsearched = frozenset({"played", "lacks", "last_trick", "taken", "gave"})  # no play reads
    result_keys: ClassVar[dict[str, Key]] = {
        "bid": Key("count", "the winning bid (the assumed bid when thrown in)"),
        "trump": Key("text", "the trump named, null when thrown in", nullable=True),
        "thrown_in": Key("flag", "the dealer threw the hand in at the assumed bid"),
        "meld_counted": Key("counts", "each side's meld that counted toward its score"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "team_names": Key("texts", "each side's name, in the order of sides"),
        "options": Key("record", "the rules options of this game"),
        "assumed_bid": Key("count", "the dealer's assumed bid"),
        "bids": Key("records", "the auction so far: {seat, bid, meld_bid}"),
        "high_bid": Key("count", "the highest bid so far"),
        "high_bidder": Key("seat", "who holds it"),
        "bid": Key("count", "the bid the declarer's side must make", nullable=True),
        "meld": Key("record", "each player's meld laid on the table, and each side's total",
                    nullable=True),
        "shown": Key("list", "per seat: melded cards still in its hand"),
        "trick_number": Key("count", "the trick being played, from 1"),
        "trick_points": Key("counts", "card points each side has taken this hand"),
        "target": Key("count", "points that win the game"),
        "scoreboard": Key("record", "the box in the corner: meld, trick points, bid, trump"),
        "beginner": Key("record", "per suit as trump: this hand's meld and a suggested bid",
                        nullable=True, private=True),
        "pass_count": Key("count", "cards the partner and the bidder pass each way (0: none)"),
        "scale": Key("count", "points per counter: 1, or 10 on the tens count"),
        "pass_to": Key("seat", "the seat this seat passes to", private=True),
        "passed": Key("cards", "the cards this seat passed", private=True),
        "received_from": Key("seat", "the seat that passes to this seat", private=True),
        "received": Key("cards", "the cards this seat received", private=True),
    }
    rules: PinochleRules

    def __init__(self, rules: PinochleRules, players: int, seed: int, deal: JSON | None) -> None:
        super().__init__(rules, players, seed, deal)
        self.scores = [0, 0]
        self.hand_number = 0
        self.pass_count = rules.pass_count if rules.passing else 0
        self.scale = TENS if rules.tens else 1  # every point, bid and score is in these units
        self.assumed = ASSUMED_BID * self.scale
        self._start_hand()

    @property
    def sides(self) -> list[list[Seat]]:
        return [[0, 2], [1, 3]]

    # -- dealing and bidding ---------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        if self.deal is not None:
            self.dealer, self.hands, _ = read_deal(PINOCHLE, self.deal, 4, HAND_SIZE, {})
        else:
            self.hands = deal_round(self.shuffled(), 4, self.dealer)
        self.bids: list[tuple[Seat, int | None, bool]] = []  # seat, bid or None, meld bid
        self.passed = 0  # bitmask of seats that have passed
        self.acted = 0  # bitmask of seats that have bid or passed (the first round)
        self.high_bid = self.assumed
        self.high_seat: Seat = self.dealer
        self.bidder: Seat | None = None
        self.bid = 0
        self.trump: Suit | None = None
        self.melds: list[Meld] = []
        self.given_meld = [0, 0]  # each team's meld, from a play deal (no cards shown)
        self.shown = [0, 0, 0, 0]  # melded cards, known to all while in the hand
        self.spec = SPECS[0]
        self._start_passing()
        self._start_tricks(leader=(self.dealer + 1) % 4)  # lacks: what meld and play showed
        self.phase = BID_PHASE
        self.to_move = (self.dealer + 1) % 4
        name = self.seat_name(self.dealer)
        self.log.append(Event("deal", self.dealer, f"hand {self.hand_number}: {name} deals "
                                                   f"and holds the assumed bid of {self.assumed}"))
        for seat in range(4):
            self.log.append(dealt("hand", seat, f"{self.seat_name(seat)} is dealt 12 cards",
                                  self.hands[seat], hand_text))

    def _is_meld_bid(self, seat: Seat, bid: int) -> bool:
        """A first-round bid of exactly two over the high bid, the partner still in."""
        return (self.rules.meld_bids and not self.acted >> seat & 1
                and bid == self.high_bid + MELD_BID_JUMP * self.scale
                and not self.passed >> (seat ^ 2) & 1)

    def _bid(self, seat: Seat, bid: int | None) -> None:
        name = self.seat_name(seat)
        if bid is None:
            self.passed |= 1 << seat
            self.bids.append((seat, None, False))
            self.log.append(Event("pass", seat, f"{name} passes"))
        else:
            signal = self._is_meld_bid(seat, bid)
            self.high_bid, self.high_seat = bid, seat
            self.bids.append((seat, bid, signal))
            self.log.append(Event("bid", seat, f"{name} bids {bid}"
                                               + (" (a meld bid)" if signal else "")))
        self.acted |= 1 << seat
        active = 15 & ~self.passed
        if self.high_bid == BID_MAX * self.scale or not active & (active - 1):
            self._win_bid()
            return
        seat = (seat + 1) & 3
        while self.passed >> seat & 1:
            seat = (seat + 1) & 3
        self.to_move = seat

    def _win_bid(self) -> None:
        self.bidder, self.bid = self.high_seat, self.high_bid
        name = self.seat_name(self.bidder)
        if self._may_throw_in():
            text = f"{name} has it at {self.assumed}: name trump or throw it in"
        else:
            text = f"{name} wins the bid at {self.bid}"
        self.log.append(Event("bid", self.bidder, text))
        self.phase = TRUMP_PHASE
        self.to_move = self.bidder

    def _may_throw_in(self) -> bool:
        return self.rules.throw_in and self.bidder == self.dealer and self.bid == self.assumed

    def _name_trump(self, trump: Suit) -> None:
        bidder = self.bidder or 0
        self._set_trump(trump)
        self.log.append(Event("trump", bidder, f"{self.seat_name(bidder)} names "
                                               f"{SUIT_TEXT[trump]} trump"))
        if self.pass_count:
            self._begin_passes()
        else:
            self._meld_and_play()

    def _set_trump(self, trump: Suit) -> None:
        self.trump = trump
        specs = TENS_SPECS if self.scale == TENS else SPECS
        self.spec = spec_with(specs[trump], last_bonus=self.rules.last_trick * self.scale)

    play_deal_keys = frozenset({"trump", "declarer", "bid", "meld"})

    def _play_contract(self, deal: JSON) -> Seat | None:
        """A play deal's contract: ``trump``, ``declarer`` (the bidder, default 0), ``bid``
        (default the assumed bid) and ``meld``, each team's meld counted (default 0 each;
        no cards are shown as meld)."""
        scale = self.scale
        trump = deal_suit(deal, "trump", PINOCHLE, {})
        declarer = deal_seat(deal, "declarer", 4, 0)
        bid = deal_number(deal, "bid", range(self.assumed, BID_MAX * scale + 1, scale),
                          self.assumed)
        meld = deal_numbers(deal, "meld", 2, range(2 * MELD_CAP * scale + 1), "team")
        self.bidder, self.bid, self.high_bid, self.high_seat = declarer, bid, bid, declarer
        self.given_meld = meld
        self._set_trump(trump)
        return declarer

    def _meld_and_play(self) -> None:
        """Every hand's meld is counted and shown; the bidder leads."""
        trump = self.trump or 0
        self.melds = [meld(hand, trump) for hand in self.hands]
        for seat, held in enumerate(self.melds):
            self.shown[seat] = held.shown
            self.lacks[seat] = meld_lacks(held.shown, trump)
            self.log.append(Event("meld", seat, self._meld_text(seat)))
        teams = self.team_meld()
        self.log.append(Event("meld", None, f"meld: N/S {teams[0]}, E/W {teams[1]}"))
        self.phase = PLAY_PHASE
        self.to_move = self.bidder

    def _lacks_before_play(self, seat: Seat) -> int:
        return meld_lacks(self.melds[seat].shown, self.trump or 0) if self.melds else 0

    def _meld_text(self, seat: Seat) -> str:
        held = self.melds[seat]
        if not held.items:
            return f"{self.seat_name(seat)} has no meld"
        items = ", ".join(f"{item.name} {item.value * self.scale} ({' '.join(item.texts())})"
                          for item in held.items)
        return f"{self.seat_name(seat)} melds {held.total * self.scale}: {items}"

    # -- play --------------------------------------------------------------

    def _play(self, face: Card) -> None:
        seat = self.to_move or 0
        pair = self.hands[seat] & (3 << face)
        low = pair & self.shown[seat] or pair
        low &= -low  # the shown copy, else the lower id (a shown single copy is the lower)
        self._play_card(seat, low.bit_length() - 1)

    def _trick_done(self, winner: Seat | None, cards: list[Card]) -> None:
        super()._trick_done(winner, cards)
        if self.tricks_played == HAND_SIZE:
            self._end_hand()

    # -- the public API ----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take: one play action per face held.

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", seed=1)
        >>> len(game.legal_actions()), game.legal_actions()[-1].text
        (81, 'bid 100')
        """
        phase = self.phase
        if phase is PLAY_PHASE:
            mask = self.playable(self.to_move or 0)
            actions, self._offered = PLAY_CARDS.offer((mask | mask >> 1) & FACES)
            return actions
        if phase is BID_PHASE:
            if self.scale == TENS:
                bids, self._offered = TENS_OFFERS[self.high_bid // TENS - ASSUMED_BID]
            else:
                bids, self._offered = BID_OFFERS[self.high_bid - ASSUMED_BID]
            return [*bids]
        if phase is TRUMP_PHASE:
            return [*TRUMPS, THROW] if self._may_throw_in() else list(TRUMPS)
        if phase is PASS_PHASE:
            mask = self.hands[self.to_move or 0]
            return card_actions((mask | mask >> 1) & FACES, GIVE_ACTIONS)
        return []

    def parse(self, text: str) -> Action:
        """Read an action's text; a bid off this game's count is refused naming its steps.

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", options={"tens": True})
        >>> game.parse("bid 215")
        Traceback (most recent call last):
        ...
        tricktable.engine.actions.IllegalAction: a bid is 210 to 1000 in steps of 10 (tens count)
        """
        try:
            return self.table.parse(text)
        except IllegalAction:
            word = text.split()
            if len(word) == 2 and word[0].lower() == "bid":
                raise IllegalAction(self._bid_range()) from None
            raise

    def _bid_range(self) -> str:
        tens = " (tens count)" if self.scale == TENS else ""
        return (f"a bid is {self.assumed + self.scale} to {BID_MAX * self.scale} in steps of "
                f"{self.scale}{tens}")

    def _illegal(self, action: Action) -> str | None:
        phase, kind = self.phase, action.kind
        if phase is PLAY_PHASE and kind == "play":
            face = action.arg or 0
            hand = self.hands[self.to_move or 0]
            if not hand >> face & 3:
                return f"you do not hold {TEXT[face]}"
            seat = self.to_move or 0
            if self.playable(seat) >> face & 3:
                return None
            return self.why_not_play(seat, face | (not hand >> face & 1))  # a copy held
        if kind == "throw" and phase is TRUMP_PHASE and not self._may_throw_in():
            if not self.rules.throw_in:
                return "throwing it in is not allowed in this game (option throw_in)"
            return f"only a dealer who has the bid at {self.assumed} may throw it in"
        allowed = {BID_PHASE: ("bid", "pass"), TRUMP_PHASE: ("trump", "throw"),
                   PASS_PHASE: ("give",), PLAY_PHASE: ("play",)}[phase]
        if kind not in allowed:
            if kind == "give" and not self.pass_count:
                return "passing cards is not part of this game (option passing)"
            return f"it is time to {EXPECTED[phase]}, not to {kind}"
        if kind == "give":
            return self.passing_illegal(action.arg or 0)
        if kind == "bid" and ((action.arg or 0) % self.scale or (action.arg or 0) > BID_MAX
                              * self.scale):
            tens = "" if self.scale == TENS else " (bids in tens are the tens count's: option tens)"
            return self._bid_range() + tens
        if kind == "bid" and (action.arg or 0) <= self.high_bid:
            return f"a bid must be higher than the high bid of {self.high_bid}"
        return None

    def _do(self, action: Action) -> None:
        kind, seat = action.kind, self.to_move or 0
        if kind == "play":
            self._play(action.arg or 0)
        elif kind == "bid" or kind == "pass":
            self._bid(seat, action.arg)
        elif kind == "trump":
            self._name_trump(action.arg or 0)
        elif kind == "give":
            if self._give(action.arg or 0):
                self._meld_and_play()
        elif kind == "throw":
            self.log.append(Event("throw", seat, f"{self.seat_name(seat)} throws it in"))
            self._end_hand(thrown_in=True)

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("pinochle", seed=5).view(0)
        >>> len(v["hand"]), v["hand_sizes"], v["phase"], sorted(v["beginner"])
        (12, [12, 12, 12, 12], 'bid', ['♠', '♣', '♥', '♦'])
        """
        return pinochle_table.view(self, seat)

    def reveal(self) -> JSON:
        """Every card's place, face up (replays and tests only): copies listed twice."""
        return {
            "hands": [hand_text(h) for h in self.hands],
            "trick": [TEXT[c] for c in self.trick],
            "taken": [hand_text(self.taken[s] | self.taken[s + 2]) for s in (0, 1)],
            "passing": hand_text(self.outgoing),  # passed, not yet picked up
        }

    def taken_points(self) -> list[int]:
        """Counters taken by each team so far (the last trick's included once taken)."""
        return list(self.card_points)

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Meld", "{meld.teams:column}"),  # the seed's box: meld line, trick-points line
        ("Trick points", "{trick_points:column}"),
        ("Meld laid down", "{meld.players:meld}"),
        ("Beginner's guide: your meld and top bid for each trump (assumes your partner "
         "melds 3)", "{beginner:guide}"),
        ("You passed", "{passed:cards} to {pass_to:seat}"),
        ("You received", "{received:cards} from {received_from:seat}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", seed=1)
        >>> game.prompt(game.to_move or 0)
        'Bid 21 to 100, or pass'
        """
        if seat != self.to_move:
            return None
        if self.phase is BID_PHASE:
            step = f" in steps of {self.scale}" if self.scale > 1 else ""
            return f"Bid {self.high_bid + self.scale} to {BID_MAX * self.scale}{step}, or pass"
        if self.phase is TRUMP_PHASE:
            throw = f", or throw it in (your team loses {self.assumed})" if self._may_throw_in() \
                else ""
            return f"Name trump: ♠, ♥, ♦ or ♣{throw}"
        if self.phase is PASS_PHASE:
            return self.passing_prompt(seat)
        if not self.trick:
            return "Lead any card"
        return ("Play a card: follow suit and beat the best card if you can; if you can't "
                "follow, trump")

    # -- declarations (tricktable/engine/declare.py) ------------------------------

    phases = (BID_PHASE, TRUMP_PHASE, PASS_PHASE, PLAY_PHASE)
    deal_piles: ClassVar[Piles] = {4: {}}
    suggests_bids = True

    def check_hand(self, index: int) -> None:
        """The invariants of a finished hand (tricktable/games/invariants.py)."""
        invariants.pinochle_hand(self, index)

    playout_options: ClassVar[Mapping[str, Any]] = {"loss_limit": 200}
    """Random players are set hand after hand and never reach the target: a floor ends it."""

    @classmethod
    def hand_bounds(cls, players: int, rules: Rules) -> HandBounds:
        """A set loses at most the highest bid; a team scores at most a hand's whole meld
        twice, every trick point and the last trick; 80 bids and 4 passes, trump, the cards
        passed each way, 48 cards."""
        assert isinstance(rules, PinochleRules)
        scale = TENS if rules.tens else 1
        high = (2.0 * MELD_CAP + 24 + rules.last_trick) * scale
        return HandBounds(-float(BID_MAX * scale), high, 80 + 4 + 1 + 2 * rules.pass_count + 48)

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The auction (meld bids too), trump, each seat's meld and shown cards, points,
        the cards passed and received (:func:`pinochle_table.features`)."""
        return pinochle_table.features(players, sides)


from tricktable.games import pinochle_table  # noqa: E402  (it reads this module's names)
