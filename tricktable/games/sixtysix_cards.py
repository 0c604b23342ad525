"""Sixty-Six's cards, points, marriages, trick play and actions: the card tables, the play
rule of each stage, the action table and the game points of a hand (split from
:mod:`.sixtysix`; the options are in :mod:`.sixtysix_rules`).

>>> SIXTYSIX.text(card_of(1, KING)), marriage_value(1, trump=1), game_points(40, 3)
('K♥', 40, 1)
"""

from __future__ import annotations

from functools import cache

from tricktable.cards import SIXTYSIX, Card, Suit, bits
from tricktable.engine.actions import ActionTable, CardActions, ids_mask
from tricktable.engine.play import FOLLOW, HEAD, TRUMP, PlaySpec, plain_spec
from tricktable.engine.spec import key_tables

GOAL = 66  # counted points that end the hand
SCHNEIDER = 33  # a loser under this many points loses 2 game points
LAST_TRICK = 10
SUITS = 4
RANKS = 6
NINE, JACK, QUEEN, KING, TEN, ACE = range(RANKS)
MARRIAGE, TRUMP_MARRIAGE = 20, 40

POINTS: list[int] = [(0, 2, 3, 4, 10, 11)[SIXTYSIX.rank_of(c)] for c in range(len(SIXTYSIX))]
"""Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0 (120 in all)."""
SUIT_MASKS: tuple[int, ...] = SIXTYSIX.suit_masks[:SUITS]
TEXTS = [SIXTYSIX.text(card) for card in range(len(SIXTYSIX))]


def card_of(suit: Suit, rank: int) -> Card:
    """The card of a suit and rank (``NINE`` .. ``ACE``).

    >>> SIXTYSIX.text(card_of(1, KING))
    'K♥'
    """
    return suit * RANKS + rank


PAIRS: list[int] = [(1 << card_of(s, QUEEN)) | (1 << card_of(s, KING)) for s in range(SUITS)]
"""The king and queen of each suit: a marriage."""
MARRIAGE_CARDS = [card for pair in PAIRS for card in bits(pair)]
KINGS_AND_QUEENS = sum(PAIRS)
MARRIAGES_IN: dict[int, tuple[int, ...]] = {
    kq: tuple(s for s in range(SUITS) if kq & PAIRS[s] == PAIRS[s])
    for kq in sorted(sum(1 << MARRIAGE_CARDS[i] for i in range(len(MARRIAGE_CARDS)) if n >> i & 1)
                     for n in range(1 << len(MARRIAGE_CARDS)))  # the 256 subsets, not 4M ints
}
"""The suits of the marriages held, by the hand's kings and queens (``hand & KINGS_AND_QUEENS``)."""


KEYS = key_tables([SIXTYSIX.suit_of(c) for c in range(len(SIXTYSIX))],
                  [SIXTYSIX.rank_of(c) for c in range(len(SIXTYSIX))], SUITS, SUITS, 11)
"""Key tables ``[trump][led][card]``: trumps 11.., the led suit 1.., other cards 0."""


@cache
def play_spec(trump: Suit, stock_gone: bool, strict_follow: bool, tricks: int = 12,
              last_trick: int = LAST_TRICK) -> PlaySpec:
    """Sixty-Six's trick play: while the stock is open, any card; once it is closed or
    exhausted, follow suit, and with ``strict_follow`` beat the led card if you can, or
    else trump if you can. The last of ``tricks`` earns ``last_trick`` (it is played only
    when the stock was played out).

    >>> play_spec(0, True, True, tricks=10, last_trick=0).tricks
    10
    """
    duty = 0 if not stock_gone else FOLLOW | HEAD | TRUMP if strict_follow else FOLLOW
    return plain_spec(SIXTYSIX, players=2, sides=2, trump=trump, points=tuple(POINTS),
                      duty=duty, last_bonus=last_trick, tricks=tricks)

TABLE = ActionTable(SIXTYSIX, [
    ("play", "card", range(len(SIXTYSIX))),
    ("marry", "card", MARRIAGE_CARDS),
    ("show", "suit", range(SUITS)),
    ("exchange", "none", [None]),
    ("close", "none", [None]),
    ("draw", "none", [None]),
    ("announce", "none", [None]),  # last: the action ids of the seed's game stay as they were
])
PLAY = TABLE.kind_index("play")
PLAY_ACTIONS = [PLAY[card] for card in range(len(SIXTYSIX))]
PLAY_CARDS = CardActions(PLAY_ACTIONS)
MARRY = TABLE.kind_index("marry")
SHOW = TABLE.kind_index("show")
EXCHANGE, CLOSE, DRAW = TABLE.get("exchange"), TABLE.get("close"), TABLE.get("draw")
DRAW_OR_CLOSE = ids_mask([DRAW, CLOSE])  # after a trick with the stock open: always legal
ANNOUNCE = TABLE.get("announce")
NINES = sum(1 << card_of(suit, NINE) for suit in range(SUITS))
"""The four nines: out of the game with the short deck."""
NAMES = ("P1", "P2")


hand_text = SIXTYSIX.hand_texts
"""A hand's card texts as a player sorts it: suit by suit, high to low."""


card_texts = SIXTYSIX.texts


def marriage_value(suit: Suit, trump: Suit) -> int:
    """A marriage's points: 40 in trumps, else 20.

    >>> marriage_value(2, 2), marriage_value(0, 2)
    (40, 20)
    """
    return TRUMP_MARRIAGE if suit == trump else MARRIAGE


def game_points(loser_points: int, loser_tricks: int) -> int:
    """Game points for reaching 66: 3 if the loser has no trick, 2 under 33, else 1.

    >>> game_points(40, 3), game_points(32, 1), game_points(0, 0)
    (1, 2, 3)
    """
    if loser_tricks == 0:
        return 3
    return 2 if loser_points < SCHNEIDER else 1
