"""What a character's superpowers change, read from the sheet (the power entries L169-L282)."""

from __future__ import annotations

from contracts.rulesets.golden_heroes import GoldenHeroesSheet, PowerHeld
from domain.rulesets.golden_heroes import tables


def held(sheet: GoldenHeroesSheet, power: str) -> PowerHeld | None:
    return next((p for p in sheet.powers if p.power == power), None)


def grade(sheet: GoldenHeroesSheet, power: str) -> int:
    """The grade of ``power`` on the sheet, 0 when the character lacks it."""
    p = held(sheet, power)
    return 0 if p is None else p.grade


def frames_per_round(sheet: GoldenHeroesSheet) -> int:
    """Frames per round by type: 4 superpowered, 3 minor villains, 2 most others (L42)."""
    return tables.FRAMES_PER_ROUND[sheet.character_type][0]


# ARMOUR (L174) and TOUGH SKIN (L274-L278): grade -> Defence Class.
ARMOUR_DC = {1: 4, 2: 3, 3: 2}
TOUGH_SKIN_DC = {1: 4, 2: 3, 3: 2, 4: 1}


def defence_class(sheet: GoldenHeroesSheet) -> int:
    """The best of the costume's DC (6, L27), Armour's (L174) and Tough Skin's (L278): their
    dividers are the DC's, never in addition (L67)."""
    dcs = [sheet.defence_class]
    if grade(sheet, "armour"):
        dcs.append(ARMOUR_DC[min(grade(sheet, "armour"), 3)])
    if grade(sheet, "tough_skin"):
        dcs.append(TOUGH_SKIN_DC[min(grade(sheet, "tough_skin"), 4)])
    return min(dcs)
