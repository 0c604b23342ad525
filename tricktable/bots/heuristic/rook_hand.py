"""What a Rook hand is worth: the colours and ranks the heuristic player reads cards by,
its bidding estimate (fitted on self-play deals), and its choices of trump, discard, no
trump and low boy. :mod:`tricktable.bots.heuristic.rook` plays on these.

>>> hand = sum(1 << c for c in ROOK.parse_many("R1 R14 R13 R12 R10 R5 G1 G14 Y1 B1 B5 B9 Y3 G2"))
>>> best_trump(hand), round(bid_limit(hand))
(0, 164)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tricktable.cards import ROOK, Card, Suit, bits
from tricktable.games.rook import BIRD, BIRD_MASK, POINTS
from tricktable.games.rook_cards import ranks

COLOURS = 4
RANKS = 14
ACE, FOURTEEN, THIRTEEN = 13, 12, 11  # rank indices of the 1, the 14 and the 13
TEN = 8  # the rank index of the 10
SUIT_MASKS = ROOK.suit_masks[:COLOURS]
PLAIN_MASK = sum(SUIT_MASKS)
COUNTER_MASK = sum(1 << card for card, points in enumerate(POINTS) if points)
RANK = [ROOK.rank_of(card) for card in range(len(ROOK))]


def suit_mask(suit: Suit, trump: Suit | None) -> int:
    """The cards of a colour, the Rook included when the colour is trump.

    >>> suit_mask(0, 0) == SUIT_MASKS[0] | BIRD_MASK, suit_mask(1, 0) == SUIT_MASKS[1]
    (True, True)
    """
    return ROOK.suit_masks[suit] | (BIRD_MASK if suit == trump else 0)  # NO_TRUMP: the Rook


def suit_of(card: Card, trump: Suit) -> Suit:
    """A card's colour for following suit: the Rook is a trump.

    >>> suit_of(ROOK.parse("Rook"), 2), suit_of(ROOK.parse("G5"), 2)
    (2, 1)
    """
    return trump if card == BIRD else card // RANKS


@lru_cache(maxsize=1024)
def higher_cards(card: Card, trump: Suit, rook_rank: str = "lowest") -> int:
    """The cards of the same colour that outrank ``card``, the Rook ranked among the
    trumps by the ``rook_rank`` option (the seed's: all trumps above the Rook).

    >>> [ROOK.text(c) for c in bits(higher_cards(ROOK.parse("R13"), 1))]
    ['R14', 'R1']
    >>> [ROOK.text(c) for c in bits(higher_cards(ROOK.parse("R1"), 0, "highest"))]
    ['Rook']
    """
    rank = ranks(rook_rank)
    colour = trump if card == BIRD else card // RANKS
    cards = suit_mask(colour, trump)
    return sum(1 << other for other in bits(cards) if rank[other] > rank[card])


# -- the nest: trump and discard ------------------------------------------------

TRUMP_RANK_BONUS = [max(0.0, (rank - 5) * 0.3) for rank in range(RANKS)]


def trump_score(hand: int, suit: Suit) -> float:
    """How good a colour is as trump: five per card plus its high cards.

    >>> hand = sum(1 << c for c in ROOK.parse_many("R2 R3 R4 R6 R7 G1 G14 G13"))
    >>> trump_score(hand, 0) > trump_score(hand, 1)  # five low cards beat three high ones
    True
    """
    cards = hand & SUIT_MASKS[suit]
    return 5.0 * cards.bit_count() + sum(TRUMP_RANK_BONUS[RANK[c]] for c in bits(cards))


def best_trump(hand: int) -> Suit:
    """The longest, strongest colour of a hand (ties to the lower colour index).

    >>> best_trump(sum(1 << c for c in ROOK.parse_many("Y2 Y3 Y4 Y5 Y6 B1 R1 G1")))
    2
    """
    return max(range(COLOURS), key=lambda suit: (trump_score(hand, suit), -suit))


def discard_cost(card: Card, hand: int, trump: Suit) -> float:
    """How much the bidder loses by discarding ``card``: low for a short colour's low cards.

    >>> hand = sum(1 << c for c in ROOK.parse_many("R1 R2 R3 G2 G3 G4 G6 B9"))
    >>> discard_cost(ROOK.parse("B9"), hand, 0) < discard_cost(ROOK.parse("G2"), hand, 0)
    True
    """
    suit = suit_of(card, trump)
    if suit == trump:
        return 100.0 + RANK[card]
    length = (hand & SUIT_MASKS[suit]).bit_count()
    cost = RANK[card] + 2.0 * length + 10.0 * POINTS[card]
    if length == 1:
        cost -= 6.0  # leaves a void to trump in
    if RANK[card] >= THIRTEEN and not higher_cards(card, trump) & ~hand:
        cost += 6.0  # a winner: the 13 below the player's own 1 and 14
    return cost


# -- parameters ----------------------------------------------------------------

BID_FEATURES = ("one", "trumps", "top_trumps", "aces", "counters", "voids", "fourteens")


@dataclass(frozen=True)
class RookParams:
    """The bot's knobs: bidding weights and the worth of cards in play."""

    # expected team points as bidder = sum of weight * feature (see hand_features),
    # fitted by least squares on 4000 self-play hands (residual sd 29 points)
    bid_weights: tuple[float, ...] = (58.0, 6.5, 7.0, 11.0, 0.2, 11.0, 3.0)
    bid_safety: float = 10.0  # bid up to the estimate less this
    min_estimate: float = 100.0  # pass unless the team expects this many points
    overcall_partner: float = 20.0  # outbid partner only with this much to spare
    no_trump_ones: int = 3  # name no trump (where allowed) with this many 1s ...
    no_trump_longest: int = 4  # ... and no colour longer than this
    # bid low boy when the cards it keeps after shedding its highest non-counters (as many as
    # the nest holds) add up to at most this many rank steps above the 2 (the Rook counts
    # 14): nest of 1, nest of 5; fitted on 8000 and 4000 self-play deals (docs/rules.md)
    low_boy_ranks: tuple[int, int] = (54, 24)
    trick_value: float = 3.0  # a trick's worth beyond its counters (cards bonus, the lead)
    rest_points: float = 3.0  # counters expected from each player still to play
    top_fv: float = 6.0  # later worth of the best outstanding card of a colour
    top_points_share: float = 0.5  # ... plus this share of its counters
    second_fv: float = 3.0  # ... of the second best
    low_rank_fv: float = 0.2  # ... per rank of a lower card
    trump_fv: float = 8.0  # later worth of any trump but the Rook
    trump_rank_fv: float = 0.4  # ... plus this per rank
    top_trump_fv: float = 6.0  # ... plus this for the best outstanding trump
    rook_fv: float = 2.0  # later worth of the Rook (the lowest trump)
    void_lead_bonus: float = 2.0  # leading a singleton to trump that colour later
    partner_rescue: float = 1.0  # weight of partner winning after an opponent beat us
    draw_trump_min: int = 4  # trumps the bidder needs to lead low trumps
    partner_leads_trump: bool = True  # the bidder's partner leads trump to the bidder


DEFAULT_PARAMS = RookParams()


def hand_features(hand: int) -> tuple[float, ...]:
    """The numbers the bid estimate weighs (``BID_FEATURES``), for the best trump.

    >>> hand = sum(1 << c for c in ROOK.parse_many(
    ...     "R1 R14 R13 R5 R2 Rook G1 G10 Y1 Y5 Y2 B3 B4 B6"))
    >>> dict(zip(BID_FEATURES, hand_features(hand)))["trumps"]
    6.0
    """
    trump = best_trump(hand)
    trumps = hand & suit_mask(trump, trump)
    tops = sum(1 for c in bits(trumps & PLAIN_MASK) if RANK[c] >= THIRTEEN)
    aces = fourteens = voids = 0
    for suit in range(COLOURS):
        cards = hand & SUIT_MASKS[suit]
        if suit == trump:
            continue
        voids += not cards
        for card in bits(cards):
            aces += RANK[card] == ACE
            fourteens += RANK[card] == FOURTEEN
    counters = sum(POINTS[c] for c in bits(hand & COUNTER_MASK))
    return (1.0, float(trumps.bit_count()), float(tops), float(aces), float(counters),
            float(voids), float(fourteens))


def estimate_points(hand: int, params: RookParams = DEFAULT_PARAMS) -> float:
    """The points the team expects to take with ``hand`` as bidder (nest unseen).

    >>> weak = sum(1 << c for c in ROOK.parse_many("R2 R3 R4 G2 G3 G4 Y2 Y3 Y4 B2 B3 B4 B6 B7"))
    >>> strong = sum(1 << c for c in ROOK.parse_many(
    ...     "R1 R14 R13 R12 R10 R5 Rook G1 G14 Y1 Y10 B1 B5 B2"))
    >>> estimate_points(weak) < 100 < estimate_points(strong)
    True
    """
    return sum(w * f for w, f in zip(params.bid_weights, hand_features(hand), strict=True))


def bid_limit(hand: int, params: RookParams = DEFAULT_PARAMS) -> float:
    """The highest bid the hand supports: the estimate less a margin (0: pass).

    >>> strong = sum(1 << c for c in ROOK.parse_many(
    ...     "R1 R14 R13 R12 R10 R5 Rook G1 G14 Y1 Y10 B1 B5 B2"))
    >>> bid_limit(strong) == estimate_points(strong) - DEFAULT_PARAMS.bid_safety
    True
    """
    estimate = estimate_points(hand, params)
    return 0.0 if estimate < params.min_estimate else estimate - params.bid_safety


def prefers_no_trump(hand: int, params: RookParams) -> bool:
    """Whether the bidder should name no trump: many 1s and no long colour to trump with.

    >>> prefers_no_trump(sum(1 << c for c in ROOK.parse_many(
    ...     "R1 R14 R13 G1 G14 G12 Y1 Y14 Y5 B1 B14 B9 B2 G7")), DEFAULT_PARAMS)
    True
    """
    ones = sum(1 for suit in range(COLOURS) if hand >> (suit * RANKS + ACE) & 1)
    longest = max((hand & SUIT_MASKS[suit]).bit_count() for suit in range(COLOURS))
    return ones >= params.no_trump_ones and longest <= params.no_trump_longest


def low_boy_hand(hand: int, params: RookParams, nest: int = 1) -> bool:
    """Whether to bid low boy: the cards kept after discarding the ``nest`` highest cards
    that may be discarded (not counters) are low enough (``params.low_boy_ranks``).

    >>> low_boy_hand(sum(1 << c for c in ROOK.parse_many(
    ...     "R2 R3 R5 G2 G4 G6 Y2 Y3 Y7 Y9 B2 B3 B4 B8")), DEFAULT_PARAMS)
    True
    """
    free = sorted(bits(hand & ~COUNTER_MASK), key=lambda card: -RANK[card])
    kept = hand & ~sum(1 << card for card in free[:nest])
    ranks = sum(RANK[card] for card in bits(kept & ~BIRD_MASK)) + (14 if kept & BIRD_MASK else 0)
    return ranks <= params.low_boy_ranks[nest > 1]


