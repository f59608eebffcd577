"""The live channels' reading worker stops when it is cancelled, on a real Redis.

The channels plugin stops its worker at shutdown by cancelling it and waiting for it. A Redis
call that returns normally in spite of the cancel (its own timeout met it) once left the stock
backend waiting forever for a subscribed channel, so the process never finished stopping: the
service's backend raises such a cancel again."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from litestar.channels.backends.base import ChannelsBackend
from redis.asyncio import Redis

from services.entrypoints.live_channel import SHARDS, live_backend


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


async def _collect(backend: ChannelsBackend, received: list[tuple[str, bytes]]) -> None:
    async for channel, data in backend.stream_events():
        received.append((channel, data))


async def test_channels_share_a_few_streams_and_each_process_reads_only_its_own(
        redis_url: str, redis_client: Redis) -> None:
    """Many campaigns' channels on a few shared streams: a process gets every message of the
    channels it subscribed (from another process's publish), each channel's in order, nothing
    of the others, and nothing published before it subscribed."""
    reader, writer = live_backend(redis_url, redis_client), live_backend(redis_url, redis_client)
    ours = [f"{{c{n}}}:live" for n in range(40)]
    others = [f"{{o{n}}}:live" for n in range(20)]
    await writer.publish(b"before", [ours[0]])
    await reader.subscribe(ours)
    received: list[tuple[str, bytes]] = []
    worker = asyncio.create_task(_collect(reader, received))
    try:
        for k in range(5):  # one message at a time, and many in one round trip
            if k % 2:
                await writer.publish_many([(channel, f"{channel}/{k}".encode())
                                           for channel in ours + others])
            else:
                for channel in ours + others:
                    await writer.publish(f"{channel}/{k}".encode(), [channel])
        deadline = asyncio.get_running_loop().time() + 10
        while len(received) < len(ours) * 5:
            assert asyncio.get_running_loop().time() < deadline, received
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # nothing more may come
        for channel in ours:
            assert [d for c, d in received if c == channel] == [
                f"{channel}/{k}".encode() for k in range(5)]
        assert len(received) == len(ours) * 5
        # The channels live on the shards alone: no stream key per channel.
        keys = {key.decode() async for key in _scan(redis_client, "skald:live*")}
        assert keys == {reader.shard_of(c) for c in ours + others}
        assert len(keys) <= SHARDS
    finally:
        worker.cancel()
        await asyncio.gather(worker, return_exceptions=True)


async def _scan(redis_client: Redis, pattern: str) -> AsyncIterator[bytes]:
    """Keys matching ``pattern`` (on a cluster, every master's)."""
    async for key in redis_client.scan_iter(match=pattern):
        yield key
