"""Escalation (L357-L361): tokens from failed critical rolls, banes on related rolls."""

from __future__ import annotations

from contracts.rulesets.boonbane import RollMade
from contracts.rulesets.boonbane.overlays import EscalationChanged
from domain.rulesets.boonbane.state import BoonbaneSheet


def after_roll(sheet: BoonbaneSheet, roll: RollMade, consumed_on_use: bool
               ) -> EscalationChanged | None:
    """A failed critical roll gains a token (L359); success on the task clears them (L361); with
    the ``escalation_consumed_on_use`` option the related roll uses them up (digest D-54)."""
    key = roll.task_key
    if key is None:
        return None
    tokens = sheet.escalation.get(key, 0)
    if roll.success:
        return (EscalationChanged(character_id=roll.character_id, task_key=key, tokens=0,
                                  cause="the task succeeded L361") if tokens else None)
    left = 0 if consumed_on_use else tokens
    if roll.critical:
        return EscalationChanged(character_id=roll.character_id, task_key=key, tokens=left + 1,
                                 cause="failed critical roll L359")
    if left != tokens:
        return EscalationChanged(character_id=roll.character_id, task_key=key, tokens=left,
                                 cause="used on the related roll D-54")
    return None
