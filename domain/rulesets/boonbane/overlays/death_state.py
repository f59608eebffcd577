"""Death State (L351-L356): "dead" as a mechanical state instead of permanent death."""

from __future__ import annotations

from typing import TypeVar

import msgspec

from contracts.rulesets.boonbane import DamageTaken, FateRolled
from contracts.rulesets.boonbane.overlays import DeathStateEnded
from contracts.rulesets.boonbane.play import StatAwarded
from domain.errors import StateConflict
from domain.rulesets.boonbane.damage import DISABLED_DEFENSELESS, DYING_UNCONSCIOUS, NPC_UNCONSCIOUS
from domain.rulesets.boonbane.state import BoonbaneSheet

LINKED = [DISABLED_DEFENSELESS, DYING_UNCONSCIOUS, NPC_UNCONSCIOUS]


Deadly = TypeVar("Deadly", DamageTaken, FateRolled, StatAwarded)


def instead_of_death(ev: Deadly, mode: str) -> Deadly:
    """With ``death_mode`` "death_state" a death marks the creature dead instead (L353): it
    keeps acting, with 1 bane on its rolls (L355); Fate rolls and death by damage stop and the
    linked incapacitation afflictions end (digest D-60)."""
    if mode != "death_state" or ev.life_state != "dead":
        return ev
    return msgspec.structs.replace(ev, life_state="active", marked_dead=True,
                                   removed_sources=[*ev.removed_sources, *LINKED])


def refuse_damage(sheet: BoonbaneSheet) -> None:
    if sheet.marked_dead:
        raise StateConflict("character_id", "boonbane.death-state D-60",
                            "a creature marked dead takes no further death from damage")


def fulfil(sheet: BoonbaneSheet, character_id: str, damage: int | None) -> DeathStateEnded:
    """The state ends when the source condition is fulfilled (L356)."""
    if not sheet.marked_dead:
        raise StateConflict("character_id", "boonbane.death-state L356",
                            "the creature is not marked dead")
    dmg = sheet.health - 1 if damage is None else min(damage, sheet.health - 1)
    return DeathStateEnded(character_id=character_id, condition=sheet.death_condition,
                           damage=max(0, dmg))


def fold_ended(sheet: BoonbaneSheet, ev: DeathStateEnded) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, marked_dead=False, death_condition=None,
                                   damage=ev.damage, life_state="active", disabled_rounds=0)
