"""One relay per campaign per process: the live channel read once, fanned out to every watcher.

A campaign's relay subscribes to its live channel while at least one local watcher follows it,
and keeps the campaign's recent events, encoded once, in order and without gaps: a bounded
history every watcher reads through its own position. A batch reaches it two ways:

- from the process that recorded it, right after its commit (``services.application.live_publish``): handed
  to this process's relay at once and published on the live channel for the other processes;
- from the projector, which publishes each batch it applies (a safety net for a process that
  stopped between its commit and its publish, and for writers that do not publish).

Batches are kept by position: one already held is dropped, one that arrives before an earlier
batch (two processes' publishes crossing) waits up to ``GAP_WAIT_SECONDS`` for it. PostgreSQL is
read only to

- fill a gap that does not close by itself within that wait, once for all watchers, and
- backfill watchers that resume from before the history begins: the relay reaches back with one
  read they all share, or, when that would outgrow the history, each reads what it needs.

A relay starts at its campaign's projector checkpoint: the channel brings only what is published
after it subscribed, so what was committed just before shows as a gap.

A batch whose publish was lost (its process stopped between its commit and its publish) and
that no later batch reveals is found by the sweep: every ``SWEEP_SECONDS`` each relay that
received nothing since the previous sweep compares the last position it holds with its
campaign's projector checkpoint (one read of the read models for all of them) and reads what
it lacks from the log.

Both reads go through the streams' own small connection pool, never the one commands use, and at
most ``backfills`` at a time. A watcher that falls behind the history (it stopped reading while
more than ``history`` events arrived) is told so and closed, resumable from its last position: it
never stalls the relay or the other watchers, and the memory it holds does not grow.
"""

from __future__ import annotations

import asyncio
import contextlib
from bisect import bisect_right
from collections import deque
from collections.abc import Iterable
from typing import Any

import structlog

from services.application import metrics
from services.application.codec import wire_event
from services.application.live_entries import Entry, LiveBatch, batch_decoder, entry_of
from services.application.ports import EventLog, LiveChannel, ReadModels, Subscription

log = structlog.get_logger(__name__)

HISTORY = 256  # events each campaign's relay keeps for its watchers
BACKFILLS = 2  # log reads (gaps and resumes) at once, per process
LINGER_SECONDS = 10.0  # a relay outlives its last watcher this long (a reconnect finds it warm)
GAP_WAIT_SECONDS = 0.05  # a batch that came early waits this long for the one before it
SWEEP_SECONDS = 1.0  # how often relays compare what they hold with the projector's checkpoints
WAKES_PER_TURN = 2  # watchers woken per turn of the event loop (the rest on the next turns)
LOG_PAGE = 500


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
        self.swept: int | None = None  # ``last`` at the previous sweep
        self.opened = asyncio.Event()
        self._held: dict[int, LiveBatch] = {}  # batches that came early, by their ``after``
        self._filling: asyncio.Task[None] | None = None
        self._reaching: asyncio.Task[bool] | None = None
        self._task: asyncio.Task[None] | None = None
        self._subscriber: Subscription | None = None

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
            self._subscriber = await self.relays.channel.subscribe(self.campaign_id)
            self._task = asyncio.create_task(self._run())
            await self._start_at_checkpoint()
        finally:
            self.opened.set()

    async def _start_at_checkpoint(self) -> None:
        """Start the (empty) history at the projector's checkpoint: the channel brings only
        what is published from now on, so a batch committed before it subscribed shows as a gap
        by the next batch's ``after`` (or the sweep), and a resume from earlier reaches back."""
        if self.relays.checkpoints is None:
            return  # the first batch received starts the history
        try:
            at = (await self.relays.checkpoints.positions([self.campaign_id]))[0]
        except Exception as err:  # Redis away: the first batch received starts it instead
            log.warning("live relay could not read its checkpoint", campaign_id=self.campaign_id,
                        error=f"{type(err).__name__}: {err}")
            return
        if self.last is None:
            self._reset(at)

    async def reach_back(self, position: int) -> bool:
        """Extend the history back to ``position`` (a watcher resuming from before it starts)
        with one log read, shared by every watcher that asks meanwhile. False when it cannot:
        the history would outgrow its bound, or the log cannot be read now; the watcher then
        reads the log itself."""
        while self.start is not None and position < self.start:
            if self.start - position + len(self.entries) > self.relays.history:
                return False
            if self._reaching is None or self._reaching.done():
                self._reaching = asyncio.get_running_loop().create_task(self._read_back(position))
            reaching = self._reaching
            try:
                if not await asyncio.shield(reaching):
                    return False
            except Exception:
                return False
        return True

    async def _read_back(self, position: int) -> bool:
        start = self.start
        assert start is not None
        rows = await self.relays.read_log(self.campaign_id, position, start - position)
        back = [entry_of(wire_event(row)) for row in rows if row.position <= start]
        if self.start != start or len(back) != start - position or (back and back[-1].position != start):
            return False  # the history started over meanwhile, or the log is not what it held
        self.positions[:0] = [entry.position for entry in back]
        self.entries[:0] = back
        self.start = position
        return True

    async def close(self) -> None:
        for task in (self._task, self._filling, self._reaching):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._subscriber is not None:
            with contextlib.suppress(Exception):
                await self.relays.channel.unsubscribe(self._subscriber)

    async def _run(self) -> None:
        assert self._subscriber is not None
        async for raw in self._subscriber.iter_events():
            try:
                self.take(batch_decoder.decode(raw))
            except Exception as err:  # a bad message must not end every watcher's stream
                log.warning("live relay skipped a message", campaign_id=self.campaign_id,
                            error=f"{type(err).__name__}: {err}")

    def take(self, batch: LiveBatch) -> None:
        """Add a batch to the history, or hold it until the batches before it arrive (reading
        them from the log if they do not come within ``GAP_WAIT_SECONDS``); wake watchers."""
        if self.last is not None and batch.position <= self.last:
            return  # already held
        if self.last is None:
            self._reset(batch.after)  # nothing held yet: the history starts here
        assert self.last is not None
        if batch.after > self.last:
            held = self._held.get(batch.after)
            if held is None or held.position < batch.position:
                self._held[batch.after] = batch
            if self._filling is None or self._filling.done():
                self._filling = asyncio.get_running_loop().create_task(self._fill())
            return
        self._add([Entry(bytes(raw)) for raw in batch.events], batch.position)
        self._release_held()
        self._wake()

    def _add(self, fresh: list[Entry], position: int) -> None:
        assert self.last is not None
        for entry in fresh:
            if entry.position > self.last:
                self.positions.append(entry.position)
                self.entries.append(entry)
                self.last = entry.position
        self.last = max(self.last, position)
        self._trim()

    def _release_held(self) -> None:
        """Add the held batches that follow on from the history now."""
        while self._held:
            assert self.last is not None
            after = min(self._held)
            if after > self.last:
                return
            batch = self._held.pop(after)
            if batch.position > self.last:
                self._add([Entry(bytes(raw)) for raw in batch.events], batch.position)

    def _wake(self) -> None:
        self.relays.wake(self.watchers)

    async def _fill(self) -> None:
        """A batch came before the one it follows: wait for it, then read the gap from the log."""
        await asyncio.sleep(self.relays.gap_wait)
        while self._held:
            assert self.last is not None
            last, upto = self.last, min(self._held)
            if upto > last:
                gap = await self._read_gap(last, upto)
                assert self.last is not None
                if self.last < upto:
                    if gap:
                        self._add(gap, upto)
                    else:  # a gap not worth (or not able) reading: the history starts over
                        self._reset(upto)
            self._release_held()
            self._wake()

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

    def __init__(self, channel: LiveChannel, store: EventLog, *, history: int = HISTORY,
                 backfills: int = BACKFILLS, linger: float = LINGER_SECONDS,
                 gap_wait: float = GAP_WAIT_SECONDS, checkpoints: ReadModels | None = None,
                 sweep: float = SWEEP_SECONDS) -> None:
        self.channel = channel
        self.store = store  # its own small pool: streams never take the commands' connections
        self.history = history
        self.linger = linger
        self.gap_wait = gap_wait
        self.checkpoints = checkpoints  # the projector's checkpoints, for the sweep (None: none)
        self.sweep = sweep
        self._sweeping: asyncio.Task[None] | None = None
        self._to_wake: deque[Watcher] = deque()
        self._waking: asyncio.Task[None] | None = None
        self._relays: dict[str, CampaignRelay] = {}
        self._reads = asyncio.Semaphore(backfills)
        self._closing: set[asyncio.Task[None]] = set()
        self.log_reads = 0  # reads of the log (gaps and backfills), for tests and benches

    @property
    def watching(self) -> int:
        return sum(len(relay.watchers) for relay in self._relays.values())

    def relay(self, campaign_id: str) -> CampaignRelay | None:
        return self._relays.get(campaign_id)

    def wake(self, watchers: Iterable[Watcher]) -> None:
        """Wake ``watchers`` (they have news), ``WAKES_PER_TURN`` per turn of the event loop: a
        campaign's watchers' socket writes do not all run ahead of the commands waiting for the
        same loop, and when the process is short of CPU the writes wait rather than the commands."""
        self._to_wake.extend(watchers)
        if self._waking is None or self._waking.done():
            self._waking = asyncio.get_running_loop().create_task(self._wake_in_turns())

    async def _wake_in_turns(self) -> None:
        while self._to_wake:
            for _ in range(min(WAKES_PER_TURN, len(self._to_wake))):
                self._to_wake.popleft().wake.set()
            await asyncio.sleep(0)  # everything else ready now runs before the next few

    def deliver(self, campaign_id: str, message: bytes) -> None:
        """A batch recorded by this process (a live-channel message): to the campaign's relay
        here at once, if it has one, without waiting for the channel to bring it back."""
        relay = self._relays.get(campaign_id)
        if relay is not None and relay._task is not None:
            try:
                relay.take(batch_decoder.decode(message))
            except Exception as err:  # the channel brings it too
                log.warning("live relay skipped a local batch", campaign_id=campaign_id,
                            error=f"{type(err).__name__}: {err}")

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
        if self.checkpoints is not None and (self._sweeping is None or self._sweeping.done()):
            self._sweeping = asyncio.get_running_loop().create_task(self._sweep())
        return relay, watcher

    async def _sweep(self) -> None:
        """While relays have watchers: bring each up to its campaign's projector checkpoint."""
        assert self.checkpoints is not None
        while self._relays:
            await asyncio.sleep(self.sweep)
            # Only the relays that received nothing since the previous sweep: one that is
            # receiving finds any gap by its next batch.
            relays = [r for r in self._relays.values()
                      if r.watchers and r.last is not None and r.last == r.swept]
            for relay in self._relays.values():
                relay.swept = relay.last
            if not relays:
                continue
            try:
                checkpoints = await self.checkpoints.positions([r.campaign_id for r in relays])
            except asyncio.CancelledError:
                raise
            except Exception as err:  # Redis away: the next sweep tries again
                log.warning("live relay sweep failed", error=f"{type(err).__name__}: {err}")
                continue
            for relay, at in zip(relays, checkpoints, strict=True):
                # Behind the checkpoint with nothing arriving since the last sweep (nor during
                # this one): held like a batch that came early, read from the log if nothing
                # brings it meanwhile.
                if relay.last is not None and relay.last == relay.swept and at > relay.last:
                    relay.take(LiveBatch(campaign_id=relay.campaign_id, after=at, position=at,
                                         events=[]))

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
        for task in [*self._closing, *(t for t in (self._sweeping, self._waking) if t)]:
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
