"""Handlers of the grab family (Grab L175-L181, Escape L164-L167, Pull L209-L212, letting go
L295) and the size maneuvers (Knock Down L191-L195, Shove L228-L232, Disarm L152-L156)."""

from __future__ import annotations

from contracts.rulesets.boonbane import grabs as g
from domain.rulesets.boonbane import decide_grabs
from domain.rulesets.boonbane.context import Ctx, encounter, loader, record
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(g.Grab)
def grab(ctx: Ctx, cmd: g.Grab) -> None:
    """Grab (L175-L181)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_grabs.grab(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(g.Escape)
def escape(ctx: Ctx, cmd: g.Escape) -> None:
    """Escape (L164-L167)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_grabs.escape(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(g.Pull)
def pull(ctx: Ctx, cmd: g.Pull) -> None:
    """Pull (L209-L212)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_grabs.pull(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(g.ReleaseGrab)
def release(ctx: Ctx, cmd: g.ReleaseGrab) -> None:
    """The grabber lets go (L295)."""
    record(ctx, cmd.campaign_id, None, decide_grabs.release(cmd, loader(ctx)))


@HANDLERS.on(g.KnockDown)
def knock_down(ctx: Ctx, cmd: g.KnockDown) -> None:
    """Knock Down (L191-L195)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_grabs.knock_down(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(g.Shove)
def shove(ctx: Ctx, cmd: g.Shove) -> None:
    """Shove (L228-L232)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_grabs.shove(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(g.Disarm)
def disarm(ctx: Ctx, cmd: g.Disarm) -> None:
    """Disarm (L152-L156)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_grabs.disarm(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))
