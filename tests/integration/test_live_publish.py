"""Live events published by the process that recorded them, right after their commit: watchers on
several gateways see them without the projector, exactly once and in order, GM-only events only
for GMs; a batch whose publish was lost is read from the log once per relay, in its place; and a
watcher that reads the read models at an event's position sees that event."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

import pytest
from redis.asyncio import Redis

from services.adapters.projector import Projector
from services.application import live_stream
from services.application.settings import Settings
from services.entrypoints.app import create_app
from tests.conftest import Api, served
from tests.integration.test_live_relay import Gateway, follow, table, two_gateways, until

__all__ = ["two_gateways"]  # the fixture, shared with test_live_relay

WATCHERS_PER_GATEWAY = 9
ROLLS = 30


@pytest.fixture
async def unprojected(database_url: str, redis_url: str,
                      redis_client: Redis) -> AsyncIterator[list[Gateway]]:
    """Three gateway processes' apps with no projector at all: nothing publishes on the live
    channel but the gateways themselves, as they commit."""
    async with AsyncExitStack() as stack:
        out = []
        for _ in range(3):
            app = create_app(Settings(database_url=database_url, redis_url=redis_url,
                                      read_wait_ms=10_000), run_projector=False)
            client = await stack.enter_async_context(served(app))
            out.append(Gateway(Api(client, database_url), app.state.services))
        yield out


async def project_once(gw: Gateway) -> None:
    """The read models the streams start from (the projector's work, done here by hand and
    published nowhere)."""
    await Projector(gw.svc.store, gw.svc.redis).catch_up()


async def watch(gateways: list[Gateway], t: dict[str, Any], per_gateway: int
                ) -> tuple[dict[tuple[int, int], list[tuple[int, str]]], list[asyncio.Task[None]]]:
    roles = ["ann", "bob", "olga"]
    seen: dict[tuple[int, int], list[tuple[int, str]]] = {}
    tasks = []
    for gi, g in enumerate(gateways):
        for w in range(per_gateway):
            ready = asyncio.Event()
            seen[gi, w] = []
            tasks.append(asyncio.create_task(follow(g.api.client, t[roles[w % 3]], t["cid"],
                                                    seen[gi, w], ready)))
            await asyncio.wait_for(ready.wait(), 10)
    return seen, tasks


async def test_watchers_on_three_gateways_get_each_event_once_in_order_without_a_projector(
        unprojected: list[Gateway]) -> None:
    a = unprojected[0]
    t = await table(a.api)
    await project_once(a)
    seen, tasks = await watch(unprojected, t, WATCHERS_PER_GATEWAY)
    try:
        sent: list[tuple[int, bool]] = []

        async def roll(k: int) -> None:  # through every gateway at once: their publishes cross
            g = unprojected[k % 3]
            payload: dict[str, Any] = {"campaign_id": t["cid"], "expression": f"{k % 4 + 1}d6"}
            if k % 5 == 0:
                payload["visibility"] = "gm"
            done = await g.api.ok(t["ann"], "RollDice", payload)
            sent.append((done["position"], k % 5 == 0))

        await asyncio.gather(*(roll(k) for k in range(ROLLS)))
        everything = sorted(p for p, _ in sent)
        public = sorted(p for p, hidden in sent if not hidden)
        hidden = {p for p, gm_only in sent if gm_only}
        assert everything == list(range(t["position"] + 1, t["position"] + ROLLS + 1))
        for (_, w), got in seen.items():
            want = everything if w % 3 == 0 else public
            await until(lambda got=got, want=want: len(got) >= len(want),
                        why=lambda got=got, want=want: f"{got} vs {want}")
        await asyncio.sleep(0.3)  # a repeat would arrive meanwhile
        for (gi, w), got in seen.items():
            ids = [i for i, _ in got]
            assert ids == (everything if w % 3 == 0 else public), (gi, w)
            if w % 3:
                assert not hidden & set(ids)
        # Nothing was projected after the setup: the read models still stand where they were.
        assert await a.svc.read_models.position(t["cid"]) == t["position"]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_batch_whose_publish_was_lost_is_read_from_the_log_in_its_place(
        unprojected: list[Gateway]) -> None:
    a, b, _ = unprojected
    b.svc.pipeline.on_recorded = None  # b stops between each commit and its publish
    t = await table(a.api)
    await project_once(a)
    seen, tasks = await watch([a, b], t, 3)
    try:
        reads = [g.svc.relays.log_reads for g in (a, b)]
        lost = await b.api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"], "expression": "1d6",
                                                     "visibility": "gm"})
        lost_public = await b.api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"],
                                                            "expression": "2d6"})
        later = await a.api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"], "expression": "3d6"})
        everything = [lost["position"], lost_public["position"], later["position"]]
        for (_, w), got in seen.items():
            want = everything if w == 0 else everything[1:]
            await until(lambda got=got, want=want: len(got) >= len(want),
                        why=lambda got=got: got)
        await asyncio.sleep(0.3)
        for (gi, w), got in seen.items():
            assert [i for i, _ in got] == (everything if w == 0 else everything[1:]), (gi, w)
        # Each relay read the gap once, for all its watchers.
        assert [g.svc.relays.log_reads - r for g, r in zip((a, b), reads, strict=True)] == [1, 1]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_an_event_seen_live_is_in_the_read_models_at_its_position(
        database_url: str, redis_url: str, redis_client: Redis) -> None:
    app = create_app(Settings(database_url=database_url, redis_url=redis_url, read_wait_ms=10_000))
    async with served(app) as client:
        api = Api(client, database_url)
        t = await table(api)
        await api.get(t["ann"], f"/v1/campaigns/{t['cid']}", position=t["position"])
        got: list[tuple[int, str]] = []
        ready = asyncio.Event()
        task = asyncio.create_task(follow(client, t["bob"], t["cid"], got, ready))
        await asyncio.wait_for(ready.wait(), 10)
        try:
            for k in range(8):
                rolled = await api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"],
                                                             "expression": f"{k + 1}d6"})
                await until(lambda rolled=rolled: bool(got) and got[-1][0] == rolled["position"])
                # Seen live (before the projector may have applied it): a read at its position
                # waits for it and shows it.
                reply = await api.get(t["bob"], f"/v1/campaigns/{t['cid']}/rolls",
                                      position=rolled["position"])
                assert reply.status_code == 200
                assert reply.json()[0]["position"] == rolled["position"]
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def test_a_lost_publish_with_no_batch_after_it_is_found_by_the_sweep(
        two_gateways: list[Gateway]) -> None:
    a, b = two_gateways
    b.svc.pipeline.on_recorded = None  # b stops between each commit and its publish
    t = await table(a.api)
    for g in two_gateways:
        await g.api.get(t["ann"], f"/v1/campaigns/{t['cid']}", position=t["position"])
    seen, tasks = await watch(two_gateways, t, 3)
    try:
        hidden = await b.api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"], "expression": "1d6",
                                                       "visibility": "gm"})
        shown = await b.api.ok(t["ann"], "RollDice", {"campaign_id": t["cid"], "expression": "2d6"})
        rolled = time.monotonic()
        for got in seen.values():
            await until(lambda got=got: bool(got) and got[-1][0] == shown["position"],
                        seconds=5.0, why=lambda got=got: got)
        # Within a sweep or two (each a second), without any later batch to show the gap.
        assert time.monotonic() - rolled < 3.5
        await asyncio.sleep(0.3)
        for (gi, w), got in seen.items():
            want = [hidden["position"], shown["position"]] if w == 0 else [shown["position"]]
            assert [i for i, _ in got] == want, (gi, w)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_heartbeats_keep_coming_to_an_idle_stream(unprojected: list[Gateway]) -> None:
    gw = unprojected[0]
    t = await table(gw.api)
    await project_once(gw)
    stream = live_stream.live(gw.svc, t["cid"], "player", t["position"], heartbeat=0.2)
    try:
        assert (await anext(stream)).kind == "ready"
        began = time.monotonic()
        beats = [await asyncio.wait_for(anext(stream), 2) for _ in range(3)]
        assert [b.kind for b in beats] == ["heartbeat"] * 3
        assert all(b.position == t["position"] for b in beats)
        assert 0.5 <= time.monotonic() - began < 1.5
    finally:
        await stream.aclose()
