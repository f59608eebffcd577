"""``GET /v1/campaigns``'s read: the first page for a member of 1,000 campaigns against one of 10.

Issue 13's row (target: at most 2x). Both users' campaigns are created through the pipeline
and projected into one embedded Redis; the read is ``queries.campaigns_page`` (what the route
serves: the per-user listing, one page of at most 100). Alternating samples in one run;
printed, never asserted.

Run from the repository root: ``python -m bench.listing [--many 1000] [--few 10]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import msgspec

from contracts.commands import ENVELOPES
from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.adapters.projector import Projector
from services.adapters.read_models import ReadModels
from services.adapters.redis_client import connect_redis
from services.application import queries
from services.application.pipeline import CommandPipeline
from services.entrypoints.logging import configure as configure_logging


async def bench(url: str, redis_url: str, many: int, few: int, samples: int) -> None:
    await migrate(url)
    store = await EventStore.connect(url)
    redis = connect_redis(redis_url)
    try:
        pipeline = CommandPipeline(store)
        for user, count in (("many", many), ("few", few)):
            for i in range(count):
                env = msgspec.convert({"type": "CreateCampaign", "command_id": f"{user}-{i}",
                                       "payload": {"name": f"{user} {i}"}},
                                      ENVELOPES["CreateCampaign"])
                await pipeline.execute(env, user)
        await Projector(store, redis).catch_up()
        svc: Any = SimpleNamespace(read_models=ReadModels(redis))
        times: dict[str, list[float]] = {"many": [], "few": []}
        for i in range(samples):
            for user in (("many", "few") if i % 2 else ("few", "many")):
                start = time.perf_counter()
                page, _ = await queries.campaigns_page(svc, user)
                times[user].append(time.perf_counter() - start)
        sizes = {u: len((await queries.campaigns_page(svc, u))[0]) for u in times}
        p50 = {u: statistics.median(t) for u, t in times.items()}
        print(f"{'member of':<24}{'campaigns':>10}{'page':>6}{'p50 ms':>9}")
        for user, count in (("few", few), ("many", many)):
            print(f"{user:<24}{count:>10}{sizes[user]:>6}{p50[user] * 1e3:>9.3f}")
        print(f"first page, {many} vs {few}: {p50['many'] / p50['few']:.2f}x (target <= 2x)")
    finally:
        await redis.aclose()
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--many", type=int, default=1000)
    parser.add_argument("--few", type=int, default=10)
    parser.add_argument("--samples", type=int, default=300)
    opts = parser.parse_args()
    configure_logging(level="warning")
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as tmp:
        pg, redis = EmbeddedPostgres(Path(tmp)), EmbeddedRedis(Path(tmp))
        try:
            asyncio.run(bench(pg.start(), redis.start(), opts.many, opts.few, opts.samples))
        finally:
            redis.stop()
            pg.stop()


if __name__ == "__main__":
    main()
