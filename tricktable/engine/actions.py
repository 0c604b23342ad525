"""Actions: a fixed, numbered table per game, each action with its text.

Every game lists all the actions it can ever take (bid 70..200, play each
card, ...) once, so ``legal_actions()`` hands out shared objects and research
adapters get a fixed action space of ``len(table)`` ids.

>>> from tricktable.cards import ROOK
>>> table = ActionTable(ROOK, [("bid", "number", range(70, 205, 5)), ("pass", "none", [None]),
...                            ("play", "card", range(len(ROOK)))])
>>> table.parse("play r14")
Action(id=40, kind='play', arg=12, text='play R14')
>>> table.parse("Bid 75") == table.get("bid", 75)
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from tricktable.cards import CardError, Deck


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its number in the game's table, kind, argument and text."""

    id: int
    kind: str  # "bid", "pass", "play", "discard", "trump", ...
    arg: int | None  # a card, a number or a suit index, as the kind says
    text: str = field(compare=False)

    def __str__(self) -> str:
        return self.text


ArgType = str  # "none", "card", "number" or "suit"


def card_actions(mask: int, by_card: Sequence[Action]) -> list[Action]:
    """The actions ``by_card[c]`` for each card ``c`` in ``mask``, lowest card first.

    ``by_card`` is a fixed sequence (a module's table); the lookup goes
    through its :class:`CardActions`, made once per sequence.

    >>> acts = [Action(c, "play", c, f"play {c}") for c in range(12)]
    >>> [a.text for a in card_actions(0b1010_0000_1010, acts)]
    ['play 1', 'play 3', 'play 9', 'play 11']
    """
    lister = _LISTERS.get(id(by_card))
    if lister is None or lister.by_card is not by_card:
        lister = _LISTERS[id(by_card)] = CardActions(by_card)
    return lister.actions(mask)


class CardActions:
    """One action per card, looked up by mask (the hot path of every game's play phase).

    A mask seen before is one dict lookup (the cache holds at most
    :data:`CACHE_LIMIT` masks, then starts again); a new one is put together
    from tables of each byte's 256 values. ``base`` is the id of the action of
    card 0 where the actions' ids are consecutive (``mask << base`` is then the
    mask of their ids), else -1; :meth:`offer` gives the ids' mask either way,
    which a game offers to ``apply`` (``GameState._offered``).

    >>> acts = CardActions([Action(5 + c, "play", c, f"play {c}") for c in range(12)])
    >>> [a.text for a in acts.actions(0b1000_0000_0110)], acts.base
    (['play 1', 'play 2', 'play 11'], 5)
    >>> found, ids = acts.offer(0b110)
    >>> [a.text for a in found], bin(ids)
    (['play 1', 'play 2'], '0b11000000')
    """

    __slots__ = ("_bytes", "_ids", "base", "by_card", "cache")

    def __init__(self, by_card: Sequence[Action]) -> None:
        self.by_card = by_card
        first = by_card[0].id if by_card else 0
        consecutive = all(action.id == first + card for card, action in enumerate(by_card))
        self.base = first if consecutive else -1
        self.cache: dict[int, tuple[Action, ...]] = {}  # mask -> its actions
        self._ids: dict[int, int] = {}  # mask -> its actions' ids (where base is -1)
        size = len(by_card)
        self._bytes = [[tuple(by_card[base + bit] for bit in range(min(8, size - base))
                              if value >> bit & 1) for value in range(256)]
                       for base in range(0, size, 8)]

    def actions(self, mask: int) -> list[Action]:
        """A new list of the actions of the cards in ``mask``, lowest card first."""
        known = self.cache.get(mask)
        if known is None:
            found: list[Action] = []
            rest = mask
            for table in self._bytes:
                if not rest:
                    break
                if rest & 255:
                    found += table[rest & 255]
                rest >>= 8
            cache = self.cache
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            known = cache[mask] = tuple(found)
        return [*known]

    def offer(self, mask: int) -> tuple[list[Action], int]:
        """:meth:`actions` of ``mask`` and the mask of their ids."""
        found = self.actions(mask)
        if self.base >= 0:
            return found, mask << self.base
        ids = self._ids.get(mask)
        if ids is None:
            if len(self._ids) >= CACHE_LIMIT:
                self._ids.clear()
            ids = self._ids[mask] = ids_mask(found)
        return found, ids


def ids_mask(actions: Iterable[Action]) -> int:
    """The mask of the actions' ids: what a game offers ``apply`` (``GameState._offered``).

    >>> ids_mask([Action(0, "pass", None, "pass"), Action(3, "bid", 75, "bid 75")])
    9
    """
    return sum({1 << action.id for action in actions})


def suffix_offers(head: Sequence[Action], actions: Sequence[Action]
                  ) -> list[tuple[tuple[Action, ...], int]]:
    """Per index ``k``, ``head`` and ``actions[k:]`` with the mask of their ids: an auction's
    offers, where each bid leaves only the bids after it (``k`` up to ``len(actions)``).

    >>> offers = suffix_offers([Action(0, "pass", None, "pass")],
    ...                        [Action(1 + b, "bid", b, f"bid {b}") for b in range(3)])
    >>> [a.text for a in offers[2][0]], offers[2][1], len(offers)
    (['pass', 'bid 2'], 9, 4)
    """
    return [((*head, *actions[k:]), ids_mask([*head, *actions[k:]]))
            for k in range(len(actions) + 1)]


CACHE_LIMIT = 50_000
"""Masks each :class:`CardActions` remembers (a few MB at most)."""

_LISTERS: dict[int, CardActions] = {}


class ActionTable:
    """All actions of a game, by id and by (kind, argument), with a parser."""

    def __init__(self, deck: Deck, spec: Sequence[tuple[str, ArgType, Iterable[int | None]]]):
        self.deck = deck
        self.arg_types: dict[str, ArgType] = {}
        self.actions: list[Action] = []
        self._by_key: dict[tuple[str, int | None], Action] = {}
        for kind, arg_type, values in spec:
            self.arg_types[kind] = arg_type
            for value in values:
                action = Action(len(self.actions), kind, value, self._text(kind, arg_type, value))
                self.actions.append(action)
                self._by_key[kind, value] = action

    def _text(self, kind: str, arg_type: ArgType, value: int | None) -> str:
        if arg_type == "none" or value is None:
            return kind
        if arg_type == "card":
            return f"{kind} {self.deck.text(value)}"
        if arg_type == "suit":
            return f"{kind} {self.deck.suit_text(value)}"
        return f"{kind} {value}"

    def __len__(self) -> int:
        return len(self.actions)

    def get(self, kind: str, arg: int | None = None) -> Action:
        """The action of this kind and argument."""
        return self._by_key[kind, arg]

    def kind_index(self, kind: str) -> dict[int | None, Action]:
        """Every action of one kind by its argument (a fast lookup for hot paths)."""
        return {arg: a for (k, arg), a in self._by_key.items() if k == kind}

    def usage(self, kinds: Collection[str] | None = None) -> str:
        """The action forms, for error messages: ``bid N, pass, play CARD`` (of ``kinds``
        only, when given)."""
        words = {"none": "", "card": " CARD", "number": " N", "suit": " SUIT"}
        return ", ".join(kind + words[t] for kind, t in self.arg_types.items()
                         if kinds is None or kind in kinds)

    def parse(self, text: str) -> Action:
        """Read an action's text; raise :class:`IllegalAction` naming what is wrong."""
        kind, _, rest = text.strip().partition(" ")
        kind = kind.lower()
        arg_type = self.arg_types.get(kind)
        if arg_type is None:
            raise IllegalAction(f"unknown action {text!r}; actions are: {self.usage()}")
        rest = rest.strip()
        try:
            arg: int | None
            if arg_type == "none":
                if rest:
                    raise IllegalAction(f"{kind!r} takes nothing after it")
                arg = None
            elif not rest:
                raise IllegalAction(f"{kind!r} needs a {arg_type}")
            elif arg_type == "card":
                arg = self.deck.parse(rest)
            elif arg_type == "suit":
                arg = self.deck.parse_suit(rest)
            else:
                arg = _whole_number(kind, rest)
        except (CardError, ValueError) as error:
            if isinstance(error, IllegalAction):
                raise
            raise IllegalAction(f"cannot read {text!r}: {error}") from None
        action = self._by_key.get((kind, arg))
        if action is None:
            if arg_type == "number":
                values = sorted(a for (k, a) in self._by_key if k == kind and a is not None)
                step = values[1] - values[0] if len(values) > 1 else 1
                raise IllegalAction(f"a {kind} is {values[0]} to {values[-1]} in steps of {step}")
            raise IllegalAction(f"{text!r} is never a legal {kind} in this game")
        return action


def _whole_number(kind: str, text: str) -> int:
    """``text`` read as the whole number an action of ``kind`` takes."""
    try:
        return int(text)
    except ValueError:
        raise IllegalAction(f"{kind!r} needs a whole number, not {text!r}") from None
