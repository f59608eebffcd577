"""Deciding Hide (L185-L190), Find (L172-L174) and revealing oneself (L188)."""

from __future__ import annotations

from contracts.rulesets.boonbane import ChallengeRoll, OnSuccess, RollSpec
from contracts.rulesets.boonbane.stealth import Find, Hide, Reveal
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.boonbane import decide_rolls
from domain.rulesets.boonbane.hiding import Decided, revealed
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.state import BoonbaneSheet


def hide(cmd: Hide, sheet: BoonbaneSheet, dice: Dice, opts: BoonbaneOptions) -> Decided:
    """Hide (L186): an Agi challenge roll (TN 10); on a success the creature is hidden (the
    ``hide`` effect of ``success``, L45 alike)."""
    if sheet.hidden:
        raise StateConflict("character_id", "boonbane.hide L186", "the creature is hidden")
    if cmd.encounter_id is None:  # in an encounter the turn's action checks it
        decide_rolls.cannot_act(sheet)
    agi = ChallengeRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                        stat="agility")
    plan = decide_rolls.plan_challenge(agi, sheet, opts.repetition_exempt,
                                       opts.knowledge_gate_unknown)
    return [(cmd.character_id, decide_rolls.make(
        plan, dice, cmd.character_id, None, number=sheet.rolls + 1, cmd=agi,
        on_success=[OnSuccess(action="hide")]))]


def find(cmd: Find, actor: BoonbaneSheet, target: BoonbaneSheet, dice: Dice,
         opts: BoonbaneOptions) -> Decided:
    """Find (L174): a Perception attack roll against a hidden creature's Agi; a success reveals
    it (to every creature: whom it is hidden from is not tracked; the ``find`` effect)."""
    if not target.hidden:
        raise StateConflict("target_id", "boonbane.find L174", f"{cmd.target_id!r} is not hidden")
    if cmd.encounter_id is None:
        decide_rolls.cannot_act(actor)
    spec = RollSpec(kind="attack", stat="perception", against="agility")
    plan = decide_rolls.plan_attack(spec, actor, target, opts.repetition_exempt,
                                    opts.knowledge_gate_unknown, seeking=True)
    return [(cmd.character_id, decide_rolls.make(
        plan, dice, cmd.character_id, cmd.target_id, number=actor.rolls + 1,
        on_success=[OnSuccess(action="find", target_id=cmd.target_id)]))]


def reveal(cmd: Reveal, sheet: BoonbaneSheet) -> Decided:
    """The hidden creature exposes itself, or the conditions of its hiding end (L188)."""
    if not sheet.hidden:
        raise StateConflict("character_id", "boonbane.hide L188", "the creature is not hidden")
    return revealed(sheet, cmd.character_id, "revealed L188")
