"""WISH odds: the query of ``GET /v1/rulesets/wish/odds`` and its exact reply (L3-69)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from contracts.rulesets.wish.records import DiceSource


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    net_successes: int
    net_boons: int
    serendipity: int
    calamity: int
    probability: str  # an exact fraction "p/q"
    # this outcome is net_successes or more: the Expertise chains past the listed nets,
    # summed in closed form (L49)
    at_least: bool = False


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The parameters of ``GET /v1/rulesets/wish/odds``."""

    # DIE:COUNT pairs, comma-separated: ``CHR:3,OFF:2,CHL:1`` (dice of L3-69)
    pool: Annotated[str, msgspec.Meta(
        min_length=1, max_length=200, pattern=r"^[A-Za-z]+:[0-9]{1,3}(,[A-Za-z]+:[0-9]{1,3})*$",
        description="DIE:COUNT pairs, e.g. CHR:3,OFF:2,CHL:1")]
    # read each Serendipity as one more success instead
    downgrade: bool = False
    # chained Expertise successes listed one by one beyond the pool's highest unchained net;
    # the rest are "at_least" outcomes, exact all the same
    depth: Annotated[int, msgspec.Meta(
        ge=0, le=30, description="chained Expertise successes listed one by one")] = 2


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """The exact outcome distribution of a pool (``odds``)."""

    pool: dict[str, int]
    outcomes: list[Outcome]
    # the mass left out of ``outcomes``: always "0" (the chains are summed in closed form)
    tail: str
    # chained successes listed one by one (the query's ``depth``; 0 without Expertise dice)
    chain_depth: int = 0
    p_success: str
    expected_net_successes: str


class CheckOdds(msgspec.Struct, frozen=True, kw_only=True, tag_field="ruleset", tag="wish"):
    """``POST .../check-odds`` in a WISH campaign: the pool the check would assemble (digest
    §2.2), the source of each die, and the pool's exact odds."""

    pool: dict[str, int]
    sources: list[DiceSource]
    odds: OddsView
