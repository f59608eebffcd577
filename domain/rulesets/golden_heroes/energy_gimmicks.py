"""Energy Attack gimmicks (L179-L196): grade 3 adds one, chosen with ``ChoosePowerOption``; the
engine applies those the rulebook gives numbers for. Area Effect, Dual Blast, Manifestations,
Extra Range and Location are recorded for the table.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from domain.rulesets.golden_heroes import powers
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet

GIMMICKS: Final = ("area_effect", "quick_blast", "push_back", "manifestations", "dual_blast",
                   "extra_range", "improved_weapon_class", "improved_damage", "hi_power_blast",
                   "location")
FIRST_GRADE: Final = 3  # "GRADE 3 As Grade 2 plus one gimmick" (L179)
QUICK_BLAST_DICE: Final = 7  # attacks of 7 dice or fewer take 1 Frame (L181)
PUSH_BACK_LOWER: Final = 15  # push-back at a threshold 15 lower (L183)


class Blast(NamedTuple):
    weapon_class: int  # WC3, WC4 with Improved Weapon Class (L190)
    max_dice: int  # 10 an Action, 15 with Hi-Power Blast (L178, L194)
    divider_reduction: int  # 2, 3 with Improved Damage (L178, L192)
    push_back: bool  # threshold 15 lower (L183)
    quick: bool  # 7 dice or fewer in a Frame (L181)


def chosen(sheet: GoldenHeroesSheet) -> frozenset[str]:
    """The gimmicks the character's Energy Attack has: one a grade from grade 3 (L179)."""
    ea = powers.held(sheet, "energy_attack")
    if ea is None or ea.grade < FIRST_GRADE:
        return frozenset()
    return frozenset(g for g in ea.choice.split(",") if g in GIMMICKS)


def blast(sheet: GoldenHeroesSheet) -> Blast:
    """The numbers of the character's Energy Attack with its gimmicks (L178-L196)."""
    g = chosen(sheet)
    return Blast(weapon_class=4 if "improved_weapon_class" in g else 3,
                 max_dice=15 if "hi_power_blast" in g else 10,
                 divider_reduction=3 if "improved_damage" in g else 2,
                 push_back="push_back" in g, quick="quick_blast" in g)
