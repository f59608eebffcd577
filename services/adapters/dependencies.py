"""Which dependency an exception says is down: such failures are 503 (gRPC UNAVAILABLE) with a
hint to retry, never 500."""

from __future__ import annotations

import asyncpg
from redis import exceptions as redis_errors

# Errors that mean "the server is not there (now)", not "this query is wrong".
_POSTGRES_DOWN: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,  # SQLSTATE class 08, e.g. the connection does not exist
    asyncpg.exceptions.OperatorInterventionError,  # class 57: shutting down, cannot connect now
    asyncpg.exceptions.ConnectionFailureError,
    OSError,  # refused, reset, unreachable (redis-py wraps its own socket errors)
    # "cannot switch to state 12; another operation (2) is in progress": a pooled connection
    # whose server went away mid-operation (asyncpg issue 1069); seen while PostgreSQL stops.
    asyncpg.exceptions.InternalClientError,
)
_REDIS_DOWN: tuple[type[BaseException], ...] = (
    redis_errors.ConnectionError,  # includes BusyLoadingError while Redis loads its data
    redis_errors.TimeoutError,
)
RETRY_AFTER_SECONDS = 1


def dependency_down(exc: BaseException) -> str | None:
    """``"redis"`` or ``"postgres"`` when ``exc`` (or what caused it) is that dependency being
    unreachable, else None."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, _REDIS_DOWN):
            return "redis"
        if isinstance(current, _POSTGRES_DOWN):
            return "postgres"
        if isinstance(current, asyncpg.InterfaceError) and "connection" in str(current).lower():
            return "postgres"  # e.g. "connection was closed in the middle of operation"
        current = current.__cause__ or current.__context__
    return None
