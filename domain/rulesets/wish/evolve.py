"""Folding recorded WISH events into stream states, by event class. Total: an unknown event or
a state it cannot apply to leaves the state as it was; nothing here re-decides a rule.

``SHEET_FOLDS`` folds the events recorded on a character's stream into its sheet,
``ENCOUNTER_FOLDS`` those recorded on an encounter's stream into the encounter, and
``start_encounter`` makes an encounter's state from its first event. Each fold reads its
event's typed fields; ``evolve`` is the same fold for states and events in their stored form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets.wish import events as ev
from domain.rulesets.seam import EventCodec, Folds
from domain.rulesets.wish import encounter, evolve_advancement, evolve_checks, evolve_health, evolve_stunts
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.evolve_encounter import ENCOUNTER_FOLDS, start_encounter
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.upcast import upcast

SHEET_FOLDS: Folds[WishSheet] = Folds[WishSheet]().merge(
    evolve_checks.FOLDS, evolve_health.FOLDS, evolve_stunts.FOLDS, evolve_advancement.FOLDS)

_EVENTS: EventCodec[ev.WishEvent] = EventCodec(ev.EVENT_TYPES)

__all__ = ["ENCOUNTER_FOLDS", "SHEET_FOLDS", "evolve", "start_encounter"]


def evolve(state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
    """Fold one recorded event into its stream's stored state; returns plain data (dicts) ready
    to store or project. The body is decoded into its registered Struct first (brought up to it
    if it was recorded before some of its fields existed: ``upcast``): an event WISH does not
    register, or a body that does not fit its Struct, leaves the state as it was, and so does a
    state the fold cannot load or apply to."""
    try:
        event = _EVENTS.decode(event_type, upcast(state, event_type, data))
        if event is None:
            return state
        if type(event) in ENCOUNTER_FOLDS:
            if isinstance(event, ev.EncounterStarted):
                return msgspec.to_builtins(start_encounter(event))
            enc = encounter.load(state)
            if enc is None:
                return state
            return msgspec.to_builtins(ENCOUNTER_FOLDS.fold(enc, event))
        if type(event) in SHEET_FOLDS and state is not None:
            return sheets.dump(SHEET_FOLDS.fold(sheets.load(state), event))
    except (msgspec.ValidationError, KeyError, TypeError):
        return state  # total: a state that does not load cannot break the fold
    return state

