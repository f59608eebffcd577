"""WISH odds: the query of ``GET /v1/rulesets/wish/odds`` and its exact reply (L3-69)."""

from __future__ import annotations

from typing import Annotated

import msgspec


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    net_successes: int
    net_boons: int
    serendipity: int
    calamity: int
    probability: str  # an exact fraction "p/q"


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The parameters of ``GET /v1/rulesets/wish/odds``."""

    # DIE:COUNT pairs, comma-separated: ``CHR:3,OFF:2,CHL:1`` (dice of L3-69)
    pool: Annotated[str, msgspec.Meta(
        min_length=1, max_length=200, pattern=r"^[A-Za-z]+:[0-9]{1,3}(,[A-Za-z]+:[0-9]{1,3})*$",
        description="DIE:COUNT pairs, e.g. CHR:3,OFF:2,CHL:1")]
    # read each Serendipity as one more success instead
    downgrade: bool = False


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """The exact outcome distribution of a pool (``odds``)."""

    pool: dict[str, int]
    outcomes: list[Outcome]
    # exact mass left out of ``outcomes``: Expertise chains deeper than ``chain_depth`` in all,
    # below 1e-15 ("0" without Expertise dice); p_success and the expectation include it
    tail: str
    chain_depth: int = 0
    p_success: str
    expected_net_successes: str
