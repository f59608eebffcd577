"""The periodic check both token caches run (open streams' grants, the gateway's token book).

Each cache asks, twice a second, which of the tokens it holds are no longer valid. Sending every
token held each time made a check's cost grow with them: with 5,000 streams open on a gateway
(1,250 tokens), the two checks took a few milliseconds of the event loop and of PostgreSQL every
half second, and the commands that arrived meanwhile waited (``bench/live_fanout.py``: the
command p99 with the streams open fell by about a millisecond with the checks spaced out). So a
check (``TokenChanges``) sends the tokens held only at first and every ``FULL_CHECK_SECONDS``;
the checks in between ask for the tokens revoked or expired since the previous check began, by
two indexes (migration 0011), whatever the number held.

Each check looks ``OVERLAP_SECONDS`` further back than the previous one began: a revocation's
time is set as its ``UPDATE`` runs, a moment before it commits, so one committed just after a
check began may carry a time before it. A revocation that took longer than that to commit (a
transaction held open by hand) is still found by the next full check.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Collection
from datetime import datetime, timedelta

import asyncpg
import structlog

from services.adapters.tokens import INVALID_TOKENS

log = structlog.get_logger(__name__)

FULL_CHECK_SECONDS = 30.0
OVERLAP_SECONDS = 5.0
# The statement's start time goes with the answer: the next check looks back from it (the
# database's clock, never the gateway's).
_FULL = ("SELECT statement_timestamp() AS began, bad.digest, bad.user_name FROM (VALUES (1)) AS one"
         f" LEFT JOIN ({INVALID_TOKENS}) AS bad ON true")
# Expired up to the statement's start (a stable bound the index can use; the rest, next time).
_CHANGED = ("SELECT statement_timestamp() AS began, t.token_sha256 AS digest, t.user_name"
            " FROM (VALUES (1)) AS one LEFT JOIN api_tokens t ON t.revoked_at >= $1"
            " OR (t.expires_at >= $1 AND t.expires_at <= statement_timestamp())")

Held = Callable[[], Collection[tuple[str, str]]]


class TokenChanges:
    """The tokens (digest, user) no longer valid, asked for as cheaply as the last check allows."""

    def __init__(self, pool: asyncpg.Pool, *, full_every: float = FULL_CHECK_SECONDS) -> None:
        self.pool = pool
        self.full_every = full_every
        self._since: datetime | None = None  # when the previous check began (database clock)
        self._full_at = float("-inf")
        self.full_checks = 0  # for tests

    async def invalid(self, held: Held) -> list[tuple[str, str]]:
        """Tokens no longer valid: on a full check, those of ``held()`` revoked or expired (or
        gone, or not that user's); on the others, every token revoked or expired since the
        previous check began (the caller acts on those it holds). ``held`` is called only for a
        full check."""
        now = time.monotonic()
        if self._since is None or now - self._full_at >= self.full_every:
            pairs = list(held())
            rows = await self.pool.fetch(_FULL, [d for d, _ in pairs], [u for _, u in pairs])
            self._full_at = now
            self.full_checks += 1
        else:
            rows = await self.pool.fetch(_CHANGED,
                                         self._since - timedelta(seconds=OVERLAP_SECONDS))
        self._since = rows[0]["began"]
        return [(row["digest"], row["user_name"]) for row in rows if row["digest"] is not None]


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
