"""Events of the platform's aggregates. Each is stored with its ``type`` tag and schema version."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice_notation import RolledTerm


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every platform event; ``type`` is the class name."""

    campaign_id: str


class CampaignCreated(Event, frozen=True, kw_only=True):
    name: str
    ruleset: str
    options: dict[str, Any]
    created_by: str
    # SHA-256 (hex) of the campaign's secret dice seed: published first, revealed later.
    seed_commitment: str


class MemberAdded(Event, frozen=True, kw_only=True):
    user: str
    role: str


class MemberRemoved(Event, frozen=True, kw_only=True):
    user: str


class TableCreated(Event, frozen=True, kw_only=True):
    table_id: str
    name: str
    gms: list[str]


class CharacterSeated(Event, frozen=True, kw_only=True):
    table_id: str
    character_id: str


class CharacterUnseated(Event, frozen=True, kw_only=True):
    table_id: str
    character_id: str


class SessionStarted(Event, frozen=True, kw_only=True):
    table_id: str
    session_id: str
    number: int


class SessionEnded(Event, frozen=True, kw_only=True):
    table_id: str
    session_id: str


class CharacterCreated(Event, frozen=True, kw_only=True):
    character_id: str
    owner: str
    name: str
    sheet: dict[str, Any]


class CharacterRenamed(Event, frozen=True, kw_only=True):
    character_id: str
    name: str


class CharacterRetired(Event, frozen=True, kw_only=True):
    character_id: str
    reason: str


class DiceRolled(Event, frozen=True, kw_only=True):
    """A generic roll: the expression, every face of every term in draw order, and the total."""

    roll_id: str
    actor: str
    expression: str
    terms: list[RolledTerm]
    total: int
    table_id: str | None
    character_id: str | None
    visibility: str
    label: str


PLATFORM_EVENTS: tuple[type[Event], ...] = (
    CampaignCreated,
    MemberAdded,
    MemberRemoved,
    TableCreated,
    CharacterSeated,
    CharacterUnseated,
    SessionStarted,
    SessionEnded,
    CharacterCreated,
    CharacterRenamed,
    CharacterRetired,
    DiceRolled,
)
EVENT_TYPES: dict[str, type[Event]] = {cls.__name__: cls for cls in PLATFORM_EVENTS}
SCHEMA_VERSION = 1
