"""What a room sends: its public summary, each seat's view and legal actions, the state
frames and errors broadcast to its clients.

:class:`RoomFrames` is the sending half of :class:`~tricktable.server.rooms.Room` (which
holds the serial actor; split from :mod:`.rooms`): it reads the room's state and never
changes the game. Each seat's view and legal actions are computed once per version, and
each state frame is serialized once per seat and log position, however many
connections share it.

>>> class Demo:
...     def public(self) -> dict[str, str]:
...         return {"id": "r1"}
>>> cache: dict[str, object] = {}
>>> cache_room(cache, Demo()) is cache_room(cache, Demo())  # computed once a broadcast
True
"""

from __future__ import annotations

from tricktable import GameState
from tricktable.server import protocol
from tricktable.server.common import Client, SeatState, ServerConfig
from tricktable.server.protocol import JSON
from tricktable.server.takeback import TakeBacks, took_back
from tricktable.store import RoomInfo


class RoomFrames:
    """The frames a room sends (extended by :class:`~tricktable.server.rooms.Room`)."""

    info: RoomInfo
    game: GameState
    config: ServerConfig
    seats: list[SeatState]
    clients: set[Client]
    take_backs: TakeBacks
    _views: dict[int | None, tuple[JSON, list[JSON]]]  # per seat, this version
    _views_key: tuple[int, str] | None

    def public(self) -> JSON:
        """The room as every client and the lobby may see it."""
        info = self.info
        return {
            "id": info.id, "game": info.game, "title": self.game.title,
            "players": info.players, "options": info.options, "status": info.status,
            "version": info.version, "hands": info.hands, "scores": info.scores,
            "winner": info.winner, "sides": self.game.sides, "took_back": took_back(info),
            "tournament": info.settings.get("tournament"),
            "seats": [state.public(self.game.seat_name(s), self.config.away_timeout
                                   if info.status == "playing" else None)
                      for s, state in enumerate(self.seats)],
            "watchers": sum(1 for c in self.clients if c.seat is None),
            "created": info.created, "updated": info.updated,
        }

    def _seat_view(self, seat: int | None) -> tuple[JSON, list[JSON]]:
        """The seat's view and legal actions, computed once per version (and status)."""
        key = (self.info.version, self.info.status)
        if self._views_key != key:
            self._views, self._views_key = {}, key
        found = self._views.get(seat)
        if found is None:
            view = self.game.view(seat)
            legal: list[JSON] = []
            if (seat is not None and self.game.to_move == seat and self.info.status == "playing"
                    and not self.game.is_over):
                hand = set(view.get("hand") or [])
                legal = [protocol.action_json(a, hand) for a in self.game.legal_actions()]
            found = self._views[seat] = (view, legal)
        return found

    def _state_frame(self, client: Client, cache: dict[str, JSON]) -> JSON:
        seat = client.seat
        view, legal = self._seat_view(seat)
        if self.game.tricks_reviewable:
            start = client.log_sent
            entries = self.game.events(seat, start)
            client.log_sent = start + len(entries)
        else:  # the whole log each time: earlier tricks of the hand drop out of it
            start, entries = 0, self.game.table_log(seat)
        return {"type": "state", "version": self.info.version, "seat": seat,
                "room": cache_room(cache, self), "view": view, "legal": legal,
                "results": protocol.results_json(self.game.results, cache),
                "log": entries, "log_start": start,
                "take_back": self.take_backs.offered(self.info, self.game, seat)}

    def _broadcast(self) -> None:
        """Send every client its state: one serialized frame per seat and log position."""
        cache: dict[str, JSON] = {}
        texts: dict[tuple[int | None, int], tuple[str, int]] = {}
        for client in list(self.clients):
            key = (client.seat, client.log_sent)
            found = texts.get(key)
            if found is None:
                text = protocol.dumps(self._state_frame(client, cache))
                texts[key] = (text, client.log_sent)
            else:
                text, client.log_sent = found
            client.sent_frames += 1
            client.deliver(text)

    def _broadcast_error(self, code: str, message: str) -> None:
        for client in list(self.clients):
            client.send(protocol.error_frame(code, message, self.info.version))


def cache_room(cache: dict[str, JSON], room: RoomFrames) -> JSON:
    """The room's public summary, computed once per broadcast."""
    if "room" not in cache:
        cache["room"] = room.public()
    summary: JSON = cache["room"]
    return summary
