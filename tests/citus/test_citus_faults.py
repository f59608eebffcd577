"""Faults on a real Citus cluster (SKALD_TEST_CITUS=1): a stopped worker makes only the campaigns
it holds answer 503 with Retry-After, within 2 s, while the others carry on; everything works
again when it returns, without a restart; a coordinator restart recovers like a PostgreSQL
restart; no acknowledged command is lost."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlsplit

import asyncpg

from services.adapters.embedded import EmbeddedPostgres
from tests import citus_cluster
from tests.citus.test_citus_schema import worker_of
from tests.conftest import Api
from tests.e2e.test_faults import Load, already, read_your_write_waits, until


async def _campaign_with_table(api: Api, token: str) -> tuple[str, str]:
    cid = (await api.ok(token, "CreateCampaign", {"name": "Storm"}))["campaign_id"]
    made = await api.ok(token, "CreateTable", {"campaign_id": cid, "name": "Main"})
    return cid, made["events"][0]["data"]["table_id"]


async def _logged(database_url: str, cid: str) -> dict[str, int]:
    conn = await asyncpg.connect(database_url)
    try:
        rows = await conn.fetch("SELECT position, metadata->>'command_id' AS command_id"
                                " FROM events WHERE campaign_id = $1", cid)
    finally:
        await conn.close()
    return {r["command_id"]: r["position"] for r in rows}


def _node(url: str) -> EmbeddedPostgres:
    cluster = citus_cluster.CURRENT
    assert cluster is not None
    [node] = [w for w in cluster.workers if urlsplit(w.url or "").port == urlsplit(url).port]
    return node


async def test_a_stopped_worker_stops_only_its_campaigns(api: Api, database_url: str) -> None:
    ann = await api.token("ann")
    placed: dict[str, tuple[str, str]] = {}
    while len(placed) < 2:  # a campaign on each worker
        cid, table = await _campaign_with_table(api, ann)
        placed.setdefault((await worker_of(database_url, cid))[0], (cid, table))
    (down_url, (down_cid, down_table)), (_, (up_cid, up_table)) = placed.items()
    loads = {cid: Load(api, ann, cid, table)
             for cid, table in ((down_cid, down_table), (up_cid, up_table))}
    tasks = [asyncio.create_task(load.run(i)) for load in loads.values() for i in range(2)]
    worker = _node(down_url)
    try:
        await asyncio.sleep(0.5)
        await asyncio.to_thread(worker.stop)
        # A command of a campaign on the stopped worker: 503 with Retry-After, within 2 s.
        started = time.monotonic()
        refused = await api.command(ann, "RollDice", {"campaign_id": down_cid,
                                                      "table_id": down_table, "expression": "1d6"})
        took = time.monotonic() - started
        assert refused.status_code == 503, refused.text
        assert refused.headers["retry-after"] == "1" and took < 2.0, took
        # The other worker's campaign carries on, reads included.
        acked = len(loads[up_cid].acked)
        await until(lambda: already(len(loads[up_cid].acked) > acked + 10), 10,
                     "commands on the other worker")
        done = await api.ok(ann, "RollDice", {"campaign_id": up_cid, "expression": "1d6"})
        seen = await api.get(ann, f"/v1/campaigns/{up_cid}/rolls", position=done["position"])
        assert seen.status_code == 200, seen.text
        assert loads[down_cid].unavailable > 0
        # The worker returns: its campaign works again, no restart of anything else.
        await asyncio.to_thread(worker.start)
        acked = len(loads[down_cid].acked)
        await until(lambda: already(len(loads[down_cid].acked) > acked + 5), 15,
                     "commands after the worker returned")
        done = await api.ok(ann, "RollDice", {"campaign_id": down_cid, "expression": "1d6"})
        seen = await api.get(ann, f"/v1/campaigns/{down_cid}/rolls", position=done["position"])
        assert seen.status_code == 200, seen.text
    finally:
        for load in loads.values():
            load.stop.set()
        await asyncio.gather(*tasks)
        if worker.url is None:
            await asyncio.to_thread(worker.start)
    for cid, load in loads.items():
        assert not load.other, load.other[:5]  # nothing but 200 and 503
        logged = await _logged(database_url, cid)
        assert len(load.acked) > 5
        assert all(logged.get(k) == v for k, v in load.acked.items())


async def test_a_coordinator_restart_loses_nothing_and_recovers(api: Api,
                                                                 database_url: str) -> None:
    cluster = citus_cluster.CURRENT
    assert cluster is not None
    ann = await api.token("ann")
    cid, table = await _campaign_with_table(api, ann)
    load = Load(api, ann, cid, table)
    tasks = [asyncio.create_task(load.run(i)) for i in range(3)]
    try:
        await asyncio.sleep(0.5)
        await asyncio.to_thread(cluster.coordinator.stop)
        before = load.unavailable
        await until(lambda: already(load.unavailable > before), 5, "a 503 while it is down")
        await asyncio.to_thread(cluster.coordinator.start)
        assert urlsplit(cluster.url).port == urlsplit(database_url).port  # the same address
        acked = len(load.acked)
        await until(lambda: already(len(load.acked) > acked + 5), 15, "commands after the restart")
        done = await api.ok(ann, "RollDice", {"campaign_id": cid, "expression": "1d6"})
        seen = await api.get(ann, f"/v1/campaigns/{cid}/rolls", position=done["position"])
        assert seen.status_code == 200, seen.text
    finally:
        load.stop.set()
        await asyncio.gather(*tasks)
        if cluster.coordinator.url is None:
            await asyncio.to_thread(cluster.coordinator.start)
    assert not load.other, load.other[:5]
    logged = await _logged(database_url, cid)
    assert len(load.acked) > 10
    assert all(logged.get(k) == v for k, v in load.acked.items())


async def test_projectors_hear_appends_that_ran_on_a_worker(api: Api) -> None:
    """A delegated append's NOTIFY fires on its worker; the store sends one on the coordinator,
    where the projectors listen, so a read of one's own write waits for no poll (1 s)."""
    ann = await api.token("ann")
    cid, _ = await _campaign_with_table(api, ann)
    waits = await read_your_write_waits(api, ann, cid)
    assert sorted(waits)[3] < 0.3, waits  # by the 1 s poll alone: about 0.5 s
