"""Origin abilities used in play (L777, L796-807, L837, L895-897): Mystical Reality's re-roll,
Cosmic Winds' choices, Xeno's Grit, overcoming an Origin hindrance, Engineered Limits.

The rules here are pure; ``decide_origin.py`` draws the dice and emits the events.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.wish import views
from domain.rulesets.wish.resolve import tally
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_checks import DieRoll, RecentCheck, Tally

MYSTICAL_REALITY_STRESS: Final = 1  # L837
MYSTICAL_REALITY_FORTUNE: Final = 1  # L837: the complete re-roll also costs 1 Fortune
XENO_GRIT: Final = 3  # L777
OUT_OF_WARRANTY: Final = "wish.origin.robot.out_of_warranty L895"
REROLLED_DICE: Final = frozenset({"FRT", "MIS"})  # "all fortune and misfortune dice" (L837)

# An Origin hindrance's price to overcome (creation points in creation, advances in play,
# interchangeable, digest §7.4) and its seed line; Nexus is overcome by giving up Cosmic Winds.
OVERCOME: Final[dict[str, tuple[str, int, int]]] = {
    "Xeno": ("Alien", 3, 777),
    "No Dogs Allowed": ("Anthropomorphic", 3, 790),
    "Nexus": ("Cosmic", 0, 807),
    "Dirty Mutie!": ("Mutant", 3, 829),
    "Out of Warranty": ("Robot", 5, 895),  # partially: the Robot's own abilities heal it
    "Engineered Limits": ("Robot", 5, 896),
    "Critical Intolerance": ("Robot", 3, 897),
    "Limited Advancement": ("Wielder", 5, 923),
    "Limited Charges": ("Wielder", 5, 924),
}


def refuse_healing(s: WishSheet, wounds: int, treat: list[str], source: str) -> None:
    """Out of Warranty: "Robots cannot heal damage, they must be Repaired ... Healing abilities
    do not work on a Robot" (L895); "partially overcome for 5 advances, which allows a
    character's own abilities to heal their Wounds normally, but still not benefit from healing
    from external sources" (L895). Grit and schisms are not damage to the machine."""
    criticals = {x.id for x in s.criticals}
    if s.origin != "Robot" or not (wounds or criticals & set(treat)):
        return
    if "Out of Warranty" in s.overcome:
        if source == "own":
            return
        raise StateConflict("source", OUT_OF_WARRANTY,
                            "Out of Warranty is only partially overcome: a Robot's own "
                            "abilities heal it, external healing still does not (L895)")
    raise StateConflict("wounds", OUT_OF_WARRANTY,
                        "a Robot's Wounds and criticals are Repaired (wish.Repair), not healed")


def recent_check(roller: WishSheet, check_id: str, window: int, rule: str) -> RecentCheck:
    """A check among the roller's latest ones whose outcome can still change (as L222)."""
    found = [r for r in roller.recent_checks[-max(1, window):] if r.check_id == check_id]
    if not found:
        raise NotFound("check_id", rule, f"{check_id!r} is not among the latest checks")
    rec = found[0]
    if rec.kind != "check":
        raise StateConflict("check_id", rule, f"a {rec.kind}'s outcome is already applied")
    if rec.lines:
        raise StateConflict("check_id", "wish.option_lines L520", "its lines are triggered")
    return rec


def rerolled_dice(rec: RecentCheck, whole_pool: bool) -> tuple[dict[str, int], list[DieRoll]]:
    """What Mystical Reality rolls again (L837): the pool's counts to roll and the dice they
    replace, every fortune and misfortune die, or every die of the pool."""
    if whole_pool:
        return dict(rec.pool), list(rec.dice)
    replaced = [d for d in rec.dice if d.die in REROLLED_DICE]
    counts: dict[str, int] = {}
    for d in replaced:
        counts[d.die] = counts.get(d.die, 0) + 1
    return counts, replaced


def retally(before: Tally, replaced: list[DieRoll], new: list[c.DieRoll]) -> c.Tally:
    """The check's tally with the replaced dice's symbols taken out and the new ones in
    (Mystical Reality's re-roll, L837)."""
    out, gone = tally(new), tally(views.dice_view(replaced))
    return c.Tally(**{k: getattr(before, k) - getattr(gone, k) + getattr(out, k)
                      for k in c.Tally.__struct_fields__})


def overcome_cost(sheet: WishSheet, name: str) -> tuple[int, int]:
    """The points to overcome an Origin hindrance and its seed line (L777 ... L924)."""
    row = OVERCOME.get(name)
    if row is None or row[0] != sheet.origin:
        raise DomainError("name", "wish.origin L759",
                          f"{name!r} is not a hindrance of the {sheet.origin} Origin")
    if name in sheet.overcome:
        raise StateConflict("name", f"wish.origin L{row[2]}", f"{name} is already overcome")
    return row[1], row[2]


def engineered_limits(sheet: WishSheet, effective: int, physical: bool) -> dict[str, int]:
    """Engineered Limits (L896): a Robot distressed adds no misfortune dice but suffers 1
    Wound or Grit per fatigue or stress token above the characteristic; overcome, neither."""
    if sheet.origin != "Robot" or "Engineered Limits" in sheet.overcome:
        return {}
    excess = (sheet.fatigue if physical else sheet.stress) - effective
    if excess <= 0:
        return {}
    return {"wounds" if physical else "grit": excess}


def fold_rerolled(s: WishSheet, e: ev.CheckRerolled) -> WishSheet:
    """Fold ``wish.CheckRerolled``: the check shows its second roll (L837)."""
    new = views.dice(e.dice)

    def apply(r: RecentCheck) -> RecentCheck:
        if r.check_id != e.check_id:
            return r
        kept = [] if e.whole_pool else [x for x in r.dice if x.die not in REROLLED_DICE]
        return msgspec.structs.replace(
            r, dice=[*kept, *new], rerolled=True, tally=views.tally(e.tally),
            result=views.result(e.result))

    return msgspec.structs.replace(s, recent_checks=[apply(r) for r in s.recent_checks],
                                   stress=s.stress + e.stress,
                                   fatigue=s.fatigue + e.fatigue)


def fold_cosmic_winds(s: WishSheet, e: ev.CosmicWindsUsed) -> WishSheet:
    """Fold ``wish.CosmicWindsUsed``: one more choice made on that check's serendipities."""
    return msgspec.structs.replace(s, recent_checks=[
        msgspec.structs.replace(r, cosmic_winds=r.cosmic_winds + 1)
        if r.check_id == e.check_id else r for r in s.recent_checks])


def fold_overcome(s: WishSheet, e: ev.OriginHindranceOvercome) -> WishSheet:
    """Fold ``wish.OriginHindranceOvercome``: the points are spent, the hindrance is gone."""
    if e.currency == "wielded":  # Wielded Abilities points (L922)
        left = {**s.restricted_points,
                "wielded": max(0, s.restricted_points.get("wielded", 0) - e.cost)}
        return msgspec.structs.replace(s, overcome=[*s.overcome, e.name],
                                       restricted_points=left)
    if e.currency == "creation":
        return msgspec.structs.replace(s, overcome=[*s.overcome, e.name],
                                       creation_points=s.creation_points - e.cost)
    return msgspec.structs.replace(s, overcome=[*s.overcome, e.name],
                                   advances=s.advances - e.cost)


def malfunction(sheet: WishSheet, critical_id: str, stunt: str) -> None:
    """Critical Intolerance (L897): refuse a choice the seed does not allow."""
    rule = "wish.origin.robot.critical_intolerance L897"
    if sheet.origin != "Robot" or "Critical Intolerance" in sheet.overcome:
        raise StateConflict("character_id", rule, "only a Robot with Critical Intolerance")
    crit = next((x for x in sheet.criticals if x.id == critical_id), None)
    if crit is None:
        raise NotFound("critical_id", rule, f"no critical {critical_id!r}")
    if critical_id in sheet.malfunctions.values():
        raise StateConflict("critical_id", rule, "that critical has disabled a stunt already")
    chosen = sheet.stunts.get(stunt)
    if chosen is None or stunt in sheet.malfunctions:
        raise DomainError("stunt", rule, f"{stunt!r} is not a working stunt of this Robot")
    if chosen.rating > crit.severity:
        raise DomainError("stunt", rule,
                          f"Stunt Rating {chosen.rating} is above the severity {crit.severity}")
    others = [n for n, x in sheet.stunts.items() if n != stunt and n not in sheet.malfunctions
              and "Passive" not in x.traits and x.rating <= crit.severity]
    if "Passive" in chosen.traits and others:
        raise DomainError("stunt", rule, f"Passive stunts only when none else is left: {others}")


def fold_malfunction(s: WishSheet, e: ev.StuntMalfunctioned) -> WishSheet:
    """Fold ``wish.StuntMalfunctioned``."""
    return msgspec.structs.replace(s, malfunctions={**s.malfunctions, e.stunt: e.critical_id})


def fold_repaired(s: WishSheet, e: ev.MalfunctionRepaired) -> WishSheet:
    """Fold ``wish.MalfunctionRepaired``: its critical repaired, the stunt works again."""
    return msgspec.structs.replace(
        s, malfunctions={k: v for k, v in s.malfunctions.items() if k != e.stunt})
