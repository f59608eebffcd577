"""Bindings (L134-L135): a grapple inflicting hypothetical damage that does not end, 1d6 + 15 +
the bindings' HTK (1d6 + the Strength needed to snap them), the 1d6 rolled once; dodged or
resisted as a grapple (L114).
"""

from __future__ import annotations

from typing import Final

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import StateConflict
from domain.rulesets.golden_heroes import decide_combat, grapples, responses, states, views
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event, spent_slots

RULE: Final = "golden-heroes.bindings L134-L135"
BASE: Final = 15  # "1d6 plus 15 plus the HTK of the bindings" (L134)
HOLDER: Final = "bindings"


def strength(die: int, binding_htk: int) -> int:
    """The bindings' hypothetical damage: 1d6 + 15 + their HTK (L134-L135); heavy chains (DC3,
    2 HTK x 4) are 1d6 + 23."""
    return die + BASE + binding_htk


def bind(cmd: c.Bind, victim: st.GoldenHeroesSheet, dice: Dice) -> list[Out]:
    """Binding a character (L134): refused while someone holds it."""
    if victim.grip is not None:
        raise StateConflict("character_id", RULE, f"{cmd.character_id!r} is already held")
    die = dice.roll(6)
    total = strength(die, cmd.binding_htk)
    grip = st.Grip(holder_id=HOLDER, hold="hypothetical", hypothetical_htc=total,
                  weapon=cmd.what, binding_wc=cmd.binder_wc)
    return [event(char(cmd.character_id), c.BindingRolled(
        character_id=cmd.character_id, kind="bound", what=cmd.what, die=die, total=total,
        hypothetical_htc=total, binder_wc=cmd.binder_wc)),
        event(char(cmd.character_id), c.GripChanged(
            character_id=cmd.character_id, grip=views.grip_view(grip), reason=f"bound: {cmd.what} (L134)"))]


def escape(cmd: c.EscapeBinding, victim: st.GoldenHeroesSheet, states_: States,
           dice: Dice) -> list[Out]:
    """An Action to dodge (1d6 + Dodge Modifier - the bindings' WC: 7 or more, or 5-6 for one
    more Frame) or resist (1d6 + the Strength modifier at least the hypothetical damage) free
    of the bindings (L114, L135)."""
    grip = victim.grip
    if grip is None or grip.binding_wc is None:
        raise StateConflict("character_id", RULE, f"{cmd.character_id!r} is not bound")
    if states.helpless(victim):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} is {states.htc_condition(victim)}")
    out: list[Out] = []
    state = decide_combat.active(states_, cmd.encounter_id) if cmd.encounter_id else None
    if state is not None:
        slots, _ = decide_combat.spend(state, victim, cmd.character_id, "action", "encounter_id")
        out.append(event(enc(state.encounter_id), c.FramesUsed(
            encounter_id=state.encounter_id, character_id=cmd.character_id, round=state.round,
            phase=state.phase, activity="action", slots=slots, note=f"escape: {cmd.how}")))
    die = dice.roll(6)
    extra = False
    if cmd.how == "dodge":
        as_attack = st.PendingAttack(attacker_id=HOLDER, attack="bindings",
                                    weapon_class=grip.binding_wc, frames=2,
                                    parry_row="melee_other", htc_dice=0, htc_plus=0,
                                    htk_dice=0, htk_plus=0)
        total = die + sum(v for _, v in responses.dodge_modifier(victim, as_attack)) \
            - grip.binding_wc
        result = responses.dodge_result(total)
        escaped, extra = result in ("full", "glancing_or_full"), result == "glancing_or_full"
    else:
        total = grapples.resist_total(victim, die)
        escaped = total >= grip.hypothetical_htc
    out.insert(0, event(char(cmd.character_id), c.BindingRolled(
        character_id=cmd.character_id, kind="escape", what=grip.weapon or "", die=die,
        total=total, hypothetical_htc=grip.hypothetical_htc, binder_wc=grip.binding_wc,
        how=cmd.how, escaped=escaped)))
    if escaped:
        out.insert(1, event(char(cmd.character_id), c.GripChanged(
            character_id=cmd.character_id, reason=f"free of the bindings: {cmd.how} (L135)")))
    if extra and state is not None:
        spent = spent_slots(out)
        more = decide_combat.lose_frames(state, cmd.character_id, 1, "full dodge", spent)
        if more is not None:
            out.append(more)
    return out
