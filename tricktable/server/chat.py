"""Table chat: preset phrases and emotes (free text only where the room allows it).

Chat lives beside the game, never in it: no message reaches a game's view,
its log, a record or a bot. Players talk on the ``table`` channel, which
everyone in the room reads; spectators talk on the ``watchers`` channel,
which only spectators read (players never hear the rail). Each seat (or
spectator connection) may say ``CHAT_BURST`` things at once and one every
``1 / CHAT_RATE`` seconds after that; free text is cleaned of control
characters, single-spaced and at most ``MAX_CHAT_CHARS``; the page shows it
as text, never as HTML. The last ``HISTORY`` messages of each channel are
kept in memory (not stored) and sent to whoever says hello.

>>> clean_text("  hi\\x00  <b>there</b> ")
'hi <b>there</b>'
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Literal

from tricktable.server import protocol
from tricktable.server.common import Client
from tricktable.server.protocol import JSON, MAX_CHAT_CHARS, Chat

if TYPE_CHECKING:
    from tricktable.server.rooms import Room

CHAT_MODES = Literal["presets", "free", "off"]
PHRASES = {
    "hello": "Hello!", "gl": "Good luck!", "wp": "Well played!", "thanks": "Thanks!",
    "sorry": "Sorry!", "oops": "Oops!", "nice": "Nice one!", "think": "Let me think…",
    "hurry": "Your turn, please.", "gg": "Good game!", "again": "Another game?",
    "bye": "Bye!",
}
EMOTES = {
    "smile": "🙂", "laugh": "😄", "wow": "😮", "sad": "😢", "thumbs": "👍",
    "clap": "👏", "think": "🤔", "cool": "😎",
}
CHAT_RATE = 0.5  # messages a second, on average
CHAT_BURST = 5  # messages at once
HISTORY = 50  # messages kept per channel


def clean_text(text: str) -> str:
    """Free text as shown: printable characters, single spaces, at most MAX_CHAT_CHARS."""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:MAX_CHAT_CHARS]


def presets() -> JSON:
    """The phrases and emotes a page offers (``GET /api/chat``)."""
    return {"phrases": PHRASES, "emotes": EMOTES, "max_chars": MAX_CHAT_CHARS,
            "rate": CHAT_RATE, "burst": CHAT_BURST}


class TableChat:
    """One room's chat: its two channels, their history and who may speak how often."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.history: dict[str, deque[JSON]] = {"table": deque(maxlen=HISTORY),
                                                "watchers": deque(maxlen=HISTORY)}
        self.buckets: dict[object, tuple[float, float]] = {}  # speaker: tokens, when

    @property
    def mode(self) -> str:
        """``presets`` (the default), ``free`` or ``off``."""
        return str(self.room.info.settings.get("chat", "presets"))

    def welcome(self, client: Client) -> None:
        """Send a client that said hello what was said on the channels it reads."""
        channels = ["table"] if client.seat is not None else ["table", "watchers"]
        messages = sorted((m for c in channels for m in self.history[c]),
                          key=lambda m: m["at"])
        client.send({"type": "chat", "messages": messages, "history": True,
                     "mode": self.mode})

    def receive(self, client: Client, message: Chat) -> None:
        """Check a chat message and pass it to everyone who reads its channel."""
        problem = self._problem(client, message)
        if problem is not None:
            client.send(protocol.error_frame(*problem, version=self.room.version))
            return
        seat = client.seat
        if message.kind == "phrase":
            text = PHRASES[message.value]
        elif message.kind == "emote":
            text = EMOTES[message.value]
        else:
            text = clean_text(message.value)
        if seat is not None:
            name = self.room.seats[seat].info.name or self.room.game.seat_name(seat)
            label = self.room.game.seat_name(seat)
        else:
            name, label = "spectator", None
        channel = "table" if seat is not None else "watchers"
        entry = {"channel": channel, "seat": seat,
                 "label": label, "name": name, "kind": message.kind,
                 "id": None if message.kind == "text" else message.value, "text": text,
                 "at": time.time()}
        self.history[channel].append(entry)
        frame = protocol.dumps({"type": "chat", "messages": [entry], "history": False,
                                "mode": self.mode})
        for other in list(self.room.clients):
            if channel == "table" or other.seat is None:
                other.sent_frames += 1
                other.deliver(frame)

    def _problem(self, client: Client, message: Chat) -> tuple[str, str] | None:
        mode = self.mode
        if mode == "off":
            return "chat_refused", "this room has no chat"
        if message.kind == "text" and mode != "free":
            return "chat_refused", "this room's chat takes preset phrases and emotes only"
        if message.kind == "text" and not clean_text(message.value):
            return "bad_message", "a chat message needs at least one visible character"
        known = PHRASES if message.kind == "phrase" else EMOTES
        if message.kind != "text" and message.value not in known:
            return "chat_refused", (f"no {message.kind} {message.value[:20]!r}; "
                                    f"{message.kind}s: {', '.join(known)}")
        if not self._allow(("seat", client.seat) if client.seat is not None else client):
            return "slow_down", (f"you may chat {CHAT_BURST} times at once, then once every "
                                 f"{1 / CHAT_RATE:.0f} seconds: wait a moment")
        return None

    def _allow(self, speaker: object) -> bool:
        now = time.monotonic()
        tokens, last = self.buckets.get(speaker, (float(CHAT_BURST), now))
        tokens = min(float(CHAT_BURST), tokens + (now - last) * CHAT_RATE)
        if tokens < 1:
            self.buckets[speaker] = (tokens, now)
            return False
        self.buckets[speaker] = (tokens - 1, now)
        return True

    def forget(self, client: Client) -> None:
        """A spectator's connection closed: drop its rate bucket."""
        self.buckets.pop(client, None)
