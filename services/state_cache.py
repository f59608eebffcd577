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

The states are the domain's values, which its ``evolve`` functions never change in place
(each returns a new state), so an entry can be shared with the decider without copying.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, NamedTuple, Protocol

from domain import decider
from services.event_store import EventStore, StoredEvent

DEFAULT_MAX_STREAMS = 4096


class Reader(Protocol):
    async def read_stream(self, campaign_id: str, stream_id: str,
                          after_version: int = 0) -> list[StoredEvent]: ...


class _Folded(NamedTuple):
    version: int
    state: Any
    retconned: tuple[int, ...]


class StateCache:
    """A bounded, least-recently-used cache of folded stream states for one process."""

    def __init__(self, store: EventStore, max_streams: int = DEFAULT_MAX_STREAMS) -> None:
        self.store = store
        self.max_streams = max_streams
        self._entries: OrderedDict[tuple[str, str], _Folded] = OrderedDict()
        self.hits = 0
        self.misses = 0

    async def load(self, campaign_id: str, streams: list[str], reader: Reader | None = None,
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
                        reader: Reader) -> _Folded:
        key = (campaign_id, stream)
        cached = self._entries.get(key)
        is_campaign = stream.startswith("campaign/")
        rows: list[StoredEvent] | None = None
        if cached is not None and (is_campaign or cached.retconned == retconned):
            rows = await reader.read_stream(campaign_id, stream, after_version=cached.version)
            if is_campaign and any(r.type == "EventRetconned" for r in rows):
                cached, rows = None, None
        if cached is None or rows is None:
            self.misses += 1
            rows = await reader.read_stream(campaign_id, stream)
            state = decider.fold(stream, ((r.position, r.type, r.data) for r in rows), retconned)
            folded = _Folded(rows[-1].stream_version if rows else 0, state, retconned)
        else:
            self.hits += 1
            state, skip = cached.state, set(retconned)
            for r in rows:
                if r.position not in skip:
                    state = decider.evolve(stream, state, r.type, r.data)
            folded = _Folded(rows[-1].stream_version if rows else cached.version, state, retconned)
        self._remember(key, folded)
        return folded

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
            self._entries[key] = _Folded(ev.stream_version, state, entry.retconned)

    def _remember(self, key: tuple[str, str], folded: _Folded) -> None:
        self._entries[key] = folded
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_streams:
            self._entries.popitem(last=False)
