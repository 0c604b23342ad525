"""The Rook table as one seat sees it: scores, bidding, tricks and the hand by colour.

>>> import io, tricktable
>>> from rich.console import Console
>>> game = tricktable.new_game("rook", seed=5)
>>> out = Console(width=80, record=True, file=io.StringIO())
>>> out.print(rook_screen(game.view(0), Seating.of(game)))
>>> "Your hand" in out.export_text()
True
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tricktable.cli.common import Seating
from tricktable.cli.render import JSON, cards_text, trick_text

_COLOUR_NAMES = {"R": "Red", "G": "Green", "Y": "Yellow", "B": "Black"}


def _colour(card: str) -> str:
    return "Rook" if card == "Rook" else _COLOUR_NAMES.get(card[:1], "?")


def _hand(cards: list[str], trump: str | None) -> Table:
    """The hand one colour per line, the Rook with trump (the view sorts it so)."""
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 2))
    groups: dict[str, list[str]] = {}
    for card in cards:
        colour = trump if card == "Rook" and trump else _colour(card)
        groups.setdefault(colour, []).append(card)
    for colour, group in groups.items():
        label = f"{colour} (trump)" if colour == trump else colour
        table.add_row(Text(label, style="bold"), cards_text(group))
    return table


def _bidding(view: JSON, seating: Seating) -> Text:
    bids = view.get("bids") or []
    if not bids:
        return Text("Bidding: none yet")
    text = Text("Bidding: ")
    for index, bid in enumerate(bids):
        if index:
            text.append(", ")
        text.append(f"{seating.name(bid['seat'])} {bid['bid'] or 'pass'}")
    if view.get("bidder") is None and view.get("high_bid"):
        text.append(f"  (high bid {view['high_bid']} by {seating.name(view['high_bidder'])})")
    return text


def _contract(view: JSON, seating: Seating) -> Text:
    if view.get("bidder") is None:
        return Text("")
    text = Text(f"Bid: {seating.name(view['bidder'])} {view['bid']}   Trump: ")
    trump = view.get("trump")
    text.append(trump or "not named yet", style="bold")
    if view.get("nest_card"):
        text.append("   Nest: ")
        text.append_text(cards_text([view["nest_card"]]))
        if view.get("discard"):
            text.append("   You discarded: ")
            text.append_text(cards_text(view["discard"]))
    return text


def _scores(view: JSON, seating: Seating) -> Table:
    table = Table(title=f"Scores (game to {view.get('target')})", title_justify="left")
    for column in ("Team", "Score", "Tricks"):
        table.add_column(column, justify="left" if column == "Team" else "right")
    for side in range(len(seating.sides)):
        table.add_row(seating.side_name(side), str(view["scores"][side]), str(view["tricks"][side]))
    return table


def _tricks(view: JSON, seating: Seating) -> list[RenderableType]:
    lines: list[RenderableType] = []
    last = view.get("last_trick")
    if last:
        lines.append(Text.assemble("Last trick: ", trick_text(last["cards"], seating),
                                   f"  won by {seating.name(last['winner'])}"))
    if view.get("phase") == "play":
        plays = view.get("trick") or []
        lines.append(Text.assemble("This trick: ", trick_text(plays, seating) if plays
                                   else Text("(you lead)" if view["to_move"] == view["seat"]
                                             else "(nothing led yet)")))
    return lines


def rook_screen(view: JSON, seating: Seating) -> RenderableType:
    """One seat's Rook view as a screen."""
    seat = view["seat"]
    title = (f"Rook · hand {view['hand_number']} · {seating.name(view['dealer'])} deals · "
             f"you are {seating.name(seat)} ({seating.side_name(seating.side_of(seat))})")
    parts: list[RenderableType] = [Rule(title), _scores(view, seating), _bidding(view, seating)]
    contract = _contract(view, seating)
    if contract:
        parts.append(contract)
    parts.extend(_tricks(view, seating))
    parts.append(Text("Your hand:", style="bold"))
    parts.append(_hand(view.get("hand") or [], view.get("trump")))
    return Group(*parts)


