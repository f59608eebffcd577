"""Weapon range bands (L129 "Range (Short, Medium, Long): weapon range length.", L86-L88), the
Distant Shot option (L217 "Distant Shot: attack up to double your weapon's range with 1 bane.")
and Thrown weapons (L134 "Thrown: weapon can be thrown as a ranged attack."), applied by
themselves from the distance an attack declares and the weapon on the attacker's sheet.

Positions are not kept: with no declared ``distance``, or a weapon with no range band, nothing
here applies."""

from __future__ import annotations

from typing import Final, NamedTuple

from contracts.rulesets.boonbane import AttackRoll, SourceLine
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane.state import Weapon

# a range band's length in yards and its seed line (L86-L88); Extreme (L89) is no weapon's band
RANGE_YARDS: Final[dict[str, tuple[int, str]]] = {
    "short": (5, "L86"),
    "medium": (20, "L87"),
    "long": (100, "L88"),
}
DISTANT_SHOT_FACTOR: Final = 2  # "up to double your weapon's range" (L217)
# the other Ranged Attack options (L216, L218): one option per attack (digest D-25)
OTHER_RANGED_OPTIONS: Final = ("called_shot", "staggering_shot")


class RangedAttack(NamedTuple):
    """What the range rules add to one attack: its sources and whether the weapon was thrown."""

    sources: list[SourceLine]
    thrown: bool


def yards(weapon: Weapon) -> int | None:
    """The weapon's range in yards (L129, L86-L88); None for a weapon with no range band."""
    return RANGE_YARDS[weapon.range][0] if weapon.range is not None else None


def is_throw(weapon: Weapon | None, distance: int | None, reach_yards: int) -> bool:
    """A Thrown weapon is thrown as a ranged attack (L134): a ranged Thrown weapon at any
    declared distance, a melee one at a declared distance beyond the attacker's reach (L84)."""
    if weapon is None or not weapon.thrown or distance is None:
        return False
    return weapon.kind == "ranged" or distance > reach_yards


def check(cmd: AttackRoll, weapon: Weapon | None, reach_yards: int) -> RangedAttack:
    """Range (L129, L86-L88) and Distant Shot (L217) of a ranged or thrown attack at a declared
    distance: within the weapon's range, no bane; beyond it and up to double, the Distant Shot's
    1 bane applies by itself (declared or not); beyond double, the attack is refused."""
    if weapon is None or cmd.distance is None or cmd.weapon is None:
        return RangedAttack([], False)
    thrown = is_throw(weapon, cmd.distance, reach_yards)
    if weapon.kind != "ranged" and not thrown:
        return RangedAttack([], False)
    sources = [SourceLine(source=f"thrown {cmd.weapon}", line="L134")] if thrown else []
    length = yards(weapon)
    if length is None or weapon.range is None:
        return RangedAttack(sources, thrown)
    band = f"{weapon.range} range {length} yards ({RANGE_YARDS[weapon.range][1]})"
    if cmd.distance <= length:
        return RangedAttack(sources, thrown)
    if cmd.distance > DISTANT_SHOT_FACTOR * length:
        raise StateConflict("distance", "boonbane.range L129 L217",
                            f"the target is {cmd.distance} yards away, beyond double the "
                            f"{cmd.weapon!r}'s {band}")
    clash = [o for o in OTHER_RANGED_OPTIONS if o in cmd.situations]
    if clash:
        raise DomainError("situations", "boonbane.distant-shot L217",
                          f"at {cmd.distance} yards, beyond the {cmd.weapon!r}'s {band}, the "
                          f"attack is a Distant Shot: one option per attack, not {clash[0]} "
                          "(digest D-25)")
    if "distant_shot" not in cmd.situations:  # a declared one's bane is already a source
        sources.append(SourceLine(source=f"distant shot: {cmd.distance} yards, beyond {band}",
                                  line="L217", banes=1))
    return RangedAttack(sources, thrown)
