"""ruff on the whole tree and mypy --strict on the pure layers, as part of the one test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          check=False)


def test_ruff_finds_nothing() -> None:
    done = run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_on_domain_and_contracts() -> None:
    done = run("mypy", "--strict", "domain", "contracts")
    assert done.returncode == 0, done.stdout + done.stderr
