"""Handlers of the rolls and of Fortune: attack and challenge rolls, Stabilize (L233-L237),
Hide, Find and Reveal (L172-L190), Fortune given and spent (L45-L47)."""

from __future__ import annotations

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import stealth as h
from domain.dice import Dice
from domain.rulesets.boonbane import (
    concentration,
    decide_play,
    decide_rolls,
    decide_stabilize,
    decide_stealth,
    fortune,
    fortune_fate,
    success,
)
from domain.rulesets.boonbane.context import Ctx, encounter, loader, record
from domain.rulesets.boonbane.decide_play import Decided, Load
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


def _spent(ctx: Ctx, cmd: c.AttackRoll | c.ChallengeRoll | c.Stabilize | h.Hide | h.Find
           ) -> Decided:
    """The turn's action (or the round's triggered action) a roll in an encounter spends."""
    load = loader(ctx)
    return decide_play.spend(cmd.encounter_id, encounter(ctx, cmd.encounter_id),
                             load(cmd.character_id, "character_id"), cmd.character_id, cmd.use,
                             type(cmd).__name__)


def _misfire_concentration(cmd: c.AttackRoll, load: Load, decided: Decided, dice: Dice,
                           opts: BoonbaneOptions) -> Decided:
    """A Misfire that explodes (L128) damages its wielder, and "If you take damage ..., make a
    Will challenge roll or lose concentration." (L147): the same check as any other damage."""
    taken = [body for cid, body in decided
             if cid == cmd.character_id and isinstance(body, c.DamageTaken)]
    if not taken:
        return []
    sheet = load(cmd.character_id, "character_id")
    return list(concentration.after_damage(sheet, taken[0], cmd.campaign_id, dice, opts))


@HANDLERS.on(c.AttackRoll)
def attack_roll(ctx: Ctx, cmd: c.AttackRoll) -> None:
    """An attack roll (L4-L11), and the concentration its Misfire's damage may break (L147)."""
    load = loader(ctx)
    spent = _spent(ctx, cmd)
    decided: Decided = list(decide_rolls.decide(cmd, load, ctx.dice, ctx.options))
    decided = [*decided, *_misfire_concentration(cmd, load, decided, ctx.dice, ctx.options)]
    record(ctx, cmd.campaign_id, cmd.encounter_id, [*spent, *decided])


@HANDLERS.on(c.ChallengeRoll)
def challenge_roll(ctx: Ctx, cmd: c.ChallengeRoll) -> None:
    """A challenge roll (L4-L11)."""
    spent = _spent(ctx, cmd)
    decided = decide_rolls.decide(cmd, loader(ctx), ctx.dice, ctx.options)
    record(ctx, cmd.campaign_id, cmd.encounter_id, [*spent, *decided])


@HANDLERS.on(c.Stabilize)
def stabilize(ctx: Ctx, cmd: c.Stabilize) -> None:
    """Stabilize (L233-L237)."""
    spent = _spent(ctx, cmd)
    decided = decide_stabilize.decide(cmd, loader(ctx), ctx.dice)
    record(ctx, cmd.campaign_id, cmd.encounter_id, [*spent, *decided])


@HANDLERS.on(h.Hide)
def hide(ctx: Ctx, cmd: h.Hide) -> None:
    """Hide (L185-L190): the turn's action in an encounter."""
    sheet = loader(ctx)(cmd.character_id, "character_id")
    spent = _spent(ctx, cmd)
    record(ctx, cmd.campaign_id, cmd.encounter_id,
           [*spent, *decide_stealth.hide(cmd, sheet, ctx.dice, ctx.options)])


@HANDLERS.on(h.Find)
def find(ctx: Ctx, cmd: h.Find) -> None:
    """Find (L172-L174): the turn's action in an encounter."""
    load = loader(ctx)
    sheet = load(cmd.character_id, "character_id")
    spent = _spent(ctx, cmd)
    record(ctx, cmd.campaign_id, cmd.encounter_id,
           [*spent, *decide_stealth.find(cmd, sheet, load(cmd.target_id, "target_id"), ctx.dice,
                                         ctx.options)])


@HANDLERS.on(h.Reveal)
def reveal(ctx: Ctx, cmd: h.Reveal) -> None:
    """The hidden creature reveals itself (L188)."""
    record(ctx, cmd.campaign_id, None,
           list(decide_stealth.reveal(cmd, loader(ctx)(cmd.character_id, "character_id"))))


@HANDLERS.on(c.GiveFortune)
def give_fortune(ctx: Ctx, cmd: c.GiveFortune) -> None:
    """Fortune given to another player's character (L46)."""
    load = loader(ctx)
    record(ctx, cmd.campaign_id, None,
           list(fortune.give(load(cmd.character_id, "character_id"), cmd.character_id,
                             load(cmd.target_id, "target_id"), cmd.target_id)))


@HANDLERS.on(p.SpendFortune)
def spend_fortune(ctx: Ctx, cmd: p.SpendFortune) -> None:
    """Fortune on the latest roll (L45, L47) or on a Fate roll (a 6); a failure it turns into a
    success does what the roll's action does on a success (``success.after_fortune``)."""
    load = loader(ctx)
    sheet = load(cmd.character_id, "character_id")
    if cmd.use == "fate_six":
        record(ctx, cmd.campaign_id, None, [(cmd.character_id, fortune_fate.amend(
            sheet, cmd.character_id, ctx.options.rounds_per_minute))])
        return
    amended = fortune.amend(sheet, cmd.character_id, cmd.use)
    out: Decided = [(cmd.character_id, amended)]
    last = sheet.last_roll
    if last is not None and amended.success and not last.success:
        out.extend(success.after_fortune(last, cmd.character_id, cmd.target_id, sheet.escalation,
                                         (cmd.campaign_id, load, ctx.dice, ctx.options)))
    record(ctx, cmd.campaign_id, None, out)
