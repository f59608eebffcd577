"""One relay per campaign per process: the live channel read once, fanned out to every watcher.

A campaign's relay subscribes to its live channel (``services.projector`` publishes each batch
there) while at least one local watcher follows it, and keeps the campaign's recent events,
encoded once, in order and without gaps: a bounded history every watcher reads through its own
position. PostgreSQL is read only to

- fill a gap the relay sees (a batch whose ``after`` is past what it holds: a message lost to a
  projector stopping between its commit and its publish), once for all watchers, and
- backfill a watcher that starts (or resumes) before the history begins.

Both reads go through the streams' own small connection pool, never the one commands use, and at
most ``backfills`` at a time. A watcher that falls behind the history (it stopped reading while
more than ``history`` events arrived) is told so and closed, resumable from its last position: it
never stalls the relay or the other watchers, and the memory it holds does not grow.
"""

from __future__ import annotations

import asyncio
import contextlib
from bisect import bisect_right
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec
import structlog
from litestar.channels import ChannelsPlugin

from services import metrics
from services import read_models as keys
from services.codec import wire_event
from services.event_store import EventStore
from services.projector import LiveMessage

log = structlog.get_logger(__name__)

HISTORY = 256  # events each campaign's relay keeps for its watchers
BACKFILLS = 2  # log reads (gaps and resumes) at once, per process
LINGER_SECONDS = 10.0  # a relay outlives its last watcher this long (a reconnect finds it warm)
LOG_PAGE = 500


class Entry(NamedTuple):
    """One event as every watcher receives it: encoded once, its visibility read once."""

    position: int
    public: bool
    type: str
    raw: bytes


def entry_of(ev: dict[str, Any]) -> Entry:
    public = ev.get("metadata", {}).get("visibility", "public") == "public"
    return Entry(ev["position"], public, ev["type"], msgspec.json.encode(ev))


class Watcher:
    """One open stream: woken when its relay has news or its token is no longer valid."""

    __slots__ = ("wake",)

    def __init__(self) -> None:
        self.wake = asyncio.Event()


class CampaignRelay:
    """A campaign's live channel and its recent events: ``(start, last]`` without gaps."""

    def __init__(self, relays: LiveRelays, campaign_id: str) -> None:
        self.relays = relays
        self.campaign_id = campaign_id
        self.watchers: set[Watcher] = set()
        self.positions: list[int] = []
        self.entries: list[Entry] = []
        self.start: int | None = None  # the history holds every event after this position...
        self.last: int | None = None  # ...up to this one (None: nothing received yet)
        self.dropped = 0  # the last position dropped from the history to keep it bounded
        self.opened = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._subscriber: Any = None

    def lagged(self, position: int) -> bool:
        """Did a watcher at ``position`` miss an event the history has dropped since?"""
        return position < self.dropped

    def since(self, position: int) -> list[Entry] | None:
        """The events after ``position`` (oldest first), or None when the history does not
        reach back that far (read them from the log)."""
        if self.last is None or position >= self.last:
            return []
        assert self.start is not None
        if position < self.start:
            return None
        return self.entries[bisect_right(self.positions, position):]

    async def open(self) -> None:
        try:
            self._subscriber = await self.relays.channels.subscribe([keys.live_channel(self.campaign_id)])
            self._task = asyncio.create_task(self._run())
        finally:
            self.opened.set()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._subscriber is not None:
            with contextlib.suppress(Exception):
                await self.relays.channels.unsubscribe(self._subscriber)

    async def _run(self) -> None:
        async for raw in self._subscriber.iter_events():
            try:
                message = msgspec.json.decode(raw, type=LiveMessage)
                await self.take(message)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # a bad message must not end every watcher's stream
                log.warning("live relay skipped a message", campaign_id=self.campaign_id,
                            error=f"{type(err).__name__}: {err}")

    async def take(self, message: LiveMessage) -> None:
        """Add a batch to the history (reading a gap before it from the log), wake watchers."""
        if self.last is not None and message.position <= self.last:
            return  # already held
        gap: list[Entry] = []
        if self.last is not None and message.after > self.last:
            gap = await self._read_gap(self.last, message.after)
        if self.last is None or (message.after > self.last and not gap):
            self._reset(message.after)  # nothing held, or a gap not worth (or not able) reading
        assert self.last is not None
        fresh = [*gap, *(entry_of(ev) for ev in message.events)]
        for entry in fresh:
            if entry.position > self.last:
                self.positions.append(entry.position)
                self.entries.append(entry)
                self.last = entry.position
        self.last = max(self.last, message.position)
        self._trim()
        for watcher in self.watchers:
            watcher.wake.set()

    async def _read_gap(self, last: int, upto: int) -> list[Entry]:
        """The events in ``(last, upto]`` from the log, or [] when the gap is longer than the
        history or the log cannot be read now (the history then starts over after the gap)."""
        if upto - last > self.relays.history:
            return []
        try:
            rows = await self.relays.read_log(self.campaign_id, last, upto - last)
        except Exception as err:
            log.warning("live relay could not read a gap", campaign_id=self.campaign_id,
                        after=last, upto=upto, error=f"{type(err).__name__}: {err}")
            return []
        gap = [entry_of(wire_event(row)) for row in rows if row.position <= upto]
        return gap if gap and gap[-1].position == upto else []

    def _reset(self, after: int) -> None:
        self.positions.clear()
        self.entries.clear()
        self.start = self.last = after

    def _trim(self) -> None:
        extra = len(self.entries) - self.relays.history
        if extra > 0:
            self.start = self.dropped = self.positions[extra - 1]
            del self.positions[:extra]
            del self.entries[:extra]


class LiveRelays:
    """The process's campaign relays: opened by the first watcher, closed after the last."""

    def __init__(self, channels: ChannelsPlugin, store: EventStore, *, history: int = HISTORY,
                 backfills: int = BACKFILLS, linger: float = LINGER_SECONDS) -> None:
        self.channels = channels
        self.store = store  # its own small pool: streams never take the commands' connections
        self.history = history
        self.linger = linger
        self._relays: dict[str, CampaignRelay] = {}
        self._reads = asyncio.Semaphore(backfills)
        self._closing: set[asyncio.Task[None]] = set()
        self.log_reads = 0  # reads of the log (gaps and backfills), for tests and benches

    @property
    def watching(self) -> int:
        return sum(len(relay.watchers) for relay in self._relays.values())

    def relay(self, campaign_id: str) -> CampaignRelay | None:
        return self._relays.get(campaign_id)

    async def join(self, campaign_id: str) -> tuple[CampaignRelay, Watcher]:
        relay = self._relays.get(campaign_id)
        if relay is None:
            relay = self._relays[campaign_id] = CampaignRelay(self, campaign_id)
            try:
                await relay.open()
            except BaseException:
                self._relays.pop(campaign_id, None)  # the next watcher tries afresh
                raise
        else:
            await relay.opened.wait()
            if relay._task is None:  # its opening failed: that watcher's error is this one's
                return await self.join(campaign_id)
        watcher = Watcher()
        relay.watchers.add(watcher)
        return relay, watcher

    def leave(self, relay: CampaignRelay, watcher: Watcher) -> None:
        relay.watchers.discard(watcher)
        if not relay.watchers:
            task = asyncio.get_running_loop().create_task(self._close_idle(relay))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def _close_idle(self, relay: CampaignRelay) -> None:
        await asyncio.sleep(self.linger)
        if not relay.watchers and self._relays.get(relay.campaign_id) is relay:
            del self._relays[relay.campaign_id]
            await relay.close()

    async def close(self) -> None:
        for task in list(self._closing):
            task.cancel()
        relays, self._relays = list(self._relays.values()), {}
        for relay in relays:
            await relay.close()

    async def read_log(self, campaign_id: str, after: int, limit: int = LOG_PAGE) -> list[Any]:
        """Up to ``limit`` events after ``after`` from the log: through the streams' pool, at
        most ``backfills`` reads at a time."""
        async with self._reads:
            self.log_reads += 1
            metrics.LIVE_LOG_READS.inc()
            return await self.store.read_campaign(campaign_id, after, limit)


def visible(role: str) -> Callable[[Entry], bool]:
    """Who sees what: GM-only events are shown to GMs and nobody else."""
    if role == "gm":
        return lambda entry: True
    return lambda entry: entry.public
