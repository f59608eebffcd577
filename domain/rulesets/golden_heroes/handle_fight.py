"""Handlers of a fight's commands: its time, strikes and responses, grapples, throws, lifts,
force fields, mental attacks and the coup de grace (L40-L123, L206-L207)."""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import (
    coup_de_grace,
    decide_combat,
    decide_damage,
    decide_grapple,
    decide_strike,
    force_fields,
    general_fields,
    judo,
    lifting,
    mental,
)
from domain.rulesets.golden_heroes.events import Ctx, emit_all, loader, sheet
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.StartCombat)
def start_combat(ctx: Ctx, cmd: c.StartCombat) -> None:
    emit_all(ctx, decide_combat.start_combat(cmd, loader(ctx), ctx.states, ctx.dice))


@HANDLERS.on(c.RollInitiative)
def roll_initiative(ctx: Ctx, cmd: c.RollInitiative) -> None:
    emit_all(ctx, decide_combat.roll_initiative(cmd, ctx.states, ctx.dice))


@HANDLERS.on(c.Act)
def act(ctx: Ctx, cmd: c.Act) -> None:
    emit_all(ctx, decide_combat.act(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                    ctx.states))


@HANDLERS.on(c.EndPhase)
def end_phase(ctx: Ctx, cmd: c.EndPhase) -> None:
    emit_all(ctx, decide_combat.end_phase(cmd, ctx.states))


@HANDLERS.on(c.EndCombat)
def end_combat(ctx: Ctx, cmd: c.EndCombat) -> None:
    emit_all(ctx, decide_combat.end_combat(cmd, ctx.states))


@HANDLERS.on(c.Strike)
def strike(ctx: Ctx, cmd: c.Strike) -> None:
    emit_all(ctx, decide_strike.decide(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                       sheet(ctx, cmd.target_id, "target_id"), ctx.states,
                                       ctx.dice))


@HANDLERS.on(c.Respond)
def respond(ctx: Ctx, cmd: c.Respond) -> None:
    emit_all(ctx, decide_damage.respond(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                        ctx.states, ctx.dice, ctx.options))


@HANDLERS.on(c.RaiseForceField)
def raise_force_field(ctx: Ctx, cmd: c.RaiseForceField) -> None:
    emit_all(ctx, force_fields.raise_field(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                           ctx.states))


@HANDLERS.on(c.PlaceForceField)
def place_force_field(ctx: Ctx, cmd: c.PlaceForceField) -> None:
    emit_all(ctx, general_fields.place(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                       ctx.states))


@HANDLERS.on(c.MentalAttack)
def mental_attack(ctx: Ctx, cmd: c.MentalAttack) -> None:
    emit_all(ctx, mental.attack(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                sheet(ctx, cmd.target_id, "target_id"), ctx.states, ctx.dice))


@HANDLERS.on(c.CoupDeGrace)
def deliver_coup_de_grace(ctx: Ctx, cmd: c.CoupDeGrace) -> None:
    emit_all(ctx, coup_de_grace.deliver(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                        sheet(ctx, cmd.target_id, "target_id"), ctx.states,
                                        ctx.dice))


@HANDLERS.on(c.Grab)
def grab(ctx: Ctx, cmd: c.Grab) -> None:
    emit_all(ctx, decide_grapple.grab(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                      sheet(ctx, cmd.target_id, "target_id"), ctx.states,
                                      ctx.dice))


@HANDLERS.on(c.Grapple)
def grapple(ctx: Ctx, cmd: c.Grapple) -> None:
    emit_all(ctx, decide_grapple.grapple(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                         sheet(ctx, cmd.target_id, "target_id"), ctx.states,
                                         ctx.dice))


@HANDLERS.on(c.MaintainGrapple)
def maintain_grapple(ctx: Ctx, cmd: c.MaintainGrapple) -> None:
    emit_all(ctx, decide_grapple.maintain(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                          sheet(ctx, cmd.target_id, "target_id"), ctx.states,
                                          ctx.dice, ctx.options))


@HANDLERS.on(c.LetGo)
def let_go(ctx: Ctx, cmd: c.LetGo) -> None:
    emit_all(ctx, decide_grapple.let_go(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                        sheet(ctx, cmd.target_id, "target_id"), ctx.states))


@HANDLERS.on(c.JudoThrow)
def judo_throw(ctx: Ctx, cmd: c.JudoThrow) -> None:
    emit_all(ctx, judo.throw(cmd, sheet(ctx, cmd.character_id, "character_id"),
                             sheet(ctx, cmd.target_id, "target_id"), ctx.states, ctx.dice))


@HANDLERS.on(c.Push)
def push(ctx: Ctx, cmd: c.Push) -> None:
    emit_all(ctx, lifting.push(cmd, sheet(ctx, cmd.character_id, "character_id"), ctx.states,
                               ctx.options.half_movement_rounding))


@HANDLERS.on(c.Lift)
def lift(ctx: Ctx, cmd: c.Lift) -> None:
    lifter = sheet(ctx, cmd.character_id, "character_id")
    lifted = None if cmd.target_id is None else sheet(ctx, cmd.target_id, "target_id")
    emit_all(ctx, lifting.lift(cmd, lifter, lifted, ctx.states,
                               ctx.options.half_movement_rounding))
