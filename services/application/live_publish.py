"""A recorded batch on its way to watchers from the process that recorded it, right after its commit.

The command pipeline holds a command's events once they are committed; waiting for the projector
to read them back, apply them and publish them put its round trips to PostgreSQL and Redis
between every commit and every watcher. Here the batch goes at once to this process's relay for
the campaign (``LiveRelays.deliver``: no round trip at all) and onto the campaign's live channel
for the other processes' relays. The gateway's own projector then publishes nothing (a
``skald projector`` worker still does; a relay drops what it already holds). A batch whose
publish was lost (the process stopped between its commit and its publish) reaches the relays
anyway: the next batch shows them the gap, and without one their sweep finds the projector's
checkpoint past what they hold (``services.application.live_relay``); either way they read it from the log.

Publishing never delays or fails the command: it is queued, and sent in order per campaign by a
few background lanes (a campaign always on the same lane). A queue grown past ``QUEUE_LIMIT``
(Redis away) drops what is new: the other processes' relays read it from the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from collections import deque
from typing import Any

import msgspec
import structlog

from services.application.codec import wire_event
from services.application.live_relay import LiveRelays
from services.application.ports import LiveChannel
from services.application.records import StoredEvent

log = structlog.get_logger(__name__)

LANES = 4
QUEUE_LIMIT = 10_000  # batches waiting for their publish, per lane
PUBLISH_BATCH = 64  # queued batches a lane publishes in one round trip, at most


class LiveMessage(msgspec.Struct, kw_only=True):
    """What the live channel carries: the events of one batch for one campaign.

    ``after`` is the campaign position before the batch; a subscriber that has
    seen less than that missed something and reads it from the log first.
    """

    campaign_id: str
    after: int
    position: int
    events: list[dict[str, Any]]


class _Lane:
    def __init__(self) -> None:
        self.queue: deque[tuple[str, bytes]] = deque()
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None


class LivePublisher:
    def __init__(self, relays: LiveRelays | None, channel: LiveChannel, lanes: int = LANES) -> None:
        self.relays = relays
        self.channel = channel
        self._lanes = [_Lane() for _ in range(lanes)]
        self.dropped = 0  # batches not published (queue full): relays read them from the log

    def recorded(self, campaign_id: str, stored: list[StoredEvent]) -> None:
        """``stored``, one append's events in ``campaign_id`` (consecutive positions), was
        committed: hand it to this process's relay and queue its publish. Never raises."""
        if not stored:
            return
        try:
            message = msgspec.json.encode(LiveMessage(
                campaign_id=campaign_id, after=stored[0].position - 1,
                position=stored[-1].position, events=[wire_event(ev) for ev in stored]))
            if self.relays is not None:
                self.relays.deliver(campaign_id, message)
            lane = self._lanes[zlib.crc32(campaign_id.encode()) % len(self._lanes)]
            if len(lane.queue) >= QUEUE_LIMIT:
                self.dropped += 1
                return
            lane.queue.append((campaign_id, message))
            lane.ready.set()
            if lane.task is None or lane.task.done():
                lane.task = asyncio.get_running_loop().create_task(self._drain(lane))
        except Exception as err:  # the relays find it by its gap or their sweep
            log.warning("live publish skipped a batch", campaign_id=campaign_id,
                        error=f"{type(err).__name__}: {err}")

    async def _drain(self, lane: _Lane) -> None:
        while True:
            await lane.ready.wait()
            lane.ready.clear()
            while lane.queue:
                # Everything queued meanwhile goes in one round trip, still in order.
                batch = [lane.queue[k] for k in range(min(len(lane.queue), PUBLISH_BATCH))]
                try:
                    await self.channel.publish(batch)
                except asyncio.CancelledError:
                    raise
                except Exception as err:  # Redis away: relays find it by a gap or a sweep
                    log.warning("live publish failed", campaigns=len(batch),
                                error=f"{type(err).__name__}: {err}")
                for _ in batch:
                    lane.queue.popleft()

    async def close(self, timeout: float = 2.0) -> None:
        """Publish what is queued (for at most ``timeout`` seconds), then stop."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any(lane.queue for lane in self._lanes) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        for lane in self._lanes:
            if lane.task is not None:
                lane.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await lane.task
