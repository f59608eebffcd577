"""Projector workers share the campaigns by hash partition, each partition leased to one worker.

Leases live in PostgreSQL (``projector_leases``, ``projector_workers``) and every time is the
database's clock, so workers on different machines agree. A worker renews its leases every
heartbeat; one that stops renewing (it died, or lost the database) loses them when they expire,
and the others take them over. Each worker holds a fair share, ``ceil(partitions / live
workers)``: when a worker joins, the others release what they hold above that, and it claims
them. A worker acts only on partitions whose lease it renewed within the last half lease, so a
partition is worked by one worker at a time; should two ever overlap (a stalled worker waking
after its lease expired), a batch commits only if its campaign's checkpoint has not moved since
it was read (``services.adapters.read_model_commit``), so a batch is applied once.
"""

from __future__ import annotations

import math
import os
import secrets
import socket
import time

import asyncpg
import structlog

log = structlog.get_logger(__name__)

PARTITIONS = 32  # rows of projector_leases (migration 0003)
LEASE_SECONDS = 5.0


def worker_name() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class Leases:
    """One worker's leases: ``refresh()`` renews, rebalances and reports what it holds."""

    def __init__(self, pool: asyncpg.Pool, worker_id: str | None = None, *,
                 lease_seconds: float = LEASE_SECONDS) -> None:
        self.pool = pool
        self.worker_id = worker_id or worker_name()
        self.lease_seconds = lease_seconds
        self.held: frozenset[int] = frozenset()
        self._renewed_at = 0.0  # monotonic time of the last successful renewal

    @property
    def fresh(self) -> frozenset[int]:
        """The partitions this worker may act on now (renewed within half a lease)."""
        if time.monotonic() - self._renewed_at > self.lease_seconds / 2:
            return frozenset()
        return self.held

    async def refresh(self) -> frozenset[int]:
        """Heartbeat: renew what is held, give back what is above the fair share, claim what is
        free or expired up to it. Returns the partitions held."""
        started = time.monotonic()
        ttl = self.lease_seconds
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO projector_workers (worker_id, seen_at) VALUES ($1, now())"
                " ON CONFLICT (worker_id) DO UPDATE SET seen_at = EXCLUDED.seen_at", self.worker_id)
            # EXCLUDED, not now(): Citus takes only IMMUTABLE functions in DO UPDATE SET.
            live = await conn.fetchval(
                "SELECT count(*) FROM projector_workers"
                " WHERE seen_at > now() - make_interval(secs => $1)", ttl)
            share = math.ceil(PARTITIONS / max(1, live))
            held = [r["partition"] for r in await conn.fetch(
                "UPDATE projector_leases SET expires_at = now() + make_interval(secs => $2)"
                " WHERE owner = $1 RETURNING partition", self.worker_id, ttl)]
            held.sort()
            if len(held) > share:
                extra = held[share:]
                await conn.execute(
                    "UPDATE projector_leases SET owner = NULL, expires_at = '-infinity'"
                    " WHERE owner = $1 AND partition = ANY($2::smallint[])", self.worker_id, extra)
                held = held[:share]
            elif len(held) < share:
                held += [r["partition"] for r in await conn.fetch(
                    "UPDATE projector_leases"
                    " SET owner = $1, expires_at = now() + make_interval(secs => $2)"
                    " WHERE partition IN (SELECT partition FROM projector_leases"
                    "   WHERE owner IS NULL OR expires_at < now() ORDER BY partition"
                    "   LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING partition",
                    self.worker_id, ttl, share - len(held))]
            await conn.execute(
                "DELETE FROM projector_workers WHERE seen_at < now() - make_interval(secs => $1) * 10", ttl)
        now_held = frozenset(held)
        if now_held != self.held:
            log.info("projector partitions", worker=self.worker_id, held=sorted(now_held),
                     live_workers=live)
        self.held = now_held
        self._renewed_at = started
        return now_held

    async def release(self) -> None:
        """Give every lease back at once (a clean stop), so others need not wait for expiry."""
        self.held = frozenset()
        async with self.pool.acquire() as conn:
            await conn.execute(
                "UPDATE projector_leases SET owner = NULL, expires_at = '-infinity' WHERE owner = $1",
                self.worker_id)
            await conn.execute("DELETE FROM projector_workers WHERE worker_id = $1", self.worker_id)

    async def take_all(self, owner: str) -> None:
        """Take every partition for ``owner`` (a rebuild), whoever holds it; callers wait a lease
        before acting, by which time every worker has seen its renewal fail and stopped."""
        async with self.pool.acquire() as conn:
            await conn.execute(
                "UPDATE projector_leases SET owner = $1, expires_at = now() + interval '1 hour'",
                owner)

    async def give_back(self, owner: str) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute(
                "UPDATE projector_leases SET owner = NULL, expires_at = '-infinity' WHERE owner = $1",
                owner)
