"""The live channels: Litestar's channels plugin on a few shared Redis streams (one server or a
cluster), and the ``LiveChannel`` port the live relays and the publisher use on top of it.

Each campaign has one channel (``{campaign}:live``). Channels do not get a stream each: they are
spread over ``SHARDS`` streams by a hash of their name, and a process reads every shard with one
``XREAD`` (on a cluster, one per shard, each its own slot) and keeps what its subscribers want.
With a stream per channel, a gateway whose watchers follow 250 campaigns sent 250 stream keys
with every ``XREAD`` and again after every message (about 15% of its busy time in
``bench/live_fanout.py``); with shards the read costs the same however many campaigns a process
serves. What a process reads for campaigns it does not serve, it drops on its name.

Litestar's plugin is the pub/sub here, so this wiring lives with the entrypoints, not the adapters.
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from collections.abc import AsyncGenerator, Iterable, Sequence
from typing import Any, cast

import structlog
from litestar.channels import ChannelsPlugin, Subscriber
from litestar.channels.backends.base import ChannelsBackend
from redis.asyncio import Redis

from services.adapters.read_models import live_channel
from services.adapters.redis_client import is_cluster_url
from services.application.ports import Subscription

log = structlog.get_logger(__name__)

SHARDS = 16  # streams the live channels share (each its own slot on a cluster)
MAXLEN = 1_000  # entries each shard keeps, about (a reader further behind reads the log)
BLOCK_MS = 100  # an XREAD's block while no message comes
RETRY_S = 0.5  # after a failed read (Redis away), before reading that shard again
# XREAD's reply (None when the block ran out): each stream's key and its entries, each entry its id
# and its fields; redis-py types command replies loosely, so it is cast to this where it is read.
XReadReply = list[tuple[bytes, list[tuple[bytes, dict[bytes, bytes]]]]] | None


def _raise_if_cancelled() -> None:
    """Raise the cancellation a call below swallowed (its own timeout met the cancel).

    The channels plugin stops its reading worker by cancelling it and waiting for it. Should
    a Redis call return normally in spite of the cancel, the worker would go on and then wait
    forever for a channel to be subscribed (none is, at shutdown), and the process would never
    finish stopping; so each turn of the loop checks for a cancel still pending."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class ShardedStreamBackend(ChannelsBackend):
    """Channels multiplexed onto ``shards`` Redis streams, read together.

    A subscriber receives every message published to its channels after its ``subscribe``
    returned, in the order they were published (one channel is always on one stream); messages
    published while nothing in the process was subscribed are not read. ``cluster``: read each
    shard with its own ``XREAD`` (a cluster refuses one across slots); a message waits for no
    other shard's read."""

    def __init__(self, redis: Redis, *, key_prefix: str = "skald:live", shards: int = SHARDS,
                 maxlen: int = MAXLEN, block_ms: int = BLOCK_MS, cluster: bool = False) -> None:
        self._redis = redis
        self._keys = [f"{key_prefix}:{{live.{n}}}" for n in range(shards)]
        self._groups = [(key,) for key in self._keys] if cluster else [tuple(self._keys)]
        self._maxlen = maxlen
        self._block_ms = block_ms
        self._channels: set[str] = set()
        self._ids: dict[str, bytes] = {}  # each shard's last entry read (empty: nothing subscribed)
        self._subscribing: asyncio.Lock | None = None
        self._subscribed: asyncio.Event | None = None

    def shard_of(self, channel: str) -> str:
        """The stream ``channel``'s messages go to (the same in every process)."""
        return self._keys[zlib.crc32(channel.encode()) % len(self._keys)]

    async def on_startup(self) -> None:
        pass

    async def on_shutdown(self) -> None:
        pass

    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        await self.publish_many([(channel, data) for channel in set(channels)])

    async def publish_many(self, messages: Sequence[tuple[str, bytes]]) -> None:
        """Publish each ``(channel, data)`` in order, in one round trip (per node on a cluster)."""
        if len(messages) == 1:
            channel, data = messages[0]
            await self._redis.xadd(self.shard_of(channel), {"channel": channel, "data": data},
                                   maxlen=self._maxlen, approximate=True)
            return
        pipe = self._redis.pipeline(transaction=False)
        for channel, data in messages:
            pipe.xadd(self.shard_of(channel), {"channel": channel, "data": data},
                      maxlen=self._maxlen, approximate=True)
        await pipe.execute()

    async def subscribe(self, channels: Iterable[str]) -> None:
        """Add ``channels``; the first subscription of an idle process starts every shard's
        reading at its newest entry (so what is published from now on is read)."""
        if self._subscribing is None:
            self._subscribing = asyncio.Lock()
        async with self._subscribing:
            if not self._ids:
                try:
                    self._ids = await self._newest()
                except Exception as err:  # Redis away: read what comes once it is back
                    log.warning("live channel could not find its shards' newest entries",
                                error=f"{type(err).__name__}: {err}")
                    self._ids = dict.fromkeys(self._keys, b"$")
            self._channels.update(channels)
            self._event().set()

    async def unsubscribe(self, channels: Iterable[str]) -> None:
        self._channels.difference_update(channels)
        if not self._channels:
            self._event().clear()

    async def get_history(self, channel: str, limit: int | None = None) -> list[bytes]:
        """The channel's messages its shard still holds, oldest first, at most ``limit``."""
        entries = cast(list[tuple[bytes, dict[bytes, bytes]]],
                       await self._redis.xrevrange(self.shard_of(channel)))
        mine = [fields[b"data"] for _, fields in entries if fields[b"channel"].decode() == channel]
        return list(reversed(mine[:limit] if limit else mine))

    def _event(self) -> asyncio.Event:
        if self._subscribed is None:  # made in the running loop, not where the app is built
            self._subscribed = asyncio.Event()
        return self._subscribed

    async def _newest(self) -> dict[str, bytes]:
        """Each shard's newest entry id (``0-0`` for a shard with none yet)."""
        newest = cast(list[list[tuple[bytes, Any]]], await asyncio.gather(
            *(self._redis.xrevrange(key, count=1) for key in self._keys)))
        return {key: (found[0][0] if found else b"0-0")
                for key, found in zip(self._keys, newest, strict=True)}

    async def _wait_subscribed(self) -> None:
        """Until a channel is subscribed; a pending cancel is raised within a second meanwhile
        (``_raise_if_cancelled``)."""
        while not self._channels:
            _raise_if_cancelled()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._event().wait(), 1.0)

    async def _read(self, group: tuple[str, ...], failed: bool) -> XReadReply:
        if failed:
            await asyncio.sleep(RETRY_S)
        ids = self._ids
        return cast(XReadReply, await self._redis.xread({key: ids[key] for key in group},
                                                        block=self._block_ms))

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        reads: dict[asyncio.Task[XReadReply], tuple[str, ...]] = {}
        failed: set[tuple[str, ...]] = set()
        try:
            while True:
                _raise_if_cancelled()
                if not self._channels:
                    for task in reads:
                        task.cancel()
                    reads.clear()
                    self._ids = {}  # the next first subscription starts from the newest again
                    await self._wait_subscribed()
                    continue
                running = set(reads.values())
                for group in self._groups:
                    if group not in running:
                        task = asyncio.create_task(self._read(group, group in failed))
                        reads[task] = group
                done, _ = await asyncio.wait(reads.keys(), return_when=asyncio.FIRST_COMPLETED)
                _raise_if_cancelled()
                for task in done:
                    group = reads.pop(task)
                    failed.discard(group)
                    if task.cancelled():
                        continue
                    if (err := task.exception()) is not None:
                        failed.add(group)  # relays read what this misses from the log
                        log.warning("live channel read failed; retrying",
                                    error=f"{type(err).__name__}: {err}")
                        continue
                    for key, entries in task.result() or []:
                        for entry_id, fields in entries:
                            self._ids[key.decode()] = entry_id
                            channel = fields[b"channel"].decode()
                            if channel in self._channels:
                                yield channel, fields[b"data"]
        finally:
            for task in reads:
                task.cancel()


def live_backend(url: str, redis: Redis) -> ShardedStreamBackend:
    """The live-channel backend for a Redis at ``url`` (one read per shard on a cluster)."""
    return ShardedStreamBackend(redis, cluster=is_cluster_url(url))


class ChannelsLiveChannel:
    """The ``LiveChannel`` port on a Litestar ``ChannelsPlugin``: one channel per campaign."""

    def __init__(self, channels: ChannelsPlugin, backend: ShardedStreamBackend) -> None:
        self.channels = channels
        self.backend = backend  # the plugin's: publishing needs none of the plugin's queueing

    async def subscribe(self, campaign_id: str) -> Subscription:
        return await self.channels.subscribe([live_channel(campaign_id)])

    async def unsubscribe(self, subscription: Subscription) -> None:
        await self.channels.unsubscribe(cast(Subscriber, subscription))

    async def publish(self, messages: Sequence[tuple[str, bytes]]) -> None:
        await self.backend.publish_many([(live_channel(cid), data) for cid, data in messages])
