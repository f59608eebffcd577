"""The composition root: one process's adapters wired to the application, served over HTTP
(``services.entrypoints.http``) and gRPC (``services.entrypoints.grpc``), with the in-process
projector. Neither transport imports the other; both get the same ``Services``."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar
from litestar.channels import ChannelsPlugin

from services.adapters.event_store import EventStore
from services.adapters.projector import Projector
from services.adapters.rate_limits import RateLimits
from services.adapters.read_models import ReadModels
from services.adapters.redis_client import connect_redis
from services.adapters.stream_auth import StreamAuth
from services.adapters.token_book import TokenBook
from services.application.live_publish import LivePublisher
from services.application.live_relay import LiveRelays
from services.application.pipeline import CommandPipeline
from services.application.records import StoredEvent
from services.application.settings import Settings
from services.entrypoints import gc_tuning, limits
from services.entrypoints.grpc.server import start_grpc_server
from services.entrypoints.http.app import litestar_app
from services.entrypoints.live_channel import ChannelsLiveChannel, live_backend
from services.entrypoints.state import Services

# Live streams' own connections (relay gaps, resumes, their tokens' checks): never the commands'.
STREAM_POOL_SIZE = 3
# The in-process projector's own connections: one for its leases, the rest for campaigns at once.
PROJECTOR_POOL_SIZE = 5


# The event loop and HTTP parser uvicorn runs the gateway with: uvloop and httptools, written
# in C, in place of asyncio's own loop and the pure-Python h11 (bench/roundtrip.py compares).
UVICORN_OPTIONS: dict[str, Any] = {"loop": "uvloop", "http": "httptools"}


def create_app(settings: Settings, *, run_projector: bool = True, tune_gc: bool = False) -> Litestar:
    """Build the app for already-migrated servers at ``settings``' URLs. ``tune_gc``: the
    process is a server's own (``skald serve``), so its collector is tuned once it has started
    (``services.entrypoints.gc_tuning``); tests that build many apps in one process leave it alone."""
    assert settings.database_url and settings.redis_url
    redis = connect_redis(settings.redis_url)
    backend = live_backend(settings.redis_url, redis)
    channels = ChannelsPlugin(backend=backend, arbitrary_channels_allowed=True)
    live = ChannelsLiveChannel(channels, backend)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        limits.raise_open_files()
        store = await EventStore.connect(settings.database_url or "")
        stream_store = await EventStore.connect(settings.database_url or "", min_size=1,
                                                max_size=STREAM_POOL_SIZE)
        on_commit = os.environ.get("SKALD_LIVE_ON_COMMIT", "1") != "0"
        read_models = ReadModels(redis)
        relays = LiveRelays(live, stream_store, checkpoints=read_models if on_commit else None)
        pipeline = CommandPipeline(store)

        async def publish(channel: str, data: bytes) -> None:
            await channels.wait_published(data, [channel])

        # Each command's events go to the watchers right after its commit (this process's at
        # once, the others' through the live channel), not after the projector's round trips.
        # SKALD_LIVE_ON_COMMIT=0 leaves it to the projector, as before (for comparing).
        publisher = LivePublisher(relays, live)
        recorded: list[Callable[[str, list[StoredEvent]], None]] = []
        if on_commit:
            recorded.append(publisher.recorded)

        def on_recorded(campaign_id: str, stored: list[StoredEvent]) -> None:
            for then in recorded:  # each never raises: the command is recorded already
                then(campaign_id, stored)

        pipeline.on_recorded = on_recorded
        app.state.services = Services(
            settings=settings, store=store, redis=redis, read_models=read_models,
            pipeline=pipeline, tokens=TokenBook(store.pool),
            relays=relays, stream_auth=StreamAuth(stream_store.pool),
            stream_store=stream_store,
            rate_limits=RateLimits(redis, settings.rate_per_token, settings.rate_per_user,
                                   hold=settings.rate_hold_s),
        )
        grpc_server = None
        if settings.grpc_port is not None:
            grpc_server = await start_grpc_server(app.state.services, settings.host,
                                                  settings.grpc_port)
        stop = asyncio.Event()
        task = None
        if run_projector:
            # Its own connections, as a ``skald projector`` worker has: projecting several
            # campaigns at once never takes the connections commands need.
            projector_store = await EventStore.connect(settings.database_url or "", min_size=1,
                                                       max_size=PROJECTOR_POOL_SIZE)
            # With each gateway publishing its own commits, the projector publishes nothing:
            # a relay finds a lost publish by its checkpoints (``LiveRelays`` sweep).
            # Each commit of this gateway is projected from memory, without reading it back
            # (``services.adapters.projector_memory``).
            projector = Projector(projector_store, redis, publish=None if on_commit else publish,
                                  parallel=PROJECTOR_POOL_SIZE - 1, fed_by=store)
            recorded.append(projector.recorded)
            task = asyncio.create_task(projector.run(stop))
        if tune_gc:
            gc_tuning.tune_after_startup()
        try:
            yield
        finally:
            stop.set()
            await publisher.close()
            if grpc_server is not None:
                await grpc_server.stop(5)
            if task is not None:
                await asyncio.wait([task], timeout=5)
                await projector_store.close()
            await app.state.services.stream_auth.close()
            await app.state.services.tokens.close()
            await app.state.services.relays.close()
            await stream_store.close()
            await store.close()
            await redis.aclose()

    return litestar_app(settings, lifespan, channels)
