"""Bearer tokens: shown once at creation, stored only as SHA-256; they expire and can be revoked."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime
from typing import TypeVar

import asyncpg
import msgspec

USER_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
TOKEN_ID = re.compile(r"^tok_[0-9a-f]{12}$")
DEFAULT_TTL_SECONDS = 30 * 24 * 3600
MAX_TTL_SECONDS = 10 * 365 * 24 * 3600
# A revoked or expired token is refused within this many seconds on every gateway process.
CACHE_SECONDS = 1.0
# Of tokens (digests) and their users, those no longer valid (revoked, expired, gone) or no
# longer that user's: almost always none, so a check of thousands returns no rows to decode.
INVALID_TOKENS = (
    "SELECT h.digest, h.user_name FROM unnest($1::text[], $2::text[]) AS h(digest, user_name)"
    " WHERE NOT EXISTS (SELECT 1 FROM api_tokens t WHERE t.token_sha256 = h.digest"
    " AND t.user_name = h.user_name AND t.revoked_at IS NULL"
    " AND (t.expires_at IS NULL OR t.expires_at > clock_timestamp()))")

T = TypeVar("T")


class TokenInfo(msgspec.Struct, frozen=True):
    token_id: str
    user: str
    label: str
    created_at: datetime
    expires_at: datetime | None
    revoked_at: datetime | None

    def status(self, now: datetime) -> str:
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at is not None and self.expires_at <= now:
            return "expired"
        return "active"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def create_token(conn: asyncpg.Connection | asyncpg.Pool, user: str, label: str = "",
                       ttl_seconds: int = DEFAULT_TTL_SECONDS) -> str:
    """Create a token for ``user`` that expires ``ttl_seconds`` from now and return it; only
    its digest is stored."""
    if not USER_NAME.match(user):
        raise ValueError("a user name is 1-64 letters, digits or _ . @ -")
    if not 1 <= ttl_seconds <= MAX_TTL_SECONDS:
        raise ValueError(f"a ttl is 1 to {MAX_TTL_SECONDS} seconds")
    token = "skald_" + secrets.token_urlsafe(32)
    digest = token_digest(token)
    await conn.execute(
        "INSERT INTO api_tokens (token_sha256, user_name, label, token_id, expires_at)"
        " VALUES ($1, $2, $3, $4, clock_timestamp() + make_interval(secs => $5))",
        digest, user, label, "tok_" + digest[:12], float(ttl_seconds),
    )
    return token


def token_id_of(token: str) -> str:
    """The public id of a token (what ``skald token list`` shows and ``revoke --id`` takes)."""
    return "tok_" + token_digest(token)[:12]


async def list_tokens(conn: asyncpg.Connection | asyncpg.Pool,
                      user: str | None = None) -> list[TokenInfo]:
    rows = await conn.fetch(
        "SELECT token_id, user_name, label, created_at, expires_at, revoked_at FROM api_tokens"
        " WHERE $1::text IS NULL OR user_name = $1 ORDER BY user_name, created_at", user)
    return [TokenInfo(r["token_id"], r["user_name"], r["label"], r["created_at"],
                      r["expires_at"], r["revoked_at"]) for r in rows]


async def revoke_tokens(conn: asyncpg.Connection | asyncpg.Pool, *, user: str | None = None,
                        token_id: str | None = None) -> int:
    """Revoke every token of ``user``, or the one token ``token_id``; returns how many were
    still unrevoked."""
    if (user is None) == (token_id is None):
        raise ValueError("name a user or a token id, not both")
    column, value = ("user_name", user) if user is not None else ("token_id", token_id)
    status: str = await conn.execute(
        f"UPDATE api_tokens SET revoked_at = clock_timestamp() WHERE {column} = $1"
        " AND revoked_at IS NULL", value)
    return int(status.split()[-1])


async def while_valid(items: AsyncIterator[T], still_valid: Callable[[], Awaitable[bool]],
                      every: float = CACHE_SECONDS) -> AsyncIterator[T]:
    """Relay ``items`` until ``still_valid`` says no (checked at least every ``every`` seconds,
    also while no item arrives): an open live stream ends when its token is revoked or expires."""
    queue: asyncio.Queue[tuple[T] | BaseException | None] = asyncio.Queue(maxsize=64)

    async def pump() -> None:
        try:
            async for item in items:
                await queue.put((item,))
        except Exception as exc:  # handed to the reader, which raises it
            await queue.put(exc)
            return
        await queue.put(None)

    task = asyncio.create_task(pump())
    try:
        while True:
            try:
                got = await asyncio.wait_for(queue.get(), every)
            except TimeoutError:
                if not await still_valid():
                    return
                continue
            if got is None:
                return
            if isinstance(got, BaseException):
                raise got
            if not await still_valid():
                return
            yield got[0]
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
