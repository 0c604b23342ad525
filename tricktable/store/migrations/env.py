"""Alembic environment: migrate the connection the store hands over, or a URL.

``SqlStore`` passes its open connection in ``config.attributes["connection"]``;
run by hand, ``alembic -x url=sqlite:///games.db upgrade head`` works too.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from tricktable.store.sql import make_engine, metadata


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    """Upgrade the given connection, or open the URL given with ``-x url=``."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("give the database with -x url=...")
    engine = make_engine(url)
    with engine.begin() as owned:
        _migrate(owned)
    engine.dispose()


if getattr(context, "config", None) is not None:  # run by Alembic, not imported by a tool
    run()
