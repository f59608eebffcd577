"""GM awards (digest D-62): the seed has no advancement, so changes to attributes, Perception,
Defense, Health, Speed and Fortune are the GM's, each with its reason, audited as events."""

from __future__ import annotations

from typing import Any

from contracts.rulesets.boonbane.play import StatAwarded
from domain.dice import Dice
from domain.errors import DomainError
from domain.rulesets.boonbane import life
from domain.rulesets.boonbane.life import NpcOutcome
from domain.rulesets.boonbane.state import BoonbaneSheet

# the bounds of each awarded figure on the sheet
BOUNDS: dict[str, tuple[int, int]] = {
    "strength": (0, 40), "agility": (0, 40), "intellect": (0, 40), "will": (0, 40),
    "perception": (0, 40), "defense": (0, 40), "health": (1, 999), "speed": (0, 100),
    "fortune": (0, 99),
}


def award(sheet: BoonbaneSheet, character_id: str, stat: str, change: int, reason: str, *,
          npc_outcome: NpcOutcome | None = None, dice: Dice | None = None) -> StatAwarded:
    """Change one figure by ``change``. Fortune is a player character's (L45-L47). A lower Health
    caps Damage to it (Damage never exceeds Health, L27; digest §4.4); the healing rate and
    injured follow from the new Health (L58). Health is what Damage is measured against, so a
    Health at or below Damage incapacitates (L61): prone (L62), a player character disabled and
    defenseless (L65, L33), a non-player creature dead or unconscious at the GM's ``npc_outcome``
    (L64); a Health above Damage again ends the disabled and dying states, as healing does."""
    if change == 0:
        raise DomainError("change", "boonbane.award D-62", "an award changes the figure")
    if stat == "fortune" and sheet.kind != "pc":
        raise DomainError("stat", "boonbane.fortune L45-L47", "Fortune is a player character's")
    before = int(getattr(sheet, stat))
    after = before + change
    low, high = BOUNDS[stat]
    if not low <= after <= high:
        raise DomainError("change", "boonbane.award D-62",
                          f"{stat} {before} {change:+d} = {after} is outside {low}..{high}")
    common: dict[str, Any] = {"character_id": character_id, "stat": stat, "before": before,
                              "after": after, "reason": reason}
    if stat != "health":
        return StatAwarded(**common, damage=sheet.damage, life_state=sheet.life_state,
                           incapacitated=sheet.damage >= sheet.health)
    damage = min(sheet.damage, after)
    life_change = life.settle(sheet, damage, after, npc_outcome=npc_outcome, dice=dice)
    return StatAwarded(**common, damage=damage, life_state=life_change.life_state,
                       incapacitated=damage >= after, cause=life_change.cause,
                       added=life_change.added, removed_sources=life_change.removed_sources,
                       d3=life_change.d3)


def fold(sheet: BoonbaneSheet, ev: StatAwarded) -> BoonbaneSheet:
    """The sheet after an award: the figure, and the life state a Health change led to."""
    return life.fold(sheet, damage=ev.damage, life_state=ev.life_state, cause=ev.cause,
                     added=ev.added, removed_sources=ev.removed_sources,
                     marked_dead=ev.marked_dead, **{ev.stat: ev.after})
