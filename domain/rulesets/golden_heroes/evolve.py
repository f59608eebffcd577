"""Folding recorded Golden Heroes events into sheets and encounters. Total: an event that cannot
be read leaves the state as it was."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import equipment, frames, powers_apply, states
from domain.rulesets.golden_heroes import sheet as sheets

RID = c.RULESET_ID


def _encounter(state: Any) -> c.EncounterState:
    return msgspec.convert(state or {}, c.EncounterState)


def _fold_encounter(state: Any, name: str, ev: msgspec.Struct) -> c.EncounterState:
    enc = _encounter(state)
    replace = msgspec.structs.replace
    if isinstance(ev, c.CombatStarted):
        return c.EncounterState(encounter_id=ev.encounter_id, active=True,
                                combatants=list(ev.combatants))
    if isinstance(ev, c.InitiativeRolled):
        used = {cid: frames.owned_slots(n)[:ev.borrowed.get(cid, 0)]
                for cid, n in ev.frames.items()}
        return replace(enc, round=ev.round, phase=1, rolls=ev.rolls, winner=ev.winner,
                       frames_won=ev.frames_won, frames=dict(ev.frames), used=used, half=[],
                       delayed=[], borrowed={}, free_responses={})
    if isinstance(ev, c.FramesUsed):
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
    if isinstance(ev, c.ConditionNoted):
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
    if isinstance(ev, c.GeneralFieldChanged):
        fields = [f for f in enc.fields if f.caster_id != ev.caster_id]
        if ev.up:
            fields.append(c.GeneralField(caster_id=ev.caster_id, field=ev.field,
                                         strength=ev.strength, protects=list(ev.protects)))
        broken = enc.walls_broken + ([ev.caster_id] if ev.regenerates_hours else [])
        return replace(enc, fields=fields, walls_broken=broken)
    if isinstance(ev, c.PhaseEnded):
        return replace(enc, phase=ev.next_phase)
    if isinstance(ev, c.CombatEnded):
        return replace(enc, active=False, phase=0)
    return enc


def _fold_sheet(state: Any, ev: msgspec.Struct) -> c.GoldenHeroesSheet:
    sheet = sheets.load(state)
    replace = msgspec.structs.replace
    if isinstance(ev, c.CharacterGenerated):
        return sheets.apply_generated(sheet, ev)
    if isinstance(ev, (c.PowerGained, c.PowerOptionChosen, c.PowerRollsConverted,
                       c.BackgroundTaken)):
        return powers_apply.fold(sheet, ev)
    if isinstance(ev, c.StrikeRolled):
        number = sheet.strikes + 1
        # its own attack means the next one on it no longer "follows on directly" (L98)
        return replace(sheet, strikes=number, last_strike=c.LastStrike(
            number=number, target_id=ev.target_id, natural=ev.natural, total=ev.total,
            hit=ev.hit, critical=ev.critical, attack=ev.attack_form),
            energy_pool=ev.energy_pool or sheet.energy_pool, left_open=False)
    if isinstance(ev, c.CriticalMissSuffered):
        return replace(sheet, prone=sheet.prone or ev.prone,
                       left_open=sheet.left_open or ev.left_open)
    if isinstance(ev, c.LeftOpenTaken):
        return replace(sheet, left_open=False)
    if isinstance(ev, c.StoodUp):
        return replace(sheet, prone=False)
    if isinstance(ev, c.HeroPointsSpent):
        return _hero_points(sheet, ev)
    if isinstance(ev, c.ResourcesUsed):
        return replace(sheet, dups=sheet.dups - ev.dups)
    if isinstance(ev, c.DupsAllocated):
        plan: dict[str, int] = {}
        for a in ev.allocations:
            plan[a.activity] = plan.get(a.activity, 0) + a.dups
        return replace(sheet, dup_plan=plan)
    if isinstance(ev, c.WeekStarted):
        return replace(sheet, dups=sheet.dups + ev.dups)
    if isinstance(ev, c.ScenarioStarted):
        return replace(sheet, dups=ev.dups, hero_points=ev.hero_points, hero_points_used=0)
    if isinstance(ev, c.BountyHunterDeclared):
        return replace(sheet, bounty_hunter=True, ratings={**sheet.ratings, **ev.ratings})
    if isinstance(ev, c.RatingSet):
        return replace(sheet, ratings={**sheet.ratings, ev.rating: ev.value})
    if isinstance(ev, c.ScenarioEnded):
        return replace(sheet, practice_half=ev.practice_half, scenario_results=ev.results,
                       ratings={**sheet.ratings, "practice": ev.practice,
                                "success_rate": ev.success_rate})
    if isinstance(ev, c.CharacterImproved):
        refined = {ev.refinement: ev.ipp} if ev.refinement else {}
        return replace(sheet, dups=sheet.dups - ev.dups,
                       refinements={**sheet.refinements, **refined})
    if isinstance(ev, c.ForceFieldRaised):
        up = [f for f in sheet.fields_up if f != ev.field] + ([ev.field] if ev.up else [])
        return replace(sheet, fields_up=up)
    if isinstance(ev, c.EquipmentChosen):
        return equipment.fold(sheet, ev)
    if isinstance(ev, c.GripChanged):
        return replace(sheet, grip=ev.grip)
    if isinstance(ev, c.FightJoined):
        if ev.joined:
            return replace(sheet, fight=ev.encounter_id)
        return replace(sheet, fight=None) if sheet.fight == ev.encounter_id else sheet
    if isinstance(ev, c.AttackDeclared):
        declared = c.DeclaredAttack(attacker_id=ev.attacker_id, attack=ev.attack, melee=ev.melee,
                                    encounter_id=ev.encounter_id)
        return replace(sheet, declared_attack=declared if ev.state == "declared" else None)
    if isinstance(ev, c.ThrowStopped):
        # still held, no longer lifted to be thrown (L115)
        grip = sheet.grip if sheet.grip is None else replace(sheet.grip, lifted=False)
        return replace(sheet, grip=grip)
    if isinstance(ev, c.HitPending):
        return replace(sheet, pending_attack=ev.attack)
    if isinstance(ev, c.AttackResolved):
        hurt = ev.htc_taken > 0 or ev.htk_taken > 0 or ev.overflow_htk > 0
        # a fall or a backfire is not the hit waiting for the character's response
        pending = None if ev.attack not in ("fall", "backfire") else sheet.pending_attack
        out = replace(sheet, htc=ev.htc, htk=ev.htk, pending_attack=pending,
                      fields_up=[f for f in sheet.fields_up if f != ev.field_destroyed],
                      prone=sheet.prone or ev.fell,
                      aid_used=sheet.aid_used and not hurt,
                      first_aid_used=sheet.first_aid_used and not hurt)
        return replace(out, unconscious=sheets.latch(out))
    if isinstance(ev, c.Recovered):
        out = replace(sheet, htc=ev.htc, htk=ev.htk, no_recovery_hours=ev.no_recovery_hours,
                      wake_roll_pending=sheets.wake_pending(sheet, ev))
        return replace(out, unconscious=sheets.latch(out))
    if isinstance(ev, c.CoupDeGraceDelivered):
        return replace(sheet, no_recovery_hours=max(sheet.no_recovery_hours, ev.hours))
    if isinstance(ev, c.Aided):
        out = replace(sheet, htc=ev.htc, htk=ev.htk,
                      aid_used=sheet.aid_used or ev.kind == "htc_aid",
                      first_aid_used=sheet.first_aid_used or ev.kind == "first_aid")
        return replace(out, unconscious=sheets.latch(out))
    return sheet


def _hero_points(sheet: c.GoldenHeroesSheet, ev: c.HeroPointsSpent) -> c.GoldenHeroesSheet:
    """The spender's points are used; the roller's strike is changed; the target's pending
    hit comes or goes with it (L373)."""
    replace = msgspec.structs.replace
    if "spender" in ev.roles:
        sheet = replace(sheet, hero_points_used=sheet.hero_points_used + abs(ev.points))
    last = sheet.last_strike
    if "roller" in ev.roles and last is not None:
        sheet = replace(sheet, last_strike=replace(last, total=ev.total, hit=ev.hit,
                                                   hero_points=True))
    if "target" in ev.roles:
        if ev.was_hit and not ev.hit:
            sheet = replace(sheet, pending_attack=None)
        elif ev.attack is not None:
            sheet = replace(sheet, pending_attack=ev.attack)
    return sheet


ENCOUNTER_EVENTS = frozenset(f"{RID}.{n}" for n in (
    "CombatStarted", "InitiativeRolled", "FramesUsed", "PhaseEnded", "CombatEnded",
    "GeneralFieldChanged", "ConditionNoted"))


def evolve(state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
    """Fold one recorded event into a sheet or an encounter."""
    kind = c.EVENTS.get(event_type)
    if kind is None:
        return state
    try:
        ev = msgspec.convert(dict(data), kind)
        fold: Callable[[], msgspec.Struct]
        if event_type in ENCOUNTER_EVENTS:
            fold = lambda: _fold_encounter(state, event_type, ev)  # noqa: E731
        else:
            fold = lambda: _fold_sheet(state, ev)  # noqa: E731
        return msgspec.to_builtins(fold())
    except (msgspec.ValidationError, TypeError, ValueError):
        return state
