"""Deciding WISH creation, advancement and Fortune: origins, Archetypes, advances, hindrances,
option lines, experience and Fortune points (L143-1383)."""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType

from contracts.rulesets import wish as c
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import (
    advancement,
    archetypes,
    decide_origin,
    hindrances,
    justifications,
    limited_advancement,
    mastery,
    origin_apply,
    restricted_points,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.decide_context import Ctx, char
from domain.rulesets.wish.state import Stance


def spend_fortune(ctx: Ctx, cmd: c.SpendFortune) -> None:
    """SpendFortune: never more than the current points (L220, L226)."""
    if cmd.points < 1:  # the payload's own fault first
        raise DomainError("points", "wish.fortune.spend L220", "spend at least 1 point")
    s = ctx.sheet(cmd.character_id)
    if cmd.points > s.fortune:
        raise StateConflict(
            "points",
            "wish.fortune.spend L220",
            f"spending {cmd.points} Fortune, only {s.fortune} left",
        )
    ctx.emit(
        char(cmd.character_id), ev.FortuneSpent(points=cmd.points, purpose=cmd.purpose)
    )


def gain_fortune(ctx: Ctx, cmd: c.GainFortune) -> None:
    """GainFortune: GM awards never exceed the rating; a session starts at the rating (L230)."""
    if cmd.points < 0:  # the payload's own fault first
        raise DomainError("points", "wish.fortune.gain L230", "must not be negative")
    s = ctx.sheet(cmd.character_id)
    gained = (
        s.fortune_rating - s.fortune if cmd.reset else min(cmd.points, s.fortune_rating - s.fortune)
    )
    ctx.emit(char(cmd.character_id), ev.FortuneGained(points=gained, reset=cmd.reset))


def award_experience(ctx: Ctx, cmd: c.AwardExperience) -> None:
    """AwardExperience: 1 advance per XP (L605); Rank from the table (L641-649)."""
    s = ctx.sheet(cmd.character_id)
    if cmd.xp < 1:
        raise DomainError("xp", "wish.experience L597", "award at least 1 XP")
    total = s.experience + cmd.xp
    ctx.emit(
        char(cmd.character_id),
        ev.ExperienceAwarded(
            xp=cmd.xp, advances=cmd.xp * advancement.ADVANCES_PER_XP, experience=total,
            rank_before=sheets.rank(s.experience), rank_after=sheets.rank(total), reason=cmd.reason),
    )


def spend_advance(ctx: Ctx, cmd: c.SpendAdvance) -> None:
    """SpendAdvance: pay the seed's cost in advances, creation or hindrance points (L143-1048)."""
    s = ctx.sheet(cmd.character_id)
    priced = advancement.price(s, cmd.purchase, ctx.options)
    restricted_points.check_purchase(s, cmd.purchase, cmd.currency)  # L776, L921
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
    # record what the price decided: a stunt from outside the available SFX (L476)
    purchase = msgspec.structs.replace(cmd.purchase, off_sfx=True) if priced.off_sfx else cmd.purchase
    ctx.emit(
        char(cmd.character_id),
        ev.AdvanceSpent(
            purchase=purchase,
            currency=cmd.currency,
            cost=priced.cost,
            rule=priced.rule,
            raise_current=ctx.options.fortune_rating_raises_current,
            archetype_raise=archetype_raise,
            archetype_slot=slot,
            # Limited Advancement: a non-Open Archetype advance is a Wielded Ability (L923)
            wielded=True if limited_advancement.wielded_raise(s, archetype_raise, slot) else UNSET,
            characteristic=_acquired_characteristic(cmd.purchase, ctx),
        ),
    )


def _acquired_characteristic(p: c.Purchase, ctx: Ctx) -> str | UnsetType:
    """A Mastery skill the seed gives no characteristic is acquired on the campaign's choice
    (G-14, option ``mastery_characteristics``), recorded so the fold needs no options."""
    if p.kind != "acquire_skill" or p.target not in mastery.UNSTATED_DEFAULTS:
        return UNSET
    chosen = mastery.characteristic(p.target, dict(ctx.options.mastery_characteristics))
    return chosen if chosen else UNSET


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
    if cmd.name == "Device" and cmd.stunt is not None:  # L328
        if not justifications.may_choose(s, "device", ctx.options):
            raise StateConflict("name", rule, "a stunt is made a Device by a Technologist, "
                                "Natural or Wielder, or with Technology, Science or Engineering "
                                "trained, or with Gear SFX access")
        if justifications.effective(s, s.stunts[cmd.stunt]) == "device":
            raise StateConflict("stunt", rule, f"{cmd.stunt} is already a Device")
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
        ev.HindranceTaken(
            hindrance=c.Hindrance(name=cmd.name, points=points, stunt=cmd.stunt, detail=cmd.detail),
            points=points,
            stats=dict(hindrances.STAT_CHANGES.get(cmd.name, ())),
            total_points=total,
            scrutiny=total > hindrances.SCRUTINY_POINTS,  # L1343
        ),
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
    left = restricted_points.unspent(s)
    if left:
        raise StateConflict("restricted_points", "wish.creation L581, L776, L921",
                            f"spend the origin's restricted points first: {left}")
    ctx.emit(char(cmd.character_id), ev.CreationFinished())


def choose_origin(ctx: Ctx, cmd: c.ChooseOrigin) -> None:
    """ChooseOrigin: an origin is chosen once, during creation, before points are spent
    (L147, L765); its modifiers and picks apply to ratings and maxima alike (L774)."""
    s = ctx.sheet(cmd.character_id)
    if s.phase != "creation":
        raise StateConflict("character_id", "wish.origin L765", "an origin is chosen during creation")
    if s.origin is not None:
        raise StateConflict("origin", "wish.origin L765", f"the origin is already {s.origin!r}")
    restricted = ctx.options.origin_points_restricted
    # refuses unknown origins and bad picks
    origin_apply.apply_origin(s, cmd.origin, cmd.picks, cmd.talent, restricted=restricted)
    ctx.emit(char(cmd.character_id), ev.OriginChosen(
        origin=cmd.origin, picks=dict(cmd.picks), talent=cmd.talent, restricted=restricted))
    decide_origin.grant_fixed(ctx, cmd.character_id)  # Animal Instincts, Tech Skills, talents


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
        blank = Stance()  # the meter a sheet starts with, before any Archetype
        old_def, old_off = blank.defensive, blank.offensive
    else:
        current = s.archetype_tiers[-1]
        staying = current.archetype == chosen.name
        if staying and current.advances < 15:
            raise StateConflict("archetype", "wish.archetype.tier L747",
                                "a new Tier starts once the current one's 15 slots are filled")
        # a fresh Tier right after completing one (L745): the Tier before it is this
        # Archetype's, with its 15 slots filled
        completed = (len(s.archetype_tiers) >= 2
                     and s.archetype_tiers[-2].archetype == current.archetype
                     and s.archetype_tiers[-2].advances >= advancement.TRACK_SLOTS)
        price = 0 if staying else advancement.switch_cost(current.advances, completed)
        if price is None:
            raise StateConflict("archetype", "wish.archetype.switch L726",
                                f"{current.advances} raises in an uncompleted Tier: at least 5 first")
        if s.advances < price:
            raise StateConflict("archetype", "wish.archetype.switch L726",
                                f"switching costs {price} advances; {s.advances} left")
        cost = price
        previous = catalogue.get(current.archetype) or chosen
        old_def, old_off = previous.defensive_steps, previous.offensive_steps
    tier = 1 + sum(1 for t in s.archetype_tiers if t.archetype == chosen.name)
    ctx.emit(char(cmd.character_id), ev.ArchetypeChosen(
        archetype=chosen.name, tier=tier, cost=cost, primary_bonus=bonus,
        raises_maxima=ctx.options.archetype_bonus_raises_maxima,
        # the meter moves by the difference between the defaults: purchased and origin steps stay
        stance={"defensive": s.stance.defensive + chosen.defensive_steps - old_def,
                "offensive": s.stance.offensive + chosen.offensive_steps - old_off}))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(c.SpendFortune, spend_fortune)
HANDLERS.add(c.GainFortune, gain_fortune)
HANDLERS.add(c.AwardExperience, award_experience)
HANDLERS.add(c.SpendAdvance, spend_advance)
HANDLERS.add(c.FinishCreation, finish_creation)
HANDLERS.add(c.ChooseOrigin, choose_origin)
HANDLERS.add(c.ChooseArchetype, choose_archetype)
HANDLERS.add(c.TakeHindrance, take_hindrance)
