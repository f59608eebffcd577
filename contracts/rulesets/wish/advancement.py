"""WISH creation and advancement payloads: origins, Archetypes, advances, hindrances,
experience, Fortune (L143-1383)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.effects import DeflectSpec, DoTSpec
from contracts.rulesets.wish.literals import Currency
from contracts.rulesets.wish.sheet import Specialization, StuntCost


class TakeHindrance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A GM-approved hindrance gives hindrance points per the seed's table (L1339-1383)."""

    campaign_id: str
    character_id: str
    name: str
    stunt: str | None = None  # per-stunt hindrances (Erratic, Tiring, Difficult ...)
    detail: str = ""  # the obsession's object, the anathema ...
    points: int | None = None  # Anathema and custom hindrances state their points
    gm_controls_alter_ego: bool = False  # Alter Ego: 6 points instead of 3 (L1365)


class SpendFortune(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    points: int = 1
    purpose: str = ""


class GainFortune(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A GM award (capped at the rating) or the session reset (L230)."""

    campaign_id: str
    character_id: str
    points: int = 0
    reset: bool = False


class AwardExperience(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    xp: int
    reason: str = ""


class Purchase(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One raise (L143-L1048). ``target`` names the characteristic, skill, side or stunt."""

    kind: Literal[
        "characteristic",
        "maximum",
        "mitigation",
        "mitigation_maximum",
        "wounds",
        "grit",
        "fortune",
        "stance_step",
        "skill_rank",
        "acquire_skill",
        "specializations",
        "stunt",
        "stunt_rating",
    ]
    target: str = ""
    specializations: list[Specialization] = []
    sfx: str = "Open"
    off_sfx: bool = False
    recharge_rating: int = 0
    cost: StuntCost | None = None  # a new stunt's printed Cost (L508)
    mode: str | None = None  # a Travel skill's mode, picked on acquisition (L1084)
    traits: list[str] = []  # a new stunt's Traits (L232-281)
    justification: str = "innate"  # a new stunt's Justification (L283-376)
    dot: DoTSpec | None = None  # a new DoT card's stipulation (L256)
    deflect: DeflectSpec | None = None  # what a new Deflect card nullifies (L271)
    rally_only: bool = False  # a new Rally card usable only in Rally Steps (L257)
    archetype_raise: bool = False  # counts on the current Archetype's track (L739)


class SpendAdvance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    purchase: Purchase
    currency: Currency = "advance"


class FinishCreation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str


class ChooseArchetype(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Take a starting Archetype during creation, or in play switch Archetype (or start a new Tier
    of the current one once its 15 slots are filled) at the seed's price (L726-749)."""

    campaign_id: str
    character_id: str
    archetype: str


class ChooseOrigin(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Pick the character's origin during creation, with its free +1/-1 picks (L747-800)."""

    campaign_id: str
    character_id: str
    origin: str
    picks: dict[str, int] = {}  # statistic -> +1 or -1, as many as the origin grants (L774)
    # a Mystic's Mystical Talent (L840-869): Spellcaster, Trickster, Seer, Fortunata,
    # Elemental Fire/Water/Air/Earth, Primeval or Destined
    talent: str | None = None
