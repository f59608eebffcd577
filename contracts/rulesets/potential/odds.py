"""Potential odds queries and views (digest section 2)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from contracts.rulesets.potential.sheet import Cost, Count, Score

# --------------------------------------------------------------------------- odds


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``GET /v1/rulesets/potential/odds?dice=N&bonus=B&resistance=R`` (or ``opposed_dice``)."""

    dice: Annotated[int, msgspec.Meta(ge=1, le=30)]
    bonus: Annotated[int, msgspec.Meta(ge=0, le=180)] = 0
    resistance: Annotated[int, msgspec.Meta(ge=0, le=400)] | None = None
    opposed_dice: Annotated[int, msgspec.Meta(ge=0, le=30)] | None = None
    opposed_bonus: Annotated[int, msgspec.Meta(ge=0, le=180)] = 0


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """Exact odds as fractions "n/d" in lowest terms; ``degrees`` maps DoS (0 = failed) to P."""

    p_success: str
    degrees: dict[str, str]


class ActionSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The body of check-odds: an action this character could declare (nothing is spent)."""

    advantages: list[str] = []
    situation_bonuses: Count = 0
    hindrances: Count = 0
    potential_action: bool = False
    concentration: bool = False
    resistance: Score | None = None
    resistance_dice: Count = 0  # an opposed pool's dice ...
    resistance_bonus: Annotated[int, msgspec.Meta(ge=0, le=180)] = 0  # ... and modifiers
    distance: Annotated[int, msgspec.Meta(ge=0, le=100000)] | None = None  # for Range (L66)


class CheckOdds(msgspec.Struct, frozen=True, kw_only=True, tag_field="ruleset",
                tag="potential"):
    """``POST .../check-odds`` in a Potential campaign: the advantages in the pool, its modifier,
    the bonus dice the opponent gains (L23, L66), the pool's Potential cost and its odds."""

    sources: list[str]
    modifier: int
    opposing_dice: int
    cost: Cost
    odds: OddsView
