"""Handlers of the Overlay commands (L335-L417): Insanity, Corruption, Exposure, Knowledge,
spells, artifacts, the Death State, scenes and sessions."""

from __future__ import annotations

from contracts.rulesets.boonbane import overlays as o
from domain.rulesets.boonbane import concentration, decide_overlays, hiding
from domain.rulesets.boonbane.context import Ctx, loader, record
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(o.ChangeInsanity)
def change_insanity(ctx: Ctx, cmd: o.ChangeInsanity) -> None:
    """Insanity changes (L384-L392); a gain may break concentration (L147, L392)."""
    load = loader(ctx)
    changed = decide_overlays.change_insanity(cmd, load, ctx.options)
    after = changed[0][1]
    assert isinstance(after, o.OverlayChanged)
    record(ctx, cmd.campaign_id, None, [*changed, *concentration.after_insanity(
        load(cmd.character_id, "character_id"), cmd.character_id, cmd.change,
        after.after.insanity, cmd.campaign_id, ctx.dice, ctx.options)])


@HANDLERS.on(o.ChangeCorruption)
def change_corruption(ctx: Ctx, cmd: o.ChangeCorruption) -> None:
    """Corruption changes (L342-L350)."""
    record(ctx, cmd.campaign_id, None,
           decide_overlays.change_corruption(cmd, loader(ctx), ctx.options))


@HANDLERS.on(o.TriggerExposure)
def trigger_exposure(ctx: Ctx, cmd: o.TriggerExposure) -> None:
    """An Exposure trigger (L373-L379)."""
    record(ctx, cmd.campaign_id, None,
           decide_overlays.trigger_exposure(cmd, loader(ctx), ctx.options))


@HANDLERS.on(o.RelieveExposure)
def relieve_exposure(ctx: Ctx, cmd: o.RelieveExposure) -> None:
    """Exposure relieved (L380-L383)."""
    record(ctx, cmd.campaign_id, None,
           decide_overlays.relieve_exposure(cmd, loader(ctx), ctx.options))


@HANDLERS.on(o.SetKnowledge)
def set_knowledge(ctx: Ctx, cmd: o.SetKnowledge) -> None:
    """The GM sets what a character knows (L399-L405)."""
    record(ctx, cmd.campaign_id, None, decide_overlays.set_knowledge(cmd, loader(ctx)))


@HANDLERS.on(o.CastSpell)
def cast_spell(ctx: Ctx, cmd: o.CastSpell) -> None:
    """A spell cast (L406-L417) reveals a hidden caster (L188)."""
    load = loader(ctx)
    cast = decide_overlays.cast_spell(cmd, load, ctx.dice, ctx.options)
    record(ctx, cmd.campaign_id, None, [*cast, *hiding.revealed(
        load(cmd.character_id, "character_id"), cmd.character_id, "revealed by casting L188")])


@HANDLERS.on(o.UseArtifact)
def use_artifact(ctx: Ctx, cmd: o.UseArtifact) -> None:
    """An artifact used (L393-L398)."""
    record(ctx, cmd.campaign_id, None, decide_overlays.use_artifact(cmd, loader(ctx), ctx.options))


@HANDLERS.on(o.FulfillDeathCondition)
def fulfil_death_condition(ctx: Ctx, cmd: o.FulfillDeathCondition) -> None:
    """The Death State's condition fulfilled (L356)."""
    record(ctx, cmd.campaign_id, None, decide_overlays.fulfil_death_condition(cmd, loader(ctx)))


@HANDLERS.on(o.EndScene)
def end_scene(ctx: Ctx, cmd: o.EndScene) -> None:
    """The scene ends (L361, L417)."""
    record(ctx, cmd.campaign_id, None, decide_overlays.end_scene(cmd, loader(ctx)))


@HANDLERS.on(o.ReinterpretAction)
def reinterpret(ctx: Ctx, cmd: o.ReinterpretAction) -> None:
    """The GM reinterprets an action (L371)."""
    record(ctx, cmd.campaign_id, None, decide_overlays.reinterpret(cmd, loader(ctx)))


@HANDLERS.on(o.StartSession)
def start_session(ctx: Ctx, cmd: o.StartSession) -> None:
    """A new session (L371, digest D-50)."""
    record(ctx, cmd.campaign_id, None, decide_overlays.start_session(cmd, loader(ctx)))
