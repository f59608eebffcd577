"""The generic ``RollDice`` command: standard notation, every face recorded."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from contracts import commands as c
from contracts import events as e
from domain import dice_notation
from domain.campaign import CampaignState, require_campaign, require_member, require_table
from domain.character import CharacterState, require_character, require_controller
from domain.context import CommandContext
from domain.dice import Dice, ScriptedDice
from domain.errors import DomainError, Forbidden, StateConflict
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
    if cmd.visibility == "gm" and not campaign.is_gm(ctx.actor):
        raise Forbidden("payload.visibility", "roll.gm-only-visibility",
                        "only a GM may hide a roll (visibility \"gm\")")
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


def reread(data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """Differences between a recorded ``DiceRolled`` and its expression rolled with its draws."""
    try:
        terms = dice_notation.parse(str(data.get("expression", "")))
    except DomainError as err:
        return [f"expression does not parse: {err.message}"]
    wanted = [(t.sides, None) for t in terms for _ in range(t.count)]
    if [s for s, _ in wanted] != [s for s, _ in draws]:
        return [f"the expression draws dice of {[s for s, _ in wanted]} sides, "
                f"the draws are of {[s for s, _ in draws]}"]
    try:
        rolled = dice_notation.roll_terms(terms, ScriptedDice(face for _, face in draws))
    except AssertionError as err:  # a face that is not on its die
        return [str(err)]
    problems = []
    recorded = data.get("terms", [])
    expected = msgspec.to_builtins(rolled)
    if len(recorded) != len(expected):
        problems.append(f"{len(recorded)} terms recorded, the expression has {len(expected)}")
    for i, (got, want) in enumerate(zip(recorded, expected, strict=False)):
        for key in ("faces", "kept", "subtotal"):
            if got.get(key) != want[key]:
                problems.append(f"term {i} {key} {got.get(key)} but the draws give {want[key]}")
    total = dice_notation.total_of(rolled)
    if data.get("total") != total:
        problems.append(f"total {data.get('total')} but the draws give {total}")
    return problems
