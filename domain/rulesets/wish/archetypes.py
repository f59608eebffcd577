"""Archetypes (L926-972): SAMPLE DATA, not the seed's.

The seed names eleven Archetypes but gives none of their contents (digest G-1).
Archetypes are campaign data following the seed's tier rules (15-slot tracks,
per-Tier caps, two Primary Characteristics raised once per Tier, L697-714).
The set below is a marked sample from the facts the seed does state elsewhere
(Brick Str/To and Might, L712, L1204; Speedster Ag twice, L934) and the
digest's placeholder caps; campaigns replace it.
"""

from __future__ import annotations

from typing import Final

import msgspec

from domain.errors import StateConflict
from domain.rulesets.wish.characteristics import CHARACTERISTICS

SAMPLE: Final = True  # this module is sample data


class Archetype(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One Archetype as campaign data (option ``archetypes``): its two Primary Characteristics
    (one may be listed twice, L934), SFX, default stance meter (L673) and per-Tier caps."""

    name: str
    primary: tuple[str, str]
    sfx: tuple[str, ...] = ()
    defensive_steps: int = 2  # default meter (G-1 decision)
    offensive_steps: int = 2
    caps: dict[str, int] = {}  # per-Tier category caps (L697-706)
    sample: bool = True


_CAPS: Final = {
    "stunt": 5,
    "skill": 4,
    "fortune": 1,
    "defensive": 1,
    "offensive": 1,
    "wounds": 1,
    "grit": 1,
    "open": 2,
}

ARCHETYPES: Final[dict[str, Archetype]] = {
    a.name: a
    for a in (
        Archetype(name="Brick", primary=("str", "to"), sfx=("Might",), caps=_CAPS),
        Archetype(name="Speedster", primary=("ag", "ag"), sfx=("Speed",), caps=_CAPS),
        Archetype(name="Brawler", primary=("str", "ag"), sfx=("Brawl", "Might"), caps=_CAPS),
        Archetype(name="Mentalist", primary=("int", "wp"), sfx=("Mind",), caps=_CAPS),
    )
}


def primary_bonus(archetype: Archetype) -> dict[str, int]:
    """+1 per listed Primary Characteristic, +2 if listed twice (L149, L932-934)."""
    out: dict[str, int] = {}
    for c in archetype.primary:
        out[c] = out.get(c, 0) + 1
    return out


def problems(catalogue: dict[str, Archetype]) -> list[tuple[str, str]]:
    """(field, message) for every way campaign archetype data breaks the seed's rules
    (L926-972; digest G-1)."""
    out: list[tuple[str, str]] = []
    for key, a in catalogue.items():
        where = f"archetypes.{key}"
        if a.name != key:
            out.append((f"{where}.name", f"named {a.name!r} under the key {key!r}"))
        for i, c in enumerate(a.primary):
            if c not in CHARACTERISTICS:
                out.append((f"{where}.primary[{i}]", f"{c!r} is not a characteristic"))
        if a.defensive_steps < 0 or a.offensive_steps < 0:
            out.append((f"{where}.defensive_steps", "stance steps cannot be negative"))
        out += [(f"{where}.caps.{k}", "a cap cannot be negative") for k, v in a.caps.items() if v < 0]
    return out


# Purchase kinds and the Archetype category whose per-Tier cap they count against (L697-706).
_CATEGORY: Final = {
    "stunt": "stunt", "stunt_rating": "stunt",
    "skill_rank": "skill", "acquire_skill": "skill", "specializations": "skill",
    "fortune": "fortune", "wounds": "wounds", "grit": "grit",
}


def slot_for(tier_raises: dict[str, int], archetype: Archetype, kind: str, target: str) -> str:
    """The category an Archetype raise is counted in this Tier, or "open" once its cap is used
    (L697-706); a Primary Characteristic may be raised once per Tier (L710-712). Raises the
    Archetype does not allow are refused."""
    if kind == "characteristic":
        if target not in archetype.primary:
            raise StateConflict("purchase.target", "wish.archetype.primary L712",
                                f"{target} is not a Primary Characteristic of {archetype.name}")
        slot = f"primary:{target}"
        allowed = archetype.primary.count(target)
        if tier_raises.get(slot, 0) >= allowed:
            raise StateConflict("purchase.target", "wish.archetype.primary L712",
                                f"{target} was raised already this Tier")
        return slot
    category = _CATEGORY.get(kind) or (target if kind == "stance_step" else None)
    if category is None:
        raise StateConflict("purchase.archetype_raise", "wish.archetype.caps L697",
                            f"a {kind} raise is not an Archetype raise")
    if tier_raises.get(category, 0) < archetype.caps.get(category, 0):
        return category
    if tier_raises.get("open", 0) < archetype.caps.get("open", 0):
        return "open"
    raise StateConflict("purchase.archetype_raise", "wish.archetype.caps L697",
                        f"{archetype.name} allows no more {category} raises this Tier")
