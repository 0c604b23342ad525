"""Cards, decks and their notation; CardSet behaves like a set."""

from __future__ import annotations

from collections import Counter

import pytest

from tricktable import CardSet
from tricktable.cards import (
    PINOCHLE,
    PIQUET,
    ROOK,
    SIXTYSIX,
    STANDARD,
    CardError,
    Deck,
    bits,
    highest,
    lowest,
)

DECKS = [ROOK, PINOCHLE, STANDARD, PIQUET, SIXTYSIX]
SYMBOL_DECKS = [PINOCHLE, STANDARD, PIQUET, SIXTYSIX]
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
deck_ids = [deck.name for deck in DECKS]


@pytest.mark.parametrize(("deck", "size", "copies", "faces"), [
    (ROOK, 57, 1, [f"{c}{n}" for c in "RGYB" for n in range(1, 15)] + ["Rook"]),
    (PINOCHLE, 48, 2, [f"{r}{s}" for s in "SHDC" for r in ("9", "J", "Q", "K", "10", "A")]),
    (STANDARD, 52, 1, [f"{r}{s}" for s in "SHDC" for r in [*map(str, range(2, 11)), *"JQKA"]]),
    (PIQUET, 32, 1, [f"{r}{s}" for s in "SHDC" for r in ["7", "8", "9", "10", *"JQKA"]]),
    (SIXTYSIX, 24, 1, [f"{r}{s}" for s in "SHDC" for r in ("9", "J", "Q", "K", "10", "A")]),
], ids=deck_ids)
def test_each_deck_holds_its_cards(deck: Deck, size: int, copies: int, faces: list[str]) -> None:
    assert len(deck) == size == deck.size
    counts = Counter(deck.ascii(card) for card in range(len(deck)))
    assert counts == Counter({face: copies for face in faces})
    assert deck.full == (1 << size) - 1


@pytest.mark.parametrize("deck", DECKS, ids=deck_ids)
def test_every_card_text_reads_back_in_any_case(deck: Deck) -> None:
    for card in range(len(deck)):
        first_copy = deck.parse(deck.text(card))
        assert deck.text(first_copy) == deck.text(card)
        assert card - first_copy < deck.copies
        for text in (deck.text(card), deck.ascii(card)):
            for variant in (text, text.lower(), text.upper(), f"  {text} "):
                assert deck.parse(variant) == first_copy, variant


@pytest.mark.parametrize("deck", SYMBOL_DECKS, ids=[d.name for d in SYMBOL_DECKS])
def test_suits_print_as_symbols_and_read_as_letters_or_symbols(deck: Deck) -> None:
    for card in range(len(deck)):
        letters, fancy = deck.ascii(card), deck.text(card)
        suit = letters[-1]
        assert fancy == letters[:-1] + SYMBOLS[suit]
        assert not any(letter in fancy for letter in "SHDC")
        assert deck.parse(letters[:-1] + SYMBOLS[suit].lower()) == deck.parse(letters)


def test_rook_notation() -> None:
    assert ROOK.text(ROOK.parse("R14")) == "R14"
    assert ROOK.text(ROOK.parse("g1")) == "G1"
    assert ROOK.text(ROOK.parse("rook")) == ROOK.text(ROOK.parse("ROOK")) == "Rook"
    assert ROOK.suit_of(ROOK.parse("Rook")) == 4, "the Rook is in a suit of its own"
    for colour in range(4):
        assert ROOK.suit_text(colour) == ["Red", "Green", "Yellow", "Black"][colour]


def test_standard_notation() -> None:
    assert STANDARD.text(STANDARD.parse("AS")) == "A♠"
    assert STANDARD.text(STANDARD.parse("10H")) == "10♥"
    assert STANDARD.text(STANDARD.parse("10h")) == "10♥"
    assert STANDARD.text(STANDARD.parse("th")) == "10♥"
    assert STANDARD.text(STANDARD.parse("Q♠")) == "Q♠"
    assert STANDARD.text(STANDARD.parse("q♠")) == "Q♠"
    assert STANDARD.ascii(STANDARD.parse("QS")) == "QS"


@pytest.mark.parametrize(("deck", "text"), [
    (ROOK, "R15"), (ROOK, "R0"), (ROOK, "bird"), (ROOK, "AS"), (STANDARD, "1S"),
    (STANDARD, "R14"), (PIQUET, "6S"), (SIXTYSIX, "8H"), (PINOCHLE, "2C"), (STANDARD, ""),
    (STANDARD, "A S"),
])
def test_unknown_cards_are_refused_naming_the_deck(deck: Deck, text: str) -> None:
    with pytest.raises(CardError) as error:
        deck.parse(text)
    assert f"is not a card of the {deck.name} deck" in str(error.value)
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize("deck", DECKS, ids=deck_ids)
def test_decks_are_suit_major_with_higher_ids_for_higher_ranks(deck: Deck) -> None:
    suits = len(deck.suits)
    masks = deck.suit_masks[:suits]
    union = 0
    for suit, mask in enumerate(masks):
        cards = list(bits(mask))
        assert cards == list(range(cards[0], cards[-1] + 1)), "a suit is a contiguous range"
        assert all(deck.suit_of(card) == suit for card in cards)
        ranks = [deck.rank_of(card) for card in cards]
        assert ranks == sorted(ranks) and ranks[-1] == len(deck.ranks) - 1
        assert union & mask == 0
        union |= mask
    assert union | deck.suit_masks[suits] == deck.full


def test_rank_order_within_a_suit() -> None:
    assert [ROOK.text(c) for c in bits(ROOK.suit_masks[0])] == [
        "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R1"]
    assert [STANDARD.ascii(c) for c in bits(STANDARD.suit_masks[1])][-4:] == [
        "JH", "QH", "KH", "AH"]
    assert [SIXTYSIX.ascii(c) for c in bits(SIXTYSIX.suit_masks[0])] == [
        "9S", "JS", "QS", "KS", "10S", "AS"]
    assert highest(STANDARD.suit_masks[0]) == STANDARD.parse("AS")
    assert lowest(STANDARD.suit_masks[0]) == STANDARD.parse("2S")


def test_pinochle_reads_repeated_faces_as_the_two_copies() -> None:
    first, second = PINOCHLE.parse_many("QS QS")
    assert first != second and PINOCHLE.text(first) == PINOCHLE.text(second) == "Q♠"
    with pytest.raises(CardError, match="appears more often than the pinochle deck holds it"):
        PINOCHLE.parse_many("QS q♠ QS")
    with pytest.raises(CardError, match="appears more often than the standard deck holds it"):
        STANDARD.parse_many(["AS", "as"])


def test_suits_read_by_letter_symbol_or_name() -> None:
    assert ROOK.parse_suit("green") == ROOK.parse_suit("G") == ROOK.parse_suit("Green") == 1
    assert STANDARD.parse_suit("♥") == STANDARD.parse_suit("hearts") == 1
    assert STANDARD.parse_suit("heart") == STANDARD.parse_suit("h") == 1
    with pytest.raises(CardError, match="is not a suit of the rook deck"):
        ROOK.parse_suit("purple")


# -- CardSet -------------------------------------------------------------------


def test_cardset_acts_like_a_set() -> None:
    hand = CardSet.parse(STANDARD, "AS KS 2H")
    other = CardSet.parse(STANDARD, "2H 3H")
    ace, two, three = (STANDARD.parse(text) for text in ("AS", "2H", "3H"))
    assert len(hand) == 3 and ace in hand and three not in hand
    assert "AS" not in hand and -1 not in hand and None not in hand
    assert set(hand | other) == set(hand) | set(other)
    assert set(hand & other) == {two}
    assert set(hand - other) == set(hand) - {two}
    assert set(hand ^ other) == set(hand) ^ set(other)
    assert list(hand) == sorted(hand)
    assert bool(hand) and not CardSet(STANDARD)
    assert hand == CardSet.of(STANDARD, [two, ace, STANDARD.parse("KS")])
    assert hand != other and hand != set(hand)
    assert hash(hand) == hash(CardSet.parse(STANDARD, "2h ks a♠"))
    assert len({hand, CardSet.parse(STANDARD, "AS KS 2H"), other}) == 2
    assert (hand | other.mask) == hand | other


def test_cardset_text_and_repr() -> None:
    hand = CardSet.parse(STANDARD, "AS KS 2H")
    assert str(hand) == "K♠ A♠ 2♥" and hand.texts() == ["K♠", "A♠", "2♥"]
    assert repr(hand) == "CardSet.parse(STANDARD, 'K♠ A♠ 2♥')"


@pytest.mark.parametrize("deck", DECKS, ids=deck_ids)
def test_cardset_repr_round_trips(deck: Deck) -> None:
    """Pasting a repr back gives the same set (the same faces, for two-copy decks).

    Text cannot tell Pinochle's two copies apart: a set holding only a
    face's second copy reads back as its first copy, equal in play.
    """
    namespace = {"CardSet": CardSet, "ROOK": ROOK, "PINOCHLE": PINOCHLE, "STANDARD": STANDARD,
                 "PIQUET": PIQUET, "SIXTYSIX": SIXTYSIX}
    for cards in (CardSet(deck), CardSet(deck, deck.full), CardSet(deck, deck.full & 0b1011011)):
        again = eval(repr(cards), namespace)
        assert isinstance(again, CardSet) and str(again) == str(cards)
        if deck.copies == 1:
            assert again == cards


def test_bits_highest_lowest() -> None:
    assert list(bits(0)) == [] and list(bits(0b10110)) == [1, 2, 4]
    assert highest(0b10110) == 4 and lowest(0b10110) == 1
