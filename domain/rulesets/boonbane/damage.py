"""Damage (L23-L30) and incapacitation (L59-L65): the Damage total and the life states it causes."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from contracts.rulesets.boonbane import AfflictionInstance, BoonbaneSheet, DamageTaken
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane.sheet import injured

# afflictions linked to a life state; they end with it (digest D-9)
DISABLED_DEFENSELESS = "disabled L33"
DYING_UNCONSCIOUS = "dying L40"
NPC_UNCONSCIOUS = "incapacitated L64"


def take(sheet: BoonbaneSheet, character_id: str, rolled: int, *, halve: bool,
         npc_outcome: Literal["die", "unconscious"] | None, dice: Dice,
         invulnerability: str | None = None, injured_mode: str = "exact_half") -> DamageTaken:
    """Apply one damage instance: halved rounded down (L30); at once >= Health kills (L28); any
    damage to the incapacitated kills (L63); otherwise added, never past Health (L25, L27); at
    Health the creature is incapacitated and prone (L26, L61-L62): a player character disabled and
    so defenseless (L65, L33), a non-player creature dead or unconscious 1d3 hours (L64).
    Invulnerability comes after halving and before the checks (L396-L397, digest D-58)."""
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "the creature is already dead")
    applied = rolled // 2 if halve else rolled
    if invulnerability == "unmet":
        applied = 0  # L396
    elif invulnerability == "partial":
        applied //= 2  # L397
    was_incapacitated = sheet.damage == sheet.health
    total = min(sheet.health, sheet.damage + applied)
    common: dict[str, Any] = {"character_id": character_id, "rolled": rolled, "applied": applied,
                              "health": sheet.health, "invulnerability": invulnerability}
    if applied <= 0:
        return DamageTaken(**common, excess=0, damage=sheet.damage, injured=injured(sheet, injured_mode),
                           incapacitated=was_incapacitated, life_state=sheet.life_state)
    # taking damage removes Asleep (L253)
    removed = ["asleep"] if any(a.name == "asleep" for a in sheet.afflictions) else []
    excess = sheet.damage + applied - total
    if applied >= sheet.health or was_incapacitated:
        cause = "died L28" if applied >= sheet.health else "died L63"
        return DamageTaken(**common, excess=excess, damage=total, injured=True, incapacitated=True,
                           life_state="dead", cause=cause, removed=removed)
    after = msgspec.structs.replace(sheet, damage=total)
    if total < sheet.health:
        return DamageTaken(**common, excess=excess, damage=total, injured=injured(after, injured_mode),
                           incapacitated=False, life_state=sheet.life_state, removed=removed)
    prone = AfflictionInstance(name="prone", source="incapacitated L62")
    if sheet.kind == "pc":
        return DamageTaken(**common, excess=excess, damage=total, injured=True, incapacitated=True,
                           life_state="disabled", cause="disabled L65", removed=removed,
                           added=[prone, AfflictionInstance(name="defenseless",
                                                            source=DISABLED_DEFENSELESS)])
    if npc_outcome is None:
        raise DomainError("npc_outcome", "boonbane.incapacitated L64",
                          "this damage incapacitates a non-player creature: the GM chooses "
                          "npc_outcome 'die' or 'unconscious'")
    if npc_outcome == "die":
        return DamageTaken(**common, excess=excess, damage=total, injured=True, incapacitated=True,
                           life_state="dead", cause="died L64", removed=removed, added=[prone])
    hours = dice.roll(3)
    return DamageTaken(**common, excess=excess, damage=total, injured=True, incapacitated=True,
                       life_state="unconscious", cause="unconscious L64", removed=removed, d3=hours,
                       added=[prone, AfflictionInstance(name="unconscious", source=NPC_UNCONSCIOUS,
                                                         hours=hours)])


def fold(sheet: BoonbaneSheet, ev: DamageTaken) -> BoonbaneSheet:
    """The sheet after a recorded DamageTaken."""
    kept = [a for a in sheet.afflictions if a.name not in ev.removed
            and a.source not in ev.removed_sources]
    added = [a for a in ev.added if a.source not in ev.removed_sources]
    rounds = 0 if ev.cause == "disabled L65" else sheet.disabled_rounds
    return msgspec.structs.replace(sheet, damage=ev.damage, life_state=ev.life_state,
                                   disabled_rounds=rounds, afflictions=kept + added,
                                   marked_dead=sheet.marked_dead or ev.marked_dead,
                                   death_condition=ev.cause if ev.marked_dead
                                   else sheet.death_condition)
