"""Handlers of the commands that make a character: attributes, powers, background and
equipment (L3-L30, L57-L58)."""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.errors import StateConflict
from domain.rulesets.base import character_key
from domain.rulesets.golden_heroes import decide_powers, equipment, generation
from domain.rulesets.golden_heroes.events import Ctx, emit_all, sheet
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.GenerateCharacter)
def generate_character(ctx: Ctx, cmd: c.GenerateCharacter) -> None:
    """Attributes rolled once (L3), then the Power Rolls a superhero gets (L12)."""
    current = sheet(ctx, cmd.character_id, "character_id")
    if current.generated:
        raise StateConflict("character_id", "golden-heroes.generation L3",
                            "this character's attributes are already rolled")
    opts = ctx.options
    ctx.emit(character_key(cmd.character_id), generation.generate(
        cmd.character_id, cmd.character_type, ctx.dice, opts.attribute_dice,
        0 if cmd.character_type == "non_superpowered" else opts.power_rolls))


@HANDLERS.on(c.RollPower)
def roll_power(ctx: Ctx, cmd: c.RollPower) -> None:
    emit_all(ctx, decide_powers.roll_power(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                           ctx.dice))


@HANDLERS.on(c.ChoosePower)
def choose_power(ctx: Ctx, cmd: c.ChoosePower) -> None:
    emit_all(ctx, decide_powers.choose_power(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                             ctx.dice))


@HANDLERS.on(c.UpgradePower)
def upgrade_power(ctx: Ctx, cmd: c.UpgradePower) -> None:
    emit_all(ctx, decide_powers.upgrade_power(
        cmd, sheet(ctx, cmd.character_id, "character_id"), ctx.dice))


@HANDLERS.on(c.ChoosePowerOption)
def choose_power_option(ctx: Ctx, cmd: c.ChoosePowerOption) -> None:
    emit_all(ctx, decide_powers.choose_option(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.ConvertPowerRolls)
def convert_power_rolls(ctx: Ctx, cmd: c.ConvertPowerRolls) -> None:
    emit_all(ctx, decide_powers.convert(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.TakeBackground)
def take_background(ctx: Ctx, cmd: c.TakeBackground) -> None:
    emit_all(ctx, decide_powers.take_background(
        cmd, sheet(ctx, cmd.character_id, "character_id"), ctx.dice))


@HANDLERS.on(c.ChooseEquipment)
def choose_equipment(ctx: Ctx, cmd: c.ChooseEquipment) -> None:
    emit_all(ctx, equipment.choose(cmd, sheet(ctx, cmd.character_id, "character_id")))
