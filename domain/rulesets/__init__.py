"""The rulesets Skald implements, by id: the platform's generic one, and one per package in
``contracts.rulesets.PACKAGES`` (each ``domain/rulesets/<package>/`` exports its ``RULESET``)."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import msgspec

from contracts.rulesets import PACKAGES
from domain.errors import DomainError
from domain.rulesets.base import Ruleset, RulesetWithCommands
from domain.rulesets.generic import GENERIC


def _load(package: str) -> Ruleset:
    ruleset: Ruleset = importlib.import_module(f"{__name__}.{package}").RULESET
    return ruleset


RULESETS: dict[str, Ruleset] = {GENERIC.id: GENERIC,
                                 **{r.id: r for r in map(_load, PACKAGES)}}
_PACKAGE_OF: dict[str, str] = {_load(package).id: package for package in PACKAGES}


def part(ruleset_id: str, module: str) -> ModuleType | None:
    """A module every ruleset package may have (``narration``, ``sheet_keys``), of this ruleset;
    None when the ruleset has no such module."""
    package = _PACKAGE_OF.get(ruleset_id)
    if package is None or importlib.util.find_spec(f"{__name__}.{package}.{module}") is None:
        return None
    return importlib.import_module(f"{__name__}.{package}.{module}")
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
