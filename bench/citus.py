"""A command's append on Citus (a coordinator and two workers) beside one PostgreSQL, same run.

Both targets run on this machine from the same PostgreSQL 18 build, fsync on: one embedded
PostgreSQL, and a Citus 14 cluster built from source (``tests.citus_build``, cached). Each gets a
fresh database, migrated by ``skald migrate`` (which distributes it on Citus), and is measured
through ``EventStore.append`` with a command record, as the pipeline appends a command:

* **cost**: one writer, one append at a time (the latency of a command's append), p50 and p95;
* **throughput**: ``--writers`` writers, each on its own campaign (group commit batches them;
  on Citus one delegated call per worker per batch), appends/s over ``--seconds``;
* **server CPU per append** during the throughput run, per server process tree (coordinator,
  each worker, or the one PostgreSQL), from /proc: what the prediction for more cores rests on.

Run from the repository root: ``python -m bench.citus`` (``--help`` for options). Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from services.adapters.embedded import EmbeddedPostgres
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.application.records import CommandRecord, NewEvent
from services.entrypoints.logging import configure as configure_logging
from tests.citus_cluster import citus_cluster
from tests.conftest import with_database

TICKS = os.sysconf("SC_CLK_TCK")


def _tree_cpu(root_pid: int) -> float:
    """CPU seconds of a postmaster and its live children (and the children it has reaped)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == root_pid or ppid == root_pid:
            total += (int(fields[11]) + int(fields[12])) / TICKS
            if pid == root_pid:
                total += (int(fields[13]) + int(fields[14])) / TICKS
    return total


@dataclass
class Figures:
    p50_ms: float
    p95_ms: float
    appends_per_s: float
    cpu_ms_per_append: dict[str, float]


def _append_args(campaign: str, n: int) -> tuple[NewEvent, CommandRecord]:
    command_id = f"cmd-{uuid.uuid4().hex[:12]}"
    event = NewEvent(stream_id=f"rolls/{campaign}", type="DiceRolled",
                     data={"expression": "2d6", "rolls": [3, 4], "total": 7, "n": n},
                     metadata={"actor": "bench", "command_id": command_id})
    record = CommandRecord(command_id=command_id, actor="bench", campaign_id=campaign,
                           type="RollDice", payload_sha256="0" * 64, reply={})
    return event, record


async def _measure(url: str, servers: dict[str, int], cost_appends: int, writers: int,
                   seconds: float) -> Figures:
    store = await EventStore.connect(url, min_size=4, max_size=16)
    try:
        # Warm: every pool connection (and on Citus its connections to the workers) opened.
        await asyncio.gather(*(store.append(f"warm-{i}", {}, [_append_args(f"warm-{i}", 0)[0]])
                               for i in range(32)))
        latencies = []
        campaign = f"cost-{uuid.uuid4().hex[:6]}"
        for n in range(cost_appends):
            event, record = _append_args(campaign, n)
            started = time.perf_counter()
            await store.append(campaign, {}, [event], command=record)
            latencies.append((time.perf_counter() - started) * 1000)
        latencies.sort()
        done = 0
        stop = time.monotonic() + seconds

        async def writer(w: int) -> None:
            nonlocal done
            cid = f"w{w}-{uuid.uuid4().hex[:6]}"
            n = 0
            while time.monotonic() < stop:
                event, record = _append_args(cid, n)
                await store.append(cid, {}, [event], command=record)
                n += 1
                done += 1

        cpu_before = {name: _tree_cpu(pid) for name, pid in servers.items()}
        started = time.monotonic()
        await asyncio.gather(*(writer(w) for w in range(writers)))
        elapsed = time.monotonic() - started
        cpu = {name: (_tree_cpu(pid) - cpu_before[name]) * 1000 / max(done, 1)
               for name, pid in servers.items()}
        return Figures(p50_ms=statistics.median(latencies),
                       p95_ms=latencies[int(len(latencies) * 0.95) - 1],
                       appends_per_s=done / elapsed, cpu_ms_per_append=cpu)
    finally:
        await store.close()


@contextmanager
def _one_postgres(folder: Path) -> Iterator[EmbeddedPostgres]:
    server = EmbeddedPostgres(folder / "postgres")
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def _fresh(url: str, prepare: object = None) -> str:
    name = f"skald_bench_{uuid.uuid4().hex[:8]}"
    if prepare is not None:
        await prepare.create_database(name)  # type: ignore[attr-defined]
    target = with_database(url, name)
    await migrate(target)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cost-appends", type=int, default=300)
    parser.add_argument("--writers", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    configure_logging("console", "warning")
    results: dict[str, Figures] = {}
    with tempfile.TemporaryDirectory(prefix="skald-bench-citus-") as tmp:
        folder = Path(tmp)
        with _one_postgres(folder) as pg:
            assert pg.url is not None and pg.pid is not None
            url = asyncio.run(_fresh(pg.url))
            results["one PostgreSQL"] = asyncio.run(_measure(
                url, {"postgres": pg.pid}, args.cost_appends, args.writers, args.seconds))
        with citus_cluster(folder / "citus") as cluster:
            url = asyncio.run(_fresh(cluster.url, cluster))
            servers = {"coordinator": cluster.coordinator.pid or 0}
            for i, worker in enumerate(cluster.workers, start=1):
                servers[f"worker {i}"] = worker.pid or 0
            results["Citus, coordinator + 2 workers"] = asyncio.run(_measure(
                url, servers, args.cost_appends, args.writers, args.seconds))
    base = results["one PostgreSQL"]
    print(f"\nA command's append (EventStore.append with its command record), fsync on, "
          f"{os.cpu_count()} cores shared by client and servers; throughput: {args.writers} "
          f"writers on their own campaigns for {args.seconds:g} s\n")
    print("| target | append p50 | p95 | appends/s | vs one PostgreSQL | server CPU per append |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, f in results.items():
        cpu = ", ".join(f"{k} {v:.2f} ms" for k, v in f.cpu_ms_per_append.items())
        print(f"| {name} | {f.p50_ms:.2f} ms | {f.p95_ms:.2f} ms | {f.appends_per_s:,.0f} | "
              f"{f.appends_per_s / base.appends_per_s:.2f}x rate, "
              f"{f.p50_ms / base.p50_ms:.2f}x p50 | {cpu} |")
    citus = results["Citus, coordinator + 2 workers"]
    coord = citus.cpu_ms_per_append["coordinator"]
    # Each append runs on one worker: the workers' CPU summed is one append's worker cost.
    worker = sum(v for k, v in citus.cpu_ms_per_append.items() if k.startswith("worker"))
    single = base.cpu_ms_per_append["postgres"]
    print("\nPrediction where the servers are CPU-bound and each node has its own cores (not "
          "the case here), campaigns spread evenly over the workers:")
    for cores in (2, 8, 16):
        line = [f"one PostgreSQL ~{cores * 1000 / single:,.0f}/s"]
        for workers in (2, 4, 8):
            limit = min(cores * 1000 / coord, workers * cores * 1000 / worker)
            line.append(f"Citus {workers} workers ~{limit:,.0f}/s")
        print(f"  {cores} cores per node: " + "; ".join(line)
              + f" (one coordinator caps Citus at ~{cores * 1000 / coord:,.0f}/s)")


if __name__ == "__main__":
    main()
