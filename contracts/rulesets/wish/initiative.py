"""WISH initiative, dying and Charge payloads: the digest's decisions for gaps of the seed
(initiative G-7, L449, L1456, L1499; dying G-3, L196; Charge G-2, L451)."""

from __future__ import annotations

from typing import Literal

import msgspec


class InitiativeSlot(msgspec.Struct, kw_only=True):
    """One slot of a superteam on the initiative tracker (L449, L1456; digest G-7)."""

    side: str
    rolled_by: str
    net_successes: int
    net_boons: int
    used: bool = False  # taken this Round


class RollInitiative(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM rolls initiative (digest G-7): every participant who can act makes an initiative
    check and gives its superteam a slot; slots are ordered by net successes, then net boons."""

    campaign_id: str
    encounter_id: str
    sides: dict[str, str]  # participant -> superteam
    characteristic: Literal["ag", "int"] | None = None  # None: option initiative_characteristic


class Stabilize(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A First Aid check on a dying character (option ``dying`` = "bleed_out"): success stops
    the bleeding while the character stays at 0 Wounds (L196; digest G-3, G-4)."""

    campaign_id: str
    character_id: str  # the one giving first aid
    target_id: str
    difficulty: int = 0
    specializations: list[str] = []
    fortune_points: int = 0
    encounter_id: str | None = None


class Charge(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Charge (L451): an extra maneuver to engage an opponent, then a Melee Strike, at the
    digest's cost (G-2: 1 fatigue); a Push, one step towards Offensive."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    skill: str = "Melee Skill"
    characteristic: Literal["str", "ag"] | None = None
    difficulty: int = 0
    specializations: list[str] = []
    fortune_points: int = 0
