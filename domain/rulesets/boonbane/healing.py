"""Healing (L51-L54), the healing rate (L55-L58) and rests (L92-L95)."""

from __future__ import annotations

from contracts.rulesets.boonbane import Healed
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import life
from domain.rulesets.boonbane.sheet import healing_rate
from domain.rulesets.boonbane.state import BoonbaneSheet

# rest length (hours) -> multiple of the healing rate healed (L93-L94)
REST_HEALING: dict[int, int] = {8: 1, 24: 2}


def heal(sheet: BoonbaneSheet, character_id: str, amount: int | None, rest_hours: int | None,
         source: str) -> Healed:
    """Healing reduces the Damage total (L53); an 8-hour rest heals up to the healing rate, a
    24-hour rest up to twice it (L93-L94). Healing a disabled or dying creature ends its
    incapacitation and the afflictions linked to it (L61, digest D-9), as any Damage below Health
    does (``life.settle``)."""
    if (amount is None) == (rest_hours is None):
        raise DomainError("amount", "boonbane.healing L53", "give either amount or rest_hours")
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "healing has no effect on the dead")
    if rest_hours is not None:
        amount = REST_HEALING[rest_hours] * healing_rate(sheet.health)
        source = source or f"{rest_hours}-hour rest L{93 if rest_hours == 8 else 94}"
    assert amount is not None
    healed = min(amount, sheet.damage)
    change = life.settle(sheet, sheet.damage - healed, sheet.health, npc_outcome=None, dice=None)
    return Healed(character_id=character_id, healed=healed, damage=sheet.damage - healed,
                  life_state=change.life_state, source=source or "healing L53",
                  removed_sources=change.removed_sources)


def fold(sheet: BoonbaneSheet, ev: Healed) -> BoonbaneSheet:
    """The sheet after a recorded Healed."""
    return life.fold(sheet, damage=ev.damage, life_state=ev.life_state, cause=None, added=[],
                     removed_sources=ev.removed_sources)
