"""A Redis that accepts a connection and never answers must not hold a caller forever."""

from __future__ import annotations

import asyncio
import time

import pytest
from redis import exceptions as redis_errors

from services.adapters.dependencies import dependency_down
from services.adapters.redis_client import SOCKET_TIMEOUT_S, connect_redis


async def test_a_silent_redis_is_a_timeout_that_reads_as_redis_down() -> None:
    held: list[asyncio.StreamWriter] = []

    async def accept_and_say_nothing(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(accept_and_say_nothing, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    redis = connect_redis(f"redis://127.0.0.1:{port}/0")
    start = time.monotonic()
    try:
        with pytest.raises(redis_errors.TimeoutError) as caught:
            await asyncio.wait_for(redis.get("skald:x"), timeout=SOCKET_TIMEOUT_S * 4 + 30)
    finally:
        await redis.aclose()
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()
    # The socket timeout ends the wait (with redis-py's retries), not the outer guard.
    assert time.monotonic() - start < SOCKET_TIMEOUT_S * 4 + 10
    assert dependency_down(caught.value) == "redis"
