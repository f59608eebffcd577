"""The ports: what the application needs from the world, as typed Protocols.

The command pipeline, the queries and the live relays are written against these, never against
a driver: ``services.adapters`` holds the implementations (PostgreSQL and Redis for the service,
memory for the tests that need no server), and the entrypoints wire one set of them together.

- ``EventStore``: the append-only log (append with expected versions, a command id decided
  once per campaign, reads by stream, by campaign position and across campaigns), with the
  campaign's lock for a command that keeps losing races, and the folded-state ``Snapshots``.
- ``ReadModels``: the projected views a query reads, and each campaign's checkpoint.
- ``LiveChannel``: the per-campaign channel a process publishes its commits on and its relays
  follow.
- ``Clock``: the time a bounded wait is measured by.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol

from services.application.records import CommandRecord, NewEvent, Snapshot, StoredEvent

if TYPE_CHECKING:
    from services.application.live_relay import LiveRelays, Watcher
    from services.application.pipeline import CommandPipeline
    from services.application.settings import Settings

ROLL_LOG_LENGTH = 200  # rolls a campaign's (or a table's) roll log keeps, newest first
LISTING_PAGE_SIZE = 100  # campaigns in one page of a user's listing

Seed = tuple[int, bytes, str]  # a dice epoch opened by an append: (epoch, secret seed, commitment)


class StreamReader(Protocol):
    async def read_stream(self, campaign_id: str, stream_id: str,
                          after_version: int = 0) -> list[StoredEvent]:
        """The stream's events after ``after_version``, in version order."""
        ...


class Appender(StreamReader, Protocol):
    async def append(self, campaign_id: str, expected: dict[str, int | None],
                     events: Sequence[NewEvent], *, command: CommandRecord | None = None,
                     seed: Seed | None = None) -> list[StoredEvent]:
        """Append to one campaign's streams at once, or nothing. ``expected`` maps each stream
        read or written to the version it must be at (``None``: any), else
        ``WrongExpectedVersion``; a ``command`` whose id the campaign has recorded already
        raises ``DuplicateCommand`` with the first record (its reply lists the positions)."""
        ...


class Snapshots(Protocol):
    async def read(self, campaign_id: str, stream_id: str) -> Snapshot | None: ...

    async def read_campaign(self, campaign_id: str) -> dict[str, Snapshot]:
        """Every stream snapshot of a campaign, by stream."""
        ...

    def write_later(self, campaign_id: str, stream_id: str, snapshot: Snapshot) -> None:
        """Store the snapshot off the command path (replacing the stream's older one)."""
        ...


class EventLog(Protocol):
    """The log as the queries and the live relays read it."""

    async def read_campaign(self, campaign_id: str, after_position: int = 0,
                            limit: int = 100) -> list[StoredEvent]:
        """A campaign's events after a position, in position order, none skipped."""
        ...

    async def heads(self, partitions: Sequence[int] | None = None, of: int = 1, *,
                    campaigns: Collection[str] | None = None) -> dict[str, int]:
        """Each campaign's last position (among ``campaigns``, where given)."""
        ...

    async def dice_seeds(self, campaign_id: str) -> list[tuple[int, bytes]]: ...


class EventStore(Appender, EventLog, Protocol):
    """The whole store, as the command pipeline uses it."""

    @property
    def snapshots(self) -> Snapshots: ...

    async def find_command(self, campaign_id: str, command_id: str) -> CommandRecord | None: ...

    async def events_at(self, campaign_id: str, positions: list[int]) -> list[StoredEvent]: ...

    async def event_at(self, campaign_id: str, position: int) -> StoredEvent | None: ...

    async def dice_seed(self, campaign_id: str, epoch: int) -> bytes | None: ...

    def campaign_locked(self, campaign_id: str) -> AbstractAsyncContextManager[Appender]:
        """A hold on the campaign's appends: reads through it stay current until its append."""
        ...


class ReadModels(Protocol):
    async def campaign(self, cid: str) -> dict[str, Any] | None: ...

    async def characters(self, cid: str) -> list[dict[str, Any]]: ...

    async def character(self, cid: str, character_id: str) -> dict[str, Any] | None: ...

    async def encounter(self, cid: str, encounter_id: str) -> dict[str, Any] | None: ...

    async def rolls(self, cid: str, table_id: str | None,
                    campaign: dict[str, Any]) -> list[dict[str, Any]]: ...

    async def position(self, cid: str) -> int:
        """The campaign's checkpoint: the last position its read models hold."""
        ...

    async def positions(self, cids: Sequence[str]) -> list[int]:
        """Several campaigns' checkpoints at once."""
        ...

    async def listing(self, user: str, after: str = "",
                      limit: int = LISTING_PAGE_SIZE) -> tuple[list[dict[str, Any]], str | None]: ...

    async def campaigns_of(self, user: str) -> list[str]: ...


class Subscription(Protocol):
    def iter_events(self) -> AsyncIterator[bytes]: ...


class LiveChannel(Protocol):
    async def subscribe(self, campaign_id: str) -> Subscription: ...

    async def unsubscribe(self, subscription: Subscription) -> None: ...

    async def publish(self, messages: Sequence[tuple[str, bytes]]) -> None:
        """Publish each ``(campaign_id, data)``, in order (one round trip for all of them)."""


class Clock(Protocol):
    def monotonic(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class StreamGrant(Protocol):
    """An open stream's token: the stream ends once it is no longer valid."""

    @property
    def watchers(self) -> set[Watcher]: ...

    @property
    def valid(self) -> bool: ...


class QueryServices(Protocol):
    """What the queries read: the entrypoints' wiring of the ports."""

    @property
    def settings(self) -> Settings: ...

    @property
    def store(self) -> EventLog: ...

    @property
    def read_models(self) -> ReadModels: ...

    @property
    def pipeline(self) -> CommandPipeline: ...

    @property
    def relays(self) -> LiveRelays: ...

    @property
    def clock(self) -> Clock: ...
