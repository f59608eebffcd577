"""What the melee and ranged attack options do beyond their banes (L196-L218): Driving's move
(L199), Guarded's bane on
the next attack against the guarder's Defense this round (L200), and the Agi challenge roll or
fall prone of Unbalancing (L203) and Staggering Shot (L218), which a defending target makes with
1 boon (L150)."""

from __future__ import annotations

from collections.abc import Sequence

from contracts.rulesets.boonbane import AttackRoll, OnSuccess, RollMade, RoundEffect, SourceLine
from contracts.rulesets.boonbane.play import RoundEffectAdded, RoundEffectUsed
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import afflictions, views
from domain.rulesets.boonbane.events import BoonbaneEvent
from domain.rulesets.boonbane.state import BoonbaneSheet

GUARDED_SOURCE = "target guarded (this round)"
# options whose success makes a target of the attacker's Size or smaller resist or fall prone
KNOCKING: dict[str, str] = {"unbalancing": "L203", "staggering_shot": "L218"}

Decided = list[tuple[str, BoonbaneEvent]]


def target_sources(target: BoonbaneSheet, against: str) -> list[SourceLine]:
    """Guarded (L200): the next attack against the guarder's Defense this round has 1 bane."""
    if against == "defense" and any(e.kind == "guarded" for e in target.round_effects):
        return [SourceLine(source=GUARDED_SOURCE, line="L200", banes=1)]
    return []


# effects on a mover whose movement triggers no free attacks from their target (L171, L202)
NO_FREE_ATTACK: dict[str, str] = {"feint_safe_movement": "boonbane.feint L171",
                                  "shifting": "boonbane.shifting L202",
                                  "retreating": "boonbane.retreat L224"}


def refuse(cmd: AttackRoll, actor: BoonbaneSheet, target: BoonbaneSheet) -> None:
    """Staggering Shot attacks a target of the attacker's Size or smaller (L218). A free attack
    (L50) is a triggered action, and not against a creature whose Feint or Shifting attack keeps
    its movement from triggering the attacker's free attacks (L171, L202)."""
    if cmd.free_attack and cmd.use != "triggered":
        raise DomainError("use", "boonbane.free-attack L50",
                          "a free attack uses the round's triggered action")
    for effect in target.round_effects:
        rule = NO_FREE_ATTACK.get(effect.kind)
        # a Retreat (no target) protects from every creature (L224)
        if cmd.free_attack and rule and effect.target_id in (None, cmd.character_id):
            raise StateConflict("free_attack", rule,
                                f"{cmd.target_id!r}'s movement triggers no free attacks from "
                                f"{cmd.character_id!r} this round")
    if "staggering_shot" in cmd.situations and target.size > actor.size:
        raise StateConflict("situations", "boonbane.staggering-shot L218",
                            f"a staggering shot needs a target of Size {actor.size} or smaller, "
                            f"not {target.size}")


def success_effects(cmd: AttackRoll) -> list[OnSuccess]:
    """What the options do on the attack's success (applied by ``success``, the dice's success or
    Fortune's alike): Driving moves both creatures (L199), Shifting keeps the attacker's movement
    from the target's free attacks (L202), Unbalancing and Staggering Shot make the target resist
    or fall prone (L203, L218)."""
    out = [OnSuccess(action=action, target_id=cmd.target_id)
           for action in ("driving", "shifting") if action in cmd.situations]
    lines = [line for key, line in KNOCKING.items() if key in cmd.situations]
    if lines:  # one resist roll, as ``knocking`` reads it
        out.append(OnSuccess(action="knocking", target_id=cmd.target_id, detail=lines[0]))
    return out


def after(cmd: AttackRoll, actor: BoonbaneSheet, target: BoonbaneSheet, ev: RollMade,
          sources: Sequence[SourceLine]) -> Decided:
    """The options' effects once the attack is rolled, success or not: a guarder's effect used
    up (L200), a guarding attacker's begun (the success effects are ``success_effects``)."""
    out: Decided = []
    if any(s.source == GUARDED_SOURCE for s in sources):
        used = next(e for e in target.round_effects if e.kind == "guarded")
        out.append((cmd.target_id, RoundEffectUsed(character_id=cmd.target_id,
                                                         effect=views.wire_round_effect(used))))
    if "guarded" in cmd.situations:
        out.append((cmd.character_id, RoundEffectAdded(
            character_id=cmd.character_id, effect=RoundEffect(kind="guarded",
                                                              source="guarded L200"))))
    return out


def knocking(cmd: AttackRoll, actor: BoonbaneSheet, target: BoonbaneSheet, ev: RollMade
             ) -> str | None:
    """The seed line of an option whose success makes the target resist or fall prone, when it
    does: a successful attack on a living target of the attacker's Size or smaller."""
    lines = [line for key, line in KNOCKING.items() if key in cmd.situations]
    if lines and ev.success and target.size <= actor.size and target.life_state != "dead":
        return lines[0]
    return None


def resist_sources(target: BoonbaneSheet) -> list[SourceLine]:
    """A defending creature resists attacks with 1 boon while it can use actions (L150-L151)."""
    if any(e.kind == "defending" for e in target.round_effects) and not (
            afflictions.active(target.afflictions) & afflictions.NO_ACTIONS.keys()):
        return [SourceLine(source="defending: resisting an attack", line="L150", boons=1)]
    return []
