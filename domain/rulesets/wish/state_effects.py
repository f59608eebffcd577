"""The domain's own state of WISH timing and effect traits a sheet holds: a card's DoT and
Deflect stipulations (L256, L271), the DoTs in play on a character, and a declared React awaiting
its attack (L437). ``views.py`` maps the wire's counterparts into them.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.reacts import ReactName


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


class PendingReact(msgspec.Struct, kw_only=True):
    """A React declared against one attacker's next attack (Brace, Parry, Dodge)."""

    action: ReactName
    attacker_id: str
    net_successes: int = 0  # Parry's or Dodge's check
    stunt: str | None = None  # Deflect: the card declared (L271)
