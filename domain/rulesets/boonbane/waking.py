"""Game time outside rounds: hour-long afflictions end and the unconscious wake (L38, L64)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane.play import TimePassed
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import views
from domain.rulesets.boonbane.damage import NPC_UNCONSCIOUS
from domain.rulesets.boonbane.state import AfflictionInstance, BoonbaneSheet


def pass_time(sheet: BoonbaneSheet, character_id: str, hours: int, *, rounds_per_minute: int,
              npc_wake_heal: int) -> TimePassed:
    """Hours pass: each instance with hours left counts down and ends at 0 (Unconscious 1d3
    hours, L38, L64). A creature left with no Unconscious wakes: the Impaired minute that L38
    starts on waking begins (digest D-8), and a non-player creature unconscious at L64 heals
    ``npc_wake_heal`` and is no longer incapacitated (digest D-13)."""
    if hours < 1:
        raise DomainError("hours", "boonbane.time", "at least 1 hour passes")
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "time does not wake the dead")
    kept: list[AfflictionInstance] = []
    expired: list[AfflictionInstance] = []
    for a in sheet.afflictions:
        if a.hours is None:
            kept.append(a)
        elif a.hours <= hours:
            expired.append(a)
        else:
            kept.append(msgspec.structs.replace(a, hours=a.hours - hours))
    woke = (any(a.name == "unconscious" for a in expired)
            and not any(a.name == "unconscious" for a in kept))
    healed, state = 0, sheet.life_state
    if woke:
        kept = [msgspec.structs.replace(a, starts_on_waking=False, rounds=rounds_per_minute)
                if a.starts_on_waking else a for a in kept]
        if state == "unconscious" and any(a.source == NPC_UNCONSCIOUS for a in expired):
            # only one still incapacitated heals: one stabilized meanwhile has healed (D-41)
            state = "active"
            healed = min(npc_wake_heal, sheet.damage) if sheet.damage >= sheet.health else 0
    return TimePassed(character_id=character_id, hours=hours,
                      afflictions=views.wire_afflictions(kept),
                      expired=views.wire_afflictions(expired), woke=woke, healed=healed,
                      damage=sheet.damage - healed, life_state=state)


def fold(sheet: BoonbaneSheet, ev: TimePassed) -> BoonbaneSheet:
    """The sheet after a recorded TimePassed."""
    return msgspec.structs.replace(sheet, afflictions=views.afflictions(ev.afflictions), damage=ev.damage,
                                   life_state=ev.life_state)
