"""Snapshots of folded stream state in PostgreSQL, read when a process has nothing cached.

Only the campaign and character streams are snapshotted: their states are the platform's own
Structs, which encode to JSON and decode back exactly; encounter states belong to rulesets.
Snapshots are written off the command path (a background task per write, on the pool), and a
failed write is logged and forgotten: the events remain the record.
"""

from __future__ import annotations

import asyncio

import asyncpg
import msgspec
import structlog

from domain.fold_version import FOLD_VERSION
from services.application.records import SNAPSHOT_TYPES as _TYPES
from services.application.records import Snapshot

log = structlog.get_logger(__name__)


class SnapshotStore:
    def __init__(self, pool: asyncpg.Pool, fold_version: int = FOLD_VERSION) -> None:
        self.pool = pool
        self.fold_version = fold_version
        self._pending: set[asyncio.Task[None]] = set()
        self.written = 0

    async def read(self, campaign_id: str, stream_id: str) -> Snapshot | None:
        """The stream's snapshot, or ``None`` when there is none of this fold version."""
        kind = _TYPES.get(stream_id.split("/", 1)[0])
        if kind is None:
            return None
        row = await self.pool.fetchrow(
            "SELECT stream_version, retconned, state::text AS state FROM stream_snapshots"
            " WHERE campaign_id = $1 AND stream_id = $2 AND fold_version = $3",
            campaign_id, stream_id, self.fold_version)
        if row is None:
            return None
        state = msgspec.json.decode(row["state"], type=kind)
        return Snapshot(row["stream_version"], state, tuple(row["retconned"]))

    async def read_campaign(self, campaign_id: str) -> dict[str, Snapshot]:
        """Every stream snapshot of a campaign (of this fold version), by stream."""
        rows = await self.pool.fetch(
            "SELECT stream_id, stream_version, retconned, state::text AS state"
            " FROM stream_snapshots WHERE campaign_id = $1 AND fold_version = $2",
            campaign_id, self.fold_version)
        out: dict[str, Snapshot] = {}
        for row in rows:
            kind = _TYPES.get(row["stream_id"].split("/", 1)[0])
            if kind is not None:
                out[row["stream_id"]] = Snapshot(row["stream_version"],
                                                 msgspec.json.decode(row["state"], type=kind),
                                                 tuple(row["retconned"]))
        return out

    def write_later(self, campaign_id: str, stream_id: str, snapshot: Snapshot) -> None:
        """Store the snapshot in the background (replacing the stream's older one)."""
        task = asyncio.get_running_loop().create_task(self._write(campaign_id, stream_id, snapshot))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _write(self, campaign_id: str, stream_id: str, snapshot: Snapshot) -> None:
        try:
            await self.pool.execute(
                "INSERT INTO stream_snapshots AS s (campaign_id, stream_id, fold_version,"
                " stream_version, retconned, state, written_at)"
                " VALUES ($1, $2, $3, $4, $5, $6::jsonb, now())"
                " ON CONFLICT (campaign_id, stream_id) DO UPDATE SET"
                " fold_version = EXCLUDED.fold_version, stream_version = EXCLUDED.stream_version,"
                " retconned = EXCLUDED.retconned, state = EXCLUDED.state,"
                " written_at = EXCLUDED.written_at"  # Citus: no now() in DO UPDATE SET
                " WHERE s.fold_version <> EXCLUDED.fold_version"
                " OR s.stream_version <= EXCLUDED.stream_version",
                campaign_id, stream_id, self.fold_version, snapshot.version,
                list(snapshot.retconned), msgspec.json.encode(snapshot.state).decode())
            self.written += 1
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError,
                asyncpg.exceptions.InternalClientError) as err:  # pool closing, server stopping
            log.warning("snapshot not written", campaign_id=campaign_id, stream_id=stream_id,
                        error=str(err))

    async def flush(self) -> None:
        """Wait for the writes under way (tests, and a clean shutdown)."""
        while self._pending:
            await asyncio.gather(*list(self._pending))
