"""Deciding attack and challenge rolls: legality, automatic results, sources, then the dice."""

from __future__ import annotations

from typing import NamedTuple

from contracts.rulesets.boonbane import (
    AttackRoll,
    BoonbaneSheet,
    ChallengeRoll,
    RollMade,
    RollSpec,
    SourceLine,
)
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.boonbane import afflictions, boons
from domain.rulesets.boonbane.rolls import modifier, roll
from domain.rulesets.boonbane.sheet import defense


def cannot_act(actor: BoonbaneSheet) -> None:
    """Refuse an action by a creature whose afflictions forbid actions (L265-L334)."""
    for name in sorted(afflictions.active(actor.afflictions) & afflictions.NO_ACTIONS.keys()):
        raise StateConflict("character_id", f"boonbane.{name} {afflictions.NO_ACTIONS[name]}",
                            f"a {name} creature cannot use actions")


def automatic_failure(actor: BoonbaneSheet, stat: str, senses: list[str]) -> str | None:
    """The rule that fails a challenge roll with no dice, if any (L258, L275, L280, L324-L334)."""
    own = afflictions.active(actor.afflictions)
    for name, line in afflictions.CHALLENGES_FAIL.items():
        if name in own:
            return f"{name} {line}"
    if "defenseless" in own and stat != "perception":
        return "defenseless L280"
    if stat == "perception" and "blinded" in own and "sight" in senses:
        return "blinded L258"
    if stat == "perception" and "deafened" in own and "hearing" in senses:
        return "deafened L275"
    return None


def target_number(target: BoonbaneSheet, against: str) -> int:
    """An attack's target number: the target's Defense (L198, L215) or the named score."""
    return defense(target) if against == "defense" else int(getattr(target, against))


class Plan(NamedTuple):
    """A roll assembled by the rules before any die: its sources, modifier and target number."""

    kind: str
    stat: str
    against: str | None
    target_number: int
    base_modifier: int
    sources: list[SourceLine]
    automatic: str | None


def plan_attack(cmd: AttackRoll | RollSpec, actor: BoonbaneSheet, target: BoonbaneSheet) -> Plan:
    """An attack roll (L4-L11) with every source that holds (digest §4.11)."""
    stat = cmd.attribute if isinstance(cmd, AttackRoll) else cmd.stat
    sources = boons.collect(actor, kind="attack", stat=stat, target=target, against=cmd.against,
                            situations=cmd.situations, situational_banes=cmd.situational_banes,
                            in_reach=cmd.in_reach, task_key=cmd.task_key,
                            interaction=cmd.interaction)
    return Plan("attack", stat, cmd.against, target_number(target, cmd.against),
                modifier(getattr(actor, stat)), sources, None)


def plan_challenge(cmd: ChallengeRoll | RollSpec, actor: BoonbaneSheet) -> Plan:
    """A challenge roll (L17-L22), failing with no dice where an affliction says so."""
    sources = boons.collect(actor, kind="challenge", stat=cmd.stat, target=None, against=None,
                            situations=cmd.situations, situational_banes=cmd.situational_banes,
                            in_reach=True, task_key=cmd.task_key, interaction=cmd.interaction)
    return Plan("challenge", cmd.stat, None, cmd.target_number, modifier(getattr(actor, cmd.stat)),
                sources, automatic_failure(actor, cmd.stat, list(cmd.senses)))


def make(plan: Plan, dice: Dice, character_id: str, target_id: str | None) -> RollMade:
    """Roll a planned roll (no dice for an automatic result)."""
    return roll(dice, character_id=character_id, kind=plan.kind, stat=plan.stat,
                target_id=target_id, against=plan.against, target_number=plan.target_number,
                base_modifier=plan.base_modifier, sources=plan.sources, automatic=plan.automatic)
