"""Traits (L232-281): the words on an ability that other rules hook into, as data citing their
seed lines. Classifying (L240-250), timing (L254-264) and effect traits (L270-273); an SFX
name is an SFX trait (L277). ``Pierce (3)`` and ``Unreliable (2)`` carry their number."""

from __future__ import annotations

import re
from typing import Final

from domain.rulesets.wish.sfx import SFX
from domain.rulesets.wish.state import Stunt

TRAITS: Final[dict[str, tuple[str, int]]] = {
    "Open": ("classifying", 240), "Melee": ("classifying", 241), "Ranged": ("classifying", 242),
    "Mental": ("classifying", 243), "Social": ("classifying", 244),
    "Movement": ("classifying", 245), "Protection": ("classifying", 246),
    "Utility": ("classifying", 247), "Teamwork": ("classifying", 248),
    "Push": ("classifying", 249), "Delay": ("classifying", 250),
    "Passive": ("timing", 254), "React": ("timing", 255), "DoT": ("timing", 256),
    "Rally": ("timing", 257), "Ongoing": ("timing", 258), "Extended": ("timing", 259),
    "Toggle": ("timing", 260), "X Turns": ("timing", 261), "Lingering": ("timing", 262),
    "Invested": ("timing", 263), "Persisted": ("timing", 264),
    # the heading says Burst, its text Blast (L270): both name the one trait
    "Burst": ("effect", 270), "Blast": ("effect", 270), "Deflect": ("effect", 271),
}  # fmt: skip
NUMBERED: Final[dict[str, int]] = {"Pierce": 272, "Unreliable": 273}
_NUMBERED = re.compile(r"(?P<name>[A-Za-z]+) \((?P<n>[0-9]{1,2})\)")
_TURNS = re.compile(r"[0-9]{1,2} Turns?")  # "3 Turns" (L261)


def known(trait: str) -> bool:
    """A trait of L240-281: listed, numbered (``Pierce (3)``), ``N Turns`` or an SFX (L277)."""
    m = _NUMBERED.fullmatch(trait)
    return (trait in TRAITS or trait in SFX or bool(_TURNS.fullmatch(trait))
            or (m is not None and m["name"] in NUMBERED))


def number(stunt: Stunt, name: str) -> int:
    """The number of a numbered trait on a stunt (``Pierce (3)`` -> 3, L272-273), 0 without
    it."""
    for t in stunt.traits:
        m = _NUMBERED.fullmatch(t)
        if m is not None and m["name"] == name:
            return int(m["n"])
    return 0


def pierce(stunt: Stunt | None) -> int:
    """Pierce (#): '-# to the target's Soak, to a minimum of 0' (L272)."""
    return number(stunt, "Pierce") if stunt is not None else 0


def stance_step(stunt: Stunt) -> int:
    """Push: one step towards Offensive when used (L249); Delay: one towards Defensive
    (L250). +1, -1, or 0 for both or neither."""
    return ("Push" in stunt.traits) - ("Delay" in stunt.traits)


def problems(name: str, stunt: Stunt) -> list[tuple[str, str, str]]:
    """Every trait a stunt lists is one the seed defines (L232-281)."""
    return [(f"sheet.stunts.{name}.traits", "wish.trait L232-281", f"{t!r} is not a trait")
            for t in stunt.traits if not known(t)]


def unreliable_fails(stunt: Stunt, calamities: int) -> bool:
    """Unreliable (#): 'fails to resolve if the stated number of calamities is rolled in a
    related check, and becomes unusable' (L273)."""
    n = number(stunt, "Unreliable")
    return n > 0 and calamities >= n
