"""The Golden Heroes ruleset (seed 002): generation, the strike roll and its odds."""

from domain.rulesets.golden_heroes.ruleset import GOLDEN_HEROES

RULESET = GOLDEN_HEROES  # what ``domain.rulesets`` registers (``contracts.rulesets.PACKAGES``)

__all__ = ["GOLDEN_HEROES", "RULESET"]
