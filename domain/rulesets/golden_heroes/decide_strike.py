"""Deciding a strike (L79-L98): its attack form, every modifier, its frames, the pending hit."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import (
    attacks,
    campaign,
    critical_misses,
    decide_combat,
    energy_pool,
    force_fields,
    frames,
    general_fields,
    grapples,
    lifting,
    powers,
    responses,
    states,
    strike,
    views,
)
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event, spent_slots


def defence_class(sheet: st.GoldenHeroesSheet) -> int:
    """The sheet's Defence Class: its costume's, or a better one from Armour or Tough Skin;
    DC10 behind a personal barrier or wall (L206)."""
    return force_fields.defence_class(sheet, powers.defence_class(sheet))


def modifier_lines(attacker: st.GoldenHeroesSheet, spec: c.Strike | c.StrikeSpec,
                   target_surprised: bool = False,
                   target: st.GoldenHeroesSheet | None = None) -> list[c.ModifierLine]:
    """Every strike modifier: Dexterity, the circumstances, the attacker's own state (L123), a
    grappled target (+4, L80-L82) and a hypothetical hold on the attacker (-1 a point, L121)."""
    strike.check_circumstances(spec.circumstances)
    given: list[str] = list(spec.circumstances)
    condition = states.htc_condition(attacker)
    if condition in ("staggered", "stunned"):
        given.append(f"attacker_{condition}")
    if target_surprised:
        given.append("unaware")  # a surprised target is unaware of the attack (decision #41)
    if target is not None and target.left_open:
        given.append("left_open")  # a "left open" critical miss: +2 (L98)
    if target is not None and target.grip is not None and target.grip.hold is not None:
        given.append("restrained")  # "target is restrained/grappled" (L80-L82)
    lines = strike.modifier_lines(attacker.attributes.get("dexterity"), given, spec.cover,
                                  spec.extreme_range_fifths, spec.other_modifier)
    if spec.variant == "bullwhip":
        lines.append(c.ModifierLine(source="bull-whip (L131)", value=-2))
    held = grapples.penalties(attacker.grip).strike
    if held:
        lines.append(c.ModifierLine(source="held in a hypothetical grapple (L121)", value=held))
    return lines


def _allocation(form: attacks.AttackForm, cmd: c.Strike) -> tuple[int, int]:
    """Damage Modifiers are cumulative; the attacker puts a bonus on HTC or HTK, or uses only
    part of it; a penalty must be applied (L118). Returns (net modifier, points on HTK)."""
    bonus = sum(m.value for m in form.damage_modifiers if m.value > 0)
    penalty = sum(m.value for m in form.damage_modifiers if m.value < 0)
    if cmd.to_htk + cmd.pull > bonus:
        raise DomainError("to_htk", "golden-heroes.damage-modifiers L118",
                          f"the damage bonus is {bonus}: to_htk + pull cannot exceed it")
    return bonus - cmd.pull + penalty, cmd.to_htk


DECLARED = "golden-heroes.judo-throw L116"


def _declared(cmd: c.Strike, form: attacks.AttackForm,
              target: st.GoldenHeroesSheet) -> st.DeclaredAttack | None:
    """The attacker's attack declared on the target and not yet rolled (L116); a declaration
    is refused while one waits, and a roll must be of the attack declared."""
    declared = target.declared_attack
    mine = declared if declared is not None and declared.attacker_id == cmd.character_id \
        else None
    if cmd.declare and mine is not None:
        raise StateConflict("declare", DECLARED, f"{mine.attack} on {cmd.target_id!r} is "
                            "declared already: roll it")
    if cmd.declare and cmd.thrown_id is not None:
        raise DomainError("declare", DECLARED, "a throw is rolled as it is made")
    if mine is not None and not cmd.declare and mine.attack != form.name:
        raise DomainError("attack", DECLARED, f"the attack declared on {cmd.target_id!r} is "
                          f"{mine.attack}: roll it first")
    return mine


def _declaration(cmd: c.Strike, form: attacks.AttackForm, state: str) -> Out:
    """The declared attack on the target's sheet, or its end (L116)."""
    return event(char(cmd.target_id), c.AttackDeclared(
        character_id=cmd.target_id, attacker_id=cmd.character_id, attack=form.name,
        melee=form.parry_row.startswith("melee"), state=state,  # type: ignore[arg-type]
        encounter_id=cmd.encounter_id))


def answers_lift(attacker: st.GoldenHeroesSheet, target_id: str) -> bool:
    """Whether the striker is being lifted to be thrown by its target: "Characters that are
    being lifted and thrown may respond immediately ... by using a normal attack form on their
    assailant" (L115)."""
    grip = attacker.grip
    return grip is not None and grip.lifted and grip.holder_id == target_id


def decide(cmd: c.Strike, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
           states_: States, dice: Dice) -> list[Out]:
    """A strike: frames spent in the fight (L48-L50), d20 + WC + DC + modifiers (L79)."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "golden-heroes.strike L79", "a character cannot strike itself")
    strike.check_circumstances(cmd.circumstances)
    thrown: tuple[c.Strike, str, Out] | None = None
    if cmd.thrown_id is not None:
        thrown = lifting.throw_being(cmd, attacker, states_)
        cmd = thrown[0]
    form = attacks.form(attacker, cmd)
    net, to_htk = _allocation(form, cmd)
    if states.helpless(attacker):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} is {states.htc_condition(attacker)}")
    if cmd.charge is not None and states.htc_condition(attacker) == "stunned":
        # a charge needs a move of 4 m or more first (L77); "Stunned characters cannot move"
        raise StateConflict("charge", "golden-heroes.stunned L123",
                            f"{cmd.character_id!r} is stunned and cannot move to charge")
    if target.pending_attack is not None:
        raise StateConflict("target_id", "golden-heroes.response L79",
                            f"{cmd.target_id!r} has a hit waiting for its response first")
    declared = _declared(cmd, form, target)
    out: list[Out] = []
    surprised = False
    dc = defence_class(target)
    if cmd.encounter_id is not None:
        state = decide_combat.active(states_, cmd.encounter_id)
        if general_fields.cover(state, cmd.target_id) is not None:
            dc = general_fields.FIELD_DC  # the field in front is what is struck (L206)
        if frames.combatant(state, cmd.target_id) is None:
            raise DomainError("target_id", "golden-heroes.combat",
                              f"{cmd.target_id!r} is not in this fight")
        if form.name == "energy_attack":
            energy_pool.check(attacker, cmd.encounter_id, state.round,
                              form.htc_dice + form.htk_dice)
        activity = thrown[1] if thrown else "action" if form.frames == 2 else "frame"
        if declared is not None and not cmd.declare:
            pass  # its frames were spent when it was declared (L116)
        elif answers_lift(attacker, cmd.target_id):
            # responding at once to being lifted: the attack's time from the future frames (L115)
            slots, later = responses.future_frames(state, attacker, cmd.character_id,
                                                   form.frames)
            out.append(event(enc(cmd.encounter_id), c.FramesUsed(
                encounter_id=cmd.encounter_id, character_id=cmd.character_id,
                round=state.round, phase=state.phase, activity="response", slots=slots,
                next_round=later, note=f"{form.name}: answering the lift")))
        else:
            slots, _ = decide_combat.spend(state, attacker, cmd.character_id, activity, "attack")
            out.append(event(enc(cmd.encounter_id), c.FramesUsed(
                encounter_id=cmd.encounter_id, character_id=cmd.character_id,
                round=state.round, phase=state.phase, activity="strike", slots=slots,
                note=form.name)))
        who = frames.combatant(state, cmd.target_id)
        surprised = who is not None and who.surprised
    if cmd.declare:
        return [*out, _declaration(cmd, form, "declared")]
    superpowered = attacker.character_type != "non_superpowered"
    ev = strike.resolve(
        dice, character_id=cmd.character_id, target_id=cmd.target_id,
        weapon_class=form.weapon_class, defence_class=dc,
        modifiers=modifier_lines(attacker, cmd, surprised, target),
        attacker_superpowered=superpowered,
        target_superpowered=target.character_type != "non_superpowered",
        crit_range=form.crit_range,
        miss_range=2 if campaign.state_of_mind(campaign.personal_status(attacker)) == "jinxed"
        else 1)
    pending = st.PendingAttack(
        attacker_id=cmd.character_id, encounter_id=cmd.encounter_id, attack=form.name,
        weapon_type=form.weapon_type, weapon_class=form.weapon_class, frames=form.frames,
        parry_row=form.parry_row, htc_dice=form.htc_dice, htc_plus=form.htc_plus,
        htk_dice=form.htk_dice, htk_plus=form.htk_plus, damage_modifier=net, to_htk=to_htk,
        divider_reduction=form.divider_reduction, tags=list(form.tags),
        critical_die=ev.critical_die if ev.critical == "hit" else None,
        attacker_superpowered=superpowered, target_surprised=surprised,
        obstruction_metres=cmd.obstruction_metres, obstruction_htk=cmd.obstruction_htk)
    if ev.critical == "hit" and not superpowered:
        pending.tags.append("non_superpowered_critical")  # its response is not free (L84)
    if ev.critical == "hit" and target.character_type == "non_superpowered":
        pending.tags.append("critical_on_non_superpowered")  # L84
    if form.dodge_modifier:
        pending.tags.append(f"dodge{form.dodge_modifier:+d}")
    if answers_lift(attacker, cmd.target_id):
        pending.tags.append("answers_lift")  # its damage may stop the throw (L115)
    if target.left_open:
        pending.tags.append("left_open")  # "no Combat Response may be used against it" (L98)
    pool = None
    if form.name == "energy_attack" and cmd.encounter_id is not None:
        pool = energy_pool.after(
            attacker, cmd.encounter_id, decide_combat.active(states_, cmd.encounter_id).round,
            form.htc_dice + form.htk_dice, ev.critical_die if ev.critical == "miss" else None)
    ev = msgspec.structs.replace(ev, attack=form.name, encounter_id=cmd.encounter_id,
                                 frames=form.frames, pending=ev.hit,
                                 attack_form=views.pending_attack_view(pending),
                                 energy_pool=views.energy_pool_view(pool))
    out.insert(0, event(char(cmd.character_id), ev))
    if cmd.encounter_id is not None and cmd.charge is not None:
        # after a charge the next frame must be spent recovering (L77)
        spent = spent_slots(out)
        recovering = decide_combat.lose_frames(
            decide_combat.active(states_, cmd.encounter_id), cmd.character_id, 1, "charge", spent)
        if recovering is not None:
            out.append(recovering)
    if ev.critical == "miss":
        # the non-superpowered lose their next action (L84); a superpowered character's d10 on
        # the Critical Miss Table (L85, L91-L98)
        spent = spent_slots(out)
        fight = (None if cmd.encounter_id is None
                 else decide_combat.active(states_, cmd.encounter_id))
        out.extend(critical_misses.consequences(attacker, ev, fight, spent))
    if target.left_open:
        # "they are open to next attack so long as it follows on directly" (L98): taken now
        out.append(event(char(cmd.target_id), c.LeftOpenTaken(
            character_id=cmd.target_id, attacker_id=cmd.character_id)))
    if thrown is not None:
        out.append(thrown[2])
    if declared is not None:
        out.append(_declaration(cmd, form, "rolled"))
    if ev.hit:
        out.append(event(char(cmd.target_id),
                         c.HitPending(character_id=cmd.target_id,
                                      attack=views.pending_attack_view(pending))))
    return out
