"""Bearer tokens resolved to user names, with revocation and expiry honoured within a second.

Asking PostgreSQL on every request costs a round trip on the command path; caching each
answer for a second still asked once a second per token, which at a convention (a GM's command
every second or two, thousands of tokens) is a query for nearly every command. A known valid
token is kept for up to a minute instead, and the tokens kept are checked again each half second
in one query (``services.adapters.token_checks``: most checks ask only for the tokens revoked or
expired since the previous one): a revocation or an expiry still takes effect within about a
second on every process (``CACHE_SECONDS``). An answer is served only while the last check that
covered it is under ``CACHE_SECONDS`` old, so with PostgreSQL away the tokens are asked for
again, and the request gets the same 503 it got before.
"""

from __future__ import annotations

import asyncio
import time

import asyncpg

from services.adapters import token_checks
from services.adapters.tokens import CACHE_SECONDS, token_digest

KEEP_SECONDS = 60.0  # a valid token is asked for again at most this long after it was read
MAX_KEPT = 10_000


class _Entry:
    __slots__ = ("checked", "until", "user")

    def __init__(self, user: str | None, until: float, checked: float) -> None:
        self.user = user
        self.until = until  # asked for again after this (its expiry, or the keep period)
        self.checked = checked  # when an answer covering it was last read


class TokenBook:
    def __init__(self, pool: asyncpg.Pool, every: float = CACHE_SECONDS / 2) -> None:
        self.pool = pool
        self.every = every
        self._cache: dict[str, _Entry] = {}
        self._swept = float("-inf")  # when the last successful check of all kept tokens began
        self._task: asyncio.Task[None] | None = None
        self.changes = token_checks.TokenChanges(pool)

    async def user_for(self, token: str) -> str | None:
        """The token's user, or None for a token unknown, revoked or expired."""
        digest = token_digest(token)
        now = time.monotonic()
        hit = self._cache.get(digest)
        if hit is not None and hit.until > now:
            # A valid token's answer is as fresh as the last check of all kept tokens.
            checked = hit.checked if hit.user is None else max(hit.checked, self._swept)
            if checked > now - CACHE_SECONDS:
                return hit.user
        row = await self.pool.fetchrow(
            "SELECT user_name, extract(epoch FROM expires_at - clock_timestamp()) AS left_s"
            " FROM api_tokens WHERE token_sha256 = $1 AND revoked_at IS NULL"
            " AND (expires_at IS NULL OR expires_at > clock_timestamp())", digest)
        user: str | None = None if row is None else row["user_name"]
        # An unknown token is asked for again after a second (it may be created meanwhile).
        keep = CACHE_SECONDS if user is None else KEEP_SECONDS
        if row is not None and row["left_s"] is not None:
            keep = min(keep, float(row["left_s"]))
        if len(self._cache) >= MAX_KEPT:
            self._cache.clear()
        self._cache[digest] = _Entry(user, now + keep, now)
        if user is not None and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._run())
        return user

    async def check(self) -> None:
        """Forget every kept token found no longer valid (``token_checks.TokenChanges``)."""
        now = time.monotonic()
        for digest, user in await self.changes.invalid(self._kept):
            entry = self._cache.get(digest)
            if entry is not None and entry.user == user:
                del self._cache[digest]
        self._swept = now

    def _kept(self) -> list[tuple[str, str]]:
        """The valid tokens kept (digest, user), once the expired are forgotten."""
        now = time.monotonic()
        for digest in [d for d, e in self._cache.items() if e.until <= now]:
            del self._cache[digest]
        return [(digest, entry.user) for digest, entry in self._cache.items()
                if entry.user is not None]

    async def _run(self) -> None:
        # PostgreSQL away: the kept answers go stale meanwhile and are asked for again.
        await token_checks.check_while(
            lambda: any(entry.user is not None for entry in self._cache.values()), self.check,
            self.every, "token check")

    async def close(self) -> None:
        await token_checks.stop(self._task)
