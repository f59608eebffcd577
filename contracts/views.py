"""The platform's views: what a read of a campaign returns, over HTTP and gRPC alike.

These are wire types, written out field by field; the domain's states (``domain.campaign``,
``domain.character``) are its own and reach the wire only through the mappers of
``domain.views``, so a change inside a state is not a change of the wire. The names, fields,
their order, types and defaults are the wire: the ``.proto`` (``skald.lock.json`` keeps its
field numbers) and the OpenAPI document are generated from them, and a field's place is its
place in the JSON the gateways serve (and, for a listing's entry, the read model keeps).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType


class Member(msgspec.Struct, kw_only=True):
    user: str
    role: str  # "gm" | "player" | "observer"


# A table and its sessions (gRPC: ``Table`` and ``Session``; OpenAPI: ``TableState`` and
# ``SessionState``, the names these views have always had on the HTTP side).
class SessionState(msgspec.Struct, kw_only=True):
    session_id: str
    number: int
    active: bool = True


class TableState(msgspec.Struct, kw_only=True):
    table_id: str
    name: str
    gms: list[str] = []
    seated: list[str] = []
    sessions: list[SessionState] = []


class CampaignView(msgspec.Struct, kw_only=True):
    """A campaign: members, tables and sessions, at a read-model position."""

    campaign_id: str = ""
    name: str = ""
    ruleset: str = ""
    options: dict[str, object] = {}
    created_by: str = ""
    seed_commitment: str = ""
    members: list[Member] = msgspec.field(default_factory=list)  # by user
    tables: list[TableState] = msgspec.field(default_factory=list)  # in the order created
    reveal_seed_at_session_end: bool = False
    epoch: int = 1  # the dice epoch rolls draw from now
    commitments: dict[int, str] = {}  # epoch -> SHA-256 of its seed
    revealed_seeds: dict[int, str] = {}  # epoch -> seed (hex), once revealed
    revealed_rolls: list[int] = []  # positions of GM-only rolls shown to all
    retconned: list[int] = []  # positions of events that no longer count
    version: int = 0
    position: int = 0  # the read models' position in the campaign's log


class CharacterView(msgspec.Struct, kw_only=True):
    """A character: its folded state, its sheet and what its ruleset derives from it."""

    campaign_id: str = ""
    character_id: str = ""
    owner: str = ""
    name: str = ""
    sheet: dict[str, Any] = {}
    retired: bool = False
    retired_reason: str = ""
    version: int = 0
    # absent (not sent) when the ruleset derives nothing from the sheet, or the sheet is empty
    derived: dict[str, Any] | UnsetType = UNSET


class Finding(msgspec.Struct, kw_only=True):
    """One thing that is wrong, at the event's position (or the line, before positions are known)."""

    position: int | None
    line: int
    check: str
    detail: str


class VerifyReport(msgspec.Struct, kw_only=True):
    """What verifying an export found: counts, revealed epochs, failures; ok if none."""

    campaign_id: str = ""
    events: int = 0
    rolls_verified: int = 0
    rolls_unverifiable: int = 0  # their epoch's seed is not revealed yet
    revealed_epochs: list[int] = []
    retcons: list[dict[str, Any]] = []
    failures: list[Finding] = []
    ok: bool = False


# A campaign in its member's listing (``GET /v1/campaigns``).
class CampaignSummary(msgspec.Struct, kw_only=True):
    campaign_id: str
    name: str
    ruleset: str
    role: str
