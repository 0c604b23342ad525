"""Take back against bots: a player alone with bots may undo their last action.

In a room where every other seat is a bot, a player may take back their last
action, with the bots' actions after it, until the trick it belongs to ends
(or, in an auction, until the first trick of the hand ends it). Never when
another person sits at the table: the server refuses with a clear message. The
store then holds only the actions that stand (:meth:`Store.take_back` cuts
the rest), so the record and its replay show what was played last; the room's
settings keep ``took_back`` (and ``rated`` false): the game is unrated.

To know whose action each version was and where the log stood before it,
the room notes both as it accepts actions (:meth:`TakeBacks.note`); after a
load or a reload the notes are made again by replaying the game's history.

>>> from tricktable.store import RoomInfo, SeatInfo
>>> info = RoomInfo("r1", "sixtysix", 2, {}, 3, [SeatInfo("human", "random", "Ann", "x"),
...                                             SeatInfo("bot", "random")], status="playing")
>>> game = start_game(info)
>>> takes = TakeBacks()
>>> takes.refusal(info, game, 0, info.version)
'you have no action to take back yet'
>>> takes.refusal(info, game, None, info.version)
'you are watching: only a player can take back a move'
>>> info.seats[1] = SeatInfo("human", "random", "Bo", "y")
>>> takes.refusal(info, game, 0, info.version)
'take back is only for games against bots: another person sits at this table'
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tricktable import GameState
from tricktable.server import protocol
from tricktable.server.common import Client
from tricktable.server.loading import start_game, summarise
from tricktable.server.protocol import JSON, TakeBack
from tricktable.store import LeaseLost, RoomInfo

if TYPE_CHECKING:
    from tricktable.server.rooms import Room

ENDS_A_TRICK = frozenset({"trick", "hand", "deal", "game"})
"""Log entries after which nothing before them may be taken back."""

ALONE_WITH_BOTS = "take back is only for games against bots: another person sits at this table"


def mark_taken_back(settings: JSON) -> JSON:
    """A room's settings once a move was taken back: unrated, and saying why.

    >>> mark_taken_back({"rated": True, "chat": "presets"})
    {'rated': False, 'chat': 'presets', 'took_back': True}
    """
    return {**settings, "rated": False, "took_back": True}


def took_back(info: RoomInfo) -> bool:
    """Whether a player of the room took back a move (the game is then unrated)."""
    return bool(info.settings.get("took_back"))


@dataclass(frozen=True, slots=True)
class Mark:
    """One accepted action: the seat that took it and the log's length before it."""

    seat: int
    log: int


class TakeBacks:
    """A room's take-back book: whose each action was, and the take back itself."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self._shown_key: tuple[int, int, int] | None = None
        self._shown = False

    def note(self, version: int, seat: int, log: int) -> None:
        """The action that makes ``version + 1`` is ``seat``'s; the log had ``log`` entries."""
        if len(self.marks) == version:
            self.marks.append(Mark(seat, log))
        else:  # out of step (a reload): made again when next needed
            self.marks = []

    def _marks(self, info: RoomInfo, game: GameState) -> list[Mark]:
        """The marks of every action so far, replayed from the history if out of step."""
        if len(self.marks) != len(game.history):
            replay, marks = start_game(info), []
            for text in game.history:
                marks.append(Mark(replay.to_move if replay.to_move is not None else -1,
                                  len(replay.log)))
                replay.apply(text)
            self.marks = marks
        return self.marks

    def refusal(self, info: RoomInfo, game: GameState, seat: int | None,
                version: int) -> str | None:
        """Why ``seat`` may not take back now (at the client's ``version``), or None."""
        if seat is None:
            return "you are watching: only a player can take back a move"
        if info.status != "playing" or game.is_over:
            return "the game is not being played: nothing to take back"
        if info.settings.get("tournament"):
            return "a tournament's deal is played as it falls: no take backs"
        if any(s != seat and state.kind != "bot" for s, state in enumerate(info.seats)):
            return ALONE_WITH_BOTS
        if version != info.version:
            return (f"the game has moved on (you asked at version {version}, it is at "
                    f"{info.version}): look again and ask again")
        keep = self.last_of(info, game, seat)
        if keep is None:
            return "you have no action to take back yet"
        if any(entry.kind in ENDS_A_TRICK for entry in game.log[self.marks[keep].log:]):
            return "that trick is over: a move can be taken back only until its trick ends"
        if self.shown_since(info, game, seat, keep):
            return ("the bots have shown you cards since (played, passed or melded): they "
                    "stay where you saw them, so that move stands")
        return None

    def rewound(self, info: RoomInfo, game: GameState, keep: int) -> GameState:
        """The game as it was before the action at ``keep`` in the history."""
        back = start_game(info)
        for text in game.history[:keep]:
            back.apply(text)
        return back

    def shown_since(self, info: RoomInfo, game: GameState, seat: int, keep: int) -> bool:
        """Whether the actions from ``keep`` on let ``seat`` place a card it could not place
        before them (a bot's card played, passed to it or melded): taking them back would
        leave the seat knowing a bot's hidden card. Kept per history length."""
        key = (len(game.history), keep, seat)
        if self._shown_key != key:
            before = self.rewound(info, game, keep).hidden_from(seat)
            self._shown_key, self._shown = key, bool(before & ~game.hidden_from(seat))
        return self._shown

    def last_of(self, info: RoomInfo, game: GameState, seat: int) -> int | None:
        """The index in the history of ``seat``'s last action, or None."""
        marks = self._marks(info, game)
        return next((i for i in range(len(marks) - 1, -1, -1) if marks[i].seat == seat), None)

    def offered(self, info: RoomInfo, game: GameState, seat: int | None) -> bool:
        """Whether ``seat`` may take back now (the table shows its button)."""
        return self.refusal(info, game, seat, info.version) is None

    async def take_back(self, room: Room, client: Client, message: TakeBack) -> None:
        """Take back the client's last action, store the cut and send everyone the new state."""
        problem = self.refusal(room.info, room.game, client.seat, message.version)
        if problem is not None:
            client.send(protocol.error_frame("no_take_back", problem, room.info.version))
            return
        assert client.seat is not None
        keep = self.last_of(room.info, room.game, client.seat)
        assert keep is not None
        game = self.rewound(room.info, room.game, keep)
        info = copy.copy(room.info)
        info.version = keep
        info.settings = mark_taken_back(info.settings)
        summarise(info, game)
        try:
            await room.manager.in_store(room.manager.store.take_back, info, room.fence)
        except LeaseLost:
            room._lose_lease()
            return
        for task in list(room.tasks):  # a bot thinking about a move that is gone
            task.cancel()
        room.bot_version = None
        await room._reload()
        self.marks = self.marks[:keep]
        for each in room.clients:
            each.log_sent = 0
        room._broadcast()
        room._schedule_bot()
