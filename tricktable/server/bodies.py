"""The bodies of the app's POST requests, each field limited.

>>> CreateBody(game="rook").rated, JoinBody(name="Ann").player_key is None
(True, True)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tricktable.server.chat import CHAT_MODES
from tricktable.server.common import Body
from tricktable.server.players import MAX_KEY_CHARS

OptionValue = bool | int | float | str | None


class SeatBody(Body):
    """A seat of a new room."""

    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40)


class CreateBody(Body):
    """POST /api/rooms."""

    game: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=40)
    seats: list[SeatBody] | None = Field(default=None, max_length=16)
    name: str | None = Field(default=None, max_length=200)
    seat: int | None = Field(default=None, ge=0, le=15)
    seed: int | None = Field(default=None, ge=0, lt=2**32)
    player_key: str | None = Field(default=None, max_length=MAX_KEY_CHARS)  # seat it for them
    rated: bool = True  # counts for the ratings (never with a chosen seed)
    chat: CHAT_MODES = "presets"  # the table chat: preset phrases and emotes, free text, off


class JoinBody(Body):
    """POST /api/rooms/{id}/join."""

    name: str = Field(default="", max_length=200)
    seat: int | None = Field(default=None, ge=0, le=15)
    player_key: str | None = Field(default=None, max_length=MAX_KEY_CHARS)
