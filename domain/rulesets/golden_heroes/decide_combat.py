"""Deciding the fight's time: starting it, initiative, frames spent, phases (L40-L60)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.base import character_key, encounter_key
from domain.rulesets.golden_heroes import frames, powers, states, tables, views
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.events import Out, States, event

Load = Callable[[str, str], st.GoldenHeroesSheet]


char = character_key  # the package's short name for it (domain.rulesets.base)


enc = encounter_key  # the package's short name for it (domain.rulesets.base)


def active(states_: States, eid: str, field: str = "encounter_id") -> st.EncounterState:
    state = states_.get(enc(eid))
    if not isinstance(state, st.EncounterState) or not state.active:
        raise NotFound(field, "golden-heroes.combat", f"no fight {eid!r} under way")
    return state


def start_combat(cmd: c.StartCombat, load: Load, states_: States,
                 dice: Dice) -> list[Out]:
    """Two sides, heroes and villains (L43); frames by type (L42); surprise (L55-L57)."""
    fight = states_.get(enc(cmd.encounter_id))
    if isinstance(fight, st.EncounterState) and fight.active:
        raise StateConflict("encounter_id", "golden-heroes.combat",
                            f"fight {cmd.encounter_id!r} is already under way")
    if not cmd.heroes or not cmd.villains:
        raise DomainError("heroes" if not cmd.heroes else "villains",
                          "golden-heroes.initiative L43", "a fight needs two sides")
    both = set(cmd.heroes) & set(cmd.villains)
    if both:
        raise DomainError("villains", "golden-heroes.initiative L43",
                          f"on both sides: {sorted(both)}")
    stray = set(cmd.surprised) - set(cmd.heroes) - set(cmd.villains)
    if stray:
        raise DomainError("surprised", "golden-heroes.surprise L55", f"not fighting: {sorted(stray)}")
    out: list[st.Combatant] = []
    for side, ids in (("heroes", cmd.heroes), ("villains", cmd.villains)):
        field = side
        for cid in dict.fromkeys(ids):
            sheet = load(cid, field)
            out.append(st.Combatant(
                character_id=cid, side=side,  # type: ignore[arg-type]
                frames=powers.frames_per_round(sheet),
                dexterity=sheet.attributes.get("dexterity", 10),
                speed=powers.grade(sheet, "speed") > 0, surprised=cid in cmd.surprised,
                condition=states.fight_condition(sheet)))  # type: ignore[arg-type]
    ties, drawn = frames.tiebreaks(out, dice)
    out = [msgspec.structs.replace(x, tiebreak=ties.get(x.character_id, 0)) for x in out]
    return [event(enc(cmd.encounter_id),
                  c.CombatStarted(encounter_id=cmd.encounter_id,
                                  combatants=[views.combatant_view(x) for x in out],
                                  tiebreak_dice=drawn)),
            *(event(char(x.character_id),
                    c.FightJoined(character_id=x.character_id, encounter_id=cmd.encounter_id))
              for x in out)]


def roll_initiative(cmd: c.RollInitiative, states_: States,
                    dice: Dice) -> list[Out]:
    """A new round: 1d10 a side, ties rolled again, the difference wins frames (L43-L45).
    Frames borrowed last round for responses are already spent (L60)."""
    state = active(states_, cmd.encounter_id)
    if state.phase != 0:
        raise StateConflict("encounter_id", "golden-heroes.round-sequence L46-L47",
                            f"round {state.round} is in part {state.phase}; end it first")
    rolls = frames.roll_initiative(dice)
    heroes, villains = rolls[-1]
    won = frames.frames_won(abs(heroes - villains))
    now = {x.character_id: states.frames_per_round(x.frames, x.condition)
           for x in state.combatants}
    order = (frames.acting_order([x for x in state.combatants if x.side == "heroes"], now)
             + frames.acting_order([x for x in state.combatants if x.side == "villains"], now))
    ev = c.InitiativeRolled(
        encounter_id=cmd.encounter_id, round=state.round + 1, rolls=rolls,
        winner="heroes" if heroes > villains else "villains", difference=abs(heroes - villains),
        frames_won=won, frames=now,
        borrowed={k: v for k, v in state.borrowed.items() if v}, order=order)
    return [event(enc(cmd.encounter_id), ev)]


def end_phase(cmd: c.EndPhase, states_: States) -> list[Out]:
    """Winners, then the opposition, then the winners' remaining frames (L46-L47)."""
    state = active(states_, cmd.encounter_id)
    if state.phase == 0:
        raise StateConflict("encounter_id", "golden-heroes.initiative L43",
                            "the round has not begun: roll initiative")
    nxt = state.phase + 1 if state.phase < 3 else 0
    return [event(enc(cmd.encounter_id),
                  c.PhaseEnded(encounter_id=cmd.encounter_id, round=state.round,
                               phase=state.phase, next_phase=nxt))]


def end_combat(cmd: c.EndCombat, states_: States) -> list[Out]:
    state = active(states_, cmd.encounter_id)
    return [event(enc(cmd.encounter_id),
                  c.CombatEnded(encounter_id=cmd.encounter_id, rounds=state.round)),
            *(event(char(x.character_id),
                    c.FightJoined(character_id=x.character_id, encounter_id=cmd.encounter_id,
                                  joined=False))
              for x in state.combatants)]


def _usable(state: st.EncounterState, sheet: st.GoldenHeroesSheet, cid: str) -> list[int]:
    """This phase's free slots; a stunned character has only the last 2 (L123, decision #36)."""
    slots = frames.available(state, cid, state.phase)
    if states.htc_condition(sheet) == "stunned":
        slots = [s for s in slots if s >= 3]
    return slots


def spend(state: st.EncounterState, sheet: st.GoldenHeroesSheet, cid: str, activity: str,
          field: str = "activity") -> tuple[list[int], str]:
    """The slots an activity spends now, refusing what the rules forbid (L41, L46-L52)."""
    if state.phase == 0:
        raise StateConflict("encounter_id", "golden-heroes.initiative L43",
                            "the round has not begun: roll initiative")
    who = frames.combatant(state, cid)
    if who is None:
        raise DomainError("character_id", "golden-heroes.combat", f"{cid!r} is not in this fight")
    if states.helpless(sheet):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cid!r} is {states.htc_condition(sheet)} and cannot act")
    if frames.phase_side(state, state.phase) != who.side:
        side = frames.phase_side(state, state.phase)
        raise StateConflict("character_id", "golden-heroes.round-sequence L46-L47",
                            f"part {state.phase} of the round is the {side}'")
    if any(f.caster_id == cid for f in state.fields) and activity != "pass":
        raise StateConflict("character_id", "golden-heroes.force-field L206-L207",
                            f"{cid!r} concentrates on a general force field: no other action")
    turn = frames.current_actor(state)
    if turn is not None and turn != cid:
        raise StateConflict("character_id", "golden-heroes.order L51-L52",
                            f"{turn!r} acts first on this side (Speed, then Dexterity)")
    slots = _usable(state, sheet, cid)
    pending_half = cid in state.half
    if activity == "delay":
        k = state.frames_won
        if state.phase != 1 or k not in (1, 3) or k not in slots or cid in state.delayed:
            raise StateConflict(field, "golden-heroes.delay-odd-frame L46",
                                "only a winner's odd won frame (1 or 3 won) may be delayed")
        return [], "delay"
    if activity == "pass":
        # the rest of its turn in this part of the round, every frame of it (L51-L52)
        return frames.available(state, cid, state.phase), "pass"
    if activity == "half_frame":
        if powers.grade(sheet, "speed") == 0:
            raise DomainError(field, "golden-heroes.half-frame L48",
                              "only characters with Speed use half frames")
        if states.htc_condition(sheet) == "stunned":
            # a half frame "can only be used for Movement" (L48); the stunned cannot move
            raise StateConflict(field, "golden-heroes.stunned L123",
                                f"{cid!r} is stunned and cannot move")
        if not slots:
            raise StateConflict(field, "golden-heroes.frames L42", f"{cid!r} has no frame left")
        return ([slots[0]] if pending_half else []), "half_frame"
    need = tables.ACTIVITY_FRAMES[activity][0]
    spare = slots[1:] if pending_half else slots
    if len(spare) < need:
        what = "an action needs 2 frames in a row" if need == 2 else "no frame left"
        raise StateConflict(field, "golden-heroes.frames L41-L42",
                            f"{cid!r}: {what} in this part of the round (has {len(spare)})")
    return spare[:need], activity


def act(cmd: c.Act, sheet: st.GoldenHeroesSheet, states_: States) -> list[Out]:
    """Spend frames on an activity in the current phase (L48-L50); getting up from a fall takes
    a frame (L92, L120)."""
    state = active(states_, cmd.encounter_id)
    if cmd.activity == "get_up" and not sheet.prone:
        raise StateConflict("activity", "golden-heroes.get-up L92, L120",
                            f"{cmd.character_id!r} has not fallen over")
    slots, activity = spend(state, sheet, cmd.character_id, cmd.activity)
    out = [event(enc(cmd.encounter_id),
                 c.FramesUsed(encounter_id=cmd.encounter_id, character_id=cmd.character_id,
                              round=state.round, phase=state.phase, activity=activity,
                              slots=slots, note=cmd.note))]
    if activity == "get_up":
        out.append(event(char(cmd.character_id), c.StoodUp(
            character_id=cmd.character_id, encounter_id=cmd.encounter_id)))
    return out


def lose_frames(state: st.EncounterState, cid: str, count: int, why: str,
                spent: list[int] | None = None) -> Out | None:
    """The next ``count`` frames spent recovering (critical results, L84, L89, L91-L92): this
    round's still to come, then next round's."""
    if frames.combatant(state, cid) is None or count <= 0:
        return None
    taken = set(spent or [])
    now = [s for s in frames.future_slots(state, cid) if s not in taken][:count]
    later = min(count - len(now), frames.next_round_frames(state, cid))
    return event(enc(state.encounter_id), c.FramesUsed(
        encounter_id=state.encounter_id, character_id=cid, round=state.round, phase=state.phase,
        activity="recovering", slots=now, next_round=later, note=why))
