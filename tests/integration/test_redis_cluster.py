"""Read models on a real Redis Cluster (three masters, three replicas), across a failover."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.crc import key_slot

from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.projector import Projector
from services.adapters.read_model_rebuild import rebuild
from services.adapters.redis_client import connect_redis
from tests.integration.test_projector import populate, snapshot
from tests.redis_cluster import Cluster, free_cluster_ports, redis_cluster


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    with redis_cluster(tmp_path, free_cluster_ports()) as started:
        yield started


def tag_of(key: str) -> str:
    return key.split("{", 1)[1].split("}", 1)[0]


async def test_a_campaigns_keys_share_one_slot_and_campaigns_spread(
        store: EventStore, cluster: Cluster) -> None:
    redis = connect_redis(cluster.url)
    try:
        campaigns = await populate(store)
        await Projector(store, redis, batch_size=4).catch_up()
        content = await snapshot(redis)
        for cid in campaigns:
            mine = [k for k in content if "{" in k and tag_of(k) == cid]
            assert len(mine) >= 5, mine  # campaign, characters, rolls, table rolls, position
            assert len({key_slot(k.encode()) for k in mine}) == 1
        assert len(cluster.masters()) == 3
    finally:
        await redis.aclose()


async def until_projected(projector: Projector, store: EventStore, seconds: float = 60) -> None:
    """Catch up, retrying while the cluster fails over (commands to a lost master fail)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            # An attempt caught mid-failover may wait on a node that is gone: give it up and retry.
            await asyncio.wait_for(projector.catch_up(), 10)
            return
        except Exception:  # a moved slot, a refused connection, CLUSTERDOWN, a stuck attempt
            assert time.monotonic() < deadline, "the projection did not resume after failover"
            await asyncio.sleep(0.2)


async def test_read_models_survive_the_loss_of_a_master(store: EventStore, cluster: Cluster) -> None:
    redis = connect_redis(cluster.url)
    try:
        campaigns = await populate(store)
        projector = Projector(store, redis, batch_size=3)
        await projector.catch_up()
        # The master holding the first campaign's keys dies without warning.
        slot = key_slot(keys.campaign_key(campaigns[0]).encode())
        victim = next(n for n in cluster.masters()
                      if n.serves(slot))
        replica = cluster.replica_of(victim)
        victim.proc.send_signal(signal.SIGKILL)
        victim.proc.wait(timeout=10)
        await populate(store)  # the log keeps growing while the cluster fails over
        deadline = time.monotonic() + 30
        while replica.role() != "master":
            assert time.monotonic() < deadline, "the replica was not promoted"
            await asyncio.sleep(0.1)
        cluster.wait_ok()
        await until_projected(projector, store)
        after_failover = await asyncio.wait_for(snapshot(redis), 30)
        # Equal to a fresh fold of the whole log.
        await asyncio.wait_for(rebuild(store, redis), 60)
        assert await asyncio.wait_for(snapshot(redis), 30) == after_failover
        view = after_failover[keys.campaign_key(campaigns[0])]
        assert view and b'"bob"' in view
    finally:
        await redis.aclose()
