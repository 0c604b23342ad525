"""Play specs: a hand's trick-play rules as flat int tables, what the trick-play core
(:mod:`tricktable.engine.play`) runs and the double-dummy solver compiles.

>>> from tricktable.cards import STANDARD
>>> spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
>>> hand = 0b11 | 1 << 20  # two spades (cards 0 and 1) and a heart (card 20)
>>> spec.legal(1, hand, 30, spec.key(0, 30, 30)) == hand  # void in the led diamonds: any
True
>>> spec.legal(1, hand, 13, spec.key(0, 13, 13)) == 1 << 20  # hearts led: the heart
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tricktable.cards import Card, Deck, Seat

FOLLOW = 1  # play a card that follows the lead if you hold one
HEAD = 2  # of the cards you must play, one that beats the trick's winning card if you can
TRUMP = 4  # unable to follow, play a trump if you hold one
OVERTRUMP = 8  # trumping, beat the trick's winning trump if you can
TRUMP_BASE = 100
"""A trump's key is ``TRUMP_BASE + rank``; a card that follows the lead ``1 + rank``;
any other card 0: it cannot win the trick."""

@dataclass(frozen=True, slots=True)
class PlaySpec:
    """A hand's trick-play rules as flat int tables: what the core runs and the solver compiles.

    ``follows[c]`` is the mask of the cards that follow a trick led with ``c``
    (its suit; Rook's bird with the trumps); ``trumps[seat]`` the cards that
    are trumps when ``seat`` plays them (Notrump's sides have their own).
    A card's key decides the trick: :data:`TRUMP_BASE` plus its rank for a
    trump, 1 plus its rank if it follows the lead, else 0; the first card of
    the highest key wins. ``duty`` combines :data:`FOLLOW`, :data:`HEAD`,
    :data:`TRUMP` and :data:`OVERTRUMP`. ``calls[seat]`` are the cards the
    seat may play with a call that makes their suit its side's trump
    (Notrump's markers), and ``markers[seat]`` the one card (-1: none) whose
    plain play ends that seat's right to call. ``sits_out`` is a seat that plays
    no card this hand: the others play tricks of one card fewer, in turn around it.
    A game replaces its spec when the rules change in the hand (a trump named, a
    stock closed, a trump called).

    >>> from tricktable.cards import STANDARD
    >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
    >>> spec.key(0, 12, 25) > spec.key(0, 25, 25)  # the ace of trumps beats the led ace
    True
    """

    players: int
    side_of: tuple[int, ...]  # each seat's side
    follows: tuple[int, ...]  # per card: the cards that follow a trick it leads
    rank: tuple[int, ...]  # per card: its strength in its suit (copies of a card equal)
    trumps: tuple[int, ...]  # per seat: the cards that are trumps for that seat
    points: tuple[int, ...]  # per card: what it is worth to the side that takes it
    tricks: int  # tricks in a whole hand (the last one earns ``last_bonus``)
    duty: int = FOLLOW
    last_bonus: int = 0  # points to the side that takes the hand's last trick
    calls: tuple[int, ...] = ()  # per seat: cards it may play with a call of their suit
    markers: tuple[int, ...] = ()  # per seat: the card whose plain play ends its calls
    suit_masks: tuple[int, ...] = ()  # the deck's suits (what a call makes trump)
    most_tricks_bonus: int = 0  # points, at the hand's end, to the side with more tricks ...
    bonus_side: int = 0  # ... this side on a tie (Rook's 20 for most cards: the bidders)
    sits_out: int = -1  # a seat that plays no card this hand (Rook's low boy partner); -1: none
    # per seat, the seat that plays after it (around ``sits_out``); the cards of a trick
    next_seat: tuple[int, ...] = field(init=False, default=(), repr=False, compare=False)
    trick_size: int = field(init=False, default=0, repr=False, compare=False)
    # per rank from the lowest, the cards of that rank or higher (made on first use)
    _at_least: tuple[int, ...] = field(init=False, default=(), repr=False, compare=False)
    _low_rank: int = field(init=False, default=0, repr=False, compare=False)
    _across: int = field(init=False, default=-1, repr=False, compare=False)  # trumps_across

    def __post_init__(self) -> None:
        players, out = self.players, self.sits_out
        following = [(seat + 1) % players for seat in range(players)]
        following = [(after + 1) % players if after == out else after for after in following]
        object.__setattr__(self, "next_seat", tuple(following))
        object.__setattr__(self, "trick_size", players - (out >= 0))

    def key(self, seat: Seat, card: Card, lead: Card) -> int:
        """How strongly ``card`` played by ``seat`` bids for a trick led with ``lead``."""
        if self.trumps[seat] >> card & 1:
            return TRUMP_BASE + self.rank[card]
        if self.follows[lead] >> card & 1:
            return 1 + self.rank[card]
        return 0

    def beating(self, seat: Seat, mask: int, lead: Card, to_beat: int) -> int:
        """The cards of ``mask`` that would head a trick whose winning key is ``to_beat``:
        those whose :meth:`key` is higher, found with rank masks (a hot path)."""
        at_least = self._at_least or self._rank_masks()
        low, top = self._low_rank, len(at_least) - 1
        trumps = self.trumps[seat]
        # a trump beats with a rank of at least this; a card that follows, of at least to_beat
        trump_rank = to_beat - TRUMP_BASE + 1 - low
        result = trumps & at_least[0 if trump_rank < 0 else min(trump_rank, top)]
        if to_beat < TRUMP_BASE:
            follow_rank = to_beat - low
            followers = self.follows[lead] & ~trumps
            result |= followers & at_least[0 if follow_rank < 0 else min(follow_rank, top)]
            if to_beat < 0:  # nothing to beat yet: any card
                result |= ~(trumps | followers)
        return mask & result

    def _rank_masks(self) -> tuple[int, ...]:
        """``_at_least[i]``: the cards of rank ``_low_rank + i`` or higher (the last: none)."""
        known = _RANK_MASKS.get(self.rank)
        if known is None:
            ranks = self.rank
            low = min(ranks, default=0)
            at_least = [0] * (max(ranks, default=0) - low + 2)
            for card, rank in enumerate(ranks):
                at_least[rank - low] |= 1 << card
            for index in range(len(at_least) - 2, -1, -1):
                at_least[index] |= at_least[index + 1]
            known = _RANK_MASKS[ranks] = (tuple(at_least), low)
        object.__setattr__(self, "_at_least", known[0])
        object.__setattr__(self, "_low_rank", known[1])
        return known[0]

    def tiers(self, seat: Seat, lead: Card, win_key: int) -> list[int]:
        """The cards the duty prefers, best first, as masks over the whole deck: a seat
        plays from the first tier it holds a card of, so a card from a later tier shows
        that it holds none of the earlier ones."""
        duty = self.duty
        tiers: list[int] = []
        if duty & FOLLOW:
            led = self.follows[lead]
            if duty & HEAD:
                tiers.append(self.beating(seat, led, lead, win_key))
            tiers.append(led)
            trumps = self.trumps[seat] & ~led
            if duty & TRUMP and trumps:
                if duty & OVERTRUMP:
                    tiers.append(self.beating(seat, trumps, lead, win_key))
                tiers.append(trumps)
        return tiers

    def legal(self, seat: Seat, hand: int, lead: Card | None, win_key: int) -> int:
        """The cards of ``hand`` that ``seat`` may play (``lead`` None: it leads)."""
        if lead is None or not self.duty:
            return hand
        led = hand & self.follows[lead]
        if led:
            if self.duty & HEAD:
                return self.beating(seat, led, lead, win_key) or led
            return led
        if self.duty & TRUMP:
            trumps = hand & self.trumps[seat]
            if trumps:
                if self.duty & OVERTRUMP:
                    return self.beating(seat, trumps, lead, win_key) or trumps
                return trumps
        return hand

    def lacks(self, seat: Seat, card: Card, lead: Card, win_key: int) -> int:
        """The cards that playing ``card`` to a trick led with ``lead`` shows ``seat`` lacks."""
        shown = 0
        for tier in self.tiers(seat, lead, win_key):
            if tier >> card & 1:
                break
            shown |= tier
        return shown

    def trumps_across(self) -> int:
        """The cards that may meet a trump of another suit in a trick: every seat's trumps
        and the cards it may call with, where those span more than one follow class
        (Notrump's teams). Trumps compare by rank across suits, so two such cards of one
        suit can play unlike each other though no card of their suit lies between them:
        the solvers never count them as equivalent.

        >>> from tricktable.cards import STANDARD
        >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
        >>> spec.trumps_across()  # one trump suit for every seat
        0
        >>> hearts = STANDARD.suit_masks[1]
        >>> replace(spec, trumps=(spec.trumps[0], hearts) * 2).trumps_across() == (
        ...     spec.trumps[0] | hearts)
        True
        """
        if self._across >= 0:
            return self._across
        cards = 0
        for mask in (*self.trumps, *self.calls):
            cards |= mask
        if cards and all(self.follows[card] & cards == cards
                         for card in range(len(self.follows)) if cards >> card & 1):
            cards = 0
        object.__setattr__(self, "_across", cards)
        return cards

    def with_trump(self, side: int, suit_mask: int) -> PlaySpec:
        """This spec once ``side`` has ``suit_mask`` as its trumps (a call): its calls end."""
        trumps = tuple(suit_mask if self.side_of[s] == side else t
                       for s, t in enumerate(self.trumps))
        calls = tuple(0 if self.side_of[s] == side else c for s, c in enumerate(self.calls))
        markers = tuple(-1 if self.side_of[s] == side else m for s, m in enumerate(self.markers))
        return replace(self, trumps=trumps, calls=calls, markers=markers)


def spec_with(spec: PlaySpec, **changes: Any) -> PlaySpec:
    """``dataclasses.replace(spec, **changes)``, made once per spec and changes and then
    shared (a spec is frozen): naming trump each hand costs a lookup, not a new spec.

    >>> from tricktable.cards import STANDARD
    >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=0)
    >>> spec_with(spec, last_bonus=10) is spec_with(spec, last_bonus=10)
    True
    """
    key = (id(spec), *changes.items())
    known = _DERIVED.get(key)
    if known is None or known[0] is not spec:
        known = _DERIVED[key] = (spec, replace(spec, **changes))
    return known[1]


_DERIVED: dict[tuple[Any, ...], tuple[PlaySpec, PlaySpec]] = {}
"""Per spec (by identity, which the entry keeps alive) and changes: the changed spec."""

_RANK_MASKS: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
"""Per rank table: its ``_at_least`` masks and lowest rank (specs share rank tables)."""


def plain_spec(deck: Deck, players: int, sides: int, trump: int | None,
               points: tuple[int, ...] | None = None, duty: int = FOLLOW,
               last_bonus: int = 0, tricks: int | None = None) -> PlaySpec:
    """The spec of plain tricks in ``deck``: follow suit, ``trump`` (a suit or None) over all.

    Seats alternate between ``sides`` (two partnerships of four; each seat alone
    when ``sides == players``).

    >>> from tricktable.cards import STANDARD
    >>> spec = plain_spec(STANDARD, players=4, sides=2, trump=None)
    >>> spec.legal(1, 0b11 | 1 << 20, 5, spec.key(0, 5, 5)) == 0b11  # follow the spade lead
    True
    """
    suit_masks = deck.suit_masks[:len(deck.suits)]
    follows = tuple(deck.suit_masks[deck.suit_of(card)] for card in range(len(deck)))
    trump_mask = 0 if trump is None else suit_masks[trump]
    return PlaySpec(
        players=players, side_of=tuple(seat % sides for seat in range(players)),
        follows=follows, rank=tuple(deck.rank_of(card) for card in range(len(deck))),
        trumps=(trump_mask,) * players, points=points or (0,) * len(deck),
        tricks=tricks or len(deck) // players, duty=duty, last_bonus=last_bonus,
        suit_masks=tuple(suit_masks))


def key_tables(suit_of: Sequence[int], rank_of: Sequence[int], trumps: int, suits: int,
               trump_base: int) -> list[list[list[int]]]:
    """Each card's key per trump and led suit (``[trump][led][card]``): a trump
    ``trump_base`` + its rank, the led suit 1 + its rank, any other card 0 (it cannot win).

    >>> key_tables([0, 0, 1], [0, 1, 0], trumps=2, suits=2, trump_base=11)[1][0]
    [1, 2, 11]
    """
    return [[[trump_base + rank if suit == trump else 1 + rank if suit == led else 0
              for suit, rank in zip(suit_of, rank_of, strict=True)]
             for led in range(suits)] for trump in range(trumps)]


Trick = tuple[list[Card], list["Seat | None"], "Seat | None"]
"""A finished trick: its cards in the order played, who played each, and who won it."""


def lowest_in(mask: int) -> Card:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1
