"""Stopping and restarting the real PostgreSQL and Redis under load: 503 with Retry-After while
one is down (and /readyz names it), full recovery unattended (LISTEN, the projector), no
acknowledged command lost, and read models equal to a fresh fold of the log."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import httpx
import pytest
from redis.asyncio import Redis

from services.adapters.embedded import EmbeddedPostgres, EmbeddedRedis
from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.adapters.read_model_rebuild import rebuild
from services.adapters.redis_client import connect_redis
from services.application.settings import Settings
from services.entrypoints.app import create_app
from tests.conftest import Api, served, with_database


class Load:
    """Players rolling without pause; each command is retried with its own id after a 503."""

    def __init__(self, api: Api, token: str, cid: str, table: str) -> None:
        self.api, self.token, self.cid, self.table = api, token, cid, table
        self.acked: dict[str, int] = {}  # command id -> position answered
        self.unavailable = 0
        self.other: list[tuple[int, str]] = []
        self.stop = asyncio.Event()

    async def run(self, worker: int) -> None:
        count = 0
        while not self.stop.is_set():
            count += 1
            command_id = f"load-{worker}-{count}"
            while not self.stop.is_set():
                try:
                    response = await self.api.command(self.token, "RollDice", {
                        "campaign_id": self.cid, "table_id": self.table, "expression": "1d20"},
                        command_id=command_id)
                except httpx.HTTPError as err:  # the service itself never goes away
                    self.other.append((0, repr(err)))
                    break
                if response.status_code == 200:
                    self.acked[command_id] = response.json()["position"]
                    break
                if response.status_code == 503:
                    assert response.headers.get("retry-after") == "1"
                    assert response.json()["rule"] == "service.dependency-available"
                    self.unavailable += 1
                    await asyncio.sleep(0.1)
                    continue
                self.other.append((response.status_code, response.text))
                break
            await asyncio.sleep(0.01)


@pytest.fixture
async def own_servers(tmp_path: Path) -> AsyncIterator[tuple[EmbeddedPostgres, EmbeddedRedis]]:
    """Servers of this test alone: stopping them must not disturb any other test."""
    pg, redis = EmbeddedPostgres(tmp_path / "pg"), EmbeddedRedis(tmp_path / "redis")
    await asyncio.to_thread(pg.start)
    await asyncio.to_thread(redis.start)
    try:
        yield pg, redis
    finally:
        await asyncio.to_thread(redis.stop)
        await asyncio.to_thread(pg.stop)


async def _ready(api: Api) -> dict[str, Any]:
    response = await api.client.get("/readyz")
    body: dict[str, Any] = response.json()
    body["status_code"] = response.status_code
    return body


async def _ready_ok(api: Api) -> bool:
    return (await _ready(api))["status_code"] == 200


async def until(check: Any, seconds: float, what: str) -> float:
    """Seconds until ``await check()`` is true; fails after ``seconds``."""
    start = time.monotonic()
    while not await check():
        assert time.monotonic() - start < seconds, f"{what} not within {seconds} s"
        await asyncio.sleep(0.1)
    return time.monotonic() - start


async def _listening(database_url: str) -> bool:
    try:
        conn = await asyncpg.connect(database_url)
    except (OSError, asyncpg.PostgresError):
        return False
    try:
        count = await conn.fetchval("SELECT count(*) FROM pg_stat_activity"
                                    " WHERE query LIKE 'LISTEN %' AND datname = current_database()")
        return bool(count)
    finally:
        await conn.close()


async def test_postgres_and_redis_restarts_lose_nothing_and_recover(
        own_servers: tuple[EmbeddedPostgres, EmbeddedRedis]) -> None:
    pg, redis_server = own_servers
    database_url = with_database(pg.url or "", f"skald_f_{uuid.uuid4().hex[:8]}")
    await migrate(database_url)
    app = create_app(Settings(database_url=database_url, redis_url=redis_server.url,
                              read_wait_ms=3000))
    async with served(app) as client:
        api = Api(client, database_url)
        ann = await api.token("ann")
        cid = (await api.ok(ann, "CreateCampaign", {"name": "Storm"}))["campaign_id"]
        table = (await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main"}))
        table_id = table["events"][0]["data"]["table_id"]
        assert (await _ready(api))["status_code"] == 200
        await until(lambda: _listening(database_url), 5, "LISTEN")
        load = Load(api, ann, cid, table_id)
        workers = [asyncio.create_task(load.run(i)) for i in range(4)]
        try:
            await asyncio.sleep(0.5)

            # PostgreSQL goes away: commands get 503 with Retry-After, /readyz names it.
            await asyncio.to_thread(pg.stop)
            down = await _ready(api)
            assert down["status_code"] == 503 and down["checks"]["postgres"].startswith("unreachable")
            assert down["checks"]["redis"] == "ok"
            before = load.unavailable
            await until(lambda: already(load.unavailable > before), 5, "a 503 while PostgreSQL is down")
            await asyncio.to_thread(pg.start)
            assert urlsplit(pg.url or "").port == urlsplit(database_url).port  # the same address
            acked = len(load.acked)
            await until(lambda: already(len(load.acked) > acked + 5), 10, "commands after the restart")
            await until(lambda: _listening(database_url), 20, "LISTEN after the restart")
            # Read-your-writes again, through the projector's notifications.
            done = await api.ok(ann, "RollDice", {"campaign_id": cid, "expression": "1d6"})
            seen = await api.get(ann, f"/v1/campaigns/{cid}/rolls", position=done["position"])
            assert seen.status_code == 200

            # Redis goes away: reads get 503, /readyz names it; commands are still recorded.
            await asyncio.to_thread(redis_server.stop)
            down = await _ready(api)
            assert down["status_code"] == 503 and down["checks"]["redis"].startswith("unreachable")
            read = await api.get(ann, f"/v1/campaigns/{cid}")
            assert read.status_code == 503 and read.headers["retry-after"] == "1"
            assert read.json()["field"] == "redis"
            acked = len(load.acked)
            await asyncio.sleep(1.0)
            await asyncio.to_thread(redis_server.start)
            await until(lambda: already(len(load.acked) > acked + 5), 10, "commands after Redis returns")
            # A pooled Redis connection from before the restart fails once and is replaced.
            await until(lambda: _ready_ok(api), 5, "/readyz 200 after Redis returns")
            done = await api.ok(ann, "RollDice", {"campaign_id": cid, "expression": "1d6"})
            seen = await api.get(ann, f"/v1/campaigns/{cid}/rolls", position=done["position"])
            assert seen.status_code == 200, seen.text

        finally:
            load.stop.set()
            await asyncio.gather(*workers)
        assert not load.other, load.other[:5]  # nothing but 200 and 503

        # Read-your-writes latency is back to normal: the projector hears each commit (NOTIFY)
        # instead of finding it by its once-a-second poll (~0.5 s on average, up to 1 s).
        waits = await read_your_write_waits(api, ann, cid)
        assert sorted(waits)[3] < 0.3, waits  # about 0.01-0.02 s here
        last = max(load.acked.values())
        settled = await api.get(ann, f"/v1/campaigns/{cid}/rolls", position=last, limit=100)
        assert settled.status_code == 200, settled.text

        # Every acknowledged command is in the log, at the position it was answered with.
        conn = await asyncpg.connect(database_url)
        try:
            rows = await conn.fetch("SELECT position, metadata->>'command_id' AS command_id"
                                    " FROM events WHERE campaign_id = $1", cid)
        finally:
            await conn.close()
        logged = {r["command_id"]: r["position"] for r in rows}
        assert len(load.acked) > 20
        assert all(logged.get(k) == v for k, v in load.acked.items())

        # The read models equal a fresh fold of the log.
        paths = [f"/v1/campaigns/{cid}", f"/v1/campaigns/{cid}/rolls?limit=100",
                 f"/v1/campaigns/{cid}/events?limit=1000"]
        kept = [(await api.client.get(p, headers=api.auth(ann))).json() for p in paths]
        store = await EventStore.connect(database_url)
        redis = Redis.from_url(redis_server.url or "")
        try:
            await rebuild(store, redis)
        finally:
            await store.close()
            await redis.aclose()
        fresh = [(await api.client.get(p, headers=api.auth(ann))).json() for p in paths]
        assert fresh == kept


async def already(value: bool) -> bool:
    return value


async def read_your_write_waits(api: Api, token: str, cid: str, rolls: int = 7) -> list[float]:
    """Seconds each of ``rolls`` reads of one's own roll waited for the read models."""
    waits = []
    for _ in range(rolls):
        done = await api.ok(token, "RollDice", {"campaign_id": cid, "expression": "1d6"})
        started = time.monotonic()
        seen = await api.get(token, f"/v1/campaigns/{cid}/rolls", position=done["position"])
        waits.append(time.monotonic() - started)
        assert seen.status_code == 200, seen.text
    return waits


async def test_pooled_redis_connections_outlive_a_redis_restart(tmp_path: Path) -> None:
    """Every pooled connection from before a restart is broken; each command that meets one is
    sent again on a new connection, so none fails once Redis is back."""
    server = EmbeddedRedis(tmp_path / "redis")
    await asyncio.to_thread(server.start)
    client = connect_redis(server.url or "")
    try:
        await asyncio.gather(*(client.ping() for _ in range(8)))  # several pooled connections
        await asyncio.to_thread(server.stop)
        await asyncio.to_thread(server.start)
        assert await asyncio.gather(*(client.ping() for _ in range(8))) == [True] * 8
    finally:
        await client.aclose()
        await asyncio.to_thread(server.stop)
