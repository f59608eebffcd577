"""The working context WISH handlers decide in: states, options, dice and the events so far.

Handlers fold each event into a working copy as they go, so later steps see the
state earlier steps decided (a check's exertion before the damage it causes).
A refusal raises before anything is returned, so a refused command appends nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from contracts.rulesets import wish as c
from contracts.rulesets.wish import WishSheet
from contracts.rulesets.wish.events import EVENT_TYPES, WishEvent
from domain.dice import Dice
from domain.errors import NotFound, StateConflict
from domain.rulesets.base import RulesetEvent, character_key, encounter_key
from domain.rulesets.wish import (
    conditions,
    encounter,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.evolve import evolve
from domain.rulesets.wish.options import WishOptions

_TAGS: dict[type[WishEvent], str] = {cls: tag for tag, cls in EVENT_TYPES.items()}

char = character_key  # the package's short name for it (domain.rulesets.base)


enc = encounter_key  # the package's short name for it (domain.rulesets.base)


class Ctx:
    """Working states and the events decided so far."""

    def __init__(self, states: Mapping[str, Any], options: WishOptions, dice: Dice) -> None:
        self.states = dict(states)
        self.options = options
        self.dice = dice
        self.events: list[RulesetEvent] = []

    def emit(self, stream: str, event: WishEvent) -> None:
        """Record ``event`` on ``stream``: its type is its class's tag, and only the classes of
        the registry (``WISH_EVENTS``) are accepted; its data is its fields, tag left out."""
        type_ = _TAGS.get(type(event))
        if type_ is None:
            raise TypeError(f"{type(event).__name__} is not a registered WISH event")
        body: dict[str, Any] = msgspec.to_builtins(event)
        del body["type"]
        self.events.append(RulesetEvent(stream=stream, type=type_, data=body))
        self.states[stream] = evolve(self.states.get(stream), type_, body)

    def sheet(self, cid: str, field: str = "character_id") -> WishSheet:
        state = self.states.get(char(cid))
        if state is None:
            raise NotFound(field, "wish.character", f"no WISH character {cid!r}")
        return sheets.load(state)

    def encounter(self, eid: str) -> c.EncounterState:
        return encounter.active(self.states.get(enc(eid)), eid)



def able(s: WishSheet, o: WishOptions, field: str = "character_id") -> None:
    """The dead, the unconscious and the helpless cannot act (L196, L208, L1462-1463)."""
    if sheets.is_dead(s, o):
        raise StateConflict(field, "wish.health.death L208", "the character is dead")
    if sheets.is_unconscious(s, o):
        raise StateConflict(field, "wish.health.unconscious L196", "the character is unconscious")
    if conditions.count(s, "Lulled") or conditions.count(s, "Helpless"):
        raise StateConflict(field, "wish.condition.lulled L1462", "cannot take actions")


# A handler decides one command type in a context (emitting events) or raises a refusal.
Handler = Callable[["Ctx", Any], None]
