"""Magic and Mental Attacks (L99): opposed 1d20 + Ego, the attacker's total must be greater (a
tie fails, digest decision #45). Only characters with Magic make Magic Attacks. A conscious
target may resist a Mental Attack, declared before the roll: +5, the next 2 frames spent in
advance. Personal Status Confident and above gives +1 Ego a point over 20 (at most +5) against
Mental Attacks only (L370, decision #45). What a success does is the spell's or power's.
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import campaign, decide_combat, powers, states
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, States, event

RESIST_BONUS: Final = 5  # L99
RESIST_FRAMES: Final = 2  # "use up their next 2 Frames in advance" (L99)
STATUS_FROM: Final = 20  # Confident (21-25) and above (L370)
STATUS_MAX: Final = 5


def status_bonus(sheet: st.GoldenHeroesSheet) -> int:
    """+1 Ego against Mental Attacks a Personal Status point over 20, at most +5 (L370)."""
    return min(max(campaign.personal_status(sheet) - STATUS_FROM, 0), STATUS_MAX)


def succeeds(attacker_total: int, defender_total: int) -> bool:
    """The attacker's total must be greater (L99); a tie fails (decision #45)."""
    return attacker_total > defender_total


def attack(cmd: c.MentalAttack, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
           states_: States, dice: Dice) -> list[Out]:
    """A Magic or Mental Attack (L99), every die and bonus recorded."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "golden-heroes.mental-attack L99",
                          "an attack is made on someone else")
    if cmd.kind == "magic" and powers.grade(attacker, "magic") == 0:
        raise DomainError("kind", "golden-heroes.magic-attack L99",
                          "only characters with the Magic power make Magic Attacks")
    if states.helpless(attacker):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} cannot act")
    if cmd.resist and (cmd.kind != "mental" or cmd.cannot_resist or states.helpless(target)):
        raise DomainError("resist", "golden-heroes.resist-mental-attack L99",
                          "only a conscious target of a Mental Attack it may resist can resist")
    out: list[Out] = []
    if cmd.resist and cmd.encounter_id is not None:
        state = decide_combat.active(states_, cmd.encounter_id)
        lost = decide_combat.lose_frames(state, cmd.target_id, RESIST_FRAMES,
                                         "resisting a mental attack")
        if lost is None:
            raise DomainError("target_id", "golden-heroes.combat",
                              f"{cmd.target_id!r} is not in this fight")
        out.append(lost)
    a_die, d_die = dice.roll(20), dice.roll(20)
    a_ego = attacker.attributes.get("ego", 0)
    d_ego = target.attributes.get("ego", 0)
    resist = RESIST_BONUS if cmd.resist else 0
    status = status_bonus(target) if cmd.kind == "mental" else 0
    a_total, d_total = a_die + a_ego + cmd.bonus, d_die + d_ego + resist + status
    out.insert(0, event(char(cmd.target_id), c.MentalAttackRolled(
        character_id=cmd.character_id, target_id=cmd.target_id, kind=cmd.kind,
        attacker_die=a_die, attacker_ego=a_ego, bonus=cmd.bonus, defender_die=d_die,
        defender_ego=d_ego, resisted=cmd.resist, resist_bonus=resist, status_bonus=status,
        attacker_total=a_total, defender_total=d_total, success=succeeds(a_total, d_total),
        note=cmd.note)))
    return out


def reread(ev: c.MentalAttackRolled, faces: list[int]) -> list[str]:
    """The recorded dice and totals against the draws (L99)."""
    out = [] if faces == [ev.attacker_die, ev.defender_die] else [
        "recorded dice differ from the draws"]
    a = ev.attacker_die + ev.attacker_ego + ev.bonus
    d = ev.defender_die + ev.defender_ego + ev.resist_bonus + ev.status_bonus
    if (a, d, succeeds(a, d)) != (ev.attacker_total, ev.defender_total, ev.success):
        out.append(f"{a} against {d} does not read as recorded (L99)")
    return out
