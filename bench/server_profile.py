"""Where a server process spends its busy time while a measurement runs: a sampling profile.

``recording(pid, path)`` runs ``py-spy record`` (``pip install py-spy``; not a dependency of
the project) against the server for the length of an ``async with`` block, writing py-spy's raw
format: one line per distinct stack, ``frame;frame;...;frame count``, outermost frame first.
``summary(path)`` reads it back and splits the samples two ways:

* by role, the first of these on the stack: the in-process projector, the command pipeline
  (with the event store it calls), the queries (reads), token checks, the rest of the gateway;
  a stack with none of them is the HTTP server, the event loop or the interpreter;
* by the library the sampled frame itself runs in (the innermost frame): asyncpg, redis, uvicorn
  and httptools, litestar, msgspec, structlog, prometheus_client, asyncio, Skald's own code.

Idle time is not sampled (py-spy's default), so the shares are of the server's busy time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

# The first of these found anywhere on a stack names its role.
ROLES = (
    ("services/adapters/projector.py", "projector (in process)"),
    ("services/application/pipeline.py", "command pipeline and event store"),
    ("services/adapters/group_commit.py", "command pipeline and event store"),
    ("services/adapters/event_store.py", "command pipeline and event store"),
    ("services/application/queries.py", "queries (reads)"),
    ("services/adapters/tokens.py", "token checks"),
    ("services/entrypoints/http/", "gateway (routes, body checks)"),
    ("services/entrypoints/grpc/", "gRPC gateway"),
    ("services/application/metrics.py", "metrics"),
)
LIBRARIES = (
    ("asyncpg", "asyncpg (PostgreSQL client)"),
    ("redis", "redis-py (Redis client)"),
    ("uvicorn", "uvicorn"),
    ("httptools", "httptools"),
    ("litestar", "litestar"),
    ("msgspec", "msgspec"),
    ("structlog", "structlog (logging)"),
    ("logging/", "logging"),
    ("prometheus_client", "prometheus_client"),
    ("asyncio", "asyncio (event loop)"),
    ("uvloop", "uvloop (event loop)"),
    ("/domain/", "Skald domain (rules)"),
    ("/services/", "Skald services"),
    ("/contracts/", "Skald contracts"),
)


def py_spy() -> str | None:
    """The py-spy executable: ``SKALD_PY_SPY``, else on PATH."""
    return os.environ.get("SKALD_PY_SPY") or shutil.which("py-spy")


@contextlib.asynccontextmanager
async def recording(pid: int, path: Path, rate: int | None = None) -> AsyncIterator[None]:
    """Sample process ``pid`` while the block runs; the raw stacks land in ``path``. Samples a
    second: ``rate``, else ``SKALD_PY_SPY_RATE``, else 250 (a short row needs more)."""
    rate = rate or int(os.environ.get("SKALD_PY_SPY_RATE", "250"))
    exe = py_spy()
    if exe is None:
        raise SystemExit("--profile needs py-spy: pip install py-spy (or set SKALD_PY_SPY)")
    proc = subprocess.Popen(
        [exe, "record", "--pid", str(pid), "--format", "raw", "--rate", str(rate),
         "--output", str(path), "--nonblocking"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    await asyncio.sleep(1.0)  # py-spy attaches before the measurement starts
    try:
        yield
    finally:
        proc.send_signal(signal.SIGINT)  # py-spy writes what it sampled and exits
        await asyncio.to_thread(proc.wait, 60)


def _frame_file(frame: str) -> str:
    # "function (path/to/file.py:123)" -> "path/to/file.py"
    return frame.rsplit("(", 1)[-1].split(":", 1)[0] if "(" in frame else frame


def _role(files: list[str]) -> str:
    for marker, role in ROLES:
        if any(marker in file for file in files):
            return role
    return "HTTP server, event loop, interpreter"


def _library(file: str) -> str:
    for marker, name in LIBRARIES:
        if marker in file:
            return name
    return "other"


def summary(path: Path) -> tuple[int, Counter[str], Counter[str]]:
    """Samples in all, and their counts by role and by the sampled frame's library."""
    roles: Counter[str] = Counter()
    libraries: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        files = [_frame_file(f) for f in stack.split(";")]
        roles[_role(files)] += count
        libraries[_library(files[-1])] += count
        total += count
    return total, roles, libraries


def print_summary(path: Path, title: str) -> None:
    total, roles, libraries = summary(path)
    print(f"\nprofile of the server during {title}: {total:,} samples of busy time ({path})")
    for heading, counts in (("by role", roles), ("by the sampled frame's library", libraries)):
        print(f"  {heading}:")
        for name, count in counts.most_common():
            print(f"    {name:<40} {count / max(total, 1):>6.1%}")
