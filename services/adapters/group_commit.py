"""Group commit: concurrent appends share one transaction, each with its own checks.

Appends waiting at the same moment go to the database together, as one call of
``skald_append_batch`` (migration 0006) in one transaction: one round trip and one WAL flush for
the lot, instead of one of each per append. Every append in the batch keeps its own optimistic
concurrency check and its own command-id check; a refused one (a stale expected version, a
repeated command id) is reported to its caller alone and appends nothing, while the others
commit. A few lanes run batches at once, so one batch fills while another commits; a single
append waits for nobody (its lane takes it at once).

A batch never waits for a campaign's lock: an append whose campaign another transaction holds
comes back 'busy' and is sent again on its own, off the lane, through ``skald_append_item``,
which waits; so is a second append to a campaign already in the batch. Should a batch fail as a
whole (anything but the refusals), each of its appends is sent again on its own the same way,
so one bad append cannot fail the others.

On Citus (a ``router`` given) a batch is split by the worker holding each campaign, and each
worker's part is one call of ``skald_append_node_batch``, delegated to that worker by its first
campaign: the parts commit on their workers at once, none spans two workers.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import asyncpg
import msgspec

from services.adapters.pg_types import PgConnection

DEFAULT_LANES = 3
DEFAULT_MAX_BATCH = 256

_BATCH_ARGS = (
    "$1::text[], $2::text[], $3::text[], $4::text[], $5::text[],"
    " $6::int[], $7::int[], $8::text[], $9::int[], $10::int[], $11::int[], $12::text[],"
    " $13::text[], $14::smallint[], $15::text[], $16::text[], $17::int[], $18::bytea[],"
    " $19::text[]"
)
_BATCH_SQL = f"SELECT * FROM skald_append_batch({_BATCH_ARGS})"
# Delegated to the worker holding its first argument's campaign (services.adapters.citus).
_NODE_BATCH_SQL = ("SELECT * FROM skald_append_node_batch($20, "
                   + _BATCH_ARGS + ")")


class AppendRequest(msgspec.Struct, kw_only=True):
    """One append as ``EventStore.append`` takes it, flattened into the function's columns."""

    campaign_id: str
    command: tuple[str | None, str | None, str | None, str | None]
    expected: list[tuple[str, int | None]]
    events: list[tuple[str, str, int, str, str]]  # stream, type, schema version, data, metadata
    seed: tuple[int | None, bytes | None, str | None]


class ItemOutcome(msgspec.Struct, kw_only=True):
    """What the batch function said of one append: its status and, when ``ok``, its rows."""

    status: str
    detail: str | None = None
    rows: list[asyncpg.Record] = msgspec.field(default_factory=list)


Single = Callable[[AppendRequest], Awaitable[ItemOutcome]]
# The node (worker) holding each campaign, for splitting a batch by worker.
Router = Callable[[PgConnection, Sequence[str]], Awaitable[list[str]]]


class GroupCommitter:
    """Batches concurrent ``AppendRequest``s into shared transactions on a few connections."""

    def __init__(self, pool: asyncpg.Pool, single: Single, *, lanes: int = DEFAULT_LANES,
                 max_batch: int = DEFAULT_MAX_BATCH, router: Router | None = None,
                 lone: Single | None = None) -> None:
        self.pool = pool
        self.single = single  # waits for the campaign's lock
        self.lone = lone  # a batch of one, without waiting: 'busy' is sent again through single
        self.router = router
        self.max_batch = max_batch
        self._queue: asyncio.Queue[tuple[AppendRequest, asyncio.Future[ItemOutcome]]] = (
            asyncio.Queue())
        self._lanes = [asyncio.ensure_future(self._lane()) for _ in range(lanes)]
        self._waiting: set[asyncio.Future[None]] = set()
        self.batches = 0
        self.appends = 0

    async def append(self, request: AppendRequest) -> ItemOutcome:
        future: asyncio.Future[ItemOutcome] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((request, future))
        return await future

    async def close(self) -> None:
        for lane in [*self._lanes, *self._waiting]:
            lane.cancel()
        for lane in [*self._lanes, *self._waiting]:
            with contextlib.suppress(asyncio.CancelledError):
                await lane
        while not self._queue.empty():
            _, future = self._queue.get_nowait()
            if not future.done():
                future.set_exception(RuntimeError("the event store was closed"))

    async def _lane(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < self.max_batch and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            live, campaigns = [], set()
            for req, fut in batch:
                if fut.cancelled():
                    continue
                if req.campaign_id in campaigns:
                    self._send_alone(req, fut)  # one append per campaign in a batch
                    continue
                campaigns.add(req.campaign_id)
                live.append((req, fut))
            if live:
                await self._commit(live)

    async def _commit(self, batch: list[tuple[AppendRequest,
                                              asyncio.Future[ItemOutcome]]]) -> None:
        self.batches += 1
        self.appends += len(batch)
        try:
            if self.router is not None:
                outcomes = await self._by_node([req for req, _ in batch])
            elif self.lone is not None and len(batch) == 1:
                outcomes = [await self.lone(batch[0][0])]
            else:
                outcomes = await self._batch([req for req, _ in batch])
        except asyncio.CancelledError:
            for _, future in batch:
                if not future.done():
                    future.set_exception(RuntimeError("the event store was closed"))
            raise
        except Exception:  # noqa: BLE001 - each append is sent again alone and gets its own error
            outcomes = [ItemOutcome(status="busy") for _ in batch]
        for (req, future), outcome in zip(batch, outcomes, strict=True):
            if outcome.status == "busy":
                self._send_alone(req, future)
            elif not future.done():
                future.set_result(outcome)

    def _send_alone(self, request: AppendRequest, future: asyncio.Future[ItemOutcome]) -> None:
        """Off the lane: waiting for a campaign's lock must not hold up the next batch."""
        task = asyncio.ensure_future(self._alone(request, future))
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)

    async def _alone(self, request: AppendRequest, future: asyncio.Future[ItemOutcome]) -> None:
        try:
            outcome = await self.single(request)
        except asyncio.CancelledError:
            if not future.done():
                future.set_exception(RuntimeError("the event store was closed"))
            raise
        except Exception as err:  # noqa: BLE001 - handed to the caller that asked for it
            if not future.done():
                future.set_exception(err)
            return
        if not future.done():
            future.set_result(outcome)

    async def _by_node(self, requests: Sequence[AppendRequest]) -> list[ItemOutcome]:
        """The batch split by worker, each part on its worker, all parts at once."""
        assert self.router is not None
        async with self.pool.acquire() as conn:
            nodes = await self.router(conn, [req.campaign_id for req in requests])
        parts: dict[str, list[int]] = {}
        for i, node in enumerate(nodes):
            parts.setdefault(node, []).append(i)
        groups = list(parts.values())

        async def part(indexes: list[int]) -> list[ItemOutcome]:
            try:
                return await self._batch([requests[i] for i in indexes], node_batch=True)
            except Exception:  # noqa: BLE001 - each append of the part is sent again alone
                return [ItemOutcome(status="busy") for _ in indexes]

        outcomes: list[ItemOutcome] = [ItemOutcome(status="busy")] * len(requests)
        for indexes, done in zip(groups, await asyncio.gather(*(part(g) for g in groups)),
                                 strict=True):
            for i, outcome in zip(indexes, done, strict=True):
                outcomes[i] = outcome
        return outcomes

    async def _batch(self, requests: Sequence[AppendRequest], *,
                     node_batch: bool = False) -> list[ItemOutcome]:
        cols: list[list[Any]] = [[] for _ in range(19)]
        for req in requests:
            cols[0].append(req.campaign_id)
            for i, part in enumerate(req.command, start=1):
                cols[i].append(part)
            cols[5].append(len(cols[7]) + 1)
            for stream, version in req.expected:
                cols[7].append(stream)
                cols[8].append(version)
            cols[6].append(len(cols[7]))
            cols[9].append(len(cols[11]) + 1)
            for ev in req.events:
                for j, column in enumerate(ev, start=11):
                    cols[j].append(column)
            cols[10].append(len(cols[11]))
            for i, seed_part in enumerate(req.seed, start=16):
                cols[i].append(seed_part)
        if node_batch:
            rows = await self.pool.fetch(_NODE_BATCH_SQL, *cols, requests[0].campaign_id)
        else:
            rows = await self.pool.fetch(_BATCH_SQL, *cols)
        outcomes: list[ItemOutcome | None] = [None] * len(requests)
        events: list[list[asyncpg.Record]] = [[] for _ in requests]
        for row in rows:
            k = row["item"] - 1
            if row["status"] == "event":
                events[k].append(row)
            else:
                outcomes[k] = ItemOutcome(status=row["status"], detail=row["detail"])
        done: list[ItemOutcome] = []
        for outcome, appended in zip(outcomes, events, strict=True):
            if outcome is None:
                raise RuntimeError("skald_append_batch left an append without a status")
            outcome.rows.extend(sorted(appended, key=lambda r: int(r["position"])))
            done.append(outcome)
        return done
