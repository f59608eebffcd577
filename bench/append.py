"""Append throughput of the event store against raw asyncpg inserts of the same rows.

Both sides run in the same process against the same server and database, one after the
other, at each writer count:

* the store: ``EventStore.append`` into ``events`` (per-campaign advisory lock, expected
  version check, ``RETURNING``, optional command record, ``pg_notify``);
* the baseline: plain asyncpg inserts into ``bench_events``, a copy of ``events``
  (``LIKE events INCLUDING ALL``: same columns, types, defaults, constraints and indexes)
  without its triggers.

Every writer appends to its own campaign and stream, so writers never wait on each other's
locks. Both sides take a connection from a pool of the same size for every commit. Event
counts are fixed (``--events``) and each measurement has a time limit (``--timeout``); the
figures are printed, never asserted.

Run from the repository root: ``python -m bench.append`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bench.append_writers import BENCH_TABLE, RawWriter, StoreWriter, create_bench_table
from bench.eventsourcing_recorder import eventsourcing_rate
from services.adapters.embedded import EmbeddedPostgres
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.entrypoints.logging import configure as configure_logging

BENCH_DATABASE = "skald_bench"
ES_LABEL = "eventsourcing"

# One appended batch per call; returns the number of events written.
Step = Callable[[], Awaitable[int]]


# --- measuring ---------------------------------------------------------------------------------


def split(total: int, parts: int) -> list[int]:
    """``total`` spread over ``parts`` as evenly as possible."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


async def measure(steps: Sequence[Step], appends: int, warmup: int, timeout: float) -> float:
    """Events per second of ``appends`` calls spread over the concurrent ``steps``."""

    async def run(step: Step, count: int) -> int:
        written = 0
        for _ in range(count):
            written += await step()
        return written

    await asyncio.gather(*(run(step, warmup) for step in steps))
    async with asyncio.timeout(timeout):
        started = time.perf_counter()
        written = await asyncio.gather(
            *(run(step, count) for step, count in zip(steps, split(appends, len(steps)),
                                                      strict=True)))
        elapsed = time.perf_counter() - started
    return sum(written) / elapsed


@dataclass(frozen=True)
class Row:
    scenario: str
    writers: int
    store: float
    raw: float


@dataclass(frozen=True)
class Options:
    events: int
    writers: list[int]
    batch: int
    warmup: int
    repeat: int
    timeout: float


class Bench:
    def __init__(self, store: EventStore, pool: asyncpg.Pool, opts: Options) -> None:
        self.store = store
        self.pool = pool
        self.opts = opts
        self.run_id = uuid.uuid4().hex[:8]
        self.expected_store = 0
        self.expected_raw = 0
        self.expected_commands = 0
        self.es_url: str | None = None

    def campaign(self, label: str, writers: int, writer: int) -> str:
        return f"bench-{self.run_id}-{label}-{writers}w-{writer}"

    async def store_run(self, label: str, writers: int, batch: int, with_command: bool) -> float:
        steps = [StoreWriter(self.store, self.campaign(f"store-{label}", writers, w), batch,
                             with_command) for w in range(writers)]
        appends = max(self.opts.events // batch, writers)
        self.expected_store += (appends + writers * self.opts.warmup) * batch
        if with_command:
            self.expected_commands += appends + writers * self.opts.warmup
        return await measure(steps, appends, self.opts.warmup, self.opts.timeout)

    async def raw_run(self, label: str, writers: int, batch: int, mode: str) -> float:
        steps = [RawWriter(self.pool, self.campaign(f"raw-{label}", writers, w), batch, mode)
                 for w in range(writers)]
        appends = max(self.opts.events // batch, writers)
        self.expected_raw += (appends + writers * self.opts.warmup) * batch
        return await measure(steps, appends, self.opts.warmup, self.opts.timeout)

    async def run(self) -> list[Row]:
        """``--repeat`` rounds of every measurement; each figure is the median over rounds.

        Within a writer count the measurements run back to back, in reverse order on every
        other round, so a drift of the machine does not favour one side.
        """
        b = self.opts.batch
        plan: list[tuple[str, str, int, Any]] = [
            ("raw-single", "raw", 1, "row"),
            ("store-single", "store", 1, False),
            ("store-single-cmd", "store", 1, True),
            ("raw-batch-many", "raw", b, "executemany"),
            ("raw-batch-unnest", "raw", b, "unnest"),
            ("store-batch", "store", b, False),
        ]
        figures: dict[tuple[str, int], list[float]] = {}
        for round_ in range(self.opts.repeat):
            for w in self.opts.writers:
                for label, side, batch, how in plan if round_ % 2 == 0 else plan[::-1]:
                    name = f"{label}-r{round_}"
                    rate = (await self.store_run(name, w, batch, with_command=how)
                            if side == "store" else await self.raw_run(name, w, batch, mode=how))
                    figures.setdefault((label, w), []).append(rate)
                if self.es_url is not None:
                    rate = await asyncio.to_thread(eventsourcing_rate, self.es_url, w,
                                                   self.opts.events, self.opts.warmup)
                    figures.setdefault((ES_LABEL, w), []).append(rate)

        def med(label: str, w: int) -> float:
            return statistics.median(figures[(label, w)])

        rows: list[Row] = []
        for w in self.opts.writers:
            if (ES_LABEL, w) in figures:
                rows.append(Row("1 event/append, command, vs eventsourcing recorder", w,
                                med("store-single-cmd", w), med(ES_LABEL, w)))
            rows += [
                Row("1 event/append, no command", w, med("store-single", w),
                    med("raw-single", w)),
                Row("1 event/append, command", w, med("store-single-cmd", w),
                    med("raw-single", w)),
                Row(f"{b} events/append vs executemany", w, med("store-batch", w),
                    med("raw-batch-many", w)),
                Row(f"{b} events/append vs unnest", w, med("store-batch", w),
                    med("raw-batch-unnest", w)),
            ]
        return rows

    async def check(self) -> None:
        """Every timed row landed: the figures count real, committed events."""
        pattern = f"bench-{self.run_id}-%"
        store = await self.pool.fetchval(
            "SELECT count(*) FROM events WHERE campaign_id LIKE $1", pattern)
        raw = await self.pool.fetchval(
            f"SELECT count(*) FROM {BENCH_TABLE} WHERE campaign_id LIKE $1", pattern)
        commands = await self.pool.fetchval(
            "SELECT count(*) FROM commands WHERE campaign_id LIKE $1", pattern)
        found = (store, raw, commands)
        wanted = (self.expected_store, self.expected_raw, self.expected_commands)
        if found != wanted:
            raise SystemExit(f"row counts (events, {BENCH_TABLE}, commands) are {found},"
                             f" expected {wanted}")
        print(f"checked: {store} store events, {raw} raw rows, {commands} command records"
              " committed (warm-up included)")


# --- schema and servers ------------------------------------------------------------------------


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def fresh_database(admin_url: str) -> str:
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE}")
        await conn.execute(f"CREATE DATABASE {BENCH_DATABASE}")
    finally:
        await conn.close()
    return with_database(admin_url, BENCH_DATABASE)


async def bench(url: str, opts: Options, where: str) -> None:
    await migrate(url)
    pool_size = max(opts.writers)
    admin = await asyncpg.connect(url)
    try:
        await create_bench_table(admin)
        version = await admin.fetchval("SHOW server_version")
        fsync = await admin.fetchval("SHOW fsync")
        sync_commit = await admin.fetchval("SHOW synchronous_commit")
    finally:
        await admin.close()
    # Group commit needs only a few connections; the raw baseline one per writer.
    store = await EventStore.connect(url, min_size=2, max_size=min(pool_size, 10))
    pool = await asyncpg.create_pool(url, min_size=pool_size, max_size=pool_size)
    try:
        print(f"PostgreSQL {version} ({where}), fsync={fsync}, synchronous_commit={sync_commit};"
              f" {opts.events} events per measurement after {opts.warmup} warm-up"
              f" appends per writer; medians of {opts.repeat} rounds")
        runner = Bench(store, pool, opts)
        try:
            import eventsourcing  # noqa: F401
            runner.es_url = url
        except ImportError:
            print("(no eventsourcing baseline: pip install '.[bench]')")
        rows = await runner.run()
        print_table(rows)
        await runner.check()
    finally:
        await store.close()
        async with pool.acquire() as conn:
            await conn.execute(f"DROP TABLE IF EXISTS {BENCH_TABLE}")
            await conn.execute("DROP TABLE IF EXISTS bench_es_events")
        await pool.close()


def target(row: Row) -> str:
    """Issue 13's target for a row, where it sets one."""
    if "eventsourcing" in row.scenario:
        return ">= 3x"
    if row.scenario.startswith("1 event/append") and row.writers >= 64:
        return ">= 10,000 ev/s"
    if row.scenario.startswith("1 event/append") and row.writers == 8:
        return ">= 0.9x"
    return "-"


def print_table(rows: list[Row]) -> None:
    head = ("scenario", "writers", "store ev/s", "baseline ev/s", "store/baseline", "target")
    body = [(r.scenario, str(r.writers), f"{r.store:,.0f}", f"{r.raw:,.0f}",
             f"{r.store / r.raw:.2f}", target(r)) for r in rows]
    widths = [max(len(line[i]) for line in (head, *body)) for i in range(len(head))]

    def fmt(line: Sequence[str]) -> str:
        return "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                         for i, (cell, w) in enumerate(zip(line, widths, strict=True)))

    print()
    print(fmt(head))
    print("  ".join("-" * w for w in widths))
    for line in body:
        print(fmt(line))
    print()


def parse_args(argv: Sequence[str] | None) -> tuple[Options, str | None]:
    parser = argparse.ArgumentParser(
        description="Append throughput of the event store against raw asyncpg inserts.")
    parser.add_argument("--database-url", help="a PostgreSQL URL to use (default: start an"
                        f" embedded server with a fresh {BENCH_DATABASE} database)")
    parser.add_argument("--events", type=int, default=2000,
                        help="events per measurement (default 2000)")
    parser.add_argument("--writers", default="1,8",
                        help="comma-separated concurrent writer counts (default 1,8)")
    parser.add_argument("--batch", type=int, default=10, help="events per batched append")
    parser.add_argument("--warmup", type=int, default=5,
                        help="untimed appends per writer before each measurement")
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds of every measurement; figures are medians (default 3)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds allowed per measurement before giving up")
    args = parser.parse_args(argv)
    writers = [int(w) for w in args.writers.split(",") if w.strip()]
    if (args.events < 1 or args.batch < 1 or args.repeat < 1 or args.warmup < 0 or not writers
            or min(writers) < 1):
        parser.error("--events, --batch, --repeat and --writers must be positive,"
                     " --warmup not negative")
    opts = Options(args.events, writers, args.batch, args.warmup, args.repeat, args.timeout)
    return opts, args.database_url


def main(argv: Sequence[str] | None = None) -> None:
    opts, database_url = parse_args(argv)
    configure_logging(level="warning")  # server and migration logs go to stderr, quietly
    if database_url:
        asyncio.run(bench(database_url, opts, "given URL"))
        return
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        server = EmbeddedPostgres(Path(tmp))
        try:
            admin_url = server.start()
            url = asyncio.run(fresh_database(admin_url))
            asyncio.run(bench(url, opts, "embedded"))
        finally:
            server.stop()


if __name__ == "__main__":
    try:
        main()
    except TimeoutError:
        sys.exit("a measurement exceeded --timeout; try fewer --events")
