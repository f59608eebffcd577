"""Which dependency an exception says is down (no I/O): such failures are 503, never 500."""

from __future__ import annotations

import asyncpg
from redis import exceptions as redis_errors

from services.adapters.dependencies import dependency_down


def test_a_connection_broken_while_postgres_stops_is_postgres_down() -> None:
    # Seen in tests/e2e/test_faults.py as a 500 while PostgreSQL was stopping.
    broken = asyncpg.exceptions.InternalClientError(
        "cannot switch to state 12; another operation (2) is in progress")
    assert dependency_down(broken) == "postgres"


def test_causes_are_followed_and_bugs_are_not_dependencies() -> None:
    try:
        try:
            raise redis_errors.ConnectionError("Connection closed by server.")
        except redis_errors.ConnectionError as err:
            raise RuntimeError("read failed") from err
    except RuntimeError as wrapped:
        assert dependency_down(wrapped) == "redis"
    assert dependency_down(ConnectionRefusedError(111, "refused")) == "postgres"
    assert dependency_down(KeyError("campaign")) is None
    assert dependency_down(asyncpg.exceptions.UndefinedColumnError("no such column")) is None
