"""The Litestar application: routes, OpenAPI, problem+json errors, metrics and health.

The objects it serves (the store, the pipeline, the relays...) are wired by
``services.entrypoints.app``, which hands this module its lifespan and channels plugin."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from litestar import Litestar, Request, get
from litestar.channels import ChannelsPlugin
from litestar.plugins.prometheus import PrometheusConfig, PrometheusController

from services.adapters import migrate
from services.application.settings import Settings
from services.entrypoints.http.access import services_of
from services.entrypoints.http.cors import cors_config
from services.entrypoints.http.openapi import (
    document_success,
    drop_framework_400,
    openapi_config,
    readiness_responses,
)
from services.entrypoints.http.problems import HANDLERS, problem
from services.entrypoints.http.routes import NO_HTTP_METRICS, v1_router
from services.entrypoints.http.web_client import web_client_router

# Request counts and latency histograms per route template (``skald_http_*``), from Litestar's
# own Prometheus middleware; the service's other metrics are in ``services.application.metrics``.
# A route whose ``opt`` sets ``NO_HTTP_METRICS`` is left out: the live stream, whose "request" lasts
# as long as its watcher stays and whose every event would go through the middleware's wrapper
# (``skald_live_streams`` counts them instead).
HTTP_METRICS = PrometheusConfig(app_name="skald", prefix="skald_http", group_path=True,
                                exclude=["/metrics"], exclude_opt_key=NO_HTTP_METRICS)


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



def litestar_app(settings: Settings, lifespan: Callable[[Litestar], AbstractAsyncContextManager[None]],
                 channels: ChannelsPlugin) -> Litestar:
    """The HTTP gateway for the services ``lifespan`` puts on ``app.state.services``."""
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
