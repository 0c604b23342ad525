"""Test-suite setup: make the shared test helpers importable from every test module.

The helpers live in the ``conformance`` package beside this file
(``conformance.support``, ``conformance.invariants``); pytest's default import
mode already puts this directory on ``sys.path``, this makes it explicit so the
suite also runs under ``--import-mode=importlib``.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
