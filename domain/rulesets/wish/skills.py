"""The skill list (L974-1198) as data: name -> (characteristic, kind, seed line)."""

from __future__ import annotations

from typing import Final

from domain.rulesets.wish import mastery, travel_modes

# Basic skills can be used untrained (L990-1040).
BASIC: Final[dict[str, tuple[str, int]]] = {
    "Ranged Skill": ("ag", 1002),
    "Melee Skill": ("str", 1003),
    "Mental Skill": ("wp", 1004),
    "Athletics": ("str", 1008),
    "Coordination": ("ag", 1009),
    "Skulduggery": ("ag", 1010),
    "Stealth": ("ag", 1011),
    "Resilience": ("to", 1012),
    "Ride": ("ag", 1013),
    "Charm": ("fel", 1017),
    "Guile": ("fel", 1018),
    "Intimidate": ("fel", 1019),
    "Leadership": ("fel", 1020),
    "Intuition": ("int", 1024),
    "Observation": ("int", 1025),
    "Discipline": ("wp", 1026),
    "Drive": ("int", 1030),
    "First Aid": ("int", 1031),
    "Repair": ("wp", 1032),  # Wp as written
    "Booksmarts": ("int", 1036),
    "Streetsmarts": ("int", 1037),
    "Trailsmarts": ("int", 1038),
    "Tradesmarts": ("int", 1039),
    "Animalsmarts": ("fel", 1040),
}
# Advanced skills must be acquired (1 point) before use or training (L1044).
ADVANCED: Final[dict[str, tuple[str, int]]] = {
    "Medicine": ("int", 1052),
    "Science": ("int", 1054),
    "Engineering": ("int", 1056),
    "Technology": ("int", 1058),
    "Demolitions": ("int", 1060),
    "Arts Arcane": ("int", 1062),
    "Detect": ("int", 1066),
    "Improvisation": ("wp", 1068),
}
# Travel skills are advanced; each mode is effectively its own skill (L1084).
TRAVEL: Final[dict[str, tuple[str, int]]] = {
    "Superflight": ("ag", 1096),
    "Superleap": ("ag", 1116),
    "Supercommuter": ("wp", 1136),
    "Superrunning": ("ag", 1156),
    "Teleportation": ("int", 1180),
}
SOCIAL: Final = frozenset({"Charm", "Guile", "Intimidate", "Leadership"})  # D-12


def catalogue(name: str) -> tuple[str, str] | None:
    """(characteristic, kind) for a listed skill, or None for a campaign-defined one; one mode
    of a Travel skill, ``Superflight (Winged)``, has its mode's characteristic (L1084-1198)."""
    for kind, table in (("basic", BASIC), ("advanced", ADVANCED), ("travel", TRAVEL)):
        if name in table:
            return table[name][0], kind
    mastered = mastery.characteristic(name)  # SFX Mastery (L1070-1074)
    if mastered is not None:
        return mastered, "advanced"
    skill, mode = travel_modes.split(name)
    if mode is not None and skill in TRAVEL:
        return travel_modes.characteristic(skill, mode, TRAVEL[skill][0]), "travel"
    return None
