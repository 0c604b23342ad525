"""The websocket protocol: messages a browser sends, frames the server sends.

Every message is one JSON object with a ``type``. A client says ``hello``
first (with its seat token, or none to watch), then ``act``, ``take_back``,
``sync``, ``hint`` or ``ping``. The server answers with ``welcome``, ``state``,
``hint``, ``pong`` and ``error`` frames. docs/protocol.md has the details.

>>> parse_message('{"type": "act", "version": 3, "action": "bid 75"}')
Act(version=3, action='bid 75')
>>> parse_message('{"type": "act", "version": "3"}')
Traceback (most recent call last):
...
tricktable.server.protocol.ProtocolError: 'act' needs a whole-number 'version'
>>> error_frame("illegal", "you must follow suit")["code"]
'illegal'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable import Action
from tricktable.engine.results import HandResult

JSON = dict[str, Any]

MAX_MESSAGE_BYTES = 4096
"""A client message longer than this is refused (the connection stays open)."""

MAX_TOKEN_CHARS = 100
MAX_ACTION_CHARS = 64

ERROR_CODES = (
    "bad_json",  # not a JSON object
    "bad_message",  # unknown type or wrong fields
    "too_big",  # over MAX_MESSAGE_BYTES, or a binary frame
    "hello_first",  # a message before hello
    "bad_token",  # a token that holds no seat here
    "spectator",  # a watcher tried to act
    "not_started",  # waiting for players
    "game_over",  # the game has ended
    "stale",  # the client acted on an old version
    "not_your_turn",  # another seat is to move
    "illegal",  # the rules refuse the action (the message names the rule)
    "slow_down",  # too many messages
    "server_error",  # something failed on the server; nothing changed
    "moved",  # another process serves the room now: reconnect
    "too_long",  # a chat message over MAX_CHAT_CHARS
    "chat_refused",  # the room's chat does not take this (off, or presets only, unknown id)
    "no_take_back",  # a take back the room does not allow now (the message says why)
)


class ProtocolError(ValueError):
    """A message the server cannot take; ``code`` is one of ERROR_CODES."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Hello:
    """Attach to the room: as the seat of ``token``, or as a spectator."""

    token: str | None


@dataclass(frozen=True)
class Act:
    """Play ``action`` (its text) at ``version`` (the version the client saw)."""

    version: int
    action: str


@dataclass(frozen=True)
class TakeBack:
    """Take back my last action (and the bots' after it) at ``version``, the one the client saw.

    >>> parse_message('{"type": "take_back", "version": 9}')
    TakeBack(version=9)
    """

    version: int


@dataclass(frozen=True)
class Sync:
    """Send me the whole state again."""


@dataclass(frozen=True)
class Hint:
    """Suggest an action for my seat (beginner mode)."""


@dataclass(frozen=True)
class Ping:
    """Keep-alive; answered with pong."""


@dataclass(frozen=True)
class Chat:
    """Say something at the table: a preset phrase or an emote (by id), or free text."""

    kind: str  # "phrase", "emote" or "text"
    value: str  # the id, or the text


Message = Hello | Act | TakeBack | Sync | Hint | Ping | Chat
MAX_CHAT_CHARS = 200  # a free-text chat message


def _field(data: JSON, name: str, kind: str) -> Any:
    value = data.get(name)
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError("bad_message", f"{data['type']!r} needs a whole-number {name!r}")
        return value
    if not isinstance(value, str):
        raise ProtocolError("bad_message", f"{data['type']!r} needs a text {name!r}")
    return value


def parse_message(text: str | bytes) -> Message:
    """Read one client message; raise :class:`ProtocolError` saying what is wrong."""
    if isinstance(text, bytes):
        raise ProtocolError("too_big", "send text frames only")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"a message may be at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json", "a message must be a JSON object") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad_json", "a message must be a JSON object with a 'type'")
    kind = data["type"]
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS):
            raise ProtocolError("bad_message", "'hello' takes a text 'token' or none")
        return Hello(token or None)
    if kind == "act":
        version = _field(data, "version", "int")
        action = _field(data, "action", "str")
        if not action.strip() or len(action) > MAX_ACTION_CHARS:
            raise ProtocolError("bad_message", f"an action is 1 to {MAX_ACTION_CHARS} characters")
        return Act(version, action)
    if kind == "take_back":
        return TakeBack(_field(data, "version", "int"))
    if kind == "sync":
        return Sync()
    if kind == "hint":
        return Hint()
    if kind == "ping":
        return Ping()
    if kind == "chat":
        return _chat(data)
    raise ProtocolError("bad_message", "unknown message type; types: hello, act, take_back, "
                                       "sync, hint, ping, chat")


def _chat(data: JSON) -> Chat:
    """A chat message: exactly one of ``phrase``, ``emote`` or ``text``.

    >>> _chat({"type": "chat", "phrase": "gl"})
    Chat(kind='phrase', value='gl')
    """
    given = [k for k in ("phrase", "emote", "text") if data.get(k) is not None]
    if len(given) != 1:
        raise ProtocolError("bad_message", "'chat' takes one of 'phrase', 'emote' or 'text'")
    value = _field(data, given[0], "str")
    if not value.strip() or len(value) > MAX_CHAT_CHARS:
        raise ProtocolError("too_long" if value.strip() else "bad_message",
                            f"a chat message is 1 to {MAX_CHAT_CHARS} characters")
    return Chat(given[0], value)


def message_json(message: Message) -> JSON:
    """A parsed message as JSON again (to pass it on to another process).

    >>> parse_message(json.dumps(message_json(Act(4, "pass")))) == Act(4, "pass")
    True
    """
    if isinstance(message, Hello):
        return {"type": "hello", "token": message.token}
    if isinstance(message, Act):
        return {"type": "act", "version": message.version, "action": message.action}
    if isinstance(message, Chat):
        return {"type": "chat", message.kind: message.value}
    if isinstance(message, TakeBack):
        return {"type": "take_back", "version": message.version}
    kinds: dict[type, str] = {Sync: "sync", Hint: "hint", Ping: "ping"}
    return {"type": kinds[type(message)]}


def error_frame(code: str, message: str, version: int | None = None) -> JSON:
    """An error frame: nothing changed; ``message`` is for people."""
    return {"type": "error", "code": code, "message": message, "version": version}


def action_json(action: Action, hand: set[str]) -> JSON:
    """A legal action for the client: ``card`` names the hand card it plays, if any.

    >>> from tricktable import Action
    >>> action_json(Action(3, "play", 5, "play R5"), {"R5"})
    {'id': 3, 'kind': 'play', 'text': 'play R5', 'card': 'R5'}
    """
    rest = action.text.partition(" ")[2]
    return {"id": action.id, "kind": action.kind, "text": action.text,
            "card": rest if rest in hand else None}


def results_json(results: Sequence[HandResult], cache: JSON | None = None) -> list[JSON]:
    """The hands' results as a frame carries them (``to_json()``), every trick
    (``trick_history``) of the last hand only, which the end-of-hand summary shows; earlier
    hands' are in the record. Made once per broadcast when given its ``cache``.

    >>> import tricktable
    >>> game = tricktable.new_game("sixtysix", seed=1)
    >>> while len(game.results) < 2:
    ...     _ = game.apply(game.legal_actions()[0])
    >>> [len(r["trick_history"]) > 0 for r in results_json(game.results)]
    [False, True]
    """
    if cache is not None and "results" in cache:
        found: list[JSON] = cache["results"]
        return found
    sent = [result.to_json() for result in results]
    for earlier in sent[:-1]:
        earlier["trick_history"] = []
    if cache is not None:
        cache["results"] = sent
    return sent


def dumps(frame: JSON) -> str:
    """A frame as compact JSON text."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)
