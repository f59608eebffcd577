"""WISH Travel skill payloads (L1076-1198): a check with a Travel skill's mode."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

# What a Travel check is for: the modes' dice depend on it (L1104-1196).
TravelPurpose = Literal[
    "distance", "ascend", "hover", "dive", "decelerate", "control", "aloft", "escape", "react",
    "other",
]


class TravelCheck(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A check with a Travel skill in its mode (L1076-1198): the mode's characteristic and
    dice, the skill's two-bane rider, and the mode's calamities. ``skill`` is the sheet's name
    for the skill; its ``mode`` was chosen on acquisition (L1084). Blur and Line of Sight make
    no check: they have automatic successes (L1176, L1198). ``encounter_id`` marks Combat Mode."""

    campaign_id: str
    character_id: str
    skill: str
    purpose: TravelPurpose = "other"
    difficulty: int = 0
    specializations: list[str] = []
    fortune_points: int = 0
    dematerialize: int = 0  # Dematerialization: expertise dice added, each with a misfortune die
    # Gate (L1192): of the boons and extra successes, this many double the Gate's size (at most
    # as many as the check gives); the rest are Recharge tokens keeping it open longer
    gate_doublings: Annotated[int, msgspec.Meta(ge=0)] = 0
    encounter_id: str | None = None
    check_id: str | None = None
