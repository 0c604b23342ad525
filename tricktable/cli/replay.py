"""``tricktable replay``: a saved record, hand by hand, face up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import tricktable
from tricktable import Action, Event, GameState
from tricktable.cli.common import CliError, Seating, console, option_text, user_errors
from tricktable.cli.render import cards_text, value_text, winner_line
from tricktable.cli.summary import figures_table, headline


def _has_cards(value: Any) -> bool:
    """Whether a revealed pile holds anything (``[[], []]`` does not)."""
    return any(_has_cards(v) for v in value) if isinstance(value, list) else bool(value)


class Printer:
    """Prints a game being stepped action by action; ``only`` limits it to one hand."""

    def __init__(self, game: GameState, out: Console, only: int | None) -> None:
        self.game, self.out, self.only = game, out, only
        self.seating = Seating.of(game)
        self.hand = 0  # the hand being shown, from 1
        self.tricks = 0  # tricks finished in this hand
        self.plays: list[Text] = []  # the trick in progress
        self.bids: list[str] = []  # the bidding not yet printed
        self.results = 0  # results already printed

    def show(self, item: RenderableType) -> None:
        """Print, if the hand being shown is wanted."""
        if self.only is None or self.hand == self.only:
            self.out.print(item)

    def begin_hand(self) -> None:
        """Header and the cards as dealt, once per hand."""
        self.end_hand()
        if self.game.is_over or len(self.game.results) < self.hand:
            return
        self.hand, self.tricks = len(self.game.results) + 1, 0
        self.show(Rule(f"Hand {self.hand}"))
        self.show(self.deal_table())

    def deal_table(self) -> Table:
        """Every seat's hand and every other pile, face up (``game.reveal()``)."""
        revealed = self.game.reveal()
        table = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
        table.add_column(style="bold")
        table.add_column()
        hands = revealed.get("hands")
        if isinstance(hands, list):
            for seat, cards in enumerate(hands):
                table.add_row(self.seating.name(seat), cards_text(cards))
        for key, value in revealed.items():
            if key != "hands" and _has_cards(value):
                table.add_row(key.replace("_", " "), value_text(key, value, self.seating))
        return table

    def flush(self) -> None:
        """Print the bidding or trick still being collected."""
        if self.bids:
            self.show(Text("Bidding: " + ", ".join(self.bids)))
            self.bids = []
        if self.plays:
            self.show(Text("Unfinished trick: ").append_text(Text("  ").join(self.plays)))
            self.plays = []

    def end_hand(self) -> None:
        """Print the result of each hand that finished since last time."""
        self.flush()
        for number in range(self.results, len(self.game.results)):
            result = self.game.results[number]  # the figures of the table's own summary
            self.show(headline(result, self.seating, number + 1))
            self.show(figures_table(result, self.seating, None))
        self.results = len(self.game.results)

    def action(self, seat: int, action: Action, events: list[Event]) -> None:
        """Print one applied action and what it caused."""
        arg = action.text.partition(" ")[2]
        for event in events:
            if event.kind == "deal":
                self.begin_hand()
            elif event.kind == "play" and action.kind == "play" and event.seat == seat:
                self.plays.append(Text.assemble(f"{self.seating.name(seat)} ",
                                                cards_text([arg])))
            elif event.kind == "trick":
                self.tricks += 1
                line = Text(f"Trick {self.tricks}: ").append_text(Text("  ").join(self.plays))
                self.show(line.append(f"   {event.text}"))
                self.plays = []
            elif event.kind == action.kind in ("bid", "pass") and event.seat == seat:
                self.bids.append(f"{self.seating.name(event.seat)} {arg or event.kind}")
            elif event.private is None:
                self.flush()
                self.show(Text(event.text))
            elif event.kind != "hand":  # hidden at the table, face up here
                self.flush()
                self.show(self.face_up(event, seat, action))
        if len(self.game.results) > self.results:  # a hand ended with no deal event after it
            self.begin_hand()

    def face_up(self, event: Event, seat: int, action: Action) -> Text:
        """A hidden event face up: the action's card, or what its seat alone saw."""
        arg = action.text.partition(" ")[2]
        if event.seat == seat and event.kind == action.kind and arg:
            return Text(f"{event.text}: ").append_text(cards_text([arg]))
        seen = f"  [{self.seating.name(event.seat)} sees: {event.private}]"
        return Text(event.text).append(seen, style="dim")


def show_record(record: dict[str, Any], out: Console, only: int | None) -> None:
    """Step a fresh game through ``record``'s actions, printing it face up."""
    game = tricktable.replay(record, upto=0)
    printer = Printer(game, out, only)
    options = ", ".join(f"{k}={option_text(v)}" for k, v in game.record()["options"].items())
    out.print(Text(f"{game.title}, seed {game.seed}, {game.players} players, options {options}",
                   style="bold"))
    printer.begin_hand()
    actions = record["actions"]
    assert isinstance(actions, list)
    for text in actions:
        seat = game.to_move
        assert seat is not None
        action = game.parse(text)
        printer.action(seat, action, game.apply(action))
    printer.end_hand()
    if game.is_over:
        if only is None:
            out.print(winner_line(game.winner, game.scores, printer.seating))
    elif only is None or printer.hand == only:
        out.print(Text(f"The record ends during hand {printer.hand}.", style="bold"))


@click.command()
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--hand", type=click.IntRange(min=1), help="Show only this hand (from 1).")
def replay(path: Path, hand: int | None) -> None:
    """Show a saved game record hand by hand, every card face up."""
    with user_errors():
        record = tricktable.load_record(path)  # checked to its last action
    final = tricktable.replay(record)
    hands = len(final.results) + (0 if final.is_over else 1)
    if hand is not None and hand > hands:
        raise CliError(f"{path} holds {hands} hand{'s' * (hands != 1)}, not {hand}")
    show_record(record, console(), hand)
