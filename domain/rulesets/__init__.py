"""The rulesets Skald implements, by id."""

from __future__ import annotations

import msgspec

from domain.errors import DomainError
from domain.rulesets.base import Ruleset, RulesetWithCommands
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.generic import GENERIC
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from domain.rulesets.potential import POTENTIAL
from domain.rulesets.wish import WISH

RULESETS: dict[str, Ruleset] = {GENERIC.id: GENERIC, WISH.id: WISH,
                                 GOLDEN_HEROES.id: GOLDEN_HEROES, BOONBANE.id: BOONBANE,
                                 POTENTIAL.id: POTENTIAL}
_COMMAND_RULESET: dict[type[msgspec.Struct], RulesetWithCommands] = {
    payload: ruleset
    for ruleset in RULESETS.values() if isinstance(ruleset, RulesetWithCommands)
    for payload in ruleset.command_types.values()
}


def command_ruleset(command: msgspec.Struct) -> RulesetWithCommands | None:
    """The ruleset that decides a command, or None for a platform command."""
    return _COMMAND_RULESET.get(type(command))


def get_ruleset(ruleset_id: str) -> Ruleset:
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        known = ", ".join(sorted(RULESETS))
        raise DomainError("payload.ruleset", "campaign.ruleset-known",
                          f"unknown ruleset {ruleset_id!r}; known: {known}")
    return ruleset
