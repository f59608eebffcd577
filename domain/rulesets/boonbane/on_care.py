"""Handlers of the GM's care of creatures: damage (L25-L30), healing and rest (L53-L58,
L93-L95), the Fate roll (L34-L38), afflictions (L303-L306), awards (digest D-62), game time
passing (L38, L64) and a jammed weapon's repair (L128)."""

from __future__ import annotations

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import rests as r
from domain.rulesets.boonbane import (
    concentration,
    decide_overlays,
    decide_play,
    dying,
    healing,
    jams,
    rests,
    waking,
)
from domain.rulesets.boonbane.context import Ctx, loader, record
from domain.rulesets.boonbane.decide_play import Decided
from domain.rulesets.boonbane.overlays import death_state
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.TakeDamage)
def take_damage(ctx: Ctx, cmd: c.TakeDamage) -> None:
    """One damage instance (L25-L30), and the concentration it may break (L147)."""
    sheet = loader(ctx)(cmd.character_id, "character_id")
    taken = decide_overlays.take_damage(
        sheet, cmd.character_id, cmd.amount, halve=cmd.halve, npc_outcome=cmd.npc_outcome,
        invulnerability=cmd.invulnerability, dice=ctx.dice, opts=ctx.options)
    record(ctx, cmd.campaign_id, None, [
        (cmd.character_id, taken),
        *concentration.after_damage(sheet, taken, cmd.campaign_id, ctx.dice, ctx.options)])


@HANDLERS.on(c.Heal)
def heal(ctx: Ctx, cmd: c.Heal) -> None:
    """Healing (L53-L58); a rest's hours pass first: the sleeper wakes within them (L38, L64,
    L93-L94)."""
    sheet = loader(ctx)(cmd.character_id, "character_id")
    out: Decided = []
    if (cmd.rest_hours is not None and sheet.life_state != "dead"
            and any(a.hours is not None for a in sheet.afflictions)):
        passed = waking.pass_time(sheet, cmd.character_id, cmd.rest_hours,
                                  rounds_per_minute=ctx.options.rounds_per_minute,
                                  npc_wake_heal=ctx.options.npc_wake_heal)
        out.append((cmd.character_id, passed))
        sheet = waking.fold(sheet, passed)
    healed = healing.heal(sheet, cmd.character_id, cmd.amount, cmd.rest_hours, cmd.source)
    record(ctx, cmd.campaign_id, None, [*out, (cmd.character_id, healed)])


@HANDLERS.on(c.FateRoll)
def fate_roll(ctx: Ctx, cmd: c.FateRoll) -> None:
    """The end-of-round Fate roll (L34-L38), or the Death State instead of death (L352-L356)."""
    sheet = loader(ctx)(cmd.character_id, "character_id")
    fate = death_state.instead_of_death(
        dying.fate(sheet, cmd.character_id, ctx.dice, order=ctx.options.disabled_counter_order,
                   rounds_per_minute=ctx.options.rounds_per_minute), ctx.options.death_mode)
    record(ctx, cmd.campaign_id, None, [(cmd.character_id, fate)])


@HANDLERS.on(r.Rest)
def rest(ctx: Ctx, cmd: r.Rest) -> None:
    """A rest (L93-L95) and its interruptions."""
    record(ctx, cmd.campaign_id, None, rests.rest(cmd, loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.AddAffliction)
def add_affliction(ctx: Ctx, cmd: p.AddAffliction) -> None:
    """The GM adds an affliction (L303-L306)."""
    record(ctx, cmd.campaign_id, None, decide_play.add_affliction(cmd, loader(ctx)))


@HANDLERS.on(p.RemoveAffliction)
def remove_affliction(ctx: Ctx, cmd: p.RemoveAffliction) -> None:
    """The GM removes an affliction (L306)."""
    record(ctx, cmd.campaign_id, None, decide_play.remove_affliction(cmd, loader(ctx)))


@HANDLERS.on(p.AwardStat)
def award_stat(ctx: Ctx, cmd: p.AwardStat) -> None:
    """The GM's change of a stat (digest D-62)."""
    record(ctx, cmd.campaign_id, None, decide_play.award(cmd, loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.AreaDamage)
def area_damage(ctx: Ctx, cmd: p.AreaDamage) -> None:
    """One damage roll on each target (L29-L30)."""
    record(ctx, cmd.campaign_id, None,
           decide_play.area_damage(cmd, loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.PassTime)
def pass_time(ctx: Ctx, cmd: p.PassTime) -> None:
    """Game time passes (L38, L64)."""
    record(ctx, cmd.campaign_id, None, [(cmd.character_id, waking.pass_time(
        loader(ctx)(cmd.character_id, "character_id"), cmd.character_id, cmd.hours,
        rounds_per_minute=ctx.options.rounds_per_minute,
        npc_wake_heal=ctx.options.npc_wake_heal))])


@HANDLERS.on(p.RepairWeapon)
def repair_weapon(ctx: Ctx, cmd: p.RepairWeapon) -> None:
    """A jammed weapon repaired (L128)."""
    record(ctx, cmd.campaign_id, None, [(cmd.character_id, jams.repair(
        loader(ctx)(cmd.character_id, "character_id"), cmd))])
