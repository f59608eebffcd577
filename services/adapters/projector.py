"""The projector: follows each campaign's log and keeps the Redis read models.

A campaign is projected by its own position, from its own checkpoint (the last position applied
to its read models). A batch's read-model updates and the checkpoint commit together in one
script that first checks the checkpoint is where the batch was folded from
(``services.adapters.read_model_commit``), so a crash at any point neither loses an update nor
applies one twice, and two workers that briefly both think they own a campaign cannot both
apply the same batch. Nothing depends on an order across campaigns, so the work splits by
campaign: workers share hash partitions of the campaigns by lease (``services.adapters.leases``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import asyncpg
import msgspec
import structlog
from redis.asyncio import Redis
from redis.exceptions import RedisError

from domain import campaign as campaign_domain
from domain import character as character_domain
from services.adapters import read_models as keys
from services.adapters.event_store import EventStore
from services.adapters.leases import PARTITIONS, Leases
from services.adapters.projector_memory import ProjectorMemory
from services.adapters.read_model_commit import BatchWrites, CheckpointedCommit
from services.application import metrics
from services.application.codec import wire_event
from services.application.live_publish import LiveMessage
from services.application.projection import Summary, fold_batch
from services.application.records import StoredEvent

log = structlog.get_logger(__name__)

Publish = Callable[[str, bytes], Awaitable[None]]
CrashHook = Callable[[str], None]
# Each user's listing entry for a campaign after a batch (None: not a member), and the users
# whose entry the batch changed.
Summaries = tuple[dict[str, Summary | None], set[str]]
HEARTBEAT_SECONDS = 1.0
LISTED_CAMPAIGNS = 100_000  # campaigns remembered as listed before the memory starts over
ATTEMPT_SECONDS = 60.0  # one catch-up attempt; a longer one is retried from its checkpoints
PARALLEL_CAMPAIGNS = 4  # campaigns projected at once (each takes a database connection)


class Projector:
    def __init__(self, store: EventStore, redis: Redis, *, publish: Publish | None = None,
                 batch_size: int = 500, crash_hook: CrashHook | None = None,
                 parallel: int = PARALLEL_CAMPAIGNS, fed_by: EventStore | None = None) -> None:
        """``fed_by``: the store of the pipeline in this process handing its commits to
        ``recorded`` (``notified`` skips their NOTIFYs)."""
        self.store = store
        self.redis = redis
        self.publish = publish
        self.batch_size = batch_size
        self.parallel = parallel
        self.crash_hook = crash_hook or (lambda stage: None)
        self._wake = asyncio.Event()
        self._pending: set[str] = set()
        self._listed: set[str] = set()  # campaigns whose listing entries this process wrote
        # Campaigns known to be of the partitions in ``_leased_of`` (found by a heads read):
        # a NOTIFY of one is projected without reading heads and checkpoints first.
        self._leased: set[str] = set()
        self._leased_of: frozenset[int] = frozenset()
        # Campaigns a heads read found outside those partitions: every worker gets every NOTIFY,
        # and another worker's campaign is looked up once, not at each of its commits.
        self._foreign: set[str] = set()
        self._commit = CheckpointedCommit(redis)
        self.fed_by = fed_by
        self.memory = ProjectorMemory()

    async def checkpoints(self, campaigns: Collection[str]) -> dict[str, int]:
        """Each campaign's checkpoint, read in one pipelined round trip."""
        names = list(campaigns)
        pipe = self.redis.pipeline(transaction=False)
        for cid in names:
            pipe.get(keys.position_key(cid))
        values = await pipe.execute() if names else []
        return {cid: int(v or 0) for cid, v in zip(names, values, strict=True)}

    async def catch_up(self, partitions: Collection[int] | None = None, *,
                       campaigns: Collection[str] | None = None) -> int:
        """Project every campaign (of ``partitions``, and among ``campaigns``, when given) up to
        its head; returns the events applied."""
        behind: list[tuple[str, int | None]] = []
        unknown = campaigns
        if partitions is not None:
            if frozenset(partitions) != self._leased_of or len(self._leased) >= LISTED_CAMPAIGNS:
                self._leased, self._leased_of = set(), frozenset(partitions)
                self._foreign.clear()
                self.memory.clear()
            if len(self._foreign) >= LISTED_CAMPAIGNS:
                self._foreign.clear()  # forgetting costs a campaign one more heads read
            if campaigns is not None:
                # Each known campaign is projected until a batch shorter than a full one: the
                # log had no more when it was read, and what comes later has its own NOTIFY.
                behind = [(cid, None) for cid in campaigns if cid in self._leased]
                unknown = [cid for cid in campaigns
                           if cid not in self._leased and cid not in self._foreign]
        if unknown is None or unknown:
            heads = await self.store.heads(sorted(partitions) if partitions is not None else None,
                                           PARTITIONS, campaigns=unknown)
            if partitions is not None:
                self._leased.update(heads)
                # Heads are only read once the NOTIFY's commit is visible, so a named campaign
                # with no head among these partitions is another worker's. A whole scan also
                # takes back one a partial read on Citus (a worker down) took for foreign.
                self._foreign.difference_update(heads)
                if unknown is not None:
                    self._foreign.update(cid for cid in unknown if cid not in heads)
            done = await self.checkpoints(heads)
            self.memory.forget_unless(done)  # Redis lost its data, or another worker moved on
            if campaigns is None:  # a whole scan: every campaign's lag
                metrics.PROJECTOR_LAG_EVENTS.set(
                    sum(max(0, head - done[cid]) for cid, head in heads.items()))
            behind += [(cid, head) for cid, head in heads.items() if head > done[cid]]
        unreachable: list[asyncpg.PostgresConnectionError] = []

        async def one(cid: str, head: int | None) -> int:
            try:
                applied = await self.project_campaign(cid, head)
            except asyncpg.PostgresConnectionError as err:
                if not self.store.distributed:
                    raise
                # On Citus: this campaign's worker is down; the others' campaigns go on.
                unreachable.append(err)
                return 0
            self.crash_hook("between-campaigns")
            return applied

        if len(behind) <= 1 or self.parallel <= 1:
            total = 0
            for cid, head in behind:
                total += await one(cid, head)
        else:
            total = await self._in_parallel(one, behind)
        if unreachable:
            raise unreachable[0]
        return total

    async def _in_parallel(self, one: Callable[[str, int | None], Awaitable[int]],
                           behind: list[tuple[str, int | None]]) -> int:
        """Campaigns are independent (each batch commits with its own checkpoint): several at
        once, so a hall of busy tables is not projected one round trip after another."""
        gate = asyncio.Semaphore(self.parallel)

        async def gated(cid: str, head: int | None) -> int:
            async with gate:
                return await one(cid, head)

        tasks = [asyncio.create_task(gated(cid, head)) for cid, head in behind]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        finally:  # one failed (or this attempt was cancelled): the others stop with it
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        for task in tasks:
            if not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
        return sum(task.result() for task in tasks if not task.cancelled())

    async def project_campaign(self, cid: str, head: int | None = None) -> int:
        """Apply a campaign's events after its checkpoint, batch by batch, up to ``head`` (its
        last position as just read; None: until a batch finds fewer events than a full one);
        returns how many."""
        total = 0
        while True:
            batch = await self._apply_batch(cid, head)
            if batch is None:  # the checkpoint moved meanwhile (another worker, or this commit
                # landing before a lost reply was sent again): read it again, and write every
                # listing entry with the next batch, as whoever moved it may not have
                self._listed.discard(cid)
                continue
            applied, last = batch
            if applied == 0:
                return total
            total += applied
            self.crash_hook("between-batches")
            # Reaching the head (or the log's end, as a short batch shows) ends it without a
            # read that would find nothing; an event recorded since has its own NOTIFY (or the
            # next poll) and is projected then.
            if last >= head if head is not None else applied < self.batch_size:
                return total

    async def _apply_batch(self, cid: str, head: int | None) -> tuple[int, int] | None:
        """One batch: how many events it applied and the checkpoint it left (None: another
        worker moved the checkpoint since it was read, and nothing was written)."""
        kept = self.memory.state(cid)
        if kept is not None:  # as this worker's last batch of it left it (``ProjectorMemory``)
            applied, raw_campaign = kept
        else:
            # The checkpoint first, then the state: a batch applied between the two reads moves
            # the checkpoint, so the commit below refuses (``services.adapters.read_model_commit``).
            state = self.redis.pipeline(transaction=False)
            state.get(keys.position_key(cid))
            state.get(keys.campaign_key(cid))
            raw_applied, raw_campaign = await state.execute()
            applied = int(raw_applied or 0)
        fresh = self.memory.take(cid, applied, self.batch_size)
        if fresh is None:
            fresh = [] if head is not None and applied >= head else \
                await self.store.read_campaign(cid, applied, self.batch_size)
        if not fresh:
            return 0, applied
        writes = BatchWrites(keys.position_key(cid))
        summaries, raw_after = await self._queue_updates(writes, cid, raw_campaign, fresh)
        committed = False
        try:
            self.crash_hook("before-exec")
            committed = await self._commit(writes, applied, fresh[-1].position)
        finally:
            if not committed:  # refused, or failed before its reply: read the state again
                self.memory.forget(cid)
        if not committed:
            return None
        self.memory.committed(cid, fresh[-1].position, raw_after or raw_campaign)
        metrics.projected(len(fresh), fresh[-1].recorded_at)
        if self.publish is not None:  # watchers first: the listings are not what they wait for
            message = LiveMessage(campaign_id=cid, after=applied, position=fresh[-1].position,
                                  events=[wire_event(ev) for ev in fresh])
            await self.publish(keys.live_channel(cid), msgspec.json.encode(message))
        await self._write_listings(cid, summaries)
        return len(fresh), fresh[-1].position

    def recorded(self, campaign_id: str, stored: list[StoredEvent]) -> None:
        """The pipeline beside it committed ``stored``: projected from memory if this worker
        projects ``campaign_id`` (others wait for their NOTIFY or the scan, as before)."""
        if stored and campaign_id in self._leased:
            self.memory.recorded(campaign_id, stored)
            self.wake(campaign_id)

    def notified(self, campaign_id: str, backend_pid: int) -> None:
        """A NOTIFY of a commit in ``campaign_id`` sent by PostgreSQL backend ``backend_pid``:
        skipped when the fed pipeline's own connection sent it for a campaign this worker
        projects (``recorded`` brings it; a commit whose reply was lost waits for the scan)."""
        if not (self.fed_by is not None and campaign_id in self._leased
                and backend_pid in self.fed_by.backend_pids):
            self.wake(campaign_id)

    async def _write_listings(self, cid: str, summaries: Summaries) -> None:
        """Write the per-user listing entries (``summaries``: each user's summary of ``cid``
        after a batch, None for one no longer a member) that the batch changed. They are derived
        from the campaign's final state, so writing them again is harmless; the first batch of a
        campaign in this process writes them all, so an entry lost to a stop between a batch's
        commit and this write (in this process or an earlier one) is written by the next batch."""
        after, changed_users = summaries
        changed = after if cid not in self._listed else \
            {user: after[user] for user in changed_users}
        self._listed.discard(cid)  # until the writes below are known to have landed
        if changed:
            listing = self.redis.pipeline(transaction=False)
            for user, entry in changed.items():
                if entry is not None:
                    listing.sadd(keys.user_campaigns_key(user), cid)
                    listing.zadd(keys.user_listing_key(user), {cid: 0})
                    listing.hset(keys.user_entries_key(user), cid, msgspec.json.encode(entry))
                else:
                    listing.srem(keys.user_campaigns_key(user), cid)
                    listing.zrem(keys.user_listing_key(user), cid)
                    listing.hdel(keys.user_entries_key(user), cid)
            await listing.execute()
        if len(self._listed) >= LISTED_CAMPAIGNS:
            self._listed.clear()  # forgetting only costs a campaign's next batch a full write
        self._listed.add(cid)

    async def _queue_updates(self, writes: BatchWrites, cid: str, raw_campaign: bytes | None,
                             fresh: list[StoredEvent]) -> tuple[Summaries, bytes | None]:
        """Fold ``fresh`` into the campaign's read models (``services.application.projection``)
        from ``raw_campaign`` (its stored state), queueing the writes on ``writes``; returns each
        member's campaign summary afterwards (None: no longer a member) and the users whose
        summary the batch changed, and the campaign's state as written (None: not written)."""
        # The campaign's read model (and each character's) holds its domain state, read back
        # here to keep folding; what a read serves is built from it by ``domain.views``
        # (``services.application.queries``), so the stored JSON is not itself the wire.
        camp = (msgspec.json.decode(raw_campaign, type=campaign_domain.CampaignState)
                if raw_campaign else campaign_domain.initial_state())
        fold = await fold_batch(cid, camp, fresh,
                                character=lambda chid: self._character(cid, chid),
                                encounter=lambda eid: self._encounter(cid, eid),
                                read_stream=self.store.read_stream)
        for position, mark in fold.marks:
            writes.hset(keys.roll_marks_key(cid), str(position), msgspec.json.encode(mark))
        touched_tables: set[str | None] = set()
        for roll, tables in fold.rolls:
            record = msgspec.json.encode(roll)
            for table_id in tables:
                writes.lpush(keys.rolls_key(cid, table_id), record)
                touched_tables.add(table_id)
        raw_after = None
        if fold.campaign.exists:
            raw_after = msgspec.json.encode(fold.campaign)
            writes.set(keys.campaign_key(cid), raw_after)
        for chid, state in fold.characters.items():
            writes.hset(keys.characters_key(cid), chid, msgspec.json.encode(state))
        for eid, encounter in fold.encounters.items():
            writes.hset(keys.encounters_key(cid), eid, msgspec.json.encode(encounter))
        for touched in touched_tables:
            writes.ltrim(keys.rolls_key(cid, touched), 0, keys.ROLL_LOG_LENGTH - 1)
        return (fold.listings, fold.changed_users), raw_after

    async def _character(self, cid: str, chid: str) -> character_domain.CharacterState:
        raw = await self.redis.hget(keys.characters_key(cid), chid)
        if raw:
            return msgspec.json.decode(raw, type=character_domain.CharacterState)
        return character_domain.initial_state()

    async def _encounter(self, cid: str, eid: str) -> Any:
        raw = await self.redis.hget(keys.encounters_key(cid), eid)
        return msgspec.json.decode(raw) if raw else None

    def wake(self, campaign_id: str = "") -> None:
        """A commit in ``campaign_id`` (a NOTIFY): project it without waiting for the poll."""
        if campaign_id:
            self._pending.add(campaign_id)
        self._wake.set()

    async def run(self, stop: asyncio.Event, *, leases: Leases | None = None,
                  idle_poll: float = 1.0) -> None:
        """Project until ``stop`` is set: the campaigns of the partitions this worker leases.

        LISTEN/NOTIFY names the campaign of each commit, which is projected at once; every
        ``idle_poll`` seconds all leased campaigns are compared with their heads, so a missed
        notification only delays. A lost database or Redis connection is retried until it
        comes back; LISTEN is set up again each time.
        """
        leases = leases or Leases(self.store.pool)
        loop = asyncio.get_running_loop()
        # One waiter for the whole run: the stop wakes the loop like a NOTIFY does.
        stopping = asyncio.ensure_future(stop.wait())
        stopping.add_done_callback(lambda _: self._wake.set())
        try:
            while not stop.is_set():
                try:
                    listening = True

                    def lost() -> None:
                        nonlocal listening
                        listening = False
                        self._wake.set()

                    async with self.store.notifications(self.notified, lost):
                        next_beat = next_scan = 0.0
                        while not stop.is_set():
                            if not listening:
                                raise ConnectionError("the LISTEN connection was lost")
                            if loop.time() >= next_beat:
                                before = leases.held
                                await leases.refresh()
                                next_beat = loop.time() + HEARTBEAT_SECONDS
                                if leases.held - before:
                                    next_scan = 0.0  # new partitions: look at all of them now
                                    # Another worker projected them meanwhile and may have
                                    # stopped before its listing writes: write them all again.
                                    self._listed.clear()
                                    self.memory.clear()
                            mine = leases.fresh
                            self._wake.clear()
                            pending, self._pending = self._pending, set()
                            # Bounded: an attempt stuck on a lost Redis node (a cluster failover)
                            # is abandoned and retried from the checkpoints, which every batch
                            # moves atomically with its writes.
                            if loop.time() >= next_scan:
                                async with asyncio.timeout(ATTEMPT_SECONDS):
                                    await self.catch_up(mine)
                                next_scan = loop.time() + idle_poll
                            elif pending and mine:
                                async with asyncio.timeout(ATTEMPT_SECONDS):
                                    await self.catch_up(mine, campaigns=pending)
                            await _woken(self._wake,
                                         max(0.0, min(next_beat, next_scan) - loop.time()))
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, RedisError,
                        ConnectionError, TimeoutError,
                        # A pooled connection whose server went away mid-operation ("cannot
                        # switch to state 12"; see services.adapters.dependencies): PostgreSQL stopping.
                        asyncpg.exceptions.InternalClientError) as err:
                    log.warning("projector paused; retrying", error=f"{type(err).__name__}: {err}")
                    await _wait(stop, 1.0)
        finally:
            stopping.cancel()
            with contextlib.suppress(Exception):
                await leases.release()


async def _wait(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


async def _woken(wake: asyncio.Event, seconds: float) -> None:
    """Until ``wake`` is set (a NOTIFY, a lost connection or the stop) or ``seconds`` pass."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await wake.wait()
