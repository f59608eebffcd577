"""The Potential ruleset (seed 003): advantages, the potential bank, resistance and Life."""

from domain.rulesets.potential.ruleset import POTENTIAL

RULESET = POTENTIAL  # what ``domain.rulesets`` registers (``contracts.rulesets.PACKAGES``)

__all__ = ["POTENTIAL", "RULESET"]
