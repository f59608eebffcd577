"""What the application and its stores exchange: events to append, recorded events, recorded
commands, folded-state snapshots, and the store's two refusals. Plain values, no I/O: every
event store adapter (PostgreSQL in ``services.adapters.event_store``, memory in
``services.adapters.memory``) speaks them."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

import msgspec

from domain.campaign import CampaignState
from domain.character import CharacterState

DEFAULT_EVERY = 500  # events a stream grows by between two of its snapshots
# The streams snapshotted: their states are the platform's own Structs, which encode to JSON and
# decode back exactly; encounter states belong to rulesets.
SNAPSHOT_TYPES: dict[str, type[msgspec.Struct]] = {"campaign": CampaignState,
                                                   "character": CharacterState}


class NewEvent(msgspec.Struct, frozen=True, kw_only=True):
    stream_id: str
    type: str
    data: Any  # msgspec-encodable body
    metadata: dict[str, Any]
    schema_version: int = 1


class StoredEvent(msgspec.Struct, frozen=True, kw_only=True):
    position: int
    campaign_id: str
    stream_id: str
    stream_version: int
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    transaction_id: int
    recorded_at: datetime

    @property
    def cursor(self) -> tuple[int, str, int]:
        """Where ``read_all`` resumes after this event."""
        return (self.transaction_id, self.campaign_id, self.position)


class CommandRecord(msgspec.Struct, frozen=True, kw_only=True):
    command_id: str
    actor: str
    campaign_id: str
    type: str
    payload_sha256: str
    reply: dict[str, Any]


class WrongExpectedVersion(Exception):
    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(f"stream {stream_id!r} is at version {actual}, expected {expected}")
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class DuplicateCommand(Exception):
    """The command id was decided before; ``record`` holds the first reply."""

    def __init__(self, record: CommandRecord) -> None:
        super().__init__(f"command {record.command_id!r} was already decided")
        self.record = record


def payload_digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()



class Snapshot(msgspec.Struct, frozen=True):
    version: int
    state: Any
    retconned: tuple[int, ...]


def snapshottable(stream_id: str) -> bool:
    return stream_id.split("/", 1)[0] in SNAPSHOT_TYPES
