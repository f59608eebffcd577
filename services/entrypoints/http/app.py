"""The Litestar application: routes, OpenAPI, problem+json errors, and the in-process projector."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar, Request, get
from litestar.channels import ChannelsPlugin
from litestar.plugins.prometheus import PrometheusConfig, PrometheusController

from services.adapters import migrate
from services.adapters.event_store import EventStore
from services.adapters.projector import Projector
from services.adapters.rate_limits import RateLimits
from services.adapters.read_models import ReadModels
from services.adapters.redis_client import connect_redis, live_backend
from services.adapters.stream_auth import StreamAuth
from services.adapters.tokens import TokenBook
from services.application.live_publish import LivePublisher
from services.application.live_relay import LiveRelays
from services.application.pipeline import CommandPipeline
from services.application.settings import Settings
from services.entrypoints import gc_tuning, limits
from services.entrypoints.http.access import services_of
from services.entrypoints.http.cors import cors_config
from services.entrypoints.http.openapi import (
    document_success,
    drop_framework_400,
    openapi_config,
    readiness_responses,
)
from services.entrypoints.http.problems import HANDLERS, problem
from services.entrypoints.http.routes import v1_router
from services.entrypoints.http.state import Services
from services.entrypoints.http.web_client import web_client_router

# Request counts and latency histograms per route template (``skald_http_*``), from Litestar's
# own Prometheus middleware; the service's other metrics are in ``services.application.metrics``.
HTTP_METRICS = PrometheusConfig(app_name="skald", prefix="skald_http", group_path=True,
                                exclude=["/metrics"])


# Live streams' own connections (relay gaps, resumes, their tokens' checks): never the commands'.
STREAM_POOL_SIZE = 3
# The in-process projector's own connections: one for its leases, the rest for campaigns at once.
PROJECTOR_POOL_SIZE = 5


class MetricsController(PrometheusController):
    """``GET /metrics``: every metric in the Prometheus text format."""

    include_in_schema = False


@get("/healthz", summary="The process is up", include_in_schema=True)
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@get("/readyz", summary="PostgreSQL and Redis answer and migrations are applied",
     responses=readiness_responses())
async def readyz(request: Request[Any, Any, Any]) -> Any:
    svc = services_of(request)
    checks: dict[str, str] = {}
    try:
        async with svc.store.pool.acquire() as conn:
            version = await migrate.schema_version(conn)
        checks["postgres"] = "ok"
        checks["migrations"] = "ok" if version >= migrate.LATEST_VERSION else f"at {version}"
    except Exception as err:  # readiness reports any failure instead of raising it
        checks["postgres"] = f"unreachable: {type(err).__name__}"
    try:
        await svc.redis.ping()
        checks["redis"] = "ok"
    except Exception as err:
        checks["redis"] = f"unreachable: {type(err).__name__}"
    if all(v == "ok" for v in checks.values()):
        return {"status": "ready", "checks": checks}
    down = next(name for name, value in checks.items() if value != "ok")
    return problem(503, "Not ready", f"{down} is not ready", request, field=down,
                   rule="service.ready", checks=checks)


# The event loop and HTTP parser uvicorn runs the gateway with: uvloop and httptools, written
# in C, in place of asyncio's own loop and the pure-Python h11 (bench/roundtrip.py compares).
UVICORN_OPTIONS: dict[str, Any] = {"loop": "uvloop", "http": "httptools"}

def create_app(settings: Settings, *, run_projector: bool = True, tune_gc: bool = False) -> Litestar:
    """Build the app for already-migrated servers at ``settings``' URLs. ``tune_gc``: the
    process is a server's own (``skald serve``), so its collector is tuned once it has started
    (``services.entrypoints.gc_tuning``); tests that build many apps in one process leave it alone."""
    assert settings.database_url and settings.redis_url
    redis = connect_redis(settings.redis_url)
    channels = ChannelsPlugin(backend=live_backend(settings.redis_url, redis),
                              arbitrary_channels_allowed=True)

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        limits.raise_open_files()
        store = await EventStore.connect(settings.database_url or "")
        stream_store = await EventStore.connect(settings.database_url or "", min_size=1,
                                                max_size=STREAM_POOL_SIZE)
        on_commit = os.environ.get("SKALD_LIVE_ON_COMMIT", "1") != "0"
        relays = LiveRelays(channels, stream_store, redis=redis if on_commit else None)
        pipeline = CommandPipeline(store)

        async def publish(channel: str, data: bytes) -> None:
            await channels.wait_published(data, [channel])

        # Each command's events go to the watchers right after its commit (this process's at
        # once, the others' through the live channel), not after the projector's round trips.
        # SKALD_LIVE_ON_COMMIT=0 leaves it to the projector, as before (for comparing).
        publisher = LivePublisher(relays, publish)
        if on_commit:
            pipeline.on_recorded = publisher.recorded
        app.state.services = Services(
            settings=settings, store=store, redis=redis, read_models=ReadModels(redis),
            pipeline=pipeline, tokens=TokenBook(store.pool), channels=channels,
            relays=relays, stream_auth=StreamAuth(stream_store.pool),
            stream_store=stream_store,
            rate_limits=RateLimits(redis, settings.rate_per_token, settings.rate_per_user,
                                   hold=settings.rate_hold_s),
        )
        grpc_server = None
        if settings.grpc_port is not None:
            from services.entrypoints.grpc.server import start_grpc_server

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
            projector = Projector(projector_store, redis, publish=None if on_commit else publish,
                                  parallel=PROJECTOR_POOL_SIZE - 1)
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
            await app.state.services.adapters.stream_auth.close()
            await app.state.services.relays.close()
            await stream_store.close()
            await store.close()
            await redis.aclose()

    app = Litestar(
        route_handlers=[*document_success([healthz, readyz]), MetricsController, v1_router(),
                        web_client_router()],
        middleware=[HTTP_METRICS.middleware],
        lifespan=[lifespan],
        plugins=[channels],
        exception_handlers=HANDLERS,
        openapi_config=openapi_config(),
        cors_config=cors_config(settings.cors_origins),
        debug=False,
    )
    drop_framework_400(app)
    return app
