"""The servers ``bench/live_fanout.py`` measures: the one-process gateway of ``bench/roundtrip.py``,
``skald serve --workers N``, or the one-process gateway under cProfile; their pids, memory and
CPU as ``/proc`` tells them."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from bench.measuring import cpu_seconds
from bench.roundtrip import free_port


class Server:
    """The server under test: one process (``bench.roundtrip``'s) or ``serve --workers N``."""

    def __init__(self, proc: subprocess.Popen[str], port: int, grpc_port: int) -> None:
        self.proc, self.port, self.grpc_port = proc, port, grpc_port
        self.profiled = False

    def pids(self) -> list[int]:
        """The serving processes: uvicorn's workers (its supervisor serves nothing, and the
        multiprocessing resource tracker beside them neither), or the one process."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        kids = [int(p) for p in children.read_text().split()] if children.exists() else []
        return [pid for pid in kids if not _is_resource_tracker(pid)] or [self.proc.pid]

    def rss_kib(self) -> int:
        return sum(rss_kib(pid) for pid in self.pids())

    def cpu(self) -> float:
        return sum(cpu_seconds(pid) or 0.0 for pid in self.pids())

    def stop(self) -> None:
        if self.profiled:  # the stats first (bench.profiled_server)
            self.proc.send_signal(signal.SIGUSR1)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=30)
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=15)


def _is_resource_tracker(pid: int) -> bool:
    try:
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # gone already
        return False


def start_workers(url: str, redis_url: str, workers: int) -> Server:
    """``skald serve --workers N`` against the given servers: uvicorn's workers, each building
    its app (gateway, gRPC on a shared port, projector worker) from the environment."""
    port, grpc_port = free_port(), free_port()
    env = {**os.environ, "SKALD_DATABASE_URL": url, "SKALD_REDIS_URL": redis_url,
           "SKALD_GRPC_PORT": str(grpc_port), "SKALD_GRPC_REUSE_PORT": "1",
           "SKALD_RUN_PROJECTOR": "1", "SKALD_LOG_LEVEL": "warning"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "services.entrypoints.workers:gateway_from_env", "--factory",
         "--workers", str(workers), "--host", "127.0.0.1", "--port", str(port), "--loop",
         "uvloop", "--http", "httptools", "--log-level", "warning"],
        text=True, cwd=Path(__file__).resolve().parent.parent, env=env)
    deadline = time.monotonic() + 60

    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"GET /readyz HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n")
                if b" 200 " in sock.recv(100):
                    time.sleep(2.0)  # every worker up, not only the first
                    return Server(proc, port, grpc_port)
        except OSError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("serve --workers did not start")


def start_profiled(url: str, redis_url: str, out: str) -> Server:
    """The one-process server under cProfile (``bench.profiled_server``), stats to ``out``."""
    port, grpc_port = free_port(), free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.profiled_server", out, "--serve", url, redis_url,
         str(port), str(grpc_port), "fast"],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parent.parent,
        env={**os.environ, "SKALD_LOG_LEVEL": "warning"})
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        proc.kill()
        raise SystemExit("the profiled server did not start")
    server = Server(proc, port, grpc_port)
    server.profiled = True
    return server


def load_averages() -> str:
    return " / ".join(f"{v:.1f}" for v in os.getloadavg())


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
