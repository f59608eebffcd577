"""The PostgreSQL event store: append with expected versions, idempotent commands, gap-free reads.

Guarantees (each shown by a test against a real server):

* Append-only: the service's role may only SELECT and INSERT, and triggers
  refuse UPDATE, DELETE and TRUNCATE for every role.
* The campaign is the unit of order: positions count 1, 2, 3, ... in each campaign, and every
  key includes ``campaign_id`` (so the tables distribute by campaign, e.g. with Citus).
* Optimistic concurrency per stream, plus a per-campaign transaction lock so
  that inside one campaign, positions commit in order (a campaign's log can be
  paged by position without ever skipping a late commit).
* A command id is decided once per campaign.
* ``read_all``, a feed across campaigns for tooling, orders by ``(transaction_id, campaign,
  position)`` and reads only below the oldest in-flight transaction (``pg_snapshot_xmin``), so
  on one PostgreSQL a late commit is never overtaken; under Citus each node has its own
  transaction ids, so there the feed pages a settled log only, and nothing in the service
  depends on it.

On Citus (``services.adapters.citus``) an append runs on the worker holding its campaign in one round
trip (the append functions are delegated by their campaign argument), and group commit batches
per worker: the appends of a batch go to their workers at once, one call per worker.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import msgspec

from services.adapters.citus import CoordinatorNotices, NodeRouter, events_distributed, reachable_heads
from services.adapters.group_commit import AppendRequest, GroupCommitter, ItemOutcome
from services.adapters.pg_types import PgConnection
from services.adapters.snapshots import SnapshotStore
from services.application.records import (
    CommandRecord,
    DuplicateCommand,
    NewEvent,
    StoredEvent,
    WrongExpectedVersion,
)

APP_ROLE = "skald_app"
NOTIFY_CHANNEL = "skald_events"


def _append_error(err: asyncpg.PostgresError) -> Exception:
    """The append function's refusals as the store's exceptions; anything else as it was."""
    code = getattr(err, "sqlstate", None)
    if code == "SK001":
        return DuplicateCommand(msgspec.convert(msgspec.json.decode(err.detail or "{}"),
                                                CommandRecord))
    if code == "SK002":
        versions = msgspec.json.decode(err.detail or "{}")
        return WrongExpectedVersion(str(err.args[0] if err.args else "?"),
                                    int(versions.get("expected", -1)), int(versions.get("actual", -1)))
    if isinstance(err, asyncpg.UniqueViolationError):
        # A concurrent append took the version, or the same command id raced in another
        # campaign's transaction: the caller decides again.
        return WrongExpectedVersion(err.constraint_name or "?", -1, -1)
    return err


def _encode_json(value: Any) -> str:
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()


async def _init_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("jsonb", encoder=_encode_json, decoder=msgspec.json.decode,
                              schema="pg_catalog")
    # Least privilege: the service appends and reads; the triggers refuse the rest anyway.
    await conn.execute(f"SET ROLE {APP_ROLE}")


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Returned connections keep their session as it is, instead of a reset query per checkout.

    Nothing here changes session state after ``_init_connection``: locks are transaction-scoped,
    LISTEN runs on its own connection, and the role set at connect must stay set anyway.
    """


_COLUMNS = ("position, campaign_id, stream_id, stream_version, type, schema_version, data, "
            "metadata, transaction_id::text::bigint AS transaction_id, recorded_at")


def _stored(row: asyncpg.Record) -> StoredEvent:
    return StoredEvent(**dict(row.items()))


def _stored_item(row: asyncpg.Record) -> StoredEvent:
    """An event row of ``skald_append_item`` or ``skald_append_batch`` (after their status)."""
    return StoredEvent(position=row["position"], campaign_id=row["campaign_id"],
                       stream_id=row["stream_id"], stream_version=row["stream_version"],
                       type=row["type"], schema_version=row["schema_version"], data=row["data"],
                       metadata=row["metadata"], transaction_id=row["transaction_id"],
                       recorded_at=row["recorded_at"])


class EventStore:
    def __init__(self, pool: asyncpg.Pool, url: str, *, distributed: bool = False) -> None:
        self.pool = pool
        self.url = url
        self.distributed = distributed  # the log is a Citus distributed table
        self._group: GroupCommitter | None = None
        self._notices = CoordinatorNotices(pool, NOTIFY_CHANNEL) if distributed else None
        self._snapshots: SnapshotStore | None = None
        # The PostgreSQL backends of the pool's open connections: a NOTIFY names the backend
        # that sent it, so a projector in this process knows its own commits.
        self.backend_pids: set[int] = set()

    @classmethod
    async def connect(cls, url: str, *, min_size: int = 2, max_size: int = 10) -> EventStore:
        pids: set[int] = set()

        async def init(conn: asyncpg.Connection) -> None:
            await _init_connection(conn)
            pid = conn.get_server_pid()
            pids.add(pid)
            # Closed (idle too long, the pool closing, the server gone): PostgreSQL may give
            # the pid to another client's backend, whose NOTIFYs are not this store's.
            conn.add_termination_listener(lambda _conn: pids.discard(pid))

        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                         init=init, reset=_keep_session)
        try:
            async with pool.acquire() as conn:
                distributed = await events_distributed(conn)
        except BaseException:
            await pool.close()
            raise
        store = cls(pool, url, distributed=distributed)
        store.backend_pids = pids
        return store

    @property
    def snapshots(self) -> SnapshotStore:
        """The folded-state snapshots kept beside the log (``services.adapters.snapshots``)."""
        if self._snapshots is None:
            self._snapshots = SnapshotStore(self.pool)
        return self._snapshots

    async def close(self) -> None:
        if self._group is not None:
            await self._group.close()
        if self._notices is not None:
            await self._notices.close()
        await self.pool.close()

    async def append(
        self,
        campaign_id: str,
        expected: dict[str, int | None],
        events: Sequence[NewEvent],
        *,
        command: CommandRecord | None = None,
        seed: tuple[int, bytes, str] | None = None,
    ) -> list[StoredEvent]:
        """Append events to one campaign's streams, atomically.

        ``expected`` maps each stream read or written to the version it must be at (``None``:
        any). A recorded ``command`` makes the append idempotent: if its id exists,
        ``DuplicateCommand`` carries the first record (its reply lists the positions appended).
        Appends waiting at the same moment share one transaction (``services.adapters.group_commit``);
        each keeps its own checks (migration 0006).
        """
        request = _request(campaign_id, expected, events, command, seed)
        if self._group is None:
            self._group = GroupCommitter(
                self.pool, self._append_one,
                router=NodeRouter().nodes if self.distributed else None,
                lone=None if self.distributed else self._append_lone)
        stored = _outcome(await self._group.append(request))
        if self._notices is not None and stored:
            self._notices.add(campaign_id)  # its NOTIFY fired on the worker
        return stored

    async def _append_one(self, req: AppendRequest) -> ItemOutcome:
        """One append on its own, in its own transaction (``skald_append_item``)."""
        return await _append_item(self.pool, req)

    async def _append_lone(self, req: AppendRequest) -> ItemOutcome:
        """A batch of one: ``skald_append_item`` without waiting for the campaign's lock
        ('busy' when another transaction holds it)."""
        return await _append_item(self.pool, req, wait=False)

    @asynccontextmanager
    async def campaign_locked(self, campaign_id: str) -> AsyncIterator[LockedCampaign]:
        """A transaction holding the campaign's append lock: what is read through it stays
        current until its append, so that append cannot conflict. For a command that lost to
        other processes' appends again and again; everyone else appends optimistically."""
        async with self.pool.acquire() as conn:
            async with conn.transaction():
                if self.distributed:  # on the worker holding the campaign, where appends lock it
                    await conn.execute("SELECT skald_lock_campaign($1)", campaign_id)
                else:
                    await conn.execute("SELECT pg_advisory_xact_lock(1, hashtext($1))",
                                       campaign_id)
                locked = LockedCampaign(self, conn)
                yield locked
            if self._notices is not None:  # committed: tell the coordinator's listeners
                for appended in locked.appended:
                    self._notices.add(appended)

    @staticmethod
    async def _read_stream(runner: Any, campaign_id: str, stream_id: str,
                           after_version: int) -> list[StoredEvent]:
        rows = await runner.fetch(
            f"SELECT {_COLUMNS} FROM events WHERE campaign_id = $1 AND stream_id = $2"
            " AND stream_version > $3 ORDER BY stream_version", campaign_id, stream_id, after_version)
        return [_stored(r) for r in rows]

    @staticmethod
    async def _command(conn: PgConnection, campaign_id: str,
                       command_id: str) -> CommandRecord | None:
        row = await conn.fetchrow(
            "SELECT command_id, actor, campaign_id, type, payload_sha256, reply FROM commands"
            " WHERE campaign_id = $1 AND command_id = $2", campaign_id, command_id)
        return CommandRecord(**dict(row.items())) if row else None

    async def find_command(self, campaign_id: str, command_id: str) -> CommandRecord | None:
        async with self.pool.acquire() as conn:
            return await self._command(conn, campaign_id, command_id)

    async def read_stream(self, campaign_id: str, stream_id: str,
                          after_version: int = 0) -> list[StoredEvent]:
        return await self._read_stream(self.pool, campaign_id, stream_id, after_version)

    async def read_campaign(self, campaign_id: str, after_position: int = 0,
                            limit: int = 100) -> list[StoredEvent]:
        """A campaign's events in position order (its commits are serialised, so none is skipped)."""
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events WHERE campaign_id = $1 AND position > $2"
            " ORDER BY position LIMIT $3", campaign_id, after_position, limit)
        return [_stored(r) for r in rows]

    async def heads(self, partitions: Sequence[int] | None = None, of: int = 1, *,
                    campaigns: Collection[str] | None = None) -> dict[str, int]:
        """Each campaign's last position: of hash ``partitions`` (out of ``of``) and among
        ``campaigns``, where given."""
        where, args = [], []
        if partitions is not None:
            args += [of, list(partitions)]
            where.append(f"(hashtext(campaign_id) & 2147483647) % ${len(args) - 1}"
                         f" = ANY(${len(args)}::int[])")
        if campaigns is not None:
            args.append(list(campaigns))
            where.append(f"campaign_id = ANY(${len(args)}::text[])")
        try:
            rows = await self.pool.fetch(
                "SELECT campaign_id, position FROM campaign_heads"
                + (" WHERE " + " AND ".join(where) if where else ""), *args)
        except asyncpg.PostgresConnectionError:
            if not self.distributed:
                raise
            return await reachable_heads(self.pool, partitions, of, campaigns)
        return {r["campaign_id"]: r["position"] for r in rows}

    async def read_all(self, after: tuple[int, str, int] = (0, "", 0),
                       limit: int = 500) -> list[StoredEvent]:
        """Every campaign's events after a cursor, in ``(transaction_id, campaign, position)``
        order, never past an in-flight transaction (one PostgreSQL only: see the module's note
        on Citus)."""
        settled = ("" if self.distributed else
                   " AND events.transaction_id < pg_snapshot_xmin(pg_current_snapshot())")
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events"
            " WHERE (events.transaction_id, campaign_id, position) > ($1::text::xid8, $2, $3)"
            + settled +
            # Qualified: the bare name is the bigint alias in the select list, which no index
            # orders, so every page would scan and sort the whole log.
            " ORDER BY events.transaction_id, events.campaign_id, events.position LIMIT $4",
            str(after[0]), after[1], after[2], limit)
        return [_stored(r) for r in rows]

    async def dice_seed(self, campaign_id: str, epoch: int) -> bytes | None:
        """A dice epoch's secret seed; only the pipeline reads it."""
        seed: bytes | None = await self.pool.fetchval(
            "SELECT seed FROM dice_seeds WHERE campaign_id = $1 AND epoch = $2", campaign_id, epoch)
        return seed

    async def dice_seeds(self, campaign_id: str) -> list[tuple[int, bytes]]:
        """Every epoch's seed, for the operator's backup export only."""
        rows = await self.pool.fetch(
            "SELECT epoch, seed FROM dice_seeds WHERE campaign_id = $1 ORDER BY epoch", campaign_id)
        return [(r["epoch"], r["seed"]) for r in rows]

    async def events_at(self, campaign_id: str, positions: list[int]) -> list[StoredEvent]:
        rows = await self.pool.fetch(
            f"SELECT {_COLUMNS} FROM events WHERE campaign_id = $1 AND position = ANY($2::bigint[])"
            " ORDER BY position", campaign_id, positions)
        return [_stored(r) for r in rows]

    async def event_at(self, campaign_id: str, position: int) -> StoredEvent | None:
        row = await self.pool.fetchrow(
            f"SELECT {_COLUMNS} FROM events WHERE campaign_id = $1 AND position = $2",
            campaign_id, position)
        return _stored(row) if row else None

    @asynccontextmanager
    async def notifications(self, callback: Callable[[str, int], None],
                            lost: Callable[[], None] | None = None) -> AsyncIterator[None]:
        """LISTEN for appends; ``callback(campaign_id, backend_pid)`` runs on each commit (the
        PostgreSQL backend that committed it, or re-notified it on Citus), and ``lost()``
        when the listening connection ends (a restarted PostgreSQL), so LISTEN can be set up
        again at once instead of silently falling back to polling."""
        conn = await asyncpg.connect(self.url)
        try:
            if lost is not None:
                conn.add_termination_listener(lambda _conn: lost())
            await conn.add_listener(NOTIFY_CHANNEL,
                                    lambda _conn, pid, _channel, payload: callback(payload, pid))
            yield
        finally:
            with contextlib.suppress(Exception):
                await conn.close()


def _request(campaign_id: str, expected: dict[str, int | None], events: Sequence[NewEvent],
             command: CommandRecord | None, seed: tuple[int, bytes, str] | None) -> AppendRequest:
    return AppendRequest(
        campaign_id=campaign_id,
        command=((command.command_id, command.actor, command.type, command.payload_sha256)
                 if command else (None, None, None, None)),
        expected=list(expected.items()),
        events=[(ev.stream_id, ev.type, ev.schema_version, _encode_json(ev.data),
                 _encode_json(ev.metadata)) for ev in events],
        seed=seed if seed else (None, None, None),
    )


def _outcome(outcome: ItemOutcome) -> list[StoredEvent]:
    """An append's outcome as the store's answer: its events, or the refusal raised."""
    if outcome.status == "duplicate":
        raise DuplicateCommand(msgspec.convert(msgspec.json.decode(outcome.detail or "{}"),
                                               CommandRecord))
    if outcome.status == "conflict":
        found = msgspec.json.decode(outcome.detail or "{}")
        raise WrongExpectedVersion(str(found.get("stream", "?")),
                                   int(found.get("expected", -1)), int(found.get("actual", -1)))
    return [_stored_item(r) for r in outcome.rows]


_APPEND_ITEM = ("SELECT * FROM skald_append_item($1, $2, $3, $4, $5, $6::text[], $7::int[],"
                " $8::text[], $9::text[], $10::smallint[], $11::text[], $12::text[], $13, $14, $15,")
_APPEND_WAITING, _APPEND_NOT_WAITING = _APPEND_ITEM + " true)", _APPEND_ITEM + " false)"


async def _append_item(runner: Any, req: AppendRequest, *, wait: bool = True) -> ItemOutcome:
    """One append through ``skald_append_item`` on a pool (its own transaction) or on a
    connection inside a transaction; without ``wait``, 'busy' if the campaign's lock is held."""
    try:
        rows = await runner.fetch(
            _APPEND_WAITING if wait else _APPEND_NOT_WAITING,
            req.campaign_id, *req.command,
            [s for s, _ in req.expected], [v for _, v in req.expected],
            *([list(col) for col in zip(*req.events, strict=True)] if req.events
              else [[], [], [], [], []]),
            *req.seed,
        )
    except asyncpg.PostgresError as err:
        raise _append_error(err) from err
    outcome = ItemOutcome(status=rows[0]["status"], detail=rows[0]["detail"])
    outcome.rows.extend(rows[1:])
    return outcome


class LockedCampaign:
    """Reads and one append inside a transaction holding the campaign's lock."""

    def __init__(self, store: EventStore, conn: PgConnection) -> None:
        self.store = store
        self.conn = conn
        self.appended: set[str] = set()

    async def read_stream(self, campaign_id: str, stream_id: str,
                          after_version: int = 0) -> list[StoredEvent]:
        return await EventStore._read_stream(self.conn, campaign_id, stream_id, after_version)

    async def append(self, campaign_id: str, expected: dict[str, int | None],
                     events: Sequence[NewEvent], *, command: CommandRecord | None = None,
                     seed: tuple[int, bytes, str] | None = None) -> list[StoredEvent]:
        stored = _outcome(await _append_item(self.conn, _request(campaign_id, expected, events,
                                                                  command, seed)))
        if stored:
            self.appended.add(campaign_id)
        return stored
