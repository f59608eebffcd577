"""Campaign play (L283-L377): DUPs a week and a scenario, Personal Status and its effects,
Hero Points on a roll just made, the referee's improvement spending DUPs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.golden_heroes import detective, powers, public_status, resources, tables, views
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

Load = Callable[[str, str], st.GoldenHeroesSheet]
DUPS_A_WEEK: Final = 7  # L285
JINXED_DUPS: Final = 2  # "-2 DUPs per scenario" (L370)
RATING_RANGES: Final = {"conscience": (1, 5), "expression": (1, 5), "success_rate": (0, 5),
                        "public_response": (1, 5), "security": (1, 10)}  # L351-L365
# Each component's initial value (L352, L355, L357, L359-L361, L364; digest §6.8): a sheet that
# names only some of its ratings keeps these for the others.
INITIAL_RATINGS: Final = {"conscience": 3, "expression": 3, "success_rate": 0,
                          "public_response": 2, "security": 5}
RESOURCE_RANGES: Final = {"frl": (1, 10), "mrl_knowledge": (1, 10),
                          "mrl_facilities": (1, 10)}  # L294, L310-L311
# every rating the referee keeps: Personal Status, resources, Public Status, Detective Points
ALL_RANGES: Final = {**RATING_RANGES, **RESOURCE_RANGES,
                     **{k: v[:2] for k, v in public_status.COMPONENTS.items()},
                     **{k: v[:2] for k, v in detective.COMPONENTS.items()}}
# PERSONAL STATUS TABLE (L367-L371): total -> state of mind
STATES_OF_MIND: Final = (tables.Band(0, 10, 0, "L370"), tables.Band(11, 15, 1, "L370"),
                         tables.Band(16, 20, 2, "L370"), tables.Band(21, 25, 3, "L371"),
                         tables.Band(26, 29, 4, "L371"), tables.Band(30, 30, 5, "L371"))
STATE_NAMES: Final = ("jinxed", "uncertain", "secure", "confident", "total_confidence",
                      "egomaniac")


def personal_status(sheet: st.GoldenHeroesSheet) -> int:
    """Conscience + Expression + Success Rate + Public Response + Security (L346-L348); a
    component the sheet does not name counts at its initial value."""
    return sum(sheet.ratings.get(k, INITIAL_RATINGS[k]) for k in RATING_RANGES)


def state_of_mind(total: int) -> str:
    """The Personal Status Table's band (L367-L371; 4 counts as Jinxed, decision #17)."""
    return STATE_NAMES[tables.band(STATES_OF_MIND, total)]


def hero_point_allowance(total: int) -> int:
    """One Hero Point a point of Personal Status above 25 (L371; cumulative, so 5 at 30)."""
    return max(0, total - 25)


def mental_defence(total: int) -> int:
    """Confident: Ego +1 against Mental Attacks a point above 20, at most +5 (L371)."""
    return min(max(total - 20, 0), 5)


def derived(sheet: st.GoldenHeroesSheet) -> dict[str, object]:
    total = personal_status(sheet)
    mind = state_of_mind(total)
    return {**resources.derived(sheet, mind), **public_status.derived(sheet),
            **detective.derived(sheet),
            "personal_status": total, "state_of_mind": mind,
            "hero_points_left": max(sheet.hero_points - sheet.hero_points_used, 0),
            "dups_unallocated": max(sheet.dups - sum(sheet.dup_plan.values()), 0),
            "mental_defence_bonus": mental_defence(total),
            "critical_miss_on": "1-2" if state_of_mind(total) == "jinxed" else "1"}


def start_week(cmd: c.StartWeek, load: Load) -> list[Out]:
    """7 DUPs a week (L285), one more for Rich - Inherited (L16)."""
    out = []
    for cid in dict.fromkeys(cmd.characters):
        sheet = load(cid, "characters")
        extra = 1 if "rich_inherited" in sheet.backgrounds else 0
        out.append(event(char(cid),
                         c.WeekStarted(character_id=cid, dups=DUPS_A_WEEK + extra)))
    return out


def start_scenario(cmd: c.StartScenario, load: Load) -> list[Out]:
    """A scenario uses its DUPs (L286), the Jinxed lose 2 more (L370), never below 0
    (decision #39); Hero Points are renewed from Personal Status (L371, decision #38)."""
    out = []
    for cid in dict.fromkeys(cmd.characters):
        sheet = load(cid, "characters")
        total = personal_status(sheet)
        jinx = JINXED_DUPS if state_of_mind(total) == "jinxed" else 0
        left = max(sheet.dups - cmd.dups_used - jinx, 0)
        out.append(event(char(cid), c.ScenarioStarted(
            character_id=cid, dups_used=cmd.dups_used, jinxed_dups=jinx, dups=left,
            hero_points=hero_point_allowance(total))))
    return out


def set_rating(cmd: c.SetRating, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """The referee reassesses a rating (L288) within its scale (L294, L310, L314-L365); the
    Jinxed and the Uncertain cannot rise in resource levels (L370)."""
    low, high = ALL_RANGES[cmd.rating]
    if not low <= cmd.value <= high:
        raise DomainError("value", "golden-heroes.ratings L294-L365",
                          f"{cmd.rating} is rated {low} to {high}")
    if cmd.rating in RESOURCE_RANGES:
        mind = state_of_mind(personal_status(sheet))
        now = resources.derived(sheet, mind)[cmd.rating]
        if mind in ("jinxed", "uncertain") and isinstance(now, int) and cmd.value > now:
            raise StateConflict("value", "golden-heroes.personal-status L370",
                                f"a {mind} character cannot rise in resource levels")
    after = msgspec.structs.replace(sheet, ratings={**sheet.ratings, cmd.rating: cmd.value})
    out = [event(char(cmd.character_id), c.RatingSet(
        character_id=cmd.character_id, rating=cmd.rating, value=cmd.value,
        personal_status=personal_status(after)))]
    if cmd.reason:  # players are told the change, not why (L288)
        out.append(event(char(cmd.character_id), c.RatingReasonNoted(
            character_id=cmd.character_id, rating=cmd.rating, value=cmd.value, reason=cmd.reason),
            visibility="gm"))
    return out


def spend_hero_points(cmd: c.SpendHeroPoints, spender: st.GoldenHeroesSheet,
                      roller: st.GoldenHeroesSheet, target: st.GoldenHeroesSheet,
                      on_criticals: str = "stand") -> list[Out]:
    """Hero Points added to or taken from a strike just made (L373): each point once a
    scenario, one spend a roll. A critical (natural 1 or 20) stands as rolled (a decision: the
    seed is silent); a hit already resolved is no longer "just made"."""
    if cmd.points == 0:
        raise DomainError("points", "golden-heroes.hero-points L373", "spend at least one point")
    left = spender.hero_points - spender.hero_points_used
    if abs(cmd.points) > left:
        raise StateConflict("points", "golden-heroes.hero-points L373",
                            f"{left} Hero Point(s) left this scenario")
    last = roller.last_strike
    if last is None or last.target_id != cmd.target_id:
        raise StateConflict("roller_id", "golden-heroes.hero-points L373",
                            f"{cmd.roller_id!r} has just made no strike on {cmd.target_id!r}")
    if last.hero_points:
        raise StateConflict("roller_id", "golden-heroes.hero-points L373",
                            "Hero Points have already changed this roll")
    if last.critical is not None and on_criticals == "stand":
        raise StateConflict("roller_id", "golden-heroes.hero-points L373",
                            "a critical stands as rolled")
    pending = target.pending_attack
    if last.hit and (pending is None or pending.attacker_id != cmd.roller_id):
        raise StateConflict("roller_id", "golden-heroes.hero-points L373",
                            "the hit has been resolved: the roll is no longer just made")
    total = last.total + cmd.points
    hit = total >= tables.HIT_TARGET
    roles: dict[str, list[str]] = {}
    for who, role in ((cmd.character_id, "spender"), (cmd.roller_id, "roller"),
                      (cmd.target_id, "target")):
        roles.setdefault(who, []).append(role)
    return [event(char(who), c.HeroPointsSpent(
        character_id=cmd.character_id, roller_id=cmd.roller_id, target_id=cmd.target_id,
        strike=last.number, points=cmd.points, total=total, hit=hit, was_hit=last.hit,
        roles=r, attack=views.pending_attack_view(last.attack) if hit and not last.hit else None))
        for who, r in roles.items()]


def use_resources(cmd: c.UseResources, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """A one-off use of resources (L295, L309) at the level the Personal Status leaves in use."""
    ev = resources.use(cmd, sheet, state_of_mind(personal_status(sheet)))
    return [event(char(cmd.character_id), ev)]


def allocate(cmd: c.AllocateDups, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """Spare DUPs allocated by general instructions (L285-L287): at most the DUPs held; the
    referee resolves them with ``ImproveCharacter``."""
    total = sum(a.dups for a in cmd.allocations)
    if total > sheet.dups:
        raise StateConflict("allocations", "golden-heroes.dups L285-L287",
                            f"{total} DUPs allocated; {cmd.character_id!r} has {sheet.dups}")
    return [event(char(cmd.character_id), c.DupsAllocated(
        character_id=cmd.character_id, allocations=list(cmd.allocations), dups=total))]


def improve(cmd: c.ImproveCharacter, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """Improvement is the referee's (L286-L287, L375: the section is not in the seed): DUPs
    spent, what was improved recorded."""
    if cmd.dups > sheet.dups:
        raise StateConflict("dups", "golden-heroes.dups L285",
                            f"{cmd.character_id!r} has {sheet.dups} DUPs")
    if cmd.refinement is not None and powers.held(sheet, cmd.refinement) is None:
        raise DomainError("refinement", "golden-heroes.superpower-response L116-L117",
                          f"a refinement is of a power held: no {cmd.refinement!r}")
    return [event(char(cmd.character_id), c.CharacterImproved(
        character_id=cmd.character_id, dups=cmd.dups, improvement=cmd.improvement,
        refinement=cmd.refinement, ipp=cmd.ipp))]
