"""Measuring calls: latencies, calls per second, and the CPU time processes spend on them.

``measure`` runs a number of calls with a number in flight and returns a ``Result``: its
latencies and, on Linux, the CPU time the server process used meanwhile (``/proc``), and with
``by_process`` every process's on the machine, grouped by role.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

Call = Callable[[], Awaitable[None]]


@dataclass
class Result:
    name: str
    in_flight: int
    calls: int
    seconds: float
    latencies: list[float]
    server_cpu: float | None = None  # CPU seconds the server process used during the calls
    cpu: dict[str, float] | None = None  # CPU seconds by process role (``--cpu``)

    @property
    def p99(self) -> float:
        lat = sorted(self.latencies)
        return lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000

    def row(self) -> str:
        p50, p99 = statistics.median(self.latencies) * 1000, self.p99
        cpu = "" if self.server_cpu is None else f" {self.server_cpu / self.calls * 1e6:>15.0f}"
        return (f"{self.name:<22} {self.in_flight:>9} {self.calls:>7} "
                f"{self.calls / self.seconds:>10.0f} {p50:>9.2f} {p99:>9.2f}{cpu}")


def _name_and_cpu(stat: Path) -> tuple[str, float]:
    """A process's command name and the CPU seconds (user + system) it has used so far."""
    text = stat.read_text()
    fields = text.rsplit(")", 1)[1].split()
    return (text[text.index("(") + 1:text.rindex(")")],
            (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))


def cpu_by_process(server_pid: int) -> dict[str, float]:
    """CPU seconds used so far by every process on the machine (Linux), grouped by role: this
    client, the server, PostgreSQL, Redis, other Python processes (a projector), the rest."""
    used: dict[str, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, cpu = _name_and_cpu(stat)
        except OSError:
            continue  # the process ended
        pid = int(stat.parent.name)
        role = ("client" if pid == os.getpid() else "server" if pid == server_pid
                else "postgres" if name.startswith("postgres") else "redis" if "redis" in name
                else "other python" if name.startswith("python") or name == "skald" else "rest")
        used[role] = used.get(role, 0.0) + cpu
    return used


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) process ``pid`` has used so far; None off Linux."""
    try:
        return _name_and_cpu(Path(f"/proc/{pid}/stat"))[1]
    except OSError:
        return None


async def measure(name: str, make_call: Callable[[int], Call], calls: int, in_flight: int,
                  warmup: int, server_pid: int, by_process: bool = False) -> Result:
    workers = [make_call(i) for i in range(in_flight)]
    for k in range(warmup):
        await workers[k % in_flight]()
    latencies: list[float] = []
    remaining = calls

    async def worker(call: Call) -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            start = time.perf_counter()
            await call()
            latencies.append(time.perf_counter() - start)

    roles = cpu_by_process(server_pid) if by_process else None
    began, cpu_before = time.perf_counter(), cpu_seconds(server_pid)
    await asyncio.gather(*(worker(w) for w in workers))
    seconds, cpu_after = time.perf_counter() - began, cpu_seconds(server_pid)
    used = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    if roles is not None:
        before, roles = roles, cpu_by_process(server_pid)
        roles = {role: cpu - before.get(role, 0.0) for role, cpu in roles.items()}
    return Result(name, in_flight, calls, seconds, latencies, used, roles)
