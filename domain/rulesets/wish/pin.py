"""Pin (L446): 'Allows a character to turn an Action card into a React by declaring a trigger
event; if the event occurs before the character's next action they play the pinned Action as if
it were a React, otherwise the Action is lost'. The card is held on the sheet from the Pin to
its play, or until the character's next Turn begins (its next action), when it lapses."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.wish import events as ev
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish.state import PinnedCard, WishSheet

RULE: Final = "wish.basic_action.pin L446"


def playable(sheet: WishSheet, stunt: str | None) -> str:
    """The pinned card, played as a React: one is held, and ``stunt`` names it or nothing."""
    if sheet.pinned is None:
        raise StateConflict("character_id", RULE, "no Action card is pinned")
    if stunt is not None and stunt != sheet.pinned.card:
        raise DomainError("stunt", RULE, f"the pinned card is {sheet.pinned.card}, not {stunt}")
    return sheet.pinned.card


def fold_pinned(s: WishSheet, e: ev.CardPinned) -> WishSheet:
    """Fold ``wish.CardPinned``."""
    return msgspec.structs.replace(s, pinned=PinnedCard(card=e.card, trigger=e.trigger))


def fold_cleared(s: WishSheet, e: ev.PinnedPlayed | ev.PinLapsed) -> WishSheet:
    """Fold ``wish.PinnedPlayed`` and ``wish.PinLapsed``: no card held any more."""
    return msgspec.structs.replace(s, pinned=None)
