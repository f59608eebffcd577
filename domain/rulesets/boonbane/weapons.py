"""Weapon properties (L123-L134) applied by themselves when an attack names a weapon on the
attacker's sheet, the Defensive property on Defense (L126) and the Reload action (L219-L221)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import AttackRoll, RoundEffect, SourceLine
from contracts.rulesets.boonbane.weapons import Reload, WeaponChanged
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane.state import BoonbaneSheet, Weapon


def of(sheet: BoonbaneSheet, name: str | None) -> Weapon | None:
    """The named weapon on the sheet; None for none named or a weapon the sheet does not list."""
    return sheet.weapons.get(name) if name is not None else None


def prepare(actor: BoonbaneSheet, cmd: AttackRoll) -> tuple[AttackRoll, list[SourceLine]]:
    """Refuse an attack the weapon cannot make (Size L132, Reload L131, ammunition L133); its
    Cumbersome bane (L125) and its Misfire (L128) apply by themselves."""
    _two_weapons(actor, cmd)
    weapon = of(actor, cmd.weapon)
    if weapon is None:
        return cmd, []
    if not weapon.wielded:
        raise StateConflict("weapon", "boonbane.weapon L123", f"{cmd.weapon!r} is not wielded")
    if actor.size < weapon.min_size:
        raise StateConflict("weapon", "boonbane.size L132",
                            f"{cmd.weapon!r} needs Size {weapon.min_size}, not {actor.size}")
    if weapon.reload and not weapon.loaded:
        raise StateConflict("weapon", "boonbane.reload L131",
                            f"{cmd.weapon!r} attacks only if loaded: Reload it")
    if weapon.ammunition == 0:
        raise StateConflict("weapon", "boonbane.ammunition L133", f"{cmd.weapon!r} has no ammunition")
    sources = [SourceLine(source=f"cumbersome {cmd.weapon}", line="L125", banes=1)
               if weapon.cumbersome else None]
    return (msgspec.structs.replace(cmd, misfire=cmd.misfire or weapon.misfire),
            [s for s in sources if s is not None])


TWO_WEAPONS = ("two_weapons_same_target", "two_weapons_different_targets")


def _two_weapons(actor: BoonbaneSheet, cmd: AttackRoll) -> None:
    """Two Weapons (L240): only if neither weapon is cumbersome; an ``off_hand`` names the
    option's second weapon, so the attack declares one of the two options (L242-L243)."""
    if cmd.off_hand is None:
        return
    if not any(k in cmd.situations for k in TWO_WEAPONS):
        raise DomainError("situations", "boonbane.two-weapons L242-L243",
                          "an off_hand attack declares two_weapons_same_target or "
                          "two_weapons_different_targets")
    for field, name in (("weapon", cmd.weapon), ("off_hand", cmd.off_hand)):
        weapon = of(actor, name)
        if weapon is not None and weapon.cumbersome:
            raise StateConflict(field, "boonbane.two-weapons L240",
                                f"{name!r} is cumbersome: no attack with two weapons")


def shields_used(actor: BoonbaneSheet, cmd: AttackRoll) -> list[RoundEffect]:
    """Attacking with a shield in two hands' attack: it loses its defensive property until the
    end of the round (L241)."""
    if cmd.off_hand is None:
        return []
    out = []
    for name in dict.fromkeys((cmd.weapon, cmd.off_hand)):
        weapon = of(actor, name)
        if weapon is not None and weapon.defensive and not any(
                e.kind == "shield_used" and e.source == name for e in actor.round_effects):
            out.append(RoundEffect(kind="shield_used", source=name))
    return out


def fired(actor: BoonbaneSheet, cmd: AttackRoll, thrown: bool = False) -> WeaponChanged | None:
    """After the attack: a Reload weapon is no longer loaded (L131), 1 ammunition spent (L133);
    a thrown weapon (L134) is no longer wielded (digest §1.21)."""
    weapon = of(actor, cmd.weapon)
    if weapon is None or cmd.weapon is None or not (weapon.reload or weapon.ammunition or thrown):
        return None
    ammo = None if weapon.ammunition is None else weapon.ammunition - 1
    causes = (["attacked L131 L133"] if weapon.reload or weapon.ammunition else []) + (
        ["thrown L134"] if thrown else [])
    return WeaponChanged(character_id=cmd.character_id, weapon=cmd.weapon,
                         loaded=not weapon.reload, ammunition=ammo,
                         cause=" ".join(causes), wielded=False if thrown else None)


def reload(sheet: BoonbaneSheet, cmd: Reload) -> WeaponChanged:
    """Reload a weapon (L221): only one that needs it and is not loaded."""
    weapon = of(sheet, cmd.weapon)
    if weapon is None or not weapon.reload:
        raise StateConflict("weapon", "boonbane.reload L221",
                            f"{cmd.weapon!r} is not a Reload weapon of this creature")
    if weapon.loaded:
        raise StateConflict("weapon", "boonbane.reload L221", f"{cmd.weapon!r} is loaded")
    return WeaponChanged(character_id=cmd.character_id, weapon=cmd.weapon, loaded=True,
                         ammunition=weapon.ammunition, cause="reloaded L221")


def fold(sheet: BoonbaneSheet, ev: WeaponChanged) -> BoonbaneSheet:
    weapon = sheet.weapons.get(ev.weapon)
    if weapon is None:
        return sheet
    changed = msgspec.structs.replace(weapon, loaded=ev.loaded, ammunition=ev.ammunition,
                                      wielded=weapon.wielded if ev.wielded is None else ev.wielded)
    return msgspec.structs.replace(sheet, weapons={**sheet.weapons, ev.weapon: changed})
