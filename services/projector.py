"""The projector: follows the event log and keeps the Redis read models.

Per campaign, a batch's read-model updates and the campaign's checkpoint
(last applied position) commit together in one MULTI/EXEC, so a crash at any
point neither loses an update nor applies one twice: on restart, events at or
below a campaign's checkpoint are skipped. The global cursor only says where
to resume reading; it may lag behind the campaign checkpoints, never lead.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import msgspec
import structlog
from redis.asyncio import Redis

from domain import campaign as campaign_domain
from domain import character as character_domain
from domain import decider
from services import read_models as keys
from services.codec import wire_event
from services.event_store import EventStore, StoredEvent

log = structlog.get_logger(__name__)
LEADER_LOCK = (2, 0)  # pg_advisory_lock(int, int): one projector at a time per database

Publish = Callable[[str, bytes], Awaitable[None]]
CrashHook = Callable[[str], None]


class LiveMessage(msgspec.Struct, kw_only=True):
    """What the live channel carries: the events of one batch for one campaign.

    ``after`` is the campaign position before the batch; a subscriber that has
    seen less than that missed something and reads it from the log first.
    """

    campaign_id: str
    after: int
    position: int
    events: list[dict[str, Any]]


class Projector:
    def __init__(self, store: EventStore, redis: Redis, *, publish: Publish | None = None,
                 batch_size: int = 500, crash_hook: CrashHook | None = None) -> None:
        self.store = store
        self.redis = redis
        self.publish = publish
        self.batch_size = batch_size
        self.crash_hook = crash_hook or (lambda stage: None)
        self._wake = asyncio.Event()

    async def cursor(self) -> tuple[int, int]:
        raw = await self.redis.get(keys.GLOBAL_CURSOR)
        if not raw:
            return (0, 0)
        xid, pos = raw.decode().split(":")
        return (int(xid), int(pos))

    async def run_once(self) -> int:
        """Apply one batch; returns how many events were read."""
        cursor = await self.cursor()
        batch = await self.store.read_all(cursor, self.batch_size)
        if not batch:
            return 0
        by_campaign: dict[str, list[StoredEvent]] = {}
        for ev in batch:
            by_campaign.setdefault(ev.campaign_id, []).append(ev)
        for cid, events in by_campaign.items():
            await self._apply_campaign(cid, events)
            self.crash_hook("between-campaigns")
        self.crash_hook("before-cursor")
        last = batch[-1]
        await self.redis.set(keys.GLOBAL_CURSOR, f"{last.transaction_id}:{last.position}")
        return len(batch)

    async def catch_up(self) -> int:
        """Apply batches until the readable log is exhausted; returns events read."""
        total = 0
        while (count := await self.run_once()) > 0:
            total += count
        return total

    async def _apply_campaign(self, cid: str, events: list[StoredEvent]) -> None:
        applied = int(await self.redis.get(keys.position_key(cid)) or 0)
        fresh = [ev for ev in events if ev.position > applied]
        if not fresh:
            return
        raw_campaign = await self.redis.get(keys.campaign_key(cid))
        camp = (msgspec.json.decode(raw_campaign, type=campaign_domain.CampaignState)
                if raw_campaign else campaign_domain.initial_state())
        members_before = set(camp.members)
        characters: dict[str, character_domain.CharacterState] = {}
        pipe = self.redis.pipeline(transaction=True)
        touched_tables: set[str | None] = set()
        encounters: dict[str, Any] = {}
        for ev in fresh:
            kind = ev.stream_id.split("/", 1)[0]
            if kind == "campaign":
                camp = decider.evolve(ev.stream_id, camp, ev.type, ev.data)
            elif kind == "character":
                chid = ev.stream_id.rsplit("/", 1)[1]
                state = characters.get(chid) or await self._character(cid, chid)
                characters[chid] = decider.evolve(ev.stream_id, state, ev.type, ev.data)
            elif kind == "encounter":
                eid = ev.stream_id.rsplit("/", 1)[1]
                current = encounters[eid] if eid in encounters else await self._encounter(cid, eid)
                encounters[eid] = decider.evolve(ev.stream_id, current, ev.type, ev.data)
            if ev.type == "EventRetconned":
                refolded = await self._refold(ev, camp)
                if refolded is not None:
                    target_kind, ident, state = refolded
                    if target_kind == "campaign":
                        camp = state
                    elif target_kind == "character":
                        characters[ident] = state
                    else:
                        encounters[ident] = state
                pipe.hset(keys.roll_marks_key(cid), str(ev.data["position"]),
                          msgspec.json.encode({"retconned": {"position": ev.position,
                                                             "reason": ev.data["reason"]}}))
            elif ev.type == "RollRevealed":
                pipe.hset(keys.roll_marks_key(cid), str(ev.data["position"]),
                          msgspec.json.encode({"revealed": {"position": ev.position}}))
            if decider.is_roll(ev.type):
                record = msgspec.json.encode(wire_event(ev))
                table_id = ev.data.get("table_id")
                pipe.lpush(keys.rolls_key(cid), record)
                touched_tables.add(None)
                if table_id:
                    pipe.lpush(keys.rolls_key(cid, table_id), record)
                    touched_tables.add(table_id)
        if camp.exists:
            pipe.set(keys.campaign_key(cid), msgspec.json.encode(camp))
        for chid, state in characters.items():
            pipe.hset(keys.characters_key(cid), chid, msgspec.json.encode(state))
        for eid, encounter in encounters.items():
            pipe.hset(keys.encounters_key(cid), eid, msgspec.json.encode(encounter))
        for table_id in touched_tables:
            pipe.ltrim(keys.rolls_key(cid, table_id), 0, keys.ROLL_LOG_LENGTH - 1)
        pipe.set(keys.position_key(cid), fresh[-1].position)
        self.crash_hook("before-exec")
        await pipe.execute()
        # Derived from the campaign's final state, so repeating it is harmless.
        for user in members_before | set(camp.members):
            if user in camp.members:
                await self.redis.sadd(keys.user_campaigns_key(user), cid)
            else:
                await self.redis.srem(keys.user_campaigns_key(user), cid)
        if self.publish is not None:
            message = LiveMessage(campaign_id=cid, after=applied, position=fresh[-1].position,
                                  events=[wire_event(ev) for ev in fresh])
            await self.publish(keys.live_channel(cid), msgspec.json.encode(message))

    async def _refold(self, retcon: StoredEvent, camp: campaign_domain.CampaignState
                      ) -> tuple[str, str, Any] | None:
        """A retcon changes its target stream's state: fold that stream again, as of the retcon,
        without the events that no longer count. Returns (kind, id, state), or None for a roll,
        which stays in the roll log, marked."""
        target = retcon.data["stream_id"]
        kind = target.split("/", 1)[0]
        if kind not in ("campaign", "character", "encounter"):
            return None
        rows = [(r.position, r.type, r.data) for r in await self.store.read_stream(target)
                if r.position <= retcon.position]
        return kind, target.rsplit("/", 1)[1], decider.fold(target, rows, camp.retconned)

    async def _character(self, cid: str, chid: str) -> character_domain.CharacterState:
        raw = await self.redis.hget(keys.characters_key(cid), chid)
        if raw:
            return msgspec.json.decode(raw, type=character_domain.CharacterState)
        return character_domain.initial_state()

    async def _encounter(self, cid: str, eid: str) -> Any:
        raw = await self.redis.hget(keys.encounters_key(cid), eid)
        return msgspec.json.decode(raw) if raw else None

    def wake(self, _campaign_id: str = "") -> None:
        self._wake.set()

    async def run(self, stop: asyncio.Event, *, idle_poll: float = 1.0) -> None:
        """Project until ``stop`` is set, as the single leader for this database.

        LISTEN/NOTIFY wakes the loop on each commit; ``idle_poll`` only bounds
        how long a wakeup can be late (e.g. after an unrelated long transaction
        held the read horizon back). It never decides that an event is missing.
        """
        leader = await asyncpg.connect(self.store.url)
        try:
            while not stop.is_set():
                if await leader.fetchval("SELECT pg_try_advisory_lock($1, $2)", *LEADER_LOCK):
                    break
                await _wait(stop, 2.0)
            if stop.is_set():
                return
            log.info("projector leading")
            async with self.store.notifications(self.wake):
                while not stop.is_set():
                    self._wake.clear()
                    try:
                        count = await self.run_once()
                    except (OSError, asyncpg.PostgresError, ConnectionError) as err:
                        log.warning("projector batch failed; retrying", error=str(err))
                        await _wait(stop, 1.0)
                        continue
                    if count == 0:
                        await _first(stop, self._wake, idle_poll)
        finally:
            await leader.close()


async def _wait(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)


async def _first(stop: asyncio.Event, wake: asyncio.Event, seconds: float) -> None:
    waiters = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(wake.wait())]
    try:
        await asyncio.wait(waiters, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waiters:
            w.cancel()


async def rebuild(store: EventStore, redis: Redis) -> int:
    """Drop every read model and rebuild from the start of the log; returns events applied."""
    leader = await asyncpg.connect(store.url)
    try:
        await leader.execute("SELECT pg_advisory_lock($1, $2)", *LEADER_LOCK)
        await drop_read_models(redis)
        return await Projector(store, redis).catch_up()
    finally:
        await leader.close()


async def drop_read_models(redis: Redis) -> None:
    async for key in redis.scan_iter(match=f"{keys.PREFIX}:*", count=500):
        await redis.delete(key)
