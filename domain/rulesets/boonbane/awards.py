"""GM awards (digest D-62): the seed has no advancement, so changes to attributes, Perception,
Defense, Health, Speed and Fortune are the GM's, each with its reason, audited as events."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import BoonbaneSheet
from contracts.rulesets.boonbane_play import StatAwarded
from domain.errors import DomainError

# the bounds of each awarded figure on the sheet
BOUNDS: dict[str, tuple[int, int]] = {
    "strength": (0, 40), "agility": (0, 40), "intellect": (0, 40), "will": (0, 40),
    "perception": (0, 40), "defense": (0, 40), "health": (1, 999), "speed": (0, 100),
    "fortune": (0, 99),
}


def award(sheet: BoonbaneSheet, character_id: str, stat: str, change: int,
          reason: str) -> StatAwarded:
    """Change one figure by ``change``. Fortune is a player character's (L45-L47). A lower Health
    caps Damage to it (Damage never exceeds Health, L27; digest §4.4); the healing rate and
    injured follow from the new Health (L58)."""
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
    damage = min(sheet.damage, after) if stat == "health" else sheet.damage
    return StatAwarded(character_id=character_id, stat=stat, before=before, after=after,
                       reason=reason, damage=damage, life_state=sheet.life_state)


def fold(sheet: BoonbaneSheet, ev: StatAwarded) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, **{ev.stat: ev.after, "damage": ev.damage})
