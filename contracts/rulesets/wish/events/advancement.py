"""WISH events of Fortune, experience and creation: advances spent, hindrances taken, origin
and archetype chosen (L143-1048, L1339-1383)."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.advancement import Purchase
from contracts.rulesets.wish.events.base import WishEvent
from contracts.rulesets.wish.sheet import Hindrance


class FortuneGained(WishEvent, frozen=True, kw_only=True, tag="wish.FortuneGained"):
    """Fortune gained; ``reset`` refills it to the rating."""

    points: int
    reset: bool


class FortuneSpent(WishEvent, frozen=True, kw_only=True, tag="wish.FortuneSpent"):
    points: int
    purpose: str


class ExperienceAwarded(WishEvent, frozen=True, kw_only=True, tag="wish.ExperienceAwarded"):
    xp: int
    advances: int
    experience: int
    rank_before: int
    rank_after: int
    reason: str


class AdvanceSpent(WishEvent, frozen=True, kw_only=True, tag="wish.AdvanceSpent"):
    """A raise bought (L143-1048): its price and rule, and how an Archetype counts it;
    ``wielded`` for a Limited Advancement raise (L923), ``characteristic`` for a Mastery skill
    the seed gives none (G-14)."""

    purchase: Purchase
    currency: str
    cost: int
    rule: str
    raise_current: bool
    archetype_raise: bool
    archetype_slot: str | None
    wielded: bool | UnsetType = UNSET
    characteristic: str | UnsetType = UNSET


class HindranceTaken(WishEvent, frozen=True, kw_only=True, tag="wish.HindranceTaken"):
    """A hindrance (L1339-1383) and its points; ``scrutiny`` past 5 points (L1343)."""

    hindrance: Hindrance
    points: int
    stats: dict[str, int]
    total_points: int
    scrutiny: bool


class CreationFinished(WishEvent, frozen=True, kw_only=True, tag="wish.CreationFinished"):
    """Character creation is over."""


class OriginChosen(WishEvent, frozen=True, kw_only=True, tag="wish.OriginChosen"):
    """The origin and its free picks (L747-800)."""

    origin: str
    picks: dict[str, int]
    talent: str | None
    restricted: bool


class ArchetypeChosen(WishEvent, frozen=True, kw_only=True, tag="wish.ArchetypeChosen"):
    """An Archetype tier taken (L739, L932)."""

    archetype: str
    tier: int
    cost: int
    primary_bonus: dict[str, int]
    raises_maxima: bool
    stance: dict[str, int]
