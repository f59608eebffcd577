"""The live channels: Litestar's channels plugin on Redis streams (one server or a cluster),
and the ``LiveChannel`` port the live relays and the publisher use on top of it.

Each campaign has one channel (``{campaign}:live``, the campaign as its hash tag). Litestar's
plugin is the pub/sub here, so this wiring lives with the entrypoints, not the adapters.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import AsyncGenerator
from typing import Any, cast

from litestar.channels import ChannelsPlugin, Subscriber
from litestar.channels.backends.redis import RedisChannelsStreamBackend
from redis.asyncio import Redis
from redis.crc import key_slot
from redis.typing import KeyT, StreamIdT

from services.adapters.read_models import live_channel
from services.adapters.redis_client import is_cluster_url
from services.application.ports import Subscription

BLOCK_MS = 100  # the live channels' XREAD block while idle
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


class LiveStreamBackend(RedisChannelsStreamBackend):
    """Live channels as Redis streams on one server: the stock backend's reading loop, made to
    stop when it is cancelled even if a Redis call swallowed the cancel."""

    def __init__(self, *, block_ms: int = BLOCK_MS, **kwargs: Any) -> None:
        # An idle XREAD waits this long (the stock 1 ms makes an idle process poll Redis a
        # thousand times a second); a channel subscribed meanwhile is read from its start.
        super().__init__(stream_sleep_no_subscriptions=block_ms, **kwargs)
        self._block_ms = block_ms

    async def subscribed(self) -> set[str]:
        """The channels subscribed to, once there is one; a pending cancel is raised within a
        second even while none is (``_raise_if_cancelled``)."""
        while True:
            _raise_if_cancelled()
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(self._get_subscribed_channels(), 1.0)

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        stream_ids: dict[str, bytes | int] = {}
        while True:
            streams: dict[KeyT, StreamIdT] = {
                self._make_key(c): stream_ids.get(self._make_key(c), 0)
                for c in await self.subscribed()}
            data = await self._redis.xread(streams, block=self._block_ms)
            _raise_if_cancelled()
            for stream_key, channel_events in cast(XReadReply, data) or []:
                for event_id, fields in channel_events:
                    stream_ids[stream_key.decode()] = event_id
                    yield fields[b"channel"].decode(), fields[b"data"]


class ClusterStreamBackend(LiveStreamBackend):
    """Live channels as Redis streams on a cluster.

    The stock backend reads every subscribed stream with one XREAD, which a cluster refuses once
    the streams live on different slots (the channels of several campaigns). This one reads each
    slot's streams with their own XREAD, concurrently, and yields what any of them returns.
    """

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        stream_ids: dict[str, bytes | int] = {}
        while True:
            by_slot: dict[int, dict[KeyT, StreamIdT]] = defaultdict(dict)
            for channel in await self.subscribed():
                key = self._make_key(channel)
                by_slot[key_slot(key.encode())][key] = stream_ids.get(key, 0)
            replies = await asyncio.gather(*(self._redis.xread(streams, block=self._block_ms)
                                             for streams in by_slot.values()))
            _raise_if_cancelled()
            for data in replies:
                for stream_key, channel_events in cast(XReadReply, data) or []:
                    for event_id, fields in channel_events:
                        stream_ids[stream_key.decode()] = event_id
                        yield fields[b"channel"].decode(), fields[b"data"]


def live_backend(url: str, redis: Redis) -> RedisChannelsStreamBackend:
    """The live-channel backend for a Redis at ``url`` (a cluster-aware one for a cluster)."""
    options: dict[str, Any] = {"history": 100, "redis": redis, "key_prefix": "skald:live",
                               "stream_ttl": 3_600_000}
    if is_cluster_url(url):
        return ClusterStreamBackend(**options)
    return LiveStreamBackend(**options)


class ChannelsLiveChannel:
    """The ``LiveChannel`` port on a Litestar ``ChannelsPlugin``: one channel per campaign."""

    def __init__(self, channels: ChannelsPlugin) -> None:
        self.channels = channels

    async def subscribe(self, campaign_id: str) -> Subscription:
        return await self.channels.subscribe([live_channel(campaign_id)])

    async def unsubscribe(self, subscription: Subscription) -> None:
        await self.channels.unsubscribe(cast(Subscriber, subscription))

    async def publish(self, campaign_id: str, data: bytes) -> None:
        await self.channels.wait_published(data, [live_channel(campaign_id)])
