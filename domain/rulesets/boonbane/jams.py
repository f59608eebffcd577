"""Misfire's jam (L128): "even needs 1 minute of repair" — the weapon stays jammed until repaired
(digest D-30)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.boonbane import AttackRoll, RollMade
from contracts.rulesets.boonbane.play import RepairWeapon, WeaponRepaired
from domain.errors import StateConflict
from domain.rulesets.boonbane.state import BoonbaneSheet

DEFAULT_WEAPON = "misfire weapon"


def weapon_of(cmd: AttackRoll) -> str | None:
    """The weapon an attack uses: its name, or the unnamed Misfire weapon."""
    return cmd.weapon if cmd.weapon is not None else DEFAULT_WEAPON if cmd.misfire else None


def refuse_jammed(actor: BoonbaneSheet, cmd: AttackRoll) -> None:
    """Misfire (L128): a jammed weapon cannot attack until its minute of repair."""
    weapon = weapon_of(cmd)
    if weapon is not None and weapon in actor.jammed_weapons:
        raise StateConflict("weapon", "boonbane.misfire L128",
                            f"{weapon!r} is jammed: it needs 1 minute of repair (RepairWeapon)")


def repair(sheet: BoonbaneSheet, cmd: RepairWeapon) -> WeaponRepaired:
    """A minute of repair clears the jam (L128); a weapon that is not jammed is refused."""
    if cmd.weapon not in sheet.jammed_weapons:
        raise StateConflict("weapon", "boonbane.misfire L128",
                            f"{cmd.weapon!r} is not jammed (jammed: {sheet.jammed_weapons})")
    return WeaponRepaired(character_id=cmd.character_id, weapon=cmd.weapon)


def fold_roll(sheet: BoonbaneSheet, ev: RollMade) -> BoonbaneSheet:
    """An even misfire jams the weapon (L128)."""
    if not ev.jammed or ev.weapon is None or ev.weapon in sheet.jammed_weapons:
        return sheet
    return msgspec.structs.replace(sheet, jammed_weapons=[*sheet.jammed_weapons, ev.weapon])


def fold_repaired(sheet: BoonbaneSheet, ev: WeaponRepaired) -> BoonbaneSheet:
    return msgspec.structs.replace(
        sheet, jammed_weapons=[w for w in sheet.jammed_weapons if w != ev.weapon])
