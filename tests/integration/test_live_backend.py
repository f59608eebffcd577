"""The live channels' reading worker stops when it is cancelled, on a real Redis.

The channels plugin stops its worker at shutdown by cancelling it and waiting for it. A Redis
call that returns normally in spite of the cancel (its own timeout met it) once left the stock
backend waiting forever for a subscribed channel, so the process never finished stopping: the
service's backend raises such a cancel again."""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio import Redis

from services.entrypoints.live_channel import live_backend


async def test_the_reader_stops_even_when_a_redis_call_swallowed_its_cancel(
        redis_url: str, redis_client: Redis) -> None:
    # the backend the service uses for this Redis: one server's, or a Redis Cluster's
    backend = live_backend(redis_url, redis_client)
    await backend.on_startup()
    await backend.subscribe(["c1"])
    real_xread = redis_client.xread
    entered = asyncio.Event()

    async def swallowing_xread(*args: Any, **kwargs: Any) -> Any:
        """A read whose cancel is lost below it, as when its timeout meets the cancel."""
        entered.set()
        try:
            return await real_xread(*args, **kwargs)
        except asyncio.CancelledError:
            return None

    redis_client.xread = swallowing_xread  # type: ignore[method-assign]
    received: list[tuple[str, Any]] = []

    async def read() -> None:
        async for item in backend.stream_events():
            received.append(item)

    worker = asyncio.create_task(read())
    await backend.publish(b"one", ["c1"])
    while not received:
        await asyncio.sleep(0.01)
    assert received == [("c1", b"one")]
    entered.clear()
    await asyncio.wait_for(entered.wait(), 2)
    await backend.unsubscribe(["c1"])  # shutdown: no channel is subscribed any more
    worker.cancel()
    done, _ = await asyncio.wait({worker}, timeout=3)
    assert done, "the reader did not stop after its cancel was swallowed"
    assert worker.cancelled()
    await backend.on_shutdown()
