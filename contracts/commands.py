"""Command payloads and the command envelope.

A client sends ``{"command_id": ..., "type": ..., "payload": {...}}``. The
envelope is a tagged union on ``type``; each variant's ``payload`` is the
Struct below, so msgspec validates shape and types and names the field of any
mistake. ``command_id`` is the idempotency key: retry with the same id and the
same payload and you get the first result back.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
UserName = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.@-]+$")]
Role = Literal["gm", "player", "observer"]
Visibility = Literal["public", "gm"]


class Payload(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every command payload."""


class CampaignPayload(Payload, frozen=True, kw_only=True):
    campaign_id: Id


class CreateCampaign(Payload, frozen=True, kw_only=True):
    name: Name
    ruleset: Annotated[str, msgspec.Meta(min_length=1, max_length=32)] = "generic"
    options: dict[str, Any] = {}
    campaign_id: Id | None = None


class AddMember(CampaignPayload, frozen=True, kw_only=True):
    user: UserName
    role: Role


class RemoveMember(CampaignPayload, frozen=True, kw_only=True):
    user: UserName


class CreateTable(CampaignPayload, frozen=True, kw_only=True):
    name: Name
    gms: list[UserName] = []
    table_id: Id | None = None


class SeatCharacter(CampaignPayload, frozen=True, kw_only=True):
    table_id: Id
    character_id: Id


class UnseatCharacter(CampaignPayload, frozen=True, kw_only=True):
    table_id: Id
    character_id: Id


class StartSession(CampaignPayload, frozen=True, kw_only=True):
    table_id: Id


class EndSession(CampaignPayload, frozen=True, kw_only=True):
    table_id: Id


class CreateCharacter(CampaignPayload, frozen=True, kw_only=True):
    name: Name
    owner: UserName | None = None
    sheet: dict[str, Any] = {}
    character_id: Id | None = None


class RenameCharacter(CampaignPayload, frozen=True, kw_only=True):
    character_id: Id
    name: Name


class RetireCharacter(CampaignPayload, frozen=True, kw_only=True):
    character_id: Id
    reason: Annotated[str, msgspec.Meta(max_length=500)] = ""


class RollDice(CampaignPayload, frozen=True, kw_only=True):
    expression: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    table_id: Id | None = None
    character_id: Id | None = None
    visibility: Visibility = "public"
    label: Annotated[str, msgspec.Meta(max_length=200)] = ""


COMMAND_PAYLOADS: dict[str, type[Payload]] = {
    cls.__name__: cls
    for cls in (
        CreateCampaign,
        AddMember,
        RemoveMember,
        CreateTable,
        SeatCharacter,
        UnseatCharacter,
        StartSession,
        EndSession,
        CreateCharacter,
        RenameCharacter,
        RetireCharacter,
        RollDice,
    )
}

CommandId = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:-]+$")]


class CommandEnvelope(msgspec.Struct, frozen=True, kw_only=True, tag_field="type",
                      forbid_unknown_fields=True):
    """Base of the envelope variants: one per command type, tagged by ``type``."""

    command_id: CommandId
    correlation_id: Annotated[str, msgspec.Meta(max_length=100)] | None = None
    client: Annotated[str, msgspec.Meta(max_length=100)] | None = None


def _envelope(tag: str, payload: type[Payload]) -> type[CommandEnvelope]:
    return msgspec.defstruct(
        f"{tag}Command",
        [("payload", payload)],
        bases=(CommandEnvelope,),
        tag=tag,
        frozen=True,
        kw_only=True,
        module=__name__,
    )


ENVELOPES: dict[str, type[CommandEnvelope]] = {
    tag: _envelope(tag, payload) for tag, payload in COMMAND_PAYLOADS.items()
}
for _cls in ENVELOPES.values():
    globals()[_cls.__name__] = _cls


def payload_of(envelope: CommandEnvelope) -> Payload:
    payload: Payload = envelope.payload  # type: ignore[attr-defined]
    return payload


def register_payloads(payloads: dict[str, type[Payload]]) -> None:
    """Add a ruleset's command payloads to the envelope union (done once at import)."""
    for tag, payload in payloads.items():
        if tag in COMMAND_PAYLOADS:
            raise ValueError(f"command type {tag!r} registered twice")
        COMMAND_PAYLOADS[tag] = payload
        ENVELOPES[tag] = _envelope(tag, payload)
        globals()[ENVELOPES[tag].__name__] = ENVELOPES[tag]


class CommandResult(msgspec.Struct, kw_only=True):
    """What a command returns: the events it appended and the position a read can wait for."""

    command_id: str
    campaign_id: str
    events: list[dict[str, Any]]
    position: int
    duplicate: bool = False
