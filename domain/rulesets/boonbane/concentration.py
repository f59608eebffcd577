"""Concentrate (L144-L147): a creature prolongs an effect; taking damage or gaining Insanity calls
for a Will challenge roll, and a failure loses the concentration."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import ChallengeRoll, DamageTaken, OnSuccess
from contracts.rulesets.boonbane.concentration import Concentrate, ConcentrationChanged
from domain.dice import Dice
from domain.rulesets.boonbane import decide_rolls, turns
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.state import BoonbaneSheet

Decided = list[tuple[str, BoonbaneEvent]]


def begin(cmd: Concentrate, sheet: BoonbaneSheet) -> ConcentrationChanged:
    """Concentrate on ``effect`` (L145): an action, so a creature that cannot use actions cannot
    (L265-L334; in an encounter the turn's action checks it)."""
    if cmd.encounter_id is None:
        turns.no_actions(sheet)
    return ConcentrationChanged(character_id=cmd.character_id, effect=cmd.effect,
                                cause="concentrate L145")


def check(sheet: BoonbaneSheet, cid: str, campaign_id: str, why: str, dice: Dice,
          opts: BoonbaneOptions) -> Decided:
    """The Will challenge roll of L147 (TN 10; Insanity's penalty and every other source apply);
    a failure loses the concentration. Nothing when the creature concentrates on nothing."""
    if sheet.concentrating is None:
        return []
    will = ChallengeRoll(campaign_id=campaign_id, character_id=cid, stat="will")
    plan = decide_rolls.plan_challenge(will, sheet, opts.repetition_exempt,
                                       opts.knowledge_gate_unknown)
    roll = decide_rolls.make(plan, dice, cid, None, number=sheet.rolls + 1, cmd=will,
                             on_success=[OnSuccess(action="kept_concentration",
                                                   detail=sheet.concentrating)])
    out: Decided = [(cid, roll)]
    if not roll.success:
        out.append((cid, ConcentrationChanged(
            character_id=cid, effect=None, cause=f"{why}: failed Will challenge roll L147")))
    return out


def after_damage(sheet: BoonbaneSheet, taken: DamageTaken, campaign_id: str, dice: Dice,
                 opts: BoonbaneOptions) -> Decided:
    """Damage (1 or more, L147) calls for the check; a creature it leaves unable to act
    (disabled, dying, unconscious, dead) loses concentration without one (digest D-76)."""
    if sheet.concentrating is None or taken.applied <= 0:
        return []
    lost = after_life_change(sheet, taken.character_id, taken.life_state, taken.marked_dead)
    if lost:
        return lost
    after = msgspec.structs.replace(sheet, damage=taken.damage)
    return check(after, taken.character_id, campaign_id, "took damage", dice, opts)


def after_life_change(sheet: BoonbaneSheet, cid: str, life_state: str, marked_dead: bool
                      ) -> Decided:
    """A creature left unable to act (disabled, dying, unconscious, dead or marked dead) loses
    its concentration (digest D-76), whatever path put it there: damage or a lower Health."""
    if sheet.concentrating is None or (life_state == "active" and not marked_dead):
        return []
    return [(cid, ConcentrationChanged(
        character_id=cid, effect=None, cause=f"{life_state}: cannot act D-76"))]


def after_insanity(sheet: BoonbaneSheet, cid: str, gained: int, insanity: int, campaign_id: str,
                   dice: Dice, opts: BoonbaneOptions) -> Decided:
    """Gaining Insanity calls for the check (L147), with the Insanity now held (L387)."""
    if gained <= 0:
        return []
    return check(msgspec.structs.replace(sheet, insanity=insanity), cid, campaign_id,
                 "gained Insanity", dice, opts)


def fold(sheet: BoonbaneSheet, ev: ConcentrationChanged) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, concentrating=ev.effect)

