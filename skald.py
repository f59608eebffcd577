#!/usr/bin/env python3
"""Run Skald from a fresh checkout with nothing but Python 3.11+.

    python3 skald.py serve      # the service, on embedded PostgreSQL and Redis
    python3 skald.py test       # the whole test suite
    python3 skald.py <command>  # any other `skald` command (token, migrate, projections, ...)

On first use (and whenever the pinned dependencies change) it creates a
virtual environment in .venv and installs the project into it.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("SKALD_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".skald-installed"


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "requirements.lock"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def ensure_environment() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by an older Python
        sys.exit(f"Skald needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = _fingerprint()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text() == wanted:
        return
    print(f"Setting up {VENV} (first run or dependencies changed) ...", file=sys.stderr, flush=True)
    if not PYTHON.exists():
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    pip = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-r", str(ROOT / "requirements.lock")], check=True)
    subprocess.run([*pip, "--no-deps", "-e", str(ROOT)], check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    ensure_environment()
    os.chdir(ROOT)
    runs_tests = argv[0] == "test"
    # The checkout's own temporary folder: pytest prunes old folders under a shared one, which
    # would pull the servers' data out from under a test run of another checkout.
    own_tmp = [] if any(a.startswith("--basetemp") for a in argv) else [f"--basetemp={ROOT / '.test-tmp'}"]
    command = ([str(PYTHON), "-m", "pytest", *own_tmp, *argv[1:]] if runs_tests
               else [str(BIN / "skald"), *argv])
    # Replace this process so signals (Ctrl-C, SIGTERM) reach the service directly.
    os.execv(command[0], command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
