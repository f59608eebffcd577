"""Deciding WISH origin grants and repairs: ChooseOriginGrants, Repair, and the fixed grants
of ChooseOrigin (L775, L787, L824-827, L840, L878, L895, L905)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish import events as ev
from contracts.rulesets.wish.origin import (
    ChooseMalfunction,
    ChooseOriginGrants,
    OvercomeOriginHindrance,
    RechargeItemOfPower,
    RemindXeno,
    Repair,
    UseCosmicWinds,
    UseMysticalReality,
)
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    health,
    limited_charges,
    origin_actions,
    origin_grants,
    resolve,
    restricted_points,
    views,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_context import Ctx, able, char
from domain.rulesets.wish.decide_health import damage

OUT_OF_WARRANTY = origin_actions.OUT_OF_WARRANTY


def grant_fixed(ctx: Ctx, character_id: str) -> None:
    """After ChooseOrigin: the skills the Origin trains for free (L787, L840, L905)."""
    granted = origin_grants.fixed_skills(ctx.sheet(character_id))
    if granted:
        ctx.emit(char(character_id), ev.OriginSkillsGranted(skills=views.skills_view(granted)))


def choose_origin_grants(ctx: Ctx, cmd: ChooseOriginGrants) -> None:
    """ChooseOriginGrants: Natural Talent (L878), Alien Traits (L775), Mutant Powers (L824-827)
    and the specializations of the skills an Origin trains (L787, L840, L878, L905)."""
    ctx.emit(char(cmd.character_id), origin_grants.choose(ctx.sheet(cmd.character_id), cmd))


def repair(ctx: Ctx, cmd: Repair) -> None:
    """Repair: a Robot's Wounds and criticals come back by repair, "the effect is ultimately
    similar" to healing (L895): never past the threshold less criticals (L1417)."""
    s = ctx.sheet(cmd.character_id)
    if cmd.device is not None:
        if cmd.device not in s.travel_broken:
            raise StateConflict("device", "wish.travel.unreliable L1110",
                                f"{cmd.device!r} is not a broken travel device")
        ctx.emit(char(cmd.character_id), ev.TravelDeviceRepaired(skill=cmd.device))
        if not (cmd.wounds or cmd.treat):
            return
    if s.origin != "Robot":
        raise StateConflict("character_id", OUT_OF_WARRANTY, "only a Robot is Repaired")
    not_critical = [i for i in cmd.treat if i not in {x.id for x in s.criticals}]
    if not_critical:
        raise DomainError("treat", OUT_OF_WARRANTY, f"not criticals of this Robot: {not_critical}")
    r = health.heal(s, cmd.wounds, 0, cmd.treat)
    ctx.emit(char(cmd.character_id), ev.Restored(**msgspec.structs.asdict(r), cause="repair"))
    for stunt, crit in s.malfunctions.items():  # Critical Intolerance: "until ... repaired" (L897)
        if crit in cmd.treat:
            ctx.emit(char(cmd.character_id), ev.MalfunctionRepaired(stunt=stunt, critical_id=crit))


def choose_malfunction(ctx: Ctx, cmd: ChooseMalfunction) -> None:
    """ChooseMalfunction (Critical Intolerance, L897): the critical disables a stunt with a
    Stunt Rating at most its severity, Passive ones only when no other is left."""
    origin_actions.malfunction(ctx.sheet(cmd.character_id), cmd.critical_id, cmd.stunt)
    ctx.emit(char(cmd.character_id), ev.StuntMalfunctioned(stunt=cmd.stunt, critical_id=cmd.critical_id))


def use_mystical_reality(ctx: Ctx, cmd: UseMysticalReality) -> None:
    """Mystical Reality (L837): 1 stress re-rolls every fortune and misfortune die of a check,
    1 Fortune and 1 stress the whole pool; "the second roll stands" (once a check), and "any
    dice roll may be influenced". Exertion the second roll shows beyond the first's is
    suffered; what the first already cost stays spent."""
    rule = "wish.origin.mystic.mystical_reality L837"
    mystic = ctx.sheet(cmd.character_id)
    if mystic.origin != "Mystic":
        raise StateConflict("character_id", rule, "only a Mystic bends reality")
    able(mystic, ctx.options)
    roller_id = cmd.roller_id or cmd.character_id
    roller = ctx.sheet(roller_id, "roller_id")
    rec = origin_actions.recent_check(roller, cmd.check_id,
                                      ctx.options.fortune_after_roll_window, rule)
    if rec.rerolled:
        raise StateConflict("check_id", rule, "the second roll stands")
    if cmd.whole_pool and mystic.fortune < origin_actions.MYSTICAL_REALITY_FORTUNE:
        raise StateConflict("whole_pool", rule, "a complete re-roll costs 1 Fortune")
    counts, replaced = origin_actions.rerolled_dice(rec, cmd.whole_pool)
    if not replaced or rec.result is None:
        raise StateConflict("check_id", rule, "no dice of that check to re-roll")
    new = resolve.roll(counts, ctx.dice)
    t = origin_actions.retally(rec.tally, replaced, new)
    result = resolve.resolve(t, rec.result.downgraded)
    extra = max(0, resolve.tally(new).EXR - resolve.tally(views.dice_view(replaced)).EXR)
    physical = rec.characteristic in sheets.PHYSICAL
    ctx.emit(char(cmd.character_id), ev.Exerted(
        stress=origin_actions.MYSTICAL_REALITY_STRESS, cause="Mystical Reality L837"))
    if cmd.whole_pool:
        ctx.emit(char(cmd.character_id), ev.FortuneSpent(
            points=origin_actions.MYSTICAL_REALITY_FORTUNE, purpose="Mystical Reality L837"))
    ctx.emit(char(roller_id), ev.CheckRerolled(
        check_id=cmd.check_id, by=cmd.character_id, whole_pool=cmd.whole_pool,
        replaced=views.dice_view(replaced), dice=new,
        previous_tally=views.tally_view(rec.tally), tally=t, result=result,
        fatigue=health.fatigue_suffered(ctx.sheet(roller_id), extra) if physical else 0,
        stress=0 if physical else extra))


def use_cosmic_winds(ctx: Ctx, cmd: UseCosmicWinds) -> None:
    """Cosmic Winds (L799-804): for each serendipity a Cosmic character kept on a check (D-40),
    one of: +1 Stunt Rating, clear a stunt's recharge, recover all stress, recover all
    fatigue, reset Fortune to the rating; gone once Nexus is overcome (L807)."""
    rule = "wish.origin.cosmic.cosmic_winds L799"
    s = ctx.sheet(cmd.character_id)
    if s.origin != "Cosmic" or "Nexus" in s.overcome:
        raise StateConflict("character_id", rule, "only a Cosmic character with Cosmic Winds")
    found = [r for r in s.recent_checks if r.check_id == cmd.check_id]
    if not found or found[0].result is None:
        raise NotFound("check_id", rule, f"no recent check {cmd.check_id!r}")
    rec, kept = found[0], found[0].result.serendipity
    if rec.cosmic_winds >= kept:  # one choice per kept serendipity (D-40)
        raise StateConflict("check_id", rule, f"{kept} serendipities, {rec.cosmic_winds} used")
    stunt = s.stunts.get(cmd.stunt or "")
    needs_stunt = cmd.effect in ("stunt_rating", "clear_recharge")
    if needs_stunt and stunt is None:
        raise DomainError("stunt", rule, f"name one of the character's stunts for {cmd.effect}")
    if not needs_stunt and cmd.stunt is not None:
        raise DomainError("stunt", rule, f"{cmd.effect} names no stunt")
    cid = cmd.character_id
    ctx.emit(char(cid), ev.CosmicWindsUsed(check_id=cmd.check_id, effect=cmd.effect, stunt=cmd.stunt))
    if (cmd.effect == "clear_recharge" and stunt is not None and cmd.stunt is not None
            and stunt.recharge_tokens):
        ctx.emit(char(cid), ev.RechargeTokensRemoved(stunts={cmd.stunt: stunt.recharge_tokens}))
    elif cmd.effect in ("recover_stress", "recover_fatigue"):
        stress = s.stress if cmd.effect == "recover_stress" else 0
        r = health.recover(s, stress, s.fatigue if not stress else 0)  # Shocked/Exhausted refuse
        ctx.emit(char(cid), ev.Restored(**msgspec.structs.asdict(r), cause="Cosmic Winds"))
    elif cmd.effect == "reset_fortune":
        ctx.emit(char(cid), ev.FortuneGained(points=0, reset=True))


def remind_xeno(ctx: Ctx, cmd: RemindXeno) -> None:
    """Xeno (L777): "The Alien suffers 3 Grit whenever they are reminded of their alien nature"
    (a direct loss, digest D-14), until overcome."""
    s = ctx.sheet(cmd.character_id)
    if s.origin != "Alien" or "Xeno" in s.overcome:
        raise StateConflict("character_id", "wish.origin.alien.xeno L777",
                            "only an Alien who has not overcome Xeno")
    damage(ctx, cmd.character_id, origin_actions.XENO_GRIT, "direct_grit", 0, True, "Xeno L777")


def overcome_origin_hindrance(ctx: Ctx, cmd: OvercomeOriginHindrance) -> None:
    """Overcome an Origin hindrance at the seed's price (L777, L790, L807, L829, L895-897,
    L923-924): creation points during creation, advances in play (digest §7.4)."""
    s = ctx.sheet(cmd.character_id)
    cost, line = origin_actions.overcome_cost(s, cmd.name)
    currency = "creation" if s.phase == "creation" else "advance"
    have = s.creation_points if currency == "creation" else s.advances
    if cmd.wielded:  # "the +40 points ... can be used to pay off" these two (L922)
        if cmd.name not in restricted_points.WIELDED_PAYS_OFF or "wielded" not in s.restricted_points:
            raise DomainError("wielded", "wish.origin.wielder L922",
                              "Wielded Abilities points pay off a Wielder's Limited Advancement "
                              "and Limited Charges only")
        currency, have = "wielded", s.restricted_points["wielded"]
    if have < cost:
        raise StateConflict("name", f"wish.origin L{line}",
                            f"overcoming {cmd.name} costs {cost}, {have} {currency} points left")
    ctx.emit(char(cmd.character_id), ev.OriginHindranceOvercome(
        name=cmd.name, cost=cost, currency=currency, line=line))


def recharge_item_of_power(ctx: Ctx, cmd: RechargeItemOfPower) -> None:
    """Limited Charges (L924): the GM recharges the item of power, "usually a story event";
    the Rounds counted towards (Character Rank x 25) start again."""
    s = ctx.sheet(cmd.character_id)
    if not limited_charges.stands(s):
        raise StateConflict("character_id", limited_charges.RULE,
                            "only a Wielder bound by Limited Charges recharges an item of power")
    ctx.emit(char(cmd.character_id), ev.ItemOfPowerRecharged(rounds_used=len(s.charged_rounds)))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(RechargeItemOfPower, recharge_item_of_power)
HANDLERS.add(ChooseOriginGrants, choose_origin_grants)
HANDLERS.add(Repair, repair)
HANDLERS.add(UseMysticalReality, use_mystical_reality)
HANDLERS.add(UseCosmicWinds, use_cosmic_winds)
HANDLERS.add(RemindXeno, remind_xeno)
HANDLERS.add(OvercomeOriginHindrance, overcome_origin_hindrance)
HANDLERS.add(ChooseMalfunction, choose_malfunction)
