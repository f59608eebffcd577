"""Lingering effects (L262): 'takes effect immediately when used and remains in effect as long
as a character spends a maneuver each Turn to keep it on; as soon as a character is no longer
able or willing to expend a maneuver to maintain the effect it ends during the End of Turn
phase.' The turn it is used counts as maintained (it 'takes effect immediately')."""

from __future__ import annotations

from contracts.rulesets.wish import WishSheet
from domain.errors import DomainError, StateConflict


def maintainable(sheet: WishSheet, name: str | None) -> None:
    """The maneuver that keeps a Lingering effect (L262): 'remains in effect as long as a
    character spends a maneuver each Turn to keep it on' -- one in effect, once a turn."""
    rule = "wish.trait.lingering L262"
    if name is None:
        raise DomainError("stunt", rule, "name the Lingering stunt to maintain")
    if name not in sheet.lingering:
        raise StateConflict("stunt", rule, f"{name} is not a Lingering effect in play")
    if sheet.lingering[name]:
        raise StateConflict("stunt", rule, f"{name} is already maintained this turn")
