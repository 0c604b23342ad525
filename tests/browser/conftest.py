"""Browser tests: Playwright drives Debian's Chromium (no browser download).

Chromium is taken from ``TRICKTABLE_CHROMIUM`` or ``/usr/bin/chromium``
(``apt-get install -y chromium``); without it these tests fail and say so.
Screenshots go to ``TRICKTABLE_ARTIFACTS`` or ``test-artifacts/browser``.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SERVER_TESTS = str(Path(__file__).resolve().parent.parent / "server")
if SERVER_TESTS not in sys.path:
    sys.path.insert(0, SERVER_TESTS)

with warnings.catch_warnings():  # Starlette's TestClient prefers httpx2; httpx works
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from tt_server_support import ThreadServer

from tricktable.server import ServerConfig  # noqa: E402
from tricktable.store import MemoryStore  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
CHROMIUM = os.environ.get("TRICKTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots are kept."""
    folder = Path(os.environ.get("TRICKTABLE_ARTIFACTS", ROOT / "test-artifacts" / "browser"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def server() -> Iterator[ThreadServer]:
    """The app on a free loopback port; bots wait a little so the page can follow; the
    compiled solver loaded at start, as ``tricktable serve`` does."""
    # every browser test shares this server and its one address: the new-room limit (tested
    # in tests/server/test_limits.py) is raised so the tests' own rooms never meet it
    config = ServerConfig(bot_delay=0.02, away_timeout=300, warm_solver=True,
                          rooms_per_minute=10_000, rooms_burst=10_000)
    with ThreadServer(config, MemoryStore()) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, one per test module: Playwright's sync API keeps
    an event loop running while it is open, which would break later tests that start
    their own (asyncio.run) if it stayed open for the whole session."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM}: "
                    "apt-get install -y chromium (or set TRICKTABLE_CHROMIUM)", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call":
        item.stash[FAILED] = report.failed


FAILED = pytest.StashKey[bool]()
NO_TRICK_PAUSE = "localStorage.setItem('tricktable.speed', 'fast')"
"""Pages under test show each finished trick no longer than the frames take (one test
checks the pause itself)."""


@pytest.fixture
def page(browser: Any, server: ThreadServer, artifacts: Path,
         request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (own storage), failing the test on any script error.

    A failed test leaves a screenshot of its page: ``FAILED-<test>.png``.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server.url)
    context.add_init_script(NO_TRICK_PAUSE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: errors.append(message.text)
           if message.type == "error" else None)
    tab.set_default_timeout(15_000)
    yield tab
    if request.node.stash.get(FAILED, False):
        name = "".join(c if c.isalnum() or c in "-_" else "_" for c in request.node.name)
        tab.screenshot(path=str(artifacts / f"FAILED-{name}.png"), full_page=True)
    context.close()
    assert not errors, f"the page logged errors: {errors}"


PHONE = {"width": 390, "height": 844}
"""A phone's screen, in CSS pixels."""


@pytest.fixture
def phone(browser: Any, server: ThreadServer) -> Iterator[Any]:
    """A fresh page at a phone's size, with touch; the test fails on a script error."""
    context = browser.new_context(viewport=PHONE, base_url=server.url, has_touch=True)
    context.add_init_script(NO_TRICK_PAUSE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(15_000)
    yield tab
    context.close()
    assert not errors, errors
