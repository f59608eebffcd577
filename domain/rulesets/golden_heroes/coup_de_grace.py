"""Coup de grace (L78): against a victim unconscious or stunned and helpless, declared, 1 Action;
the victim does not recover for "several hours", read as 1d6 + 1 hours (digest decision #46).

While those hours last the victim recovers neither HTC nor HTK and smelling salts do nothing;
``Recover`` with period ``hour`` lets one of them pass. First aid still treats the injury.
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.golden_heroes import decide_combat, states
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event

RULE: Final = "golden-heroes.coup-de-grace L78"
EXTRA_HOURS: Final = 1  # 1d6 + 1 hours (decision #46)
# "unconscious or stunned (see Combat: Damage) and helpless" (L78); the stunned cannot move (L123)
VICTIM_CONDITIONS: Final = frozenset({"unconscious", "stunned"})


def hours_for(die: int) -> int:
    """The hours a coup de grace keeps its victim from recovering: 1d6 + 1 (L78, decision #46)."""
    return die + EXTRA_HOURS


def deliver(cmd: c.CoupDeGrace, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
            states_: States, dice: Dice) -> list[Out]:
    """Coup de grace (L78): refused unless the target is unconscious or stunned; in a fight the
    declared action spends its 2 frames (L49)."""
    if cmd.target_id == cmd.character_id:
        raise StateConflict("target_id", RULE, "a coup de grace is delivered to someone else")
    condition = states.htc_condition(target)
    if condition not in VICTIM_CONDITIONS or states.htk_condition(target) == "dead":
        raise StateConflict("target_id", RULE,
                            f"{cmd.target_id!r} is {condition}: only the unconscious or stunned "
                            "and helpless can be given a coup de grace")
    if states.helpless(attacker):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} is {states.htc_condition(attacker)} "
                            "and cannot act")
    out: list[Out] = []
    if cmd.encounter_id is not None:
        state = decide_combat.active(states_, cmd.encounter_id)
        slots, _ = decide_combat.spend(state, attacker, cmd.character_id, "action", "encounter_id")
        out.append(event(enc(cmd.encounter_id), c.FramesUsed(
            encounter_id=cmd.encounter_id, character_id=cmd.character_id, round=state.round,
            phase=state.phase, activity="action", slots=slots, note="coup de grace")))
    die = dice.roll(6)
    out.insert(0, event(char(cmd.target_id), c.CoupDeGraceDelivered(
        character_id=cmd.character_id, target_id=cmd.target_id, die=die, hours=hours_for(die))))
    return out


def refuse_recovery(sheet: st.GoldenHeroesSheet, field: str) -> None:
    """Refuse HTC or HTK recovery while a coup de grace's hours last (L78)."""
    if sheet.no_recovery_hours > 0:
        raise StateConflict(field, RULE, f"a coup de grace: no recovery for "
                            f"{sheet.no_recovery_hours} more hour(s) (Recover period hour)")
