"""Server tests: fixtures, and the ``postgres`` marker.

Tests marked ``postgres`` need a real PostgreSQL: they run when
``TRICKTABLE_TEST_POSTGRES_URL`` is set (CI sets it). Without it they are
deselected, not passed or skipped; asking for them explicitly
(``pytest -m postgres``) without the URL fails them with a message saying so.
"""

from __future__ import annotations

import os
import secrets
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

with warnings.catch_warnings():  # Starlette's TestClient prefers httpx2; httpx works
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from tt_server_support import POSTGRES_ENV, app_client

from tricktable.server import ServerConfig  # noqa: E402
from tricktable.store import MemoryStore  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"postgres: needs a PostgreSQL server; runs when {POSTGRES_ENV} is set")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(POSTGRES_ENV):
        return
    if "postgres" in (config.option.markexpr or ""):
        return  # asked for by name: the fixture fails them with a clear message
    chosen, dropped = [], []
    for item in items:
        (dropped if item.get_closest_marker("postgres") else chosen).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = chosen


@pytest.fixture
def postgres_url() -> str:
    """The PostgreSQL URL to test against (fails when it is not given)."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f"the PostgreSQL tests need {POSTGRES_ENV}, e.g. "
                    f"postgresql://postgres@127.0.0.1:5432/test", pytrace=False)
    return url


@pytest.fixture
def postgres_schema_url(postgres_url: str) -> Iterator[str]:
    """The PostgreSQL URL of a fresh schema of the test database, dropped afterwards."""
    from sqlalchemy import create_engine, text

    from tricktable.store.sql import normalise_url

    schema = f"tt_{secrets.token_hex(6)}"
    admin = create_engine(normalise_url(postgres_url))
    with admin.begin() as connection:
        connection.execute(text(f'create schema "{schema}"'))
    joiner = "&" if "?" in postgres_url else "?"
    try:
        yield f"{postgres_url}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'drop schema "{schema}" cascade'))
        admin.dispose()


@pytest.fixture
def client() -> Iterator[object]:
    """A TestClient of an app with a memory store and bots that do not wait."""
    with app_client(ServerConfig(bot_delay=0.0), MemoryStore()) as test_client:
        yield test_client
