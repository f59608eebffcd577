"""The explicit mappers between boon/bane's domain states (``state.py``) and the wire
(``contracts.rulesets.boonbane``): a state's view for the API, and the nested values that
cross between an event or command and a state. Each converts through the plain form both
share (the stored form), so a view encodes exactly as the state is stored."""

from __future__ import annotations

from typing import TypeVar

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import play as p
from domain.rulesets.boonbane import state as s

T = TypeVar("T", bound=msgspec.Struct)


def _as(value: msgspec.Struct, cls: type[T]) -> T:
    """``value`` as ``cls`` through their shared plain form."""
    return msgspec.convert(msgspec.to_builtins(value), cls)


def sheet_view(state: s.BoonbaneSheet) -> c.BoonbaneSheet:
    """A creature's sheet as the wire shows it (the CreateCharacter schema, the gRPC sheet)."""
    return _as(state, c.BoonbaneSheet)


def encounter_view(state: s.BoonbaneEncounter) -> p.BoonbaneEncounter:
    """An encounter's round state as the wire shows it (the OpenAPI ``Encounter`` union)."""
    return _as(state, p.BoonbaneEncounter)
