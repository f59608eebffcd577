"""What a character's superpowers change, read from the sheet (the power entries L169-L282)."""

from __future__ import annotations

from domain.rulesets.golden_heroes import power_table, tables
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet, PowerHeld


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


FLIGHT_SPEED = {1: 15, 2: 20, 3: 25, 4: 30}  # combat flying speed, m a frame (L203-L205)
ENERGY_POOL = 15  # 15d6 over 5 rounds (L178), +1d10 at grade 2 (L180)


def described(sheet: GoldenHeroesSheet) -> list[dict[str, object]]:
    """Each power with its grade, its text's seed lines, and what the engine applies of it."""
    out: list[dict[str, object]] = []
    for p in sheet.powers:
        row = power_table.BY_ID.get(p.power)
        out.append({"power": p.power, "grade": p.grade, "choice": p.choice,
                    "text": row.text if row else "", "engine": row.engine if row else ""})
    return out


def figures(sheet: GoldenHeroesSheet, movement: int) -> dict[str, object]:
    """Numbers the powers give: combat movement with Speed (L270), flying speed (L203), the
    energy dice (L178-L180), critical range (L242), force field strengths (L206)."""
    out: dict[str, object] = {}
    speed = grade(sheet, "speed")
    if speed:
        out["combat_movement"] = movement * 2 ** speed  # doubled each grade (L270-L271)
    if grade(sheet, "flight"):
        out["flight_speed"] = FLIGHT_SPEED[min(grade(sheet, "flight"), 4)]
    ea = held(sheet, "energy_attack")
    if ea is not None:
        out["energy_dice"] = ENERGY_POOL + ea.rolled.get("energy_dice", 0)
    if grade(sheet, "precision"):
        out["critical_range"] = "19-20"
    ff = held(sheet, "force_field")
    if ff is not None:
        out["force_fields"] = {k: v for k, v in ff.rolled.items()}
    return out
