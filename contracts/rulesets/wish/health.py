"""WISH damage and recovery payloads (L185-210, L1417-1419)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.literals import DamageKind


class ApplyDamage(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    amount: int
    kind: DamageKind = "physical"
    pierce: int = 0
    bypass_mitigation: bool = False


class InflictLasting(msgspec.Struct, frozen=True, kw_only=True):
    """An ability explicitly inflicts a critical or a schism (L206)."""

    campaign_id: str
    character_id: str
    kind: Literal["critical", "schism"]
    name: str
    severity: int = 1


class Heal(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    wounds: int = 0
    grit: int = 0
    treat: list[str] = []  # ids of criticals or schisms healed


class Recover(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    stress: int = 0
    fatigue: int = 0
