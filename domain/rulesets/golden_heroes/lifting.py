"""Pushing, lifting and throwing by the Size table (L70-L74, L115).

The Strength to push, lift and throw each Size is data in ``tables.SIZES``. Carrying or pushing
at "half their normal Movement rate" rounds down unless the option ``half_movement_rounding``
says up. A being is Size 3 ("average person", L72) unless the command names another Size.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.golden_heroes import decide_combat, generation, states, tables, views
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event

BEING_SIZE: Final = 3  # "(average person)" (L72)
LIFT: Final = "golden-heroes.lift L71-L74"
THROWN: Final = "golden-heroes.thrown-response L115"


def push_need(size: int, mobile: bool) -> int:
    """The Strength to push an object aside; half of it for a mobile object, rounded up (L70)."""
    need = tables.SIZES[size].push
    return (need + 1) // 2 if mobile else need


def moves(strength: int, size: int) -> str:
    """How a pushed or lifted object moves: only shoved aside (push Strength), at half Movement
    (lift Strength), at full Movement (throw Strength) (L70-L71)."""
    row = tables.SIZES[size]
    if strength >= row.throw:
        return "full_movement"
    return "half_movement" if strength >= row.lift else "shoved_aside"


def _movement(sheet: st.GoldenHeroesSheet) -> int:
    """The mover's Movement (L10) in its state: halved when staggered, none when stunned
    (L123)."""
    base = {**sheet.attributes, **sheet.base_attributes}
    normal = generation.movement(base.get("strength", 10), base.get("dexterity", 10),
                                 base.get("vigour", 10))
    return states.movement(normal, states.fight_condition(sheet))


def half_movement(metres: int, rounding: str = "down") -> int:
    """"Half their normal Movement rate" (L70-L71) in whole metres: rounded down unless the
    option ``half_movement_rounding`` says up."""
    return (metres + 1) // 2 if rounding == "up" else metres // 2


def _handled(cmd: c.Push | c.Lift, sheet: st.GoldenHeroesSheet, action: str, size: int,
             need: int, field: str, rounding: str = "down") -> c.ObjectHandled:
    strength = sheet.attributes.get("strength", 10)
    if strength < need:
        raise DomainError(field, LIFT if action == "lift" else "golden-heroes.push L70-L74",
                          f"to {action} Size {size} needs Strength {need}; it has {strength}")
    how = moves(strength, size) if action == "push" else (
        "full_movement" if strength >= tables.SIZES[size].throw else "half_movement")
    metres = _movement(sheet) if how == "full_movement" else \
        half_movement(_movement(sheet), rounding) if how == "half_movement" else 0
    return c.ObjectHandled(character_id=cmd.character_id, action=action,  # type: ignore[arg-type]
                           object_size=size, target_id=getattr(cmd, "target_id", None),
                           strength=strength, need=need, moves=how,  # type: ignore[arg-type]
                           movement_metres=metres, encounter_id=cmd.encounter_id)


def _frame(cmd: c.Push | c.Lift, sheet: st.GoldenHeroesSheet, states_: States,
           note: str) -> list[Out]:
    if cmd.encounter_id is None:
        return []
    state = decide_combat.active(states_, cmd.encounter_id)
    slots, _ = decide_combat.spend(state, sheet, cmd.character_id, "frame", "encounter_id")
    return [event(enc(cmd.encounter_id), c.FramesUsed(
        encounter_id=cmd.encounter_id, character_id=cmd.character_id, round=state.round,
        phase=state.phase, activity="frame", slots=slots, note=note))]


def push(cmd: c.Push, sheet: st.GoldenHeroesSheet, states_: States,
         rounding: str = "down") -> list[Out]:
    """Pushing (L70): the push Strength (half for a mobile object); the initial push 1 Frame."""
    if states.helpless(sheet):
        raise StateConflict("character_id", "golden-heroes.unconscious L123", "cannot act")
    ev = _handled(cmd, sheet, "push", cmd.object_size, push_need(cmd.object_size, cmd.mobile),
                  "object_size", rounding)
    return [event(char(cmd.character_id), ev),
            *_frame(cmd, sheet, states_, "push")]


def lift(cmd: c.Lift, sheet: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet | None,
         states_: States, rounding: str = "down") -> list[Out]:
    """Lifting (L71, L73): 1 Frame; an unwilling being able to resist only once grabbed."""
    if states.helpless(sheet):
        raise StateConflict("character_id", "golden-heroes.unconscious L123", "cannot act")
    if cmd.target_id is None and cmd.object_size is None:
        raise DomainError("object_size", LIFT, "name the object's Size or the being lifted")
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", LIFT, "a character cannot lift itself")
    size = cmd.object_size if cmd.object_size is not None else BEING_SIZE
    out: list[Out] = []
    ev = _handled(cmd, sheet, "lift", size, tables.SIZES[size].lift,
                  "target_id" if cmd.object_size is None else "object_size", rounding)
    out.append(event(char(cmd.character_id), ev))
    if target is not None and cmd.target_id is not None:
        grip = target.grip
        bound = grip is not None and grip.binding_wc is not None and grip.holder_id == "bindings"
        mine = grip is not None and (grip.holder_id == cmd.character_id or bound)
        # the bound, like the unconscious, cannot resist (L73)
        struggling = not cmd.unresisting and not states.helpless(target) and not bound
        if grip is not None and not mine:
            raise StateConflict("target_id", LIFT, f"{cmd.target_id!r} is held by "
                                f"{grip.holder_id!r}")
        if struggling and not mine:
            raise StateConflict("target_id", LIFT, "an unwilling being able to resist must be "
                                "grabbed first: a Frame and a strike (L71)")
        hands = list(grip.hands) if grip is not None and grip.hands else ["left", "right"]
        lifted = st.Grip(holder_id=cmd.character_id, hands=hands, lifted=True,
                        struggling=struggling, encounter_id=cmd.encounter_id)
        if grip is not None:  # a grapple's hold, or the bindings, go on (L134)
            lifted = msgspec.structs.replace(
                grip, holder_id=cmd.character_id, hands=hands, lifted=True,
                struggling=struggling, encounter_id=cmd.encounter_id)
        out.append(event(char(cmd.target_id), c.GripChanged(
            character_id=cmd.target_id, reason=f"lifted by {cmd.character_id!r} (L71)",
            grip=views.grip_view(lifted))))
    return out + _frame(cmd, sheet, states_, "lift")


def still_bound(grip: st.Grip | None) -> st.Grip | None:
    """What is left when a holder lets a bound being go: the bindings (L134)."""
    if grip is None or grip.binding_wc is None:
        return None
    return st.Grip(holder_id="bindings", hold="hypothetical",
                  hypothetical_htc=grip.hypothetical_htc, weapon=grip.weapon,
                  binding_wc=grip.binding_wc)


def throw_being(cmd: c.Strike, attacker: st.GoldenHeroesSheet,
                states_: States) -> tuple[c.Strike, str, Out]:
    """Throwing a held and lifted being as a hand-hurled object of its Size (L73): 1 Action
    while it struggles, 1 Frame when it cannot resist (with the lift, 4 Frames or 1 Action);
    prevented when it has grabbed its thrower back (L115). Returns the strike to roll, its
    activity and the event that lets the being go."""
    tid = cmd.thrown_id or ""
    thrown = states_.get(char(tid))
    if not isinstance(thrown, st.GoldenHeroesSheet):
        raise NotFound("thrown_id", "golden-heroes.character", f"no Golden Heroes character {tid!r}")
    grip = thrown.grip
    if tid in (cmd.character_id, cmd.target_id):
        raise DomainError("thrown_id", LIFT, "the thrown being is neither thrower nor target")
    if grip is None or grip.holder_id != cmd.character_id or not grip.lifted:
        raise StateConflict("thrown_id", LIFT, f"{cmd.character_id!r} has not lifted {tid!r}: "
                            "grab it, then Lift it (L71, L73)")
    if attacker.grip is not None and attacker.grip.holder_id == tid:
        raise StateConflict("thrown_id", THROWN, f"{tid!r} has grabbed its thrower: the throw "
                            "cannot be made")
    size = cmd.object_size if cmd.object_size is not None else BEING_SIZE
    spec = msgspec.structs.replace(cmd, attack="weapon", weapon="hand_hurled_concussive",
                                   object_size=size)
    let_go = event(char(tid), c.GripChanged(
        character_id=tid, reason=f"thrown by {cmd.character_id!r} at {cmd.target_id!r} (L73)",
        grip=views.grip_view(still_bound(grip))))
    return spec, "action" if grip.struggling else "frame", let_go
