"""Handlers of play in an encounter: starting it and its rounds (L115-L122), turns, the move and
the actions that move (L121-L122, L224-L227), the other actions (L144-L232), minor activities
(L70-L74), reloading (L129) and concentrating (L145-L147)."""

from __future__ import annotations

from contracts.rulesets.boonbane import concentration as k
from contracts.rulesets.boonbane import minor as n
from contracts.rulesets.boonbane import movement as m
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import weapons as w
from domain.rulesets.boonbane import concentration, decide_movement, decide_play, minor, weapons
from domain.rulesets.boonbane.context import Ctx, encounter, loader, record
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(p.StartEncounter)
def start_encounter(ctx: Ctx, cmd: p.StartEncounter) -> None:
    """Round 1 of an encounter begins (L117)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.start_encounter(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(p.TakeTurn)
def take_turn(ctx: Ctx, cmd: p.TakeTurn) -> None:
    """A fast or slow turn (L117-L119); at Exposure tier 3 a Will roll first (L372)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.take_turn(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.EndRound)
def end_round(ctx: Ctx, cmd: p.EndRound) -> None:
    """The round ends: its end-of-round effects resolve last (L120)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.end_round(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.CheckSurprise)
def check_surprise(ctx: Ctx, cmd: p.CheckSurprise) -> None:
    """The GM checks a creature for surprise (L107-L109)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.check_surprise(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.Move)
def move(ctx: Ctx, cmd: p.Move) -> None:
    """The turn's move (L121-L122): standing from prone (L313), leaving grabs (L181, L294-L295)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_movement.move(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(m.Rush)
def rush(ctx: Ctx, cmd: m.Rush) -> None:
    """Rush: "Move up to twice your Speed." (L227)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_movement.rush_or_retreat(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(m.Retreat)
def retreat(ctx: Ctx, cmd: m.Retreat) -> None:
    """Retreat: half Speed without free attacks (L224)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_movement.rush_or_retreat(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(p.Defend)
def defend(ctx: Ctx, cmd: p.Defend) -> None:
    """Defend (L148-L151)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.defend(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(p.Help)
def help_(ctx: Ctx, cmd: p.Help) -> None:
    """Help (L182-L184)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.help_(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.Distract)
def distract(ctx: Ctx, cmd: p.Distract) -> None:
    """Distract (L157-L160)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.distract(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.Prepare)
def prepare(ctx: Ctx, cmd: p.Prepare) -> None:
    """Prepare (L204-L208)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.prepare(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(p.Feint)
def feint(ctx: Ctx, cmd: p.Feint) -> None:
    """Feint (L168-L171)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.feint(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx), ctx.dice, ctx.options))


@HANDLERS.on(p.WakeCreature)
def wake(ctx: Ctx, cmd: p.WakeCreature) -> None:
    """Another creature wakes a sleeping one (L252)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, decide_play.wake(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)))


@HANDLERS.on(n.MinorActivity)
def minor_activity(ctx: Ctx, cmd: n.MinorActivity) -> None:
    """A minor activity (L70-L74)."""
    record(ctx, cmd.campaign_id, cmd.encounter_id, list(minor.decide(
        cmd, encounter(ctx, cmd.encounter_id), loader(ctx)(cmd.character_id, "character_id"),
        ctx.options)))


@HANDLERS.on(w.Reload)
def reload(ctx: Ctx, cmd: w.Reload) -> None:
    """Reloading a weapon (L129) is the turn's action in an encounter."""
    sheet = loader(ctx)(cmd.character_id, "character_id")
    record(ctx, cmd.campaign_id, cmd.encounter_id, [
        *decide_play.spend(cmd.encounter_id, encounter(ctx, cmd.encounter_id), sheet,
                           cmd.character_id, "action", "Reload"),
        (cmd.character_id, weapons.reload(sheet, cmd))])


@HANDLERS.on(k.Concentrate)
def concentrate(ctx: Ctx, cmd: k.Concentrate) -> None:
    """Concentrating (L145-L147) is the turn's action in an encounter."""
    sheet = loader(ctx)(cmd.character_id, "character_id")
    record(ctx, cmd.campaign_id, cmd.encounter_id, [
        *decide_play.spend(cmd.encounter_id, encounter(ctx, cmd.encounter_id), sheet,
                           cmd.character_id, "action", "Concentrate"),
        (cmd.character_id, concentration.begin(cmd, sheet))])
