"""General force fields in a fight (L206-L207): a General Force Barrier (3d6 HTK) or Wall
(5d6 HTK), strengths rolled once when the power was gained (decision #44), formed within 6 m in
front of the characters it protects. Attacks on them strike the field at DC10; it stops all
damage, and an attack whose HTK exceeds it destroys it, the excess dissipated (lesser damage
is regenerated; the rulebook's "in one Action" is read per attack). A destroyed wall cannot be
regenerated for 1 hour per HTK. Its caster concentrates: no other action while it stands.
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import decide_combat, frames, powers
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.damage import Damage
from domain.rulesets.golden_heroes.decide_combat import enc
from domain.rulesets.golden_heroes.events import Out, States, event

RULE: Final = "golden-heroes.force-field L206-L207"
STRENGTH: Final = {"general_force_barrier": "barrier_htk", "general_force_wall": "wall_htk"}
FIELD_DC: Final = 10  # "All Force Fields are DC10 when attacked" (L206)


def cover(state: st.EncounterState | None, target_id: str) -> st.GeneralField | None:
    """The general field standing in front of ``target_id``, if any (L206)."""
    if state is None:
        return None
    return next((f for f in state.fields if target_id in f.protects), None)


def concentrating(state: st.EncounterState, cid: str) -> st.GeneralField | None:
    """The general field ``cid`` holds up by concentration (L206)."""
    return next((f for f in state.fields if f.caster_id == cid), None)


def place(cmd: c.PlaceForceField, sheet: st.GoldenHeroesSheet,
          states_: States) -> list[Out]:
    """Forming a general field: 1 Action; only a type chosen for the power; a destroyed wall
    not again in this fight (L207); letting it drop takes no time (a decision)."""
    state = decide_combat.active(states_, cmd.encounter_id)
    held = concentrating(state, cmd.character_id)
    if not cmd.up:
        if held is None or held.field != cmd.field:
            raise StateConflict("up", RULE, f"{cmd.character_id!r} holds no {cmd.field}")
        return [event(enc(cmd.encounter_id), c.GeneralFieldChanged(
            encounter_id=cmd.encounter_id, caster_id=cmd.character_id, field=cmd.field,
            up=False, reason="dropped"))]
    ff = powers.held(sheet, "force_field")
    if ff is None or cmd.field not in ff.choice.split(","):
        raise DomainError("field", RULE, f"the chosen field types are "
                          f"{ff.choice if ff is not None and ff.choice else 'none'}")
    if held is not None:
        raise StateConflict("field", RULE, f"{cmd.character_id!r} already holds a {held.field}")
    if cmd.field == "general_force_wall" and cmd.character_id in state.walls_broken:
        raise StateConflict("field", RULE, "a destroyed wall cannot be regenerated for 1 hour "
                            "per HTK")
    stray = [p for p in cmd.protects if frames.combatant(state, p) is None]
    if stray or not cmd.protects:
        raise DomainError("protects", RULE, f"name the fighters behind it (not in it: {stray})")
    slots, _ = decide_combat.spend(state, sheet, cmd.character_id, "action", "encounter_id")
    strength = ff.rolled.get(STRENGTH[cmd.field], 0)
    return [event(enc(cmd.encounter_id), c.FramesUsed(
        encounter_id=cmd.encounter_id, character_id=cmd.character_id, round=state.round,
        phase=state.phase, activity="action", slots=slots, note=cmd.field)),
        event(enc(cmd.encounter_id), c.GeneralFieldChanged(
            encounter_id=cmd.encounter_id, caster_id=cmd.character_id, field=cmd.field, up=True,
            strength=strength, protects=list(dict.fromkeys(cmd.protects)), reason="formed"))]


def absorb(field: st.GeneralField, d: Damage) -> tuple[Damage, str, bool]:
    """A general field stops the whole attack; its HTK beyond the field's destroys it (L206)."""
    return Damage(0, 0), f"{field.field.replace('_', ' ')} {field.strength} HTK (L206)", \
        d.htk > field.strength


def broken(field: st.GeneralField, encounter_id: str) -> Out:
    """The field destroyed: a wall not regenerated for 1 hour per HTK (L207)."""
    hours = field.strength if field.field == "general_force_wall" else 0
    return event(enc(encounter_id), c.GeneralFieldChanged(
        encounter_id=encounter_id, caster_id=field.caster_id, field=field.field, up=False,
        strength=field.strength, reason="destroyed", regenerates_hours=hours))
