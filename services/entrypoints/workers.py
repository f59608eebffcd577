"""Processes: projector workers on their own, and the gateway as N processes on one port.

``skald projector --workers N`` runs N projector worker processes that share the campaigns by
lease (``services.adapters.leases``); ``skald serve --workers N`` runs N gateway processes (each with its
projector worker, unless ``--no-projector``) behind one listening socket. Both read the server
URLs from the environment, so every process of a deployment is configured the same way.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from typing import Any

import structlog

from services.application.settings import Settings
from services.entrypoints import gc_tuning
from services.entrypoints.logging import configure

log = structlog.get_logger(__name__)


async def project_forever(settings: Settings, stop: asyncio.Event) -> None:
    """One projector worker until ``stop``: its own connections, its share of the partitions."""
    from services.adapters.event_store import EventStore
    from services.adapters.projector import Projector
    from services.adapters.redis_client import connect_redis
    from services.entrypoints.live_channel import live_backend

    assert settings.database_url and settings.redis_url
    store = await EventStore.connect(settings.database_url, min_size=1, max_size=4)
    redis = connect_redis(settings.redis_url)
    backend = live_backend(settings.redis_url, redis)
    try:
        async def publish(channel: str, data: bytes) -> None:
            await backend.publish(data, [channel])

        await Projector(store, redis, publish=publish).run(stop)
    finally:
        await store.close()
        await redis.aclose()


def _projector_process(settings: Settings) -> None:
    configure(settings.log_format, settings.log_level, cache=True)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        gc_tuning.tune_after_startup()
        await project_forever(settings, stop)

    asyncio.run(main())


def run_projectors(settings: Settings, workers: int) -> int:
    """Run ``workers`` projector processes until SIGINT/SIGTERM; returns an exit status."""
    if workers == 1:
        _projector_process(settings)
        return 0
    spawn = multiprocessing.get_context("spawn")
    children = [spawn.Process(target=_projector_process, args=(settings,), daemon=False)
                for _ in range(workers)]
    for child in children:
        child.start()
    log.info("projector workers started", workers=workers, pids=[c.pid for c in children])

    def forward(signum: int, _frame: Any) -> None:
        for child in children:
            if child.pid is not None and child.is_alive():
                os.kill(child.pid, signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    for child in children:
        child.join()
    return max((c.exitcode or 0 for c in children), default=0)


def gateway_from_env() -> Any:
    """The ASGI app of one gateway process of ``serve --workers N`` (uvicorn's factory)."""
    settings = Settings.from_env()
    configure(settings.log_format, settings.log_level, cache=True)
    from services.entrypoints.app import create_app

    return create_app(settings, run_projector=os.environ.get("SKALD_RUN_PROJECTOR", "1") != "0",
                      tune_gc=True)
