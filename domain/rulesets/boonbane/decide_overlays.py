"""Deciding the Overlay commands (L335-L417) and damage with its overlays (Invulnerability,
Death State). Each returns (character id, event)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import msgspec

from contracts.rulesets.boonbane import DamageTaken
from contracts.rulesets.boonbane import overlays as o
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import damage, fortune_dice
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.overlays import (
    artifacts,
    death_state,
    exposure,
    figures,
    spell_consequence,
    thresholds,
)
from domain.rulesets.boonbane.state import BoonbaneSheet

Load = Callable[[str, str], BoonbaneSheet]
Decided = list[tuple[str | None, BoonbaneEvent]]


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
    return [(cid, o.OverlayChanged(character_id=cid, cause=cause, before=before,
                                                     after=after, effects=effects))]


def end_scene(cmd: o.EndScene, load: Load) -> Decided:
    """The scene ends (L361, L417): each participant's Escalation tokens are cleared."""
    out: Decided = []
    for i, part in enumerate(dict.fromkeys(cmd.participants)):
        sheet = load(part, f"participants[{i}]")
        out.append((part, o.SceneEnded(
            character_id=part, cleared_escalation=sorted(k for k, v in sheet.escalation.items()
                                                        if v))))
    return out


def start_session(cmd: o.StartSession, load: Load) -> Decided:
    """A new session (L371, digest D-50): each participant may be reinterpreted again."""
    started: Decided = []
    for i, part in enumerate(dict.fromkeys(cmd.participants)):
        load(part, f"participants[{i}]")  # refused naming it when there is no such creature
        started.append((part, o.SessionStarted(character_id=part)))
    return started


def reinterpret(cmd: o.ReinterpretAction, load: Load) -> Decided:
    """The GM reinterprets an action (L371)."""
    cid = cmd.character_id
    return [(cid, exposure.reinterpret(load(cid, "character_id"), cmd))]


def change_insanity(cmd: o.ChangeInsanity, load: Load, opts: BoonbaneOptions) -> Decided:
    """Insanity changes and its thresholds apply (L384-L392)."""
    cid = cmd.character_id
    fig = figures.of(load(cid, "character_id"))
    return _changed(cid, f"insanity {cmd.change:+d}: {cmd.reason}", fig,
                    thresholds.change_insanity(fig, cmd.change, opts.threshold_rearm,
                                               opts.exposure_max_tier))


def change_corruption(cmd: o.ChangeCorruption, load: Load, opts: BoonbaneOptions) -> Decided:
    """Corruption changes and its thresholds apply (L342-L350)."""
    cid = cmd.character_id
    fig = figures.of(load(cid, "character_id"))
    return _changed(cid, f"corruption {cmd.change:+d}: {cmd.reason}", fig,
                    thresholds.change_corruption(fig, cmd.change, opts.threshold_rearm))


def trigger_exposure(cmd: o.TriggerExposure, load: Load, opts: BoonbaneOptions) -> Decided:
    """An Exposure trigger raises the tier by one (L373-L379)."""
    cid = cmd.character_id
    fig = figures.of(load(cid, "character_id"))
    cause = f"{cmd.trigger} {exposure.GAIN[cmd.trigger]}"
    return _changed(cid, cause, fig, exposure.shift(fig, 1, cause, opts.exposure_max_tier))


def relieve_exposure(cmd: o.RelieveExposure, load: Load, opts: BoonbaneOptions) -> Decided:
    """Relief lowers the Exposure tier by one; never below tier 0 (L364, L380-L383)."""
    cid = cmd.character_id
    fig = figures.of(load(cid, "character_id"))
    if fig.exposure_tier == 0:
        raise DomainError("cause", "boonbane.exposure L364", "Exposure is already tier 0")
    cause = f"{cmd.cause} {exposure.RELIEF[cmd.cause]}"
    return _changed(cid, cause, fig, exposure.shift(fig, -1, cause, opts.exposure_max_tier))


def set_knowledge(cmd: o.SetKnowledge, load: Load) -> Decided:
    """The GM sets what a character knows of a gate (L399-L405)."""
    cid = cmd.character_id
    sheet = load(cid, "character_id")
    return [(cid, o.KnowledgeSet(
        character_id=cid, gate=cmd.gate, before=sheet.knowledge.get(cmd.gate, "unknown"),
        after=cmd.level))]


def cast_spell(cmd: o.CastSpell, load: Load, dice: Dice, opts: BoonbaneOptions) -> Decided:
    """A spell cast with its consequence (L406-L417), and the Fortune a consequence 6 spends."""
    cid = cmd.character_id
    caster = load(cid, "character_id")
    if cmd.fortune_six:
        fortune_dice.require_player(caster, "fortune_six", "consequence_six")
    cast = spell_consequence.cast(caster, cmd, dice, opts)
    spent: Decided = [(cid, fortune_dice.spent(caster, cid, "consequence_six",
                                                               cast.d6, cid))
                      ] if cast.fortune_six and cast.d6 is not None else []
    return [(cid, cast), *spent]


def use_artifact(cmd: o.UseArtifact, load: Load, opts: BoonbaneOptions) -> Decided:
    """An artifact used (L393-L398)."""
    cid = cmd.character_id
    return [(cid, artifacts.use(load(cid, "character_id"), cmd, opts))]


def fulfil_death_condition(cmd: o.FulfillDeathCondition, load: Load) -> Decided:
    """The Death State's condition fulfilled (L356)."""
    cid = cmd.character_id
    return [(cid, death_state.fulfil(load(cid, "character_id"), cid,
                                                        cmd.damage))]


# --------------------------------------------------------------------------- folds


def fold_changed(sheet: BoonbaneSheet, ev: o.OverlayChanged) -> BoonbaneSheet:
    """The sheet's overlay figures after a change."""
    return figures.fold(sheet, ev.after)


def fold_artifact(sheet: BoonbaneSheet, ev: o.ArtifactUsed) -> BoonbaneSheet:
    """The sheet's overlay figures after an artifact's use."""
    return figures.fold(sheet, ev.after)


def fold_cast(sheet: BoonbaneSheet, ev: o.SpellCast) -> BoonbaneSheet:
    """The caster's figures, and the scene's casts (L406-L417)."""
    sheet = figures.fold(sheet, ev.after)
    return msgspec.structs.replace(
        sheet, scene_casts=[*sheet.scene_casts, ev.spell],
        triggering_casts=sheet.triggering_casts + (1 if ev.triggers else 0))


def fold_knowledge(sheet: BoonbaneSheet, ev: o.KnowledgeSet) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, knowledge={**sheet.knowledge, ev.gate: ev.after})


def fold_escalation(sheet: BoonbaneSheet, ev: o.EscalationChanged) -> BoonbaneSheet:
    """A task's Escalation tokens, none kept at 0."""
    tokens = {k: v for k, v in sheet.escalation.items() if k != ev.task_key}
    if ev.tokens:
        tokens[ev.task_key] = ev.tokens
    return msgspec.structs.replace(sheet, escalation=tokens)


def fold_reinterpreted(sheet: BoonbaneSheet, ev: o.ActionReinterpreted) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, reinterpreted=True)


def fold_session(sheet: BoonbaneSheet, ev: o.SessionStarted) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, reinterpreted=False)


def fold_scene(sheet: BoonbaneSheet, ev: o.SceneEnded) -> BoonbaneSheet:
    """A scene's end clears what lasts a scene (L361, L417)."""
    return msgspec.structs.replace(sheet, escalation={}, repetition_key=None,
                                   repetition_count=0, scene_casts=[], triggering_casts=0)
