"""Deciding the Overlay commands (L335-L417) and damage with its overlays (Invulnerability,
Death State). Each returns (character id, event type, body)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import msgspec

from contracts.rulesets.boonbane import BoonbaneSheet, DamageTaken
from contracts.rulesets.boonbane import overlays as o
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import damage, fortune_dice
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import (
    artifacts,
    death_state,
    exposure,
    figures,
    spell_consequence,
    thresholds,
)

Load = Callable[[str, str], BoonbaneSheet]
Decided = list[tuple[str | None, str, msgspec.Struct]]


def take_damage(sheet: BoonbaneSheet, cid: str, amount: int, *, halve: bool,
                npc_outcome: Literal["die", "unconscious"] | None, invulnerability: str | None,
                dice: Dice, opts: BoonbaneOptions) -> DamageTaken:
    """One damage instance (L25-L30, L61-L65) with Invulnerability (L395-L397) and, where the
    campaign plays it, the Death State instead of death (L352-L356)."""
    death_state.refuse_damage(sheet)
    taken = damage.take(sheet, cid, amount, halve=halve, npc_outcome=npc_outcome, dice=dice,
                        invulnerability=invulnerability, injured_mode=opts.injured_threshold)
    out = death_state.instead_of_death(taken, opts.death_mode)
    assert isinstance(out, DamageTaken)
    return out


def _changed(cid: str, cause: str, before: o.OverlayFigures,
             result: tuple[o.OverlayFigures, list[str]]) -> Decided:
    after, effects = result
    return [(cid, "OverlayChanged", o.OverlayChanged(character_id=cid, cause=cause, before=before,
                                                     after=after, effects=effects))]


def decide(cmd: msgspec.Struct, load: Load, dice: Dice, opts: BoonbaneOptions) -> Decided | None:
    """The overlay commands; None for any other command."""
    if isinstance(cmd, o.EndScene):
        out: Decided = []
        for i, part in enumerate(dict.fromkeys(cmd.participants)):
            sheet = load(part, f"participants[{i}]")
            out.append((part, "SceneEnded", o.SceneEnded(
                character_id=part, cleared_escalation=sorted(k for k, v in sheet.escalation.items()
                                                            if v))))
        return out
    if isinstance(cmd, o.StartSession):
        started: Decided = []
        for i, part in enumerate(dict.fromkeys(cmd.participants)):
            load(part, f"participants[{i}]")  # refused naming it when there is no such creature
            started.append((part, "SessionStarted", o.SessionStarted(character_id=part)))
        return started
    cid = getattr(cmd, "character_id", None)
    if cid is None:
        return None
    if isinstance(cmd, o.ReinterpretAction):
        return [(cid, "ActionReinterpreted", exposure.reinterpret(load(cid, "character_id"), cmd))]
    if isinstance(cmd, o.ChangeInsanity):
        sheet = load(cid, "character_id")
        fig = figures.of(sheet)
        return _changed(cid, f"insanity {cmd.change:+d}: {cmd.reason}", fig,
                        thresholds.change_insanity(fig, cmd.change, opts.threshold_rearm,
                                                   opts.exposure_max_tier))
    if isinstance(cmd, o.ChangeCorruption):
        fig = figures.of(load(cid, "character_id"))
        return _changed(cid, f"corruption {cmd.change:+d}: {cmd.reason}", fig,
                        thresholds.change_corruption(fig, cmd.change, opts.threshold_rearm))
    if isinstance(cmd, o.TriggerExposure):
        fig = figures.of(load(cid, "character_id"))
        cause = f"{cmd.trigger} {exposure.GAIN[cmd.trigger]}"
        return _changed(cid, cause, fig, exposure.shift(fig, 1, cause, opts.exposure_max_tier))
    if isinstance(cmd, o.RelieveExposure):
        fig = figures.of(load(cid, "character_id"))
        if fig.exposure_tier == 0:
            raise DomainError("cause", "boonbane.exposure L364", "Exposure is already tier 0")
        cause = f"{cmd.cause} {exposure.RELIEF[cmd.cause]}"
        return _changed(cid, cause, fig, exposure.shift(fig, -1, cause, opts.exposure_max_tier))
    if isinstance(cmd, o.SetKnowledge):
        sheet = load(cid, "character_id")
        return [(cid, "KnowledgeSet", o.KnowledgeSet(
            character_id=cid, gate=cmd.gate, before=sheet.knowledge.get(cmd.gate, "unknown"),
            after=cmd.level))]
    if isinstance(cmd, o.CastSpell):
        caster = load(cid, "character_id")
        if cmd.fortune_six:
            fortune_dice.require_player(caster, "fortune_six", "consequence_six")
        cast = spell_consequence.cast(caster, cmd, dice, opts)
        spent = [(cid, "FortuneSpent", fortune_dice.spent(caster, cid, "consequence_six",
                                                          cast.d6, cid))
                 ] if cast.fortune_six and cast.d6 is not None else []
        return [(cid, "SpellCast", cast), *spent]
    if isinstance(cmd, o.UseArtifact):
        return [(cid, "ArtifactUsed", artifacts.use(load(cid, "character_id"), cmd, opts))]
    if isinstance(cmd, o.FulfillDeathCondition):
        return [(cid, "DeathStateEnded", death_state.fulfil(load(cid, "character_id"), cid,
                                                            cmd.damage))]
    return None


def fold(sheet: BoonbaneSheet, ev: msgspec.Struct) -> BoonbaneSheet:
    """The sheet after an overlay event."""
    if isinstance(ev, (o.OverlayChanged, o.ArtifactUsed)):
        return figures.fold(sheet, ev.after)
    if isinstance(ev, o.SpellCast):
        sheet = figures.fold(sheet, ev.after)
        return msgspec.structs.replace(
            sheet, scene_casts=[*sheet.scene_casts, ev.spell],
            triggering_casts=sheet.triggering_casts + (1 if ev.triggers else 0))
    if isinstance(ev, o.KnowledgeSet):
        return msgspec.structs.replace(sheet, knowledge={**sheet.knowledge,
                                                         ev.gate: ev.after})
    if isinstance(ev, o.DeathStateEnded):
        return death_state.fold_ended(sheet, ev)
    if isinstance(ev, o.EscalationChanged):
        tokens = {k: v for k, v in sheet.escalation.items() if k != ev.task_key}
        if ev.tokens:
            tokens[ev.task_key] = ev.tokens
        return msgspec.structs.replace(sheet, escalation=tokens)
    if isinstance(ev, o.ActionReinterpreted):
        return msgspec.structs.replace(sheet, reinterpreted=True)
    if isinstance(ev, o.SessionStarted):
        return msgspec.structs.replace(sheet, reinterpreted=False)
    if isinstance(ev, o.SceneEnded):
        return msgspec.structs.replace(sheet, escalation={}, repetition_key=None,
                                       repetition_count=0, scene_casts=[], triggering_casts=0)
    return sheet
