"""The server versions the README promises (PostgreSQL 15+, Redis 6.2+) are the ones tested.

CI runs the event-store and read-model tests a second time on a distribution's PostgreSQL 15 and
Redis 7 (``SKALD_POSTGRES_BIN``, ``SKALD_REDIS_SERVER``) and names the majors it expects, so a
pass that silently fell back to the embedded builds fails here.
"""

from __future__ import annotations

import os

import asyncpg
from redis.asyncio import Redis


async def test_postgres_is_the_promised_version(pg_admin_url: str) -> None:
    conn = await asyncpg.connect(pg_admin_url)
    try:
        number = int(await conn.fetchval("SHOW server_version_num"))
    finally:
        await conn.close()
    assert number >= 150000, "the README promises PostgreSQL 15 or newer"
    expected = os.environ.get("SKALD_TEST_EXPECT_PG_MAJOR")
    if expected:
        assert number // 10000 == int(expected)


async def test_redis_is_the_promised_version(redis_client: Redis) -> None:
    version = str((await redis_client.info("server"))["redis_version"])
    major, minor = (int(part) for part in version.split(".")[:2])
    assert (major, minor) >= (6, 2), "the README promises Redis 6.2 or newer"
    expected = os.environ.get("SKALD_TEST_EXPECT_REDIS_MAJOR")
    if expected:
        assert major == int(expected)
