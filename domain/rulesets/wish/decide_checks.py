"""Deciding WISH checks and attacks: RollCheck, Attack, ContestedCheck and Fortune after the roll
(L184, L212-222, L482-528)."""

from __future__ import annotations

from fractions import Fraction

import msgspec
from msgspec import UNSET

from contracts.rulesets import wish as c
from contracts.rulesets.wish import CheckRecord
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    assists,
    burst,
    conditions,
    dare,
    decide_devices,
    decide_dot,
    encounter,
    health,
    hindrances,
    limited_charges,
    lingering,
    odds,
    opposition,
    origin_actions,
    pool,
    rally,
    range_bands,
    resolve,
    stunt_costs,
    stunt_use,
    traits,
)
from domain.rulesets.wish import decide_react_effects as react_effects
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_context import Ctx, able, char, enc
from domain.rulesets.wish.decide_health import damage
from domain.rulesets.wish.state import WishSheet


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
    exertion: bool = True,
) -> tuple[c.CheckResult, str]:
    o = ctx.options
    assists.validate(cmd.character_id, cmd)  # the payload's own form first (L384-388)
    actor = ctx.sheet(cmd.character_id, field)
    able(actor, o, field)
    check_id = _check_id(actor, cmd.check_id)
    target = ctx.sheet(cmd.target_id, "target_id") if cmd.target_id else None
    e = None
    free = False  # a Rally ability in a Rally Step: a kind of free Action (L257)
    if cmd.encounter_id is not None:
        e = ctx.encounter(cmd.encounter_id)
        free = rally.free_use(e, cmd.character_id, actor.stunts.get(cmd.stunt or ""))
        if not free:
            e = encounter.on_turn(e, cmd.character_id)
            encounter.may_act(e, actor)
    # Held: "cannot take movement maneuvers or physical actions" (L1461), attack or not
    physical_check = pool.check_characteristic(actor, cmd)[0] in sheets.PHYSICAL
    if physical_check and conditions.count(actor, "Held"):
        raise StateConflict("character_id", "wish.condition.held L1461", "no physical actions")
    stunt = None
    charged = None
    if cmd.stunt is not None:
        stunt = actor.stunts.get(cmd.stunt)
        if stunt is None:
            raise DomainError("stunt", "wish.stunt L458", f"no stunt {cmd.stunt!r}")
        if cmd.stunt in actor.malfunctions:  # Critical Intolerance (L897)
            raise StateConflict("stunt", "wish.origin.robot.critical_intolerance L897",
                                f"{cmd.stunt} is unusable until its critical is repaired")
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
        stunt_use.check_use(actor, cmd.stunt, stunt)  # L245, L362, L301
        rally.check_rally_only(cmd.stunt, stunt, e)  # L257
        charged = limited_charges.round_charged(actor, cmd.stunt, stunt, e)  # L924
        if e is not None and cmd.target_id is not None:  # Melee and Ranged (L241-242)
            apart = e.separations.get(range_bands.pair(cmd.character_id, cmd.target_id))
            stunt_use.check_range(cmd.stunt, stunt, apart, o.trait_ranges_enforced)
        pos = actor.stance.position
        if "Contemplative" in stunt.facilitators and pos >= 0:
            raise StateConflict(
                "stunt", "wish.facilitator.contemplative L1331", "only in a Defensive stance"
            )
        if "Impetuous" in stunt.facilitators and pos <= 0:
            raise StateConflict(
                "stunt", "wish.facilitator.impetuous L1333", "only in an Offensive stance"
            )
    if charged is not None:
        ctx.emit(char(cmd.character_id), ev.ChargeRoundUsed(
            round=charged, used=len(actor.charged_rounds) + 1, limit=limited_charges.limit(actor)))
    # Assist maneuvers taken for this check, and those it names (L384-388)
    assists.check_given(cmd.character_id, actor, cmd, e.separations if e else None)
    if stunt is not None and cmd.stunt is not None:
        # the Cost is paid up front, before any check (L508): its stress and fatigue count
        # towards the check's distress
        due = stunt_costs.cost(stunt)
        if "fatigue" in due:  # Sickened: 1 more whenever fatigue is suffered (L1435)
            due["fatigue"] = health.fatigue_suffered(actor, due["fatigue"])
        if due:
            stunt_costs.payable(actor, cmd.stunt, due, o)
            ctx.emit(char(cmd.character_id), stunt_costs.paid(cmd.stunt, due))
            actor = ctx.sheet(cmd.character_id, field)
    if cmd.skill == "Observation" and e is not None and cmd.target_id is not None:
        count, source = range_bands.observation_dice(  # L406-409
            e.separations.get(range_bands.pair(cmd.character_id, cmd.target_id)))
        if count:
            cmd = msgspec.structs.replace(cmd, sources=[*cmd.sources, c.DiceSource(
                source=source, die=o.observation_range_die, count=count)])
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
    exr = exr if exertion else 0  # a travel device: "You don't suffer stress or fatigue" (L1110)
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
    used = cmd.stunt if stunt is not None and cmd.stunt else None
    ctx.emit(
        char(cmd.character_id),
        ev.CheckRolled(
            character_id=cmd.character_id,
            target_id=cmd.target_id,
            check_id=check_id,
            kind=kind,
            check=record,
            stress=stress,
            fatigue=fatigue,
            fortune_spent=p.fortune_spent,
            recharge={k: v for k, v in recharge.items() if v},
            stunt=used if used else UNSET,
            stunt_rating=conditions.stunt_rating(actor, used) if used else UNSET,
        ),
    )
    if actor.assists_given:  # the assists were for this next check only (L384)
        ctx.emit(char(cmd.character_id), ev.AssistsUsed(
            check_id=check_id, by=[g.by for g in actor.assists_given]))
    harm = origin_actions.engineered_limits(actor, p.effective_characteristic, physical)
    for kind_lost, n in harm.items():  # Engineered Limits (L896): direct, after the roll
        damage(ctx, cmd.character_id, n, f"direct_{kind_lost}", 0, True, "Engineered Limits L896")
    if stunt is not None and traits.unreliable_fails(stunt, t.CAL):  # L273
        ctx.emit(char(cmd.character_id), ev.StuntFailed(
            stunt=cmd.stunt, calamities=t.CAL, rule="wish.trait.unreliable L273"))
    if stunt is not None and lingering.sustained(stunt):  # in effect at once (L262-264)
        ctx.emit(char(cmd.character_id), ev.LingeringMaintained(stunt=cmd.stunt))
    moved = stunt_use.stance_after(ctx.sheet(cmd.character_id, field), stunt) if stunt else None
    if moved is not None:  # Push / Delay (L249-250)
        ctx.emit(char(cmd.character_id), ev.StanceSet(
            position=moved, cause=f"{cmd.stunt} (Push/Delay L249-250)"))
    if p.opponent_fortune_spent and cmd.target_id:
        ctx.emit(
            char(cmd.target_id),
            ev.FortuneSpent(points=p.opponent_fortune_spent, purpose="opponent pool"),
        )
    if e is not None and cmd.encounter_id is not None and not free:
        ctx.emit(
            enc(cmd.encounter_id),
            ev.ActionTaken(character_id=cmd.character_id, kind="attack" if attack else "check"),
        )
    elif free:
        ctx.emit(char(cmd.character_id), ev.RallyAbilityUsed(stunt=cmd.stunt))
    return result, check_id


def roll_check(ctx: Ctx, cmd: c.RollCheck) -> None:
    """RollCheck: assemble (digest §2.2), roll, resolve (§2.3), apply exertion and recharge."""
    attack = cmd.target_id is not None and "detect" not in cmd.tags
    _roll_check(ctx, cmd, attack=attack)


def contested_check(ctx: Ctx, cmd: c.ContestedCheck) -> None:
    """ContestedCheck (digest D-9; opposed checks L1011, L1017-1018): both sides roll their own
    pools; the actor's net successes minus the opposition's decide, ties go to the defender.
    The opposition follows the rules (opposition.py): the challenger names the contest, not the
    defender's skill, characteristic or pool."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "wish.check.opposed L1011", "a character cannot oppose itself")
    if cmd.opposition.fortune_points:
        raise DomainError(
            "opposition.fortune_points",
            "wish.fortune.spend L220",
            "the defender spends its own Fortune (SpendFortuneAfterRoll)",
        )
    opposition.check_form(cmd, cmd.opposition)
    if ctx.options.opposed_checks != "contested":
        raise StateConflict(
            "opposition",
            "wish.check.opposed L1011",
            "this campaign turns the opposition into challenge dice (opposed_checks)",
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
    defender = ctx.sheet(cmd.target_id, "target_id")

    def expected(option: c.CheckSpec) -> Fraction:
        try:
            dice = pool.assemble(defender, option, ctx.options).dice()
        except DomainError:
            return Fraction(-(10**9))  # a skill the defender cannot roll is never the better
        return odds.odds(dice).expected_net

    chosen = opposition.opposing(cmd, cmd.opposition, expected)
    other = {f: getattr(chosen, f) for f in c.CheckSpec.__struct_fields__}
    theirs = c.RollCheck(
        **other, campaign_id=cmd.campaign_id, character_id=cmd.target_id
    )
    actor, actor_id = _roll_check(ctx, mine, attack=False, kind="contest")
    answer, defender_id = _roll_check(
        ctx, theirs, attack=False, kind="contest", field="target_id"
    )
    net = actor.net_successes - answer.net_successes
    ctx.emit(
        char(cmd.character_id),
        ev.ContestResolved(
            check_id=actor_id, target_id=cmd.target_id, opposition_check_id=defender_id,
            opposition_skill=chosen.skill, actor_net=actor.net_successes,
            opposition_net=answer.net_successes, net_successes=net,
            success=net >= 1),  # ties go to the defender (D-9, as D-1)
    )


def attack(ctx: Ctx, cmd: c.Attack) -> None:
    """Attack: a check vs the target's Defense (L184, L504), then damage on a hit (G-2). A
    Burst attack hits the target's whole engagement (``engaged``) and cannot be parried (L270):
    it is rolled once, against the named target's Defense, and each character hit applies its
    own Dodge and Brace."""
    o = ctx.options
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", "wish.attack L504", "a character cannot attack itself")
    stunts = ctx.sheet(cmd.character_id).stunts
    is_burst = burst.is_burst(stunts.get(cmd.stunt) if cmd.stunt else None)
    e = ctx.encounter(cmd.encounter_id) if cmd.encounter_id is not None and cmd.engaged else None
    hit = burst.engagement(cmd.character_id, cmd.target_id, cmd.engaged, is_burst,
                           e.participants if e else None, e.separations if e else None)
    if cmd.device is not None and cmd.engaged:
        raise DomainError("engaged", burst.RULE, "an attack on a device has one target")
    cmd = decide_devices.aimed(ctx, cmd)  # at a device: its targeting dice (L311-315, L920)
    cmd = _dared(ctx, cmd)  # an opponent dared by another attacks someone else (L450)
    result, check_id = _roll_check(ctx, cmd, attack=True, kind="attack")
    # the target's Parry or Dodge (L439-440)
    nets = {t: react_effects.net_after_reacts(ctx, cmd.character_id, t, result.net_successes,
                                              is_burst) for t in hit}
    actor = ctx.sheet(cmd.character_id)
    for cond in list(actor.conditions):
        if cond.name in conditions.END_ON_ATTACK:  # L1483, L1502, L1506
            ctx.emit(
                char(cmd.character_id),
                ev.ConditionRemoved(condition_id=cond.id, cause="attacked"),
            )
    if max(nets.values()) < 1:  # D-1: net 0 is no success
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
                ev.ConditionRemoved(condition_id=honed[0].id, cause="used"),
            )
    used = actor.stunts.get(cmd.stunt) if cmd.stunt else None
    pierce = cmd.pierce + traits.pierce(used)  # Pierce (#) (L272)
    for target_id, net in nets.items():
        if net < 1:
            continue
        amount = base + net + bonus  # "# of successes" (L490), net (digest §2.4)
        if cmd.device is not None:
            decide_devices.hit(ctx, cmd, amount, pierce)
            return
        amount = react_effects.braced(ctx, cmd.character_id, target_id, amount, cmd.damage_kind)
        amount = react_effects.deflected_damage(ctx, cmd.character_id, target_id, amount,
                                                is_burst)  # Deflect (L271)
        if amount > 0:  # not nullified by a Deflect: the hit places a DoT card's DoT (L256)
            damage(ctx, target_id, amount, cmd.damage_kind, pierce, False, "attack")
            decide_dot.place(ctx, cmd.character_id, cmd.stunt, target_id, check_id)


def _dared(ctx: Ctx, cmd: c.Attack) -> c.Attack:
    """Dare (L450, option dare_basic_action): an attack by a dared opponent on anyone but its
    darer adds the option's dice, one set per darer, until the darer's next turn."""
    if cmd.encounter_id is None or ctx.options.dare_basic_action != "taunt":
        return cmd
    by = dare.darers(cmd.character_id, cmd.target_id, ctx.encounter(cmd.encounter_id).dares)
    extra = [c.DiceSource(source=f"dared by {d} L450", die=ctx.options.dare_die,
                          count=ctx.options.dare_dice) for d in by]
    return msgspec.structs.replace(cmd, sources=[*cmd.sources, *extra]) if extra else cmd


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.RollCheck, roll_check)
HANDLERS.add(c.Attack, attack)
HANDLERS.add(c.ContestedCheck, contested_check)
