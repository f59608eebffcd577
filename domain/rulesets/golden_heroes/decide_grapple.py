"""Deciding grabs and grapples (L75-L76, L82-L83): the strike rolls, the frames, the grip."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import (
    attacks,
    campaign,
    critical_misses,
    decide_combat,
    decide_damage,
    decide_strike,
    frames,
    grab_response,
    grapples,
    lifting,
    states,
    views,
)
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes import strike as strikes
from domain.rulesets.golden_heroes.decide_combat import char, enc
from domain.rulesets.golden_heroes.events import Out, States, event, spent_slots
from domain.rulesets.golden_heroes.options import GoldenHeroesOptions

GRAB: Final = "golden-heroes.grab L75-L76, L82"
GRAPPLE: Final = "golden-heroes.grapple L75, L83"
WRENCH: Final = "golden-heroes.grapple-weapon L114"


def _check(cmd: c.Grab | c.Grapple | c.MaintainGrapple | c.LetGo, attacker: st.GoldenHeroesSheet,
           target: st.GoldenHeroesSheet) -> None:
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", GRAB, "a character cannot grab itself")
    if states.helpless(attacker):
        raise StateConflict("character_id", "golden-heroes.unconscious L123",
                            f"{cmd.character_id!r} is {states.htc_condition(attacker)}")
    if target.pending_attack is not None and not isinstance(cmd, c.LetGo):
        raise StateConflict("target_id", "golden-heroes.response L79",
                            f"{cmd.target_id!r} has a hit waiting for its response first")


def _frames(cmd: c.Grab | c.Grapple | c.MaintainGrapple | c.LetGo, attacker: st.GoldenHeroesSheet,
            states_: States, activity: str, note: str) -> list[Out]:
    """Spend the grab's frame or the grapple's action in the fight (L48-L50, L76)."""
    if cmd.encounter_id is None:
        return []
    state = decide_combat.active(states_, cmd.encounter_id)
    slots, _ = decide_combat.spend(state, attacker, cmd.character_id, activity, "encounter_id")
    return [event(enc(cmd.encounter_id), c.FramesUsed(
        encounter_id=cmd.encounter_id, character_id=cmd.character_id, round=state.round,
        phase=state.phase, activity=activity, slots=slots, note=note))]


def grab_roll(dice: Dice, cmd: c.Grab | c.Grapple | c.MaintainGrapple | c.JudoThrow,
              attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
              dc: int, weapon_class: int | None = None) -> c.StrikeRolled:
    """One hand's grab: a strike at the fist's WC with Strike Modifiers (L82)."""
    spec = c.StrikeSpec(circumstances=getattr(cmd, "circumstances", []),
                        other_modifier=getattr(cmd, "other_modifier", 0))
    jinxed = campaign.state_of_mind(campaign.personal_status(attacker)) == "jinxed"
    return strikes.resolve(
        dice, character_id=cmd.character_id, target_id=cmd.target_id,
        weapon_class=grapples.grab_wc(attacker) if weapon_class is None else weapon_class,
        defence_class=dc,
        modifiers=decide_strike.modifier_lines(attacker, spec),
        attacker_superpowered=attacker.character_type != "non_superpowered",
        target_superpowered=target.character_type != "non_superpowered",
        miss_range=2 if jinxed else 1)


def _missed_frames(cmd: c.Grab | c.Grapple | c.MaintainGrapple, attacker: st.GoldenHeroesSheet,
                   rolls: list[c.StrikeRolled], states_: States,
                   out: list[Out]) -> None:
    """A critical miss's effect on its maker: the next frame (L91-L92), the non-superpowered
    their next action (L84), prone, left open, a backfire (L85, L91-L98)."""
    miss = next((r for r in rolls if r.critical == "miss"), None)
    if miss is None:
        return
    spent = spent_slots(out)
    fight = (None if cmd.encounter_id is None
             else decide_combat.active(states_, cmd.encounter_id))
    out.extend(critical_misses.consequences(attacker, miss, fight, spent))


def _response_frame(cmd: c.Grab, grabber: st.GoldenHeroesSheet,
                    states_: States) -> list[Out]:
    """Grabbing the one lifting you to throw you: a response, its Frame taken in advance from
    the future Frames (L115)."""
    if cmd.encounter_id is None:
        return []
    state = decide_combat.active(states_, cmd.encounter_id)
    now, later = decide_damage.response_frames(state, grabber, cmd.character_id, 1)
    return [event(enc(cmd.encounter_id), c.FramesUsed(
        encounter_id=cmd.encounter_id, character_id=cmd.character_id, round=state.round,
        phase=state.phase, activity="response", slots=now, next_round=later,
        note="grab the thrower"))]


def grab(cmd: c.Grab, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
         states_: States, dice: Dice) -> list[Out]:
    """A one-handed grab (L75-L76, L82): 1 Frame; a strike against DC6/DC10 when the target can
    resist; a success grasps the target with that hand, once the target's response (L115) has
    not avoided it."""
    _check(cmd, attacker, target)
    own = attacker.grip
    if cmd.response and (own is None or own.holder_id != cmd.target_id or not own.lifted):
        raise StateConflict("response", "golden-heroes.thrown-response L115",
                            f"{cmd.character_id!r} is not being lifted by {cmd.target_id!r}")
    grip = target.grip
    if grip is not None and grip.holder_id != cmd.character_id:
        raise StateConflict("target_id", GRAB, f"{cmd.target_id!r} is held by {grip.holder_id!r}")
    if grip is not None and cmd.hand in grip.hands:
        raise StateConflict("hand", GRAB, f"the {cmd.hand} hand already holds {cmd.target_id!r}")
    out = _response_frame(cmd, attacker, states_) if cmd.response else \
        _frames(cmd, attacker, states_, "frame", "grab")
    rolled = grapples.needs_roll(target, cmd.unresisting)
    dc = grapples.grab_dc(target, cmd.defence_class)
    rolls = [grab_roll(dice, cmd, attacker, target, dc)] if rolled else []
    ok = not rolled or rolls[0].hit
    fighter = (frames.combatant(decide_combat.active(states_, cmd.encounter_id), cmd.target_id)
               if cmd.encounter_id else None)
    surprised = fighter is not None and fighter.surprised
    # a grab struck against a being able to answer it waits for its response (L115); a grab
    # back at a thrower is itself the response and takes hold at once
    waits = ok and rolled and not cmd.response and grab_response.can_respond(target, surprised)
    out.insert(0, event(char(cmd.character_id), c.GrabRolled(
        character_id=cmd.character_id, target_id=cmd.target_id, kind="grab", hands=[cmd.hand],
        strikes=rolls, rolled=rolled, succeeded=[cmd.hand] if ok else [],
        result="grab_pending" if waits else "grabbed" if ok else "missed",
        encounter_id=cmd.encounter_id)))
    if waits:
        out.append(event(char(cmd.target_id), c.HitPending(
            character_id=cmd.target_id, attack=views.pending_attack_view(grab_response.grab_attack(
                attacker, cmd.character_id, cmd.hand, cmd.encounter_id, surprised)))))
    elif ok:
        hands = [*(grip.hands if grip is not None else []), cmd.hand]
        out.append(event(char(cmd.target_id), c.GripChanged(
            character_id=cmd.target_id, reason=f"grabbed by the {cmd.hand} hand (L76)",
            grip=c.Grip(holder_id=cmd.character_id, hands=hands,
                        hold=grip.hold if grip is not None else None,
                        encounter_id=cmd.encounter_id))))
    _missed_frames(cmd, attacker, rolls, states_, out)
    return out


def grapple(cmd: c.Grapple, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
            states_: States, dice: Dice) -> list[Out]:
    """A grapple (L75, L83): 1 Action and both hands' strike rolls, always both; or, the victim
    already grabbed by one hand, the other hand's grab in 1 Frame. Both hold: the grapple's
    damage waits for the victim's response (L114); one holds: the victim is grabbed."""
    _check(cmd, attacker, target)
    grip = target.grip
    if grip is not None and grip.holder_id != cmd.character_id:
        raise StateConflict("target_id", GRAPPLE, f"{cmd.target_id!r} is held by {grip.holder_id!r}")
    if grip is not None and grip.hold is not None:
        raise StateConflict("target_id", GRAPPLE, f"{cmd.target_id!r} is already grappled: "
                            "maintain it, or let go and grapple again to change the hold (L120)")
    if cmd.weapon is not None:
        if grip is not None:
            raise StateConflict("target_id", GRAPPLE, "a grapple by a weapon is made afresh")
        return _with_weapon(cmd, cmd.weapon, attacker, target, states_, dice)
    held = list(grip.hands) if grip is not None else []
    hands = [h for h in grapples.HANDS if h not in held]
    completing = len(held) == 1
    out = _frames(cmd, attacker, states_, "frame" if completing else "action",
                  "grapple: the other hand" if completing else "grapple")
    dc = grapples.grab_dc(target, cmd.defence_class)
    rolled = grapples.needs_roll(target, False)
    rolls = [grab_roll(dice, cmd, attacker, target, dc) for _ in hands] if rolled else []
    took = [h for h, r in zip(hands, rolls, strict=True) if r.hit] if rolled else hands
    both = len(held) + len(took) == 2
    result = "grapple_pending" if both else "grabbed" if took else "missed"
    out.insert(0, event(char(cmd.character_id), c.GrabRolled(
        character_id=cmd.character_id, target_id=cmd.target_id, kind="grapple", hands=hands,
        strikes=rolls, rolled=rolled, succeeded=took, result=result, hold=cmd.hold,
        encounter_id=cmd.encounter_id)))
    if both:
        pending = grapples.grapple_attack(attacker, cmd.character_id, cmd.hold, cmd.to_htk,
                                          cmd.encounter_id, maintained=False)
        fighter = (frames.combatant(decide_combat.active(states_, cmd.encounter_id),
                                    cmd.target_id) if cmd.encounter_id else None)
        if fighter is not None and fighter.surprised:
            pending = msgspec.structs.replace(pending, target_surprised=True)
        out.append(event(char(cmd.target_id),
                         c.HitPending(character_id=cmd.target_id,
                                      attack=views.pending_attack_view(pending))))
    elif took:
        out.append(event(char(cmd.target_id), c.GripChanged(
            character_id=cmd.target_id, reason="grapple failed: grabbed by one hand (L83)",
            grip=c.Grip(holder_id=cmd.character_id, hands=held + took,
                        encounter_id=cmd.encounter_id))))
    _missed_frames(cmd, attacker, rolls, states_, out)
    return out


def _with_weapon(cmd: c.Grapple, weapon: str, attacker: st.GoldenHeroesSheet,
                 target: st.GoldenHeroesSheet, states_: States,
                 dice: Dice) -> list[Out]:
    """A grapple by a weapon (L75, L121): 1 Action; a normal strike with the weapon and, if it
    hits, a grab at the weapon's WC; both: its damage waits for the response, and the 1d6
    grapple damage is rolled as hypothetical."""
    spec = c.StrikeSpec(attack="weapon", weapon=weapon,  # type: ignore[arg-type]
                        circumstances=cmd.circumstances, other_modifier=cmd.other_modifier)
    form = attacks.form(attacker, spec)
    out = _frames(cmd, attacker, states_, "action", "grapple with a weapon")
    superpowered = attacker.character_type != "non_superpowered"
    jinxed = campaign.state_of_mind(campaign.personal_status(attacker)) == "jinxed"
    rolls = [strikes.resolve(
        dice, character_id=cmd.character_id, target_id=cmd.target_id,
        weapon_class=form.weapon_class, defence_class=decide_strike.defence_class(target),
        modifiers=decide_strike.modifier_lines(attacker, spec, target=target),
        attacker_superpowered=superpowered,
        target_superpowered=target.character_type != "non_superpowered",
        crit_range=form.crit_range, miss_range=2 if jinxed else 1)]
    if rolls[0].hit:
        rolls.append(grab_roll(dice, cmd, attacker, target,
                               grapples.grab_dc(target, cmd.defence_class), form.weapon_class))
    ok = len(rolls) == 2 and rolls[1].hit
    die = dice.roll(6) if ok else None
    out.insert(0, event(char(cmd.character_id), c.GrabRolled(
        character_id=cmd.character_id, target_id=cmd.target_id, kind="grapple",
        hands=["weapon"], strikes=rolls, succeeded=["weapon"] if ok else [],
        result="grapple_pending" if ok else "missed", hold="hypothetical", weapon=weapon,
        hypothetical_die=die, encounter_id=cmd.encounter_id)))
    if die is not None:
        out.append(event(char(cmd.target_id), c.HitPending(
            character_id=cmd.target_id, attack=views.pending_attack_view(grapples.weapon_attack(
                form, cmd.character_id, cmd.encounter_id, superpowered, die)))))
    _missed_frames(cmd, attacker, rolls, states_, out)
    return out


def maintain(cmd: c.MaintainGrapple, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
             states_: States, dice: Dice,
             opts: GoldenHeroesOptions | None = None) -> list[Out]:
    """Maintaining a grapple for an Action (L83): anything but a natural 1 holds and its damage
    waits for the victim's dodge or resist (L114); a 1 is a Critical Miss and breaks it."""
    _check(cmd, attacker, target)
    grip = target.grip
    if grip is None or grip.holder_id != cmd.character_id or grip.hold is None:
        raise StateConflict("target_id", GRAPPLE,
                            f"{cmd.character_id!r} has no grapple on {cmd.target_id!r}")
    if cmd.attempt != "hold" and grip.weapon is None:
        raise DomainError("attempt", WRENCH, "only a grapple by a weapon drags a victim over "
                          "or rips something from its grasp")
    if cmd.attempt == "rip_item" and cmd.item is None:
        raise DomainError("item", WRENCH, "name the item ripped from the victim's grasp")
    out = _frames(cmd, attacker, states_, "action", "maintain grapple")
    wc = None if grip.weapon is None else attacks.form(attacker, c.StrikeSpec(
        attack="weapon", weapon=grip.weapon)).weapon_class  # type: ignore[arg-type]
    roll = grab_roll(dice, cmd, attacker, target, grapples.grab_dc(target), wc)
    held = roll.critical != "miss"
    roll = msgspec.structs.replace(roll, hit=held)
    out.insert(0, event(char(cmd.character_id), c.GrabRolled(
        character_id=cmd.character_id, target_id=cmd.target_id, kind="maintain",
        hands=list(grip.hands), strikes=[roll], succeeded=list(grip.hands) if held else [],
        result="maintained" if held else "broken", hold=grip.hold,
        encounter_id=cmd.encounter_id)))
    if held:
        pending = grapples.grapple_attack(attacker, cmd.character_id, grip.hold, 0,
                                          cmd.encounter_id, maintained=True) \
            if grip.weapon is None else grapples.weapon_maintained(
                grip.weapon, cmd.character_id, cmd.encounter_id, roll.weapon_class,
                grapples.wrench_tags(cmd.attempt, cmd.item),
                grapples.wrench_bonus(attacker, cmd.attempt,
                                       (opts or GoldenHeroesOptions()).wrench_strength))
        out.append(event(char(cmd.target_id),
                         c.HitPending(character_id=cmd.target_id,
                                      attack=views.pending_attack_view(pending))))
    else:
        out.append(event(char(cmd.target_id), c.GripChanged(
            character_id=cmd.target_id, reason="grapple broken: critical miss (L83)")))
    _missed_frames(cmd, attacker, [roll], states_, out)
    return out


def let_go(cmd: c.LetGo, attacker: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
           states_: States) -> list[Out]:
    """Letting go of a grabbed or grappled victim takes 1 Frame (L76)."""
    if target.grip is None or target.grip.holder_id != cmd.character_id:
        raise StateConflict("target_id", GRAB,
                            f"{cmd.character_id!r} does not hold {cmd.target_id!r}")
    out = _frames(cmd, attacker, states_, "frame", "let go")
    out.insert(0, event(char(cmd.target_id), c.GripChanged(
        character_id=cmd.target_id, reason=f"let go by {cmd.character_id!r} (L76)",
        grip=views.grip_view(lifting.still_bound(target.grip)))))
    return out
