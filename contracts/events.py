"""Events of the platform's aggregates. Each is stored with its ``type`` tag and schema version."""

from __future__ import annotations

from typing import Any, Union

import msgspec


class Draw(msgspec.Struct, frozen=True, kw_only=True):
    """One die drawn: its number of sides and the face derived for it."""

    sides: int
    face: int


class DiceProvenance(msgspec.Struct, frozen=True, kw_only=True):
    """How a command's faces were derived: draw ``i`` of ``draws`` is
    ``domain.fair_dice.derive_face(seed of epoch, campaign_id, command_id, i, sides, client_seed)``."""

    epoch: int
    client_seed: str | None = None
    draws: list[Draw]


class EventMetadata(msgspec.Struct, frozen=True, kw_only=True):
    """What every recorded event carries besides its data."""

    command_id: str
    correlation_id: str
    causation_id: str
    actor: str
    client: str | None = None
    visibility: str = "public"  # "public" or "gm"
    dice: DiceProvenance | None = None  # on the event that records a command's dice


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every platform event; ``type`` is the class name."""

    campaign_id: str


class CampaignCreated(Event, frozen=True, kw_only=True):
    name: str
    ruleset: str
    options: dict[str, Any]
    created_by: str
    # SHA-256 (hex) of the campaign's secret dice seed (epoch 1): published first, revealed later.
    seed_commitment: str
    reveal_seed_at_session_end: bool = False


class SeedRevealed(Event, frozen=True, kw_only=True):
    """An epoch's secret seed, made public; anyone may check it against the epoch's commitment."""

    epoch: int
    seed: str  # hex
    commitment: str


class SeedCommitted(Event, frozen=True, kw_only=True):
    """A new epoch: rolls from here on derive from a seed committed to by this hash."""

    epoch: int
    commitment: str


class RollRevealed(Event, frozen=True, kw_only=True):
    """A GM-only roll shown to everyone: the recorded event, with its provenance, copied."""

    position: int
    roll: dict[str, Any]


class EventRetconned(Event, frozen=True, kw_only=True):
    """A GM correction: the event at ``position`` no longer counts; the log keeps both."""

    position: int
    stream_id: str
    event_type: str
    reason: str
    by: str
    # A retcon of a roll only GMs may see is itself only for GMs.
    visibility: str = "public"


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


class RolledTerm(msgspec.Struct, frozen=True, kw_only=True):
    """A term as rolled: every face in draw order, which of them were kept, and its signed subtotal."""

    notation: str
    sign: int
    sides: int
    faces: list[int]
    kept: list[bool]
    subtotal: int


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
    SeedRevealed,
    SeedCommitted,
    RollRevealed,
    EventRetconned,
)
# The platform's events, tagged by ``type`` (the class name): a union msgspec decodes by its tag.
AnyPlatformEvent = Union[PLATFORM_EVENTS]  # type: ignore[valid-type]  # noqa: UP007
EVENT_TYPES: dict[str, type[Event]] = {cls.__name__: cls for cls in PLATFORM_EVENTS}
SCHEMA_VERSION = 1
