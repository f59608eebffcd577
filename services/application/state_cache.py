"""Folded stream state kept between commands, so a command's cost does not grow with its stream.

Each entry holds a stream's folded state and the version it was folded to. A load reads only
the events after that version (an index range scan on ``(campaign_id, stream_id,
stream_version)``), which is also the check against the store: whatever another process
appended is read and folded on top, so a stale entry is never used as it is.

Retcons reverse events by position, so an entry also remembers the campaign's retcon list it
was folded under; when that list changes, the stream is folded again from its first event. A
campaign stream whose new events include a retcon is folded again from the start for the same
reason.

A command first decides against the cached states as they are, with no read at all (``cached``):
the append checks every one of their versions in the database anyway, so a stale entry costs a
conflict and a fresh load, never a wrong decision. What this process appends is folded into its
entries at once (``advance``), so the next command on the stream reads nothing either.

A stream with no entry starts from its snapshot in PostgreSQL where there is a usable one
(``services/adapters/snapshots.py``: of this fold version and, for a character, folded under the same
retcons), and only the events after it are read. Every ``snapshot_every`` events a stream's
entry grows by, a new snapshot is written in the background, off the command path.

The states are the domain's values, which its ``evolve`` functions never change in place
(each returns a new state), so an entry can be shared with the decider without copying.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, NamedTuple

from domain import decider
from services.application.ports import EventStore, Snapshots, StreamReader
from services.application.records import DEFAULT_EVERY, Snapshot, StoredEvent, snapshottable

DEFAULT_MAX_STREAMS = 4096


class _Folded(NamedTuple):
    version: int
    state: Any
    retconned: tuple[int, ...]
    snapped: int = 0  # the version of the stream's latest snapshot this process knows of


class StateCache:
    """A bounded, least-recently-used cache of folded stream states for one process."""

    def __init__(self, store: EventStore, max_streams: int = DEFAULT_MAX_STREAMS, *,
                 snapshots: Snapshots | None = None,
                 snapshot_every: int = DEFAULT_EVERY) -> None:
        self.store = store
        self.max_streams = max_streams
        self.snapshots = snapshots if snapshots is not None else store.snapshots
        self.snapshot_every = snapshot_every
        self.events_read = 0  # events read from the store (to show what a snapshot saves)
        self.snapshot_hits = 0
        self._entries: OrderedDict[tuple[str, str], _Folded] = OrderedDict()
        self.hits = 0
        self.misses = 0

    async def load(self, campaign_id: str, streams: list[str], reader: StreamReader | None = None,
                   ) -> tuple[dict[str, Any], dict[str, int]]:
        """Each stream's state and version (the campaign's stream first: it names the retcons),
        read through ``reader`` (a locked campaign's transaction) where given."""
        states: dict[str, Any] = {}
        versions: dict[str, int] = {}
        retconned: tuple[int, ...] = ()
        for stream in streams:
            folded = await self._load_one(campaign_id, stream, retconned, reader or self.store)
            states[stream], versions[stream] = folded.state, folded.version
            if stream.startswith("campaign/"):
                retconned = tuple(folded.state.retconned)
        return states, versions

    async def _load_one(self, campaign_id: str, stream: str, retconned: tuple[int, ...],
                        reader: StreamReader) -> _Folded:
        key = (campaign_id, stream)
        cached = self._entries.get(key)
        is_campaign = stream.startswith("campaign/")
        rows: list[StoredEvent] | None = None
        if cached is not None and (is_campaign or cached.retconned == retconned):
            rows = await reader.read_stream(campaign_id, stream, after_version=cached.version)
            if is_campaign and any(r.type == "EventRetconned" for r in rows):
                cached, rows = None, None
        if cached is None or rows is None:
            cached = await self._from_snapshot(campaign_id, stream, retconned)
            rows = None if cached is None else await reader.read_stream(
                campaign_id, stream, after_version=cached.version)
            if is_campaign and rows and any(r.type == "EventRetconned" for r in rows):
                cached, rows = None, None
        if cached is None or rows is None:
            self.misses += 1
            rows = await reader.read_stream(campaign_id, stream)
            self.events_read += len(rows)
            state = decider.fold(stream, ((r.position, r.type, r.data) for r in rows), retconned)
            folded = _Folded(rows[-1].stream_version if rows else 0, state, retconned)
        else:
            self.hits += 1
            self.events_read += len(rows)
            state, skip = cached.state, set(retconned)
            for r in rows:
                if r.position not in skip:
                    state = decider.evolve(stream, state, r.type, r.data)
            folded = _Folded(rows[-1].stream_version if rows else cached.version, state, retconned,
                             cached.snapped)
        self._remember(key, folded)
        return folded

    async def _from_snapshot(self, campaign_id: str, stream: str,
                             retconned: tuple[int, ...]) -> _Folded | None:
        """The stream's usable snapshot as an entry, or ``None``. A character's must have been
        folded under the campaign's current retcons; a campaign's own retcons after it are
        caught by the caller, which folds the stream again."""
        snap = await self.snapshots.read(campaign_id, stream)
        if snap is None or (not stream.startswith("campaign/") and snap.retconned != retconned):
            return None
        self.snapshot_hits += 1
        return _Folded(snap.version, snap.state, retconned, snap.version)

    def cached(self, campaign_id: str,
               streams: list[str]) -> tuple[dict[str, Any], dict[str, int]] | None:
        """Each stream's state and version as this process last saw them, without a read, or
        ``None`` when one is not cached. Unverified: the caller's append checks the versions."""
        states: dict[str, Any] = {}
        versions: dict[str, int] = {}
        retconned: tuple[int, ...] = ()
        for stream in streams:
            entry = self._entries.get((campaign_id, stream))
            is_campaign = stream.startswith("campaign/")
            if entry is None or (not is_campaign and entry.retconned != retconned):
                return None
            states[stream], versions[stream] = entry.state, entry.version
            if is_campaign:
                retconned = tuple(entry.state.retconned)
        for stream in streams:
            self._entries.move_to_end((campaign_id, stream))
        return states, versions

    def advance(self, campaign_id: str, stored: list[StoredEvent]) -> None:
        """Fold the events this process just appended into the entries it holds for them.

        An entry not at the version just before an appended event is dropped (the next load
        folds it again); a retcon drops the campaign's entries, whose folds it changes."""
        if any(ev.type == "EventRetconned" for ev in stored):
            for key in [k for k in self._entries if k[0] == campaign_id]:
                del self._entries[key]
            return
        for ev in stored:
            key = (campaign_id, ev.stream_id)
            entry = self._entries.get(key)
            if entry is None:
                continue
            if entry.version != ev.stream_version - 1:
                del self._entries[key]
                continue
            state = decider.evolve(ev.stream_id, entry.state, ev.type, ev.data)
            self._remember(key, _Folded(ev.stream_version, state, entry.retconned, entry.snapped))

    def _remember(self, key: tuple[str, str], folded: _Folded) -> None:
        if (folded.version - folded.snapped >= self.snapshot_every
                and snapshottable(key[1])):
            self.snapshots.write_later(*key, Snapshot(folded.version, folded.state,
                                                      folded.retconned))
            folded = folded._replace(snapped=folded.version)
        self._entries[key] = folded
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_streams:
            self._entries.popitem(last=False)
