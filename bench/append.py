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
import msgspec

from bench.eventsourcing_recorder import eventsourcing_rate
from services.adapters.embedded import EmbeddedPostgres
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.application.records import CommandRecord, NewEvent, payload_digest
from services.entrypoints.logging import configure as configure_logging

BENCH_DATABASE = "skald_bench"
BENCH_TABLE = "bench_events"
ES_LABEL = "eventsourcing"
EVENT_TYPE = "DiceRolled"
COMMAND_TYPE = "RollDice"

# One appended batch per call; returns the number of events written.
Step = Callable[[], Awaitable[int]]


# --- payloads ----------------------------------------------------------------------------------


def event_body(campaign_id: str, n: int) -> dict[str, Any]:
    """A dice roll of roughly 300 bytes of JSON, varying with ``n``."""
    faces = [(n * 7 + k * 5) % 6 + 1 for k in range(4)]
    top = sorted(range(4), key=lambda k: faces[k], reverse=True)[:3]
    kept = [faces[k] for k in top]
    return {
        "campaign_id": campaign_id,
        "character_id": f"chr_{n % 97:016x}",
        "expression": "4d6kh3+2",
        "terms": [{"notation": "4d6kh3", "sign": 1, "sides": 6, "faces": faces,
                   "kept": [k in top for k in range(4)], "subtotal": sum(kept)}],
        "modifier": 2,
        "total": sum(kept) + 2,
        "reason": "Sneak past the gate guards",
        "target": 12,
        "outcome": "success" if sum(kept) + 2 >= 12 else "failure",
    }


def event_metadata(command_id: str) -> dict[str, Any]:
    return {
        "command_id": command_id,
        "correlation_id": command_id,
        "causation_id": command_id,
        "actor": "user:bench-gm",
        "client": "skald-bench/1",
        "visibility": "table",
    }


def encode(value: Any) -> str:
    return msgspec.json.encode(value).decode()


# --- writers -----------------------------------------------------------------------------------


class StoreWriter:
    """Appends ``batch`` events per call to its own campaign through ``EventStore.append``."""

    def __init__(self, store: EventStore, campaign_id: str, batch: int, with_command: bool) -> None:
        self.store = store
        self.campaign_id = campaign_id
        self.stream_id = f"rolls/{campaign_id}"
        self.batch = batch
        self.with_command = with_command
        self.version = 0
        self.n = 0

    async def __call__(self) -> int:
        command_id = str(uuid.uuid4())
        metadata = event_metadata(command_id)
        bodies = [event_body(self.campaign_id, self.n + k) for k in range(self.batch)]
        self.n += self.batch
        events = [NewEvent(stream_id=self.stream_id, type=EVENT_TYPE, data=body, metadata=metadata)
                  for body in bodies]
        record = None
        if self.with_command:
            record = CommandRecord(
                command_id=command_id, actor=metadata["actor"], campaign_id=self.campaign_id,
                type=COMMAND_TYPE, payload_sha256=payload_digest(msgspec.json.encode(bodies)),
                reply={})
        stored = await self.store.append(
            self.campaign_id, {self.stream_id: self.version}, events, command=record)
        self.version = stored[-1].stream_version
        return len(stored)


# Each raw writer has a campaign of its own with one stream, so its per-campaign position
# (migration 0003) is the stream version.
_INSERT_ROW = (
    f"INSERT INTO {BENCH_TABLE} (position, campaign_id, stream_id, stream_version, type,"
    " schema_version, data, metadata) VALUES ($3::int, $1, $2, $3::int, $4, $5, $6::jsonb, $7::jsonb)"
)
_INSERT_UNNEST = (
    f"INSERT INTO {BENCH_TABLE} (position, campaign_id, stream_id, stream_version, type,"
    " schema_version, data, metadata)"
    " SELECT v, $1, s, v, t, sv, d::jsonb, m::jsonb"
    " FROM unnest($2::text[], $3::int[], $4::text[], $5::smallint[], $6::text[], $7::text[])"
    " WITH ORDINALITY AS u(s, v, t, sv, d, m, n) ORDER BY n"
)


class RawWriter:
    """The same rows as ``StoreWriter``, inserted into ``bench_events`` with plain asyncpg.

    ``mode`` is ``row`` (one INSERT, committed on its own), ``executemany`` (one transaction
    per batch) or ``unnest`` (one statement, hence one commit, per batch).
    """

    def __init__(self, pool: asyncpg.Pool, campaign_id: str, batch: int, mode: str) -> None:
        self.pool = pool
        self.campaign_id = campaign_id
        self.stream_id = f"rolls/{campaign_id}"
        self.batch = batch
        self.mode = mode
        self.version = 0
        self.n = 0

    async def __call__(self) -> int:
        metadata = encode(event_metadata(str(uuid.uuid4())))
        rows = [(self.campaign_id, self.stream_id, self.version + k + 1, EVENT_TYPE, 1,
                 encode(event_body(self.campaign_id, self.n + k)), metadata)
                for k in range(self.batch)]
        async with self.pool.acquire() as conn:
            if self.mode == "row":
                for row in rows:
                    await conn.execute(_INSERT_ROW, *row)
            elif self.mode == "executemany":
                async with conn.transaction():
                    await conn.executemany(_INSERT_ROW, rows)
            else:
                await conn.execute(_INSERT_UNNEST, self.campaign_id,
                                   *[list(col) for col in zip(*rows, strict=True)][1:])
        self.version += self.batch
        self.n += self.batch
        return len(rows)


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


async def create_bench_table(conn: asyncpg.Connection) -> None:
    """``events`` without its triggers; fails loudly if the indexes differ."""
    await conn.execute(f"DROP TABLE IF EXISTS {BENCH_TABLE}")
    await conn.execute(f"CREATE TABLE {BENCH_TABLE} (LIKE events INCLUDING ALL)")

    async def index_shapes(table: str) -> list[str]:
        defs = await conn.fetch("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'"
                                " AND tablename = $1", table)
        return sorted(r["indexdef"].split(" USING ", 1)[1] for r in defs)

    if await index_shapes("events") != await index_shapes(BENCH_TABLE):
        raise SystemExit(f"{BENCH_TABLE} does not have the indexes of events")


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
