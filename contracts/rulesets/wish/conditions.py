"""WISH condition payloads (L1385-1511)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.literals import Duration


class ExposeToFear(msgspec.Struct, frozen=True, kw_only=True):
    """Exposure to a Fear based effect of a given rating (Frightened, L1445)."""

    campaign_id: str
    character_id: str
    rating: int


class AddCondition(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    name: str
    duration: Duration | None = None  # None: the table's own (Brief for the two tables)
    tokens: int | None = None
    severity: int | None = None
    stay_in_stance: bool = False  # Calmed/Irritated/Enraged: pay 2 stress to stay (L1487)
    stunt: str | None = None  # Spiked and Buffed affect one named stunt (L1447, L1498)


class RemoveCondition(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    condition_id: str


class RollBriefCondition(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    character_id: str
    table: Literal["malign", "benign"]
    tokens: int | None = None
