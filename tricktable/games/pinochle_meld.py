"""What Pinochle's meld tells and suggests: the cards a meld shows a hand lacks, a meld
as the table sees it, the beginner's guide (meld and a suggested bid per trump) and the
most one hand can meld (split from :mod:`.pinochle`).

>>> beginner("AH 10H KH QH JH 9H KH QH QS JD AS 9C".split())["♠"]
{'meld': 8, 'suggested_bid': 22}
"""

from __future__ import annotations

from tricktable.cards import Card, Suit
from tricktable.games.meld import (
    ACE,
    AROUND,
    KING,
    NINE,
    PINOCHLE_FACES,
    QUEEN,
    RUN_RANKS,
    SUITS,
    TEN,
    Meld,
    count,
    face,
    mask_of,
    meld_totals,
)
from tricktable.games.pinochle_cards import SUIT_MASKS, SUIT_TEXT

PARTNER_MELD = 3  # what the beginner's suggested bid assumes the partner melds



def _meld_groups(trump: Suit) -> list[list[Card]]:
    """Faces whose least count in a hand is what its meld shows: run, marriages, dix, around,
    pinochle (for a trump suit's K and Q the least count is runs plus royal marriages)."""
    groups = [[face(trump, rank) for rank in RUN_RANKS], [face(trump, NINE)],
              list(PINOCHLE_FACES)]
    groups += [[face(suit, KING), face(suit, QUEEN)] for suit in range(SUITS)]
    groups += [[face(suit, rank) for suit in range(SUITS)] for rank, *_ in AROUND]
    return groups


MELD_GROUPS = [_meld_groups(trump) for trump in range(SUITS)]


def meld_lacks(shown: int, trump: Suit) -> int:
    """The unshown cards a player who melded exactly ``shown`` cannot hold.

    Every meld item takes the least count of its faces, and every copy that
    counts is shown: where one face of a group is shown fewer times than all
    the others, the hand holds no more of it than shown (more would be more meld).

    Kings around and a marriage in ♠, hearts trump: no other queen (a marriage),
    no J♦ (a pinochle), no 9♥ (a dix):

    >>> from tricktable.cards import PINOCHLE
    >>> PINOCHLE.hand_texts(meld_lacks(mask_of("KS KH KD KC QS"), trump=1))
    ['Q♥', 'Q♥', '9♥', '9♥', 'Q♦', 'Q♦', 'J♦', 'J♦', 'Q♣', 'Q♣']
    """
    lacks = 0
    for faces in MELD_GROUPS[trump]:
        counts = [count(shown, first) for first in faces]
        low = min(counts)
        if counts.count(low) == 1:
            lacks |= 3 << faces[counts.index(low)]
    return lacks & ~shown


def meld_faces(held: Meld) -> list[tuple[str, list[str]]]:
    """A meld as the table sees it: its items and their faces (copies look alike)."""
    return [(item.name, item.texts()) for item in held.items]


def trick_estimate(hand: int, trump: Suit) -> int:
    """Trick points a team may expect when this hand names ``trump`` (of 24).

    A linear count of playing strength fitted on games between the heuristic
    bots (the team's trick points given the bidder's hand): 8.5, plus per
    trump 0.55, per trump ace, ten and king 0.85, 0.65 and 0.35 more, per
    ace of another suit 1, per void in another suit 0.9.

    >>> trick_estimate(mask_of("AH AH 10H KH QH JH 9H AS AC 10C KD 9D"), trump=1)
    17
    """
    estimate = 8.5 + 0.55 * (hand & SUIT_MASKS[trump]).bit_count()
    for rank, weight in ((ACE, 0.85), (TEN, 0.65), (KING, 0.35)):
        estimate += weight * count(hand, face(trump, rank))
    for suit in range(SUITS):
        if suit != trump:
            estimate += count(hand, face(suit, ACE)) + 0.9 * (not hand & SUIT_MASKS[suit])
    return round(estimate)


def beginner_data(hand: int, scale: int = 1) -> dict[str, dict[str, int]]:
    """For each trump, the hand's meld and a suggested top bid (the seed's beginner mode),
    in points of ``scale`` (10 on the tens count).

    The bid assumes the partner melds 3: own meld + 3 + :func:`trick_estimate`.

    >>> beginner_data(mask_of("KS QS 9S AH"))["♠"], beginner_data(mask_of("KS QS 9S AH"), 10)["♠"]
    ({'meld': 5, 'suggested_bid': 21}, {'meld': 50, 'suggested_bid': 210})
    """
    totals = meld_totals(hand)
    return {SUIT_TEXT[trump]: {"meld": totals[trump] * scale, "suggested_bid": scale * (
        totals[trump] + PARTNER_MELD + trick_estimate(hand, trump))} for trump in range(SUITS)}


def beginner(hand_texts: list[str]) -> dict[str, dict[str, int]]:
    """Beginner data for a hand given as card texts.

    >>> beginner("AH 10H KH QH JH 9H KH QH QS JD AS 9C".split())["♥"]
    {'meld': 24, 'suggested_bid': 43}
    """
    return beginner_data(mask_of(hand_texts))


MELD_CAP = 150 + 2 * 4 + 6 * 2 + 2 + sum(double for *_, double in AROUND) + 30
"""More than one hand can meld: double run, royal marriages, three suits' marriages twice,
both dix, every double around, double pinochle."""
