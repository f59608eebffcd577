"""Deciding WISH Travel checks: TravelCheck (L1076-1198)."""

from __future__ import annotations

import msgspec
from msgspec import UNSET

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from contracts.rulesets.wish.travel import TravelCheck
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import conditions, health, travel
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_checks import _roll_check
from domain.rulesets.wish.decide_context import Ctx, able, char, enc
from domain.rulesets.wish.decide_health import damage
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet

R = msgspec.structs.replace


def _refusals(ctx: Ctx, s: WishSheet, cmd: TravelCheck, mode: travel.Mode) -> None:
    rule = f"wish.travel.{mode.skill.lower()}.{mode.name.lower()} L{mode.line}"
    if cmd.skill in s.travel_broken:
        raise StateConflict("skill", rule, "its device is broken until repaired (Unreliable)")
    combat = cmd.encounter_id is not None
    if combat:
        e = ctx.encounter(cmd.encounter_id or "")
        if cmd.character_id not in e.participants:
            raise DomainError("encounter_id", "wish.encounter L378", "not in this encounter")
    if mode.combat_only and not combat:
        raise StateConflict("encounter_id", rule, f"{mode.name} is used only in Combat Mode")
    if mode.no_combat and combat:
        raise StateConflict("encounter_id", rule, f"{mode.name} has no combat application")
    if mode.no_flight_when_impeded and conditions.count(s, "Impeded"):
        raise StateConflict("skill", rule, "impeded: this mode cannot be used")
    if mode.no_flight_when_distressed and s.stress > sheets.effective(s, "wp"):
        raise StateConflict("skill", rule, "Willpower is distressed: you cannot fly")
    if cmd.dematerialize:
        ranks = s.skills[cmd.skill].ranks
        if mode.name != "Dematerialization":
            raise DomainError("dematerialize", rule, "only Dematerialization adds these dice")
        if not 0 < cmd.dematerialize <= ranks:
            raise DomainError("dematerialize", "wish.travel.teleportation.dematerialization L1188",
                              f"up to the times trained ({ranks})")
    if cmd.purpose == "react":
        _react_refusals(s, cmd, mode, rule)


def _react_refusals(s: WishSheet, cmd: TravelCheck, mode: travel.Mode, rule: str) -> None:
    r = mode.react
    if r is None:
        raise DomainError("purpose", rule, f"{mode.name} has no React")
    if cmd.encounter_id is None:
        raise DomainError("encounter_id", rule, "a React is used in Combat Mode")
    if s.travel_recharge.get(cmd.skill, 0):
        raise StateConflict("skill", f"{rule}, L510",
                            f"its React is recharging ({s.travel_recharge[cmd.skill]} tokens)")
    if r.not_impeded and conditions.count(s, "Impeded"):
        raise StateConflict("skill", rule, "impeded: no React")
    if r.fortune > s.fortune:
        raise StateConflict("skill", rule, f"the React costs {r.fortune} Fortune")


# Marks the +1 DEF a travel React grants "until your next Beginning of Turn phase" (L1168,
# L1176, L1198): a Warded instance (+1 DEF, L1495) the next StartTurn removes.
UNTIL_TURN = "+1 DEF until the next Beginning of Turn (travel React L1168, L1176, L1198)"


def _react_effects(ctx: Ctx, cmd: TravelCheck, mode: travel.Mode) -> None:
    """What a travel React costs and grants besides its check (L1150, L1168, L1176, L1198)."""
    r = mode.react
    assert r is not None and cmd.encounter_id is not None
    cid = cmd.character_id
    if r.stress:
        ctx.emit(char(cid), ev.Exerted(stress=r.stress, cause=f"{mode.name} React"))
    if r.fortune:
        ctx.emit(char(cid), ev.FortuneSpent(points=r.fortune, purpose=mode.name))
    if r.defense_until_turn:
        s = ctx.sheet(cid)
        ctx.emit(char(cid), ev.ConditionAdded(condition=c.ConditionInstance(
            id=f"cond-{s.serial + 1}", name="Warded", duration="contingent", note=UNTIL_TURN),
            serial=s.serial + 1))
    if r.recharge:
        ctx.emit(char(cid), ev.TravelRechargeSet(tokens={cmd.skill: r.recharge}))
    if r.leaves_encounter:
        ctx.emit(enc(cmd.encounter_id), ev.ParticipantLeft(
            character_id=cid, cause=f"{mode.name} L{mode.line}"))


def expire_at_turn_start(ctx: Ctx, character_id: str) -> None:
    """StartTurn: the travel Reacts' +1 DEF ends (L1168, L1176, L1198)."""
    for cond in ctx.sheet(character_id).conditions:
        if cond.note == UNTIL_TURN:
            ctx.emit(char(character_id), ev.ConditionRemoved(
                condition_id=cond.id, cause="turn began (travel React)"))


def tick_recharge(ctx: Ctx, character_id: str) -> None:
    """EndTurn: 1 recharge token off each recharging travel React (L510)."""
    tokens = ctx.sheet(character_id).travel_recharge
    if tokens:
        ctx.emit(char(character_id), ev.TravelRechargeSet(tokens={k: v - 1 for k, v in tokens.items()}))


def _sources(mode: travel.Mode, cmd: TravelCheck, o: WishOptions) -> list[c.DiceSource]:
    out = []
    for d in travel.dice_for(mode, cmd.purpose):
        die = {"bonus": o.travel_bonus_die, "penalty": o.travel_penalty_die}.get(d.die, d.die)
        out.append(c.DiceSource(source=f"{mode.name} L{mode.line} (Appendix A row {d.row})",
                                die=die, count=d.count))  # type: ignore[arg-type]
    if cmd.dematerialize:  # each expertise die brings a misfortune die (L1188, row 42)
        for die in ("EXP", "MIS"):
            out.append(c.DiceSource(source="Dematerialization L1188", die=die,  # type: ignore[arg-type]
                                    count=cmd.dematerialize))
    return out


def _rider(mode: travel.Mode, net_boons: int, o: WishOptions) -> tuple[str, int]:
    """The skill's two-bane rider (L1098, L1118, L1140, L1160, L1184), as the mode changes it."""
    kind = mode.exertion or travel.SKILLS[mode.skill].rider
    banes = max(0, -net_boons)
    n = banes // 2 if o.travel_two_bane_rider == "per_pair" else int(banes >= 2)
    return kind, 0 if kind == "none" else n


def travel_check(ctx: Ctx, cmd: TravelCheck) -> None:
    """TravelCheck: a Travel skill check in its mode (L1076-1198): the mode's characteristic
    and dice, the two-bane rider, calamities by mode (L1170, L1172, L1188-1194), Unreliable
    devices broken by two calamities (L1110, L1132, L1144, L1196); Blur and Line of Sight have
    1 automatic success per acquisition and training instead of a check (L1176, L1198)."""
    o = ctx.options
    s = ctx.sheet(cmd.character_id)
    able(s, o)
    mode = travel.mode_of(s, cmd.skill)
    _refusals(ctx, s, cmd, mode)
    if cmd.gate_doublings and mode.name != "Gate":
        raise DomainError("gate_doublings", "wish.travel.teleportation.gate L1192",
                          f"only a Gate's allocations double its size, not {mode.name}'s")
    react = mode.react if cmd.purpose == "react" else None
    base = ev.TravelResolved(skill=cmd.skill, travel_skill=mode.skill, mode=mode.name,
                             purpose=cmd.purpose, line=mode.line,
                             react=UNSET if react is None else react.effect)
    if react is not None:
        _react_effects(ctx, cmd, mode)
        if not react.check:
            ctx.emit(char(cmd.character_id),
                     R(base, free_movement_maneuver=react.free_maneuver))
            return
    if mode.automatic:
        sk = s.skills[cmd.skill]
        ctx.emit(char(cmd.character_id),
                 R(base, automatic_successes=int(sk.acquired) + sk.ranks))  # D-44
        return
    skill = travel.SKILLS[mode.skill]
    spec = c.RollCheck(
        campaign_id=cmd.campaign_id, character_id=cmd.character_id, check_id=cmd.check_id,
        skill=cmd.skill, characteristic=mode.characteristic or skill.characteristic,  # type: ignore[arg-type]
        difficulty=cmd.difficulty + (mode.react_difficulty if cmd.purpose == "react" else 0),
        specializations=cmd.specializations, fortune_points=cmd.fortune_points,
        sources=_sources(mode, cmd, o), tags=["movement"])
    result, check_id = _roll_check(ctx, spec, attack=False, exertion=mode.exr, kind="travel")
    kind, n = _rider(mode, result.net_boons, o)
    cid = cmd.character_id
    if n:
        fatigue = health.fatigue_suffered(ctx.sheet(cid), n) if kind == "fatigue" else 0
        why = f"{mode.skill} two banes L{skill.rider_line}"
        ctx.emit(char(cid), ev.Exerted(fatigue=fatigue, cause=why) if kind == "fatigue"
                 else ev.Exerted(stress=n, cause=why))
    cal = result.calamity
    effect: dict[str, object] = {}
    if cal and mode.calamity == "grit_triangular":  # 1, 3, 6 ... Grit (L1170, L1194)
        damage(ctx, cid, travel.triangular(cal), "direct_grit", 0, True,
               f"{mode.name} calamities L{mode.line}")
        effect["grit"] = travel.triangular(cal)
    elif cal and mode.calamity == "wounds_triangular":  # Skates (L1172), Dematerialization (L1188)
        damage(ctx, cid, travel.triangular(cal), "direct_wounds", 0, True,
               f"{mode.name} calamities L{mode.line}")
        effect["wounds"] = travel.triangular(cal)
        if mode.name == "Skates":
            effect["prone"] = True  # "leave you prone" (L1172): no Prone rule in the seed (G-10)
    elif cal and mode.calamity == "stress_each":  # Gate: 1 stress each (L1192)
        ctx.emit(char(cid), ev.Exerted(stress=cal, cause="Gate calamities L1192"))
        effect["stress"] = cal
    elif cal >= 2 and mode.calamity == "stranded":  # Dimensional Hop (L1190)
        effect["stranded"] = True
    elif cal and mode.skill == "Superrunning" and o.superrunning_calamity == "fatigue":
        fatigue = health.fatigue_suffered(ctx.sheet(cid), travel.SUPERRUNNING_CALAMITY_FATIGUE)
        ctx.emit(char(cid), ev.Exerted(fatigue=fatigue, cause="Superrunning calamity L1160"))
        effect["fatigue"] = fatigue
    elif cal:
        effect["indicates"] = skill.calamity  # the GM reads it (L1098, L1118, L1140, L1160)
    resolved = R(base, check_id=check_id, success=result.success,
                 net_successes=result.net_successes, calamities=cal,
                 rider={kind: n} if n else {}, calamity_effect=effect,
                 device_broken=bool(mode.unreliable and cal >= mode.unreliable))
    if mode.name == "Gate" and result.success:
        # boons and extra successes 1:1 on duration tokens or doubling its size (L1192)
        allocations = max(0, result.net_boons) + result.net_successes - 1
        resolved = R(resolved, gate_allocations=allocations,
                     gate=travel.gate(allocations, cmd.gate_doublings))
    ctx.emit(char(cid), resolved)

HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(TravelCheck, travel_check)
