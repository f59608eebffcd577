"""Conditions from HTC and HTK (L9, L122-L128), each predicate named for its rule.

HTC: staggered at a fifth, stunned at a tenth (rounded down), unconscious at 0 until above a
twentieth again (L123; digest decision #10). Thugs: staggered below 10, stunned below 5 (L123,
decision #11). HTK: hospitalised at a tenth (decision #9), technically dead at 0, dead below.
"""

from __future__ import annotations

from domain.rulesets.golden_heroes.state import GoldenHeroesSheet

HTC_CONDITIONS = ("fine", "staggered", "stunned", "unconscious")
HTK_CONDITIONS = ("none", "hospitalised", "technically_dead", "dead")


def htc_condition(sheet: GoldenHeroesSheet) -> str:
    """The worst HTC condition: unconscious, stunned, staggered or fine (L9, L122-L123)."""
    if sheet.max_htc <= 0:
        return "fine"
    if sheet.htc <= 0 or (sheet.unconscious and sheet.htc * 20 <= sheet.max_htc):
        return "unconscious"
    if sheet.character_type == "non_superpowered":
        return "stunned" if sheet.htc < 5 else "staggered" if sheet.htc < 10 else "fine"
    if sheet.htc <= sheet.max_htc // 10:
        return "stunned"
    if sheet.htc <= sheet.max_htc // 5:
        return "staggered"
    return "fine"


def htk_condition(sheet: GoldenHeroesSheet, hospitalised_at: str = "tenth_or_less") -> str:
    """The worst HTK condition: dead below 0, technically dead at 0, hospitalised at a tenth,
    rounded down, or less (L9; option ``hospitalised_at`` ``under_a_tenth``: "less than one
    tenth", L128)."""
    if sheet.max_htk <= 0:
        return "none"
    if sheet.htk < 0:
        return "dead"
    if sheet.htk == 0:
        return "technically_dead"
    tenth = sheet.max_htk // 10
    if sheet.htk < tenth or (sheet.htk == tenth and hospitalised_at == "tenth_or_less"):
        return "hospitalised"
    return "none"


def helpless(sheet: GoldenHeroesSheet) -> bool:
    """Unconscious, technically dead or dead: no actions, no responses."""
    return (htc_condition(sheet) == "unconscious"
            or htk_condition(sheet) in ("technically_dead", "dead"))


def latch_unconscious(sheet: GoldenHeroesSheet) -> bool:
    """The unconscious latch after a change of HTC: set at 0 or below, cleared above a
    twentieth (L123)."""
    if sheet.htc <= 0:
        return True
    return sheet.unconscious and sheet.htc * 20 <= sheet.max_htc


def fight_condition(sheet: GoldenHeroesSheet) -> str:
    """What a fight must know of a combatant's state for its frames: ``helpless`` (no frames),
    ``stunned`` (2 a round, L123), ``staggered`` or ``fine``; read from HTC and HTK however they
    were reached (damage, recovery, aid, a sheet made so)."""
    if helpless(sheet):
        return "helpless"
    return htc_condition(sheet)


def frames_per_round(type_frames: int, condition: str) -> int:
    """A character's frames a round: its type's (L42), "only 2 Frames per round" while stunned
    (L123), none while helpless (L123)."""
    if condition == "helpless":
        return 0
    return min(type_frames, 2) if condition == "stunned" else type_frames


def movement(normal: int, condition: str) -> int:
    """Movement in a state: staggered "have all their forms of Movement halved" (rounded down),
    stunned "cannot move", the helpless neither (L123)."""
    if condition in ("stunned", "unconscious", "helpless"):
        return 0
    return normal // 2 if condition == "staggered" else normal
