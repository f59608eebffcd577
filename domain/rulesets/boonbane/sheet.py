"""The creature sheet (digest §3.1): validation and the figures the rules derive from it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.errors import DomainError
from domain.rulesets.boonbane import afflictions, life
from domain.rulesets.boonbane.rolls import modifier
from domain.rulesets.boonbane.state import BoonbaneSheet, Weapon


def load(raw: Mapping[str, Any] | None) -> BoonbaneSheet:
    """A sheet from its stored (already validated) form."""
    return msgspec.convert(dict(raw or {}), BoonbaneSheet)


def validate(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A normalized sheet; a nonsense field is refused naming ``sheet.<field>`` and the rule."""
    arms = raw.get("weapons")
    for name, weapon in (arms.items() if isinstance(arms, Mapping) else ()):
        try:  # each weapon by itself, so a refusal names it (msgspec names a dict value "[...]")
            msgspec.convert(weapon, Weapon)
        except msgspec.ValidationError as err:
            path = str(err).rsplit("at `$", 1)
            field = f"sheet.weapons.{name}" + (path[1].rstrip("`") if len(path) == 2 else "")
            raise DomainError(field, "boonbane.weapon L123-L134", str(err)) from None
    try:
        sheet = msgspec.convert(dict(raw), BoonbaneSheet)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "sheet" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "boonbane.sheet", str(err)) from None
    if sheet.damage > sheet.health:
        raise DomainError("sheet.damage", "boonbane.damage L27",
                          f"Damage never exceeds Health: {sheet.damage} > {sheet.health}")
    for name, weapon in sheet.weapons.items():
        if weapon.thrown and weapon.range is None:
            raise DomainError(f"sheet.weapons.{name}.range", "boonbane.thrown L134 L129",
                              "a Thrown weapon is thrown within its range: give its range")
    if sheet.kind == "npc" and sheet.fortune:
        raise DomainError("sheet.fortune", "boonbane.fortune L45-L47",
                          "Fortune is spent by player characters")
    out: dict[str, Any] = msgspec.to_builtins(life.on_creation(sheet))
    return out


def healing_rate(health: int) -> int:
    """Healing rate: one-quarter of Health, minimum 1 (L57-L58)."""
    return max(1, health // 4)


def injured(sheet: BoonbaneSheet, mode: str = "exact_half") -> bool:
    """Injured while Damage equals or exceeds half of Health (L68): exactly half, or half rounded
    down with the ``injured_threshold`` option "floor_half" (digest D-14)."""
    if mode == "floor_half":
        return sheet.damage >= sheet.health // 2
    return 2 * sheet.damage >= sheet.health


def defense(sheet: BoonbaneSheet) -> int:
    """Effective Defense: 5 while defenseless (L278) or unconscious (L333); otherwise Defense
    plus the Defensive +X of each wielded weapon (L126) but a shield attacked with this round
    (L241)."""
    if afflictions.active(sheet.afflictions) & afflictions.DEFENSE_FIVE.keys():
        return 5
    used = {e.source for e in sheet.round_effects if e.kind == "shield_used"}  # L241
    return sheet.defense + sum(w.defensive for name, w in sheet.weapons.items()
                               if w.wielded and name not in used)


def effective_speed(sheet: BoonbaneSheet) -> int:
    """Speed after afflictions (digest D-65): Immobilized 0 (L298), Slowed halved (L320), then
    Blinded at most 2 (L259)."""
    own = afflictions.active(sheet.afflictions)
    if "immobilized" in own:
        return 0
    speed = sheet.speed // 2 if "slowed" in own else sheet.speed
    return min(speed, 2) if "blinded" in own else speed


def derived(sheet: BoonbaneSheet, injured_mode: str = "exact_half",
            reach: int = 1) -> dict[str, Any]:
    """Modifiers (D-2), healing rate (L57), injured (L68), incapacitated (L61), Defense, Speed,
    Insanity's Exposure frequency steps (L388); ``reach`` is the longest reach in yards of the
    creature's wielded melee weapons or its own (L84, L130)."""
    return {
        "modifiers": {s: modifier(getattr(sheet, s)) for s in
                      ("strength", "agility", "intellect", "will", "perception")},
        "healing_rate": healing_rate(sheet.health),
        "injured": injured(sheet, injured_mode),
        "incapacitated": sheet.damage == sheet.health,
        "defense": defense(sheet),
        "speed": effective_speed(sheet),
        # L388: each 3 Insanity is 1 step more of Exposure triggers when the GM flags one (D-44)
        "exposure_frequency_steps": sheet.insanity // 3,
        "reach": reach,
        "afflictions": sorted(afflictions.active(sheet.afflictions)),
    }
