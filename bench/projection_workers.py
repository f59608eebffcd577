"""Projection throughput with 1, 2 and 4 `skald projector` worker processes, in one run.

The log: one campaign's commands run through the real pipeline, then copied under many campaign
ids (so every campaign is real work for the projector: a campaign view, a character, a roll log).
For each worker count the read models are dropped while the bench holds every lease, the workers
start, the leases are given back, and the clock runs until every campaign's checkpoint reaches
its head. The baseline is a raw keyset read of the same events table, measured in the same run.

    python -m bench.projection_workers                 # embedded PostgreSQL and Redis
    python -m bench.projection_workers --campaigns 60 --rolls 500 --workers 1,2,4
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg
import msgspec

from contracts.commands import ENVELOPES
from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.adapters.projector import Projector
from services.adapters.read_model_rebuild import drop_read_models
from services.adapters.redis_client import connect_redis
from services.application.pipeline import CommandPipeline
from services.entrypoints.logging import configure

ROOT = Path(__file__).resolve().parents[1]


async def seed_log(url: str, campaigns: int, rolls: int) -> int:
    """A template campaign through the pipeline, copied ``campaigns - 1`` times; returns events."""
    store = await EventStore.connect(url)
    pipeline = CommandPipeline(store)
    n = 0

    async def run(type_: str, payload: dict[str, Any]) -> Any:
        nonlocal n
        n += 1
        env = msgspec.convert({"type": type_, "command_id": f"b{n}", "payload": payload},
                              ENVELOPES[type_])
        return await pipeline.execute(env, "ann")

    template = "bench-template"
    await run("CreateCampaign", {"campaign_id": template, "name": "Bench"})
    await run("CreateCharacter", {"campaign_id": template, "character_id": "vex", "name": "Vex"})
    for i in range(rolls):
        await run("RollDice", {"campaign_id": template, "expression": "3d6"} if i % 2 else
                  {"campaign_id": template, "expression": "1d20"})
    await store.close()
    conn = await asyncpg.connect(url)
    try:
        # Copies as the owner: the same rows with the campaign id replaced everywhere.
        await conn.execute("""
            INSERT INTO events (position, campaign_id, stream_id, stream_version, type,
                                schema_version, data, metadata)
            SELECT e.position, c.id, replace(e.stream_id, $1, c.id), e.stream_version, e.type,
                   e.schema_version, replace(e.data::text, $1, c.id)::jsonb,
                   replace(e.metadata::text, $1, c.id)::jsonb
              FROM events e, (SELECT 'bench-' || g AS id FROM generate_series(1, $2 - 1) g) c
             WHERE e.campaign_id = $1""", template, campaigns)
        await conn.execute("""
            INSERT INTO campaign_heads (campaign_id, position)
            SELECT campaign_id, max(position) FROM events WHERE campaign_id LIKE 'bench-%'
             GROUP BY campaign_id ON CONFLICT (campaign_id) DO UPDATE SET position = EXCLUDED.position""")
        await conn.execute("ANALYZE events")
        return int(await conn.fetchval("SELECT count(*) FROM events"))
    finally:
        await conn.close()


async def raw_keyset_read(url: str, page: int = 1000) -> float:
    """Events per second reading the whole table by (campaign_id, position) keyset pages."""
    conn = await asyncpg.connect(url)
    try:
        count, after, started = 0, ("", 0), time.perf_counter()
        while rows := await conn.fetch(
                "SELECT * FROM events WHERE (campaign_id, position) > ($1, $2)"
                " ORDER BY campaign_id, position LIMIT $3", after[0], after[1], page):
            count += len(rows)
            after = (rows[-1]["campaign_id"], rows[-1]["position"])
        return count / (time.perf_counter() - started)
    finally:
        await conn.close()


async def project_with(url: str, redis_url: str, workers: int, events: int) -> float:
    """Events per second for ``workers`` worker processes to project the whole log."""
    store = await EventStore.connect(url)
    redis = connect_redis(redis_url)
    conn = await asyncpg.connect(url)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKALD_")}
    env.update(SKALD_DATABASE_URL=url, SKALD_REDIS_URL=redis_url, SKALD_LOG_LEVEL="warning")
    procs: list[subprocess.Popen[bytes]] = []
    try:
        await conn.execute("UPDATE projector_leases SET owner = 'bench', expires_at = 'infinity'")
        await conn.execute("DELETE FROM projector_workers")
        procs = [subprocess.Popen([sys.executable, "-m", "services.entrypoints.cli", "projector"], cwd=ROOT,
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for _ in range(workers)]
        while await conn.fetchval("SELECT count(*) FROM projector_workers") < workers:
            await asyncio.sleep(0.05)
        await drop_read_models(redis)
        heads = await store.heads()
        projector = Projector(store, redis)
        started = time.perf_counter()
        await conn.execute("UPDATE projector_leases SET owner = NULL, expires_at = '-infinity'")
        while True:
            done = await projector.checkpoints(heads)
            if all(done[c] >= h for c, h in heads.items()):
                break
            await asyncio.sleep(0.02)
        return events / (time.perf_counter() - started)
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=30)
        await conn.close()
        await store.close()
        await redis.aclose()


async def bench(admin_url: str, redis_url: str, opts: argparse.Namespace) -> None:
    name = f"skald_bench_{os.getpid()}"
    url = admin_url.rsplit("/", 1)[0] + f"/{name}"
    await migrate(url)
    events = await seed_log(url, opts.campaigns, opts.rolls)
    raw = await raw_keyset_read(url)
    print(f"log: {events} events in {opts.campaigns} campaigns; raw keyset read {raw:,.0f} events/s")
    print(f"{'workers':>7} {'events/s':>10} {'vs 1 worker':>12} {'vs raw read':>12}")
    first = 0.0
    for workers in opts.workers:
        rate = await project_with(url, redis_url, workers, events)
        first = first or rate
        print(f"{workers:>7} {rate:>10,.0f} {rate / first:>11.2f}x {rate / raw:>11.3f}x")
    print(f"machine: {os.cpu_count()} cores shared by the workers, PostgreSQL, Redis and this bench")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=48)
    parser.add_argument("--rolls", type=int, default=400)
    parser.add_argument("--workers", type=lambda s: [int(x) for x in s.split(",")], default=[1, 2, 4])
    parser.add_argument("--database-url", help="an admin URL of a PostgreSQL to use (a scratch one)")
    parser.add_argument("--redis-url", help="a scratch Redis (its skald:* keys are dropped)")
    opts = parser.parse_args()
    configure(level="warning")
    if opts.database_url and opts.redis_url:
        asyncio.run(bench(opts.database_url, opts.redis_url, opts))
        return
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            asyncio.run(bench(pg.start(), redis.start(), opts))
        finally:
            redis.stop()
            pg.stop()


if __name__ == "__main__":
    main()
