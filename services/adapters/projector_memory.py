"""What an in-process projector keeps between batches, so that a batch of its own gateway's
commit needs no read at all: the events the gateway just committed, and each campaign's state as
its last batch committed it.

Per projected event a projector read the campaign's checkpoint and state from Redis, and the
event itself back from PostgreSQL, although the gateway beside it had just committed that event
and the projector had just written that state. Both reads are kept in memory here instead:

* **Committed events** (``recorded``): the command pipeline hands over each append's events once
  committed. They are used only when they follow the checkpoint without a gap; otherwise the log
  is read, as before.
* **Committed states** (``state``): the checkpoint and the campaign's state a batch committed.
  A batch folded from a kept state commits only if the checkpoint in Redis is still the kept one
  (``services.adapters.read_model_commit``), and the state at a checkpoint is the fold of the
  log up to it, the same in every process; so a kept state is never applied where it is stale
  (another worker moved on, Redis lost its data): that batch is refused, the state forgotten and
  read again.

Both are bounded; forgetting only costs the reads.
"""

from __future__ import annotations

from itertools import pairwise

from services.application.records import StoredEvent

KEPT_STATES = 10_000  # campaigns whose committed state is kept (then the memory starts over)
KEPT_EVENTS = 10_000  # committed events waiting for their batch, all campaigns together


class ProjectorMemory:
    def __init__(self, kept_states: int = KEPT_STATES, kept_events: int = KEPT_EVENTS) -> None:
        self.kept_states, self.kept_events = kept_states, kept_events
        self._states: dict[str, tuple[int, bytes | None]] = {}
        self._events: dict[str, list[StoredEvent]] = {}
        self._waiting = 0  # events in ``_events``

    def recorded(self, campaign_id: str, stored: list[StoredEvent]) -> None:
        """Keep ``stored``, one committed append of ``campaign_id``, for its batch."""
        if self._waiting + len(stored) > self.kept_events:
            self._events.clear()  # a projector far behind: it reads the log
            self._waiting = 0
        self._events.setdefault(campaign_id, []).extend(stored)
        self._waiting += len(stored)

    def take(self, campaign_id: str, applied: int, limit: int) -> list[StoredEvent] | None:
        """Up to ``limit`` kept events right after checkpoint ``applied``, in order and without a
        gap; None when none follow it (the log has what comes next)."""
        kept = self._events.pop(campaign_id, None)
        if not kept:
            return None
        self._waiting -= len(kept)
        kept = [ev for ev in kept if ev.position > applied]
        if not kept or kept[0].position != applied + 1 or any(
                b.position != a.position + 1 for a, b in pairwise(kept)):
            return None  # older than the checkpoint, or a gap: another process appended too
        taken, rest = kept[:limit], kept[limit:]
        if rest:
            self._events[campaign_id] = rest
            self._waiting += len(rest)
        return taken

    def state(self, campaign_id: str) -> tuple[int, bytes | None] | None:
        """The checkpoint and the campaign's stored state its last batch here committed."""
        return self._states.get(campaign_id)

    def committed(self, campaign_id: str, checkpoint: int, state: bytes | None) -> None:
        if len(self._states) >= self.kept_states:
            self._states.clear()
        self._states[campaign_id] = (checkpoint, state)

    def forget(self, campaign_id: str) -> None:
        """A batch of ``campaign_id`` was refused or failed: read its state again."""
        self._states.pop(campaign_id, None)

    def forget_unless(self, checkpoints: dict[str, int]) -> None:
        """Forget the states whose checkpoint is not the one just read for their campaign."""
        for campaign_id, checkpoint in checkpoints.items():
            kept = self._states.get(campaign_id)
            if kept is not None and kept[0] != checkpoint:
                del self._states[campaign_id]

    def clear(self) -> None:
        """Partitions changed hands: another worker may have projected any of them meanwhile."""
        self._states.clear()
        self._events.clear()
        self._waiting = 0
