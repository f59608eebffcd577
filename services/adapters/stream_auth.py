"""Open streams' tokens, checked together: one query per interval for every stream of the process.

A live stream must end within about a second of its token being revoked or expiring. Checking
each stream's token on its own costs a query per token per second (thousands at a convention);
here the tokens open streams hold are checked in one query every ``every`` seconds, through the
streams' own connection pool (``services.adapters.token_checks``: most checks ask only for the
tokens revoked or expired since the previous one), and the streams of a token found invalid are
woken to end.
"""

from __future__ import annotations

import asyncio

import asyncpg

from services.adapters import token_checks
from services.adapters.tokens import token_digest
from services.application.live_relay import Watcher

CHECK_SECONDS = 0.5

class Grant:
    """One stream's hold on a token: ``valid`` until the token is found revoked or expired."""

    __slots__ = ("digest", "user", "valid", "watchers")

    def __init__(self, digest: str, user: str) -> None:
        self.digest = digest
        self.user = user
        self.valid = True
        self.watchers: set[Watcher] = set()

    def revoke(self) -> None:
        self.valid = False
        for watcher in self.watchers:
            watcher.wake.set()


class StreamAuth:
    def __init__(self, pool: asyncpg.Pool, every: float = CHECK_SECONDS) -> None:
        self.pool = pool
        self.every = every
        self._grants: dict[tuple[str, str], set[Grant]] = {}  # by token digest and user
        self._task: asyncio.Task[None] | None = None
        self.changes = token_checks.TokenChanges(pool)

    def hold(self, token: str, user: str) -> Grant:
        grant = Grant(token_digest(token), user)
        self._grants.setdefault((grant.digest, user), set()).add(grant)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        return grant

    def release(self, grant: Grant) -> None:
        key = (grant.digest, grant.user)
        held = self._grants.get(key)
        if held is not None:
            held.discard(grant)
            if not held:
                del self._grants[key]

    async def check(self) -> None:
        """Revoke the grants of the tokens found no longer valid (for the user the stream was
        opened as)."""
        if not self._grants:
            return
        for key in await self.changes.invalid(lambda: list(self._grants)):
            for grant in list(self._grants.get(key, ())):
                grant.revoke()
                self.release(grant)

    async def _run(self) -> None:
        # PostgreSQL away: nothing can be revoked meanwhile either.
        await token_checks.check_while(lambda: bool(self._grants), self.check, self.every,
                                       "stream token check")

    async def close(self) -> None:
        await token_checks.stop(self._task)
