"""How each boon/bane event folds, by class: into a creature's sheet (``SHEETS``) or into an
encounter's round state (``ENCOUNTERS``; ``starts`` makes one). A folded sheet's life state
agrees with its Damage and Health whatever events remain (L61-L65, ``life.reconcile``)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import concentration as k
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane import minor as n
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import stealth as h
from contracts.rulesets.boonbane import weapons as w
from domain.rulesets.boonbane import (
    afflictions,
    awards,
    concentration,
    damage,
    decide_overlays,
    dying,
    fortune,
    fortune_fate,
    grabs,
    healing,
    hiding,
    jams,
    life,
    minor,
    rounds,
    turns,
    views,
    waking,
    weapons,
)
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.overlays import death_state
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet
from domain.rulesets.seam import Folds


class SheetFolds(Folds[BoonbaneSheet]):
    """Sheet folds, each followed by the life state's reconciliation (L61-L65); a folded sheet
    is always a new one, so its stored form is written afresh as it always was."""

    def fold(self, state: BoonbaneSheet, event: msgspec.Struct) -> BoonbaneSheet:
        if type(event) not in self:
            return state
        folded = life.reconcile(super().fold(state, event))
        return msgspec.structs.replace(folded) if folded is state else folded


def fold_roll(sheet: BoonbaneSheet, ev: c.RollMade) -> BoonbaneSheet:
    """The roller's latest roll (Fortune may amend it, L45) and the jam an even misfire makes
    (L128)."""
    return jams.fold_roll(fortune.fold_roll(sheet, ev), ev)


def fold_effect_added(sheet: BoonbaneSheet, ev: p.RoundEffectAdded) -> BoonbaneSheet:
    """An effect lasting the round (Defend L150, Help L184, charging L143, ...)."""
    return msgspec.structs.replace(sheet, round_effects=[*sheet.round_effects,
                                                         views.round_effect(ev.effect)])


def fold_effect_used(sheet: BoonbaneSheet, ev: p.RoundEffectUsed) -> BoonbaneSheet:
    """A round's effect used up (one instance of it)."""
    effects = list(sheet.round_effects)
    effect = views.round_effect(ev.effect)
    if effect in effects:
        effects.remove(effect)
    return msgspec.structs.replace(sheet, round_effects=effects)


SHEETS = SheetFolds()
SHEETS.add(c.DamageTaken, damage.fold)
SHEETS.add(c.Healed, healing.fold)
SHEETS.add(c.FateRolled, dying.fold)
SHEETS.add(c.FortuneSpent, fortune.fold)
SHEETS.add(c.RollMade, fold_roll)
SHEETS.add(p.AfflictionAdded, afflictions.fold_added)
SHEETS.add(p.AfflictionRemoved, afflictions.fold_removed)
SHEETS.add(p.AfflictionsTicked, rounds.fold_ticked)
SHEETS.add(p.WeaponRepaired, jams.fold_repaired)
SHEETS.add(p.TimePassed, waking.fold)
SHEETS.add(p.StatAwarded, awards.fold)
SHEETS.add(p.FateAmended, fortune_fate.fold)
SHEETS.add(p.FortuneAmended, fortune.fold_amended)
SHEETS.add(p.RoundEffectAdded, fold_effect_added)
SHEETS.add(p.RoundEffectUsed, fold_effect_used)
SHEETS.add(w.WeaponChanged, weapons.fold)
SHEETS.add(n.MinorActivityDone, minor.fold)
SHEETS.add(h.HiddenChanged, hiding.fold)
SHEETS.add(k.ConcentrationChanged, concentration.fold)
SHEETS.add(g.GrabStarted, grabs.fold_started)
SHEETS.add(g.GrabEnded, grabs.fold_ended)
SHEETS.add(o.OverlayChanged, decide_overlays.fold_changed)
SHEETS.add(o.ArtifactUsed, decide_overlays.fold_artifact)
SHEETS.add(o.SpellCast, decide_overlays.fold_cast)
SHEETS.add(o.KnowledgeSet, decide_overlays.fold_knowledge)
SHEETS.add(o.EscalationChanged, decide_overlays.fold_escalation)
SHEETS.add(o.ActionReinterpreted, decide_overlays.fold_reinterpreted)
SHEETS.add(o.SessionStarted, decide_overlays.fold_session)
SHEETS.add(o.SceneEnded, decide_overlays.fold_scene)
SHEETS.add(o.DeathStateEnded, death_state.fold_ended)

ENCOUNTERS: Folds[BoonbaneEncounter] = Folds()
ENCOUNTERS.add(p.EncounterStarted, turns.restarted)
ENCOUNTERS.add(p.TurnTaken, turns.fold_turn)
ENCOUNTERS.add(p.ActionUsed, turns.fold_spent)
ENCOUNTERS.add(p.RoundEnded, turns.fold_round)
ENCOUNTERS.add(n.MinorActivityUsed, turns.fold_minor)


def starts(ev: BoonbaneEvent) -> BoonbaneEncounter | None:
    """The encounter an event starts: only EncounterStarted makes one from nothing (L117)."""
    return turns.started(ev) if isinstance(ev, p.EncounterStarted) else None
