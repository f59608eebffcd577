"""An event store and read models in memory, for tests that need no server.

They keep the contracts of the PostgreSQL store (``services.adapters.event_store`` and the
append function ``services/adapters/sql/functions/skald_append_item.sql``) and of the Redis read
models (``services.adapters.read_models``, folded as ``services.adapters.projector`` does):

- an append is all or nothing, to one campaign: a command id the campaign has recorded raises
  ``DuplicateCommand`` with the first record, checked first; then each expected stream version
  (``None``: any) is compared with the stream's current one (0 for a new stream), else
  ``WrongExpectedVersion`` naming the stream; positions count 1, 2, 3... in each campaign and
  versions 1, 2, 3... in each stream; the command's reply lists the positions it appended;
- data and metadata are stored as JSON and read back decoded, as jsonb is;
- a campaign's appends are serialised by its lock, which ``campaign_locked`` holds;
- ``read_all`` pages every campaign's events by ``(transaction, campaign, position)``;
- a snapshot replaces the stream's older one only (or one of another fold version).

Hash partitions (``heads(partitions, of)``) split campaigns by CRC-32 here, not by
PostgreSQL's ``hashtext``: the same stable split, with other members.
"""

from __future__ import annotations

import asyncio
import zlib
from collections import defaultdict
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import msgspec

from domain import campaign as campaign_domain
from domain import character as character_domain
from domain.fold_version import FOLD_VERSION
from services.application.ports import (
    LISTING_PAGE_SIZE,
    ROLL_LOG_LENGTH,
    EventStore,
    LiveChannel,
    ReadModels,
    Seed,
    Subscription,
)
from services.application.projection import fold_batch, with_marks
from services.application.records import (
    SNAPSHOT_TYPES,
    CommandRecord,
    DuplicateCommand,
    NewEvent,
    Snapshot,
    StoredEvent,
    WrongExpectedVersion,
)


def _as_json(value: Any) -> Any:
    """A value as jsonb gives it back: encoded to JSON and decoded again."""
    return msgspec.json.decode(msgspec.json.encode(value))


class MemorySnapshots:
    def __init__(self, fold_version: int = FOLD_VERSION) -> None:
        self.fold_version = fold_version
        self._rows: dict[tuple[str, str], tuple[int, bytes]] = {}  # fold version, JSON
        self.written = 0

    async def read(self, campaign_id: str, stream_id: str) -> Snapshot | None:
        return (await self.read_campaign(campaign_id, stream_id)).get(stream_id)

    async def read_campaign(self, campaign_id: str, only: str | None = None) -> dict[str, Snapshot]:
        out: dict[str, Snapshot] = {}
        for (cid, stream_id), (fold_version, raw) in self._rows.items():
            kind = SNAPSHOT_TYPES.get(stream_id.split("/", 1)[0])
            if cid != campaign_id or fold_version != self.fold_version or kind is None:
                continue
            if only is None or stream_id == only:
                version, retconned, state = msgspec.json.decode(raw)
                out[stream_id] = Snapshot(version, msgspec.convert(state, kind), tuple(retconned))
        return out

    def write_later(self, campaign_id: str, stream_id: str, snapshot: Snapshot) -> None:
        held = self._rows.get((campaign_id, stream_id))
        if held is not None and held[0] == self.fold_version and \
                msgspec.json.decode(held[1])[0] > snapshot.version:
            return  # an older snapshot never replaces a newer one
        self._rows[(campaign_id, stream_id)] = (self.fold_version, msgspec.json.encode(
            [snapshot.version, list(snapshot.retconned), snapshot.state]))
        self.written += 1


class _Locked:
    """Reads and appends while holding a campaign's lock (``campaign_locked``)."""

    def __init__(self, store: MemoryEventStore) -> None:
        self.store = store

    async def read_stream(self, campaign_id: str, stream_id: str,
                          after_version: int = 0) -> list[StoredEvent]:
        return await self.store.read_stream(campaign_id, stream_id, after_version)

    async def append(self, campaign_id: str, expected: dict[str, int | None],
                     events: Sequence[NewEvent], *, command: CommandRecord | None = None,
                     seed: Seed | None = None) -> list[StoredEvent]:
        return self.store._append(campaign_id, expected, events, command, seed)


class MemoryEventStore:
    def __init__(self) -> None:
        self._events: dict[str, list[StoredEvent]] = defaultdict(list)  # by campaign, by position
        self._versions: dict[tuple[str, str], int] = {}
        self._commands: dict[tuple[str, str], CommandRecord] = {}
        self._seeds: dict[tuple[str, int], bytes] = {}
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._transactions = 0
        self._snapshots = MemorySnapshots()
        self.appends = 0  # appends recorded (not refused), for tests

    @property
    def snapshots(self) -> MemorySnapshots:
        return self._snapshots

    async def append(self, campaign_id: str, expected: dict[str, int | None],
                     events: Sequence[NewEvent], *, command: CommandRecord | None = None,
                     seed: Seed | None = None) -> list[StoredEvent]:
        async with self._locks[campaign_id]:
            return self._append(campaign_id, expected, events, command, seed)

    def _append(self, campaign_id: str, expected: dict[str, int | None],
                events: Sequence[NewEvent], command: CommandRecord | None,
                seed: Seed | None) -> list[StoredEvent]:
        if command is not None:
            first = self._commands.get((campaign_id, command.command_id))
            if first is not None:
                raise DuplicateCommand(first)
        for stream_id, version in expected.items():
            actual = self._versions.get((campaign_id, stream_id), 0)
            if version is not None and actual != version:
                raise WrongExpectedVersion(stream_id, version, actual)
        self._transactions += 1
        log = self._events[campaign_id]
        now = datetime.now(UTC)
        stored: list[StoredEvent] = []
        for ev in events:
            key = (campaign_id, ev.stream_id)
            self._versions[key] = self._versions.get(key, 0) + 1
            stored.append(StoredEvent(
                position=len(log) + len(stored) + 1, campaign_id=campaign_id,
                stream_id=ev.stream_id, stream_version=self._versions[key], type=ev.type,
                schema_version=ev.schema_version, data=_as_json(ev.data),
                metadata=_as_json(ev.metadata), transaction_id=self._transactions,
                recorded_at=now))
        log.extend(stored)
        if command is not None:
            self._commands[(campaign_id, command.command_id)] = msgspec.structs.replace(
                command, campaign_id=campaign_id,
                reply={"positions": [ev.position for ev in stored]})
        if seed is not None:
            self._seeds[(campaign_id, seed[0])] = seed[1]
        self.appends += 1
        return stored

    @asynccontextmanager
    async def campaign_locked(self, campaign_id: str) -> AsyncIterator[_Locked]:
        async with self._locks[campaign_id]:
            yield _Locked(self)

    async def find_command(self, campaign_id: str, command_id: str) -> CommandRecord | None:
        return self._commands.get((campaign_id, command_id))

    async def read_stream(self, campaign_id: str, stream_id: str,
                          after_version: int = 0) -> list[StoredEvent]:
        return [ev for ev in self._events.get(campaign_id, [])
                if ev.stream_id == stream_id and ev.stream_version > after_version]

    async def read_campaign(self, campaign_id: str, after_position: int = 0,
                            limit: int = 100) -> list[StoredEvent]:
        return self._events.get(campaign_id, [])[max(after_position, 0):][:limit]

    async def heads(self, partitions: Sequence[int] | None = None, of: int = 1, *,
                    campaigns: Collection[str] | None = None) -> dict[str, int]:
        return {cid: len(log) for cid, log in self._events.items() if log
                and (campaigns is None or cid in campaigns)
                and (partitions is None or zlib.crc32(cid.encode()) % of in partitions)}

    async def read_all(self, after: tuple[int, str, int] = (0, "", 0),
                       limit: int = 500) -> list[StoredEvent]:
        every = sorted((ev for log in self._events.values() for ev in log),
                       key=lambda ev: ev.cursor)
        return [ev for ev in every if ev.cursor > after][:limit]

    async def dice_seed(self, campaign_id: str, epoch: int) -> bytes | None:
        return self._seeds.get((campaign_id, epoch))

    async def dice_seeds(self, campaign_id: str) -> list[tuple[int, bytes]]:
        return sorted((epoch, seed) for (cid, epoch), seed in self._seeds.items()
                      if cid == campaign_id)

    async def events_at(self, campaign_id: str, positions: list[int]) -> list[StoredEvent]:
        log = self._events.get(campaign_id, [])
        return [log[p - 1] for p in sorted(set(positions)) if 0 < p <= len(log)]

    async def event_at(self, campaign_id: str, position: int) -> StoredEvent | None:
        found = await self.events_at(campaign_id, [position])
        return found[0] if found else None


class MemoryReadModels:
    """The read models a query reads, projected from a store by ``project``."""

    def __init__(self) -> None:
        self._campaigns: dict[str, bytes] = {}
        self._characters: dict[str, dict[str, bytes]] = defaultdict(dict)
        self._encounters: dict[str, dict[str, bytes]] = defaultdict(dict)
        self._rolls: dict[tuple[str, str | None], list[bytes]] = defaultdict(list)  # newest first
        self._marks: dict[str, dict[int, bytes]] = defaultdict(dict)
        self._positions: dict[str, int] = defaultdict(int)
        self._listings: dict[str, dict[str, bytes]] = defaultdict(dict)  # user -> campaign -> entry

    async def project(self, store: MemoryEventStore, cid: str, batch_size: int = 500) -> int:
        """Fold the campaign's events after its checkpoint into the read models; how many."""
        total = 0
        while fresh := await store.read_campaign(cid, self._positions[cid], batch_size):
            raw = self._campaigns.get(cid)  # the domain state, as the Redis read model keeps it
            camp = (msgspec.json.decode(raw, type=campaign_domain.CampaignState) if raw
                    else campaign_domain.initial_state())
            fold = await fold_batch(cid, camp, fresh, character=lambda chid: self._character(cid, chid),
                                    encounter=lambda eid: self._encounter(cid, eid),
                                    read_stream=store.read_stream)
            for position, mark in fold.marks:
                self._marks[cid][position] = msgspec.json.encode(mark)
            for roll, tables in fold.rolls:
                for table_id in tables:
                    log = self._rolls[(cid, table_id)]
                    log.insert(0, msgspec.json.encode(roll))
                    del log[ROLL_LOG_LENGTH:]
            if fold.campaign.exists:
                self._campaigns[cid] = msgspec.json.encode(fold.campaign)
            for chid, state in fold.characters.items():
                self._characters[cid][chid] = msgspec.json.encode(state)
            for eid, encounter in fold.encounters.items():
                self._encounters[cid][eid] = msgspec.json.encode(encounter)
            for user, entry in fold.listings.items():
                if entry is not None:
                    self._listings[user][cid] = msgspec.json.encode(entry)
                else:
                    self._listings[user].pop(cid, None)
            self._positions[cid] = fresh[-1].position
            total += len(fresh)
        return total

    async def _character(self, cid: str, chid: str) -> character_domain.CharacterState:
        raw = self._characters[cid].get(chid)
        return (msgspec.json.decode(raw, type=character_domain.CharacterState) if raw
                else character_domain.initial_state())

    async def _encounter(self, cid: str, eid: str) -> Any:
        raw = self._encounters[cid].get(eid)
        return msgspec.json.decode(raw) if raw else None

    async def campaign(self, cid: str) -> dict[str, Any] | None:
        raw = self._campaigns.get(cid)
        return msgspec.json.decode(raw) if raw else None

    async def characters(self, cid: str) -> list[dict[str, Any]]:
        return sorted((msgspec.json.decode(v) for v in self._characters[cid].values()),
                      key=lambda ch: ch["character_id"])

    async def character(self, cid: str, character_id: str) -> dict[str, Any] | None:
        raw = self._characters[cid].get(character_id)
        return msgspec.json.decode(raw) if raw else None

    async def encounter(self, cid: str, encounter_id: str) -> dict[str, Any] | None:
        raw = self._encounters[cid].get(encounter_id)
        return msgspec.json.decode(raw) if raw else None

    async def rolls(self, cid: str, table_id: str | None,
                    campaign: dict[str, Any]) -> list[dict[str, Any]]:
        rolls = [msgspec.json.decode(r) for r in self._rolls[(cid, table_id)]]
        marks = {p: msgspec.json.decode(m) for p, m in self._marks[cid].items()}
        return with_marks(rolls, marks, campaign)

    async def position(self, cid: str) -> int:
        return self._positions.get(cid, 0)

    async def positions(self, cids: Sequence[str]) -> list[int]:
        return [self._positions.get(cid, 0) for cid in cids]

    async def listing(self, user: str, after: str = "",
                      limit: int = LISTING_PAGE_SIZE) -> tuple[list[dict[str, Any]], str | None]:
        ids = sorted(cid for cid in self._listings.get(user, {}) if cid > after)
        page = ids[:limit]
        entries = [msgspec.json.decode(self._listings[user][cid]) for cid in page]
        return entries, (page[-1] if len(ids) > limit else None)

    async def campaigns_of(self, user: str) -> list[str]:
        return sorted(self._listings.get(user, {}))


class _Queue:
    def __init__(self, campaign_id: str) -> None:
        self.campaign_id = campaign_id
        self.queue: asyncio.Queue[bytes] = asyncio.Queue()

    async def iter_events(self) -> AsyncIterator[bytes]:
        while True:
            yield await self.queue.get()


class MemoryLiveChannel:
    """Live channels in one process: each publish reaches every subscription of its campaign."""

    def __init__(self) -> None:
        self._subscribed: dict[str, list[_Queue]] = defaultdict(list)
        self.published: list[tuple[str, bytes]] = []

    async def subscribe(self, campaign_id: str) -> _Queue:
        subscription = _Queue(campaign_id)
        self._subscribed[campaign_id].append(subscription)
        return subscription

    async def unsubscribe(self, subscription: Subscription) -> None:
        for subscribed in self._subscribed.values():
            if subscription in subscribed:
                subscribed.remove(subscription)

    async def publish(self, messages: Sequence[tuple[str, bytes]]) -> None:
        for campaign_id, data in messages:
            self.published.append((campaign_id, data))
            for subscription in self._subscribed.get(campaign_id, []):
                subscription.queue.put_nowait(data)


def as_ports(store: MemoryEventStore, read_models: MemoryReadModels, live: MemoryLiveChannel
             ) -> tuple[EventStore, ReadModels, LiveChannel]:
    """The memory adapters as the application's ports (so the type checker holds them to them)."""
    return store, read_models, live
