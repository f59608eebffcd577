"""Damage (L23-L30) and incapacitation (L59-L65): the Damage total and the life states it causes."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from contracts.rulesets.boonbane import DamageTaken
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.boonbane import life
from domain.rulesets.boonbane.sheet import injured
from domain.rulesets.boonbane.state import BoonbaneSheet

# afflictions linked to a life state; they end with it (digest D-9): kept here by their old name
DISABLED_DEFENSELESS = life.DISABLED_DEFENSELESS
DYING_UNCONSCIOUS = life.DYING_UNCONSCIOUS
NPC_UNCONSCIOUS = life.NPC_UNCONSCIOUS


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
    change = life.settle(sheet, total, sheet.health, npc_outcome=npc_outcome, dice=dice)
    return DamageTaken(**common, excess=excess, damage=total, injured=injured(after, injured_mode),
                       incapacitated=total >= sheet.health, life_state=change.life_state,
                       cause=change.cause, removed=removed, added=change.added, d3=change.d3,
                       removed_sources=change.removed_sources)


def fold(sheet: BoonbaneSheet, ev: DamageTaken) -> BoonbaneSheet:
    """The sheet after a recorded DamageTaken."""
    kept = msgspec.structs.replace(sheet, afflictions=[a for a in sheet.afflictions
                                                       if a.name not in ev.removed])
    return life.fold(kept, damage=ev.damage, life_state=ev.life_state, cause=ev.cause,
                     added=ev.added, removed_sources=ev.removed_sources,
                     marked_dead=ev.marked_dead)
