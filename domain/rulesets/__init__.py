"""The rulesets Skald implements, by id."""

from __future__ import annotations

from domain.errors import DomainError
from domain.rulesets.base import Ruleset
from domain.rulesets.generic import GENERIC

RULESETS: dict[str, Ruleset] = {GENERIC.id: GENERIC}


def get_ruleset(ruleset_id: str) -> Ruleset:
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        known = ", ".join(sorted(RULESETS))
        raise DomainError("payload.ruleset", "campaign.ruleset-known",
                          f"unknown ruleset {ruleset_id!r}; known: {known}")
    return ruleset
