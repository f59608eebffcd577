"""Stabilize (L233-L237): an Int challenge roll that heals an incapacitated creature 1 damage."""

from __future__ import annotations

from collections.abc import Callable

from contracts.rulesets.boonbane import ChallengeRoll, OnSuccess, Stabilize
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.boonbane import decide_rolls
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.state import BoonbaneSheet


def decide(cmd: Stabilize, sheets: Callable[[str, str], BoonbaneSheet], dice: Dice
           ) -> list[tuple[str, BoonbaneEvent]]:
    """The Int challenge roll (TN 10, 1 bane on a dying creature, L236); success heals 1 (L237,
    the ``stabilize`` effect of ``success``, applied for a Fortune success alike, L45)."""
    actor = sheets(cmd.character_id, "character_id")
    target = sheets(cmd.target_id, "target_id")
    decide_rolls.cannot_act(actor)
    if target.life_state == "dead" or (target.damage < target.health
                                       and target.life_state not in ("disabled", "dying")):
        raise StateConflict("target_id", "boonbane.stabilize L235",
                            "Stabilize needs an incapacitated, disabled or dying creature")
    spec = ChallengeRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                         stat="intellect",
                         situations=["stabilize_dying"] if target.life_state == "dying" else [])
    ev = decide_rolls.make(decide_rolls.plan_challenge(spec, actor), dice, cmd.character_id,
                           cmd.target_id, number=actor.rolls + 1, cmd=spec,
                           on_success=[OnSuccess(action="stabilize", target_id=cmd.target_id)])
    return [(cmd.character_id, ev)]
