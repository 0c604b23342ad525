"""Sixty-Six's options and the rule sets built from them: the seed's game, Schnapsen, Santase.

Each option is one rule that differs between the tables (docs/rules-sixtysix.md,
"Options and rule sets"); a rule set is a named set of options (:data:`PRESETS`).
:class:`Layout` is what the deck option changes: the cards in play, the hand
size, the packets of the deal and the trump card that is exchanged.

>>> SixtySixRules.from_options({"preset": "schnapsen"}) == SixtySixRules.from_options(SCHNAPSEN)
True
>>> layout_of(SixtySixRules(short_deck=True))
Layout(hand_size=5, packets=(3, 3, 2, 2), stock=9, low_rank=1, low_name='jack')
>>> SixtySixRules(played_out="first")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.engine.rules.OptionError: option 'played_out' must be one of carry, last_trick, not ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tricktable.engine.rules import Preset, Rules, option

NINE, JACK = 0, 1  # ranks (see tricktable.games.sixtysix)


SCHNAPSEN: dict[str, Any] = {
    "short_deck": True, "announce": True, "strict_follow": True, "played_out": "last_trick",
    "last_trick": 0, "target": 7}
"""Austrian Schnapsen: 20 cards, announce 66, follow strictly once the stock is gone, the
last trick wins a played-out hand (and counts no 10), game to 7."""

SANTASE: dict[str, Any] = {
    "announce": True, "strict_follow": True, "played_out": "last_trick",
    "marriage_needs_trick": True, "target": 11}
"""Bulgarian Santase: 24 cards, announce 66, marriages only after a won trick, follow
strictly once the stock is gone, the last trick (10) wins a played-out hand, game to 11."""


@dataclass(frozen=True)
class SixtySixRules(Rules):
    """Sixty-Six's options (RULES.md section 4; the rule sets in docs/rules-sixtysix.md)."""

    target: int = option(7, "game points that win the game", minimum=1, maximum=35)
    strict_follow: bool = option(
        False, "once the stock is gone, also win the trick if possible and trump when void"
    )
    short_deck: bool = option(
        False, "20 cards without the nines: five-card hands, the trump jack exchanged (Schnapsen)")
    announce: bool = option(
        False, "66 is announced by the player (announce): points and taken cards are not shown, "
               "and a wrong announcement loses the hand")
    played_out: str = option(
        "carry", "a hand played out with no one out: carry (1 game point to the next hand's "
                 "winner) or last_trick (the winner of the last trick wins it)",
        choices=("carry", "last_trick"))
    last_trick: int = option(
        10, "points for the last trick when the stock was played out", minimum=0, maximum=10)
    marriage_needs_trick: bool = option(
        False, "a marriage may be announced only by a player who has won a trick (Santase)")

    presets: ClassVar[tuple[Preset, ...]] = (
        Preset("schnapsen", "Schnapsen (Austria): 20 cards, announce 66, strict play after "
                            "the stock, the last trick wins a played-out hand", SCHNAPSEN),
        Preset("santase", "Santase (Bulgaria): announce 66, marriages after a trick, strict "
                          "play after the stock, game to 11", SANTASE),
    )


PRESETS = SixtySixRules.presets
"""The named rule sets (option ``preset``)."""


@dataclass(frozen=True)
class Layout:
    """What the deck option sets: hand size, packets dealt (alternately, the non-dealer
    first), the stock (the turned-up card not counted) and the trump that is exchanged."""

    hand_size: int
    packets: tuple[int, ...]
    stock: int
    low_rank: int
    low_name: str


FULL = Layout(hand_size=6, packets=(3, 3, 3, 3), stock=11, low_rank=NINE, low_name="nine")
SHORT = Layout(hand_size=5, packets=(3, 3, 2, 2), stock=9, low_rank=JACK, low_name="jack")


def layout_of(rules: SixtySixRules) -> Layout:
    """The layout of a game with these rules."""
    return SHORT if rules.short_deck else FULL
