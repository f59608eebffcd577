"""The Judo Throw (L116): a combat response for Martial Arts with the Judo Throw option (L239),
declared when just attacked in melee, before that attack's strike roll: a grab, then 1d6 +
twice the Martial Arts grade + the Dexterity Strike Modifier on the JUDO THROW TABLE.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import (
    critical_misses,
    decide_combat,
    decide_damage,
    decide_grapple,
    generation,
    grapples,
    powers,
    states,
    tables,
    views,
)
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event, spent_slots

RULE: Final = "golden-heroes.judo-throw L116"
FRAMES: Final = 2  # 1 future Frame for the grab and 1 for the throw (L116)


class JudoRow(NamedTuple):
    low: int
    thrown: bool
    frames_lost: int
    damage: bool  # 2d6 HTC and 1-3 HTK
    line: str


# JUDO THROW TABLE (L116; digest §3.6): 3-4 fail; 5-7 thrown, the next Frame lost; 8-9 and 2d6
# HTC and 1-3 HTK; 10+ the next two Frames lost.
JUDO_TABLE: Final = (
    JudoRow(10, True, 2, True, "L116"),
    JudoRow(8, True, 1, True, "L116"),
    JudoRow(5, True, 1, False, "L116"),
    JudoRow(-100, False, 0, False, "L116"),
)


def read(total: int) -> JudoRow:
    """The JUDO THROW TABLE row for a total (L116)."""
    return next(r for r in JUDO_TABLE if total >= r.low)


def htk_from_die(die: int) -> int:
    """"1-3 HTK" as 1d6 halved, rounded up (a decision: the seed has no d3)."""
    return (die + 1) // 2


def throw(cmd: c.JudoThrow, thrower: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
          states_: States, dice: Dice) -> list[Out]:
    """The Judo Throw (L116): refused without the option, for the non-superpowered (L100), after
    the attack's strike roll (a hit already waiting), without 2 future Frames."""
    ma = powers.held(thrower, "martial_arts")
    if ma is None or "judo_throw" not in ma.choice.split(","):
        raise DomainError("character_id", RULE, "only Martial Arts with the Judo Throw option "
                          "(one more Power Roll, L239) may Judo Throw")
    if thrower.character_type == "non_superpowered":
        raise DomainError("character_id", "golden-heroes.responses L100",
                          "only superpowered characters make combat responses")
    if cmd.target_id == cmd.character_id or states.helpless(thrower):
        raise StateConflict("character_id", RULE, "the thrower must be able to act on another")
    if thrower.pending_attack is not None:
        raise StateConflict("character_id", RULE, "a Judo Throw is declared before the "
                            "attack's strike roll; a hit is already waiting")
    declared = thrower.declared_attack
    if declared is None or declared.attacker_id != cmd.target_id:
        raise StateConflict("target_id", RULE, f"only just attacked in melee by {cmd.target_id!r}"
                            " and before its strike roll: its Strike must be declared first "
                            "(declare: true)")
    if not declared.melee:
        raise DomainError("target_id", RULE, f"{declared.attack} is not a melee attack")
    out: list[Out] = []
    state = decide_combat.active(states_, cmd.encounter_id) if cmd.encounter_id else None
    if state is not None:
        now, later = decide_damage.response_frames(state, thrower, cmd.character_id, FRAMES)
        out.append(event(enc(state.encounter_id), c.FramesUsed(
            encounter_id=state.encounter_id, character_id=cmd.character_id, round=state.round,
            phase=state.phase, activity="response", slots=now, next_round=later,
            note="judo throw")))
    grab = decide_grapple.grab_roll(dice, cmd, thrower, target, grapples.grab_dc(target))
    body = c.JudoThrown(character_id=cmd.character_id, target_id=cmd.target_id, grab=grab,
                        result="grab missed", encounter_id=cmd.encounter_id)
    if grab.hit:
        die = dice.roll(6)
        dex = tables.band(tables.DEXTERITY_STRIKE, thrower.attributes.get("dexterity", 10))
        total = die + 2 * ma.grade + dex
        row = read(total)
        htk_die = dice.roll(6) if row.damage else None
        body = c.JudoThrown(
            character_id=cmd.character_id, target_id=cmd.target_id, grab=grab, throw_die=die,
            grade=ma.grade, dexterity_modifier=dex, total=total,
            result="thrown" if row.thrown else "throw fails", frames_lost=row.frames_lost,
            htk_die=htk_die, htk=htk_from_die(htk_die) if htk_die else 0,
            encounter_id=cmd.encounter_id)
    out.insert(0, event(char(cmd.character_id), body))
    if grab.critical == "miss":
        # the grab is a strike roll: its critical miss has its effects (L84-L85, L91-L98)
        spent = spent_slots(out)
        out.extend(critical_misses.consequences(thrower, grab, state, spent))
    if body.result == "thrown":
        # the attacker, thrown, does not make the attack it declared (a decision)
        out.append(event(char(cmd.character_id), c.AttackDeclared(
            character_id=cmd.character_id, attacker_id=cmd.target_id, attack=declared.attack,
            melee=True, state="foiled", encounter_id=declared.encounter_id)))
    if state is not None and body.frames_lost:
        spent = spent_slots(out)
        lost = decide_combat.lose_frames(state, cmd.target_id, body.frames_lost, "judo thrown",
                                         [] if cmd.target_id != cmd.character_id else spent)
        if lost is not None:
            out.append(lost)
    if body.htk_die is not None:
        # 2d6 HTC and 1-3 HTK, with the thrower's Damage Modifiers (L116), through the pipeline
        pending = st.PendingAttack(
            attacker_id=cmd.character_id, encounter_id=cmd.encounter_id, attack="judo_throw",
            weapon_class=grab.weapon_class, frames=1, parry_row="melee_other", htc_dice=2,
            htc_plus=0, htk_dice=0, htk_plus=body.htk, tags=["judo_throw"],
            damage_modifier=generation.strength_damage_modifier(
                thrower.attributes.get("strength", 10)))
        out.append(event(char(cmd.target_id),
                         c.HitPending(character_id=cmd.target_id,
                                      attack=views.pending_attack_view(pending))))
    return out
