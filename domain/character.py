"""The character aggregate: owner, name, sheet (validated by the campaign's ruleset), retirement."""

from __future__ import annotations

from typing import Any

import msgspec

from contracts import commands as c
from contracts import events as e
from domain.campaign import CampaignState, require_campaign, require_member
from domain.context import CommandContext
from domain.errors import DomainError, Forbidden, NotFound, StateConflict
from domain.rulesets import get_ruleset
from domain.streams import derived_id


class CharacterState(msgspec.Struct, kw_only=True):
    campaign_id: str = ""
    character_id: str = ""
    owner: str = ""
    name: str = ""
    sheet: dict[str, Any] = {}
    retired: bool = False
    retired_reason: str = ""
    version: int = 0

    @property
    def exists(self) -> bool:
        return self.version > 0


def initial_state() -> CharacterState:
    return CharacterState()


def evolve(state: CharacterState, event: e.Event) -> CharacterState:
    """Fold one recorded event. Total: unknown events only advance the version."""
    state = msgspec.structs.replace(state, version=state.version + 1)
    match event:
        case e.CharacterCreated():
            state.campaign_id = event.campaign_id
            state.character_id = event.character_id
            state.owner = event.owner
            state.name = event.name
            state.sheet = dict(event.sheet)
        case e.CharacterRenamed():
            state.name = event.name
        case e.CharacterRetired():
            state.retired = True
            state.retired_reason = event.reason
    return state


def new_character_id(cmd: c.CreateCharacter, ctx: CommandContext) -> str:
    return cmd.character_id or derived_id("chr", cmd.campaign_id, ctx.command_id)


def require_character(state: CharacterState, character_id: str) -> None:
    if not state.exists:
        raise NotFound("payload.character_id", "character.exists",
                       f"character {character_id!r} not found")


def require_controller(campaign: CampaignState, state: CharacterState, actor: str) -> None:
    """A player acts only for characters they own; a GM for any; an observer for none."""
    role = require_member(campaign, actor)
    if role == "gm":
        return
    if role == "observer":
        raise Forbidden("actor", "campaign.observer-reads-only", "an observer may only read")
    if state.owner != actor:
        raise Forbidden("actor", "character.owner-only",
                        f"{actor!r} does not own character {state.character_id!r}")


def decide(cmd: c.Payload, campaign: CampaignState, state: CharacterState,
           ctx: CommandContext) -> list[e.Event]:
    """Decide a character command against its campaign and its own folded state."""
    assert isinstance(cmd, c.CampaignPayload)
    require_campaign(campaign, cmd.campaign_id)
    match cmd:
        case c.CreateCharacter():
            role = require_member(campaign, ctx.actor)
            owner = cmd.owner or ctx.actor
            if role == "observer":
                raise Forbidden("actor", "campaign.observer-reads-only", "an observer may only read")
            if role != "gm" and owner != ctx.actor:
                raise Forbidden("payload.owner", "character.player-owns-own",
                                "a player may only create characters they own")
            if campaign.role_of(owner) not in ("gm", "player"):
                raise DomainError("payload.owner", "character.owner-plays",
                                  f"owner {owner!r} must be a player or GM of the campaign")
            character_id = new_character_id(cmd, ctx)
            if state.exists:
                raise StateConflict("payload.character_id", "character.unique",
                                    f"character {character_id!r} exists")
            try:
                sheet = get_ruleset(campaign.ruleset).validate_sheet(cmd.sheet, campaign.options)
            except DomainError as err:
                err.field = f"payload.{err.field}" if err.field.startswith("sheet") else err.field
                raise
            return [e.CharacterCreated(campaign_id=cmd.campaign_id, character_id=character_id,
                                       owner=owner, name=cmd.name, sheet=sheet)]
        case c.RenameCharacter():
            require_character(state, cmd.character_id)
            require_controller(campaign, state, ctx.actor)
            _require_active(state)
            if cmd.name == state.name:
                raise StateConflict("payload.name", "character.rename-changes",
                                    "the character already has that name")
            return [e.CharacterRenamed(campaign_id=cmd.campaign_id,
                                       character_id=cmd.character_id, name=cmd.name)]
        case c.RetireCharacter():
            require_character(state, cmd.character_id)
            require_controller(campaign, state, ctx.actor)
            _require_active(state)
            return [e.CharacterRetired(campaign_id=cmd.campaign_id,
                                       character_id=cmd.character_id, reason=cmd.reason)]
    raise DomainError("type", "command.known", f"{type(cmd).__name__} is not a character command")


def _require_active(state: CharacterState) -> None:
    if state.retired:
        raise StateConflict("payload.character_id", "character.not-retired",
                            f"character {state.character_id!r} is retired")
