"""Bearer tokens: shown once at creation, stored only as SHA-256."""

from __future__ import annotations

import hashlib
import re
import secrets
import time

import asyncpg

USER_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
CACHE_SECONDS = 30.0


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def create_token(conn: asyncpg.Connection | asyncpg.Pool, user: str, label: str = "") -> str:
    """Create a token for ``user`` and return it; only its digest is stored."""
    if not USER_NAME.match(user):
        raise ValueError("a user name is 1-64 letters, digits or _ . @ -")
    token = "skald_" + secrets.token_urlsafe(32)
    await conn.execute(
        "INSERT INTO api_tokens (token_sha256, user_name, label) VALUES ($1, $2, $3)",
        token_digest(token), user, label,
    )
    return token


class TokenBook:
    """Resolves bearer tokens to user names, with a short cache."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._cache: dict[str, tuple[float, str | None]] = {}

    async def user_for(self, token: str) -> str | None:
        digest = token_digest(token)
        hit = self._cache.get(digest)
        now = time.monotonic()
        if hit and hit[0] > now:
            return hit[1]
        user = await self.pool.fetchval(
            "SELECT user_name FROM api_tokens WHERE token_sha256 = $1", digest)
        if len(self._cache) > 10_000:
            self._cache.clear()
        self._cache[digest] = (now + CACHE_SECONDS, user)
        return user
