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

from contracts.ids import ID_MAX, ID_PATTERN, USER_PATTERN
from contracts.rulesets import contracts

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=ID_MAX, pattern=ID_PATTERN)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
UserName = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=USER_PATTERN)]
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
    # Reveal the dice seed (and commit a new one) whenever a session ends.
    reveal_seed_at_session_end: bool = False


class RotateSeed(CampaignPayload, frozen=True, kw_only=True):
    """The GM reveals the current dice seed and commits to a new one."""


class RevealRoll(CampaignPayload, frozen=True, kw_only=True):
    """The GM shows a GM-only roll (named by its position) to everyone, with its provenance."""

    position: Annotated[int, msgspec.Meta(ge=1)]


class Retcon(CampaignPayload, frozen=True, kw_only=True):
    """The GM reverses a recorded event (named by its position); both stay in the log."""

    position: Annotated[int, msgspec.Meta(ge=1)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


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
        RotateSeed,
        RevealRoll,
        Retcon,
    )
}

CommandId = Annotated[str, msgspec.Meta(min_length=1, max_length=100, pattern=ID_PATTERN)]
ClientSeed = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class CommandEnvelope(msgspec.Struct, frozen=True, kw_only=True, tag_field="type",
                      forbid_unknown_fields=True):
    """Base of the envelope variants: one per command type, tagged by ``type``."""

    command_id: CommandId
    correlation_id: Annotated[str, msgspec.Meta(max_length=100)] | None = None
    client: Annotated[str, msgspec.Meta(max_length=100)] | None = None
    # A player's own contribution to the dice: it enters every draw of this command, so not even
    # the server can know the faces before the command arrives.
    client_seed: ClientSeed | None = None


def _envelope(tag: str, payload: type[msgspec.Struct]) -> type[CommandEnvelope]:
    # "wish.RollCheck" -> WishRollCheckCommand: a valid identifier for schemas and stubs.
    name = "".join(part[:1].upper() + part[1:] for part in tag.split("."))
    return msgspec.defstruct(  # type: ignore[return-value]  # defstruct's result has these bases
        f"{name}Command",
        [("payload", payload)],
        bases=(CommandEnvelope,),
        tag=tag,
        frozen=True,
        kw_only=True,
        module=__name__,
    )


ENVELOPES: dict[str, type[CommandEnvelope]] = {}


def register_payloads(payloads: dict[str, type[msgspec.Struct]]) -> None:
    """Add command payloads to the envelope union, each as its own tagged envelope variant."""
    for tag, payload in payloads.items():
        if tag in ENVELOPES:
            raise ValueError(f"command type {tag!r} registered twice")
        ENVELOPES[tag] = _envelope(tag, payload)


def payload_of(envelope: CommandEnvelope) -> msgspec.Struct:
    payload: msgspec.Struct = envelope.payload  # type: ignore[attr-defined]
    return payload


def tag_of(envelope: CommandEnvelope) -> str:
    tag = type(envelope).__struct_config__.tag
    assert isinstance(tag, str)
    return tag


register_payloads(dict(COMMAND_PAYLOADS))
for _contract in contracts():  # each ruleset's command payloads (contracts/rulesets/)
    register_payloads(dict(_contract.commands))
del _contract


class CommandResult(msgspec.Struct, kw_only=True):
    """What a command returns: the events it appended and the position a read can wait for."""

    command_id: str
    campaign_id: str
    events: list[dict[str, Any]]
    position: int
    duplicate: bool = False
