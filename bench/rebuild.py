"""``projections rebuild`` against a raw keyset read of the same events.

Issue 13's row (target: the rebuild's events/s at least 1/6 of the raw read's). The log holds
``--events`` events over ``--campaigns`` campaigns: real ``RollDice`` and ``RenameCharacter``
events made by the pipeline, then copied by ``EventStore.append`` in batches, so the projector
folds what the service writes. Measured in one run on one embedded PostgreSQL and Redis:

* raw: asyncpg reads every campaign's events by ``(campaign_id, position)`` keyset pages of
  500, decoding the rows, and does nothing with them;
* rebuild: ``services.adapters.read_model_rebuild.rebuild`` (drop the read models, project every campaign).

Printed, never asserted. Run from the repository root: ``python -m bench.rebuild``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import msgspec

from contracts.commands import ENVELOPES
from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.adapters.read_model_rebuild import rebuild
from services.adapters.redis_client import connect_redis
from services.application.pipeline import CommandPipeline
from services.application.records import NewEvent
from services.entrypoints.logging import configure as configure_logging


async def fill(store: EventStore, events: int, campaigns: int) -> None:
    pipeline = CommandPipeline(store)

    async def run(type_: str, payload: dict[str, object], cmd_id: str) -> object:
        env = msgspec.convert({"type": type_, "command_id": cmd_id, "payload": payload},
                              ENVELOPES[type_])
        return await pipeline.execute(env, "gm")

    per_campaign = events // campaigns
    for n in range(campaigns):
        result = await run("CreateCampaign", {"name": f"R{n}"}, f"rc-{n}")
        cid = result.campaign_id  # type: ignore[attr-defined]
        await run("CreateCharacter", {"campaign_id": cid, "name": "A", "character_id": "a"},
                  f"ch-{n}")
        roll = (await run("RollDice", {"campaign_id": cid, "expression": "3d6"}, f"r-{n}")
                ).events[0]  # type: ignore[attr-defined]
        rename = (await run("RenameCharacter", {"campaign_id": cid, "character_id": "a",
                                                "name": "B"}, f"n-{n}")
                  ).events[0]  # type: ignore[attr-defined]
        written = 4
        while written < per_campaign:
            batch = [NewEvent(stream_id=ev["stream_id"], type=ev["type"], data=ev["data"],
                              metadata=ev["metadata"])
                     for ev in ([roll, rename] * 50)[:per_campaign - written]]
            await store.append(cid, {}, batch)
            written += len(batch)


async def raw_read(url: str) -> tuple[int, float]:
    import asyncpg
    conn = await asyncpg.connect(url)
    try:
        start = time.perf_counter()
        campaigns = [r["campaign_id"] for r in await conn.fetch("SELECT campaign_id FROM campaign_heads")]
        count = 0
        for cid in campaigns:
            after = 0
            while rows := await conn.fetch(
                    "SELECT position, campaign_id, stream_id, stream_version, type, schema_version,"
                    " data, metadata, transaction_id::text::bigint, recorded_at FROM events"
                    " WHERE campaign_id = $1 AND position > $2 ORDER BY position LIMIT 500",
                    cid, after):
                for row in rows:
                    msgspec.json.decode(row["data"])
                    msgspec.json.decode(row["metadata"])
                count += len(rows)
                after = rows[-1]["position"]
        return count, time.perf_counter() - start
    finally:
        await conn.close()


async def bench(url: str, redis_url: str, events: int, campaigns: int) -> None:
    await migrate(url)
    store = await EventStore.connect(url)
    redis = connect_redis(redis_url)
    try:
        await fill(store, events, campaigns)
        raw_count, raw_seconds = await raw_read(url)
        start = time.perf_counter()
        applied = await rebuild(store, redis)
        rebuild_seconds = time.perf_counter() - start
        raw_rate, rebuild_rate = raw_count / raw_seconds, applied / rebuild_seconds
        print(f"{'what':<40}{'events':>8}{'seconds':>9}{'events/s':>10}")
        print(f"{'raw keyset read (baseline)':<40}{raw_count:>8}{raw_seconds:>9.2f}{raw_rate:>10.0f}")
        print(f"{'projections rebuild':<40}{applied:>8}{rebuild_seconds:>9.2f}{rebuild_rate:>10.0f}")
        print(f"rebuild/raw {rebuild_rate / raw_rate:.3f}x (target >= {1 / 6:.3f}x)")
    finally:
        await redis.aclose()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--events", type=int, default=60_000)
    parser.add_argument("--campaigns", type=int, default=60)
    opts = parser.parse_args()
    configure_logging(level="warning")
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            asyncio.run(bench(pg.start(), redis.start(), opts.events, opts.campaigns))
        finally:
            redis.stop()
            pg.stop()


if __name__ == "__main__":
    main()
