"""WISH timing and effect traits whose numbers each card declares: DoT (L256), Deflect (L271)
and Rally (L257), and the Rally Step command (digest G-8)."""

from __future__ import annotations

from typing import Literal

import msgspec


class DoTSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a DoT card stipulates (L256): the effect each time it triggers (damage through Soak
    or Psyche, stress, fatigue), how often it triggers (each of the target's End of Turn, or
    each Round's end) and when it expires (after ``count`` triggers, or in recharge tokens: as
    many triggers as the tokens its card was given when used)."""

    damage: int = 0
    damage_kind: Literal["physical", "mental"] = "physical"
    stress: int = 0
    fatigue: int = 0
    every: Literal["end_of_turn", "round"] = "end_of_turn"
    expiry: Literal["count", "recharge"] = "count"
    count: int = 1


class DeflectSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a Deflect card nullifies of one incoming attack (L271): ``all`` of it, or
    ``amount`` of its net ``successes`` or of its ``damage``."""

    nullifies: Literal["all", "successes", "damage"] = "all"
    amount: int = 0


class DoTEffect(msgspec.Struct, kw_only=True):
    """A DoT in play on its target (L256): the card that placed it, by whom, its stipulation,
    and the triggers left when it expires by count."""

    id: str
    stunt: str
    source_id: str
    spec: DoTSpec
    remaining: int = 0
    triggered: int = 0


class RallyStep(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM calls a Rally Step between the encounter's turns (digest G-8): until the next
    Turn begins, Rally abilities are usable as a free Action (L257), and Encounter conditions
    end (L1405): ``participants`` names the encounter's participants."""

    campaign_id: str
    encounter_id: str
    participants: list[str]
