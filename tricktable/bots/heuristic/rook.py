"""A rule-based Rook player with card sense, using only its seat's view.

Bidding: the hand's expected points as bidder (trump length, the Rook among
them, top trumps, aces, counters, voids, with an average nest card and
partner, fitted on self-play deals), less a safety margin; it opens only when
the team expects more than half the 200 points, stops at that limit, and does
not outbid its partner without a clearly better hand.
Nest: it discards a low non-counter from a short off colour, to make a void,
and names its longest, strongest colour trump.
Play: the bidding team draws trump while it has the strength; otherwise every
card is scored by the chance that the team wins the trick with it, the
points at stake and what the card is worth later (winners, trumps), so it
wins cheaply, leaves partner's winning tricks alone, feeds counters to a
partner who will win, throws low non-counters when it cannot win, cashes
winners and ruffs counters when void.

It remembers the cards it has seen played and the colours each seat has
shown void in, from the views it is given (``choose`` or ``observe``), and
forgets them when a new hand starts.

>>> import tricktable
>>> from tricktable.bots import play_game
>>> game = play_game(tricktable.new_game("rook", seed=1, options={"target": 200}),
...                  [HeuristicBot(seed) for seed in range(4)])
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from tricktable.bots.heuristic.common import (
    CardReader,
    Play,
    TableMemory,
    View,
    chance_holds_any,
    watched,
)
from tricktable.bots.heuristic.rook_hand import (
    COLOURS,
    COUNTER_MASK,
    DEFAULT_PARAMS,
    PLAIN_MASK,
    RANK,
    RANKS,
    SUIT_MASKS,
    RookParams,
    best_trump,
    bid_limit,
    discard_cost,
    higher_cards,
    low_boy_hand,
    prefers_no_trump,
    suit_mask,
    suit_of,
)
from tricktable.cards import ROOK, Card, Seat, Suit, lowest
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState
from tricktable.games.rook import BID_MAX, BID_MIN, BID_STEP, BIRD, BIRD_MASK, POINTS
from tricktable.games.rook_cards import NO_TRUMP, trick_keys
from tricktable.games.rook_table import RookTable

# the strong levels search only the least raise besides this player's bid and a pass
# (SearchLimits.bid_levels): jumps the search found better were mostly noise, and its
# play-outs bid for the seat's later turns as this player would, not as the search
# would; +11.7 ± 10.8 points a deal over 280 duplicate deals, and cheaper (docs/bots.md)
STRONG_LIMITS = {"bid_levels": 1}
# the strong level draws 24 worlds a decision in Rook, not 16 (expert keeps its 40): +7.16
# ± 6.00 points a deal over 600 duplicate deals, p95 within 0.2 s of CPU (docs/bots.md,
# "More worlds for Rook's strong level"); more worlds did not gain in Notrump or Sixty-Six
LEVEL_LIMITS = {"strong": {"worlds": 24}}

# -- the table as this seat knows it --------------------------------------------


@dataclass
class Situation:
    """One decision in play: the hand, trick, trump and what the seat knows."""

    seat: Seat
    hand: int
    trump: Suit
    bidder: Seat | None
    plays: list[Play]
    unseen: int  # cards whose place this seat does not know
    voids: list[int]  # per seat, colours it has shown void in
    params: RookParams
    rook_rank: str = "lowest"  # the option: where the Rook ranks among the trumps
    partner: Seat = field(init=False)
    holders: list[int] = field(init=False)  # per colour, other seats that may hold it

    def __post_init__(self) -> None:
        self.partner = (self.seat + 2) % 4
        self.holders = [sum(1 for s in range(4) if s != self.seat and not self.voids[s] >> suit & 1)
                        for suit in range(COLOURS + 1)]  # the colours, and the Rook's own

    def is_void(self, seat: Seat, suit: Suit) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    def our_team_bids(self) -> bool:
        return self.bidder is not None and self.bidder % 2 == self.seat % 2


def _above_masks(keys: Sequence[int]) -> list[int]:
    """For each key, the mask of the cards whose key is higher."""
    return [sum(1 << c for c, k in enumerate(keys) if k > key) for key in range(max(keys) + 2)]


@lru_cache(maxsize=4)
def above(rook_rank: str = "lowest") -> list[list[list[int]]]:
    """``above(rank)[trump][led][key]``: the cards that beat a card of that key in such a
    trick, with the Rook ranked by the ``rook_rank`` option."""
    keys = trick_keys(rook_rank)
    suits = range(COLOURS + 1)  # the colours, and NO_TRUMP
    return [[_above_masks(keys[trump][led]) for led in suits] for trump in suits]


def count_above(mask: int, trump: Suit, led: Suit, key: int, rook_rank: str = "lowest") -> int:
    """How many cards of ``mask`` beat a card of ``key`` in a trick led in ``led``.

    >>> count_above(sum(1 << ROOK.parse(c) for c in ("R2", "R9", "G1")), 0, 1, 50)
    2
    """
    return (mask & above(rook_rank)[trump][led][key]).bit_count()


def chance_beats(sit: Situation, seat: Seat, key: int, led: Suit) -> float:
    """Rough chance that ``seat`` holds a card beating ``key`` in a trick led in ``led``.

    Cards not yet seen are taken as spread evenly over the seats that may hold
    them; a seat void in the led colour may trump.
    """
    trump = sit.trump
    led_unseen = sit.unseen & suit_mask(led, trump)
    led_holders = sit.holders[led]
    if sit.is_void(seat, led) or not led_holders:
        follow, void = 0.0, 1.0
    else:
        follow = chance_holds_any(count_above(led_unseen, trump, led, key, sit.rook_rank),
                                  led_holders)
        void = (1.0 - 1.0 / led_holders) ** led_unseen.bit_count()
    if led == trump or sit.is_void(seat, trump):
        return follow
    trumps = count_above(sit.unseen & suit_mask(trump, trump), trump, led, key, sit.rook_rank)
    return min(1.0, follow + void * chance_holds_any(trumps, sit.holders[trump]))


def led_suit(sit: Situation, card: Card) -> Suit:
    """The colour of the trick if ``card`` is played now."""
    first = sit.plays[0][1] if sit.plays else card
    return suit_of(first, sit.trump)


def partner_tops(sit: Situation, key: int, led: Suit) -> float:
    """Rough chance that partner can top an opponent who has beaten ``key``.

    Partner needs the best card still out in the led colour, or, void in it,
    a trump (which the opponent may overtrump half the time).
    """
    trump, partner = sit.trump, sit.partner
    if not sit.is_void(partner, led):
        higher = count_above(sit.unseen & suit_mask(led, trump), trump, led, key, sit.rook_rank)
        holders = sit.holders[led]
        return 1.0 / holders if higher and holders else 0.0
    if led == trump or sit.is_void(partner, trump):
        return 0.0
    trumps = count_above(sit.unseen & suit_mask(trump, trump), trump, led, key, sit.rook_rank)
    return 0.5 * chance_holds_any(trumps, sit.holders[trump])


def win_chance(sit: Situation, card: Card) -> float:
    """Chance that our team takes the trick if this seat plays ``card``."""
    led = led_suit(sit, card)
    keys = trick_keys(sit.rook_rank)[sit.trump][led]
    best_seat, best_key = sit.seat, -1
    for seat, played in sit.plays:
        if keys[played] > best_key:
            best_seat, best_key = seat, keys[played]
    if keys[card] > best_key:
        best_seat, best_key = sit.seat, keys[card]
    after = [(sit.seat + i) % 4 for i in range(1, 4 - len(sit.plays))]
    if best_seat % 2 == sit.seat % 2:
        held = 1.0
        for seat in after:
            if seat % 2 != sit.seat % 2:
                held *= 1.0 - chance_beats(sit, seat, best_key, led)
        if sit.partner in after:
            rescue = partner_tops(sit, best_key, led) * sit.params.partner_rescue
            held += (1.0 - held) * rescue
        return held
    if sit.partner not in after:
        return 0.0
    chance = chance_beats(sit, sit.partner, best_key, led)
    for seat in after[after.index(sit.partner) + 1:]:
        chance *= 1.0 - chance_beats(sit, seat, best_key + 1, led)
    return chance


def future_value(sit: Situation, card: Card) -> float:
    """What holding ``card`` for later is worth, in points.

    A winner (the best card still out of its colour) will take its own
    counters and a trick later; lower cards are worth little.
    """
    p = sit.params
    trump = sit.trump
    higher = (sit.unseen & higher_cards(card, trump, sit.rook_rank)).bit_count()
    if card == BIRD:
        return p.rook_fv
    if card // RANKS == trump:
        value = p.trump_fv + p.trump_rank_fv * RANK[card]
        return value + (p.top_trump_fv + POINTS[card] if not higher else 0.0)
    value = p.low_rank_fv * RANK[card]
    if not higher:
        return value + p.top_fv + p.top_points_share * POINTS[card]
    return value + (p.second_fv if higher == 1 else 0.0)


def card_worth(sit: Situation, card: Card) -> float:
    """The expected gain of playing ``card`` now, in points for our team."""
    p = sit.params
    chance = win_chance(sit, card)
    at_stake = float(sum(POINTS[c] for _, c in sit.plays) + POINTS[card])
    at_stake += p.rest_points * (3 - len(sit.plays)) + p.trick_value
    worth = (2.0 * chance - 1.0) * at_stake - future_value(sit, card)
    if not sit.plays:
        worth += lead_bonus(sit, card)
    return worth


def lead_bonus(sit: Situation, card: Card) -> float:
    """Leading the last card of an off colour, when holding trumps, makes a void."""
    suit = suit_of(card, sit.trump)
    if suit == sit.trump or not sit.hand & suit_mask(sit.trump, sit.trump):
        return 0.0
    return sit.params.void_lead_bonus if (sit.hand & SUIT_MASKS[suit]).bit_count() == 1 else 0.0


def trump_to_draw(sit: Situation) -> Card | None:
    """The trump to lead to draw the opponents' trumps, if the team should."""
    trump = sit.trump
    trumps = sit.hand & suit_mask(trump, trump)
    if not trumps or not sit.our_team_bids():
        return None
    opponents = [(sit.seat + 1) % 4, (sit.seat + 3) % 4]
    if all(sit.is_void(s, trump) for s in opponents) or not sit.unseen & suit_mask(trump, trump):
        return None
    plain = trumps & PLAIN_MASK
    if plain:
        top = plain.bit_length() - 1
        if not sit.unseen & higher_cards(top, trump, sit.rook_rank):
            return top
    low = plain & ~COUNTER_MASK or plain
    if not low:
        return None
    if sit.seat == sit.bidder and trumps.bit_count() >= sit.params.draw_trump_min:
        return lowest(low)
    if sit.seat != sit.bidder and sit.params.partner_leads_trump:
        return lowest(low)
    return None


def choose_card(sit: Situation, cards: Sequence[Card], tiebreak: Sequence[float]) -> Card:
    """The card to play: draw trump when it is time, else the best ``card_worth``."""
    if not sit.plays:
        draw = trump_to_draw(sit)
        if draw is not None and draw in cards:
            return draw
    return max(cards, key=lambda c: card_worth(sit, c) + tiebreak[c])


def following(sit: Situation, cards: list[Card]) -> list[Card]:
    """The cards that follow suit, if any: never renege, even where it is not refused."""
    if not sit.plays:
        return cards
    led = suit_mask(suit_of(sit.plays[0][1], sit.trump), sit.trump)
    return [c for c in cards if led >> c & 1] or cards


# -- the bot -------------------------------------------------------------------


class HeuristicBot:
    """A rule-based Rook player; deterministic for a given seed.

    >>> import tricktable
    >>> game = tricktable.new_game("rook", seed=1)
    >>> bot = HeuristicBot(seed=0)
    >>> bot.choose(game.view(game.to_move), game.legal_actions()).kind in ("bid", "pass")
    True
    """

    def __init__(self, seed: int = 0, params: RookParams | None = None) -> None:
        self.params = params or DEFAULT_PARAMS
        self.rng = random.Random(seed)
        self.reader = CardReader(ROOK)
        self.memory = TableMemory(4)
        self.tiebreak = self._new_tiebreak()

    def _new_tiebreak(self) -> list[float]:
        return [self.rng.random() * 1e-6 for _ in range(len(ROOK))]

    def observe(self, view: View) -> None:
        """Remember what ``view`` shows of the hand (the trick, the last trick).

        ``choose`` calls this itself; a runner may also call it after every
        action, as a player at the table watches every card.
        """
        if self.memory.start(view):
            self.tiebreak = self._new_tiebreak()
        trump = trump_of(view)
        if trump is None:
            return
        last = view.get("last_trick")
        for entries in (last["cards"] if last else None, view.get("trick")):
            self.memory.note_trick(self.reader.plays(entries), lambda c: suit_of(c, trump))

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The action to take from ``legal``, seeing only ``view``."""
        self.observe(view)
        kind = legal[0].kind
        if kind in ("bid", "pass"):
            return self._bid(view, legal)
        hand = self.reader.mask(view["hand"])
        if view.get("low_boy"):
            return self._low_boy(view, legal, hand)
        if kind == "discard":
            trump = best_trump(hand)
            return min(legal, key=lambda a: discard_cost(a.arg or 0, hand, trump)
                       + self.tiebreak[a.arg or 0])
        if kind in ("trump", "notrump"):
            notrump = next((a for a in legal if a.kind == "notrump"), None)
            if notrump is not None and prefers_no_trump(hand, self.params):
                return notrump
            suit = best_trump(hand)
            return next((a for a in legal if a.arg == suit), legal[0])
        return self._play(view, legal, hand)

    def _bid(self, view: View, legal: list[Action]) -> Action:
        seat = view["seat"]
        partner = (seat + 2) % 4
        hand = self.reader.mask(view["hand"])
        low_boy = next((a for a in legal if a.kind == "lowboy"), None)
        if low_boy is not None and view.get("high_bidder") != partner \
                and low_boy_hand(hand, self.params, view.get("nest_size") or 1):
            return low_boy
        limit = bid_limit(hand, self.params)
        high = view.get("high_bid") or 0
        if view.get("high_bidder") == partner and limit < high + self.params.overcall_partner:
            return _pass(legal)
        wanted = max(view.get("min_bid") or BID_MIN, high + BID_STEP)
        if wanted > min(limit, BID_MAX):
            return _pass(legal)
        return next((a for a in legal if a.kind == "bid" and a.arg == wanted), _pass(legal))

    def _low_boy(self, view: View, legal: list[Action], hand: int) -> Action:
        """A low boy hand: the bidder sheds its highest cards and never takes a trick
        if it can help it; the other side tries to leave it the trick."""
        kind = legal[0].kind
        if kind == "discard":  # shed the highest card
            return max(legal, key=lambda a: (RANK[a.arg or 0], self.tiebreak[a.arg or 0]))
        if kind in ("trump", "notrump"):  # no trump (never forced to trump in) without the
            notrump = next((a for a in legal if a.kind == "notrump"), None)  # Rook, else the
            if notrump is not None and not hand & BIRD_MASK:  # colour it holds fewest of
                return notrump
            suit = min(range(COLOURS), key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), s))
            return next((a for a in legal if a.arg == suit), legal[0])
        trump = trump_of(view) or 0
        plays = self.reader.plays(view.get("trick"))
        cards = [a.arg for a in legal if a.arg is not None]
        choice = low_boy_card(cards, plays, trump, view["seat"], view["declarer"],
                              view.get("rook_rank") or "lowest")
        self.memory.note_trick([*plays, (view["seat"], choice)], lambda c: suit_of(c, trump))
        return next(a for a in legal if a.arg == choice)

    def _play(self, view: View, legal: list[Action], hand: int) -> Action:
        trump = trump_of(view) or 0
        known = hand | self.memory.seen
        if view.get("discard"):
            known |= self.reader.mask(view["discard"])
        plays = self.reader.plays(view.get("trick"))
        sit = Situation(view["seat"], hand, trump, view.get("declarer"), plays,
                        ROOK.full & ~known, self.memory.voids, self.params,
                        view.get("rook_rank") or "lowest")
        action = self._card(sit, legal)
        self.memory.note_trick([*plays, (sit.seat, action.arg or 0)], lambda c: suit_of(c, trump))
        return action

    def _card(self, sit: Situation, legal: list[Action]) -> Action:
        by_card = {a.arg: a for a in legal}
        return by_card[choose_card(sit, following(sit, [c for c in by_card if c is not None]),
                                   self.tiebreak)]

    def play_state(self, game: GameState, legal: list[Action]) -> Action | None:
        """The card to play read from the engine's state instead of a view (None outside
        trick play): the same facts the seat's view and the tricks it watched show (its
        hand, the trick, every card played and who did not follow, the discard if it
        bid), and the same card (tests/bots/test_playout.py); for play-outs."""
        if legal[0].kind != "play":
            return None
        rook = cast(RookTable, game)
        seat, hand, bidder = rook.to_move or 0, rook.hands[rook.to_move or 0], rook.bidder
        out = sum(h.bit_count() for h in rook.hands) + rook.nest.bit_count()
        if self.memory.begin((rook.hand_number, rook.dealer), out):
            self.tiebreak = self._new_tiebreak()
        trump = NO_TRUMP if rook.trump is None else rook.trump
        plays = [(who or 0, card) for who, card in zip(rook.trick_seats, rook.trick, strict=True)]
        if rook.low_boy:
            cards = [a.arg for a in legal if a.arg is not None]
            card = low_boy_card(cards, plays, trump, seat, bidder or 0, rook.rules.rook_rank)
            return next(a for a in legal if a.arg == card)
        seen = watched(rook, lambda c: suit_of(c, trump))
        known = hand | seen.seen | (rook.discarded if seat == bidder and rook.nest_cards else 0)
        return self._card(Situation(seat, hand, trump, bidder, plays, ROOK.full & ~known,
                                    seen.voids, self.params, rook.rules.rook_rank), legal)


def trump_of(view: View) -> Suit | None:
    """The hand's trump from a view: a colour, :data:`NO_TRUMP` (the Rook the one trump)
    once play starts with none named, or None before trump is named.

    >>> trump_of({"phase": "play", "trump": None}) == NO_TRUMP, trump_of({"trump": "Green"})
    (True, 1)
    """
    if view.get("trump") is not None:
        return ROOK.parse_suit(view["trump"])
    return NO_TRUMP if view.get("phase") == "play" else None


def low_boy_card(cards: list[Card], plays: list[Play], trump: Suit, seat: Seat, bidder: Seat,
                 rook_rank: str) -> Card:
    """The card to play in a low boy: the bidder, the highest card that does not take the
    trick so far (else its lowest); the others, while the bidder is winning, their highest
    card below its card, else their lowest.

    >>> c = ROOK.parse
    >>> ROOK.text(low_boy_card([c("R9"), c("R4"), c("R1")], [(1, c("R7"))], 2, 0, 0, "lowest"))
    'R4'
    """
    led = suit_of(plays[0][1], trump) if plays else None
    if led is None:  # leading: the lowest card
        return min(cards, key=lambda card: (RANK[card], card))
    keys = trick_keys(rook_rank)[trump][led]
    best_seat, best = max(plays, key=lambda play: keys[play[1]])
    to_beat = keys[best]
    below = [card for card in cards if keys[card] < to_beat]
    if below and bidder in (seat, best_seat):  # stay under: the highest card that does
        return max(below, key=lambda card: (keys[card], RANK[card]))
    return min(cards, key=lambda card: (keys[card], RANK[card]))


def _pass(legal: list[Action]) -> Action:
    return next((a for a in legal if a.kind == "pass"), legal[0])
