"""Boonbane's odds on the wire: the query of ``GET /v1/rulesets/boonbane/odds``, its view, and
what check-odds takes and answers in a boon/bane campaign (L14-L22)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.boonbane.sources import Against, Situation, SourceLine, Stat


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``GET /v1/rulesets/boonbane/odds?modifier=M&boons=B&banes=N&target=T`` (L14-L22)."""

    modifier: Annotated[int, msgspec.Meta(ge=-5, le=5)] = 0
    boons: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    banes: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    target: Annotated[int, msgspec.Meta(ge=1, le=30)] = 10


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """Exact odds as fractions "n/d" in lowest terms: P(total >= target) and the total's pmf."""

    p_success: str
    totals: dict[str, str]


class RollSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The body of check-odds: an attack (with ``target_id``) or a challenge roll by this character."""

    kind: Literal["attack", "challenge"] = "challenge"
    stat: Stat = "strength"
    against: Against = "defense"
    target_number: Annotated[int, msgspec.Meta(ge=1, le=40)] = 10
    situations: list[Situation] = []
    situational_banes: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0
    senses: list[Literal["sight", "hearing"]] = []
    in_reach: bool = True
    task_key: str | None = None
    interaction: Literal["corrupted", "non_corrupted"] | None = None
    action_key: str | None = None  # Repetition (L408-L412)
    knowledge: str | None = None  # Knowledge Gate (L401-L405)


class CheckOdds(msgspec.Struct, frozen=True, kw_only=True, tag_field="ruleset",
                tag="boonbane"):
    """``POST .../check-odds`` in a boon/bane campaign: the roll as the rules would assemble it
    (its stat, target number, modifier, each source of boons and banes; ``automatic`` when it
    needs no roll) and its odds."""

    kind: str
    stat: str
    target_number: int
    modifier: int
    sources: list[SourceLine]
    boons: int
    banes: int
    net: int
    automatic: str | None
    odds: OddsView
