"""What a commit's NOTIFY makes a projector worker read: a campaign it knows among its
partitions is projected without reading heads first; another worker's campaign is looked up
once, not at each of its commits. A change of partitions forgets both."""

from __future__ import annotations

from typing import Any

import msgspec
from redis.asyncio import Redis

from contracts.commands import ENVELOPES
from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.leases import PARTITIONS
from services.adapters.projector import Projector
from services.application.pipeline import CommandPipeline
from tests.integration.test_projector import populate


class HeadsReads:
    """Counts the store's reads of campaign heads from now on (the real reads, still made)."""

    def __init__(self, store: EventStore) -> None:
        self.count = 0
        read = store.heads

        async def counted(*args: Any, **kwargs: Any) -> dict[str, int]:
            self.count += 1
            return await read(*args, **kwargs)

        store.heads = counted  # type: ignore[method-assign]


async def test_a_notified_campaign_already_known_is_projected_without_reading_heads(
        store: EventStore, redis_client: Redis) -> None:
    """A NOTIFY names campaigns; one this process has seen among its partitions is projected
    batch by batch until a short batch, with no heads read. A change of leases forgets them."""
    campaigns = await populate(store)
    every = frozenset(range(PARTITIONS))
    projector = Projector(store, redis_client, batch_size=3)
    heads = HeadsReads(store)
    first = await projector.catch_up(every, campaigns=campaigns[:1])
    assert heads.count == 1 and first == len(await store.read_campaign(campaigns[0], 0, 1000))
    pipeline = CommandPipeline(store)
    for i in range(7):  # more than two full batches
        env = msgspec.convert({"type": "RollDice", "command_id": f"more-{i}", "payload": {
            "campaign_id": campaigns[0], "expression": "1d6"}}, ENVELOPES["RollDice"])
        await pipeline.execute(env, "bob")
    assert await projector.catch_up(every, campaigns=campaigns[:1]) == 7
    assert heads.count == 1  # known: projected from its checkpoint to the log's end
    assert await keys.ReadModels(redis_client).position(campaigns[0]) == \
        (await store.read_campaign(campaigns[0], 0, 1000))[-1].position
    # Another set of partitions (a lease lost or gained): known campaigns are looked up again.
    assert await projector.catch_up(every - {0}, campaigns=campaigns[:1]) == 0
    assert heads.count == 2


async def test_another_workers_campaign_is_looked_up_once_not_at_each_notify(
        store: EventStore, redis_client: Redis) -> None:
    """Every worker gets every NOTIFY. A campaign of partitions another worker leases is looked
    up once (a heads read finds it outside this worker's) and its later NOTIFYs cost nothing;
    once this worker leases its partition, it is projected."""
    campaigns = await populate(store)
    async with store.pool.acquire() as conn:
        partition = await conn.fetchval("SELECT (hashtext($1) & 2147483647) % $2",
                                        campaigns[0], PARTITIONS)
    others = frozenset(range(PARTITIONS)) - {partition}
    projector = Projector(store, redis_client)
    heads = HeadsReads(store)
    for _ in range(3):  # three of its commits' NOTIFYs
        assert await projector.catch_up(others, campaigns=campaigns[:1]) == 0
    assert heads.count == 1
    assert await keys.ReadModels(redis_client).position(campaigns[0]) == 0
    # The same partitions leased again (a heartbeat): still known as another worker's.
    assert await projector.catch_up(others, campaigns=campaigns[:1]) == 0
    assert heads.count == 1
    # Its partition leased here now: its NOTIFY is looked up again and projected.
    logged = len(await store.read_campaign(campaigns[0], 0, 1000))
    assert await projector.catch_up(others | {partition}, campaigns=campaigns[:1]) == logged
    assert heads.count == 2
