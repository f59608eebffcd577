"""The generic ``RollDice`` command: standard notation, every face recorded."""

from __future__ import annotations

from contracts import commands as c
from contracts import events as e
from domain import dice_notation
from domain.campaign import CampaignState, require_campaign, require_member, require_table
from domain.character import CharacterState, require_character, require_controller
from domain.context import CommandContext
from domain.dice import Dice
from domain.errors import Forbidden, StateConflict
from domain.streams import derived_id


def decide_roll(cmd: c.RollDice, campaign: CampaignState, character: CharacterState | None,
                ctx: CommandContext, dice: Dice) -> list[e.Event]:
    """Roll a dice expression for a member (optionally at a table, for a character they control).

    ``visibility="gm"`` makes the roll visible to the campaign's GMs only.
    """
    require_campaign(campaign, cmd.campaign_id)
    role = require_member(campaign, ctx.actor)
    if role == "observer":
        raise Forbidden("actor", "campaign.observer-reads-only", "an observer may only read")
    if cmd.table_id is not None:
        require_table(campaign, cmd.table_id)
    if cmd.character_id is not None:
        assert character is not None
        require_character(character, cmd.character_id)
        require_controller(campaign, character, ctx.actor)
        if character.retired:
            raise StateConflict("payload.character_id", "character.not-retired",
                                f"character {cmd.character_id!r} is retired")
    terms = dice_notation.parse(cmd.expression)
    rolled = dice_notation.roll_terms(terms, dice)
    return [
        e.DiceRolled(
            campaign_id=cmd.campaign_id,
            roll_id=derived_id("roll", cmd.campaign_id, ctx.command_id),
            actor=ctx.actor,
            expression=cmd.expression,
            terms=rolled,
            total=dice_notation.total_of(rolled),
            table_id=cmd.table_id,
            character_id=cmd.character_id,
            visibility=cmd.visibility,
            label=cmd.label,
        )
    ]
