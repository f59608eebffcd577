"""The Potential ruleset (seed 003): advantages, the potential bank, resistance and Life."""

from domain.rulesets.potential.ruleset import POTENTIAL

__all__ = ["POTENTIAL"]
