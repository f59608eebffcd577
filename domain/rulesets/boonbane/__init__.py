"""The boon/bane d20 ruleset (seed 001)."""

from domain.rulesets.boonbane.ruleset import BOONBANE

__all__ = ["BOONBANE"]
