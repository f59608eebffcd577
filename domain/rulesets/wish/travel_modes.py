"""Travel skill modes (L1076-1198): a mode is picked when the skill is acquired, and two modes
of one Travel skill are two different skills (L1084), written ``Superflight (Winged)``. Some
modes change the skill's characteristic; the rest keep the skill's own (L1096-1180). A mode not
listed is a GM-approved custom mode (L1092) on the skill's own characteristic."""

from __future__ import annotations

import re
from typing import Final

# (skill, mode) -> (the mode's characteristic, or None for the skill's own; seed line)
MODES: Final[dict[tuple[str, str], tuple[str | None, int]]] = {
    ("Superflight", "Up and away"): (None, 1102),
    ("Superflight", "Winged"): ("str", 1104),  # "your Superflight is Strength based"
    ("Superflight", "Levitation"): ("wp", 1106),  # "Willpower based"
    ("Superflight", "Energetic"): (None, 1108),
    ("Superflight", "Rocket-man"): (None, 1110),
    ("Superflight", "Gliding"): (None, 1112),
    ("Superleap", "Strong Legs"): ("str", 1124),  # "your Superleap is Strength based"
    ("Superleap", "Acrobatic"): (None, 1126),
    ("Superleap", "Elastic"): (None, 1128),
    ("Superleap", "Swing-line"): (None, 1130),
    ("Superleap", "Spring"): (None, 1132),
    ("Supercommuter", "Supermobile"): (None, 1144),
    ("Supercommuter", "Supersteed"): ("fel", 1146),  # "Fellowship based"
    ("Supercommuter", "Happenstance"): (None, 1148),
    ("Supercommuter", "Underground"): (None, 1150),
    ("Supercommuter", "Swimming"): (None, 1152),
    ("Superrunning", "Fleet"): (None, 1164),
    ("Superrunning", "Strider"): ("str", 1166),  # "Your Superrunning is Strength based"
    ("Superrunning", "Sliding"): (None, 1168),
    ("Superrunning", "Tesseract"): ("int", 1170),  # "Intelligence based"
    ("Superrunning", "Skates"): (None, 1172),
    ("Superrunning", "Spinning"): (None, 1174),
    ("Superrunning", "Blur"): (None, 1176),
    ("Teleportation", "Dematerialization"): (None, 1188),
    ("Teleportation", "Dimensional Hop"): ("wp", 1190),  # "Willpower based"
    ("Teleportation", "Gate"): (None, 1192),
    ("Teleportation", "Tesseract"): (None, 1194),
    ("Teleportation", "Fluxipacitor"): (None, 1196),
    ("Teleportation", "Line of Sight"): (None, 1198),
}

_NAMED = re.compile(r"(?P<skill>.+?) \((?P<mode>[^()]+)\)")


def split(name: str) -> tuple[str, str | None]:
    """``"Superflight (Winged)"`` as ``("Superflight", "Winged")``; a bare name has no mode."""
    m = _NAMED.fullmatch(name)
    return (m["skill"], m["mode"]) if m else (name, None)


def skill_name(skill: str, mode: str) -> str:
    """The sheet's name of one mode of a Travel skill (L1084: each mode its own skill)."""
    return f"{skill} ({mode})"


def characteristic(skill: str, mode: str, own: str) -> str:
    """Travel mode characteristic (L1104-1190): the mode's, else the skill's ``own``."""
    changed, _line = MODES.get((skill, mode), (None, 0))
    return changed or own


def modes(skill: str) -> list[str]:
    """The listed modes of a Travel skill (L1100-1198)."""
    return [m for s, m in MODES if s == skill]
