"""Skill purchases (L986, L1084): the free specialization that comes with a skill's first
training rank, and the sheet's name of one mode of a Travel skill."""

from __future__ import annotations

from contracts.rulesets.wish import Purchase
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import travel_modes
from domain.rulesets.wish.state import Skill


def free_specialization(skill: Skill, p: Purchase) -> None:
    """Free skill specialization (L986): training the first rank in a skill may name one
    specialization with that skill, at no cost; later ranks bring none."""
    if not p.specializations:
        return
    rule = "wish.specialization.free L986"
    if skill.ranks != 0:
        raise StateConflict("purchase.specializations", rule,
                            "the free specialization comes with the first rank only")
    if len(p.specializations) != 1 or p.specializations[0].target != p.target:
        raise DomainError("purchase.specializations", rule,
                          f"one specialization with {p.target} comes with its first rank")


def acquired_name(p: Purchase) -> str:
    """The sheet's name of an acquired skill: one mode of a Travel skill is its own skill,
    ``Superflight (Winged)`` (L1084)."""
    return travel_modes.skill_name(p.target, p.mode) if p.mode else p.target
