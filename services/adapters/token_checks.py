"""The periodic check both token caches run (open streams' grants, the gateway's token book)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import structlog

log = structlog.get_logger(__name__)


async def check_while(holding: Callable[[], bool], check: Callable[[], Awaitable[None]],
                      every: float, what: str) -> None:
    """``check`` every ``every`` seconds while ``holding()``; a failed check (PostgreSQL away)
    is logged and tried again at the next interval."""
    while holding():
        await asyncio.sleep(every)
        try:
            await check()
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.warning(f"{what} failed; retrying", error=f"{type(err).__name__}: {err}")


async def stop(task: asyncio.Task[None] | None) -> None:
    """Cancel a check task and wait for it to end."""
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
