"""Folding the events of creation and advancement into a sheet: origin and archetype chosen,
hindrances taken, advances spent, experience and Fortune, and the origin's grants and
abilities (L143-1048, L1339-1383). Total, like ``evolve``."""

from __future__ import annotations

from contracts.rulesets.wish import events as ev
from domain.errors import DomainError
from domain.rulesets.wish import advancement, limited_charges, origin_actions, origin_apply, views
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.folding import R, SheetFolds, given
from domain.rulesets.wish.origin_grants import apply_fixed, apply_grants
from domain.rulesets.wish.state import ArchetypeTier, WishSheet

FOLDS = SheetFolds()


@FOLDS.on(ev.ArchetypeChosen)
def fold_archetype(s: WishSheet, e: ev.ArchetypeChosen) -> WishSheet:
    """Fold ``wish.ArchetypeChosen``: a tier's primary bonus, its cost and stance (L739, L932)."""
    bonus = e.primary_bonus
    chars = {k: v + bonus.get(k, 0) for k, v in s.characteristics.items()}
    maxima = dict(s.maxima)
    if e.raises_maxima:
        maxima = {k: v + bonus.get(k, 0) for k, v in maxima.items()}
    return R(
        s,
        characteristics=chars,
        maxima=maxima,
        advances=s.advances - e.cost,
        archetype_tiers=[*s.archetype_tiers, ArchetypeTier(archetype=e.archetype, tier=e.tier)],
        stance=R(s.stance, defensive=e.stance.get("defensive", s.stance.defensive),
                 offensive=e.stance.get("offensive", s.stance.offensive)),
    )


@FOLDS.on(ev.OriginChosen)
def fold_origin(s: WishSheet, e: ev.OriginChosen) -> WishSheet:
    """Fold ``wish.OriginChosen``: the origin applied with its picks (L747-800)."""
    try:
        return origin_apply.apply_origin(s, e.origin, dict(e.picks), e.talent,
                                         restricted=e.restricted)
    except DomainError:  # a recorded choice was valid when made; stay total regardless
        return s


@FOLDS.on(ev.HindranceTaken)
def fold_hindrance(s: WishSheet, e: ev.HindranceTaken) -> WishSheet:
    """Fold ``wish.HindranceTaken`` (L1339-1383): its points, the stunt it hinders, and the
    ratings it lowers with their maxima (L1363)."""
    h = views.hindrance(e.hindrance)
    s = R(s, hindrances=[*s.hindrances, h], hindrance_points=s.hindrance_points + e.points)
    if h.stunt is not None and h.stunt in s.stunts:
        st = s.stunts[h.stunt]
        st = R(st, hindrances=[*st.hindrances, h.name])
        if h.name == "Device":  # the Device justification as a 1-point Hindrance (L328)
            st = R(st, justification="device")
        s = R(s, stunts={**s.stunts, h.stunt: st})
    chars, maxima = dict(s.characteristics), dict(s.maxima)
    mit_max = dict(s.mitigation_maxima)
    for stat, delta in e.stats.items():
        if stat in chars:  # rating and maximum both (L1363)
            chars[stat] = max(0, chars[stat] + delta)
            maxima[stat] = max(0, maxima.get(stat, sheets.NORMAL_MAXIMUM) + delta)
        elif stat in sheets.MITIGATION:
            s = R(s, **{stat: max(0, getattr(s, stat) + delta)})
            mit_max[stat] = max(0, mit_max.get(stat, sheets.NORMAL_MAXIMUM) + delta)
    return R(s, characteristics=chars, maxima=maxima, mitigation_maxima=mit_max)


CURRENCY_FIELD = {  # the sheet's points each currency is paid from; any other: advances
    "creation": "creation_points",
    "advance": "advances",
    "hindrance": "hindrance_points",
}


@FOLDS.on(ev.AdvanceSpent)
def fold_advance(s: WishSheet, e: ev.AdvanceSpent) -> WishSheet:
    """Fold ``wish.AdvanceSpent``: the raise bought and its price paid (L143-1048); Alien
    Advantages or Wielded Abilities points are their own currency (L776, L921); an Archetype
    raise counts on its track (L739-741)."""
    wielded = e.currency == "wielded" or given(e.wielded, False)  # L921, L923
    s = advancement.apply(s, e.purchase, e.raise_current, wielded=wielded,
                          characteristic=given(e.characteristic, None))
    if e.currency in s.restricted_points:
        left = {**s.restricted_points,
                e.currency: max(0, s.restricted_points[e.currency] - e.cost)}
        s = R(s, restricted_points=left)
    else:
        field = CURRENCY_FIELD.get(e.currency, "advances")
        s = R(s, **{field: max(0, getattr(s, field) - e.cost)})
    if not e.archetype_raise:
        return s
    return advancement.record_track(s, e.cost, e.archetype_slot)


@FOLDS.on(ev.ExperienceAwarded)
def fold_experience(s: WishSheet, e: ev.ExperienceAwarded) -> WishSheet:
    """Fold ``wish.ExperienceAwarded``: experience and the advances it brings."""
    return R(s, experience=s.experience + e.xp, advances=s.advances + e.advances)


@FOLDS.on(ev.CreationFinished)
def fold_creation_finished(s: WishSheet, e: ev.CreationFinished) -> WishSheet:
    """Fold ``wish.CreationFinished``: in play, with Fortune at its rating."""
    return R(s, phase="play", fortune=s.fortune_rating)


@FOLDS.on(ev.FortuneSpent)
def fold_fortune_spent(s: WishSheet, e: ev.FortuneSpent) -> WishSheet:
    """Fold ``wish.FortuneSpent``: never below none."""
    return R(s, fortune=max(0, s.fortune - e.points))


@FOLDS.on(ev.FortuneGained)
def fold_fortune_gained(s: WishSheet, e: ev.FortuneGained) -> WishSheet:
    """Fold ``wish.FortuneGained``: up to the rating; ``reset`` refills it."""
    return R(s, fortune=s.fortune_rating if e.reset
             else min(s.fortune_rating, s.fortune + e.points))


FOLDS.add(ev.OriginSkillsGranted, apply_fixed)  # L787, L840, L905
FOLDS.add(ev.OriginGrantsChosen, apply_grants)  # L775, L824-827, L878
FOLDS.add(ev.OriginHindranceOvercome, origin_actions.fold_overcome)
FOLDS.add(ev.StuntMalfunctioned, origin_actions.fold_malfunction)  # L897
FOLDS.add(ev.MalfunctionRepaired, origin_actions.fold_repaired)
FOLDS.add(ev.ChargeRoundUsed, limited_charges.fold_charged)  # L924
FOLDS.add(ev.ItemOfPowerRecharged, limited_charges.fold_recharged)
