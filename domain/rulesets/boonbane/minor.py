"""Minor Activities (L70-L74): "Minor activities do not use an action, triggered action, or
move." (L72) "Examples include dropping or picking up an item, drawing or stowing a weapon, and
opening or closing a door." (L73) "You can usually do 1 minor activity on a fast turn or 2 on a
slow turn." (L74; the counts are campaign options, digest D-64)."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.boonbane.minor import MinorActivity, MinorActivityDone, MinorActivityUsed
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import afflictions, turns
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.state import BoonbaneEncounter, BoonbaneSheet

# weapon activity -> (wielded before it, wielded after it) (L73)
WEAPON_ACTIVITIES: Final[dict[str, tuple[bool, bool]]] = {
    "draw_weapon": (False, True),
    "pick_up_weapon": (False, True),
    "stow_weapon": (True, False),
    "drop_weapon": (True, False),
}
# a creature that cannot act or move does no minor activity (digest D-19)
NO_MINOR: Final[dict[str, str]] = turns.NO_TURN


def allowance(turn: str, opts: BoonbaneOptions) -> int:
    """Minor activities a turn allows: 1 on a fast turn, 2 on a slow turn (L74, D-64)."""
    return opts.minor_activities_fast if turn == "fast" else opts.minor_activities_slow


def decide(cmd: MinorActivity, running: BoonbaneEncounter | None, sheet: BoonbaneSheet,
           opts: BoonbaneOptions) -> list[tuple[str | None, MinorActivityDone |
                                               MinorActivityUsed]]:
    """A minor activity (L72-L74): refused for a creature that cannot act or move (L323, L328,
    L332, L41; D-19); in an encounter only on its own turn and within the turn's allowance
    (L74); a weapon activity changes whether the named weapon of the sheet is wielded (L73),
    drawing or picking up one only at the Size it needs (L132)."""
    own = afflictions.active(sheet.afflictions)
    if sheet.life_state in ("dying", "dead"):
        own.add("unconscious")  # dying characters are unconscious (L41)
    for name, line in NO_MINOR.items():
        if name in own:
            raise StateConflict("character_id", f"boonbane.{name} {line}",
                                f"a {name} creature does no minor activity")
    out: list[tuple[str | None, MinorActivityDone | MinorActivityUsed]] = []
    if cmd.encounter_id is not None:
        enc = turns.load(running)
        if enc.current != cmd.character_id or cmd.character_id not in enc.turns:
            raise StateConflict("character_id", "boonbane.minor-activities L74",
                                f"minor activities come on a turn: it is not "
                                f"{cmd.character_id!r}'s turn")
        allowed = allowance(enc.turns[cmd.character_id], opts)
        if enc.minor >= allowed:
            raise StateConflict("activity", "boonbane.minor-activities L74",
                                f"a {enc.turns[cmd.character_id]} turn allows {allowed} minor "
                                "activities: all used this turn")
        out.append((None, MinorActivityUsed(
            character_id=cmd.character_id, activity=cmd.activity, round=enc.round,
            used=enc.minor + 1, allowed=allowed)))
    wielded = _weapon(cmd, sheet)
    out.append((cmd.character_id, MinorActivityDone(
        character_id=cmd.character_id, activity=cmd.activity, what=cmd.what, weapon=cmd.weapon,
        wielded=wielded)))
    return out


def _weapon(cmd: MinorActivity, sheet: BoonbaneSheet) -> bool | None:
    """Whether the named weapon is wielded after a weapon activity (L73); None for the others."""
    change = WEAPON_ACTIVITIES.get(cmd.activity)
    if change is None:
        return None
    weapon = sheet.weapons.get(cmd.weapon) if cmd.weapon is not None else None
    if weapon is None:
        raise DomainError("weapon", "boonbane.minor-activities L73",
                          f"{cmd.activity} names a weapon of this creature's sheet, not "
                          f"{cmd.weapon!r}")
    before, after = change
    if weapon.wielded != before:
        raise StateConflict("weapon", "boonbane.minor-activities L73",
                            f"{cmd.weapon!r} is {'' if weapon.wielded else 'not '}wielded: "
                            f"no {cmd.activity}")
    if after and sheet.size < weapon.min_size:
        raise StateConflict("weapon", "boonbane.size L132",
                            f"{cmd.weapon!r} needs Size {weapon.min_size}, not {sheet.size}")
    return after


def fold(sheet: BoonbaneSheet, ev: MinorActivityDone) -> BoonbaneSheet:
    """The sheet after a minor activity: the weapon wielded or not (L73)."""
    weapon = sheet.weapons.get(ev.weapon) if ev.weapon is not None else None
    if weapon is None or ev.wielded is None:
        return sheet
    changed = msgspec.structs.replace(weapon, wielded=ev.wielded)
    return msgspec.structs.replace(sheet, weapons={**sheet.weapons, ev.weapon: changed})
