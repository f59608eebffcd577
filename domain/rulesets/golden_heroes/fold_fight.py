"""Folding a fight's recorded events into its state, by event class (L40-L60, L123, L207)."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import frames, states, views
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.events import Event
from domain.rulesets.seam import Folds

FOLDS: Folds[st.EncounterState] = Folds()
replace = msgspec.structs.replace


@FOLDS.on(c.CombatStarted)
def combat_started(enc: st.EncounterState, ev: c.CombatStarted) -> st.EncounterState:
    """A new fight, whatever was there before (L43)."""
    return st.EncounterState(encounter_id=ev.encounter_id, active=True,
                            combatants=[views.combatant(x) for x in ev.combatants])


@FOLDS.on(c.InitiativeRolled)
def initiative_rolled(enc: st.EncounterState, ev: c.InitiativeRolled) -> st.EncounterState:
    """A new round: frames won, frames borrowed last round already spent (L43-L45, L60)."""
    used = {cid: frames.owned_slots(n)[:ev.borrowed.get(cid, 0)]
            for cid, n in ev.frames.items()}
    return replace(enc, round=ev.round, phase=1, rolls=ev.rolls, winner=ev.winner,
                   frames_won=ev.frames_won, frames=dict(ev.frames), used=used, half=[],
                   delayed=[], borrowed={}, free_responses={})


@FOLDS.on(c.FramesUsed)
def frames_used(enc: st.EncounterState, ev: c.FramesUsed) -> st.EncounterState:
    """Frame slots spent, half frames (L48), delays (L46), borrowing (L60), free responses
    (L101); a surprised combatant's response ends its surprise (L55)."""
    used = {**enc.used, ev.character_id: [*enc.used.get(ev.character_id, []), *ev.slots]}
    half = [h for h in enc.half if h != ev.character_id]
    if ev.activity == "half_frame" and not ev.slots:
        half.append(ev.character_id)
    elif ev.activity != "half_frame" and ev.character_id in enc.half:
        half.append(ev.character_id)  # a frame between two half frames keeps the half
    delayed = enc.delayed + ([ev.character_id] if ev.activity == "delay" else [])
    borrowed = {**enc.borrowed,
                ev.character_id: enc.borrowed.get(ev.character_id, 0) + ev.next_round}
    free = {**enc.free_responses,
            ev.character_id: enc.free_responses.get(ev.character_id, 0) + int(ev.free)}
    combatants = [replace(x, surprised=False) if x.character_id == ev.character_id
                  and ev.activity == "response" else x for x in enc.combatants]
    return replace(enc, used=used, half=half, delayed=delayed, borrowed=borrowed,
                   free_responses=free, combatants=combatants)


@FOLDS.on(c.ConditionNoted)
def condition_noted(enc: st.EncounterState, ev: c.ConditionNoted) -> st.EncounterState:
    """A fighter's condition and, mid-round, its frames this round (L123)."""
    who = frames.combatant(enc, ev.character_id)
    if who is None:
        return enc
    combatants = [replace(x, condition=ev.condition) if x.character_id == ev.character_id
                  else x for x in enc.combatants]
    round_frames = dict(enc.frames)
    if enc.phase != 0:  # "until they have recovered" (L123): at once, in this round too
        round_frames[ev.character_id] = states.frames_per_round(who.frames, ev.condition)
    # a general field "will disappear as soon as the character stops concentrating" (L207)
    fields = [f for f in enc.fields
              if not (ev.condition == "helpless" and f.caster_id == ev.character_id)]
    return replace(enc, combatants=combatants, frames=round_frames, fields=fields)


@FOLDS.on(c.GeneralFieldChanged)
def general_field_changed(enc: st.EncounterState, ev: c.GeneralFieldChanged) -> st.EncounterState:
    """A general force field placed, moved or gone (L206-L207)."""
    fields = [f for f in enc.fields if f.caster_id != ev.caster_id]
    if ev.up:
        fields.append(st.GeneralField(caster_id=ev.caster_id, field=ev.field,
                                     strength=ev.strength, protects=list(ev.protects)))
    broken = enc.walls_broken + ([ev.caster_id] if ev.regenerates_hours else [])
    return replace(enc, fields=fields, walls_broken=broken)


@FOLDS.on(c.PhaseEnded)
def phase_ended(enc: st.EncounterState, ev: c.PhaseEnded) -> st.EncounterState:
    return replace(enc, phase=ev.next_phase)


@FOLDS.on(c.CombatEnded)
def combat_ended(enc: st.EncounterState, ev: c.CombatEnded) -> st.EncounterState:
    return replace(enc, active=False, phase=0)


def starts(ev: Event) -> st.EncounterState | None:
    """A fight's state from its first event: folded into an empty fight, as every fight event
    always was (a fight starts with ``CombatStarted``)."""
    return FOLDS.fold(st.EncounterState(), ev)
