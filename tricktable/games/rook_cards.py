"""Rook's rules as data: the counters, the play spec, the actions, the options and presets.

:mod:`tricktable.games.rook` plays the game from these. The Rook card's rank
among the trumps is an option (``rook_rank``): the seed's lowest trump, 10.5
(between the 10 and the 11) or the highest trump.

>>> spec = play_spec(trump=0, rook_rank="10.5")
>>> [ROOK.text(c) for c in sorted(bits(SUIT_MASKS[0] | BIRD_MASK), key=spec.rank.__getitem__)][7:11]
['R9', 'R10', 'Rook', 'R11']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import Any, ClassVar

from tricktable.cards import ROOK, Card, Seat, bits
from tricktable.engine.actions import Action, ActionTable, CardActions, ids_mask
from tricktable.engine.events import Event
from tricktable.engine.play import FOLLOW, PlaySpec, lowest_in, plain_spec
from tricktable.engine.rules import OptionError, Preset, Rules, option

BID_MIN, BID_MAX, BID_STEP = 70, 200, 5
HAND_SIZE = 14  # with the seed's nest of one card
CARDS_BONUS = 20
COLOURS = 4
BIRD: Card = ROOK.parse("Rook")
BIRD_MASK = 1 << BIRD
ROOK_RANKS = ("lowest", "10.5", "highest")
DISCARD_POINTS = ("nobody", "last_trick")
NESTS = (1, 5)
NO_TRUMP = COLOURS
"""The trump of a no-trump hand: the Rook's own suit in the deck, so the Rook, "always a
trump" in the seed, is the one trump card."""

POINTS: list[int] = [0] * len(ROOK)
"""Counter value of each card: 5s 5, 10s and 14s 10, 1s 15, the Rook 20."""
for _card in range(len(ROOK)):
    _label = ROOK.ascii(_card)[1:]
    POINTS[_card] = {"5": 5, "10": 10, "14": 10, "1": 15, "ook": 20}.get(_label, 0)
COUNTERS = sum(1 << c for c, p in enumerate(POINTS) if p)

SUIT_MASKS = ROOK.suit_masks[:COLOURS]
TRUMP_MASKS = (*(mask | BIRD_MASK for mask in SUIT_MASKS), BIRD_MASK)
"""Per trump (a colour, or :data:`NO_TRUMP`): the cards that are trumps."""
_TEN = ROOK.rank_of(ROOK.parse("R10"))


def ranks(rook_rank: str) -> tuple[int, ...]:
    """Each card's rank number: the deck's, the Rook's by ``rook_rank`` (at 10.5 the cards
    above the 10 move up one to make room; the seed's lowest leaves every other rank as is).

    >>> [ranks(r)[BIRD] for r in ROOK_RANKS], ranks("10.5")[ROOK.parse("R11")]
    ([-1, 9, 14], 10)
    """
    plain = [ROOK.rank_of(card) for card in range(len(ROOK))]
    if rook_rank == "10.5":
        plain = [r + 1 if r > _TEN else r for r in plain]
        plain[BIRD] = _TEN + 1
    else:
        plain[BIRD] = -1 if rook_rank == "lowest" else max(plain) + 1
    return tuple(plain)


@lru_cache(maxsize=64)
def play_spec(trump: int, enforce_follow_suit: bool = True, rook_rank: str = "lowest",
              tricks: int = HAND_SIZE) -> PlaySpec:
    """Rook's trick play once ``trump`` is named: follow the led colour (the Rook is a
    trump, ranked by ``rook_rank``), else any card; trump over all. Reneges are refused
    unless the option lets them stand (then they forfeit the hand at its end). With
    ``trump`` :data:`NO_TRUMP` the Rook is the one trump: it wins any trick it is played to.

    >>> spec = play_spec(trump=0)
    >>> spec.key(0, BIRD, BIRD) < spec.key(0, ROOK.parse("R2"), BIRD)  # the Rook: lowest trump
    True
    >>> spec = play_spec(trump=0, rook_rank="highest")
    >>> spec.key(0, BIRD, BIRD) > spec.key(0, ROOK.parse("R1"), BIRD)
    True
    >>> spec = play_spec(trump=NO_TRUMP)
    >>> spec.key(0, BIRD, ROOK.parse("R1")) > spec.key(0, ROOK.parse("R1"), ROOK.parse("R1"))
    True
    """
    plain = plain_spec(ROOK, players=4, sides=2, trump=None if trump == NO_TRUMP else trump,
                       points=tuple(POINTS), duty=FOLLOW if enforce_follow_suit else 0)
    trumps = TRUMP_MASKS[trump]
    follows = tuple(trumps if card == BIRD or follows & trumps else follows
                    for card, follows in enumerate(plain.follows))
    rank = ranks(rook_rank)
    return PlaySpec(players=4, side_of=plain.side_of, follows=follows, rank=rank,
                    trumps=(trumps,) * 4, points=plain.points, tricks=tricks,
                    duty=plain.duty, suit_masks=plain.suit_masks,
                    most_tricks_bonus=CARDS_BONUS)


@lru_cache(maxsize=8)
def trick_keys(rook_rank: str = "lowest") -> list[list[list[int]]]:
    """``trick_keys(rank)[trump][led][card]``: each card's key in a trick led in colour
    ``led`` (for bots; trump and led :data:`NO_TRUMP` too: the Rook's own suit).

    >>> keys = trick_keys("highest")
    >>> keys[0][1][BIRD] > keys[0][1][ROOK.parse("R1")] > keys[0][1][ROOK.parse("G1")]
    True
    """
    suits = range(COLOURS + 1)
    return [[[play_spec(trump, True, rook_rank).key(0, card, lowest_in(ROOK.suit_masks[led]))
              for card in range(len(ROOK))] for led in suits] for trump in suits]


KEYS = trick_keys("lowest")
"""The seed's keys: ``KEYS[trump][led][card]`` with the Rook the lowest trump."""


TABLE = ActionTable(ROOK, [
    ("bid", "number", range(BID_MIN, BID_MAX + 1, BID_STEP)),
    ("pass", "none", [None]),
    ("discard", "card", range(len(ROOK))),
    ("trump", "suit", range(COLOURS)),
    ("play", "card", range(len(ROOK))),
    ("notrump", "none", [None]),  # added after the seed's actions: their ids stay the same
    ("lowboy", "none", [None]),
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card] for card in range(len(ROOK))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)
DISCARD = TABLE.kind_index("discard")
DISCARD_CARDS = CardActions([DISCARD[card] for card in range(len(ROOK))])
TRUMP_OFFERS = {allowed: (actions, ids_mask(actions)) for allowed, actions in (
    (False, tuple(TABLE.get("trump", s) for s in range(COLOURS))),
    (True, (*(TABLE.get("trump", s) for s in range(COLOURS)), TABLE.get("notrump"))))}
"""By whether no trump may be named: the actions that name trump, and their ids' mask."""
BIDS = TABLE.kind_index("bid")
PASS = TABLE.get("pass")
NOTRUMP = TABLE.get("notrump")
LOWBOY = TABLE.get("lowboy")
LOW_BOY = "low boy"
"""A low boy bid as the auction lists it (``bids``: a number, this, or None for a pass)."""


@lru_cache(maxsize=256)
def bid_offer(lowest: int, low_boy: bool, only_max: bool = False) -> tuple[tuple[Action, ...], int]:
    """The actions of a turn to bid and the mask of their ids: pass, every bid from
    ``lowest`` (low boy where the option is on); ``only_max``: pass or 200 (over a low boy).

    >>> actions, ids = bid_offer(190, low_boy=True)
    >>> [a.text for a in actions], ids == sum(1 << a.id for a in actions)
    (['pass', 'bid 190', 'bid 195', 'bid 200', 'lowboy'], True)
    """
    if only_max:
        actions: tuple[Action, ...] = (PASS, BIDS[BID_MAX])
    else:
        actions = (PASS, *(BIDS[b] for b in range(lowest, BID_MAX + 1, BID_STEP)))
        if low_boy:
            actions += (LOWBOY,)
    return actions, ids_mask(actions)


@lru_cache(maxsize=512)
def bid_event(seat: Seat, action: Action) -> Event:
    """The log's event of ``seat`` bidding (or passing) ``action``, made once and shared.

    >>> bid_event(1, BIDS[75]).text, bid_event(2, PASS).text, bid_event(0, LOWBOY).text
    ('E bids 75', 'S passes', 'N bids low boy')
    """
    name = "NESW"[seat]
    if action.kind == "pass":
        return Event("pass", seat, f"{name} passes")
    if action.kind == "lowboy":
        return Event("bid", seat, f"{name} bids low boy")
    return Event("bid", seat, f"{name} bids {action.arg}")


@dataclass(frozen=True)
class RookRules(Rules):
    """Rook's options (RULES.md section 1; docs/rules.md)."""

    target: int = option(500, "points that win the game", minimum=1, maximum=2500)
    all_pass: str = option(
        "redeal", "when all four pass: redeal, or the dealer takes the bid at the minimum bid",
        choices=("redeal", "dealer_takes_70"),
    )
    loss_limit: int = option(
        0, "a team at or below minus this many points loses the game (0: no limit)", minimum=0,
        maximum=2500
    )
    enforce_follow_suit: bool = option(
        True, "refuse a renege; off: reneges are allowed and forfeit the hand at its end"
    )
    rook_rank: str = option(
        "lowest", "the Rook among the trumps: lowest (the seed), 10.5 (between the 10 and "
        "the 11) or highest", choices=ROOK_RANKS)
    nest: int = option(
        1, "cards in the nest: 1 (the seed: 14 each, the bidder discards 1) or 5 (Kentucky "
        "discard: 13 each, the bidder discards 5)", choices=NESTS)
    min_bid: int = option(BID_MIN, "the lowest bid, in fives", minimum=BID_MIN, maximum=BID_MAX)
    no_trumps: bool = option(
        False, "the bidder may name no trump instead of a colour: the Rook is the one trump")
    low_boy: bool = option(
        False, "the low boy bid: the bidder plays alone to take no trick (plus or minus 200); "
        "only 200 outbids it")
    discard_points: str = option(
        "nobody", "counters in the discard: nobody (the seed: none may be discarded while the "
        "bidder holds another card; a forced one counts for nobody) or last_trick (Kentucky "
        "discard: any card may be discarded, its counters go to the last trick's taker)",
        choices=DISCARD_POINTS)

    presets: ClassVar[tuple[Preset, ...]] = (
        Preset("kentucky-discard", "the popular tournament layout: a nest of 5, 13 cards "
               "each, the Rook the highest trump, the discard's counters to the last trick",
               {"nest": 5, "rook_rank": "highest", "discard_points": "last_trick"}),
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.min_bid % BID_STEP:
            raise OptionError(f"option 'min_bid' must be a multiple of {BID_STEP}, "
                              f"not {self.min_bid}")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: the deck less the nest, in four."""
        return (len(ROOK) - self.nest) // 4


@cache
def dealt_text(rook_rank: str) -> Callable[[int], list[str]]:
    """How a dealt hand's private text lists its cards: before trump is named, under the
    table's Rook rank; one function per rank, so the log's text never changes afterwards
    and dealt events of two games compare equal.

    >>> dealt_text("lowest") is dealt_text("lowest")
    True
    """
    return partial(hand_text, trump=None, rook_rank=rook_rank)


def hand_text(mask: int, trump: int | None = None, rook_rank: str = "lowest") -> list[str]:
    """Cards sorted for display: by colour, high to low, the Rook in its place in trump.

    >>> hand = sum(1 << ROOK.parse(c) for c in ["Rook", "R1", "R2", "G14"])
    >>> hand_text(hand, trump=0), hand_text(hand, trump=0, rook_rank="highest")
    (['R1', 'R2', 'Rook', 'G14'], ['Rook', 'R1', 'R2', 'G14'])
    """
    if trump is None:
        return ROOK.hand_texts(mask)  # colour by colour, high to low, the Rook last
    order: list[Card] = []
    rank = ranks(rook_rank)
    for suit in range(COLOURS):
        cards = list(bits(mask & SUIT_MASKS[suit]))
        if suit == trump and mask & BIRD_MASK:
            cards.append(BIRD)
        order.extend(sorted(cards, key=rank.__getitem__, reverse=True))
    if trump not in range(COLOURS) and mask & BIRD_MASK:  # not named yet, or no trump
        order.append(BIRD)
    return [ROOK.text(card) for card in order]


def option_values(rules: Any) -> dict[str, Any]:
    """The options a Rook view shows every seat (bots read them too).

    >>> option_values(RookRules())
    {'rook_rank': 'lowest', 'min_bid': 70}
    """
    return {"rook_rank": rules.rook_rank, "min_bid": rules.min_bid}
