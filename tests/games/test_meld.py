"""Pinochle meld: a table of worked hands, counted by hand from RULES.md section 2.

Group A: run 15, double run 150, royal marriage 4, marriage 2, dix 1 each.
Group B: aces around 10/100, kings 8/80, queens 6/60, jacks 4/40.
Group C: pinochle (Q♠ + J♦) 4, double pinochle 30.
A card serves once per group but may serve in several groups; a run's K-Q is
not also a royal marriage. Every expected value below is worked out here.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tricktable.cards import PINOCHLE
from tricktable.games.meld import mask_of, meld, meld_total, meld_totals

SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}


# (hand, trump, total, the items as "name value" words) -- 12 cards each
WORKED = [
    # no meld at all
    ("9S JS 10S AH 10H JH 9D 10D AD JC 9C 10C", "H", 0, []),
    ("9S 9S 9H 9H 9D 9D 10S 10S 10H 10H 10D 10D", "C", 0, []),
    # runs: single, double, run plus a second royal marriage (19)
    ("AH 10H KH QH JH 9S 9D 9C JS JC 10S 10D", "H", 15, ["run 15"]),
    ("AH AH 10H 10H KH KH QH QH JH JH 9S 9D", "H", 150, ["double run 150"]),
    ("AH 10H KH KH QH QH JH 9S 9D 9C JS 10C", "H", 19, ["run 15", "royal marriage 4"]),
    ("KH KH QH QH 9S 9D 9C JS 10C 10S 10D JD", "H", 8,
     ["royal marriage 4", "royal marriage 4"]),
    # a run's K-Q is not a royal marriage too; a lone extra K or Q makes none
    ("AH 10H KH QH JH KH 9D 9C 10S 10D 10C JS", "H", 15, ["run 15"]),
    # run and marriages; kings and queens around missing clubs count nothing
    ("AS 10S KS QS JS KH QH KD QD 9C 9C 10C", "S", 19, ["run 15", "marriage 2", "marriage 2"]),
    ("KC KC QC QC 9S 10S 10H 10D 9H JH JS AS", "S", 5, ["marriage 2", "marriage 2", "dix 1"]),
    ("KH KH QH 9S 10S 10D 10C JC JS 9D 9C AS", "S", 3, ["marriage 2", "dix 1"]),
    # dix: one point each nine of trump, none for other nines
    ("9S 9S AH 10H JH JD 10D 9C 10C JC AC 10S", "S", 2, ["dix 1", "dix 1"]),
    ("9S 9S AH 10H JH JD 10D 9C 10C JC AC 10S", "C", 1, ["dix 1"]),
    ("9S 9S AH 10H JH JD 10D 9C 10C JC AC 10S", "H", 0, []),
    # arounds, single and double, and with one suit missing
    ("AS AH AD AC 9S JH 10D 10C JC 9H 10S 10H", "D", 10, ["aces around 10"]),
    ("AS AS AH AH AD AD AC AC 9S 10H JD 10C", "S", 101, ["double aces around 100", "dix 1"]),
    ("AS AH AD 10S 10H 10D 10C 9H JH JD JC 9S", "H", 1, ["dix 1"]),
    ("KS KH KD KC 9H JH 10H 10S 9D JC 10C JS", "H", 9, ["kings around 8", "dix 1"]),
    ("KS KS KH KH KD KD KC KC 9S 9H 9D 9C", "C", 81, ["double kings around 80", "dix 1"]),
    ("QS QH QD QC 9S 10H JH AS AD 10D JC 9C", "D", 6, ["queens around 6"]),
    ("QS QS QH QH QD QD QC QC 9S 10S AH 10D", "H", 60, ["double queens around 60"]),
    ("JS JH JD JC 9S 10S AH 10H 10D 9C 10C AS", "S", 5, ["jacks around 4", "dix 1"]),
    ("JS JS JH JH JD JD JC JC 10S 10H 10D 10C", "C", 40, ["double jacks around 40"]),
    ("AS AS AH AH AD AD AC AC KS KH KD KC", "H", 108, ["double aces around 100",
                                                       "kings around 8"]),
    # pinochle, single (also with two J♦ and one Q♠) and double
    ("QS JD 9H 10H AH 10S 10D 9C 10C AC JH 9D", "C", 5, ["pinochle 4", "dix 1"]),
    ("QS JD JD 10S 10H 10D 10C AS AH AD 9H 9H", "D", 4, ["pinochle 4"]),
    ("QS QS JD JD 9H 10H AH 10S 10D 10C AC 10H", "C", 30, ["double pinochle 30"]),
    # double pinochle with queens and jacks around sharing cards
    ("QS QS JD JD QH QD QC JS JH JC 10S 10H", "H", 40,
     ["queens around 6", "jacks around 4", "double pinochle 30"]),
    # one card in several groups: Q♠ royal and pinochle, J♦ run and pinochle
    ("KS QS JD 9S 10H AH 10D 9C 10C JC JH 9D", "S", 9, ["royal marriage 4", "dix 1",
                                                        "pinochle 4"]),
    ("AD 10D KD QD JD QS 9H 10H 9C 10C 10S 9S", "D", 19, ["run 15", "pinochle 4"]),
    ("AC 10C KC QC JC KS KH KD 9S 9H 10S 10H", "C", 23, ["run 15", "kings around 8"]),
    ("AH 10H KH QH JH KS KS KD KD KC KC KH", "H", 95, ["run 15", "double kings around 80"]),
    ("AH 10H KH JH QH QH QS QS QD QD QC QC", "H", 75, ["run 15", "double queens around 60"]),
    # marriages in every suit, with kings and queens around
    ("KS QS KH QH KD QD KC QC 9H 10S 10H 10D", "H", 25,
     ["royal marriage 4", "marriage 2", "marriage 2", "marriage 2", "kings around 8",
      "queens around 6", "dix 1"]),
    ("KS QS KH QH KD QD KC QC 9H 10S 10H 10D", "S", 24,
     ["royal marriage 4", "marriage 2", "marriage 2", "marriage 2", "kings around 8",
      "queens around 6"]),
    # the double run with double pinochle: the most one hand can meld
    ("AS AS 10S 10S KS KS QS QS JS JS JD JD", "S", 180, ["double run 150", "double pinochle 30"]),
]


@pytest.mark.parametrize(("hand", "trump", "total", "items"), WORKED,
                         ids=[f"{h[:14]}-{t}" for h, t, _, _ in WORKED])
def test_worked_hand(hand: str, trump: str, total: int, items: list[str]) -> None:
    assert len(hand.split()) == 12
    result = meld(mask_of(hand), SUITS[trump])
    assert Counter(f"{i.name} {i.value}" for i in result.items) == Counter(items)
    assert result.total == total == sum(int(word.split()[-1]) for word in items)
    assert meld_total(mask_of(hand), SUITS[trump]) == total


def test_the_table_has_at_least_thirty_hands() -> None:
    assert len(WORKED) >= 30


def test_meld_totals_gives_each_trump_in_suit_order() -> None:
    hand = mask_of("KS QS KH QH KD QD KC QC 9H 10S 10H 10D")
    assert meld_totals(hand) == (24, 25, 24, 24)


def test_item_cards_are_the_melded_cards() -> None:
    result = meld(mask_of("AH 10H KH KH QH QH JH 9S 9D 9C JS 10C"), SUITS["H"])
    run, royal = result.items
    assert run.texts() == ["A♥", "10♥", "K♥", "Q♥", "J♥"]
    assert royal.texts() == ["K♥", "Q♥"]
    assert set(run.cards).isdisjoint(royal.cards), "a card serves once in its group"


def test_shown_cards_are_every_card_used_once_each() -> None:
    hand = mask_of("QS JD JD 10S 10H 10D 10C AS AH AD 9H 9H")
    result = meld(hand, SUITS["D"])
    shown = [PINOCHLE.text(card) for card in range(len(PINOCHLE)) if result.shown >> card & 1]
    assert shown == ["Q♠", "J♦"]
    assert result.shown & hand == result.shown
    first_jack = PINOCHLE.parse("JD")
    assert result.shown >> first_jack & 1, "of two copies, the lower id is shown"


def test_cards_shared_across_groups_are_shown_once() -> None:
    hand = mask_of("QS QS JD JD QH QD QC JS JH JC 10S 10H")
    result = meld(hand, SUITS["H"])
    assert result.shown.bit_count() == 10  # Q♠ Q♠ J♦ J♦ + Q♥ Q♦ Q♣ + J♠ J♥ J♣
