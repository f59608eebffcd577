"""The live stream a watcher follows, over either transport: backfill from the log past where
it starts, then the process's relay for the campaign, without gaps or repeats, GM-only events
to GMs only (``services.application.live_relay``), heartbeats when idle."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec

from services.application import metrics
from services.application.codec import wire_event
from services.application.live_entries import Entry, entry_of, visible
from services.application.ports import QueryServices, StreamGrant
from services.application.queries import campaign_view

HEARTBEAT_SECONDS = 15.0


class LiveItem(msgspec.Struct, kw_only=True):
    """One item of the live stream: ``ready`` once, then ``event``s, with ``heartbeat``s when
    idle; ``lagged`` last when the watcher fell too far behind (resume after ``position``).

    An event comes as its ``entry`` (``services.application.live_entries.Entry``: its JSON and its server-sent
    event, encoded once for every watcher), with ``raw`` (the JSON) and its ``type``."""

    kind: str  # "ready" | "event" | "heartbeat" | "lagged"
    data: dict[str, Any] | None = None
    position: int = 0
    raw: bytes = b""
    type: str = ""
    entry: Entry | None = None


async def live_start(svc: QueryServices, user: str, campaign_id: str,
                     after: int | None) -> tuple[str, int]:
    """The caller's role and where the stream starts (now, unless resuming ``after`` a position)."""
    _, role = await campaign_view(svc, campaign_id, user)
    start = after if after is not None else await svc.read_models.position(campaign_id)
    return role, start


async def live(svc: QueryServices, campaign_id: str, role: str, start: int,
               heartbeat: float = HEARTBEAT_SECONDS, grant: StreamGrant | None = None
               ) -> AsyncIterator[LiveItem]:
    """Backfill past ``start``, then follow the campaign's relay without gaps or repeats.

    The process's relay for the campaign (``services.application.live_relay``) reads the live channel once
    for every watcher; the log is read only for what its history does not hold (a resume from
    further back). The stream ends when ``grant``'s token is no longer valid, and with a
    ``lagged`` item when this watcher fell behind what the history holds."""
    relay, watcher = await svc.relays.join(campaign_id)
    if grant is not None:
        grant.watchers.add(watcher)
    shown = visible(role)
    metrics.LIVE_STREAMS.inc()
    # The heartbeat: one timer per watcher, re-armed only when it fires (a timeout around each
    # wait would arm and cancel one per event, for every watcher).
    loop = asyncio.get_running_loop()
    quiet_since = loop.time()  # when this watcher last sent something
    due = False
    timer: asyncio.TimerHandle

    def beat() -> None:
        nonlocal due, timer
        wait = quiet_since + heartbeat - loop.time()
        if wait > 0.001:  # it sent something meanwhile: look again once it has been quiet enough
            timer = loop.call_later(wait, beat)
            return
        due = True
        watcher.wake.set()
        timer = loop.call_later(heartbeat, beat)

    timer = loop.call_later(heartbeat, beat)
    try:
        yield LiveItem(kind="ready", data={"campaign_id": campaign_id, "after": start},
                       position=start)
        last = start
        # Did this watcher deliver events from the relay's history since it last looked? A
        # watcher that finds the history moved past it after that was too slow a reader; one
        # that finds so on waking (a burst larger than the history) or while it backfills from
        # the log was not, and reads what it needs from the log.
        delivered = False
        while grant is None or grant.valid:
            watcher.wake.clear()
            entries = relay.since(last)
            from_relay = entries is not None
            if entries is None:
                if delivered and relay.lagged(last):
                    metrics.LIVE_LAGGED.inc()
                    yield LiveItem(kind="lagged", position=last)
                    return
                if await relay.reach_back(last):
                    continue
                entries = [entry_of(wire_event(row)) for row in
                           await svc.relays.read_log(campaign_id, last)]
            delivered = False
            if not entries:
                if due:
                    due = False
                    yield LiveItem(kind="heartbeat", position=last)
                    quiet_since = loop.time()
                else:
                    await watcher.wake.wait()
                continue
            for entry in entries:
                if entry.position <= last:
                    continue
                last = entry.position
                if shown(entry):
                    yield LiveItem(kind="event", position=last, raw=entry.raw, type=entry.type,
                                   entry=entry)
                    delivered = from_relay
                    quiet_since, due = loop.time(), False
    finally:
        timer.cancel()
        metrics.LIVE_STREAMS.dec()
        if grant is not None:
            grant.watchers.discard(watcher)
        svc.relays.leave(relay, watcher)
