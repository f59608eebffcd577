"""A projector fed by the pipeline beside it (``services.adapters.projector_memory``): its own
gateway's commits are projected with no read of the log or of the state, and whatever the
memory cannot vouch for is read as before, with the same read models as a clean projection."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any
from unittest.mock import ANY

import msgspec
import pytest
from redis.asyncio import Redis

from contracts.commands import ENVELOPES
from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.leases import PARTITIONS
from services.adapters.projector import Projector
from services.application.pipeline import CommandPipeline
from tests.integration.test_projector import clean_projection, snapshot

EVERY = frozenset(range(PARTITIONS))


class Counted:
    """Counts a projector's reads of the log (through its own store, as ``skald serve`` gives
    it) and of campaign states in Redis."""

    def __init__(self, projector: Projector, cid: str) -> None:
        self.log = self.state = 0
        read_campaign, pipeline = projector.store.read_campaign, projector.redis.pipeline
        state_key = keys.campaign_key(cid)

        async def counted_read(*args: Any, **kwargs: Any) -> Any:
            self.log += 1
            return await read_campaign(*args, **kwargs)

        def counted_pipeline(*args: Any, **kwargs: Any) -> Any:
            pipe = pipeline(*args, **kwargs)
            get = pipe.get

            def counted_get(name: Any, *more: Any) -> Any:
                self.state += name == state_key
                return get(name, *more)

            pipe.get = counted_get  # type: ignore[method-assign]
            return pipe

        projector.store.read_campaign = counted_read  # type: ignore[method-assign]
        projector.redis.pipeline = counted_pipeline  # type: ignore[method-assign]


@pytest.fixture
async def projector_store(store: EventStore) -> AsyncIterator[EventStore]:
    """The projector's own connections, as ``skald serve`` gives it."""
    own = await EventStore.connect(store.url, min_size=1, max_size=2)
    yield own
    await own.close()


async def roll(pipeline: CommandPipeline, cid: str, n: int) -> None:
    env = msgspec.convert({"type": "RollDice", "command_id": f"roll-{cid}-{n}", "payload": {
        "campaign_id": cid, "expression": "1d6"}}, ENVELOPES["RollDice"])
    await pipeline.execute(env, "gm")


async def a_campaign(pipeline: CommandPipeline) -> str:
    env = msgspec.convert({"type": "CreateCampaign", "command_id": "create", "payload": {
        "name": "Fed"}}, ENVELOPES["CreateCampaign"])
    return (await pipeline.execute(env, "gm")).campaign_id


async def head(store: EventStore, cid: str) -> int:
    return (await store.read_campaign(cid, 0, 10_000))[-1].position


async def test_a_running_projector_projects_its_gateways_commits_without_reading_them(
        store: EventStore, projector_store: EventStore, redis_client: Redis) -> None:
    """As ``skald serve`` wires it: the pipeline hands each commit to the projector, whose NOTIFY
    of it is skipped; once the campaign is known, nothing is read back, a scan included.

    The scan every second runs only at the start here: one landing between a commit and its
    hand-over reads the log (harmless, and a race this test should not depend on)."""
    pipeline = CommandPipeline(store)
    projector = Projector(projector_store, redis_client, fed_by=store)
    pipeline.on_recorded = projector.recorded
    read_models = keys.ReadModels(redis_client)
    cid = await a_campaign(pipeline)
    stop = asyncio.Event()
    task = asyncio.create_task(projector.run(stop, idle_poll=60))

    async def projected(position: int) -> None:
        async with asyncio.timeout(10):
            while await read_models.position(cid) < position:
                assert not task.done(), task.exception()
                await asyncio.sleep(0.02)

    try:
        await projected(await head(store, cid))  # unknown until then: read from the log
        counted = Counted(projector, cid)
        for n in range(8):
            await roll(pipeline, cid, n)
            await projected(await head(store, cid))
        await asyncio.sleep(0.3)  # every NOTIFY
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
    assert await projector.catch_up(EVERY) == 0  # a scan: nothing behind, nothing read
    assert (counted.log, counted.state) == (0, 0)
    assert await snapshot(redis_client) == await clean_projection(store, redis_client)


async def test_another_processs_commit_between_two_of_its_own_is_read_from_the_log(
        store: EventStore, projector_store: EventStore, redis_client: Redis) -> None:
    ours, theirs = CommandPipeline(store), CommandPipeline(store)
    projector = Projector(projector_store, redis_client, fed_by=store)
    ours.on_recorded = projector.recorded
    cid = await a_campaign(ours)
    await projector.catch_up(EVERY, campaigns=[cid])  # known now
    await roll(ours, cid, 1)
    await roll(theirs, cid, 2)  # not handed over: a gap after the first
    await roll(ours, cid, 3)
    counted = Counted(projector, cid)
    assert await projector.catch_up(EVERY, campaigns=[cid]) == 3
    assert counted.log == 1 and counted.state == 0
    assert await keys.ReadModels(redis_client).position(cid) == await head(store, cid)
    assert await snapshot(redis_client) == await clean_projection(store, redis_client)


async def test_a_kept_state_is_dropped_once_redis_lost_the_read_models(
        store: EventStore, projector_store: EventStore, redis_client: Redis) -> None:
    """Redis lost its data: the next scan finds the checkpoint is not the kept one, and a batch
    folded from a kept state is refused; either way the campaign is projected again from the
    log, as a clean projection would."""
    pipeline = CommandPipeline(store)
    projector = Projector(projector_store, redis_client, fed_by=store)
    pipeline.on_recorded = projector.recorded
    cid = await a_campaign(pipeline)
    await projector.catch_up(EVERY, campaigns=[cid])
    await roll(pipeline, cid, 1)
    await projector.catch_up(EVERY, campaigns=[cid])
    assert projector.memory.state(cid) == (await head(store, cid), ANY)
    expected = await snapshot(redis_client)

    await redis_client.flushdb()  # nothing new: only the scan can see it
    assert await projector.catch_up(EVERY) == await head(store, cid)
    assert await snapshot(redis_client) == expected

    await redis_client.flushdb()  # and a commit of its own before any scan
    await roll(pipeline, cid, 2)
    counted = Counted(projector, cid)
    assert await projector.catch_up(EVERY, campaigns=[cid]) == await head(store, cid)
    assert counted.state == 1 and counted.log == 1  # refused, then read from the start
    assert await snapshot(redis_client) == await clean_projection(store, redis_client)


async def test_a_notify_from_another_process_is_projected(
        store: EventStore, projector_store: EventStore, redis_client: Redis) -> None:
    """Only the fed pipeline's own NOTIFYs are skipped, and only for campaigns this worker
    knows it projects."""
    pipeline = CommandPipeline(store)
    projector = Projector(projector_store, redis_client, fed_by=store)
    pipeline.on_recorded = projector.recorded
    cid = await a_campaign(pipeline)
    other = await EventStore.connect(store.url, min_size=1, max_size=1)
    stop = asyncio.Event()
    task = asyncio.create_task(projector.run(stop, idle_poll=30))  # no scan: NOTIFYs only
    try:
        read_models = keys.ReadModels(redis_client)
        async with asyncio.timeout(10):
            while await read_models.position(cid) < await head(store, cid):
                await asyncio.sleep(0.02)
        await roll(CommandPipeline(other), cid, 1)  # another gateway's commit
        async with asyncio.timeout(10):
            while await read_models.position(cid) < await head(store, cid):
                assert not task.done(), task.exception()
                await asyncio.sleep(0.02)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
        await other.close()
