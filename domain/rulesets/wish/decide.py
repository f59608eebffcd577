"""Deciding WISH commands: each handler checks the rules, draws dice and returns events.

Handlers fold each event into a working copy as they go, so later steps see the
state earlier steps decided (a check's exertion before the damage it causes).
A refusal raises before anything is returned, so a refused command appends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from contracts.rulesets import wish as c
from contracts.rulesets.wish import CheckRecord, ConditionInstance, WishSheet
from domain.dice import Dice
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.base import RulesetEvent
from domain.rulesets.wish import (
    advancement,
    archetypes,
    conditions,
    encounter,
    health,
    hindrances,
    lines,
    pool,
    resolve,
    stance,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.evolve import evolve
from domain.rulesets.wish.options import WishOptions


def char(cid: str) -> str:
    return f"character:{cid}"


def enc(eid: str) -> str:
    return f"encounter:{eid}"


class Ctx:
    """Working states and the events decided so far."""

    def __init__(self, states: Mapping[str, Any], options: WishOptions, dice: Dice) -> None:
        self.states = dict(states)
        self.options = options
        self.dice = dice
        self.events: list[RulesetEvent] = []

    def emit(self, stream: str, type_: str, data: Any) -> None:
        body: dict[str, Any] = msgspec.to_builtins(data)
        self.events.append(RulesetEvent(stream=stream, type=type_, data=body))
        self.states[stream] = evolve(self.states.get(stream), type_, body)

    def sheet(self, cid: str, field: str = "character_id") -> WishSheet:
        state = self.states.get(char(cid))
        if state is None:
            raise NotFound(field, "wish.character", f"no WISH character {cid!r}")
        return sheets.load(state)

    def encounter(self, eid: str) -> c.EncounterState:
        return encounter.active(self.states.get(enc(eid)), eid)


# --------------------------------------------------------------------------- checks


def _able(s: WishSheet, o: WishOptions, field: str = "character_id") -> None:
    """The dead, the unconscious and the helpless cannot act (L196, L208, L1462-1463)."""
    if sheets.is_dead(s, o):
        raise StateConflict(field, "wish.health.death L208", "the character is dead")
    if sheets.is_unconscious(s, o):
        raise StateConflict(field, "wish.health.unconscious L196", "the character is unconscious")
    if conditions.count(s, "Lulled") or conditions.count(s, "Helpless"):
        raise StateConflict(field, "wish.condition.lulled L1462", "cannot take actions")


def _check_id(s: WishSheet, given: str | None, field: str = "check_id") -> str:
    """The id a check is recorded under: the one given, else ``check-<n>`` from the sheet's
    count of checks, so a replay derives the same id (L222)."""
    if given is None:
        return f"check-{s.checks_rolled + 1}"
    if not given or any(r.check_id == given for r in s.recent_checks):
        raise DomainError(field, "wish.check L222", f"check id {given!r} is empty or already used")
    return given


def _roll_check(
    ctx: Ctx,
    cmd: c.RollCheck | c.Attack,
    *,
    attack: bool,
    kind: str = "check",
    field: str = "character_id",
) -> tuple[c.CheckResult, str]:
    o = ctx.options
    actor = ctx.sheet(cmd.character_id, field)
    _able(actor, o, field)
    check_id = _check_id(actor, cmd.check_id)
    target = ctx.sheet(cmd.target_id, "target_id") if cmd.target_id else None
    e = None
    if cmd.encounter_id is not None:
        e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
        encounter.may_act(e, actor)
    held_check = pool.check_characteristic(actor, cmd)[0] in sheets.PHYSICAL
    if attack and held_check and conditions.count(actor, "Held"):
        raise StateConflict("character_id", "wish.condition.held L1461", "no physical actions")
    stunt = None
    if cmd.stunt is not None:
        stunt = actor.stunts.get(cmd.stunt)
        if stunt is None:
            raise DomainError("stunt", "wish.stunt L458", f"no stunt {cmd.stunt!r}")
        if stunt.recharge_tokens > 0:
            raise StateConflict(
                "stunt",
                "wish.stunt.recharge L510",
                f"{cmd.stunt} is recharging ({stunt.recharge_tokens} tokens)",
            )
        sr = conditions.stunt_rating(actor, cmd.stunt)
        if sr <= 0:
            raise StateConflict(
                "stunt",
                "wish.condition.spiked L1447, L1466",
                f"{cmd.stunt} is at SR {sr} and stops functioning",
            )
        pos = actor.stance.position
        if "Contemplative" in stunt.facilitators and pos >= 0:
            raise StateConflict(
                "stunt", "wish.facilitator.contemplative L1331", "only in a Defensive stance"
            )
        if "Impetuous" in stunt.facilitators and pos <= 0:
            raise StateConflict(
                "stunt", "wish.facilitator.impetuous L1333", "only in an Offensive stance"
            )
    p = pool.assemble(
        actor,
        cmd,
        o,
        target=target,
        attack=attack,
        bypass_defense=cmd.bypass_defense,
        opponent_fortune_points=cmd.opponent_fortune_points,
    )
    rolls = resolve.roll(p.dice(), ctx.dice)
    t = resolve.tally(rolls)
    result = resolve.resolve(t, cmd.downgrade_serendipity)
    # EXR: fatigue on physical checks, stress on mental ones, per symbol (L13, L18-19, D-4).
    exr = min(t.EXR, 1) if o.exertion_once_per_check else t.EXR
    physical = p.characteristic in sheets.PHYSICAL
    fatigue = health.fatigue_suffered(actor, exr) if physical else 0
    stress = 0 if physical else exr
    # Using a card places its rating in tokens, plus one per recharge symbol (L510, D-5).
    # Frequent, Prolonged and Infrequent change the Recharge (L1317, L1319, L1379).
    recharge = (
        {
            cmd.stunt: hindrances.recharge_rating(
                stunt.recharge_rating, stunt.facilitators, stunt.hindrances
            )
            + t.RCH
        }
        if stunt and cmd.stunt
        else {}
    )
    record = CheckRecord(
        characteristic=p.characteristic,
        effective_characteristic=p.effective_characteristic,
        skill=p.skill,
        pool=p.dice(),
        sources=p.sources,
        dice=rolls,
        tally=t,
        result=result,
    )
    ctx.emit(
        char(cmd.character_id),
        "wish.CheckRolled",
        {
            "character_id": cmd.character_id,
            "target_id": cmd.target_id,
            "check_id": check_id,
            "kind": kind,
            "check": record,
            "stress": stress,
            "fatigue": fatigue,
            "fortune_spent": p.fortune_spent,
            "recharge": {k: v for k, v in recharge.items() if v},
            **(
                {"stunt_rating": conditions.stunt_rating(actor, cmd.stunt)}
                if stunt is not None and cmd.stunt
                else {}
            ),
        },
    )
    if p.opponent_fortune_spent and cmd.target_id:
        ctx.emit(
            char(cmd.target_id),
            "wish.FortuneSpent",
            {"points": p.opponent_fortune_spent, "purpose": "opponent pool"},
        )
    if e is not None and cmd.encounter_id is not None:
        ctx.emit(
            enc(cmd.encounter_id),
            "wish.ActionTaken",
            {"character_id": cmd.character_id, "kind": "attack" if attack else "check"},
        )
    return result, check_id


def roll_check(ctx: Ctx, cmd: c.RollCheck) -> None:
    """RollCheck: assemble (digest §2.2), roll, resolve (§2.3), apply exertion and recharge."""
    attack = cmd.target_id is not None and "detect" not in cmd.tags
    _roll_check(ctx, cmd, attack=attack)


def _after_roll_dice(
    ctx: Ctx, cmd: c.SpendFortuneAfterRoll
) -> tuple[str, str, c.RecentCheck, str]:
    """Refusals for Fortune after the roll; the roller, the spender, the check and the die."""
    o = ctx.options
    rule = "wish.fortune.after_roll L222"
    if not o.fortune_after_roll:
        raise StateConflict(
            "check_id", rule, "this campaign spends Fortune before the roll (fortune_after_roll)"
        )
    if cmd.points < 1:
        raise DomainError("points", rule, "spend at least 1 point")
    spender = ctx.sheet(cmd.character_id)
    roller_id = cmd.roller_id or cmd.character_id
    roller = ctx.sheet(roller_id, "roller_id")
    window = roller.recent_checks[-max(1, o.fortune_after_roll_window):]
    found = [r for r in window if r.check_id == cmd.check_id]
    if not found:
        raise NotFound(
            "check_id", rule, f"{cmd.check_id!r} is not among {roller_id}'s latest checks"
        )
    rec = found[0]
    if rec.kind != "check":
        raise StateConflict(
            "check_id",
            rule,
            f"a {rec.kind}'s outcome has already been applied; spend Fortune before that roll",
        )
    if rec.lines:
        raise StateConflict(
            "check_id", "wish.option_lines L520", "its option lines are already triggered"
        )
    if roller_id != cmd.character_id and rec.target_id != cmd.character_id:
        # "an opponents dice pool that targets or would harm them" (L220)
        raise DomainError("roller_id", "wish.fortune.spend L220", "only the check's target may")
    if cmd.points > spender.fortune:
        raise StateConflict(
            "points",
            "wish.fortune.spend L220",
            f"spending {cmd.points} Fortune, only {spender.fortune} left",
        )
    die = o.fortune_own_die if roller_id == cmd.character_id else o.fortune_opponent_die
    return roller_id, cmd.character_id, rec, die


def spend_fortune_after_roll(ctx: Ctx, cmd: c.SpendFortuneAfterRoll) -> None:
    """SpendFortuneAfterRoll (L222, option ``fortune_after_roll``): each point rolls one more
    die (L220: own FRT, or MIS into an opponent's check that targets the spender) into a
    recorded check; the amended tally and result are recorded as ``wish.CheckAmended``."""
    roller_id, spender_id, rec, die = _after_roll_dice(ctx, cmd)
    assert rec.result is not None
    added = resolve.roll({die: cmd.points}, ctx.dice)
    extra = resolve.tally(added)
    before = rec.tally
    t = c.Tally(**{k: getattr(before, k) + getattr(extra, k) for k in c.Tally.__struct_fields__})
    result = resolve.resolve(t, rec.result.downgraded)
    roller = ctx.sheet(roller_id)
    physical = rec.characteristic in sheets.PHYSICAL
    exr = extra.EXR
    ctx.emit(
        char(spender_id),
        "wish.FortuneSpent",
        {"points": cmd.points, "purpose": f"after roll {roller_id}/{cmd.check_id}"},
    )
    ctx.emit(
        char(roller_id),
        "wish.CheckAmended",
        {
            "check_id": cmd.check_id,
            "spent_by": spender_id,
            "fortune_spent": cmd.points,
            "dice": added,
            "previous_tally": before,
            "tally": t,
            "result": result,
            "fatigue": health.fatigue_suffered(roller, exr) if physical else 0,
            "stress": 0 if physical else exr,
        },
    )


def contested_check(ctx: Ctx, cmd: c.ContestedCheck) -> None:
    """ContestedCheck (digest D-9; opposed checks L1011, L1017-1020): both sides roll their own
    pools; the actor's net successes minus the opposition's decide, ties go to the defender."""
    if ctx.options.opposed_checks != "contested":
        raise StateConflict(
            "opposition",
            "wish.check.opposed L1011",
            "this campaign turns the opposition into challenge dice (opposed_checks)",
        )
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "wish.check.opposed L1011", "a character cannot oppose itself")
    if cmd.opposition.fortune_points:
        raise DomainError(
            "opposition.fortune_points",
            "wish.fortune.spend L220",
            "the defender spends its own Fortune (SpendFortuneAfterRoll)",
        )
    spec = {f: getattr(cmd, f) for f in c.CheckSpec.__struct_fields__}
    mine = c.RollCheck(
        **spec,
        campaign_id=cmd.campaign_id,
        character_id=cmd.character_id,
        target_id=cmd.target_id,
        encounter_id=cmd.encounter_id,
        check_id=cmd.check_id,
    )
    other = {f: getattr(cmd.opposition, f) for f in c.CheckSpec.__struct_fields__}
    theirs = c.RollCheck(
        **other, campaign_id=cmd.campaign_id, character_id=cmd.target_id
    )
    ctx.sheet(cmd.target_id, "target_id")
    actor, actor_id = _roll_check(ctx, mine, attack=False, kind="contest")
    defender, defender_id = _roll_check(
        ctx, theirs, attack=False, kind="contest", field="target_id"
    )
    net = actor.net_successes - defender.net_successes
    ctx.emit(
        char(cmd.character_id),
        "wish.ContestResolved",
        {
            "check_id": actor_id,
            "target_id": cmd.target_id,
            "opposition_check_id": defender_id,
            "actor_net": actor.net_successes,
            "opposition_net": defender.net_successes,
            "net_successes": net,
            "success": net >= 1,  # ties go to the defender (D-9, as D-1)
        },
    )


def attack(ctx: Ctx, cmd: c.Attack) -> None:
    """Attack: a check vs the target's Defense (L184, L504), then damage on a hit (G-2)."""
    o = ctx.options
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "wish.attack L504", "a character cannot attack itself")
    result, _ = _roll_check(ctx, cmd, attack=True, kind="attack")
    actor = ctx.sheet(cmd.character_id)
    for cond in list(actor.conditions):
        if cond.name in conditions.END_ON_ATTACK:  # L1483, L1502, L1506
            ctx.emit(
                char(cmd.character_id),
                "wish.ConditionRemoved",
                {"condition_id": cond.id, "cause": "attacked"},
            )
    if not result.success:
        return
    ch = cmd.characteristic or pool.check_characteristic(actor, cmd)[0]
    if cmd.base_damage is not None:
        base = cmd.base_damage
    elif cmd.mode == "ranged":
        base = o.basic_ranged_damage
    else:
        base = sheets.effective(actor, ch)
    bonus = conditions.count(actor, "Enraged")  # L1505
    honed = conditions.instances(actor, "Honed")
    if honed:
        bonus += 1  # L1482
        if o.honed_next_attack:  # D-26
            ctx.emit(
                char(cmd.character_id),
                "wish.ConditionRemoved",
                {"condition_id": honed[0].id, "cause": "used"},
            )
    amount = base + result.net_successes + bonus  # "# of successes" (L490), net (digest §2.4)
    _damage(ctx, cmd.target_id, amount, cmd.damage_kind, cmd.pierce, False, "attack")


def _damage(
    ctx: Ctx, cid: str, amount: int, kind: str, pierce: int, bypass: bool, source: str
) -> None:
    target = ctx.sheet(cid)
    r = health.damage(target, amount, kind, ctx.options, pierce=pierce, bypass=bypass)
    ctx.emit(char(cid), "wish.DamageTaken", {**msgspec.to_builtins(r), "source": source})
    # Lulled: remove 1 token per Wound suffered or Grit lost (L1462).
    hurt = r.wounds_lost + r.grit_lost + len(r.criticals) + len(r.schisms)
    lulled = conditions.instances(ctx.sheet(cid), "Lulled")
    if hurt and lulled:
        ticks = {x.id: hurt for x in lulled}
        ctx.emit(
            char(cid),
            "wish.ConditionsTicked",
            {
                "ticks": ticks,
                "expired": [x.id for x in lulled if x.tokens <= hurt],
                "cause": "wounded",
            },
        )


def apply_damage(ctx: Ctx, cmd: c.ApplyDamage) -> None:
    """ApplyDamage: Soak/Psyche (min 1), Pierce, criticals, schisms, death (L185-210)."""
    _damage(
        ctx, cmd.character_id, cmd.amount, cmd.kind, cmd.pierce, cmd.bypass_mitigation, "effect"
    )


def inflict(ctx: Ctx, cmd: c.InflictLasting) -> None:
    """An explicit critical or schism (L206, L1417-1419)."""
    s = ctx.sheet(cmd.character_id)
    item = health.inflict(s, cmd.kind, cmd.name, cmd.severity)
    ctx.emit(
        char(cmd.character_id),
        "wish.LastingInflicted",
        {"kind": cmd.kind, "lasting": item, "serial": s.serial + 1},
    )


def heal(ctx: Ctx, cmd: c.Heal) -> None:
    """Heal Wounds/Grit and treat criticals or schisms (L194, L1417; procedure gap G-4)."""
    r = health.heal(ctx.sheet(cmd.character_id), cmd.wounds, cmd.grit, cmd.treat)
    ctx.emit(char(cmd.character_id), "wish.Restored", {**msgspec.to_builtins(r), "cause": "heal"})


def recover(ctx: Ctx, cmd: c.Recover) -> None:
    """Recover stress and fatigue (L119, L129; blocked by Exhausted/Shocked, L1442-1443)."""
    r = health.recover(ctx.sheet(cmd.character_id), cmd.stress, cmd.fatigue)
    ctx.emit(
        char(cmd.character_id), "wish.Restored", {**msgspec.to_builtins(r), "cause": "recover"}
    )


# --------------------------------------------------------------------------- stance, encounter


def shift_stance(ctx: Ctx, cmd: c.ShiftStance) -> None:
    """ShiftStance at the start of a turn: 1 step free, 1 more for 1 stress (L83, L89)."""
    s = ctx.sheet(cmd.character_id)
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
        "wish.StanceShifted",
        {"before": sh.before, "after": sh.after, "stress": sh.stress + extra},
    )
    if cmd.encounter_id is not None:
        ctx.emit(enc(cmd.encounter_id), "wish.StanceShiftTaken", {"character_id": cmd.character_id})


def start_encounter(ctx: Ctx, cmd: c.StartEncounter) -> None:
    """StartEncounter: every participant starts at neutral stance (L83)."""
    e = encounter.load(ctx.states.get(enc(cmd.encounter_id)))
    if e is not None and e.active:
        raise StateConflict("encounter_id", "wish.encounter L378", "already running")
    if not cmd.participants or len(set(cmd.participants)) != len(cmd.participants):
        raise DomainError("participants", "wish.encounter L378", "name each participant once")
    for cid in cmd.participants:
        ctx.sheet(cid, "participants")
    ctx.emit(
        enc(cmd.encounter_id),
        "wish.EncounterStarted",
        {"encounter_id": cmd.encounter_id, "participants": cmd.participants},
    )
    for cid in cmd.participants:
        ctx.emit(char(cid), "wish.StanceSet", {"position": 0, "cause": "encounter start"})


def start_turn(ctx: Ctx, cmd: c.StartTurn) -> None:
    """StartTurn: the Beginning of Turn phase (Refreshed recovers 1 stress and fatigue, L1479)."""
    e = ctx.encounter(cmd.encounter_id)
    encounter.can_start_turn(e, cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    ctx.emit(enc(cmd.encounter_id), "wish.TurnStarted", {"character_id": cmd.character_id})
    _restore(ctx, cmd.character_id, s, conditions.recovery(s, "begin"), "beginning of turn")


def _restore(ctx: Ctx, cid: str, s: WishSheet, got: dict[str, int], cause: str) -> None:
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
        ctx.emit(char(cid), "wish.Restored", {**amounts, "cause": cause})


def end_turn(ctx: Ctx, cmd: c.EndTurn) -> None:
    """EndTurn: the End of Turn phase in the digest's order (D-22): Ignited (D-21),
    regeneration, Fortune recharge spending (L224), recharge tokens (L510), Brief ticks (L1393)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    cid = cmd.character_id
    s = ctx.sheet(cid)
    plan, cost = encounter.fortune_recharge(s, dict(cmd.fortune_recharge))  # refuse first
    ignited = conditions.instances(s, "Ignited")
    if ignited:
        before = ctx.options.ignited_damage_before_tick
        for inst in ignited:
            if before:
                _damage(ctx, cid, inst.tokens, "physical", 0, False, "Ignited")
            ctx.emit(
                char(cid),
                "wish.ConditionsTicked",
                {
                    "ticks": {inst.id: 1},
                    "expired": [inst.id] if inst.tokens <= 1 else [],
                    "cause": "end of turn",
                },
            )
            if not before and inst.tokens - 1 > 0:
                _damage(ctx, cid, inst.tokens - 1, "physical", 0, False, "Ignited")
    s = ctx.sheet(cid)
    got = conditions.recovery(s, "end")
    if s.origin == "Anthropomorphic":
        got["wounds"] = got.get("wounds", 0) + 1  # Animal Recovery (L788)
    _restore(ctx, cid, s, got, "end of turn")
    if plan:
        ctx.emit(char(cid), "wish.FortuneSpent", {"points": cost, "purpose": "recharge"})
        ctx.emit(char(cid), "wish.RechargeTokensAdded", {"stunts": plan, "cause": "Fortune"})
    s = ctx.sheet(cid)
    removal = encounter.recharge_removal(s)
    if removal:
        ctx.emit(char(cid), "wish.RechargeTokensRemoved", {"stunts": removal})
    ticks, expired = encounter.brief_ticks(ctx.sheet(cid), frozenset({"Ignited"}))
    if ticks:
        ctx.emit(
            char(cid),
            "wish.ConditionsTicked",
            {"ticks": ticks, "expired": expired, "cause": "end of turn"},
        )
    ctx.emit(enc(cmd.encounter_id), "wish.TurnEnded", {"character_id": cid, "round": e.round})


def end_round(ctx: Ctx, cmd: c.EndRound) -> None:
    """EndRound: the round ends once no turn is running (L263-264)."""
    e = ctx.encounter(cmd.encounter_id)
    if e.turn is not None:
        raise StateConflict(
            "encounter_id",
            "wish.encounter.round L263",
            f"{e.turn.character_id}'s turn is still running",
        )
    ctx.emit(enc(cmd.encounter_id), "wish.RoundEnded", {"round": e.round})


def end_encounter(ctx: Ctx, cmd: c.EndEncounter) -> None:
    """EndEncounter: Encounter conditions end with it (L1405)."""
    e = ctx.encounter(cmd.encounter_id)
    if sorted(cmd.participants) != sorted(e.participants):
        raise DomainError(
            "participants", "wish.encounter L1405", "name the encounter's participants"
        )
    ctx.emit(enc(cmd.encounter_id), "wish.EncounterEnded", {"round": e.round})
    for cid in e.participants:
        for cond in ctx.sheet(cid).conditions:
            if cond.duration == "encounter":
                ctx.emit(
                    char(cid),
                    "wish.ConditionRemoved",
                    {"condition_id": cond.id, "cause": "encounter ended"},
                )


def take_maneuver(ctx: Ctx, cmd: c.TakeManeuver) -> None:
    """TakeManeuver: one free, each extra costs 1 fatigue suffered first (L380)."""
    e = encounter.on_turn(ctx.encounter(cmd.encounter_id), cmd.character_id)
    s = ctx.sheet(cmd.character_id)
    _able(s, ctx.options)
    cost = encounter.maneuver_fatigue(e, s, cmd.kind, ctx.options)
    fatigue = health.fatigue_suffered(s, cost)
    if fatigue:
        ctx.emit(char(cmd.character_id), "wish.Exerted", {"fatigue": fatigue, "cause": "maneuver"})
    ctx.emit(
        enc(cmd.encounter_id),
        "wish.ManeuverTaken",
        {"character_id": cmd.character_id, "kind": cmd.kind, "fatigue": fatigue},
    )


# --------------------------------------------------------------------------- conditions


def _add_condition(
    ctx: Ctx,
    cid: str,
    name: str,
    duration: str | None,
    tokens: int | None,
    severity: int | None,
    stay: bool,
    stunt: str | None = None,
) -> None:
    o = ctx.options
    s = ctx.sheet(cid)
    row = conditions.BY_NAME.get(name)
    if row is None and duration not in ("encounter", "contingent"):
        raise DomainError(
            "name",
            "wish.condition L1425-1511",
            f"{name!r} is not a Brief condition; give an Encounter or Contingent duration",
        )
    dur = duration or "brief"
    n = tokens if tokens is not None else (o.brief_default_tokens if dur == "brief" else 0)
    if dur == "brief" and n < 1:
        raise DomainError("tokens", "wish.condition.brief L1393", "a Brief condition needs tokens")
    if dur == "encounter" and any(
        x.name == name and x.duration == "encounter" for x in s.conditions
    ):
        # Encounter conditions do not stack: the second is ignored (L1407).
        ctx.emit(char(cid), "wish.ConditionIgnored", {"name": name, "rule": "L1407"})
        return
    # Intoxicated and Drunk aggregate onto Drunk (L1437, L1465).
    if dur == "brief" and name in ("Intoxicated", "Drunk"):
        drunk = conditions.instances(s, "Drunk")
        intox = conditions.instances(s, "Intoxicated")
        if drunk or (name == "Intoxicated" and intox) or name == "Drunk" and intox:
            if not drunk:
                _new(ctx, cid, "Drunk", "brief", 0, 5)
                drunk = conditions.instances(ctx.sheet(cid), "Drunk")
            moved = n + sum(x.tokens for x in intox)
            ctx.emit(
                char(cid),
                "wish.ConditionTokensAdded",
                {"condition_id": drunk[0].id, "tokens": moved, "absorbed": [x.id for x in intox]},
            )
            _drunk_overflow(ctx, cid)
            return
    inst = _new(
        ctx,
        cid,
        name,
        dur,
        n,
        severity if severity is not None else (row.severity if row else 1),
        stunt,
    )
    _on_apply(ctx, cid, inst, stay)


def _new(
    ctx: Ctx, cid: str, name: str, dur: str, tokens: int, severity: int, stunt: str | None = None
) -> ConditionInstance:
    s = ctx.sheet(cid)
    inst = ConditionInstance(
        id=f"cond-{s.serial + 1}",
        name=name,
        duration=dur,  # type: ignore[arg-type]
        tokens=tokens,
        severity=severity,
        stunt=stunt,
    )
    ctx.emit(char(cid), "wish.ConditionAdded", {"condition": inst, "serial": s.serial + 1})
    return inst


def _drunk_overflow(ctx: Ctx, cid: str) -> None:
    """Drunk at 10+ tokens: roll a random malign condition, leave 9, move the rest (L1465, D-45)."""
    drunk = conditions.instances(ctx.sheet(cid), "Drunk")[0]
    if drunk.tokens < 10:
        return
    rest = drunk.tokens - 9
    ctx.emit(char(cid), "wish.ConditionTokensAdded", {"condition_id": drunk.id, "tokens": -rest})
    rolls, rows = _roll_table(ctx, "malign", reroll=frozenset({"Intoxicated", "Drunk"}))
    ctx.emit(
        char(cid),
        "wish.BriefConditionRolled",
        {"table": "malign", "rolls": rolls, "results": [r.name for r in rows]},
    )
    for row in rows:
        _add_condition(ctx, cid, row.name, "brief", rest, None, False)


def _on_apply(ctx: Ctx, cid: str, inst: ConditionInstance, stay: bool) -> None:
    s = ctx.sheet(cid)
    recharging = {k: 1 for k, v in s.stunts.items() if v.recharge_tokens > 0}
    if inst.name in ("Slowed", "Staggered") and recharging:  # once, on application (D-25)
        ctx.emit(char(cid), "wish.RechargeTokensAdded", {"stunts": recharging, "cause": inst.name})
    if inst.name == "Staggered" and s.stance.position != 0:  # L1460
        ctx.emit(char(cid), "wish.StanceSet", {"position": 0, "cause": "Staggered"})
    if inst.name in conditions.STANCE_PULL:  # L1487, L1488, L1505
        side = conditions.STANCE_PULL[inst.name]
        if s.stance.position * side <= 0:
            if stay:
                ctx.emit(
                    char(cid),
                    "wish.Exerted",
                    {"stress": conditions.STANCE_PULL_STRESS, "cause": inst.name},
                )
            elif (s.stance.offensive if side > 0 else s.stance.defensive) >= 1:
                ctx.emit(char(cid), "wish.StanceSet", {"position": side, "cause": inst.name})
    if inst.name == "Ignited":  # damage equal to the tokens on application (L1458)
        _damage(ctx, cid, inst.tokens, "physical", 0, False, "Ignited")


def _roll_table(
    ctx: Ctx, table: str, reroll: frozenset[str] = frozenset()
) -> tuple[list[int], list[conditions.BriefRow]]:
    """Roll d100 on a Brief table; "roll twice" rolls two more, each may chain (L1468, D-20)."""
    rolls: list[int] = []
    rows: list[conditions.BriefRow] = []
    pending = 1
    while pending and len(rolls) < 50:
        pending -= 1
        r = ctx.dice.roll(100)
        rolls.append(r)
        row = conditions.row_for_roll(table, r)
        if row.roll_twice:
            pending += 1 if (table == "benign" and ctx.options.benign_100 == "reroll") else 2
        elif row.name in reroll:
            pending += 1
        else:
            rows.append(row)
    return rolls, rows


def add_condition(ctx: Ctx, cmd: c.AddCondition) -> None:
    """AddCondition: Brief instances stack (L1395-1399), Encounter ones do not (L1407);
    Spiked and Buffed name the one stunt they affect (L1447, L1498)."""
    if cmd.stunt is not None:
        if cmd.name not in conditions.ONE_STUNT:
            raise DomainError(
                "stunt", "wish.condition L1447, L1498", "only Spiked and Buffed name a stunt"
            )
        if cmd.stunt not in ctx.sheet(cmd.character_id).stunts:
            raise NotFound("stunt", "wish.condition L1447, L1498", f"no stunt {cmd.stunt!r}")
    _add_condition(
        ctx,
        cmd.character_id,
        cmd.name,
        cmd.duration,
        cmd.tokens,
        cmd.severity,
        cmd.stay_in_stance,
        cmd.stunt,
    )


def expose_to_fear(ctx: Ctx, cmd: c.ExposeToFear) -> None:
    """ExposeToFear: while Frightened, a Fear based effect of rating R inflicts R stress and
    moves the stance R steps towards neutral (L1445); without Frightened nothing happens."""
    s = ctx.sheet(cmd.character_id)
    if cmd.rating < 1:
        raise DomainError("rating", "wish.condition.frightened L1445", "a Fear rating is >= 1")
    if not conditions.count(s, "Frightened"):
        return
    pos = s.stance.position
    after = 0 if abs(pos) <= cmd.rating else pos - cmd.rating * (1 if pos > 0 else -1)
    ctx.emit(char(cmd.character_id), "wish.Exerted", {"stress": cmd.rating, "cause": "Frightened"})
    if after != pos:
        ctx.emit(char(cmd.character_id), "wish.StanceSet", {"position": after, "cause": "Frightened"})


def remove_condition(ctx: Ctx, cmd: c.RemoveCondition) -> None:
    """RemoveCondition: a cure, trigger or GM ruling ends an instance (L1413)."""
    s = ctx.sheet(cmd.character_id)
    if not any(x.id == cmd.condition_id for x in s.conditions):
        raise NotFound("condition_id", "wish.condition L1385", f"no condition {cmd.condition_id!r}")
    ctx.emit(
        char(cmd.character_id),
        "wish.ConditionRemoved",
        {"condition_id": cmd.condition_id, "cause": "removed"},
    )


def roll_brief_condition(ctx: Ctx, cmd: c.RollBriefCondition) -> None:
    """RollBriefCondition: d100 on the malign (L1431-1468) or benign (L1476-1511) table."""
    ctx.sheet(cmd.character_id)
    rolls, rows = _roll_table(ctx, cmd.table)
    ctx.emit(
        char(cmd.character_id),
        "wish.BriefConditionRolled",
        {"table": cmd.table, "rolls": rolls, "results": [r.name for r in rows]},
    )
    for row in rows:
        _add_condition(ctx, cmd.character_id, row.name, "brief", cmd.tokens, None, False)


# --------------------------------------------------------------------------- fortune, advancement


def spend_fortune(ctx: Ctx, cmd: c.SpendFortune) -> None:
    """SpendFortune: never more than the current points (L220, L226)."""
    s = ctx.sheet(cmd.character_id)
    if cmd.points < 1:
        raise DomainError("points", "wish.fortune.spend L220", "spend at least 1 point")
    if cmd.points > s.fortune:
        raise StateConflict(
            "points",
            "wish.fortune.spend L220",
            f"spending {cmd.points} Fortune, only {s.fortune} left",
        )
    ctx.emit(
        char(cmd.character_id), "wish.FortuneSpent", {"points": cmd.points, "purpose": cmd.purpose}
    )


def gain_fortune(ctx: Ctx, cmd: c.GainFortune) -> None:
    """GainFortune: GM awards never exceed the rating; a session starts at the rating (L230)."""
    s = ctx.sheet(cmd.character_id)
    if cmd.points < 0:
        raise DomainError("points", "wish.fortune.gain L230", "must not be negative")
    gained = (
        s.fortune_rating - s.fortune if cmd.reset else min(cmd.points, s.fortune_rating - s.fortune)
    )
    ctx.emit(char(cmd.character_id), "wish.FortuneGained", {"points": gained, "reset": cmd.reset})


def award_experience(ctx: Ctx, cmd: c.AwardExperience) -> None:
    """AwardExperience: 1 advance per XP (L605); Rank from the table (L641-649)."""
    s = ctx.sheet(cmd.character_id)
    if cmd.xp < 1:
        raise DomainError("xp", "wish.experience L597", "award at least 1 XP")
    total = s.experience + cmd.xp
    ctx.emit(
        char(cmd.character_id),
        "wish.ExperienceAwarded",
        {
            "xp": cmd.xp,
            "advances": cmd.xp * advancement.ADVANCES_PER_XP,
            "experience": total,
            "rank_before": sheets.rank(s.experience),
            "rank_after": sheets.rank(total),
            "reason": cmd.reason,
        },
    )


def spend_advance(ctx: Ctx, cmd: c.SpendAdvance) -> None:
    """SpendAdvance: pay the seed's cost in advances, creation or hindrance points (L143-1048)."""
    s = ctx.sheet(cmd.character_id)
    priced = advancement.price(s, cmd.purchase, ctx.options)
    advancement.payable(s, cmd.currency, priced.cost)
    archetype_raise = cmd.purchase.archetype_raise and cmd.currency == "advance"
    slot = None
    if archetype_raise:
        if not s.archetype_tiers:
            raise StateConflict("purchase.archetype_raise", "wish.archetype L739",
                                "the character has no Archetype yet")
        current = s.archetype_tiers[-1]
        archetype = (ctx.options.archetypes or archetypes.ARCHETYPES).get(current.archetype)
        if archetype is not None:  # an Archetype the campaign no longer lists: count, no caps
            slot = archetypes.slot_for(current.raises, archetype, cmd.purchase.kind,
                                       cmd.purchase.target)
    ctx.emit(
        char(cmd.character_id),
        "wish.AdvanceSpent",
        {
            "purchase": cmd.purchase,
            "currency": cmd.currency,
            "cost": priced.cost,
            "rule": priced.rule,
            "raise_current": ctx.options.fortune_rating_raises_current,
            "archetype_raise": archetype_raise,
            "archetype_slot": slot,
        },
    )


def _option_lines(
    ctx: Ctx, cmd: c.ChooseOptionLines | c.ImposeOptionLines, beneficial: bool
) -> None:
    s = ctx.sheet(cmd.character_id)
    found = [r for r in s.recent_checks if r.check_id == cmd.check_id]
    if not found:
        raise NotFound("check_id", lines.RULE, f"no recent check {cmd.check_id!r}")
    consumed = lines.choose(found[0], list(cmd.lines), beneficial)
    ctx.emit(
        char(cmd.character_id),
        "wish.OptionLinesChosen",
        {
            "check_id": cmd.check_id,
            "chooser": "actor" if beneficial else "gm",
            "lines": [lines.name_of(p) for p in cmd.lines for _ in range(p.times)],
            "consumed": consumed,
        },
    )


def choose_option_lines(ctx: Ctx, cmd: c.ChooseOptionLines) -> None:
    """ChooseOptionLines: the acting character triggers beneficial lines — one success line it
    meets (L520, L522), boon lines paid with boons (L526, D-2), ``!`` with a serendipity (L528)."""
    _option_lines(ctx, cmd, beneficial=True)


def impose_option_lines(ctx: Ctx, cmd: c.ImposeOptionLines) -> None:
    """ImposeOptionLines (GM): detrimental lines — failure lines at N net failures (L524, D-1),
    bane lines paid with banes (L526, D-2), ``?`` with a calamity (L528)."""
    _option_lines(ctx, cmd, beneficial=False)


def take_hindrance(ctx: Ctx, cmd: c.TakeHindrance) -> None:
    """TakeHindrance (GM-approved, L1339; points per the table L1349-1383): grants hindrance
    points, spent like advances on non-Archetype raises (L1341); more than 5 points of
    hindrances is flagged for the GM's scrutiny (L1343)."""
    s = ctx.sheet(cmd.character_id)
    row = hindrances.HINDRANCES.get(cmd.name)
    rule = f"wish.hindrance L{row.line}" if row else "wish.hindrance L1345"
    if row is None or row.points == 0:
        # Anathema (L1355) and the GM's own hindrances (L1345) state their points.
        if cmd.points is None or cmd.points < 1:
            raise DomainError("points", rule, f"{cmd.name!r} needs its points stated (>= 1)")
        points = cmd.points
    else:
        if cmd.points is not None and cmd.points != row.points:
            raise DomainError("points", rule, f"{cmd.name} grants {row.points} points")
        points = row.points
    if cmd.name == "Alter Ego" and cmd.gm_controls_alter_ego:
        points = hindrances.ALTER_EGO_GM_POINTS  # L1367
    if row is not None and row.per_stunt:
        if cmd.stunt is None or cmd.stunt not in s.stunts:
            raise DomainError("stunt", rule, f"{cmd.name} is taken for one of your stunts")
        if cmd.name in s.stunts[cmd.stunt].hindrances:
            # "applied to a different Stunt each time"
            raise StateConflict("stunt", rule, f"{cmd.stunt} already has {cmd.name}")
    elif cmd.stunt is not None:
        raise DomainError("stunt", rule, f"{cmd.name} is not taken for a stunt")
    if row is not None and row.needs_detail and not cmd.detail:
        raise DomainError("detail", rule, f"name what the {cmd.name} hindrance is about")
    if any(
        h.name == cmd.name and h.stunt == cmd.stunt and h.detail == cmd.detail
        for h in s.hindrances
    ):
        raise StateConflict("name", rule, f"{cmd.name} is already taken")
    for stat, delta in hindrances.STAT_CHANGES.get(cmd.name, ()):
        now = s.characteristics.get(stat, getattr(s, stat, 0))
        if now + delta < 0:
            raise StateConflict("name", rule, f"{stat} {now} cannot drop by {-delta}")
    total = sum(h.points for h in s.hindrances) + points
    ctx.emit(
        char(cmd.character_id),
        "wish.HindranceTaken",
        {
            "hindrance": c.Hindrance(
                name=cmd.name, points=points, stunt=cmd.stunt, detail=cmd.detail
            ),
            "points": points,
            "stats": dict(hindrances.STAT_CHANGES.get(cmd.name, ())),
            "total_points": total,
            "scrutiny": total > hindrances.SCRUTINY_POINTS,  # L1343
        },
    )


def finish_creation(ctx: Ctx, cmd: c.FinishCreation) -> None:
    """FinishCreation: every creation point must be spent before play (L581)."""
    s = ctx.sheet(cmd.character_id)
    if s.phase != "creation":
        raise StateConflict("character_id", "wish.creation L581", "creation is already over")
    if s.creation_points or s.hindrance_points:
        raise StateConflict(
            "creation_points",
            "wish.creation L581",
            "all creation and hindrance points must be spent",
        )
    ctx.emit(char(cmd.character_id), "wish.CreationFinished", {})


def choose_origin(ctx: Ctx, cmd: c.ChooseOrigin) -> None:
    """ChooseOrigin: an origin is chosen once, during creation, before points are spent
    (L147, L765); its modifiers and picks apply to ratings and maxima alike (L774)."""
    s = ctx.sheet(cmd.character_id)
    if s.phase != "creation":
        raise StateConflict("character_id", "wish.origin L765", "an origin is chosen during creation")
    if s.origin is not None:
        raise StateConflict("origin", "wish.origin L765", f"the origin is already {s.origin!r}")
    advancement.apply_origin(s, cmd.origin, cmd.picks)  # refuses unknown origins and bad picks
    ctx.emit(char(cmd.character_id), "wish.OriginChosen",
             {"origin": cmd.origin, "picks": dict(cmd.picks)})


def choose_archetype(ctx: Ctx, cmd: c.ChooseArchetype) -> None:
    """ChooseArchetype: the starting Archetype (creation) grants +1 per Primary Characteristic,
    +2 if listed twice (L149, L675, L934); later, leaving the current Archetype costs 3, 2 or 1
    advances after 5, 10 or 15 raises in its Tier and is refused before 5 (L726-733); staying
    for a new Tier after 15 costs nothing (L747). The current Archetype sets the default stance
    meter (L673)."""
    s = ctx.sheet(cmd.character_id)
    catalogue = ctx.options.archetypes or archetypes.ARCHETYPES
    chosen = catalogue.get(cmd.archetype)
    if chosen is None:
        raise NotFound("archetype", "wish.archetype L926",
                       f"no Archetype {cmd.archetype!r} in this campaign: {sorted(catalogue)}")
    cost, bonus = 0, {}
    if not s.archetype_tiers:
        if s.phase != "creation":
            raise StateConflict("archetype", "wish.archetype L675",
                                "the starting Archetype is chosen during creation")
        bonus = archetypes.primary_bonus(chosen)
        blank = c.Stance()  # the meter a sheet starts with, before any Archetype
        old_def, old_off = blank.defensive, blank.offensive
    else:
        current = s.archetype_tiers[-1]
        staying = current.archetype == chosen.name
        if staying and current.advances < 15:
            raise StateConflict("archetype", "wish.archetype.tier L747",
                                "a new Tier starts once the current one's 15 slots are filled")
        price = 0 if staying else advancement.switch_cost(current.advances)
        if price is None:
            raise StateConflict("archetype", "wish.archetype.switch L726",
                                f"{current.advances} raises in the current Tier: at least 5 first")
        if s.advances < price:
            raise StateConflict("archetype", "wish.archetype.switch L726",
                                f"switching costs {price} advances; {s.advances} left")
        cost = price
        previous = catalogue.get(current.archetype) or chosen
        old_def, old_off = previous.defensive_steps, previous.offensive_steps
    tier = 1 + sum(1 for t in s.archetype_tiers if t.archetype == chosen.name)
    ctx.emit(char(cmd.character_id), "wish.ArchetypeChosen", {
        "archetype": chosen.name, "tier": tier, "cost": cost, "primary_bonus": bonus,
        "raises_maxima": ctx.options.archetype_bonus_raises_maxima,
        # the meter moves by the difference between the defaults: purchased and origin steps stay
        "stance": {"defensive": s.stance.defensive + chosen.defensive_steps - old_def,
                   "offensive": s.stance.offensive + chosen.offensive_steps - old_off},
    })


HANDLERS: dict[type[msgspec.Struct], Callable[[Ctx, Any], None]] = {
    c.RollCheck: roll_check,
    c.Attack: attack,
    c.ApplyDamage: apply_damage,
    c.InflictLasting: inflict,
    c.Heal: heal,
    c.Recover: recover,
    c.ShiftStance: shift_stance,
    c.StartEncounter: start_encounter,
    c.StartTurn: start_turn,
    c.EndTurn: end_turn,
    c.EndRound: end_round,
    c.EndEncounter: end_encounter,
    c.TakeManeuver: take_maneuver,
    c.AddCondition: add_condition,
    c.RemoveCondition: remove_condition,
    c.RollBriefCondition: roll_brief_condition,
    c.SpendFortune: spend_fortune,
    c.GainFortune: gain_fortune,
    c.AwardExperience: award_experience,
    c.SpendAdvance: spend_advance,
    c.FinishCreation: finish_creation,
    c.ChooseOrigin: choose_origin,
    c.ChooseArchetype: choose_archetype,
    c.SpendFortuneAfterRoll: spend_fortune_after_roll,
    c.ContestedCheck: contested_check,
    c.TakeHindrance: take_hindrance,
    c.ExposeToFear: expose_to_fear,
    c.ChooseOptionLines: choose_option_lines,
    c.ImposeOptionLines: impose_option_lines,
}
