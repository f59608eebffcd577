"""Live streams through each process's campaign relay: many watchers on two gateways see every
event they may see exactly once and in order, GM-only events never reach players or observers
(backfill included), the log is read per relay rather than per watcher, a revoked token ends
only its own streams, and a watcher that stopped reading is closed resumably."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from services.adapters.tokens import revoke_tokens
from services.application import live_stream
from services.application.settings import Settings
from services.entrypoints.app import create_app
from services.entrypoints.state import Services
from tests.conftest import Api, served
from tests.integration.live_stream import sse_messages

WATCHERS_PER_GATEWAY = 12
COMMANDS = 24


class Gateway:
    def __init__(self, api: Api, svc: Services) -> None:
        self.api, self.svc = api, svc


@pytest.fixture
async def two_gateways(database_url: str, redis_url: str,
                       redis_client: Redis) -> AsyncIterator[list[Gateway]]:
    """Two gateway processes' apps (each with its projector worker) on one PostgreSQL and Redis."""
    async with AsyncExitStack() as stack:
        out = []
        for _ in range(2):
            app = create_app(Settings(database_url=database_url, redis_url=redis_url,
                                      read_wait_ms=10_000))
            client = await stack.enter_async_context(served(app))
            out.append(Gateway(Api(client, database_url), app.state.services))
        yield out


async def table(api: Api) -> dict[str, Any]:
    ann, bob, olga = [await api.token(u) for u in ("ann", "bob", "olga")]
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Hall"}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    done = await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "olga", "role": "observer"})
    return {"ann": ann, "bob": bob, "olga": olga, "cid": cid, "position": done["position"]}


async def follow(client: httpx.AsyncClient, token: str, cid: str, into: list[tuple[int, str]],
                 ready: asyncio.Event, **headers: str) -> None:
    """Record (id, event name) of every event of the stream until it ends."""
    async with client.stream("GET", f"/v1/campaigns/{cid}/live",
                             headers={"Authorization": f"Bearer {token}", **headers}) as response:
        assert response.status_code == 200
        async for message in sse_messages(response):
            if message.get("event") == "ready":
                ready.set()
            elif "id" in message:
                into.append((int(message["id"]), message.get("event", "")))


async def until(predicate: Any, seconds: float = 20.0, why: Any = None) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"timed out: {why() if why else ''}"
        await asyncio.sleep(0.02)


async def test_many_watchers_on_two_gateways_see_each_event_once_in_order_gm_only_to_gms(
        two_gateways: list[Gateway]) -> None:
    a, b = two_gateways
    t = await table(a.api)
    cid = t["cid"]
    for g in two_gateways:  # both read models have the members before anyone subscribes
        assert (await g.api.get(t["ann"], f"/v1/campaigns/{cid}", position=t["position"])).status_code == 200
    roles = ["ann", "bob", "olga"]
    seen: dict[tuple[int, int], list[tuple[int, str]]] = {}
    tasks = []
    for gi, g in enumerate(two_gateways):
        for w in range(WATCHERS_PER_GATEWAY):
            ready = asyncio.Event()
            seen[gi, w] = []
            tasks.append(asyncio.create_task(follow(g.api.client, t[roles[w % 3]], cid,
                                                    seen[gi, w], ready)))
            await asyncio.wait_for(ready.wait(), 10)
    try:
        reads_before = [g.svc.relays.log_reads for g in two_gateways]
        sent: list[tuple[int, bool]] = []  # (position, gm-only)

        async def roll(k: int) -> None:
            g = two_gateways[k % 2]
            hidden = k % 4 == 0
            payload = {"campaign_id": cid, "expression": f"{k % 5 + 1}d6"}
            if hidden:
                payload["visibility"] = "gm"
            done = await g.api.ok(t["ann"], "RollDice", payload)
            sent.append((done["position"], hidden))

        await asyncio.gather(*(roll(k) for k in range(COMMANDS)))  # concurrently, both gateways
        everything = sorted(p for p, _ in sent)
        public = sorted(p for p, hidden in sent if not hidden)
        for (_, w), got in seen.items():
            want = everything if roles[w % 3] == "ann" else public
            await until(lambda got=got, want=want: len(got) >= len(want),
                        why=lambda got=got, want=want: f"{got} vs {want}")
        await asyncio.sleep(0.3)  # anything extra (a repeat) would arrive meanwhile
        hidden_positions = {p for p, hidden in sent if hidden}
        for (gi, w), got in seen.items():
            ids = [i for i, _ in got]
            if roles[w % 3] == "ann":
                assert ids == everything, (gi, w)
            else:
                assert ids == public, (gi, w)  # exactly once, in order, no GM-only roll
                assert not hidden_positions & set(ids)
        # One relay per campaign and process: the log was not read once per watcher per event.
        for g, before in zip(two_gateways, reads_before, strict=True):
            assert g.svc.relays.log_reads - before < COMMANDS // 4
            relay = g.svc.relays.relay(cid)
            assert relay is not None and len(relay.watchers) == WATCHERS_PER_GATEWAY
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


@pytest.mark.parametrize("history", [256, 2], ids=["from-the-relay", "from-the-log"])
async def test_a_resume_backfills_exactly_once_without_gm_only_events(
        two_gateways: list[Gateway], history: int) -> None:
    gw = two_gateways[0]
    api = gw.api
    gw.svc.relays.history = history
    reads = gw.svc.relays.log_reads
    t = await table(api)
    cid = t["cid"]
    positions = []
    for k in range(6):
        payload: dict[str, Any] = {"campaign_id": cid, "expression": "1d6"}
        if k % 2:
            payload["visibility"] = "gm"
        positions.append(((await api.ok(t["ann"], "RollDice", payload))["position"], k % 2 == 1))
    await api.get(t["ann"], f"/v1/campaigns/{cid}", position=positions[-1][0])
    got: dict[str, list[tuple[int, str]]] = {"ann": [], "bob": [], "olga": []}
    tasks = []
    for user in got:
        ready = asyncio.Event()
        tasks.append(asyncio.create_task(follow(api.client, t[user], cid, got[user], ready,
                                                **{"Last-Event-ID": str(t["position"])})))
        await asyncio.wait_for(ready.wait(), 10)
    try:
        later = (await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "2d6"}))
        everything = [p for p, _ in positions] + [later["position"]]
        public = [p for p, hidden in positions if not hidden] + [later["position"]]
        await until(lambda: all(got[u] and got[u][-1][0] == later["position"] for u in got),
                    why=lambda: got)
        assert [i for i, _ in got["ann"]] == everything
        assert [i for i, _ in got["bob"]] == public
        assert [i for i, _ in got["olga"]] == public
        if history == 2:  # the history cannot reach back that far: each resume reads the log
            assert gw.svc.relays.log_reads >= reads + len(got)
        else:  # the relay reached back once; the other two resumes read its history
            assert gw.svc.relays.log_reads == reads + 1
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_revoked_token_ends_only_its_own_streams_within_about_a_second(
        two_gateways: list[Gateway]) -> None:
    api = two_gateways[0].api
    t = await table(api)
    cid = t["cid"]
    bob_seen: list[list[tuple[int, str]]] = [[] for _ in range(5)]
    olga_seen: list[list[tuple[int, str]]] = [[] for _ in range(5)]
    bob_tasks, olga_tasks = [], []
    for g in two_gateways:
        await g.api.get(t["ann"], f"/v1/campaigns/{cid}", position=t["position"])
    for k in range(5):
        for user, seen, tasks in (("bob", bob_seen, bob_tasks), ("olga", olga_seen, olga_tasks)):
            ready = asyncio.Event()
            g = two_gateways[k % 2]
            tasks.append(asyncio.create_task(follow(g.api.client, t[user], cid, seen[k], ready)))
            await asyncio.wait_for(ready.wait(), 10)
    try:
        import asyncpg

        conn = await asyncpg.connect(api.database_url)
        try:
            await revoke_tokens(conn, user="bob")
        finally:
            await conn.close()
        revoked = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*bob_tasks), timeout=3.0)  # each ends cleanly
        assert time.monotonic() - revoked < 2.0
        assert not any(task.done() for task in olga_tasks)
        rolled = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "1d6"})
        await until(lambda: all(s and s[-1][0] == rolled["position"] for s in olga_seen))
    finally:
        for task in bob_tasks + olga_tasks:
            task.cancel()
        await asyncio.gather(*bob_tasks, *olga_tasks, return_exceptions=True)


async def test_a_watcher_that_stops_reading_is_closed_resumably_and_stalls_no_one(
        two_gateways: list[Gateway]) -> None:
    gw = two_gateways[0]
    api, svc = gw.api, gw.svc
    svc.relays.history = 8  # a short history, so a few events overflow it
    t = await table(api)
    cid = t["cid"]
    await api.get(t["ann"], f"/v1/campaigns/{cid}", position=t["position"])
    fast: list[tuple[int, str]] = []
    ready = asyncio.Event()
    fast_task = asyncio.create_task(follow(api.client, t["bob"], cid, fast, ready))
    await asyncio.wait_for(ready.wait(), 10)
    slow = live_stream.live(svc, cid, "player", t["position"], heartbeat=60)
    assert (await anext(slow)).kind == "ready"
    first = asyncio.create_task(anext(slow))  # it waits at the head of the relay...
    await asyncio.sleep(0.2)
    rolled = [(await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "1d4"}))]
    got = [await asyncio.wait_for(first, 10)]
    assert got[0].kind == "event" and got[0].position == rolled[0]["position"]
    # ...then stops reading while three histories' worth of events arrive.
    for _ in range(3 * 8):
        rolled.append(await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "1d4"}))
    wanted = [r["position"] for r in rolled]
    await until(lambda: fast and fast[-1][0] == wanted[-1], why=lambda: fast)
    assert [i for i, _ in fast] == wanted  # the other watcher was not held up
    relay = svc.relays.relay(cid)
    assert relay is not None and len(relay.entries) <= 8
    async for item in slow:  # what it still holds, then a resumable close
        got.append(item)
    assert got[-1].kind == "lagged"
    resume_from = got[-1].position
    assert [i.position for i in got[:-1]] == wanted[:wanted.index(resume_from) + 1]
    # Resuming from the position it was closed at misses nothing and repeats nothing.
    resumed: list[tuple[int, str]] = []
    ready = asyncio.Event()
    again = asyncio.create_task(follow(api.client, t["bob"], cid, resumed, ready,
                                       **{"Last-Event-ID": str(resume_from)}))
    try:
        await until(lambda: resumed and resumed[-1][0] == wanted[-1], why=lambda: resumed)
        assert [i.position for i in got[:-1]] + [i for i, _ in resumed] == wanted
    finally:
        for task in (fast_task, again):
            task.cancel()
        await asyncio.gather(fast_task, again, return_exceptions=True)
