"""The Grandstand maneuver (L546-552): Protected until the actor's next Turn begins."""

from __future__ import annotations

from typing import Final

from domain.rulesets.wish.state import ConditionInstance, WishSheet

# Marks a condition the Beginning of Turn removes: a Grandstand's Protected (L550, digest
# D-46), and those of Recover and Ward (basic_action_effects.py).
UNTIL: Final = "until the next turn begins"
UNTIL_NEXT_TURN: Final = f"{UNTIL} (Grandstand L550)"


def until_next_turn(source: str) -> str:
    """The note of a condition that lasts until its bearer's next Turn begins."""
    return f"{UNTIL} ({source})"


def protected(sheet: WishSheet) -> ConditionInstance:
    """The Protected condition a maneuver Grandstand grants (L550): opponents add its dice to
    attacks targeting the character (L1501) until the character's next Turn begins."""
    return ConditionInstance(id=f"cond-{sheet.serial + 1}", name="Protected",
                             duration="contingent", note=UNTIL_NEXT_TURN)


def expiring_at_turn_start(sheet: WishSheet) -> list[tuple[str, str]]:
    """The conditions that end as this Turn begins (L550): each id and what granted it."""
    return [(c.id, c.note[len(UNTIL):].strip(" ()")) for c in sheet.conditions
            if c.note.startswith(UNTIL)]
