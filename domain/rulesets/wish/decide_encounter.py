"""Deciding WISH stances, encounters and turns: ShiftStance, StartEncounter, StartTurn, EndTurn,
EndRound, EndEncounter, TakeManeuver (L83-89, L378-380, L1393-1405)."""

from __future__ import annotations

from msgspec import UNSET

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    assists,
    conditions,
    decide_dot,
    decide_extended,
    decide_initiative,
    decide_maneuver,
    decide_travel,
    encounter,
    extended,
    grandstand,
    lingering,
    stance,
    toggles,
)
from domain.rulesets.wish.decide_context import Ctx, able, char, enc
from domain.rulesets.wish.decide_health import damage
from domain.rulesets.wish.state import WishSheet


def shift_stance(ctx: Ctx, cmd: c.ShiftStance) -> None:
    """ShiftStance at the start of a turn: 1 step free, 1 more for 1 stress (L83, L89)."""
    s = ctx.sheet(cmd.character_id)
    extended.no_stance_change(s)  # X Turns (L261)
    if cmd.encounter_id is not None:
        e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
        assert e.turn is not None
        if e.turn.stance_shifted or e.turn.maneuvers or e.turn.actions:
            raise StateConflict(
                "steps",
                "wish.stance.shift L83",
                "stance shifts only at the beginning of the turn, once",
            )
    sh = stance.shift(s, cmd.steps, ctx.options)
    names = {x.name for x in s.hindrances}
    # Overconfident / Timid: each voluntary step that way costs 1 stress (L1349-1351).
    extra = (
        abs(cmd.steps)
        if ("Overconfident" in names and cmd.steps < 0) or ("Timid" in names and cmd.steps > 0)
        else 0
    )
    ctx.emit(
        char(cmd.character_id),
        ev.StanceShifted(before=sh.before, after=sh.after, stress=sh.stress + extra),
    )
    if cmd.encounter_id is not None:
        ctx.emit(enc(cmd.encounter_id), ev.StanceShiftTaken(character_id=cmd.character_id))


def start_encounter(ctx: Ctx, cmd: c.StartEncounter) -> None:
    """StartEncounter: every participant starts at neutral stance (L83)."""
    e = ctx.started(cmd.encounter_id)
    if e is not None and e.active:
        raise StateConflict("encounter_id", "wish.encounter L378", "already running")
    if not cmd.participants or len(set(cmd.participants)) != len(cmd.participants):
        raise DomainError("participants", "wish.encounter L378", "name each participant once")
    for cid in cmd.participants:
        ctx.sheet(cid, "participants")
    ctx.emit(
        enc(cmd.encounter_id),
        ev.EncounterStarted(encounter_id=cmd.encounter_id, participants=cmd.participants),
    )
    for cid in cmd.participants:
        ctx.emit(char(cid), ev.StanceSet(position=0, cause="encounter start"))


def start_turn(ctx: Ctx, cmd: c.StartTurn) -> None:
    """StartTurn: the Beginning of Turn phase (Refreshed recovers 1 stress and fatigue, L1479)."""
    e = ctx.encounter(cmd.encounter_id)
    encounter.can_start_turn(e, cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    ctx.emit(enc(cmd.encounter_id), ev.TurnStarted(character_id=cmd.character_id))
    decide_initiative.take_slot(ctx, cmd.encounter_id, cmd.character_id)  # G-7 tracker
    decide_extended.occupy_turn(ctx, cmd.encounter_id, cmd.character_id, s)  # X Turns, L261
    if s.pinned is not None:  # the trigger did not come before this, its next action (L446)
        ctx.emit(char(cmd.character_id), ev.PinLapsed(card=s.pinned.card, cause="next turn L446"))
    decide_travel.expire_at_turn_start(ctx, cmd.character_id)  # travel Reacts' +1 DEF
    for cond_id, source in grandstand.expiring_at_turn_start(s):
        ctx.emit(char(cmd.character_id), ev.ConditionRemoved(
            condition_id=cond_id, cause=f"turn began ({source})"))
    restore(ctx, cmd.character_id, s, conditions.recovery(s, "begin"), "beginning of turn")


def restore(ctx: Ctx, cid: str, s: WishSheet, got: dict[str, int], cause: str) -> None:
    """Recover what a phase or an action gives (Refreshed L1479, regeneration L1490-1511), up
    to what was lost; Exhausted recovers no fatigue (L1442), Shocked no stress (L1443)."""
    if conditions.count(s, "Exhausted"):
        got.pop("fatigue", None)  # L1442
    if conditions.count(s, "Shocked"):
        got.pop("stress", None)  # L1443
    amounts = {
        "wounds": min(got.get("wounds", 0), s.wounds_lost),
        "grit": min(got.get("grit", 0), s.grit_lost),
        "stress": min(got.get("stress", 0), s.stress),
        "fatigue": min(got.get("fatigue", 0), s.fatigue),
        "fortune": min(got.get("fortune", 0), s.fortune_rating - s.fortune),
    }
    if any(amounts.values()):
        ctx.emit(char(cid), ev.Restored(
            wounds=amounts["wounds"], grit=amounts["grit"], stress=amounts["stress"],
            fatigue=amounts["fatigue"], fortune=amounts["fortune"], cause=cause))


def end_turn(ctx: Ctx, cmd: c.EndTurn) -> None:
    """EndTurn: the End of Turn phase in the digest's order (D-22): Ignited (D-21),
    regeneration, Fortune recharge spending (L224), recharge tokens (L510), Brief ticks (L1393)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    cid = cmd.character_id
    s = ctx.sheet(cid)
    plan, cost = encounter.fortune_recharge(s, dict(cmd.fortune_recharge))  # refuse first
    encounter.invigorated_choice(s, cmd.invigorated_stunt)
    decide_extended.progress(ctx, cid)  # X Turns (L261), D-22 step 1
    in_play = ctx.sheet(cid).lingering  # an unmaintained Lingering effect ends (L262), D-22 step 1
    if in_play:
        ctx.emit(char(cid), ev.LingeringUpkeep(
            ended=[n for n, kept in in_play.items() if not kept],
            kept=[n for n, kept in in_play.items() if kept]))
    decide_dot.trigger(ctx, cid, "end_of_turn")  # DoT (L256), D-22 step 2
    s = ctx.sheet(cid)
    ignited = conditions.instances(s, "Ignited")
    if ignited:
        before = ctx.options.ignited_damage_before_tick
        for inst in ignited:
            if before:
                damage(ctx, cid, inst.tokens, "physical", 0, False, "Ignited")
            ctx.emit(
                char(cid),
                ev.ConditionsTicked(
                    ticks={inst.id: 1}, expired=[inst.id] if inst.tokens <= 1 else [], cause="end of turn"),
            )
            if not before and inst.tokens - 1 > 0:
                damage(ctx, cid, inst.tokens - 1, "physical", 0, False, "Ignited")
    s = ctx.sheet(cid)
    got = conditions.recovery(s, "end")
    if s.origin == "Anthropomorphic":
        got["wounds"] = got.get("wounds", 0) + 1  # Animal Recovery (L788)
    restore(ctx, cid, s, got, "end of turn")
    if plan:
        ctx.emit(char(cid), ev.FortuneSpent(points=cost, purpose="recharge"))
        ctx.emit(char(cid), ev.RechargeTokensAdded(stunts=plan, cause="Fortune"))
    s = ctx.sheet(cid)
    removal = encounter.recharge_removal(s, cmd.invigorated_stunt)
    if removal:
        ctx.emit(char(cid), ev.RechargeTokensRemoved(stunts=removal))
    ticks, expired = encounter.brief_ticks(ctx.sheet(cid), frozenset({"Ignited"}))
    if ticks:
        ctx.emit(
            char(cid),
            ev.ConditionsTicked(ticks=ticks, expired=expired, cause="end of turn"),
        )
    decide_travel.tick_recharge(ctx, cid)  # travel Reacts recharge with the stunts (L510)
    decide_initiative.end_of_turn_moves(ctx, cmd.encounter_id, cid)  # D-22 step 7
    ctx.emit(enc(cmd.encounter_id), ev.TurnEnded(character_id=cid, round=e.round))


def end_round(ctx: Ctx, cmd: c.EndRound) -> None:
    """EndRound: the round ends once no turn is running (L263-264); the DoTs on the named
    ``participants`` that trigger each round do (L256)."""
    e = ctx.encounter(cmd.encounter_id)
    if e.turn is not None:
        raise StateConflict(
            "encounter_id",
            "wish.encounter.round L263",
            f"{e.turn.character_id}'s turn is still running",
        )
    decide_initiative.bleed_out(ctx, cmd.encounter_id, cmd.participants)  # option dying (G-3)
    for cid in cmd.participants:  # DoTs that trigger each round (L256)
        if cid in e.participants:
            decide_dot.trigger(ctx, cid, "round")
    ctx.emit(enc(cmd.encounter_id), ev.RoundEnded(round=e.round))


def end_encounter(ctx: Ctx, cmd: c.EndEncounter) -> None:
    """EndEncounter: Encounter conditions end with it (L1405)."""
    e = ctx.encounter(cmd.encounter_id)
    if sorted(cmd.participants) != sorted(e.participants):
        raise DomainError(
            "participants", "wish.encounter L1405", "name the encounter's participants"
        )
    ctx.emit(enc(cmd.encounter_id), ev.EncounterEnded(round=e.round))
    for cid in e.participants:
        for cond in ctx.sheet(cid).conditions:
            if cond.duration == "encounter":
                ctx.emit(
                    char(cid),
                    ev.ConditionRemoved(condition_id=cond.id, cause="encounter ended"),
                )


def take_maneuver(ctx: Ctx, cmd: c.TakeManeuver) -> None:
    """TakeManeuver: one free, each extra costs 1 fatigue suffered first (L380). Without an
    encounter (Story Mode, where "maneuvers can usually be performed as often as required",
    L378) only the Assist maneuver is taken: it costs nothing and helps the ally's next check
    (L384-388)."""
    _maneuver_form(cmd)
    if cmd.encounter_id is None:
        story_assist(ctx, cmd)
        return
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    if cmd.kind == "assist":  # the Assist maneuver (L384-388)
        assists.maneuver(cmd.character_id, s, cmd.ally_id, cmd.skill, e.separations)
        ally = ctx.sheet(cmd.ally_id or "", "ally_id")
        if any(g.by == cmd.character_id for g in ally.assists_given):
            raise StateConflict("ally_id", "wish.maneuver.assist L384",
                                f"{cmd.character_id} already assists {cmd.ally_id}'s next check")
    elif cmd.ally_id is not None or cmd.skill is not None:
        raise DomainError("ally_id", "wish.maneuver.assist L384",
                          "ally_id and skill belong to the assist maneuver")
    if cmd.kind == "toggle":
        on = toggles.switch(s, cmd.stunt)  # a Toggle stunt: a maneuver switches it (L260)
    elif cmd.kind == "maintain":
        lingering.maintainable(s, cmd.stunt)  # a Lingering effect: a maneuver keeps it (L262)
    elif cmd.stunt is not None:
        raise DomainError("stunt", "wish.trait.toggle L260",
                          "stunt belongs to the toggle and maintain maneuvers")
    decide_maneuver.spend(
        ctx, cmd.encounter_id, cmd.character_id, cmd.kind,
        ally_id=cmd.ally_id if cmd.kind == "assist" else UNSET,
        stunt=cmd.stunt if cmd.kind in ("toggle", "maintain") else UNSET)
    if cmd.kind == "maintain":
        ctx.emit(char(cmd.character_id), ev.LingeringMaintained(stunt=cmd.stunt))
    if cmd.kind == "toggle":
        ctx.emit(char(cmd.character_id), ev.StuntToggled(stunt=cmd.stunt, on=on, cause="maneuver"))
    if cmd.kind == "assist" and cmd.ally_id is not None:
        ctx.emit(char(cmd.ally_id), ev.AssistGiven(by=cmd.character_id, skill=cmd.skill))


def _maneuver_form(cmd: c.TakeManeuver) -> None:
    """The payload's own faults, refused (422) before any state is read."""
    if cmd.kind != "assist" and (cmd.ally_id is not None or cmd.skill is not None):
        raise DomainError("ally_id", "wish.maneuver.assist L384",
                          "ally_id and skill belong to the assist maneuver")
    if cmd.kind == "assist" and cmd.ally_id is None:
        raise DomainError("ally_id", "wish.maneuver.assist L384", "name the ally to assist")
    if cmd.kind == "assist" and cmd.ally_id == cmd.character_id:
        raise DomainError("ally_id", "wish.maneuver.assist L388",
                          "a character cannot assist themselves")
    if cmd.kind not in ("toggle", "maintain") and cmd.stunt is not None:
        raise DomainError("stunt", "wish.trait.toggle L260",
                          "stunt belongs to the toggle and maintain maneuvers")
    if cmd.encounter_id is None and cmd.kind != "assist":
        raise DomainError("encounter_id", "wish.maneuver L378",
                          "outside an encounter maneuvers happen as needed; only the Assist "
                          "maneuver (kind assist) is recorded, for the ally's next check")


def story_assist(ctx: Ctx, cmd: c.TakeManeuver) -> None:
    """The Assist maneuver outside an encounter (L378, L384-388): the assistant's own, for the
    ally's next check, no fatigue (there is no turn to count maneuvers in)."""
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    assists.maneuver(cmd.character_id, s, cmd.ally_id, cmd.skill, None)
    ally = ctx.sheet(cmd.ally_id or "", "ally_id")
    if any(g.by == cmd.character_id for g in ally.assists_given):
        raise StateConflict("ally_id", "wish.maneuver.assist L384",
                            f"{cmd.character_id} already assists {cmd.ally_id}'s next check")
    ctx.emit(char(cmd.ally_id or ""), ev.AssistGiven(by=cmd.character_id, skill=cmd.skill))


def maintain_effect(ctx: Ctx, cmd: c.MaintainEffect) -> None:
    """MaintainEffect: an Invested effect is kept with the turn's Action (L263), a Persisted
    one with the entire turn, no maneuver or Action taken before or after (L264); an effect
    not kept this turn ends at End of Turn, as a Lingering one does (L262)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    stunt = s.stunts.get(cmd.stunt)
    trait = lingering.sustained(stunt) if stunt is not None else None
    upkeep = lingering.SUSTAINED[trait][0] if trait is not None else "action"
    if upkeep == "maneuver":
        upkeep = "action"  # a Lingering effect: refused below, naming its maneuver
    lingering.maintainable(s, cmd.stunt, upkeep)
    assert e.turn is not None  # on_turn: the turn is running
    if upkeep == "turn":
        lingering.whole_turn_free(e.turn)
    encounter.may_act(e, s)
    ctx.emit(enc(cmd.encounter_id), ev.ActionTaken(
        character_id=cmd.character_id, kind=f"maintain {trait}", stunt=cmd.stunt,
        whole_turn=True if upkeep == "turn" else UNSET))
    ctx.emit(char(cmd.character_id), ev.LingeringMaintained(stunt=cmd.stunt))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.MaintainEffect, maintain_effect)
HANDLERS.add(c.ShiftStance, shift_stance)
HANDLERS.add(c.StartEncounter, start_encounter)
HANDLERS.add(c.StartTurn, start_turn)
HANDLERS.add(c.EndTurn, end_turn)
HANDLERS.add(c.EndRound, end_round)
HANDLERS.add(c.EndEncounter, end_encounter)
HANDLERS.add(c.TakeManeuver, take_maneuver)
