"""Folding a character's recorded events into its sheet, by event class."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import equipment, powers_apply, views
from domain.rulesets.golden_heroes import sheet as sheets
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.seam import Folds

Sheet = st.GoldenHeroesSheet
FOLDS: Folds[Sheet] = Folds()
replace = msgspec.structs.replace

FOLDS.add(c.CharacterGenerated, sheets.apply_generated)
FOLDS.add(c.PowerGained, powers_apply.gained)
FOLDS.add(c.PowerOptionChosen, powers_apply.option_chosen)
FOLDS.add(c.PowerRollsConverted, powers_apply.rolls_converted)
FOLDS.add(c.BackgroundTaken, powers_apply.background_taken)
FOLDS.add(c.EquipmentChosen, equipment.fold)


@FOLDS.on(c.StrikeRolled)
def strike_rolled(sheet: Sheet, ev: c.StrikeRolled) -> Sheet:
    number = sheet.strikes + 1
    # its own attack means the next one on it no longer "follows on directly" (L98)
    return replace(sheet, strikes=number, last_strike=st.LastStrike(
        number=number, target_id=ev.target_id, natural=ev.natural, total=ev.total,
        hit=ev.hit, critical=ev.critical, attack=views.pending_attack(ev.attack_form)),
        energy_pool=views.energy_pool(ev.energy_pool) or sheet.energy_pool, left_open=False)


@FOLDS.on(c.CriticalMissSuffered)
def critical_miss_suffered(sheet: Sheet, ev: c.CriticalMissSuffered) -> Sheet:
    return replace(sheet, prone=sheet.prone or ev.prone,
                   left_open=sheet.left_open or ev.left_open)


@FOLDS.on(c.LeftOpenTaken)
def left_open_taken(sheet: Sheet, ev: c.LeftOpenTaken) -> Sheet:
    return replace(sheet, left_open=False)


@FOLDS.on(c.StoodUp)
def stood_up(sheet: Sheet, ev: c.StoodUp) -> Sheet:
    return replace(sheet, prone=False)


@FOLDS.on(c.HeroPointsSpent)
def hero_points_spent(sheet: Sheet, ev: c.HeroPointsSpent) -> Sheet:
    """The spender's points are used; the roller's strike is changed; the target's pending
    hit comes or goes with it (L373)."""
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
            sheet = replace(sheet, pending_attack=views.pending_attack(ev.attack))
    return sheet


@FOLDS.on(c.ResourcesUsed)
def resources_used(sheet: Sheet, ev: c.ResourcesUsed) -> Sheet:
    return replace(sheet, dups=sheet.dups - ev.dups)


@FOLDS.on(c.DupsAllocated)
def dups_allocated(sheet: Sheet, ev: c.DupsAllocated) -> Sheet:
    plan: dict[str, int] = {}
    for a in ev.allocations:
        plan[a.activity] = plan.get(a.activity, 0) + a.dups
    return replace(sheet, dup_plan=plan)


@FOLDS.on(c.WeekStarted)
def week_started(sheet: Sheet, ev: c.WeekStarted) -> Sheet:
    return replace(sheet, dups=sheet.dups + ev.dups)


@FOLDS.on(c.ScenarioStarted)
def scenario_started(sheet: Sheet, ev: c.ScenarioStarted) -> Sheet:
    return replace(sheet, dups=ev.dups, hero_points=ev.hero_points, hero_points_used=0)


@FOLDS.on(c.BountyHunterDeclared)
def bounty_hunter_declared(sheet: Sheet, ev: c.BountyHunterDeclared) -> Sheet:
    return replace(sheet, bounty_hunter=True, ratings={**sheet.ratings, **ev.ratings})


@FOLDS.on(c.RatingSet)
def rating_set(sheet: Sheet, ev: c.RatingSet) -> Sheet:
    return replace(sheet, ratings={**sheet.ratings, ev.rating: ev.value})


@FOLDS.on(c.ScenarioEnded)
def scenario_ended(sheet: Sheet, ev: c.ScenarioEnded) -> Sheet:
    return replace(sheet, practice_half=ev.practice_half, scenario_results=ev.results,
                   ratings={**sheet.ratings, "practice": ev.practice,
                            "success_rate": ev.success_rate})


@FOLDS.on(c.CharacterImproved)
def character_improved(sheet: Sheet, ev: c.CharacterImproved) -> Sheet:
    refined = {ev.refinement: ev.ipp} if ev.refinement else {}
    return replace(sheet, dups=sheet.dups - ev.dups,
                   refinements={**sheet.refinements, **refined})


@FOLDS.on(c.ForceFieldRaised)
def force_field_raised(sheet: Sheet, ev: c.ForceFieldRaised) -> Sheet:
    up = [f for f in sheet.fields_up if f != ev.field] + ([ev.field] if ev.up else [])
    return replace(sheet, fields_up=up)


@FOLDS.on(c.GripChanged)
def grip_changed(sheet: Sheet, ev: c.GripChanged) -> Sheet:
    return replace(sheet, grip=views.grip(ev.grip))


@FOLDS.on(c.FightJoined)
def fight_joined(sheet: Sheet, ev: c.FightJoined) -> Sheet:
    if ev.joined:
        return replace(sheet, fight=ev.encounter_id)
    return replace(sheet, fight=None) if sheet.fight == ev.encounter_id else sheet


@FOLDS.on(c.AttackDeclared)
def attack_declared(sheet: Sheet, ev: c.AttackDeclared) -> Sheet:
    declared = st.DeclaredAttack(attacker_id=ev.attacker_id, attack=ev.attack, melee=ev.melee,
                                encounter_id=ev.encounter_id)
    return replace(sheet, declared_attack=declared if ev.state == "declared" else None)


@FOLDS.on(c.ThrowStopped)
def throw_stopped(sheet: Sheet, ev: c.ThrowStopped) -> Sheet:
    # still held, no longer lifted to be thrown (L115)
    grip = sheet.grip if sheet.grip is None else replace(sheet.grip, lifted=False)
    return replace(sheet, grip=grip)


@FOLDS.on(c.HitPending)
def hit_pending(sheet: Sheet, ev: c.HitPending) -> Sheet:
    return replace(sheet, pending_attack=views.pending_attack(ev.attack))


@FOLDS.on(c.AttackResolved)
def attack_resolved(sheet: Sheet, ev: c.AttackResolved) -> Sheet:
    hurt = ev.htc_taken > 0 or ev.htk_taken > 0 or ev.overflow_htk > 0
    # a fall or a backfire is not the hit waiting for the character's response
    pending = None if ev.attack not in ("fall", "backfire") else sheet.pending_attack
    out = replace(sheet, htc=ev.htc, htk=ev.htk, pending_attack=pending,
                  fields_up=[f for f in sheet.fields_up if f != ev.field_destroyed],
                  prone=sheet.prone or ev.fell,
                  aid_used=sheet.aid_used and not hurt,
                  first_aid_used=sheet.first_aid_used and not hurt)
    return replace(out, unconscious=sheets.latch(out))


@FOLDS.on(c.Recovered)
def recovered(sheet: Sheet, ev: c.Recovered) -> Sheet:
    out = replace(sheet, htc=ev.htc, htk=ev.htk, no_recovery_hours=ev.no_recovery_hours,
                  wake_roll_pending=sheets.wake_pending(sheet, ev))
    return replace(out, unconscious=sheets.latch(out))


@FOLDS.on(c.CoupDeGraceDelivered)
def coup_de_grace_delivered(sheet: Sheet, ev: c.CoupDeGraceDelivered) -> Sheet:
    return replace(sheet, no_recovery_hours=max(sheet.no_recovery_hours, ev.hours))


@FOLDS.on(c.Aided)
def aided(sheet: Sheet, ev: c.Aided) -> Sheet:
    out = replace(sheet, htc=ev.htc, htk=ev.htk,
                  aid_used=sheet.aid_used or ev.kind == "htc_aid",
                  first_aid_used=sheet.first_aid_used or ev.kind == "first_aid")
    return replace(out, unconscious=sheets.latch(out))
