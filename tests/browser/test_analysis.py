"""Post-game analysis on the replay page: started, progress, then the seat's decisions,
the score swing plot and the costliest decisions; shown again at once on a reload; axe-core
finds no violation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tricktable.server import analysis_jobs

from .table_helpers import create_in_lobby, shot, take_turn, wait_my_turn
from .test_every_game import axe_violations


def test_the_replay_page_analyses_my_seat(page: Any, monkeypatch: Any, artifacts: Path) -> None:
    monkeypatch.setattr(analysis_jobs, "LIMITS", analysis_jobs.SearchLimits(worlds=2,
                                                                            seconds=0.05))
    room = create_in_lobby(page, "sixtysix", seed=None, options={"target": "1"}, name="Lea")
    while wait_my_turn(page, 0):
        take_turn(page)
    page.wait_for_function("() => document.body.dataset.phase === 'game_over'")
    page.goto(f"/replay/{room}")
    page.wait_for_function("() => document.body.dataset.analysis === 'none'")
    assert page.input_value("#analysis-seat") == "0"  # this browser's seat
    page.click("#analyse")
    page.wait_for_function("() => document.body.dataset.analysis === 'finished'", timeout=60_000)
    assert page.locator("#analysis-result svg[role=img]").count() == 1
    rows = page.locator("#analysis-result table.decisions tbody tr").count()
    assert rows > 0
    costly = page.locator("#analysis-result .costliest li").count()
    assert costly <= 3
    problems = axe_violations(page)
    shot(page, artifacts, "replay-analysis")
    page.reload()
    page.wait_for_function("() => document.body.dataset.analysis === 'finished'")
    assert page.locator("#analysis-result table.decisions tbody tr").count() == rows
    assert not page.locator("#analyse").is_visible()
    assert re.search(r"\d+ decisions reviewed", page.inner_text("#analysis-result"))
    assert problems == []
