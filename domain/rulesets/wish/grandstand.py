"""The Grandstand maneuver (L546-552): Protected until the actor's next Turn begins."""

from __future__ import annotations

from typing import Final

from contracts.rulesets.wish import ConditionInstance, WishSheet

# Marks the Protected a Grandstand grants; the Beginning of Turn removes it (L550, digest D-46).
UNTIL_NEXT_TURN: Final = "until the next turn begins (Grandstand L550)"


def protected(sheet: WishSheet) -> ConditionInstance:
    """The Protected condition a maneuver Grandstand grants (L550): opponents add its dice to
    attacks targeting the character (L1501) until the character's next Turn begins."""
    return ConditionInstance(id=f"cond-{sheet.serial + 1}", name="Protected",
                             duration="contingent", note=UNTIL_NEXT_TURN)


def expiring_at_turn_start(sheet: WishSheet) -> list[str]:
    """Ids of the Grandstand Protected instances that end as this Turn begins (L550)."""
    return [c.id for c in sheet.conditions if c.note == UNTIL_NEXT_TURN]
