"""Reach (L84 "Reach: the target must be within your reach and you must be able to touch it.",
L130 "Reach +X: add X to your reach.", L201 Lunging "increase reach by 1 yard") and Finesse
(L7 "Melee weapon attacks normally use Str.", L9/L127 "Finesse: choose Str or Agi to attack.").
Positions are not kept: an attack declares its ``distance`` in yards to the target, and the
reach the rules give is checked against it."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import AttackRoll
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import ranges
from domain.rulesets.boonbane.state import BoonbaneSheet, Weapon

LUNGING_YARDS = 1  # L201


def reach(base: int, weapon: Weapon | None, lunging: bool = False) -> int:
    """A creature's reach in yards: the campaign's ``default_reach_yards`` (digest D-63), plus a
    melee weapon's Reach +X (L130), plus 1 yard when Lunging (L201)."""
    extra = weapon.reach if weapon is not None and weapon.kind == "melee" else 0
    return base + extra + (LUNGING_YARDS if lunging else 0)


def longest(sheet: BoonbaneSheet, base: int) -> int:
    """The longest reach of the creature's wielded melee weapons, or its own (L84, L130)."""
    return max([reach(base, w) for w in sheet.weapons.values() if w.wielded] or [base])


def check(cmd: AttackRoll, weapon: Weapon | None, base: int) -> AttackRoll:
    """A melee weapon attack uses Str unless the weapon is Finesse (L7, L127) or thrown (L8,
    L134); with a declared
    ``distance`` a melee weapon attack beyond reach is refused (L84), and whether the attacker
    reaches a prone target (L315-L316) follows from the distance."""
    melee = weapon is not None and weapon.kind == "melee"
    throw = ranges.is_throw(weapon, cmd.distance, reach(base, weapon, "lunging" in cmd.situations))
    # a throw is a ranged attack, which normally uses Agi (L8)
    if melee and weapon is not None and cmd.attribute == "agility" and not (weapon.finesse or throw):
        raise DomainError("attribute", "boonbane.finesse L127",
                          f"{cmd.weapon!r} is not Finesse: a melee weapon attacks with Str (L7)")
    if cmd.distance is None:
        return cmd
    yards = reach(base, weapon, "lunging" in cmd.situations)
    # a Thrown weapon beyond reach is thrown as a ranged attack (L134; see ranges.py)
    if melee and cmd.distance > yards and not (weapon is not None and weapon.thrown):
        raise StateConflict("distance", "boonbane.reach L84",
                            f"the target is {cmd.distance} yards away, beyond a reach of {yards}")
    return msgspec.structs.replace(cmd, in_reach=cmd.distance <= yards)
