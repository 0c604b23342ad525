"""The table as one seat sees it, for every game: scores, contract, extras, tricks, hand.

The screen reads the keys every game's view shares (``scores``, ``tricks``,
``bids``, ``declarer``/``bidder``, ``contract``/``bid``, ``trump``, ``trick``,
``last_trick``, ``hand``) and then the lines the game declares in its
``display`` (see :mod:`tricktable.cli.display`). It never names a game.

>>> import io, tricktable
>>> from rich.console import Console
>>> game = tricktable.new_game("rook", seed=5)
>>> out = Console(width=80, record=True, file=io.StringIO())
>>> out.print(TableScreen.of(game)(game.view(0), Seating.of(game)))
>>> "Your hand" in out.export_text()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tricktable import GameState
from tricktable.cards import Deck
from tricktable.cli import display
from tricktable.cli.common import Seating
from tricktable.cli.render import JSON, cards_text, trick_text

AUCTION_KEYS = ("bids", "choices")
"""View keys holding the auction so far: lists of ``{"seat", <call>}`` entries."""


@dataclass(frozen=True)
class TableScreen:
    """The screen of one game: its title, deck and declared extra lines."""

    title: str
    deck: Deck
    declared: tuple[display.Declaration, ...] = ()

    @classmethod
    def of(cls, game: GameState) -> TableScreen:
        """The screen for ``game``, with what its class declares in ``display``."""
        declared = cast(tuple[display.Declaration, ...], getattr(type(game), "display", ()))
        return cls(game.title, game.deck, tuple(declared))

    def __call__(self, view: JSON, seating: Seating, prompt: str | None = None) -> RenderableType:
        """``view`` (one seat's) as a screen; ``prompt`` says what to do, if it is its turn."""
        seat = view.get("seat")
        parts: list[RenderableType] = [Rule(self.heading(view, seating)),
                                       score_table(view, seating, self.declared)]
        for line in (auction_line(view, seating), contract_line(view, seating)):
            if line is not None:
                parts.append(line)
        parts.extend(display.declared_parts(self.declared, view, seating))
        parts.extend(trick_lines(view, seating))
        if isinstance(seat, int) and "hand" in view:
            parts.append(Text("Your hand:", style="bold"))
            parts.append(hand_table(view["hand"], self.deck, own_trump(view, seating, seat)))
        turn = turn_line(view, seating, prompt)
        if turn is not None:
            parts.append(turn)
        return Group(*parts)

    def heading(self, view: JSON, seating: Seating) -> str:
        """``Rook · hand 2 · S deals · you are N (N/S)``."""
        parts = [self.title]
        if view.get("hand_number"):
            parts.append(f"hand {view['hand_number']}")
        if isinstance(view.get("dealer"), int):
            parts.append(f"{seating.name(view['dealer'])} deals")
        seat = view.get("seat")
        if isinstance(seat, int):
            side = seating.side_name(seating.side_of(seat))
            parts.append(f"you are {seating.name(seat)}"
                         + (f" ({side})" if side != seating.name(seat) else ""))
        return " · ".join(parts)


def side_values(values: Any, seating: Seating) -> list[Any] | None:
    """Per-side values from a list per side or per seat (summed), else None."""
    if not isinstance(values, list):
        return None
    if len(values) == len(seating.sides):
        return values
    if len(values) == len(seating.names) and all(isinstance(v, int) for v in values):
        return [sum(values[s] for s in side) for side in seating.sides]
    return None


def score_table(view: JSON, seating: Seating,
                declared: Sequence[display.Declaration]) -> Table:
    """Each side's score and tricks, and the declared per-side columns (meld, points)."""
    target = view.get("target")
    title = f"Scores (game to {target})" if target else "Scores"
    table = Table(title=title, title_justify="left", title_style="bold",
                  box=box.SIMPLE_HEAD, show_edge=False)  # a line a side: the screen fits
    table.add_column("Side", no_wrap=True)
    columns: list[tuple[str, list[Any]]] = [("Score", view.get("scores") or [])]
    tricks = side_values(view.get("tricks"), seating)
    if tricks is not None:
        columns.append(("Tricks", tricks))
    columns += display.columns(declared, view)
    for name, _ in columns:
        table.add_column(name, justify="right")
    seat, dealer = view.get("seat"), view.get("dealer")
    for side, seats in enumerate(seating.sides):
        label = Text(seating.side_name(side), style="bold" if seat in seats else "")
        if dealer in seats:
            label.append(" (deals)", style="dim")  # the dealer's side, as the box marks it
        table.add_row(label, *(_cell(values[side] if side < len(values) else None)
                               for _, values in columns))
    return table


def _cell(value: Any) -> Text:
    if value is None:
        return Text("-", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    return cards_text([str(value)])


def auction_line(view: JSON, seating: Seating) -> Text | None:
    """``Bidding: W 70, N 80, E pass``, with the high bid while it goes on."""
    for key in AUCTION_KEYS:
        calls = view.get(key)
        if isinstance(calls, list):
            break
    else:
        return None
    text = Text("Bidding: ", style="bold")
    if not calls:
        text.append("none yet")
    else:
        text.append_text(Text(", ").join(call_text(call, seating) for call in calls))
    no_declarer = view.get("declarer") is None
    if no_declarer and view.get("high_bid") and isinstance(view.get("high_bidder"), int):
        text.append(f"   high bid {view['high_bid']} by {seating.name(view['high_bidder'])}")
    return text


def call_text(call: JSON, seating: Seating) -> Text:
    """One call of the auction: ``W 75``, ``N pass`` (None is a pass), ``E 25 (meld bid)``."""
    text = Text(seating.name(call.get("seat")))
    for key, value in call.items():
        if key == "seat" or value is False:
            continue
        if value is True:
            text.append(f" ({key.replace('_', ' ')})", style="dim")
        else:
            text.append(" ")
            text.append_text(cards_text(["pass" if value is None else str(value)]))
    return text


def contract_line(view: JSON, seating: Seating) -> Text | None:
    """``Contract: W 200 · trump Black`` once there is a declarer."""
    declarer = view.get("declarer")
    if not isinstance(declarer, int):
        trump = view.get("trump")
        return Text.assemble(("Trump: ", "bold"), cards_text([trump])) if isinstance(
            trump, str) else None
    text = Text.assemble(("Contract: ", "bold"), seating.name(declarer))
    contract = view.get("bid") or view.get("contract")  # the bid alone where trump follows
    if contract is not None:
        text.append(" ")
        text.append_text(cards_text([str(contract)]) if " " not in str(contract)
                         else Text(str(contract)))
    if view.get("value") and str(view["value"]) != str(contract):
        text.append(f" (worth {view['value']})")
    trump = view.get("trump")
    if isinstance(trump, str):
        text.append(" · trump ")
        text.append_text(cards_text([trump]))
    elif trump is None and "trump" in view and "team_trumps" not in view:
        text.append(" · no trump" if view.get("phase") == "play" else " · trump not named yet",
                    style="italic")
    return text


def trick_lines(view: JSON, seating: Seating) -> list[Text]:
    """The trick just won and the trick in progress."""
    lines: list[Text] = []
    last = view.get("last_trick")
    if isinstance(last, dict) and last.get("cards"):
        lines.append(Text.assemble(("Last trick: ", "bold"), plays_text(last["cards"], seating),
                                   f"   won by {seating.name(last.get('winner'))}"))
    if view.get("phase") == "play":
        plays = view.get("trick") or []
        if plays:
            lines.append(Text.assemble(("This trick: ", "bold"), plays_text(plays, seating)))
        else:
            leader = view.get("to_move")
            who = "you lead" if leader == view.get("seat") else f"{seating.name(leader)} leads"
            lines.append(Text.assemble(("This trick: ", "bold"), f"({who})"))
    return lines


def plays_text(plays: Sequence[JSON], seating: Seating) -> Text:
    """A trick's plays, each with the flags a game adds: ``S 10♦ (trump)  W 9♣``."""
    text = Text()
    for index, play in enumerate(plays):
        if index:
            text.append("  ")
        text.append_text(trick_text([play], seating))
        flags = [key.replace("_", " ") for key, value in play.items() if value is True]
        if flags:
            text.append(f" ({', '.join(flags)})", style="dim")
    return text


def own_trump(view: JSON, seating: Seating, seat: int) -> str | None:
    """The trump that counts for ``seat``: the view's one trump, or its side's."""
    trump = view.get("trump")
    if trump is None:
        trump = view.get("team_trumps")  # each side its own trump
    if isinstance(trump, list):
        side = seating.side_of(seat)
        trump = trump[side] if side < len(trump) else None
    return trump if isinstance(trump, str) else None


def hand_table(cards: Sequence[str], deck: Deck, trump: str | None) -> Table:
    """The hand one suit per line, trump marked; a special card (the Rook) goes with trump."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        suit = deck.suit_of(deck.parse(card))
        name = (trump or card) if suit >= len(deck.suits) else deck.suit_text(suit)
        groups.setdefault(name, []).append(card)
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for name, group in groups.items():
        table.add_row(f"{name} (trump)" if name == trump else name, cards_text(group))
    if not groups:
        table.add_row("(no cards)", "")
    return table


def turn_line(view: JSON, seating: Seating, prompt: str | None) -> Text | None:
    """Whose turn it is, and for the seat to move what to do."""
    mover, seat = view.get("to_move"), view.get("seat")
    if not isinstance(mover, int):
        return None
    if mover == seat:
        return Text.assemble(("▶ Your turn", "bold reverse"), ("  " + (prompt or ""), "bold"))
    return Text(f"Waiting for {seating.name(mover)}", style="italic")
