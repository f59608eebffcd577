#!/usr/bin/env python3
"""Run Skald from a fresh checkout with nothing but Python 3.11+.

usage: python3 skald.py COMMAND [ARGS]   (python3 skald.py COMMAND --help: its options)

commands:
  serve                   the service (HTTP, gRPC, the projector) on embedded PostgreSQL and Redis
  projector               projector workers only (no gateway)
  migrate                 apply database migrations
  token create|list|revoke  manage API tokens
  projections rebuild     drop and rebuild the read models from the log
  export CAMPAIGN         write a campaign's event log as JSON Lines
  import FILE             load an export into a store without that campaign
  verify FILE             check an export with no database; non-zero on failure
  proto generate          regenerate the gRPC contract (contracts/proto) from the Structs
  test [PYTEST ARGS]      the test suite (pytest)
  fuzz [--requests N]     the OpenAPI fuzz run (bench/fuzz.py)

On first use (and whenever the pinned dependencies change) it creates a
virtual environment in .venv and installs the project into it.
"""

from __future__ import annotations

import functools
import hashlib
import os
import subprocess
import sys
import venv
from collections.abc import Callable
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
    say = functools.partial(print, file=sys.stderr, flush=True)
    say(f"skald: setting up {VENV} (first run or dependencies changed); this takes a minute or two")
    if not PYTHON.exists():
        say("skald: [1/3] creating the virtual environment")
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    pins = [line for line in (ROOT / "requirements.lock").read_text().splitlines()
            if line.strip() and not line.lstrip().startswith(("#", "-"))]
    say(f"skald: [2/3] installing {len(pins)} pinned dependencies from requirements.lock")
    _pip_with_progress(["-r", str(ROOT / "requirements.lock")], len(pins), say)
    say("skald: [3/3] installing Skald itself (editable)")
    _pip_with_progress(["--no-deps", "-e", str(ROOT)], 1, say)
    STAMP.write_text(wanted)
    say("skald: environment ready")


def _pip_with_progress(args: list[str], total: int, say: Callable[..., None]) -> None:
    """Run pip, showing one line per package it fetches; on failure, show pip's own output."""
    command = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check",
               "--progress-bar", "off", *args]
    seen: list[str] = []
    count = 0
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            seen.append(line)
            if line.startswith(("Collecting ", "Processing ", "Obtaining ")):
                count += 1
                step = f"[{count}/{total}]" if count <= total else "[build]"
                say(f"skald:       {step} {Path(line.split()[1]).name}")
            elif line.startswith("Installing collected packages"):
                say("skald:       installing the downloaded packages")
    if proc.returncode != 0:
        sys.stderr.write("".join(seen[-40:]))
        sys.exit(f"skald: pip failed (exit {proc.returncode}); its output is above")


def ensure_fuzz_extra() -> None:
    """Install the pinned ``fuzz`` extra of pyproject.toml into .venv when it is missing."""
    import tomllib

    pins = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["fuzz"]
    have = subprocess.run([str(PYTHON), "-m", "pip", "show", "--disable-pip-version-check",
                           *[p.split("==")[0] for p in pins]], capture_output=True, text=True,
                          check=False).stdout
    versions = dict(zip((line.split(": ", 1)[1] for line in have.splitlines()
                         if line.startswith("Name: ")),
                        (line.split(": ", 1)[1] for line in have.splitlines()
                         if line.startswith("Version: ")), strict=False))
    if all(versions.get(name) == version for name, version in (p.split("==") for p in pins)):
        return
    say = functools.partial(print, file=sys.stderr, flush=True)
    say(f"skald: installing the fuzz extra ({', '.join(pins)})")
    _pip_with_progress(pins, len(pins), say)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    ensure_environment()
    # Commands run from the checkout; the folder they were started from is passed on so a
    # second terminal finds the 'serve' started from the same folder (services/adapters/running_services).
    os.environ.setdefault("SKALD_LAUNCH_DIR", os.getcwd())
    os.chdir(ROOT)
    if argv[0] == "fuzz":
        ensure_fuzz_extra()
        os.execv(str(PYTHON), [str(PYTHON), "-m", "bench.fuzz", *argv[1:]])
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
