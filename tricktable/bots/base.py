"""The bot interface: choose an action from a seat's view and the legal actions."""

from __future__ import annotations

from typing import Any, Protocol

from tricktable.engine.actions import Action


class Bot(Protocol):
    """A player: given only what its seat sees, pick one of the legal actions."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The action to take; ``legal`` is never empty."""
        ...


class Watcher(Bot, Protocol):
    """A bot that also watches the table: ``observe`` is called with its view
    each time a trick is completed (see :func:`tricktable.bots.show_trick`)."""

    def observe(self, view: dict[str, Any]) -> None:
        """Remember what the view shows."""
        ...
