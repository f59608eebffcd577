"""Deciding WISH Basic Actions and the Grandstand maneuver: TakeBasicAction, Grandstand
(L433-456, L546-552)."""

from __future__ import annotations

from collections.abc import Callable

from msgspec import UNSET

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from contracts.rulesets.wish.actions import Grandstand, TakeBasicAction
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import basic_action_effects as effects
from domain.rulesets.wish import (
    conditions,
    dare,
    decide_initiative,
    decide_maneuver,
    encounter,
    views,
)
from domain.rulesets.wish import grandstand as stand
from domain.rulesets.wish.basic_actions import BASIC_ACTIONS, stance_after
from domain.rulesets.wish.decide_checks import _roll_check
from domain.rulesets.wish.decide_context import Ctx, able, char, enc
from domain.rulesets.wish.decide_encounter import restore
from domain.rulesets.wish.state import ConditionInstance, WishSheet


def take_basic_action(ctx: Ctx, cmd: TakeBasicAction) -> None:
    """TakeBasicAction: a Delay (Recover, Observe, Ward, Pin) or Push (Reposition, Shift, Dare)
    takes the turn's Action and moves the stance one step, Delay towards Defensive and Push
    towards Offensive (L443-450); Observe rolls Observation with a mild bonus (L444, G-2);
    Reposition buys an extra maneuver (L448); Recover and Ward as their options decide
    (L443, L445; basic_action_effects.py); Dare records the dared ``opponents`` (L450, option
    dare_basic_action; dare.py)."""
    row = BASIC_ACTIONS[cmd.action]
    rule = f"wish.basic_action.{row.name.lower()} L{row.line}"
    if cmd.action != "Pin" and (cmd.trigger or cmd.pinned_card):  # the payload's own faults
        raise DomainError("trigger", rule, "only Pin declares a trigger and a card")
    if cmd.action != "Observe" and cmd.difficulty:
        raise DomainError("difficulty", rule, "only Observe makes a check")
    if cmd.allies and cmd.action != "Ward":
        raise DomainError("allies", rule, "only a Ward protects allies (L445)")
    if cmd.opponents and cmd.action != "Dare":
        raise DomainError("opponents", rule, "only a Dare names opponents (L450)")
    if cmd.action == "Pin" and not cmd.trigger.strip():
        raise DomainError("trigger", rule, "Pin declares the trigger event")
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    encounter.may_act(e, s)
    warded: list[str] = []
    if cmd.allies:
        if cmd.action != "Ward" or ctx.options.ward_basic_action != "protected":
            raise DomainError("allies", rule, "only a Ward protects allies (L445)")
        warded = effects.warded_allies(cmd.character_id, cmd.allies, e.participants,
                                       e.separations)
        for ally in warded:
            ctx.sheet(ally, "allies")
    taunting = cmd.action == "Dare" and ctx.options.dare_basic_action == "taunt"
    if cmd.opponents and not taunting:
        raise DomainError("opponents", rule, "only a Dare names opponents (L450), in a campaign "
                          "where it taunts (option dare_basic_action)")
    dared = (dare.dared(cmd.character_id, cmd.opponents, e.participants, e.sides)
             if taunting else [])
    if cmd.action == "Pin":
        if not cmd.trigger.strip():
            raise DomainError("trigger", rule, "Pin declares the trigger event")
        if cmd.pinned_card not in s.stunts:
            raise DomainError("pinned_card", rule, "Pin turns one of the actor's Action cards "
                              f"into a React; no stunt {cmd.pinned_card!r}")
    if cmd.action == "Reposition":
        # the Action becomes an extra maneuver, a movement one (L448)
        for name, line in (("Impeded", 1459), ("Held", 1461)):
            if conditions.count(s, name):
                raise StateConflict("action", f"wish.condition.{name.lower()} L{line}",
                                    "no movement maneuvers")
    if cmd.action == "Observe":
        check = c.RollCheck(
            campaign_id=cmd.campaign_id, character_id=cmd.character_id,
            encounter_id=cmd.encounter_id, skill="Observation", difficulty=cmd.difficulty,
            sources=[c.DiceSource(source="Observe L444", die=ctx.options.observe_bonus_die,
                                  count=1)],
        )
        _roll_check(ctx, check, attack=False)
    else:
        pin = cmd.action == "Pin"
        ctx.emit(enc(cmd.encounter_id), ev.ActionTaken(
            character_id=cmd.character_id, kind=f"basic {row.name}",
            trigger=cmd.trigger if pin else UNSET, pinned_card=cmd.pinned_card if pin else UNSET,
            extra_maneuvers=(effects.REPOSITION_MANEUVERS if cmd.action == "Reposition"
                             else UNSET)))
        if cmd.action == "Shift":
            decide_initiative.shift(ctx, cmd.encounter_id)  # L449
        if dared:  # until the darer's next Turn begins (L450)
            ctx.emit(enc(cmd.encounter_id), ev.Dared(character_id=cmd.character_id, opponents=dared))
        if cmd.action == "Pin":  # held as a React until the next action (L446)
            ctx.emit(char(cmd.character_id), ev.CardPinned(card=cmd.pinned_card, trigger=cmd.trigger))
        if cmd.action == "Recover" and ctx.options.recover_basic_action == "breather":
            restore(ctx, cmd.character_id, s, dict(effects.RECOVERED), "Recover L443")
            _condition(ctx, cmd.character_id, effects.recover_condition)
        if cmd.action == "Ward" and ctx.options.ward_basic_action == "protected":
            for cid in (cmd.character_id, *warded):
                _condition(ctx, cid, effects.ward_condition)
    s = ctx.sheet(cmd.character_id)
    st = s.stance
    after = stance_after(st.position, st.defensive, st.offensive, row)
    if after != st.position:
        ctx.emit(char(cmd.character_id), ev.StanceSet(
            position=after, cause=f"{row.group} {row.name} L{row.line}"))


def _condition(ctx: Ctx, cid: str,
               make: Callable[[WishSheet], ConditionInstance]) -> None:
    s = ctx.sheet(cid)
    ctx.emit(char(cid), ev.ConditionAdded(condition=views.condition_view(make(s)), serial=s.serial + 1))


def grandstand(ctx: Ctx, cmd: Grandstand) -> None:
    """Grandstand (L546-552). "Typically a Grandstand is combined with an action and is a
    roleplaying element which takes no additional time" (L548): without ``maneuver`` it is
    recorded as roleplay only, taking no maneuver and granting nothing. "In scenarios where a
    Grandstand does use an extra maneuver" (L550) it is a maneuver equivalent to Prepare, paid
    like any (L380), and the character gains Protected until their next Turn begins (L550)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    if not cmd.maneuver:
        encounter.occupied(e, s, "character_id")  # no roleplay in a turn taken whole
        ctx.emit(enc(cmd.encounter_id), ev.Grandstanded(character_id=cmd.character_id, maneuver=False))
        return
    decide_maneuver.spend(ctx, cmd.encounter_id, cmd.character_id, "grandstand")
    s = ctx.sheet(cmd.character_id)
    ctx.emit(char(cmd.character_id), ev.ConditionAdded(
        condition=views.condition_view(stand.protected(s)), serial=s.serial + 1))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(TakeBasicAction, take_basic_action)
HANDLERS.add(Grandstand, grandstand)
