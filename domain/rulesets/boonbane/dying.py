"""Disabled (L31-L38) and Dying (L39-L42): the end-of-round Fate roll, one d6 read 1 / 2-5 / 6."""

from __future__ import annotations

from typing import Any

import msgspec

from contracts.rulesets.boonbane import AfflictionInstance, FateRolled
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.boonbane import views
from domain.rulesets.boonbane.damage import DISABLED_DEFENSELESS, DYING_UNCONSCIOUS
from domain.rulesets.boonbane.state import BoonbaneSheet

RECOVERY_IMPAIRED = "recovered, 1 minute L36"
WAKING_IMPAIRED = "1 minute from waking L38"
STABILIZED_UNCONSCIOUS = "three disabled rounds, 1d3 hours L38"
DISABLED_ROUNDS_TO_STABILIZE = 3  # L38


def fate(sheet: BoonbaneSheet, character_id: str, dice: Dice, *,
         order: str = "fate_first", rounds_per_minute: int = 6) -> FateRolled:
    """Disabled: 1 starts dying (L35), 6 heals 1 and impairs for 1 minute (L36), 2-5 changes
    nothing (L37) but the third consecutive such round leaves the character unconscious 1d3 hours,
    healed 1 and impaired (L38; the Fate roll first, digest D-6). Dying: 6 back to disabled, 2-5
    nothing, 1 dies (L42); dying characters are unconscious (L40)."""
    if sheet.life_state not in ("disabled", "dying"):
        raise StateConflict("character_id", "boonbane.fate L34 L41",
                            f"only a disabled or dying character makes a Fate roll "
                            f"(this one is {sheet.life_state})")
    third = sheet.life_state == "disabled" and sheet.disabled_rounds + 1 >= DISABLED_ROUNDS_TO_STABILIZE
    face = None if order == "count_first" and third else dice.roll(6)
    common: dict[str, Any] = {"character_id": character_id, "d6": face, "was": sheet.life_state}
    if sheet.life_state == "dying":
        if face == 1:
            return FateRolled(**common, life_state="dead", outcome="died L42", disabled_rounds=0,
                              damage=sheet.damage)
        if face == 6:
            return FateRolled(**common, life_state="disabled", outcome="disabled again L42",
                              disabled_rounds=0, damage=sheet.damage,
                              removed_sources=[DYING_UNCONSCIOUS],
                              added=[AfflictionInstance(name="defenseless",
                                                        source=DISABLED_DEFENSELESS)])
        return FateRolled(**common, life_state="dying", outcome="no change L42",
                          disabled_rounds=0, damage=sheet.damage)
    if face == 1:
        return FateRolled(**common, life_state="dying", outcome="dying L35", disabled_rounds=0,
                          damage=sheet.damage, removed_sources=[DISABLED_DEFENSELESS],
                          added=[AfflictionInstance(name="unconscious", source=DYING_UNCONSCIOUS)])
    if face == 6:
        impaired = AfflictionInstance(name="impaired", source=RECOVERY_IMPAIRED,
                                      rounds=rounds_per_minute)
        return FateRolled(**common, life_state="active", outcome="recovered L36",
                          disabled_rounds=0, healed=1, damage=sheet.damage - 1,
                          removed_sources=[DISABLED_DEFENSELESS], added=[impaired])
    rounds = sheet.disabled_rounds + 1
    if rounds < DISABLED_ROUNDS_TO_STABILIZE:
        return FateRolled(**common, life_state="disabled", outcome="no change L37",
                          disabled_rounds=rounds, damage=sheet.damage)
    hours = dice.roll(3)
    return FateRolled(**common, life_state="active", outcome="three disabled rounds L38",
                      disabled_rounds=0, healed=1, damage=sheet.damage - 1, d3=hours,
                      removed_sources=[DISABLED_DEFENSELESS],
                      added=[AfflictionInstance(name="unconscious", source=STABILIZED_UNCONSCIOUS,
                                                hours=hours),
                             AfflictionInstance(name="impaired", source=WAKING_IMPAIRED,
                                                starts_on_waking=True)])


def fold(sheet: BoonbaneSheet, ev: FateRolled) -> BoonbaneSheet:
    """The sheet after a recorded Fate roll."""
    kept = [a for a in sheet.afflictions if a.source not in ev.removed_sources]
    added = views.afflictions(a for a in ev.added if a.source not in ev.removed_sources)
    return msgspec.structs.replace(sheet, damage=ev.damage, life_state=ev.life_state,
                                   disabled_rounds=ev.disabled_rounds, afflictions=kept + added,
                                   last_fate=views.last_fate(ev),
                                   marked_dead=sheet.marked_dead or ev.marked_dead,
                                   death_condition=ev.outcome if ev.marked_dead
                                   else sheet.death_condition)
