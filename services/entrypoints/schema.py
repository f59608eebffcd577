"""The gRPC service's requests and replies, as msgspec Structs.

The messages of ``skald.v1`` are generated from these and from ``contracts/``
(command payloads, the envelope, ``CommandResult``, events, ruleset views) by
``protogen``. The views mirror exactly what the HTTP gateway returns, so one
query means the same over both transports: the platform's views (campaign,
member, table, session, character, listing entry) are the wire types of
``contracts.views``, built from the domain's states by ``domain.views``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

import msgspec

from contracts.commands import CommandResult
from contracts.events import EventMetadata
from contracts.guide import RulesetGuide
from contracts.narration import EventLine
from contracts.views import (
    CampaignSummary,
    CampaignView,
    CharacterView,
    Member,
    SessionState,
    TableState,
    VerifyReport,
)
from services.application.ports import ROLL_LOG_LENGTH

Position = Annotated[int, msgspec.Meta(ge=1)] | None


class RulesetView(msgspec.Struct, kw_only=True):
    """Base of views whose shape is the ruleset's: generated as a oneof with one typed
    variant per ruleset whose contract module defines the Struct ``__proto_ruleset_view__``
    names (the variant is named by the ruleset id), and ``other`` (free-form) for the rest."""

    __proto_ruleset_view__: ClassVar[str] = ""


class Encounter(RulesetView, kw_only=True):
    """An encounter as its ruleset keeps it, and the ruleset's id (what tells the shapes apart)."""

    __proto_ruleset_view__: ClassVar[str] = "EncounterState"

    ruleset: str = ""


class Odds(RulesetView, kw_only=True):
    """The exact outcome distribution of a dice pool under a ruleset."""

    __proto_ruleset_view__: ClassVar[str] = "OddsView"


class WireEvent(msgspec.Struct, kw_only=True):
    """A recorded event. ``data`` is the typed body named by ``type``; others come as ``other``.
    In the roll log an entry also carries what the read model adds (provenance, reveal, retcon)
    in ``extra``. ``line`` is the event in words, in its ruleset's own terms, characters as
    ``{character:<id>}`` tokens (null for bookkeeping no table shows)."""

    __proto_extra__: ClassVar[str] = "extra"

    position: int
    campaign_id: str
    stream_id: str
    stream_version: int
    type: str
    schema_version: int
    data: dict[str, Any]  # generated as a oneof of every known event body (see protogen)
    metadata: EventMetadata
    recorded_at: str  # ISO 8601
    line: EventLine | None = None  # the event in words, in its ruleset's terms


class Empty(msgspec.Struct, kw_only=True):
    pass


class EchoRequest(msgspec.Struct, kw_only=True):
    """A transport baseline: needs no token, touches no database."""

    message: str = ""


class EchoReply(msgspec.Struct, kw_only=True):
    message: str


class MeReply(msgspec.Struct, kw_only=True):
    user: str
    campaigns: list[str]


class CampaignList(msgspec.Struct, kw_only=True):
    campaigns: list[CampaignSummary]


class CampaignRequest(msgspec.Struct, kw_only=True):
    """A campaign; ``position`` waits until the read models reach it (read your writes)."""

    campaign_id: str
    position: Position = None


class TableRequest(msgspec.Struct, kw_only=True):
    campaign_id: str
    table_id: str
    position: Position = None


class CharacterRequest(msgspec.Struct, kw_only=True):
    campaign_id: str
    character_id: str
    position: Position = None


class EncounterRequest(msgspec.Struct, kw_only=True):
    campaign_id: str
    encounter_id: str
    position: Position = None


class RulesetInfo(msgspec.Struct, kw_only=True):
    id: str
    title: str
    commands: list[str]
    options: dict[str, Any]
    # which read-model fields are conditions, health tracks and states ({} when undeclared)
    display: dict[str, Any] = {}


class RulesetList(msgspec.Struct, kw_only=True):
    rulesets: list[RulesetInfo]


class PoolOddsRequest(msgspec.Struct, kw_only=True):
    """Odds under a ruleset: ``params`` are the parameters of ``GET /v1/rulesets/<id>/odds``,
    as the same strings (for WISH ``{"pool": "CHR:3,OFF:2,CHL:1"}``)."""

    ruleset_id: str
    params: dict[str, str] = {}


class CheckOddsRequest(msgspec.Struct, kw_only=True):
    """Odds of a check before rolling it: ``check`` is the ruleset's check spec
    (for WISH: characteristic, skill, difficulty, ...); ``target_id`` the opponent, if any."""

    campaign_id: str
    character_id: str
    target_id: str | None = None
    check: dict[str, Any] = {}


class CheckOddsReply(msgspec.Struct, kw_only=True):
    """The pool the check would assemble and its distribution, as the ruleset reports them."""

    odds: dict[str, Any]


class ExportLine(msgspec.Struct, kw_only=True):
    """One line of a campaign export (JSON Lines: the header first, then every event), kept
    byte for byte as the HTTP export writes it, so a verifier reads exactly what was signed."""

    json: str


class VerifyRequest(msgspec.Struct, kw_only=True):
    """An export to verify: the JSON Lines document, as bytes."""

    export: bytes




class MemberList(msgspec.Struct, kw_only=True):
    members: list[Member]


class TableList(msgspec.Struct, kw_only=True):
    tables: list[TableState]


class CharacterList(msgspec.Struct, kw_only=True):
    characters: list[CharacterView]


class AsOfRequest(msgspec.Struct, kw_only=True):
    """A campaign as it was at a past position of its log (1 .. its last position)."""

    campaign_id: str
    position: Annotated[int, msgspec.Meta(ge=1)]


class CampaignAsOf(msgspec.Struct, kw_only=True):
    """A campaign as the current reads showed it when its log's last event was at ``position``:
    the campaign, its characters and its encounters by id, each as those reads return it."""

    position: int
    campaign: CampaignView
    characters: list[CharacterView]
    encounters: dict[str, Encounter]


class GuideRequest(msgspec.Struct, kw_only=True):
    ruleset_id: str


class RollsRequest(msgspec.Struct, kw_only=True):
    """Recent rolls, newest first; ``table_id`` narrows to one table."""

    campaign_id: str
    position: Position = None
    table_id: str | None = None
    limit: Annotated[int, msgspec.Meta(ge=1, le=ROLL_LOG_LENGTH)] = 50


class RollList(msgspec.Struct, kw_only=True):
    rolls: list[WireEvent]


class EventsRequest(msgspec.Struct, kw_only=True):
    """The event log after a position (0: from the start), up to ``until`` where given."""

    campaign_id: str
    after: Annotated[int, msgspec.Meta(ge=0)] = 0
    limit: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 100
    until: Annotated[int, msgspec.Meta(ge=0)] | None = None  # the last position to include


class EventPage(msgspec.Struct, kw_only=True):
    events: list[WireEvent]
    next_after: int
    more: bool


class SubscribeRequest(msgspec.Struct, kw_only=True):
    """Live events of a campaign; ``after`` resumes past a position you saw (unset: from now)."""

    campaign_id: str
    after: Annotated[int, msgspec.Meta(ge=0)] | None = None


class LiveReady(msgspec.Struct, kw_only=True):
    campaign_id: str
    after: int


class Heartbeat(msgspec.Struct, kw_only=True):
    position: int


class LiveItem(msgspec.Struct, kw_only=True):
    """One item of a subscription: ``ready`` first, then ``event``s; ``heartbeat`` when idle."""

    __proto_oneof__: ClassVar[str] = "item"

    ready: LiveReady | None = None
    event: WireEvent | None = None
    heartbeat: Heartbeat | None = None


class ErrorDetail(msgspec.Struct, kw_only=True):
    """Why a call was refused: the field and the rule (sent in the status details)."""

    field: str
    rule: str
    kind: str
    message: str


COMMAND = "Command"  # the envelope: generated from contracts.commands.ENVELOPES


@dataclass(frozen=True)
class Rpc:
    name: str
    request: type[msgspec.Struct] | str
    reply: type[msgspec.Struct]
    streaming: bool = False
    doc: str = ""


RPCS: tuple[Rpc, ...] = (
    Rpc("Execute", COMMAND, CommandResult,
        doc="Execute a command; repeat its command_id to get the first result back."),
    Rpc("Me", Empty, MeReply, doc="Who the token belongs to."),
    Rpc("ListCampaigns", Empty, CampaignList, doc="Campaigns the caller is a member of."),
    Rpc("GetCampaign", CampaignRequest, CampaignView, doc="A campaign: members, tables, sessions."),
    Rpc("ListMembers", CampaignRequest, MemberList, doc="Members and their roles."),
    Rpc("ListTables", CampaignRequest, TableList, doc="The campaign's tables."),
    Rpc("GetTable", TableRequest, TableState, doc="One table."),
    Rpc("ListCharacters", CampaignRequest, CharacterList, doc="The campaign's characters."),
    Rpc("GetCharacter", CharacterRequest, CharacterView, doc="One character."),
    Rpc("GetEncounter", EncounterRequest, Encounter, doc="One encounter."),
    Rpc("ListRolls", RollsRequest, RollList, doc="Recent rolls, newest first."),
    Rpc("ListEvents", EventsRequest, EventPage, doc="The event log, paged by position."),
    Rpc("Subscribe", SubscribeRequest, LiveItem, streaming=True,
        doc="Live events; resumes after a position, like the HTTP live stream."),
    Rpc("ListRulesets", Empty, RulesetList, doc="The rulesets this service implements."),
    Rpc("GetRulesetGuide", GuideRequest, RulesetGuide,
        doc="A ruleset in words: its commands and who may send each, forms, sheet, events."),
    Rpc("GetCampaignAsOf", AsOfRequest, CampaignAsOf,
        doc="The campaign, its characters and encounters as they were at a past position."),
    Rpc("PoolOdds", PoolOddsRequest, Odds, doc="Exact outcome distribution of a dice pool."),
    Rpc("CheckOdds", CheckOddsRequest, CheckOddsReply,
        doc="Odds before you roll: the pool a check would assemble and its distribution."),
    Rpc("ExportCampaign", CampaignRequest, ExportLine, streaming=True,
        doc="The campaign's export, a line per message (GMs only)."),
    Rpc("Verify", VerifyRequest, VerifyReport,
        doc="Verify an export: re-derive every face, re-read every outcome."),
    Rpc("Echo", EchoRequest, EchoReply, doc="Transport baseline: no token, no database."),
)

# Messages named differently from their Struct.
RENAMES: dict[type[msgspec.Struct], str] = {
    TableState: "Table",
    SessionState: "Session",
    CharacterView: "Character",
    CampaignView: "Campaign",
    WireEvent: "Event",
}

# Fields typed differently on the wire than in their Struct.
OVERRIDES: dict[tuple[type[msgspec.Struct], str], Any] = {
    (CommandResult, "events"): list[WireEvent],
}

# Free-form fields each ruleset types: (Struct, field) -> suffix of the ruleset's Struct, so
# a WISH character's sheet is a ``WishSheet`` (``wish_sheet``); other rulesets' stay free-form.
RULESET_FIELDS: dict[tuple[type[msgspec.Struct], str], str] = {
    (CharacterView, "sheet"): "Sheet",
}

# Fields carrying an event body, generated as a oneof over every known event type.
EVENT_DATA: tuple[type[msgspec.Struct], str] = (WireEvent, "data")
