"""The working context WISH handlers decide in: states, options, dice and the events so far.

It is the seam's ``Working`` context (``domain.rulesets.seam``) over WISH's typed states (a
character's ``WishSheet``, an encounter's ``EncounterState``): each emitted event is folded into
a working copy as it goes, so later steps see the state earlier steps decided (a check's
exertion before the damage it causes). A refusal raises before anything is returned, so a
refused command appends nothing.
"""

from __future__ import annotations

from contracts.rulesets.wish.events import EVENT_TYPES, WishEvent
from domain.errors import NotFound, StateConflict
from domain.rulesets.base import character_key, encounter_key
from domain.rulesets.seam import Visibility, Working
from domain.rulesets.wish import (
    conditions,
    encounter,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_encounter import EncounterState

WishState = WishSheet | EncounterState  # the state of a WISH stream
_REGISTERED: frozenset[type[WishEvent]] = frozenset(EVENT_TYPES.values())

char = character_key  # the package's short name for it (domain.rulesets.base)


enc = encounter_key  # the package's short name for it (domain.rulesets.base)


class Ctx(Working[WishState, WishEvent, WishOptions]):
    """Working states and the events decided so far, with WISH's readers of them."""

    def emit(self, stream: str, event: WishEvent, visibility: Visibility = "public") -> None:
        """Record ``event`` on ``stream`` and fold it into the working state; only the classes
        of the registry (``WISH_EVENTS``) are accepted."""
        if type(event) not in _REGISTERED:
            raise TypeError(f"{type(event).__name__} is not a registered WISH event")
        super().emit(stream, event, visibility)

    def sheet(self, cid: str, field: str = "character_id") -> WishSheet:
        """The character's working sheet; refuses (naming ``field``) if there is none."""
        state = self.states.get(char(cid))
        if not isinstance(state, WishSheet):
            raise NotFound(field, "wish.character", f"no WISH character {cid!r}")
        return state

    def started(self, eid: str) -> EncounterState | None:
        """The encounter's working state, running or ended; None if it never started."""
        state = self.states.get(enc(eid))
        return state if isinstance(state, EncounterState) else None

    def encounter(self, eid: str) -> EncounterState:
        """The running encounter; refuses if it has not started or has ended (L378)."""
        return encounter.active(self.started(eid), eid)


def able(s: WishSheet, o: WishOptions, field: str = "character_id") -> None:
    """The dead, the unconscious and the helpless cannot act (L196, L208, L1462-1463)."""
    if sheets.is_dead(s, o):
        raise StateConflict(field, "wish.health.death L208", "the character is dead")
    if sheets.is_unconscious(s, o):
        raise StateConflict(field, "wish.health.unconscious L196", "the character is unconscious")
    if conditions.count(s, "Lulled") or conditions.count(s, "Helpless"):
        raise StateConflict(field, "wish.condition.lulled L1462", "cannot take actions")
