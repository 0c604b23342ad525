"""Pinochle's cards, trick play, actions and options: the card tables, the play rule per
trump, the action table and :class:`PinochleRules` (split from :mod:`.pinochle`).

>>> from tricktable.games.meld import mask_of
>>> hand, winning = mask_of("9S AS KH"), PINOCHLE.parse("QS")
>>> PINOCHLE.texts(playable(hand, SUIT_MASKS[0], SUIT_MASKS[1], winning))
['A♠']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from tricktable.cards import PINOCHLE, Card, Suit, bits
from tricktable.engine.actions import ActionTable, CardActions, suffix_offers
from tricktable.engine.play import FOLLOW, HEAD, OVERTRUMP, TRUMP, PlaySpec, plain_spec
from tricktable.engine.rules import Preset, Rules, option
from tricktable.engine.spec import key_tables
from tricktable.engine.state import BID_PHASE, PASS_PHASE, PLAY_PHASE, TRUMP_PHASE
from tricktable.games.meld import ACE, KING, SUITS, TEN

HAND_SIZE = 12
ASSUMED_BID = 20  # the dealer's assumed bid
BID_MAX = 100  # the highest bid; it ends the bidding at once (see docs/rules-pinochle.md)
MELD_BID_JUMP = 2  # a first-round bid this far above the high bid signals 6+ meld
TENS = 10  # the tens count (option ``tens``): every point, bid and score times this
TEAM_NAMES = ("N/S", "E/W")

TEXT = [PINOCHLE.text(card) for card in range(len(PINOCHLE))]
SUIT_TEXT = [PINOCHLE.suit_text(suit) for suit in range(SUITS)]
SUIT_MASKS = PINOCHLE.suit_masks[:SUITS]
FACES = sum(1 << card for card in range(0, len(PINOCHLE), 2))
"""Mask of the first copy of every face: play actions are one per face."""

POINTS = [int(PINOCHLE.rank_of(card) in (KING, TEN, ACE)) for card in range(len(PINOCHLE))]
"""Trick points of each card: A, 10 and K 1 (24 in all)."""

ABOVE = [SUIT_MASKS[PINOCHLE.suit_of(card)] & ~((1 << ((card | 1) + 1)) - 1)
         for card in range(len(PINOCHLE))]
"""Cards of the same suit that beat each card (both copies of a higher rank)."""


KEYS = key_tables([PINOCHLE.suit_of(c) for c in range(len(PINOCHLE))],
                  [PINOCHLE.rank_of(c) for c in range(len(PINOCHLE))], SUITS, SUITS, 101)
"""Key tables ``[trump][led][card]``: trumps 101.., the led suit 1.., other suits 0."""


def playable(hand: int, led_mask: int, trump_mask: int, win_card: Card) -> int:
    """The cards of ``hand`` that may go to a trick led in ``led_mask`` and headed by
    ``win_card``: follow suit, heading the trick if possible; void, trump, over the
    highest trump so far if possible; else any card.

    >>> from tricktable.cards import CardSet
    >>> hand = CardSet.parse(PINOCHLE, "9S AS KH").mask
    >>> PINOCHLE.texts(playable(hand, SUIT_MASKS[0], SUIT_MASKS[1], PINOCHLE.parse("QS")))
    ['A♠']
    """
    above = ABOVE[win_card]  # none of the led suit once a plain lead is trumped
    led = hand & led_mask
    if led:
        return led & above or led
    trumps = hand & trump_mask
    if trumps:
        return trumps & above or trumps
    return hand


def play_spec(trump: Suit) -> PlaySpec:
    """Pinochle's trick play with ``trump``: follow suit and head the trick if you can;
    void, trump, over the highest trump if you can; else any card.

    >>> from tricktable.cards import CardSet
    >>> spec = play_spec(trump=1)
    >>> hand = CardSet.parse(PINOCHLE, "9S AS KH").mask
    >>> PINOCHLE.texts(spec.legal(1, hand, PINOCHLE.parse("QS"), spec.key(0, 4, 4)))
    ['A♠']
    """
    return plain_spec(PINOCHLE, players=4, sides=2, trump=trump, points=tuple(POINTS),
                      duty=FOLLOW | HEAD | TRUMP | OVERTRUMP)


SPECS = [play_spec(trump) for trump in range(SUITS)]
TENS_SPECS = [replace(spec, points=tuple(TENS * p for p in spec.points)) for spec in SPECS]
"""The same play on the tens count: each counter 10."""

TABLE = ActionTable(PINOCHLE, [
    ("bid", "number", range(ASSUMED_BID + 1, BID_MAX + 1)),
    ("pass", "none", [None]),
    ("trump", "suit", range(SUITS)),
    ("throw", "none", [None]),
    ("play", "card", list(bits(FACES))),
    ("give", "card", list(bits(FACES))),  # last: the default game's action ids stay as they were
    ("bid", "number", range(TENS * (ASSUMED_BID + 1), TENS * BID_MAX + 1, TENS)),  # the tens
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card & ~1] for card in range(len(PINOCHLE))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)  # offered by face: the play of a face, by its even card
BIDS = [TABLE.get("bid", b) for b in range(ASSUMED_BID + 1, BID_MAX + 1)]
TENS_BIDS = [TABLE.get("bid", TENS * b) for b in range(ASSUMED_BID + 1, BID_MAX + 1)]
PASS = TABLE.get("pass")
BID_OFFERS, TENS_OFFERS = suffix_offers([PASS], BIDS), suffix_offers([PASS], TENS_BIDS)
"""Per lowest bid allowed (its index in ``BIDS`` or ``TENS_BIDS``): pass and the bids from
it, and the mask of their ids (offered: ``apply`` takes them unchecked)."""
THROW = TABLE.get("throw")
TRUMPS = [TABLE.get("trump", suit) for suit in range(SUITS)]
GIVE = TABLE.kind_index("give")
GIVE_ACTIONS = [GIVE[card & ~1] for card in range(len(PINOCHLE))]
TRICK_TEXT = [f"{'NESW'[seat]} wins the trick" for seat in range(4)]
EXPECTED = {BID_PHASE: "bid or pass", TRUMP_PHASE: "name trump", PASS_PHASE: "pass a card",
            PLAY_PHASE: "play a card"}


@dataclass(frozen=True)
class PinochleRules(Rules):
    """Pinochle's options (RULES.md section 2)."""

    target: int = option(200, "points that win the game (bidder's out)", minimum=1,
                         maximum=1000)
    throw_in: bool = option(
        True, "the dealer who has the bid at 20 may throw the hand in (dealing team -20)")
    meld_bids: bool = option(
        True, "mark a first-round bid of two more than the high bid as a meld bid")
    last_trick: int = option(0, "points for winning the last trick", minimum=0, maximum=10)
    meld_needs_trick: bool = option(
        False, "a team that wins no trick scores no meld (nor counts it toward the bid)")
    loss_limit: int = option(
        0, "a team at or below minus this many points loses the game (0: no limit)", minimum=0,
        maximum=1000)
    passing: bool = option(
        False, "after trump is named the partner passes cards to the bidder, who passes back")
    pass_count: int = option(3, "cards passed each way when passing is on", choices=(3, 4))
    tens: bool = option(
        False, "the tens count: counters 10 each, meld, bids, target and limits times 10")

    presets: ClassVar[tuple[Preset, ...]] = (
        Preset("modern", "a modern card room: 3 cards passed each way after trump, counted in "
                         "tens, game to 1500", {"passing": True, "tens": True, "target": 150}),
    )


hand_text = PINOCHLE.hand_texts
"""A hand's card texts as a player sorts it: suit by suit, high to low."""
