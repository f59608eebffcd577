"""Deciding a hit's response and damage (L100-L123), recovery and aid (L122-L128)."""

from __future__ import annotations

from typing import Any

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import (
    attacks,
    common_sense,
    damage,
    decide_combat,
    energy_gimmicks,
    falling_objects,
    force_fields,
    frames,
    general_fields,
    grab_response,
    grapples,
    obstructions,
    powers,
    responses,
    states,
    tables,
    views,
)
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.damage import Damage
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event
from domain.rulesets.golden_heroes.options import GoldenHeroesOptions


def response_frames(state: st.EncounterState, sheet: st.GoldenHeroesSheet, cid: str,
                    cost: int) -> tuple[list[int], int]:
    """Future frames for a response (L54, L60, L100): ``responses.future_frames``."""
    return responses.future_frames(state, sheet, cid, cost)


def _parry_damage(defender: st.GoldenHeroesSheet, cmd: c.Respond, dice: Dice) -> tuple[int, list[int]]:
    """A parry's own damage, rolled as an attack of the parrying form, all in one total (L112)."""
    spec = c.StrikeSpec(attack=cmd.parry_with, weapon=cmd.parry_weapon)
    form = attacks.form(defender, spec)
    htc = [dice.roll(6) for _ in range(form.htc_dice)]
    htk = [dice.roll(6) for _ in range(form.htk_dice)]
    bonus = sum(m.value for m in form.damage_modifiers)
    # each part clamped at 0 (decision #34), the modifiers on HTC
    total = max(sum(htc) + form.htc_plus + bonus, 0) + max(sum(htk) + form.htk_plus, 0)
    return total, htc + htk


def respond(cmd: c.Respond, target: st.GoldenHeroesSheet, states_: States,
            dice: Dice, opts: GoldenHeroesOptions | None = None) -> list[Out]:
    """The response, then the damage pipeline (digest §3.7), push-back and the fall (L119)."""
    p = target.pending_attack
    if p is None:
        raise StateConflict("character_id", "golden-heroes.response L79",
                            f"no hit is waiting on {cmd.character_id!r}")
    if p.encounter_id != cmd.encounter_id:
        raise DomainError("encounter_id", "golden-heroes.response L79",
                          f"the hit was struck in fight {p.encounter_id!r}")
    kind = cmd.response
    responses.check_may_respond(target, p, kind)
    opts = opts or GoldenHeroesOptions()
    grab_response.check(p, kind)
    grapples.check_response(p, kind, opts.judo_damage_response)
    state = decide_combat.active(states_, p.encounter_id) if p.encounter_id else None
    used_free = state.free_responses.get(cmd.character_id, 0) if state else 0
    cost = (grapples.RESIST_FRAMES if kind == "resist" and opts.resist_cost == "action"
            else responses.frame_cost(p, kind, used_free, cmd.in_hand))
    free = (kind not in ("none", "stand_firm") and responses.is_free(p, used_free)
            and (kind != "resist" or opts.resist_cost == "free_against_wc01"))
    body: dict[str, Any] = {"character_id": cmd.character_id, "attacker_id": p.attacker_id,
                            "attack": p.attack, "response": kind}
    avoided, glance, parried, parry_ok = False, False, 0, False
    if "response_succeeds" in p.tags and kind not in ("none", "stand_firm"):
        # a falling object with 20 m or more still to fall: any response succeeds (L136)
        avoided = True
        body.update(response_result="success: 20 m or more still to fall (L136)")
    elif kind == "dodge":
        die = dice.roll(6)
        mods = responses.dodge_modifier(target, p)
        total = die + sum(v for _, v in mods) - p.weapon_class
        result = responses.dodge_result(total)
        if result == "glancing_or_full":
            room = True
            if state is not None:
                try:
                    response_frames(state, target, cmd.character_id, cost + 1)
                except StateConflict:
                    room = False  # the full dodge needs one more future frame (decision #4)
            result = "full" if cmd.full_dodge and room else "glancing"
            cost += 1 if result == "full" and p.weapon_class > 1 else 0
        avoided, glance = result == "full", result == "glancing"
        body.update(response_dice=[die], response_total=total, response_result=result)
    elif kind == "parry":
        need = responses.parry_need(p.parry_row, cmd.parry_mode)
        die = dice.roll(20)
        dex = tables.band(tables.DEXTERITY_STRIKE, target.attributes.get("dexterity", 10))
        total = (die + dex - (4 if p.critical_die == 2 else 0)
                 + grapples.penalties(target.grip).strike)  # a hypothetical hold (L121)
        ok = die != 1 and (die == 20 or total >= need)
        body.update(response_dice=[die], response_total=total,
                    response_result="success" if ok else "fail")
        if ok and cmd.parry_mode.startswith("missile") and p.parry_row != "melee_other" \
                and not p.parry_row.startswith("melee"):
            avoided = True  # a missile parried by a missile does no damage whatsoever (L112)
        elif ok:
            parry_ok = True
            parried, faces = _parry_damage(target, cmd, dice)
            body["parry_dice"] = faces
    elif kind == "superpower":
        # the refinement's roll is checked before the die is cast (L117)
        bonus = opts.superpower_referee_bonus if cmd.referee_bonus is None else cmd.referee_bonus
        responses.superpower_total(target, cmd.power, 0, bonus)
        die = dice.roll(6)
        total = responses.superpower_total(target, cmd.power, die, bonus)
        avoided = total >= responses.SUPERPOWER_SUCCESS
        body.update(response_dice=[die], response_total=total,
                    response_result="success" if avoided else "fail")
    elif kind == "resist":
        # 1d6 + the Strength Damage Modifier off this Action's grapple damage (L114)
        die = dice.roll(6)
        total = grapples.resist_total(target, die)
        parried = max(total, 0)
        body.update(response_dice=[die], response_total=total,
                    response_result=f"resists {parried}")
    elif kind == "common_sense":
        # a strike for a grab against the referee's Defence Class (L117)
        rolled = common_sense.roll(cmd, target, p, dice)
        avoided = rolled.hit and cmd.common_sense == "avoids_damage"
        body.update(response_dice=[rolled.natural], response_total=rolled.total,
                    response_strike=rolled, response_result="success" if rolled.hit else "fail")
    elif kind == "autoparry":
        # an interposed object absorbs up to its Destroy HTK, energy attacks too (L113)
        parried = tables.SIZES[cmd.object_size].destroy_htk
        body.update(response_result=f"size {cmd.object_size} object absorbs {parried}")
    slots: list[int] = []
    later = 0
    if state is not None and cost:
        try:
            slots, later = response_frames(state, target, cmd.character_id, cost)
        except StateConflict as err:
            if kind != "resist" and responses.past_free(p, used_free):
                raise StateConflict(
                    "response", "golden-heroes.free-responses L101",
                    f"{cmd.character_id!r} has made its four free responses this round; a "
                    "fifth costs 1 future frame and none is left this round or next") from err
            raise
    body.update(response_frames=cost, free_response=free)
    step = {"autoparry": "autoparry (L113)", "resist": "resist (L114)"}.get(kind, "parry (L112)")
    if grab_response.is_grab(p):
        body.update(_grab_outcome(target, p, avoided, parry_ok, parried, dice,
                                  opts.hospitalised_at))
    else:
        body.update(_damage(target, p, avoided, glance, parried, kind == "stand_firm", dice,
                            step, opts, state, cmd.character_id))
    stopped = _throw_stopped(target, p, body, opts.hospitalised_at)
    grip_event = None
    if grapples.is_grapple(p):
        hypothetical = body.get("hypothetical_htc")
        inflicted = (hypothetical if hypothetical is not None
                     else body.get("htc_taken", 0) + body.get("htk_taken", 0))
        grip, why = grapples.grip_after(p, avoided, inflicted)
        body["wrench"] = grapples.wrench_result(p, grip is not None)
        grip_event = event(char(cmd.character_id),
                           c.GripChanged(character_id=cmd.character_id,
                                         grip=views.grip_view(grip), reason=why))
    out = [event(char(cmd.character_id), c.AttackResolved(**body))]
    if stopped is not None:
        out.append(stopped)
    if body.get("grabbed"):
        out.append(event(char(cmd.character_id), c.GripChanged(
            character_id=cmd.character_id, grip=views.grip_view(grab_response.grip(p, target)),
            reason=f"grabbed by {p.attacker_id!r} (L76, L115)")))
    wall = general_fields.cover(state, cmd.character_id)
    if wall is not None and state is not None and body.get("field_destroyed") == wall.field:
        out.append(general_fields.broken(wall, state.encounter_id))
    if grip_event is not None:
        out.append(grip_event)
    if state is not None and frames.combatant(state, cmd.character_id) is not None:
        out.append(event(enc(state.encounter_id), c.FramesUsed(
            encounter_id=state.encounter_id, character_id=cmd.character_id, round=state.round,
            phase=state.phase, activity="response", slots=slots, next_round=later, free=free,
            note=kind)))
        if p.critical_die == 8 and p.attacker_superpowered and not avoided:
            # knocked off balance: the next frame is spent recovering (L89)
            state = msgspec.structs.replace(
                state, used={**state.used, cmd.character_id: [*state.used.get(
                    cmd.character_id, []), *slots]},
                borrowed={**state.borrowed,
                          cmd.character_id: state.borrowed.get(cmd.character_id, 0) + later})
            lost = decide_combat.lose_frames(state, cmd.character_id, 1, "critical hit 8")
            if lost is not None:
                out.append(lost)
    return out


def _grab_outcome(target: st.GoldenHeroesSheet, p: st.PendingAttack, avoided: bool,
                  parry_ok: bool, parried: int, dice: Dice,
                  hospitalised_at: str) -> dict[str, Any]:
    """A grab answered (L115): a full dodge or a successful Superpower response avoids it; a
    successful parry prevents it when its damage covers the hypothetical 1d6 + Strength
    modifier; anything else takes hold."""
    die = dice.roll(6) if parry_ok and not avoided else None
    hypothetical = grab_response.figure(p, die) if die is not None else None
    grabbed = not avoided and not (
        hypothetical is not None and grab_response.prevented_by_parry(parried, hypothetical))
    return {"grab_die": die, "grab_figure": hypothetical, "grabbed": grabbed,
            "htc": target.htc, "htk": target.htk, "condition": states.htc_condition(target),
            "injury": states.htk_condition(target, hospitalised_at)}


STOPS_THROW = frozenset({"staggered", "stunned", "unconscious", "hospitalised",
                         "technically_dead", "dead"})


def _throw_stopped(thrower: st.GoldenHeroesSheet, p: st.PendingAttack, body: dict[str, Any],
                   hospitalised_at: str) -> Out | None:
    """The lifted victim's attack on its thrower prevents the throw only if it "stuns,
    staggers, hospitalises or kills the assailant or knocks them unconscious" (L115): a
    condition the attack brought about."""
    if "answers_lift" not in p.tags:
        return None
    before = {states.htc_condition(thrower), states.htk_condition(thrower, hospitalised_at)}
    caused = [s for s in (body.get("condition"), body.get("injury"))
              if s in STOPS_THROW and s not in before]
    if not caused:
        return None
    body["throw_stopped"] = p.attacker_id
    return event(char(p.attacker_id), c.ThrowStopped(
        character_id=p.attacker_id, thrower_id=body["character_id"],
        thrower_condition=caused[-1], reason=f"the thrower is {caused[-1]}: the throw cannot "
        "be made (L115)"))


def _damage(target: st.GoldenHeroesSheet, p: st.PendingAttack, avoided: bool, glance: bool,
            parried: int, stand_firm: bool, dice: Dice, parry_step: str,
            opts: GoldenHeroesOptions, state: st.EncounterState | None = None,
            p_target: str = "") -> dict[str, Any]:
    """Every step of the pipeline, recorded (digest §3.7)."""
    if avoided:
        # no damage at all: the critical is avoided too (L85)
        return {"htc": target.htc, "htk": target.htk,
                "condition": states.htc_condition(target),
                "injury": states.htk_condition(target, opts.hospitalised_at)}
    htc_faces = [dice.roll(6) for _ in range(p.htc_dice)]
    htk_faces = [dice.roll(6) for _ in range(p.htk_dice)]
    crit = p.critical_die if p.attacker_superpowered else None
    crit_faces = [dice.roll(6)] if crit == 6 else []  # nerve centre: +1d6 HTC (L88)
    d = damage.rolled(p, htc_faces, htk_faces)
    steps = [damage.step("dice (L131)", d)]
    d = damage.with_modifiers(d, p, sum(crit_faces))
    steps.append(damage.step("damage modifiers (L118)", d))
    if glance:
        d = damage.glancing(d, opts.glancing_rounding)
        steps.append(damage.step("glancing blow (L103)", d))
    push_htc = d.htc
    if parried:
        d = damage.take_htk_first(d, parried)
        steps.append(damage.step(f"{parry_step}: {parried}", d))
    wall = general_fields.cover(state, p_target) if state is not None else None
    if wall is not None:
        # the general field in front takes the attack before the character (decision #8)
        d, name, gone = general_fields.absorb(wall, d)
        steps.append(damage.step(name, d))
        push_htc, broke = 0, wall.field if gone else ""
    else:
        d, name, broke = force_fields.absorb(target, d)
        if name:
            steps.append(damage.step(name, d))
    dc = powers.defence_class(target)
    immune = damage.immune(dc, p, d)
    if immune != d:
        d = immune
        steps.append(damage.step(f"DC {dc} immunity (L118)", d))
    by = damage.dividers(target, dc, p.divider_reduction + (2 if crit == 3 else 0))
    if grapples.is_grapple(p) and opts.grapple_dividers == "ignore":
        steps.append(damage.step("no dividers on a grapple (option grapple_dividers)", d))
    else:
        d = damage.divide(d, by)
        steps.append(damage.step(f"dividers HTC/{by.htc} HTK/{by.htk} (L119)", d))
    if "critical_on_non_superpowered" in p.tags and (d.htc or d.htk):
        # struck by a critical: unconscious, or technically dead if more HTK (L84, decision #2)
        by_htc = d.htc > d.htk or (d.htc == d.htk and opts.critical_tie == "htc")
        d = Damage(max(d.htc, target.htc), d.htk) if by_htc else \
            Damage(d.htc, max(d.htk, target.htk))
        steps.append(damage.step("critical on the non-superpowered (L84)", d))
    pbt = damage.pushback_threshold(target, stand_firm, crit == 7) - (
        energy_gimmicks.PUSH_BACK_LOWER if "push_back_gimmick" in p.tags else 0)  # L183
    # no push-back from a grapple (L119: "any attack other than a grapple")
    metres = 0 if grapples.is_grapple(p) else damage.pushback_metres(push_htc, pbt)
    way = obstructions.path(metres, p.obstruction_metres, p.obstruction_htk)
    collision_die = dice.roll(6) if way.hit else None
    if collision_die is not None:
        d = Damage(d.htc + collision_die, d.htk)
        what = "ploughed through" if way.through else "driven into"
        steps.append(damage.step(f"{what} an obstruction: +1d6 HTC (L119)", d))
    clear_die = dice.roll(6) if "ram" in p.tags and metres else None
    clear = clear_die is not None and \
        responses.dodge_result(clear_die - falling_objects.HAND_HURLED_WC) != "fail"
    if clear:
        # knocked clear of the vehicle's path: half the HTK only (L140)
        d = Damage(d.htc, d.htk // 2)
        steps.append(damage.step("knocked clear: half the HTK (L140)", d))
    hypothetical = None
    if grapples.hold_of(p) == "hypothetical" and grapples.is_grapple(p):
        # a hypothetical hold's HTC is counted for its penalties, never taken (L120-L121)
        hypothetical, d = d.htc, Damage(0, 0)
        steps.append(damage.step(f"hypothetical: {hypothetical} HTC not taken (L120)", d))
    htc, htk, overflow = damage.into_pools(target, d)
    after = msgspec.structs.replace(target, htc=htc, htk=htk)
    after = msgspec.structs.replace(after, unconscious=states.latch_unconscious(after))
    fall_die = dice.roll(20) if metres else None
    fell = fall_die is not None and damage.falls(fall_die, way.distance,
                                                 damage.fall_dexterity(target), opts.pushback_fall)
    return {"htc_dice": htc_faces, "htk_dice": htk_faces, "critical_dice": crit_faces,
            "steps": steps, "htc_taken": d.htc, "htk_taken": d.htk, "overflow_htk": overflow,
            "pushback_metres": metres, "pushback_threshold": pbt, "fall_die": fall_die,
            "pushback_distance": way.distance, "collision_die": collision_die,
            "ploughed_through": way.through,
            "fell": fell, "htc": htc, "htk": htk, "condition": states.htc_condition(after),
            "injury": states.htk_condition(after, opts.hospitalised_at), "field_destroyed": broke,
            "hypothetical_htc": hypothetical, "clear_die": clear_die, "knocked_clear": clear}
