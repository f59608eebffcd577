"""The asyncpg connection type the store's functions take."""

from __future__ import annotations

from asyncpg import Connection
from asyncpg.pool import PoolConnectionProxy

# A connection of its own or one lent by a pool (``pool.acquire()``): both run the same queries.
PgConnection = Connection | PoolConnectionProxy
