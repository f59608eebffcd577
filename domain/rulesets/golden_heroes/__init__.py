"""The Golden Heroes ruleset (seed 002): generation, the strike roll and its odds."""

from domain.rulesets.golden_heroes.ruleset import GOLDEN_HEROES

__all__ = ["GOLDEN_HEROES"]
