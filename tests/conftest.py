"""Test-suite setup: make the shared test helpers importable from every test module.

The helpers live in the ``conformance`` package beside this file
(``conformance.support``, ``conformance.invariants``); pytest's default import
mode already puts this directory on ``sys.path``, this makes it explicit so the
suite also runs under ``--import-mode=importlib``.

It also registers a sixth game that lives only here (``extra_game/whist.py``),
through the public registry: every test that runs over the registered games
(conformance, research adapters, server, terminal, browser) plays it too.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import extra_game.whist  # noqa: E402, F401  (registers the test-only game "whist")
