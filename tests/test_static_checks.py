"""ruff on the whole tree and mypy --strict on every package (domain, contracts, services), as part
of the one test command.

The only code mypy skips is ``services/entrypoints/grpc/generated/`` (protoc's output; pyproject.toml
excludes it and ignores its errors, while its ``.pyi`` still types the message fields for the
checked code). asyncpg, grpc and protobuf are typed by their stub packages (pinned in the test
extra); grpc_tools, which has none, is the one library pyproject.toml lets be untyped.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("domain", "contracts", "services")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          check=False)


def test_ruff_finds_nothing() -> None:
    done = run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_on_every_package() -> None:
    done = run("mypy", "--strict", *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr
    # every package is really read: a path typo or an exclude that swallowed a package would
    # still pass with fewer files
    checked = int(done.stdout.rsplit(" in ", 1)[1].split()[0])
    on_disk = sum(1 for package in CHECKED for path in (ROOT / package).rglob("*.py")
                  if "generated" not in path.relative_to(ROOT).parts)
    assert checked == on_disk, done.stdout
