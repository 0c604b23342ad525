"""The codebase's own checks: lint, types, the README's example and commands."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_is_clean() -> None:
    result = _run(sys.executable, "-m", "ruff", "check", "tricktable", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_readme_python_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks, "the README has no Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r"^(python3 -m pip install -e '\.\[test\]' && python3 -m pytest)$",
                      README, flags=re.M)
    assert match, "the README's quick start lost its test command"
    assert match.group(1) in ci.splitlines()


def test_console_script_is_installed() -> None:
    script = shutil.which("tricktable")
    assert script is not None, "pip install -e . should install the tricktable command"
    result = _run(script, "--help")
    assert result.returncode == 0 and "play" in result.stdout
