"""Rebuilding every read model from the log (``skald projections rebuild``): the running
projector workers stand down, the read models are dropped, and every campaign is projected
again from its first event."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from redis.asyncio import Redis

from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.leases import LEASE_SECONDS, Leases, worker_name
from services.adapters.projector import Projector


async def rebuild(store: EventStore, redis: Redis, *,
                  say: Callable[[str], None] | None = None) -> int:
    """Drop every read model and rebuild from the log; returns events applied.

    Running projector workers are asked to stand down first: the rebuild takes every partition's
    lease and waits one lease period, by which time each worker has seen its renewal fail and
    stopped; after the rebuild the workers claim the partitions again.
    """
    owner = f"rebuild-{worker_name()}"
    leases = Leases(store.pool, owner)
    await leases.take_all(owner)
    try:
        live = await store.pool.fetchval(
            "SELECT count(*) FROM projector_workers WHERE seen_at > now() - make_interval(secs => $1)",
            LEASE_SECONDS)
        if live:
            if say is not None:
                say(f"waiting {LEASE_SECONDS:g} s for {live} running projector worker(s) to stand down")
            await asyncio.sleep(LEASE_SECONDS)
        await drop_read_models(redis)
        return await Projector(store, redis).catch_up()
    finally:
        await leases.give_back(owner)


async def drop_read_models(redis: Redis) -> None:
    async for key in redis.scan_iter(match=f"{keys.PREFIX}:*", count=500):
        await redis.delete(key)
