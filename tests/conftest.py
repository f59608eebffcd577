"""Shared fixtures: real PostgreSQL and Redis (see tests/servers.py), one fresh database per test."""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import httpx
import pytest
import uvicorn
from litestar import Litestar
from redis.asyncio import Redis

from services.adapters.event_store import EventStore
from services.adapters.migrate import migrate
from services.adapters.redis_client import connect_redis
from services.adapters.tokens import create_token
from services.application.settings import Settings
from services.entrypoints.app import create_app
from tests import citus_cluster
from tests.servers import pg_admin_url, redis_url  # noqa: F401


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def new_database(admin_url: str) -> str:
    """A fresh, migrated database; under SKALD_TEST_CITUS on every node of the Citus cluster,
    with the extension, so ``migrate`` distributes it."""
    name = f"skald_t_{uuid.uuid4().hex[:12]}"
    cluster = citus_cluster.CURRENT
    if cluster is not None:
        await cluster.create_database(name)
    url = with_database(admin_url, name)
    await migrate(url)
    return url


@pytest.fixture
async def database_url(pg_admin_url: str) -> AsyncIterator[str]:  # noqa: F811
    """A fresh, migrated database for one test, dropped afterwards."""
    url = await new_database(pg_admin_url)
    name = url.rsplit("/", 1)[1]
    yield url
    cluster = citus_cluster.CURRENT
    if cluster is not None:
        await cluster.drop_database(name)
        return
    admin = await asyncpg.connect(pg_admin_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[Redis]:  # noqa: F811
    client = connect_redis(redis_url)
    await client.flushdb()
    yield client
    await client.aclose()


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[EventStore]:
    event_store = await EventStore.connect(database_url)
    yield event_store
    await event_store.close()


class Api:
    """A small client for the HTTP gateway in tests."""

    def __init__(self, client: httpx.AsyncClient, database_url: str) -> None:
        self.client = client
        self.database_url = database_url
        self._count = 0

    async def token(self, user: str) -> str:
        conn = await asyncpg.connect(self.database_url)
        try:
            return await create_token(conn, user)
        finally:
            await conn.close()

    @staticmethod
    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    async def command(self, token: str, type_: str, payload: dict[str, Any],
                      command_id: str | None = None) -> Any:
        self._count += 1
        body = {"command_id": command_id or f"cmd-{self._count}-{uuid.uuid4().hex[:8]}",
                "type": type_, "payload": payload}
        return await self.client.post("/v1/commands", json=body, headers=self.auth(token))

    async def ok(self, token: str, type_: str, payload: dict[str, Any],
                 command_id: str | None = None) -> dict[str, Any]:
        response = await self.command(token, type_, payload, command_id)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    async def get(self, token: str, path: str, **params: Any) -> Any:
        return await self.client.get(path, headers=self.auth(token), params=params)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def served(app: Litestar) -> AsyncIterator[httpx.AsyncClient]:
    """The app served by uvicorn on a free port (lifespan included), and a real HTTP client."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(),
                                           log_level="warning", lifespan="on",
                                           timeout_graceful_shutdown=2))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            yield client
    finally:
        server.should_exit = True
        await task


@pytest.fixture
async def api(database_url: str, redis_url: str, redis_client: Redis) -> AsyncIterator[Api]:  # noqa: F811
    """The gateway on a free port, and a client speaking real HTTP to it."""
    app = create_app(Settings(database_url=database_url, redis_url=redis_url, read_wait_ms=10_000))
    async with served(app) as client:
        yield Api(client, database_url)


@pytest.fixture(autouse=True, scope="session")
def every_decided_event_is_registered() -> Any:
    """Every event a ruleset decides in any test is of a type its registry (``event_types``)
    holds, and its data is exactly that Struct (tests/recorded_events.py)."""
    from domain.rulesets import RULESETS
    from tests.recorded_events import check_registered

    wrapped = []
    for ruleset in RULESETS.values():
        decide = getattr(ruleset, "decide", None)
        if decide is None:
            continue

        def checked(*args: Any, _decide: Any = decide, **kwargs: Any) -> Any:
            events = _decide(*args, **kwargs)
            for event in events:
                check_registered(event.type, event.data)
            return events

        ruleset.decide = checked
        wrapped.append(ruleset)
    yield
    for ruleset in wrapped:
        del ruleset.decide


# The tests of tests/citus/ need the Citus cluster: they run with SKALD_TEST_CITUS=1 (CI does).
collect_ignore_glob = [] if os.environ.get("SKALD_TEST_CITUS") == "1" else ["citus/*"]
