"""WISH events of origin abilities: grants, hindrances overcome, repairs, malfunctions,
Mystical Reality, Cosmic Winds and Items of Power (L747-1010)."""

from __future__ import annotations

from contracts.rulesets.wish.events.base import WishEvent
from contracts.rulesets.wish.sheet import Skill, Specialization, Stunt


class OriginSkillsGranted(WishEvent, frozen=True, kw_only=True, tag="wish.OriginSkillsGranted"):
    """Skills the origin trains for free (L787, L840, L905)."""

    skills: dict[str, Skill]


class OriginGrantsChosen(WishEvent, frozen=True, kw_only=True, tag="wish.OriginGrantsChosen"):
    """The origin's free choices (L775, L824-827, L878): trained skills, specializations, SFX and
    stunts, as the sheet records them."""

    skills: dict[str, Skill]
    origin_skills: list[str]
    specializations: list[Specialization]
    sfx: list[str]
    stunts: dict[str, Stunt]


class OriginHindranceOvercome(WishEvent, frozen=True, kw_only=True,
                              tag="wish.OriginHindranceOvercome"):
    name: str
    cost: int
    currency: str
    line: int


class TravelDeviceRepaired(WishEvent, frozen=True, kw_only=True,
                           tag="wish.TravelDeviceRepaired"):
    skill: str


class MalfunctionRepaired(WishEvent, frozen=True, kw_only=True, tag="wish.MalfunctionRepaired"):
    stunt: str
    critical_id: str


class StuntMalfunctioned(WishEvent, frozen=True, kw_only=True, tag="wish.StuntMalfunctioned"):
    stunt: str
    critical_id: str


class CosmicWindsUsed(WishEvent, frozen=True, kw_only=True, tag="wish.CosmicWindsUsed"):
    check_id: str | None
    effect: str
    stunt: str | None


class ItemOfPowerRecharged(WishEvent, frozen=True, kw_only=True,
                           tag="wish.ItemOfPowerRecharged"):
    rounds_used: int
