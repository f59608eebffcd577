"""The Energy Attack dice pool (L178, L180): 15d6 (+1d10 dice rolled once at grade 2) over 5
Rounds of a fight, recharged to full after 5 Rounds; a critical miss's malfunction wastes a
further 1d6 of it (L93, L98). Outside a fight there are no Rounds to count: not tracked.
"""

from __future__ import annotations

from typing import Final

from domain.errors import StateConflict
from domain.rulesets.golden_heroes import powers
from domain.rulesets.golden_heroes import state as st

ROUNDS: Final = 5
MALFUNCTION_DIE: Final = 3  # the Critical Miss Table's "energy attack wastes 1d6" (L93)


def size(sheet: st.GoldenHeroesSheet) -> int:
    """15 dice, plus the grade 2 power's 1d10 dice (L178, L180)."""
    ea = powers.held(sheet, "energy_attack")
    return powers.ENERGY_POOL + (ea.rolled.get("energy_dice", 0) if ea is not None else 0)


def window(sheet: st.GoldenHeroesSheet, encounter_id: str, round_: int) -> tuple[int, int]:
    """The current 5-Round window's first Round and the dice already spent in it."""
    held = sheet.energy_pool
    if held is not None and held.encounter_id == encounter_id and \
            held.from_round <= round_ < held.from_round + ROUNDS:
        return held.from_round, held.spent
    return round_, 0


def check(sheet: st.GoldenHeroesSheet, encounter_id: str, round_: int, dice: int) -> None:
    """Refuse a blast of more dice than the pool has left this window (L178)."""
    start, spent = window(sheet, encounter_id, round_)
    left = size(sheet) - spent
    if dice > left:
        raise StateConflict("energy_htc_dice", "golden-heroes.energy-attack L178",
                            f"{left} dice left of {size(sheet)} until round {start + ROUNDS}")


def after(sheet: st.GoldenHeroesSheet, encounter_id: str, round_: int, dice: int,
          critical_miss_die: int | None) -> st.EnergyPool:
    """The pool once this blast (and a malfunction's wasted die) is spent."""
    start, spent = window(sheet, encounter_id, round_)
    wasted = 1 if critical_miss_die == MALFUNCTION_DIE else 0
    total = min(spent + dice + wasted, size(sheet))
    return st.EnergyPool(encounter_id=encounter_id, from_round=start, spent=total,
                        size=size(sheet))
