"""Redis clients for the read models and the live channels: one server or a Redis Cluster.

``redis://`` (or ``rediss://``) is one server; ``redis-cluster://host:port`` (or
``rediss-cluster://``) is a Redis Cluster reached through any of its nodes. Every key of a
campaign carries the campaign as its hash tag, so each multi-key operation the service makes
(a campaign's batch committed with its checkpoint, a pipelined read) stays on one slot.
"""

from __future__ import annotations

from typing import Any, cast

import redis
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.driver_info import DriverInfo
from redis.exceptions import ConnectionError as RedisConnectionError

CLUSTER_SCHEMES = {"redis-cluster": "redis", "rediss-cluster": "rediss"}
SOCKET_TIMEOUT_S = 5.0  # well above the live channels' 1-100 ms XREAD blocks
CONNECT_TIMEOUT_S = 2.0
MAX_CONNECTIONS = 100  # per process; more requests at once wait for one of them
POOL_WAIT_S = 5.0  # how long a request waits for a pooled connection before failing
RETRIES = 2  # a command that meets a broken connection is sent again at most this often


# What each new connection tells Redis (CLIENT SETINFO), given once: left to redis-py, every new
# connection looks its version up in the installed packages' metadata, a scan of the import path
# that held the event loop for 10 ms and more while a burst of live streams opened.
DRIVER_INFO = DriverInfo(name="redis-py", lib_version=redis.__version__)


def is_cluster_url(url: str) -> bool:
    return url.split("://", 1)[0] in CLUSTER_SCHEMES


def connect_redis(url: str, **kwargs: Any) -> Redis:
    """A client for ``url``. A cluster client is returned typed as ``Redis``: it answers every
    command the service sends, each routed to the node holding its keys' slot."""
    # No Redis call may wait forever: a half-open connection (a node killed mid-reply, a
    # failover) becomes a TimeoutError, which callers answer with 503 or retry.
    kwargs.setdefault("socket_timeout", SOCKET_TIMEOUT_S)
    kwargs.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_S)
    kwargs.setdefault("driver_info", DRIVER_INFO)
    scheme, _, rest = url.partition("://")
    if scheme in CLUSTER_SCHEMES:
        return cast(Redis, RedisCluster.from_url(f"{CLUSTER_SCHEMES[scheme]}://{rest}", **kwargs))
    # A pooled connection from before a Redis restart fails once ("Connection closed by
    # server"): the command is sent again on a new connection instead of answering 503 after
    # Redis is back. A projected batch's commit sent again finds its checkpoint moved if the first
    # send landed, and writes nothing (``services.adapters.read_model_commit``), so no batch is
    # applied twice.
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
