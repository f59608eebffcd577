"""Personal force fields (L206-L207): switched on for an action; what they stop.

A Personal Force Shield absorbs the first 4d6 of each attack, HTK first, and is never
destroyed; a Personal Force Barrier (3d6 HTK) or Wall (5d6 HTK) stops everything, and is
destroyed when one attack's HTK exceeds it, the excess dissipated. Strengths are rolled once
when the power is gained (decision #44). Fields are DC10 when attacked; personal fields do
not prevent push-back (L206).
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import decide_combat, powers, states
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.damage import Damage, take_htk_first
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event

STRENGTH: Final = {"personal_force_shield": "shield_absorbs",
                   "personal_force_barrier": "barrier_htk", "personal_force_wall": "wall_htk"}
FIELD_DC: Final = 10  # "All Force Fields are DC10 when attacked" (L206)


def raise_field(cmd: c.RaiseForceField, sheet: st.GoldenHeroesSheet,
                states_: States) -> list[Out]:
    """1 Action to create or switch off a personal field (L207); only a type the character
    chose, one a grade (``ChoosePowerOption``)."""
    if states.helpless(sheet):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} is {states.htc_condition(sheet)}")
    ff = powers.held(sheet, "force_field")
    if ff is None:
        raise DomainError("field", "golden-heroes.force-field L206", "no Force Field power")
    if cmd.field not in ff.choice.split(","):
        raise DomainError("field", "golden-heroes.force-field L206",
                          f"the chosen field types are {ff.choice or 'none yet'}")
    if (cmd.field in sheet.fields_up) == cmd.up:
        raise StateConflict("up", "golden-heroes.force-field L207",
                            f"{cmd.field} is already {'up' if cmd.up else 'down'}")
    out: list[Out] = []
    if cmd.encounter_id is not None:
        state = decide_combat.active(states_, cmd.encounter_id)
        slots, _ = decide_combat.spend(state, sheet, cmd.character_id, "action", "field")
        out.append(event(enc(cmd.encounter_id), c.FramesUsed(
            encounter_id=cmd.encounter_id, character_id=cmd.character_id, round=state.round,
            phase=state.phase, activity="action", slots=slots, note=cmd.field)))
    out.insert(0, event(char(cmd.character_id), c.ForceFieldRaised(
        character_id=cmd.character_id, field=cmd.field, up=cmd.up)))
    return out


def defence_class(sheet: st.GoldenHeroesSheet, dc: int) -> int:
    """A barrier or wall up is what is attacked: DC10 (L206)."""
    walls = {"personal_force_barrier", "personal_force_wall"} & set(sheet.fields_up)
    return FIELD_DC if walls else dc


def absorb(sheet: st.GoldenHeroesSheet, d: Damage) -> tuple[Damage, str, str]:
    """What a personal field leaves of the damage, the step's name, and a field it broke."""
    ff = powers.held(sheet, "force_field")
    if ff is None:
        return d, "", ""
    for field in ("personal_force_wall", "personal_force_barrier"):
        if field in sheet.fields_up:
            strength = ff.rolled.get(STRENGTH[field], 0)
            broke = field if d.htk > strength else ""
            return Damage(0, 0), f"{field.replace('_', ' ')} {strength} HTK (L206)", broke
    if "personal_force_shield" in sheet.fields_up:
        n = ff.rolled.get(STRENGTH["personal_force_shield"], 0)
        return take_htk_first(d, n), f"personal force shield absorbs {n} (L207)", ""
    return d, "", ""
