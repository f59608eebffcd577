"""Deciding WISH initiative, dying and Charge: RollInitiative, Stabilize, Charge, and the
initiative and bleed-out steps of StartTurn, EndTurn, Shift and EndRound (digest G-2, G-3,
G-7; L196, L206-208, L449, L451, L1456, L1499)."""

from __future__ import annotations

from contracts.rulesets import wish as c
from contracts.rulesets.wish import Charge, RollInitiative, Stabilize
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import conditions, encounter, health, initiative, range_bands, views
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_checks import _roll_check, attack
from domain.rulesets.wish.decide_context import Ctx, able, char, enc
from domain.rulesets.wish.state_encounter import InitiativeSlot


def roll_initiative(ctx: Ctx, cmd: RollInitiative) -> None:
    """RollInitiative (G-7): each participant who can act rolls an initiative check (Ag or Int,
    the GM's pick) and gives its superteam a slot, the best first; before the first turn."""
    o = ctx.options
    if o.initiative != "side_slots":
        raise StateConflict("encounter_id", "wish.initiative G-7",
                            "this campaign keeps free turn order (option initiative)")
    e = ctx.encounter(cmd.encounter_id)
    if e.initiative:
        raise StateConflict("encounter_id", "wish.initiative G-7", "initiative is rolled")
    if e.turn is not None or e.acted or e.round > 1:
        raise StateConflict("encounter_id", "wish.initiative G-7", "roll before the first turn")
    if sorted(cmd.sides) != sorted(e.participants):
        raise DomainError("sides", "wish.initiative G-7", "name every participant's superteam")
    if any(not side.strip() for side in cmd.sides.values()):
        raise DomainError("sides", "wish.initiative G-7", "a superteam needs a name")
    ch = cmd.characteristic or o.initiative_characteristic
    slots = []
    for cid in e.participants:
        s = ctx.sheet(cid)
        if sheets.is_dead(s, o) or sheets.is_unconscious(s, o):
            continue  # no slot for those who cannot act
        result, _ = _roll_check(ctx, c.RollCheck(campaign_id=cmd.campaign_id, character_id=cid,
                                                 characteristic=ch), attack=False,
                                   kind="initiative")
        slots.append(InitiativeSlot(side=cmd.sides[cid], rolled_by=cid,
                                      net_successes=result.net_successes,
                                      net_boons=result.net_boons))
    ctx.emit(enc(cmd.encounter_id), ev.InitiativeRolled(
        slots=views.slots_view(initiative.ordered(slots)), sides=dict(cmd.sides), characteristic=ch))


def take_slot(ctx: Ctx, encounter_id: str, character_id: str) -> None:
    """StartTurn with a rolled tracker: the turn takes the top open slot (G-7, L1456)."""
    e = ctx.encounter(encounter_id)
    delayed = conditions.count(ctx.sheet(character_id), "Delayed") > 0
    slot = initiative.slot_for(e, character_id, delayed)
    if slot is not None:
        ctx.emit(enc(encounter_id), ev.InitiativeSlotTaken(slot=slot))


def end_of_turn_moves(ctx: Ctx, encounter_id: str, character_id: str) -> None:
    """End of Turn, last step (D-22 step 7): Delayed (L1456) and Accelerated (L1499) move the
    slot just used."""
    e = ctx.encounter(encounter_id)
    s = ctx.sheet(character_id)
    moves = initiative.moves_at_end_of_turn(
        e, conditions.count(s, "Delayed") > 0, conditions.count(s, "Accelerated") > 0)
    if moves and e.turn is not None and e.turn.slot is not None:
        ctx.emit(enc(encounter_id), ev.InitiativeMoved(
            from_=e.turn.slot, to=moves[-1], cause="Delayed/Accelerated L1456, L1499"))


def shift(ctx: Ctx, encounter_id: str) -> None:
    """Shift: "move their initiative marker into the topmost position on the initiative
    tracker (it's available for use on the next Turn)" (L449)."""
    e = ctx.encounter(encounter_id)
    if e.turn is not None and e.turn.slot is not None and e.turn.slot > 0:
        ctx.emit(enc(encounter_id), ev.InitiativeMoved(from_=e.turn.slot, to=0, cause="Shift L449"))


def bleed_out(ctx: Ctx, encounter_id: str, named: list[str]) -> None:
    """End of Round with option ``dying`` = "bleed_out" (G-3): each participant at 0 Wounds
    ("unconscious and in danger of dying", L196), not dead and not stabilized, suffers the
    option's criticals; more criticals than Toughness and it dies (L208). A stabilized
    participant who is conscious again is no longer stabilized. EndRound names the
    participants for this (``participants``), as EndEncounter does."""
    o = ctx.options
    e = ctx.encounter(encounter_id)
    if o.dying != "bleed_out" and not named:
        return
    if sorted(named) != sorted(e.participants):
        raise DomainError("participants", "wish.dying G-3",
                          "with bleed-out, EndRound names the encounter's participants")
    for cid in e.participants:
        s = ctx.sheet(cid)
        if s.stabilized and not sheets.is_unconscious(s, o):
            ctx.emit(char(cid), ev.StabilizationEnded(cause="conscious again"))
        if o.dying != "bleed_out" or s.stabilized:
            continue
        for _ in range(o.bleed_out_criticals):
            s = ctx.sheet(cid)
            if not sheets.is_unconscious(s, o) or sheets.is_dead(s, o):
                break
            item = health.inflict(s, "critical", "bleeding out", o.default_critical_severity)
            ctx.emit(char(cid), ev.LastingInflicted(
                kind="critical", lasting=views.lasting_view(item), serial=s.serial + 1,
                cause="bleeding out (option dying G-3)"))


def stabilize(ctx: Ctx, cmd: Stabilize) -> None:
    """Stabilize (option ``dying`` = "bleed_out", G-3): a First Aid (Int) check (G-4) on a
    dying character; success stops the bleeding while it stays at 0 Wounds (L196)."""
    o = ctx.options
    rule = "wish.dying G-3"
    if o.dying != "bleed_out":
        raise StateConflict("target_id", rule, "this campaign has no bleed-out (option dying)")
    target = ctx.sheet(cmd.target_id, "target_id")
    if not sheets.is_unconscious(target, o) or sheets.is_dead(target, o):
        raise StateConflict("target_id", "wish.health.unconscious L196", "not dying")
    if target.stabilized:
        raise StateConflict("target_id", rule, "already stabilized")
    result, check_id = _roll_check(ctx, c.RollCheck(
        campaign_id=cmd.campaign_id, character_id=cmd.character_id, skill="First Aid",
        difficulty=cmd.difficulty, specializations=cmd.specializations,
        fortune_points=cmd.fortune_points), attack=False, kind="stabilize")
    if result.success:
        ctx.emit(char(cmd.target_id), ev.Stabilized(by=cmd.character_id, check_id=check_id))


def charge(ctx: Ctx, cmd: Charge) -> None:
    """Charge (L451): "an extra maneuver to engage an opponent and then make a Melee Strike,
    though not without cost or difficulty" (G-2: 1 fatigue, option charge_fatigue), one step
    towards Offensive. The opponent must be one movement maneuver from engaged (L404)."""
    rule = "wish.basic_action.charge L451"
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    able(s, ctx.options)
    encounter.may_act(e, s)
    if cmd.target_id not in e.participants or cmd.target_id == cmd.character_id:
        raise DomainError("target_id", rule, "charge another participant")
    for name, line in (("Impeded", 1459), ("Held", 1461)):
        if conditions.count(s, name):
            raise StateConflict("character_id", f"wish.condition.{name.lower()} L{line}",
                                "no movement maneuvers")
    key = range_bands.pair(cmd.character_id, cmd.target_id)
    if e.separations.get(key) != 1:
        raise StateConflict("target_id", rule,
                            "the charge's one maneuver must engage: be 1 maneuver away "
                            f"(now {e.separations.get(key, 'unset')})")
    fatigue = health.fatigue_suffered(s, ctx.options.charge_fatigue)
    if fatigue:
        ctx.emit(char(cmd.character_id), ev.Exerted(fatigue=fatigue, cause="Charge"))
    ctx.emit(enc(cmd.encounter_id), ev.SeparationSet(
        pair=key, maneuvers=0, band=range_bands.band(0), cause="Charge L451"))
    attack(ctx, c.Attack(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                         target_id=cmd.target_id, encounter_id=cmd.encounter_id,
                         skill=cmd.skill, characteristic=cmd.characteristic,
                         difficulty=cmd.difficulty, specializations=cmd.specializations,
                         fortune_points=cmd.fortune_points, mode="melee"))
    st = ctx.sheet(cmd.character_id).stance
    after = min(st.offensive, st.position + 1)  # a Push (L451)
    if after != st.position:
        ctx.emit(char(cmd.character_id), ev.StanceSet(position=after, cause="Push Charge L451"))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(RollInitiative, roll_initiative)
HANDLERS.add(Stabilize, stabilize)
HANDLERS.add(Charge, charge)
