"""The web app: rooms, seats, bots and a card table in the browser.

``create_app`` builds the ASGI app; ``tricktable serve`` runs it. See
docs/server.md for the routes and docs/protocol.md for the websocket messages.
"""

from __future__ import annotations

from tricktable.server.app import create_app
from tricktable.server.common import ServerConfig

__all__ = ["ServerConfig", "create_app"]
