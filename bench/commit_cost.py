"""Where one append's round trip goes: the append function's work against its commit (WAL flush).

Against an embedded PostgreSQL, one connection, one append at a time, each figure a median:

* ``SELECT 1``: a bare round trip (the floor of any query);
* ``skald_append_item`` inside an open transaction: the append's own work (lock, checks,
  inserts, command record), no commit;
* the ``COMMIT`` that follows: the durable flush of the WAL (``synchronous_commit=on``);
* the same ``COMMIT`` with ``synchronous_commit=off`` for that transaction only, to show what
  the flush costs (Skald never turns it off: an acknowledged command must survive a crash);
* the CPU time this client process spends on one bare round trip (``SELECT 1``), and on one
  ``GET /healthz``-sized exchange of the same kind with Redis (``PING``): what each round trip
  a command makes costs the server process, whatever it waits for.

This is the breakdown behind the ``RollDice`` round-trip row of ``bench/README.md``.
Run from the repository root: ``python -m bench.commit_cost [--appends 300]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg
import uvloop

from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis
from services.adapters.migrate import migrate
from services.entrypoints.logging import configure as configure_logging

APPEND = ("SELECT * FROM skald_append_item($1, $2, 'bench', 'RollDice', 'x', $3::text[],"
          " $4::int[], $3::text[], '{DiceRolled}', '{1}', '{\"{}\"}', '{\"{}\"}',"
          " NULL, NULL, NULL, true)")


async def round_trip_cpu(url: str, redis_url: str, trips: int = 2000) -> dict[str, float]:
    """CPU microseconds this process spends per bare round trip, asyncpg and redis-py."""
    from services.adapters.redis_client import connect_redis

    conn, redis = await asyncpg.connect(url), connect_redis(redis_url)
    try:
        out = {}
        for name, trip in (("PostgreSQL SELECT 1", lambda: conn.fetchval("SELECT 1")),
                           ("Redis PING", redis.ping)):
            for _ in range(100):
                await trip()
            began = time.process_time()
            for _ in range(trips):
                await trip()
            out[name] = (time.process_time() - began) / trips * 1e6
        return out
    finally:
        await conn.close()
        await redis.aclose()


async def measure(url: str, appends: int) -> dict[str, float]:
    await migrate(url)
    conn = await asyncpg.connect(url)
    figures: dict[str, list[float]] = {"select 1": [], "append work": [], "commit": [],
                                       "commit, synchronous_commit=off": []}
    campaign = f"bench-{uuid.uuid4().hex[:8]}"
    try:
        for n in range(appends + 20):
            keep = n >= 20  # the first ones warm the plans
            t0 = time.perf_counter()
            await conn.fetchval("SELECT 1")
            t1 = time.perf_counter()
            relaxed = n % 2 == 1
            tr = conn.transaction()
            await tr.start()
            if relaxed:
                await conn.execute("SET LOCAL synchronous_commit = off")
            t2 = time.perf_counter()
            await conn.fetch(APPEND, campaign, f"c-{n}", [f"rolls/{campaign}"], [None])
            t3 = time.perf_counter()
            await tr.commit()
            t4 = time.perf_counter()
            if keep:
                figures["select 1"].append(t1 - t0)
                figures["append work"].append(t3 - t2)
                figures["commit, synchronous_commit=off" if relaxed else "commit"].append(t4 - t3)
    finally:
        await conn.close()
    return {k: statistics.median(v) * 1000 for k, v in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.commit_cost")
    parser.add_argument("--appends", type=int, default=300)
    opts = parser.parse_args()
    configure_logging(level="warning")
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            url = pg.start()
            found = asyncio.run(measure(url, opts.appends))
            cpu = uvloop.run(round_trip_cpu(url, redis.start()))
        finally:
            redis.stop()
            pg.stop()
    print(f"\n{'step':<34} {'p50 ms':>8} {'x SELECT 1':>11}")
    for name, ms in found.items():
        print(f"{name:<34} {ms:>8.3f} {ms / found['select 1']:>10.1f}x")
    print(f"\n{'one round trip (uvloop, as skald serve)':<40} {'client CPU us':>14}")
    for name, us in cpu.items():
        print(f"{name:<40} {us:>14.0f}")


if __name__ == "__main__":
    main()
