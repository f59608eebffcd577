"""Experience, Rank, advances and creation points, origins, power levels, hindrances
and facilitators (L554-1383). Tables are data, each row citing its seed line."""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish import Purchase
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import (
    declared_traits,
    justifications,
    origin_abilities,
    skill_purchases,
    traits,
    travel_modes,
    views,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish import skills as skill_table
from domain.rulesets.wish.creation_tables import (
    ADVANCES_PER_XP as ADVANCES_PER_XP,
)
from domain.rulesets.wish.creation_tables import (
    ORIGINS as ORIGINS,
)
from domain.rulesets.wish.creation_tables import (
    POWER_LEVELS as POWER_LEVELS,
)
from domain.rulesets.wish.creation_tables import (
    RANK_TABLE as RANK_TABLE,
)
from domain.rulesets.wish.creation_tables import (
    TRACK_SLOTS as TRACK_SLOTS,
)
from domain.rulesets.wish.creation_tables import (
    Origin as Origin,
)
from domain.rulesets.wish.creation_tables import (
    creation_points as creation_points,
)
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import Skill, Stunt, WishSheet

# Hindrance points and facilitator costs are tables in hindrances.py (L1293-1383).


def rank(experience: int) -> int:
    """Character Rank from the table (L641-649): max(1, ceil(XP / 15)) (D-11)."""
    return sheets.rank(experience)



def characteristic_cost(old: int, new: int) -> int:
    """Raising a rating costs the new rating, step by step (L143-145): 2->5 costs 12."""
    return sum(range(old + 1, new + 1))


class Priced(msgspec.Struct, frozen=True, kw_only=True):
    cost: int
    rule: str
    off_sfx: bool = False  # a new stunt from outside the available SFX (L476)


def price(sheet: WishSheet, p: Purchase, options: WishOptions) -> Priced:
    """The cost of one purchase and the rule that sets it (creation points and advances,
    L554-750; stunts L476-490; skills L974-1000); refuses what the rules forbid."""
    creating = sheet.phase == "creation"
    if p.kind == "characteristic":
        _need(p.target in sheets.CHARACTERISTICS, "purchase.target", "L105-133", "a characteristic")
        new = sheet.characteristics[p.target] + 1
        if new > sheet.maxima.get(p.target, sheets.NORMAL_MAXIMUM):
            raise StateConflict(
                "purchase.target",
                "wish.characteristic.maxima L153",
                f"{p.target} {new} would pass its maxima",
            )
        return Priced(cost=new, rule="wish.advance.characteristic L143")
    if p.kind in ("maximum", "mitigation_maximum"):
        if not creating:
            raise StateConflict(
                "purchase.kind",
                "wish.maxima.creation_only L161",
                "maxima can be raised only during character creation",
            )
        table = sheet.maxima if p.kind == "maximum" else sheet.mitigation_maxima
        _need(p.target in table, "purchase.target", "L159", "a characteristic or mitigation")
        if table[p.target] + 1 > options.max_characteristic:
            raise StateConflict("purchase.target", "wish.maxima L159", "10 is the absolute maximum")
        return Priced(cost=1, rule="wish.advance.maxima L161, L181")
    if p.kind == "mitigation":
        _need(p.target in sheets.MITIGATION, "purchase.target", "L183-186", "defense/soak/psyche")
        new = getattr(sheet, p.target) + 1
        if new > sheet.mitigation_maxima.get(p.target, sheets.NORMAL_MAXIMUM):
            raise StateConflict(
                "purchase.target",
                "wish.mitigation.maxima L181",
                f"{p.target} {new} would pass its maxima",
            )
        return Priced(cost=new, rule="wish.advance.mitigation L181")
    if p.kind in ("wounds", "grit"):
        return Priced(cost=1, rule="wish.advance.health L192")
    if p.kind == "fortune":
        return Priced(cost=1, rule="wish.advance.fortune L218")
    if p.kind == "stance_step":
        _need(p.target in ("offensive", "defensive"), "purchase.target", "L95", "a stance side")
        return Priced(cost=1, rule="wish.advance.stance L95")
    if p.kind == "acquire_skill":
        name = skill_purchases.acquired_name(p)
        listed = skill_table.catalogue(name)
        _need(
            listed is None or listed[1] != "basic", "purchase.target", "L1044", "an advanced skill"
        )
        if listed is not None and listed[1] == "travel" and travel_modes.split(name)[1] is None:
            raise DomainError("purchase.mode", "wish.skill.travel L1084",
                              f"pick a mode: {travel_modes.modes(name)} or a custom one (L1092)")
        if p.mode is not None and (listed is None or listed[1] != "travel"):
            raise DomainError("purchase.mode", "wish.skill.travel L1084",
                              "only Travel skills have modes")
        if name in sheet.skills:
            raise StateConflict("purchase.target", "wish.skill.acquire L1044", "already acquired")
        return Priced(cost=1, rule="wish.advance.acquire_skill L1044")
    if p.kind == "skill_rank":
        skill = _skill(sheet, p.target)
        top = min(sheets.MAX_SKILL_RANKS, rank(sheet.experience))
        if creating:
            top = min(top, options.creation_skill_rank_cap)  # D-17
        if not skill.acquired:
            raise StateConflict("purchase.target", "wish.skill.advanced L1044", "acquire it first")
        if skill.ranks + 1 > top:
            raise StateConflict(
                "purchase.target", "wish.skill.rank L994", f"training is limited to {top} ranks now"
            )
        skill_purchases.free_specialization(skill, p)
        return Priced(cost=1, rule="wish.advance.skill_rank L994")
    if p.kind == "specializations":
        if len(p.specializations) != 2:
            raise DomainError(
                "purchase.specializations",
                "wish.specialization L169",
                "one advance buys two specializations",
            )
        for sp in p.specializations:
            if sp.target not in sheets.CHARACTERISTICS and sp.target not in sheet.skills:
                listed = skill_table.catalogue(sp.target)
                _need(
                    listed is not None and listed[1] == "basic",
                    "purchase.specializations",
                    "L988",
                    "a characteristic, a basic skill or an acquired advanced skill",
                )
        return Priced(cost=1, rule="wish.advance.specializations L169, L988")
    if p.kind == "stunt":
        if p.target in sheet.stunts:
            raise StateConflict("purchase.target", "wish.stunt L484", "stunt already owned")
        bought = Stunt(sfx=p.sfx, traits=list(p.traits), justification=p.justification,
                       recharge_rating=p.recharge_rating, dot=views.dot_spec(p.dot),
                       deflect=views.deflect_spec(p.deflect),
                       rally_only=p.rally_only)
        bad = [*traits.problems(p.target, bought),
               *justifications.problems(p.target, bought, sheet, options)]
        declared = declared_traits.problems(p.target, bought)  # L256, L257, L271
        if declared:
            at = declared[0][0].split(f"sheet.stunts.{p.target}.", 1)[-1]
            raise DomainError(f"purchase.{at}", declared[0][1], declared[0][2])
        if bad:
            field = "purchase.traits" if bad[0][0].endswith("traits") else "purchase.justification"
            raise DomainError(field, bad[0][1], bad[0][2])
        for k, v in msgspec.structs.asdict(p.cost or Stunt().cost).items():
            if v < 0:
                raise DomainError(f"purchase.cost.{k}", "wish.stunt.cost L508", "must not be negative")
        # SFX traits: the normal price only with the SFX (L277); outside the available SFX,
        # 2 more (L476)
        off = p.off_sfx or not _sfx_available(sheet, p.sfx, options)
        return Priced(cost=1 + (2 if off else 0), rule="wish.advance.stunt L277, L484, L476",
                      off_sfx=off)
    if p.kind == "stunt_rating":
        stunt = sheet.stunts.get(p.target)
        if stunt is None:
            raise StateConflict("purchase.target", "wish.stunt L484", "no such stunt")
        if stunt.rating + 1 > options.max_stunt_rating:
            raise StateConflict(
                "purchase.target",
                "wish.stunt.rating L484",
                f"stunt ratings stop at {options.max_stunt_rating}",
            )
        # an SFX the current Archetype (or the origin, D-33) does not grant: 1 more (L478)
        off = stunt.off_sfx or not _sfx_available(sheet, stunt.sfx, options)
        return Priced(cost=1 + (1 if off else 0), rule="wish.advance.stunt L484, L478")
    raise DomainError("purchase.kind", "wish.advance", f"unknown purchase {p.kind!r}")


def _sfx_available(sheet: WishSheet, sfx: str, options: WishOptions) -> bool:
    """An SFX the character has: Archetype's, origin's, talents' (L474, L840, L1212)."""
    ok = justifications.sfx_available(sheet, sfx, options)
    return ok or sfx in origin_abilities.archetype_sfx(sheet)


def _skill(sheet: WishSheet, name: str) -> Skill:
    if name in sheet.skills:
        return sheet.skills[name]
    listed = skill_table.catalogue(name)
    if listed is None or listed[1] != "basic":
        raise StateConflict(
            "purchase.target", "wish.skill.advanced L1044", f"{name!r} must be acquired first"
        )
    return Skill(characteristic=listed[0])  # type: ignore[arg-type]


def _need(ok: bool, field: str, line: str, what: str) -> None:
    if not ok:
        raise DomainError(field, f"wish.advance {line}", f"must name {what}")


def payable(sheet: WishSheet, currency: str, cost: int) -> None:
    """Refuse a purchase the chosen currency cannot pay (L567-607)."""
    if currency == "creation" and sheet.phase != "creation":
        raise StateConflict("currency", "wish.creation L581", "creation is over")
    have = {
        "creation": sheet.creation_points,
        "advance": sheet.advances,
        "hindrance": sheet.hindrance_points,
    }.get(currency, sheet.restricted_points.get(currency, 0))
    if cost > have:
        raise StateConflict(
            "currency",
            "wish.advance.cost L143, L605",
            f"costs {cost} {currency} points, {have} left",
        )


def apply(sheet: WishSheet, p: Purchase, raise_current: bool = True,
          wielded: bool = False, characteristic: str | None = None) -> WishSheet:
    """The sheet after a purchase (used by ``evolve``); ``raise_current``: a bought Fortune
    rating point is also a current point; ``wielded``: a stunt bought with Wielded Abilities
    points, granted by the item of power, a device (L920-921); ``characteristic``: an acquired
    skill's, as decided (a Mastery the seed leaves open, G-14)."""
    s = msgspec.structs.replace
    if p.kind == "characteristic":
        return s(
            sheet,
            characteristics={
                **sheet.characteristics,
                p.target: sheet.characteristics[p.target] + 1,
            },
        )
    if p.kind == "maximum":
        return s(sheet, maxima={**sheet.maxima, p.target: sheet.maxima[p.target] + 1})
    if p.kind == "mitigation_maximum":
        mm = sheet.mitigation_maxima
        return s(sheet, mitigation_maxima={**mm, p.target: mm[p.target] + 1})
    if p.kind == "mitigation":
        return s(sheet, **{p.target: getattr(sheet, p.target) + 1})
    if p.kind == "wounds":
        return s(sheet, wounds_purchased=sheet.wounds_purchased + 1)
    if p.kind == "grit":
        return s(sheet, grit_purchased=sheet.grit_purchased + 1)
    if p.kind == "fortune":
        bump = 1 if raise_current else 0
        return s(sheet, fortune_rating=sheet.fortune_rating + 1, fortune=sheet.fortune + bump)
    if p.kind == "stance_step":
        st = sheet.stance
        side = {p.target: getattr(st, p.target) + 1}
        return s(sheet, stance=s(st, **side))
    if p.kind == "acquire_skill":
        name = skill_purchases.acquired_name(p)
        listed = skill_table.catalogue(name)
        ch, kind = listed if listed else ("int", "advanced")
        ch = characteristic or ch  # the campaign's choice recorded at acquisition (G-14)
        skill = Skill(characteristic=ch, kind=kind, acquired=True,  # type: ignore[arg-type]
                      mode=travel_modes.split(name)[1] if kind == "travel" else None)
        return s(sheet, skills={**sheet.skills, name: skill})
    if p.kind == "skill_rank":
        skill = _skill(sheet, p.target)
        sheet = s(sheet, skills={**sheet.skills, p.target: s(skill, ranks=skill.ranks + 1)})
        if skill.ranks == 0 and p.specializations:  # the free one of the first rank (L986)
            sheet = s(sheet, specializations=[*sheet.specializations,
                                              s(p.specializations[0], level=1)])
        return sheet
    if p.kind == "specializations":
        specs = list(sheet.specializations)
        for sp in p.specializations:
            same = [i for i, x in enumerate(specs) if x.name == sp.name and x.target == sp.target]
            if same:  # each further purchase is another level (L167)
                specs[same[0]] = s(specs[same[0]], level=specs[same[0]].level + 1)
            else:
                specs.append(s(views.specialization(sp), level=1))
        return s(sheet, specializations=specs)
    if p.kind == "stunt":
        stunt = Stunt(rating=1, sfx=p.sfx, off_sfx=p.off_sfx, recharge_rating=p.recharge_rating,
                      wielded=wielded, traits=list(p.traits),
                      justification="device" if wielded else p.justification,
                      dot=views.dot_spec(p.dot), deflect=views.deflect_spec(p.deflect),
                      rally_only=p.rally_only)
        if p.cost is not None:
            stunt = s(stunt, cost=views.stunt_cost(p.cost))
        return s(sheet, stunts={**sheet.stunts, p.target: stunt})
    if p.kind == "stunt_rating":
        st2 = sheet.stunts[p.target]
        return s(sheet, stunts={**sheet.stunts, p.target: s(st2, rating=st2.rating + 1)})
    return sheet


def record_track(sheet: WishSheet, cost: int, slot: str | None = None) -> WishSheet:
    """Count an Archetype raise on the current 15-slot track (L739-741), and against its
    category's per-Tier cap (L697-706)."""
    if not sheet.archetype_tiers:
        return sheet
    *rest, cur = sheet.archetype_tiers
    raises = {**cur.raises, slot: cur.raises.get(slot, 0) + 1} if slot else cur.raises
    cur = msgspec.structs.replace(cur, advances=min(TRACK_SLOTS, cur.advances + cost),
                                  raises=raises)
    return msgspec.structs.replace(sheet, archetype_tiers=[*rest, cur])


def switch_cost(raises_in_tier: int, tier_completed: bool = False) -> int | None:
    """Switching Archetypes (L726-733): leaving costs 1, 2 or 3 advances after 15, 10-14 or
    5-9 raises in the current Tier, and is not allowed after 0-4. Leaving a completed Tier
    (``tier_completed``: the fresh Tier of a stay with no raise yet) costs 1 (L745)."""
    if raises_in_tier >= 15 or (raises_in_tier == 0 and tier_completed):
        return 1
    if raises_in_tier >= 10:
        return 2
    if raises_in_tier >= 5:
        return 3
    return None
