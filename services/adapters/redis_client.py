"""Redis clients for the read models and the live channels: one server or a Redis Cluster.

``redis://`` (or ``rediss://``) is one server; ``redis-cluster://host:port`` (or
``rediss-cluster://``) is a Redis Cluster reached through any of its nodes. Every key of a
campaign carries the campaign as its hash tag, so each multi-key operation the service makes
(a campaign's MULTI/EXEC with its checkpoint, a pipelined read) stays on one slot.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import AsyncGenerator
from typing import Any, cast

from litestar.channels.backends.redis import RedisChannelsStreamBackend
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.crc import key_slot
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.typing import KeyT, StreamIdT

CLUSTER_SCHEMES = {"redis-cluster": "redis", "rediss-cluster": "rediss"}
SOCKET_TIMEOUT_S = 5.0  # well above the live channels' 1-100 ms XREAD blocks
CONNECT_TIMEOUT_S = 2.0
BLOCK_MS = 100  # the live channels' XREAD block while idle
MAX_CONNECTIONS = 100  # per process; more requests at once wait for one of them
POOL_WAIT_S = 5.0  # how long a request waits for a pooled connection before failing
RETRIES = 2  # a command that meets a broken connection is sent again at most this often
# XREAD's reply (None when the block ran out): each stream's key and its entries, each entry its id
# and its fields; redis-py types command replies loosely, so it is cast to this where it is read.
XReadReply = list[tuple[bytes, list[tuple[bytes, dict[bytes, bytes]]]]] | None


def is_cluster_url(url: str) -> bool:
    return url.split("://", 1)[0] in CLUSTER_SCHEMES


def connect_redis(url: str, **kwargs: Any) -> Redis:
    """A client for ``url``. A cluster client is returned typed as ``Redis``: it answers every
    command the service sends, each routed to the node holding its keys' slot."""
    # No Redis call may wait forever: a half-open connection (a node killed mid-reply, a
    # failover) becomes a TimeoutError, which callers answer with 503 or retry.
    kwargs.setdefault("socket_timeout", SOCKET_TIMEOUT_S)
    kwargs.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_S)
    scheme, _, rest = url.partition("://")
    if scheme in CLUSTER_SCHEMES:
        return cast(Redis, RedisCluster.from_url(f"{CLUSTER_SCHEMES[scheme]}://{rest}", **kwargs))
    # A pooled connection from before a Redis restart fails once ("Connection closed by
    # server"): the command is sent again on a new connection instead of answering 503 after
    # Redis is back. A WATCHed transaction is not retried (redis-py raises WatchError, which
    # the projector answers by reading its checkpoint again), so no batch is applied twice.
    kwargs.setdefault("retry", Retry(ExponentialBackoff(cap=0.2, base=0.02), RETRIES))
    kwargs.setdefault("retry_on_error", [RedisConnectionError])
    # A burst (thousands of live streams opening at once) waits for a pooled connection instead
    # of failing at once with "Too many connections" (redis-py's default pool), which would be
    # a 503 while Redis is up.
    pool = BlockingConnectionPool.from_url(url, max_connections=MAX_CONNECTIONS,
                                           timeout=POOL_WAIT_S, **kwargs)
    client = Redis(connection_pool=pool)
    client.auto_close_connection_pool = True
    return client


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
