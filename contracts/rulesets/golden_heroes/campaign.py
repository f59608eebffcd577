"""Golden Heroes campaign play (L283-L377): DUPs, Personal Status ratings, Hero Points,
improvement by the referee."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.golden_heroes.sheet import PendingAttack

Rating = Literal["conscience", "expression", "success_rate", "public_response", "security",
                 # resources (L294, L310-L311)
                 "frl", "mrl_knowledge", "mrl_facilities",
                 # Public Status components (L314-L329)
                 "backing", "heroism", "identification", "public_relations", "practice",
                 # Detective Points components (L331-L345)
                 "methods", "publicity", "approachability", "power_use", "contacts"]
HeroPoints = Annotated[int, msgspec.Meta(ge=-5, le=5)]


class StartWeek(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game week: 7 DUPs each (L285), +1 for Rich - Inherited (L16)."""

    campaign_id: str
    characters: list[str]


class StartScenario(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A scenario uses DUPs (1, a drag-out one 2 or more, L286), -2 more when Jinxed (L370),
    and renews each character's Hero Points, one a point of Personal Status above 25 (L371)."""

    campaign_id: str
    characters: list[str]
    dups_used: Annotated[int, msgspec.Meta(ge=0, le=7)] = 1


class SetRating(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The referee reassesses a rating (L288): a Personal Status, Public Status or Detective
    Points component, or a resource level (L290-L365); the reason is recorded."""

    campaign_id: str
    character_id: str
    rating: Rating
    value: Annotated[int, msgspec.Meta(ge=0, le=10)]
    reason: str = ""


class SpendHeroPoints(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Hero Points change a strike just made by the character or an opponent (L373): ``points``
    are added to (or taken from) ``roller_id``'s last strike on ``target_id``; each point once
    a scenario, one spend a roll."""

    campaign_id: str
    character_id: str
    roller_id: str
    target_id: str
    points: HeroPoints


class ImproveCharacter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Character Improvement is not in the seed (L375): the referee spends DUPs and records
    what was improved and why."""

    campaign_id: str
    character_id: str
    dups: Annotated[int, msgspec.Meta(ge=1, le=200)]
    improvement: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    # a Superpower Refinement of a power held, with the IPP Rating the referee sets (L117)
    refinement: str | None = None
    ipp: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0


class WeekStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    dups: int


class ScenarioStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    dups_used: int
    jinxed_dups: int  # the Jinxed's -2 (L370)
    dups: int  # afterwards, never below 0 (decision #39)
    hero_points: int  # max(0, Personal Status - 25) (L371, L373)


class RatingSet(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    rating: str
    value: int
    reason: str = ""  # no longer filled: the reason is a GM-only RatingReasonNoted (L288)
    personal_status: int = 0


class RatingReasonNoted(msgspec.Struct, frozen=True, kw_only=True):
    """Why the referee changed a rating: GMs only ("do not tell them why", L288)."""

    character_id: str
    rating: str
    value: int
    reason: str


class HeroPointsSpent(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    roller_id: str
    target_id: str
    strike: int  # the roller's strike count: the roll the points changed
    points: int
    total: int  # the strike's total afterwards
    hit: bool
    was_hit: bool
    roles: list[str] = []  # what this stream's character is here: spender, roller, target
    attack: PendingAttack | None = None  # a miss made a hit: it now waits for its response


class CharacterImproved(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    dups: int
    improvement: str
    refinement: str | None = None
    ipp: int = 0


class Allocation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A general instruction for spare DUPs: improving a power, a Strike Modifier, a rating,
    status, building a gadget ... (L286-L287)."""

    activity: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]
    dups: Annotated[int, msgspec.Meta(ge=1, le=200)]


class AllocateDups(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The player's general instructions for the character's spare DUPs (L285-L287), at most
    the DUPs it has; the referee resolves them (``ImproveCharacter``) by systems the players are
    not told. Given again, it replaces the earlier instructions."""

    campaign_id: str
    character_id: str
    allocations: list[Allocation]


class DupsAllocated(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    allocations: list[Allocation]
    dups: int  # the DUPs allocated, of those the character has


class UseResources(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A one-off use of the Financial Resource Level (L295-L296, L309): a ``purchase`` at the
    level in use, or at one higher for a DUP (``spend_dup``); or ``hire`` Material Resources at
    FRL-2, FRL-1 for a DUP, one lower again without the know-how. ``level_needed`` is the level
    the referee sets for the item; refused above what can be reached."""

    campaign_id: str
    character_id: str
    kind: Literal["purchase", "hire"]
    what: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]
    level_needed: Annotated[int, msgspec.Meta(ge=0, le=10)]
    spend_dup: bool = False
    knows_how: bool = True


class ResourcesUsed(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    kind: str
    what: str
    level_needed: int
    level: int  # the level reached
    dups: int  # DUPs spent (L295, L309)


class BecomeBountyHunter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``character_id`` announces it will capture crooks for the reward money (L376)."""

    campaign_id: str
    character_id: str


class BountyHunterDeclared(msgspec.Struct, frozen=True, kw_only=True):
    """A Bounty Hunter (L376): with 26 or more Detective Points one Financial Resource Level
    higher at once; Backing, Heroism and Public Identification each lower."""

    character_id: str
    detective_points: int
    frl_before: int
    frl_after: int
    ratings: dict[str, int]  # the lowered Public Status components and the FRL, as they are now
