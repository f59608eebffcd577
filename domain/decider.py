"""Routes a command to its aggregate's decider and folds recorded events back into state.

The command pipeline asks ``streams_for`` which streams to load, folds each
with ``evolve``, calls ``decide``, and appends what it returns. Everything here
is pure.
"""

from __future__ import annotations

from typing import Any

from contracts import commands as c
from contracts import events as e
from domain import campaign, character, rolls
from domain.context import CommandContext
from domain.dice import Dice
from domain.errors import DomainError
from domain.streams import campaign_stream, character_stream, derived_id, rolls_stream

Decision = list[tuple[str, e.Event]]


def target_campaign(cmd: c.Payload, ctx: CommandContext) -> str:
    """The campaign a command acts in (CreateCampaign derives a new id from its command id)."""
    if isinstance(cmd, c.CreateCampaign):
        return cmd.campaign_id or derived_id("cmp", ctx.actor, ctx.command_id)
    assert isinstance(cmd, c.CampaignPayload)
    return cmd.campaign_id


def streams_for(cmd: c.Payload, ctx: CommandContext) -> list[str]:
    """The streams whose state the decider needs, the campaign's first."""
    cid = target_campaign(cmd, ctx)
    streams = [campaign_stream(cid)]
    match cmd:
        case c.CreateCharacter():
            streams.append(character_stream(cid, character.new_character_id(cmd, ctx)))
        case c.RenameCharacter() | c.RetireCharacter() | c.SeatCharacter() | c.UnseatCharacter():
            streams.append(character_stream(cid, cmd.character_id))
        case c.RollDice() if cmd.character_id is not None:
            streams.append(character_stream(cid, cmd.character_id))
    return streams


def initial_state(stream_id: str) -> Any:
    kind = stream_id.split("/", 1)[0]
    if kind == "campaign":
        return campaign.initial_state()
    if kind == "character":
        return character.initial_state()
    return None


def evolve(stream_id: str, state: Any, event: e.Event) -> Any:
    kind = stream_id.split("/", 1)[0]
    if kind == "campaign":
        return campaign.evolve(state, event)
    if kind == "character":
        return character.evolve(state, event)
    return state


def decide(cmd: c.Payload, states: dict[str, Any], ctx: CommandContext, dice: Dice) -> Decision:
    """Decide a command; every event is paired with the stream it is appended to."""
    cid = target_campaign(cmd, ctx)
    camp: campaign.CampaignState = states[campaign_stream(cid)]
    match cmd:
        case c.CreateCampaign() | c.AddMember() | c.RemoveMember() | c.CreateTable() \
                | c.StartSession() | c.EndSession():
            return [(campaign_stream(cid), ev) for ev in campaign.decide(cmd, camp, ctx)]
        case c.SeatCharacter() | c.UnseatCharacter():
            char: character.CharacterState = states[character_stream(cid, cmd.character_id)]
            owner = char.owner if char.exists else None
            return [(campaign_stream(cid), ev) for ev in campaign.decide_seating(cmd, camp, owner, ctx)]
        case c.CreateCharacter() | c.RenameCharacter() | c.RetireCharacter():
            stream = streams_for(cmd, ctx)[1]
            return [(stream, ev) for ev in character.decide(cmd, camp, states[stream], ctx)]
        case c.RollDice():
            char_state = (states[character_stream(cid, cmd.character_id)]
                          if cmd.character_id is not None else None)
            return [(rolls_stream(cid), ev) for ev in rolls.decide_roll(cmd, camp, char_state, ctx, dice)]
    raise DomainError("type", "command.known", f"no decider for {type(cmd).__name__}")


def visibility_of(event: e.Event) -> str:
    """Who may see an event: ``gm`` for hidden rolls, else ``public``."""
    return getattr(event, "visibility", "public") if isinstance(event, e.DiceRolled) else "public"
