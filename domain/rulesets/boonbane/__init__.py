"""The boon/bane d20 ruleset (seed 001)."""

from domain.rulesets.boonbane.ruleset import BOONBANE

RULESET = BOONBANE  # what ``domain.rulesets`` registers (``contracts.rulesets.PACKAGES``)

__all__ = ["BOONBANE", "RULESET"]
