"""``tricktable play``: one human seat against bots, in the terminal or from a pipe."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

import tricktable
from tricktable import Action, Event, GameState, IllegalAction
from tricktable.bots import Bot, decide, show_trick
from tricktable.cli import common
from tricktable.cli.common import CliError, Seating
from tricktable.cli.render import actions_list, winner_line
from tricktable.cli.screens import screen_for
from tricktable.cli.summary import hand_summary
from tricktable.cli.turn import advice_lines, guide_advice, prompt_for
from tricktable.engine.state import JSON
from tricktable.records import record_text

QUIT_WORDS = frozenset({"quit", "exit"})
HELP_WORDS = frozenset({"help", "?"})
SHOW_WORDS = frozenset({"show", "look"})
SAVE_QUESTION = "Save the record? File name (Enter to skip): "


class Turn(Enum):
    """How a human turn ended."""

    PLAYED = "played"
    QUIT = "quit"
    EOF = "eof"


def read_action(game: GameState, text: str) -> Action:
    """The action meant by ``text``: a list number, an action, or just its argument.

    A number from 1 to the count of legal actions picks from the list; an
    argument alone (``R14``, ``red``, ``75``) means the one kind of action it
    fits. Raises :class:`IllegalAction` with the reason when nothing fits.

    >>> game = tricktable.new_game("rook", seed=1)
    >>> [read_action(game, t).text for t in ("2", "75", "Bid 80")]
    ['bid 70', 'bid 75', 'bid 80']
    """
    legal = game.legal_actions()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    try:
        return game.parse(text)
    except IllegalAction as error:
        first = error
    fits: list[Action] = []
    for kind in dict.fromkeys(a.kind for a in legal if a.arg is not None):
        try:
            fits.append(game.parse(f"{kind} {text}"))
        except IllegalAction:
            continue
    legal_fits = [a for a in fits if a in legal]
    if len(legal_fits) == 1 or (len(fits) == 1 and not legal_fits):
        return (legal_fits or fits)[0]
    if len(fits) > 1:
        raise IllegalAction(f"{text!r} could mean {' or '.join(a.text for a in fits)}; say which")
    if text.isdigit():
        raise IllegalAction(f"there is no action {text} in the list (1 to {len(legal)})")
    raise first


def number_note(legal: list[Action], arg_types: dict[str, str]) -> str | None:
    """A warning when a number alone would pick from the list rather than mean itself.

    >>> import tricktable
    >>> game = tricktable.new_game("pinochle", seed=1)
    >>> number_note(game.legal_actions(), game.table.arg_types)
    "A number alone picks from the list: 25 is 'bid 44'; to bid 25, type 'bid 25'."
    >>> game = tricktable.new_game("rook", seed=1)  # bids from 70, the list ends at 28
    >>> number_note(game.legal_actions(), game.table.arg_types) is None
    True
    """
    clashes = [a for a in legal if arg_types.get(a.kind) == "number" and a.arg is not None
               and 1 <= a.arg <= len(legal) and legal[a.arg - 1] != a]
    if not clashes:
        return None
    example = clashes[min(4, len(clashes) - 1)]
    number = example.arg or 0
    return (f"A number alone picks from the list: {number} is '{legal[number - 1].text}'; "
            f"to {example.kind} {number}, type '{example.kind} {number}'.")


class Session:
    """A game between one human seat and bots, printed as the human sees it."""

    def __init__(self, game: GameState, seat: int, bots: dict[int, Bot], out: Console,
                 hints: bool = False) -> None:
        self.game, self.seat, self.bots, self.out = game, seat, bots, out
        self.hints = hints  # show the strong bot's ranked choices on each turn
        self.seating = Seating.of(game)
        self.screen = screen_for(game)
        self.seen = 0  # log entries already printed
        self.hands_shown = 0  # results already printed
        self.final_tricks: dict[int, JSON] = {}  # each hand's last trick, by hand index
        self.interactive = sys.stdin.isatty()  # a person types: questions may be asked again
        self.echo = not self.interactive  # show piped input in the transcript

    def catch_up(self, actions: list[str]) -> None:
        """Apply a record's actions without printing them, the bots watching each trick."""
        for text in actions:
            self.step(self.game.parse(text))
        self.seen, self.hands_shown = len(self.game.log), len(self.game.results)

    def run(self) -> Turn:
        """Play until the game is over (PLAYED), the human quits or input ends."""
        while not self.game.is_over:
            self.show_events()
            mover = self.game.to_move
            assert mover is not None
            if mover == self.seat:
                turn = self.human_turn()
                if turn is not Turn.PLAYED:
                    return turn
            else:
                self.step(decide(self.bots[mover], self.game))
        self.show_events()
        self.out.print(winner_line(self.game.winner, self.game.scores, self.seating))
        if self.game.winner is not None:
            won = self.game.winner == self.game.side_of(self.seat)
            self.out.print("You win!" if won else "You lose.")
        return Turn.PLAYED

    def step(self, action: Action) -> None:
        """Apply an action, let the bots watch, and keep the trick that ends a hand."""
        game = self.game
        before, mover, hand = game.view(self.seat).get("trick") or [], game.to_move, \
            len(game.results)
        events = game.apply(action)
        self.watch(events)
        tricks = [event for event in events if event.kind == "trick"]
        if len(game.results) > hand and tricks and game.table.arg_types.get(action.kind) == "card":
            card = action.text.partition(" ")[2]
            self.final_tricks[hand] = {"cards": [*before, {"seat": mover, "card": card}],
                                       "winner": tricks[-1].seat}

    def watch(self, events: list[Event]) -> None:
        """Let the bots that watch the table see a completed trick."""
        if any(event.kind == "trick" for event in events):
            show_trick(self.game, [self.bots.get(s) for s in range(self.game.players)])

    def show_events(self) -> None:
        """Print what happened since last time, as the human's seat saw it."""
        log = self.game.log
        for event in log[self.seen:]:
            if event.kind == "deal":
                self.show_results()
            self.out.print(Text("· " + event.seen_by(self.seat), style="dim"), soft_wrap=False)
        self.seen = len(log)
        self.show_results()

    def show_results(self) -> None:
        """Print each hand that finished since last time."""
        results = self.game.results
        for number in range(self.hands_shown, len(results)):
            self.out.print(hand_summary(results[number], self.seating, number + 1, self.seat,
                                        self.final_tricks.get(number)), soft_wrap=False)
            self.hands_shown = number + 1
            if self.interactive and not self.game.is_over:
                self.ask("Press Enter for the next hand ")
        self.hands_shown = len(results)

    def human_turn(self) -> Turn:
        """Show the table, then read until a legal action, ``quit`` or the end of input."""
        legal = self.game.legal_actions()
        self.show_table(legal)
        view = self.game.view(self.seat)
        advice = guide_advice(view, self.screen.declared, legal)
        hints = tricktable.hint(self.game, self.seat) if self.hints and len(legal) > 1 else None
        if advice is not None or hints:
            self.out.print(advice_lines(advice, hints), soft_wrap=False)
        while True:
            numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
            line = self.ask(f"Your move [{numbers}, action, help, quit]: ")
            if line is None:
                return Turn.EOF
            word = line.strip().lower()
            if not word:
                continue
            if word in QUIT_WORDS:
                return Turn.QUIT
            if word in HELP_WORDS:
                self.out.print(self.help_text(len(legal)), soft_wrap=False)
            elif word in SHOW_WORDS:
                self.show_table(legal)
            else:
                try:
                    self.step(read_action(self.game, line.strip()))
                    return Turn.PLAYED
                except IllegalAction as error:
                    self.out.print(Text(f"Not allowed: {error}", style="bold red"), soft_wrap=False)

    def show_table(self, legal: list[Action]) -> None:
        """The table as the human's seat sees it, what to do, and the numbered actions."""
        prompt = prompt_for(self.game, self.seat)
        # the screen wraps its long lines at word breaks to the terminal's width
        self.out.print(self.screen(self.game.view(self.seat), self.seating, prompt),
                       soft_wrap=False)
        self.out.print(actions_list(legal))
        note = number_note(legal, self.game.table.arg_types)
        if note:
            self.out.print(Text(note, style="yellow"), soft_wrap=False)

    def ask(self, prompt: str) -> str | None:
        """One line of input, or None at the end of input."""
        try:
            line = self.out.input(Text(prompt, style="bold cyan"))
        except (EOFError, KeyboardInterrupt):
            self.out.print()
            return None
        if self.echo:
            self.out.print(line, highlight=False)
        return line

    def help_text(self, count: int) -> str:
        """What may be typed at the prompt."""
        return "\n".join([
            f"Type a number from 1 to {count} to take that action from the list,",
            f"or an action: {self.game.table.usage()} (e.g. 'bid 75', 'play R14'),",
            "or just its card, colour or number when only one kind of action fits ('R14').",
            "show: the table again   help: this text   quit: leave (the record can be saved)",
        ])


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--seed", type=int, help="Seed of the deal (random if omitted; it is shown).")
@click.option("--seat", type=int, help="The seat you play (default 0).")
@click.option("--bots", default="heuristic", show_default=True,
              help="Bot for the other seats: one name, one per side or one per seat.")
@click.option("--players", type=int, help="Number of players, where the game allows a choice.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A rules option (repeatable); see `tricktable games`.")
@click.option("--hints", is_flag=True,
              help="Show the strong bot's best choices, with expected score and reason.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the game's record here when the game ends or stops.")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Continue the unfinished game recorded in FILE (saved back to it "
                   "unless --save names another file).")
def play(game_name: str | None, seed: int | None, seat: int | None, bots: str,
         players: int | None,
         options: tuple[str, ...], hints: bool, save: Path | None, resume: Path | None) -> None:
    """Play GAME in the terminal against bots (input may be piped in), or --resume a record."""
    record = None if resume is None else resumed_record(resume, game_name, seed, players,
                                                        options)
    if record is not None:
        game = tricktable.replay(record, upto=0)
        save = save or resume
    elif game_name is None:
        raise CliError("name the GAME to play (`tricktable games` lists them), or --resume FILE")
    else:
        game = common.start_game(game_name, seed, players, options)
    chosen = seat is not None
    seat = 0 if seat is None else seat
    if not 0 <= seat < game.players:
        raise CliError(f"--seat must be from 0 to {game.players - 1}, not {seat}")
    if save is not None:
        common.check_save_target(save, game.record() if record is None else record)
    names = common.resolve_bots(common.bot_names(bots, game), game.name, fallback=True)
    out = common.console()
    out.print(Text(f"{game.title}, seed {game.seed}: you play {game.seat_name(seat)} "
                   f"(seat {seat}); type 'help' for help", style="bold"), soft_wrap=False)
    if record is not None and not chosen:
        out.print(Text(f"The record does not say which seat you played: you play seat {seat} "
                       f"({game.seat_name(seat)}); use --seat to take another.",
                       style="bold yellow"), soft_wrap=False)
    common.load_solver(out, [name for index, name in enumerate(names) if index != seat], hints)
    session = Session(game, seat, common.make_bots(names, game, skip=seat), out, hints)
    if record is not None:
        session.catch_up(record["actions"])
        out.print(Text(f"Resumed from {resume} after {len(game.history)} actions, in hand "
                       f"{len(game.results) + 1}.", style="bold"))
    turn = session.run()
    kept = save_game(session, save) if save is not None or turn is Turn.QUIT else True
    if turn is Turn.EOF:
        out.print("End of input: the game is not over; stopping.", soft_wrap=False)
        raise click.exceptions.Exit(1)
    if turn is Turn.QUIT:
        out.print("You left the game.", soft_wrap=False)
    if not kept:
        raise click.exceptions.Exit(1)


def resumed_record(path: Path, game_name: str | None, seed: int | None, players: int | None,
                   options: tuple[str, ...]) -> JSON:
    """The unfinished record ``--resume`` continues, checked against the other arguments."""
    given = [name for name, unset in (("--seed", seed is None), ("--players", players is None),
                                      ("--option", not options)) if not unset]
    if given:
        raise CliError(f"{', '.join(given)} cannot be used with --resume: the record fixes them")
    with common.user_errors():
        record = tricktable.load_record(path)
        final = tricktable.replay(record)
        if game_name is not None and tricktable.find_game(game_name).name != final.name:
            raise CliError(f"{path} holds a game of {final.name}, not {game_name}")
    if final.is_over:
        raise CliError(f"{path} holds a finished game: `tricktable replay {path}` shows it")
    return record


def save_game(session: Session, path: Path | None) -> bool:
    """Save the record to ``path``, or (None) to a file asked for; Enter there saves nothing.

    A file it cannot go to is reported and another asked for, while a person types.
    When none can be asked (``path`` came from --save and input is piped, or input
    ended after a refusal) it goes to :func:`keep_elsewhere`, and this returns False:
    a game played is never lost.
    """
    may_ask = path is None or session.interactive
    refused = False
    while True:
        if path is None:
            answer = session.ask(SAVE_QUESTION) if may_ask else None
            if answer is None and refused:
                break
            if answer is None or not answer.strip():
                return True
            path = Path(answer.strip())
        problem = write_record(session.game, path)
        if problem is None:
            session.out.print(f"Record saved to {path}")
            return True
        session.out.print(Text(f"Not saved: {problem}", style="bold red"))
        path, refused = None, True
    keep_elsewhere(session)
    return False


def write_record(game: GameState, path: Path) -> str | None:
    """Save the record to ``path`` if it may go there (:func:`common.check_save_target`);
    the problem if not."""
    try:
        common.check_save_target(path, game.record())
        tricktable.save_record(game, path)
    except CliError as error:
        return error.message
    except OSError as error:
        return f"cannot save the record to {path}: {error.strerror or error}"
    return None


def keep_elsewhere(session: Session) -> None:
    """Save the record as ``tricktable-GAME-SEED.json`` in the current folder, or, if it
    cannot go there either, print it to be copied."""
    game, out = session.game, session.out
    path = Path(f"tricktable-{game.name}-{game.seed}.json")
    problem = write_record(game, path)
    if problem is None:
        out.print(Text(f"The record was saved to {path.resolve()} instead.", style="bold"))
        return
    out.print(Text(f"Not saved there either: {problem}. Here is the record: keep it in a file "
                   "to play on with --resume.", style="bold red"))
    out.print(record_text(game), end="")
