"""The explicit mappers between boon/bane's domain states (``state.py``) and the wire
(``contracts.rulesets.boonbane``): a state's view for the API, and the nested values that
cross between an event or command and a state. Each converts through the plain form both
share (the stored form), so a view encodes exactly as the state is stored."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import play as p
from domain.rulesets.boonbane import state as s
from domain.rulesets.mapping import as_struct as _as


def sheet_view(state: s.BoonbaneSheet) -> c.BoonbaneSheet:
    """A creature's sheet as the wire shows it (the CreateCharacter schema, the gRPC sheet)."""
    return _as(state, c.BoonbaneSheet)


def encounter_view(state: s.BoonbaneEncounter) -> p.BoonbaneEncounter:
    """An encounter's round state as the wire shows it (the OpenAPI ``Encounter`` union)."""
    return _as(state, p.BoonbaneEncounter)


# --------------------------------------------------------------------------- wire -> state


def affliction(value: c.AfflictionInstance) -> s.AfflictionInstance:
    """An affliction's instance an event carries (AfflictionAdded, DamageTaken, ...), as the
    sheet holds it (L303-L306)."""
    return _as(value, s.AfflictionInstance)


def afflictions(values: Iterable[c.AfflictionInstance]) -> list[s.AfflictionInstance]:
    """The instances an event carries (AfflictionsTicked, TimePassed, FateAmended)."""
    return [affliction(v) for v in values]


def round_effect(value: c.RoundEffect) -> s.RoundEffect:
    """A round's effect an event carries (RoundEffectAdded, RoundEffectUsed), as the sheet
    holds it (digest §3.2)."""
    return _as(value, s.RoundEffect)


def on_success(values: Iterable[c.OnSuccess]) -> list[s.OnSuccess]:
    """What a roll's success does (RollMade.on_success, L11), as the sheet's latest roll keeps
    it for Fortune (L45)."""
    return [_as(v, s.OnSuccess) for v in values]


def last_fate(value: c.FateRolled) -> s.LastFate:
    """A Fate roll (L34-L42), as the sheet keeps it for Fortune (L47)."""
    return _as(value, s.LastFate)


# --------------------------------------------------------------------------- state -> wire


def wire_affliction(value: s.AfflictionInstance) -> c.AfflictionInstance:
    """A sheet's affliction instance, as an event carries it (AfflictionRemoved, ...)."""
    return _as(value, c.AfflictionInstance)


def wire_afflictions(values: Iterable[s.AfflictionInstance]) -> list[c.AfflictionInstance]:
    """A sheet's affliction instances, as an event carries them (AfflictionsTicked, ...)."""
    return [wire_affliction(v) for v in values]


def wire_round_effect(value: s.RoundEffect) -> c.RoundEffect:
    """A sheet's round effect, as an event carries it (RoundEffectUsed, AfflictionsTicked)."""
    return _as(value, c.RoundEffect)


def wire_on_success(values: Iterable[s.OnSuccess]) -> list[c.OnSuccess]:
    """What the sheet's latest roll does on a success (L11), as the roll's effects are read
    when Fortune turns it into one (L45)."""
    return [_as(v, c.OnSuccess) for v in values]


def wire_fate(value: s.LastFate) -> c.FateRolled:
    """The sheet's latest Fate roll, as an event carries it (FateAmended, L47)."""
    return _as(value, c.FateRolled)


def view(state: s.BoonbaneSheet | s.BoonbaneEncounter) -> msgspec.Struct:
    """The wire view of either kind of boon/bane's stream state: what a read serves
    (``seam.CommandRuleset.view``)."""
    if isinstance(state, s.BoonbaneSheet):
        return sheet_view(state)
    return encounter_view(state)
