"""The PostgreSQL event store: append with expected versions, idempotent commands, gap-free reads.

Guarantees (each shown by a test against a real server):

* Append-only: the service's role may only SELECT and INSERT, and triggers
  refuse UPDATE, DELETE and TRUNCATE for every role.
* Optimistic concurrency per stream, plus a per-campaign transaction lock so
  that inside one campaign, positions commit in order (a campaign's log can be
  paged by position without ever skipping a late commit).
* Readers of the whole log order by ``(transaction_id, position)`` and read
  only below the oldest in-flight transaction (``pg_snapshot_xmin``), so a
  transaction that commits late is never overtaken.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import asyncpg
import msgspec

APP_ROLE = "skald_app"
NOTIFY_CHANNEL = "skald_events"
_CAMPAIGN_LOCK_SPACE = 1  # first key of pg_advisory_xact_lock(int, int) for campaign appends


class NewEvent(msgspec.Struct, frozen=True, kw_only=True):
    stream_id: str
    type: str
    data: Any  # msgspec-encodable body
    metadata: dict[str, Any]
    schema_version: int = 1


class StoredEvent(msgspec.Struct, frozen=True, kw_only=True):
    position: int
    campaign_id: str
    stream_id: str
    stream_version: int
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    transaction_id: int
    recorded_at: datetime

    @property
    def cursor(self) -> tuple[int, int]:
        return (self.transaction_id, self.position)


class CommandRecord(msgspec.Struct, frozen=True, kw_only=True):
    command_id: str
    actor: str
    campaign_id: str
    type: str
    payload_sha256: str
    reply: dict[str, Any]


class WrongExpectedVersion(Exception):
    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(f"stream {stream_id!r} is at version {actual}, expected {expected}")
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class DuplicateCommand(Exception):
    """The command id was decided before; ``record`` holds the first reply."""

    def __init__(self, record: CommandRecord) -> None:
        super().__init__(f"command {record.command_id!r} was already decided")
        self.record = record


def payload_digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def _encode_json(value: Any) -> str:
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()


async def _init_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("jsonb", encoder=_encode_json, decoder=msgspec.json.decode,
                              schema="pg_catalog")
    # Least privilege: the service appends and reads; the triggers refuse the rest anyway.
    await conn.execute(f"SET ROLE {APP_ROLE}")


_COLUMNS = ("position, campaign_id, stream_id, stream_version, type, schema_version, data, "
            "metadata, transaction_id::text::bigint AS transaction_id, recorded_at")


def _stored(row: asyncpg.Record) -> StoredEvent:
    return StoredEvent(**dict(row.items()))


class EventStore:
    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url

    @classmethod
    async def connect(cls, url: str, *, min_size: int = 2, max_size: int = 10) -> EventStore:
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                         init=_init_connection)
        return cls(pool, url)

    async def close(self) -> None:
        await self.pool.close()

    async def append(
        self,
        campaign_id: str,
        expected: dict[str, int | None],
        events: Sequence[NewEvent],
        *,
        command: CommandRecord | None = None,
        make_reply: Callable[[list[StoredEvent]], dict[str, Any]] | None = None,
        seed: tuple[bytes, str] | None = None,
    ) -> list[StoredEvent]:
        """Append events to one campaign's streams in one transaction.

        ``expected`` maps each stream written to the version it must be at
        (``None``: any). A recorded ``command`` makes the append idempotent: if
        its id exists, ``DuplicateCommand`` carries the first reply instead.
        """
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))",
                               _CAMPAIGN_LOCK_SPACE, campaign_id)
            if command is not None:
                first = await self._command(conn, command.command_id)
                if first is not None:
                    raise DuplicateCommand(first)
            versions = await self._versions(conn, list({e.stream_id for e in events} | set(expected)))
            for stream_id, want in expected.items():
                if want is not None and versions.get(stream_id, 0) != want:
                    raise WrongExpectedVersion(stream_id, want, versions.get(stream_id, 0))
            rows = self._rows(campaign_id, events, versions)
            try:
                inserted = await conn.fetch(
                    "INSERT INTO events (campaign_id, stream_id, stream_version, type,"
                    " schema_version, data, metadata)"
                    " SELECT $1, s, v, t, sv, d::jsonb, m::jsonb"
                    " FROM unnest($2::text[], $3::int[], $4::text[], $5::smallint[], $6::text[],"
                    " $7::text[]) WITH ORDINALITY AS u(s, v, t, sv, d, m, n) ORDER BY n"
                    f" RETURNING {_COLUMNS}",
                    campaign_id, *rows,
                )
            except asyncpg.UniqueViolationError as exc:
                raise WrongExpectedVersion("?", -1, -1) from exc
            stored = sorted((_stored(r) for r in inserted), key=lambda ev: ev.position)
            if seed is not None:
                await conn.execute(
                    "INSERT INTO dice_seeds (campaign_id, epoch, seed, commitment) VALUES ($1, 1, $2, $3)",
                    campaign_id, seed[0], seed[1],
                )
            if command is not None:
                reply = make_reply(stored) if make_reply else {}
                try:
                    await conn.execute(
                        "INSERT INTO commands (command_id, actor, campaign_id, type, payload_sha256,"
                        " reply) VALUES ($1, $2, $3, $4, $5, $6)",
                        command.command_id, command.actor, campaign_id, command.type,
                        command.payload_sha256, reply,
                    )
                except asyncpg.UniqueViolationError:
                    # The same id raced in another campaign's transaction: that one won.
                    raise WrongExpectedVersion("commands", -1, -1) from None
            await conn.execute("SELECT pg_notify($1, $2)", NOTIFY_CHANNEL, campaign_id)
            return stored

    @staticmethod
    def _rows(campaign_id: str, events: Sequence[NewEvent],
              versions: dict[str, int]) -> list[list[Any]]:
        next_version = dict(versions)
        cols: list[list[Any]] = [[], [], [], [], [], []]
        for ev in events:
            version = next_version.get(ev.stream_id, 0) + 1
            next_version[ev.stream_id] = version
            cols[0].append(ev.stream_id)
            cols[1].append(version)
            cols[2].append(ev.type)
            cols[3].append(ev.schema_version)
            cols[4].append(_encode_json(ev.data))
            cols[5].append(_encode_json(ev.metadata))
        return cols

    @staticmethod
    async def _versions(conn: asyncpg.Connection, streams: list[str]) -> dict[str, int]:
        rows = await conn.fetch(
            "SELECT stream_id, max(stream_version) AS v FROM events"
            " WHERE stream_id = ANY($1::text[]) GROUP BY stream_id", streams)
        return {r["stream_id"]: r["v"] for r in rows}

    @staticmethod
    async def _command(conn: asyncpg.Connection, command_id: str) -> CommandRecord | None:
        row = await conn.fetchrow(
            "SELECT command_id, actor, campaign_id, type, payload_sha256, reply FROM commands"
            " WHERE command_id = $1", command_id)
        return CommandRecord(**dict(row.items())) if row else None

    async def find_command(self, command_id: str) -> CommandRecord | None:
        async with self.pool.acquire() as conn:
            return await self._command(conn, command_id)

    async def read_stream(self, stream_id: str, after_version: int = 0) -> list[StoredEvent]:
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version > $2"
            " ORDER BY stream_version", stream_id, after_version)
        return [_stored(r) for r in rows]

    async def read_campaign(self, campaign_id: str, after_position: int = 0,
                            limit: int = 100) -> list[StoredEvent]:
        """A campaign's events in position order (its commits are serialised, so none is skipped)."""
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events WHERE campaign_id = $1 AND position > $2"
            " ORDER BY position LIMIT $3", campaign_id, after_position, limit)
        return [_stored(r) for r in rows]

    async def read_all(self, after: tuple[int, int] = (0, 0), limit: int = 500) -> list[StoredEvent]:
        """The whole log after a cursor, in ``(transaction_id, position)`` order, never past an
        in-flight transaction: everything below ``pg_snapshot_xmin`` has committed or aborted."""
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events"
            " WHERE (transaction_id, position) > ($1::text::xid8, $2)"
            " AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())"
            " ORDER BY transaction_id, position LIMIT $3", str(after[0]), after[1], limit)
        return [_stored(r) for r in rows]

    async def dice_seed(self, campaign_id: str) -> bytes | None:
        return await self.pool.fetchval(
            "SELECT seed FROM dice_seeds WHERE campaign_id = $1 ORDER BY epoch DESC LIMIT 1",
            campaign_id)

    async def head_position(self) -> int:
        return int(await self.pool.fetchval("SELECT coalesce(max(position), 0) FROM events"))

    @asynccontextmanager
    async def notifications(self, callback: Callable[[str], None]) -> AsyncIterator[None]:
        """LISTEN for appends; ``callback(campaign_id)`` runs on each commit."""
        conn = await asyncpg.connect(self.url)
        try:
            await conn.add_listener(NOTIFY_CHANNEL, lambda *args: callback(args[3]))
            yield
        finally:
            await conn.close()
