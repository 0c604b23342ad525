"""``tricktable serve``: its options, a clean refusal of a bad database, a real start."""

from __future__ import annotations

from pathlib import Path

import httpx
from click.testing import CliRunner
from tt_server_support import ProcessServer

from tricktable.cli import main


def test_serve_lists_its_options() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--no-browser", "--bot-delay", "--away-timeout"):
        assert option in result.output


def test_a_bad_database_is_refused_in_one_line() -> None:
    result = CliRunner().invoke(main, ["serve", "--no-browser", "--db",
                                       "postgresql://nobody@127.0.0.1:1/none"])
    assert result.exit_code == 1
    assert "cannot open the database" in result.output and "Traceback" not in result.output


def test_serve_starts_with_sqlite_and_serves_the_lobby(tmp_path: Path) -> None:
    server = ProcessServer(str(tmp_path / "data" / "games.db")).start()
    try:
        assert "<!doctype html>" in httpx.get(f"{server.url}/").text
        assert httpx.get(f"{server.url}/api/health").json()["ok"] is True
    finally:
        server.kill()
    assert (tmp_path / "data" / "games.db").is_file()
