"""Wire schema of each ruleset's own commands, events and views, one package per ruleset.

``PACKAGES`` is the one list of rulesets with commands: each name is a package here and under
``domain/rulesets/``. Adding a ruleset is its two packages and one name in this list."""

from __future__ import annotations

import importlib
from typing import Final

from contracts.ruleset_contract import RulesetContract

# in the order their commands and events appear in the union types and the documents
PACKAGES: Final = ("wish", "golden_heroes", "boonbane", "potential")


def contracts() -> tuple[RulesetContract, ...]:
    """Each ruleset's ``CONTRACT`` (its package's ``contract`` module), in ``PACKAGES`` order."""
    found: list[RulesetContract] = []
    for package in PACKAGES:
        contract = importlib.import_module(f"{__name__}.{package}.contract").CONTRACT
        assert isinstance(contract, RulesetContract)
        found.append(contract)
    return tuple(found)
