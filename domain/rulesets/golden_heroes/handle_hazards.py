"""Handlers of what befalls a character outside its own strikes, and its recovery: falls,
falling objects, vehicles, bindings, recovery and aid (L72-L74, L124-L140)."""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import bindings, falling_objects, falls, recovery
from domain.rulesets.golden_heroes.events import Ctx, emit_all, sheet
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.Fall)
def fall(ctx: Ctx, cmd: c.Fall) -> None:
    emit_all(ctx, falls.fall(cmd, sheet(ctx, cmd.character_id, "character_id"), ctx.dice,
                             ctx.options.hospitalised_at))


@HANDLERS.on(c.DropObject)
def drop_object(ctx: Ctx, cmd: c.DropObject) -> None:
    emit_all(ctx, falling_objects.drop(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.Ram)
def ram(ctx: Ctx, cmd: c.Ram) -> None:
    emit_all(ctx, falling_objects.ram(cmd, sheet(ctx, cmd.character_id, "character_id")))


@HANDLERS.on(c.Bind)
def bind(ctx: Ctx, cmd: c.Bind) -> None:
    emit_all(ctx, bindings.bind(cmd, sheet(ctx, cmd.character_id, "character_id"), ctx.dice))


@HANDLERS.on(c.EscapeBinding)
def escape_binding(ctx: Ctx, cmd: c.EscapeBinding) -> None:
    emit_all(ctx, bindings.escape(cmd, sheet(ctx, cmd.character_id, "character_id"),
                                  ctx.states, ctx.dice))


@HANDLERS.on(c.Recover)
def recover(ctx: Ctx, cmd: c.Recover) -> None:
    emit_all(ctx, recovery.recover(cmd, sheet(ctx, cmd.character_id, "character_id"), ctx.dice,
                                   ctx.options.hospitalised_at))


@HANDLERS.on(c.Aid)
def aid(ctx: Ctx, cmd: c.Aid) -> None:
    emit_all(ctx, recovery.aid(cmd, sheet(ctx, cmd.character_id, "character_id"),
                               sheet(ctx, cmd.target_id, "target_id"), ctx.dice))
