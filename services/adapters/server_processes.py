"""Process and port helpers shared by the embedded PostgreSQL and Redis servers.

Each server runs as a child process (or a daemon PostgreSQL starts) under a local data folder;
these helpers find, signal and wait for such processes, pick free ports, read log tails, and
hold the per-folder advisory lock that tells a stale server from one a live process owns.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import IO

import structlog

log = structlog.get_logger()

START_ATTEMPTS = 5
STOP_TIMEOUT_S = 30.0
READY_TIMEOUT_S = 60.0
BIND_FAILURES = ("Address already in use", "could not bind", "could not create any TCP/IP")


class EmbeddedServerError(RuntimeError):
    """An embedded server could not be started or stopped."""


class DataDirInUseError(EmbeddedServerError):
    """Another live process owns the servers of this data folder."""



_HAS_PROC = Path("/proc/self/stat").exists()


def process_state(pid: int) -> str | None:
    """State letter of a process (R, S, Z, ...), '?' when unknown, None when there is none."""
    if pid <= 0:
        return None
    if _HAS_PROC:
        try:
            text = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return None
        # The command name in parentheses may itself hold spaces or parentheses.
        return text.rsplit(")", 1)[1].split()[0]
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return "?"
    out = subprocess.run(
        ["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True, check=False
    ).stdout.strip()
    return out[:1] or None


def pid_alive(pid: int) -> bool:
    """True when the process exists and is not a zombie awaiting its (possibly absent) reaper."""
    state = process_state(pid)
    return state is not None and state not in ("Z", "X")


def cmdline(pid: int) -> str:
    if _HAS_PROC:
        try:
            raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return ""
        return raw.replace(b"\0", b" ").decode(errors="replace").strip()
    return subprocess.run(
        ["ps", "-o", "command=", "-p", str(pid)], capture_output=True, text=True, check=False
    ).stdout.strip()


def children(pid: int) -> list[int]:
    if not _HAS_PROC:
        return []
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def wait_gone(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while pid_alive(pid):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True


def send_signal(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


def terminate(pid: int, timeout_s: float = STOP_TIMEOUT_S) -> None:
    """SIGTERM, then SIGKILL if the process outlives the timeout."""
    send_signal(pid, signal.SIGTERM)
    if not wait_gone(pid, timeout_s):
        log.warning("embedded.kill", pid=pid, reason="did not exit on SIGTERM")
        send_signal(pid, signal.SIGKILL)
        wait_gone(pid, timeout_s)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def read_from(path: Path, offset: int) -> str:
    try:
        with path.open("rb") as f:
            f.seek(offset)
            return f.read().decode(errors="replace")
    except FileNotFoundError:
        return ""


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def tail(text: str, lines: int = 20) -> str:
    return "\n".join(text.splitlines()[-lines:])


class DirLock:
    """Exclusive advisory lock; the kernel drops it when its owner dies, even by SIGKILL."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        if self._file is not None:
            return
        f = self.path.open("a+")
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            raise DataDirInUseError(
                f"{self.path.parent} is in use by another live process ({self.path.name} is locked)"
            ) from None
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing drops the lock
            self._file = None


# --- PostgreSQL ------------------------------------------------------------------------------

