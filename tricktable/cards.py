"""Cards as small ints, card sets as int bitmasks, decks and their notation.

A card is an ``int`` index into its deck. Decks are encoded suit-major, so
one suit is a contiguous bit range and following suit is one mask-and; within
a suit a higher bit is a higher card, so the best card of a suit in a mask is
its highest set bit. Decks with two copies of each card (Pinochle) give the
copies adjacent ids.

>>> ROOK.parse("R14"), ROOK.text(ROOK.parse("rook"))
(12, 'Rook')
>>> STANDARD.text(STANDARD.parse("10h")), STANDARD.text(STANDARD.parse("Q♠"))
('10♥', 'Q♠')
>>> CardSet.parse(PIQUET, "AS 7S KH")
CardSet.parse(PIQUET, '7♠ A♠ K♥')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

Card = int
Suit = int
Seat = int

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
    "R": "red", "G": "green", "Y": "yellow", "B": "black",
}
_SYMBOL_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}


def bits(mask: int) -> Iterator[int]:
    """Yield the set bit indices of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def highest(mask: int) -> Card:
    """The highest card in a non-empty mask (the best card of one suit).

    >>> highest(0b10110)
    4
    """
    return mask.bit_length() - 1


def lowest(mask: int) -> Card:
    """The lowest card in a non-empty mask.

    >>> lowest(0b10110)
    1
    """
    return (mask & -mask).bit_length() - 1


class CardError(ValueError):
    """A card's text could not be read."""


@dataclass(frozen=True)
class Deck:
    """A deck: suits, ranks low to high, copies of each card and special cards.

    Card ids run suit by suit, rank by rank, copy by copy; special cards
    (the Rook bird) come last, in a suit of their own numbered ``len(suits)``.

    >>> len(ROOK), len(PINOCHLE), len(STANDARD), len(PIQUET), len(SIXTYSIX)
    (57, 48, 52, 32, 24)
    """

    name: str
    suits: str  # one letter per suit, in card-id order
    ranks: tuple[str, ...]  # rank labels, low to high
    copies: int = 1
    specials: tuple[str, ...] = ()  # cards outside the suits, by name
    suit_first: bool = False  # notation "R14" (suit, rank) rather than "AS"
    size: int = field(init=False)
    full: int = field(init=False)  # mask of every card
    suit_masks: tuple[int, ...] = field(init=False)  # one per suit, then specials
    suit_table: tuple[Suit, ...] = field(init=False, repr=False)  # the suit of each card
    rank_table: tuple[int, ...] = field(init=False, repr=False)  # the rank index of each card
    _texts: tuple[str, ...] = field(init=False, repr=False)
    _ascii: tuple[str, ...] = field(init=False, repr=False)
    _lookup: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)
    _exact: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)
    _exact_suits: dict[str, Suit] = field(init=False, repr=False, compare=False, hash=False)
    """Texts as the deck writes them, to their card or suit: parsing's fast path."""

    def __post_init__(self) -> None:
        stride = len(self.ranks) * self.copies
        size = len(self.suits) * stride + len(self.specials)
        masks = [((1 << stride) - 1) << (s * stride) for s in range(len(self.suits))]
        masks.append(((1 << len(self.specials)) - 1) << (len(self.suits) * stride))
        texts: list[str] = []
        ascii_texts: list[str] = []
        lookup: dict[str, Card] = {}
        for card in range(size):
            if card >= len(self.suits) * stride:
                name = self.specials[card - len(self.suits) * stride]
                texts.append(name)
                ascii_texts.append(name)
                lookup.setdefault(name.upper(), card)
                continue
            suit = self.suits[card // stride]
            rank = self.ranks[(card % stride) // self.copies]
            if self.suit_first:
                plain = fancy = suit + rank
            else:
                plain, fancy = rank + suit, rank + SUIT_SYMBOLS.get(suit, suit)
            texts.append(fancy)
            ascii_texts.append(plain)
            lookup.setdefault(plain.upper(), card)
        set_ = object.__setattr__
        set_(self, "size", size)
        set_(self, "full", (1 << size) - 1)
        set_(self, "suit_masks", tuple(masks))
        set_(self, "suit_table", tuple(min(c // stride, len(self.suits)) for c in range(size)))
        set_(self, "rank_table", tuple((c % stride) // self.copies for c in range(size)))
        set_(self, "_texts", tuple(texts))
        set_(self, "_ascii", tuple(ascii_texts))
        set_(self, "_lookup", lookup)
        exact: dict[str, int] = {}
        for card in range(size):
            exact.setdefault(texts[card], card)
            exact.setdefault(ascii_texts[card], card)
        set_(self, "_exact", exact)
        set_(self, "_exact_suits", {self.suit_text(s): s for s in range(len(self.suits))})

    def __len__(self) -> int:
        return self.size

    def suit_of(self, card: Card) -> Suit:
        """The suit index of a card (``len(suits)`` for a special card)."""
        return self.suit_table[card]

    def rank_of(self, card: Card) -> int:
        """The rank index of a card, 0 the lowest (copies share a rank)."""
        return self.rank_table[card]

    def text(self, card: Card) -> str:
        """The display text of a card, with Unicode suit symbols (``"10♥"``)."""
        return self._texts[card]

    @property
    def card_texts(self) -> tuple[str, ...]:
        """Every card's display text, by card id (a hot path's table)."""
        return self._texts

    def texts(self, mask: int) -> list[str]:
        """The display texts of a mask's cards, in card order."""
        texts = self._texts
        return [texts[card] for card in bits(mask)]

    def hand_texts(self, mask: int) -> list[str]:
        """A hand's texts as a player sorts it: suit by suit, high to low, specials last.

        >>> STANDARD.hand_texts(CardSet.parse(STANDARD, "2S AS KH 10C").mask)
        ['A♠', '2♠', 'K♥', '10♣']
        """
        texts = self._texts
        result = []
        for suit_mask in self.suit_masks:
            cards = mask & suit_mask
            while cards:
                card = cards.bit_length() - 1
                result.append(texts[card])
                cards ^= 1 << card
        return result

    def ascii(self, card: Card) -> str:
        """The card's text in letters only (``"10H"``)."""
        return self._ascii[card]

    def parse(self, text: str) -> Card:
        """Read one card: letters or symbols, any case; the first copy."""
        card = self._exact.get(text)
        if card is not None:
            return card
        key = text.strip().upper()
        for symbol, letter in _SYMBOL_LETTERS.items():
            key = key.replace(symbol, letter)
        if not self.suit_first and len(key) >= 2 and key[0] == "T":
            key = "10" + key[1:]
        try:
            return self._lookup[key]
        except KeyError:
            raise CardError(f"{text!r} is not a card of the {self.name} deck") from None

    def parse_many(self, text: str | Iterable[str], taken: int = 0) -> list[Card]:
        """Read several cards; repeated faces take the next copy not yet ``taken``.

        >>> PINOCHLE.parse_many("QS QS AH")
        [4, 5, 22]
        """
        words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        used = taken
        cards: list[Card] = []
        for word in words:
            card = self.parse(word)
            ascii_texts = self._ascii
            while (used >> card & 1 and card + 1 < self.size
                   and ascii_texts[card + 1] == ascii_texts[card]):
                card += 1
            if used >> card & 1:
                raise CardError(f"{word} appears more often than the {self.name} deck holds it")
            used |= 1 << card
            cards.append(card)
        return cards

    def suit_letter(self, suit: Suit) -> str:
        """The letter of a suit index (``"S"``)."""
        return self.suits[suit]

    def suit_text(self, suit: Suit) -> str:
        """A suit's display symbol or colour name (``"♠"``, ``"Red"``)."""
        letter = self.suits[suit]
        return SUIT_SYMBOLS.get(letter) or SUIT_NAMES[letter].capitalize()

    def parse_suit(self, text: str) -> Suit:
        """Read a suit by letter, symbol or name, any case.

        >>> ROOK.parse_suit("green"), STANDARD.parse_suit("♥")
        (1, 1)
        """
        suit = self._exact_suits.get(text)
        if suit is not None:
            return suit
        key = text.strip().upper()
        key = _SYMBOL_LETTERS.get(key, key)
        for index, letter in enumerate(self.suits):
            name = SUIT_NAMES[letter].upper()
            if key in (letter, name, name.removesuffix("S")):
                return index
        names = ", ".join(SUIT_NAMES[letter] for letter in self.suits)
        raise CardError(f"{text!r} is not a suit of the {self.name} deck ({names})")


def _ranks(*labels: str) -> tuple[str, ...]:
    return labels


ROOK = Deck("rook", "RGYB", tuple(str(n) for n in [*range(2, 15), 1]),
            specials=("Rook",), suit_first=True)
"""57 cards: four colours 1..14 (1 high, then 14 down to 2) and the Rook."""
PINOCHLE = Deck("pinochle", "SHDC", _ranks("9", "J", "Q", "K", "10", "A"), copies=2)
"""48 cards: two each of 9 J Q K 10 A (low to high) in four suits."""
STANDARD = Deck("standard", "SHDC", tuple([*map(str, range(2, 11)), "J", "Q", "K", "A"]))
"""52 cards, 2 low to A high."""
PIQUET = Deck("piquet", "SHDC", _ranks("7", "8", "9", "10", "J", "Q", "K", "A"))
"""32 cards, 7 low to A high."""
SIXTYSIX = Deck("sixtysix", "SHDC", _ranks("9", "J", "Q", "K", "10", "A"))
"""24 cards, 9 J Q K 10 A low to high."""


class CardSet:
    """A set of cards of one deck, kept as an int bitmask.

    >>> hand = CardSet.parse(STANDARD, "AS KS 2H")
    >>> len(hand), STANDARD.parse("KS") in hand, str(hand)
    (3, True, 'K♠ A♠ 2♥')
    >>> str(hand & CardSet.parse(STANDARD, "2H 3H"))
    '2♥'
    """

    __slots__ = ("deck", "mask")

    def __init__(self, deck: Deck, mask: int = 0) -> None:
        self.deck = deck
        self.mask = mask

    @classmethod
    def parse(cls, deck: Deck, text: str | Iterable[str]) -> CardSet:
        """Read cards separated by spaces or commas."""
        mask = 0
        for card in deck.parse_many(text):
            mask |= 1 << card
        return cls(deck, mask)

    @classmethod
    def of(cls, deck: Deck, cards: Iterable[Card]) -> CardSet:
        """The set of the given card ids."""
        mask = 0
        for card in cards:
            mask |= 1 << card
        return cls(deck, mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return bits(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def _other(self, other: CardSet | int) -> int:
        return other.mask if isinstance(other, CardSet) else other

    def __or__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.deck, self.mask | self._other(other))

    def __and__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.deck, self.mask & self._other(other))

    def __sub__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.deck, self.mask & ~self._other(other))

    def __xor__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.deck, self.mask ^ self._other(other))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and (self.deck, self.mask) == (other.deck, other.mask)

    def __hash__(self) -> int:
        return hash((self.deck.name, self.mask))

    def texts(self) -> list[str]:
        """Each card's display text, in card order."""
        return [self.deck.text(card) for card in bits(self.mask)]

    def __str__(self) -> str:
        return " ".join(self.texts())

    def __repr__(self) -> str:
        return f"CardSet.parse({self.deck.name.upper()}, {str(self)!r})"
