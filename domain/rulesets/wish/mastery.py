"""SFX Mastery skills (L1070-1074): Advanced skills used by an SFX's stunts and for casual
tricks of that SFX. The seed names the characteristic of Augment, Cold and Fire Mastery; for
Bedevil Mastery (L1072) and the Force and Stone Mastery the Mystic's Elemental talent grants
(L861, L864) it names none, so the digest's decision (G-14: Willpower, Willpower, Toughness)
is the default of the campaign option ``mastery_characteristics``."""

from __future__ import annotations

from typing import Final

import msgspec


class Mastery(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    sfx: str
    characteristic: str | None  # None: the seed names none
    line: int


MASTERIES: Final[dict[str, Mastery]] = {
    m.name: m
    for m in (
        Mastery(name="Augment Mastery", sfx="Augment", characteristic="fel", line=1071),
        Mastery(name="Bedevil Mastery", sfx="Bedevil", characteristic=None, line=1072),
        Mastery(name="Cold Mastery", sfx="Cold", characteristic="wp", line=1073),
        Mastery(name="Fire Mastery", sfx="Fire", characteristic="fel", line=1074),
        Mastery(name="Force Mastery", sfx="Force", characteristic=None, line=861),
        Mastery(name="Stone Mastery", sfx="Stone", characteristic=None, line=864),
    )
}

# G-14: the digest's decision where the seed names no characteristic.
UNSTATED_DEFAULTS: Final[dict[str, str]] = {
    "Bedevil Mastery": "wp", "Force Mastery": "wp", "Stone Mastery": "to",
}


def characteristic(name: str, chosen: dict[str, str] | None = None) -> str | None:
    """SFX Mastery characteristic (L1070-1074): the seed's, else the campaign's choice for one
    the seed leaves open (G-14); None for a skill that is not a listed Mastery."""
    m = MASTERIES.get(name)
    if m is None:
        return None
    return m.characteristic or (chosen or UNSTATED_DEFAULTS).get(name, UNSTATED_DEFAULTS[name])
