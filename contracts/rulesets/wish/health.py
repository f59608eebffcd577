"""WISH damage and recovery payloads (L185-210, L1417-1419)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.literals import DamageKind


class ApplyDamage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    amount: int
    kind: DamageKind = "physical"
    pierce: int = 0
    bypass_mitigation: bool = False


class InflictLasting(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An ability explicitly inflicts a critical or a schism (L206)."""

    campaign_id: str
    character_id: str
    kind: Literal["critical", "schism"]
    name: str
    severity: int = 1


class Heal(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    wounds: int = 0
    grit: int = 0
    treat: list[str] = []  # ids of criticals or schisms healed
    # Whose ability heals: the character's "own abilities" or an external source; a Robot that
    # has partially overcome Out of Warranty heals by its own only (L895).
    source: Literal["own", "external"] = "external"


class Recover(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    character_id: str
    stress: int = 0
    fatigue: int = 0
