"""The explicit mappers between WISH's wire classes (``contracts.rulesets.wish``: commands,
events, the sheet and encounter views) and the domain's own state classes (``state*.py``).

``sheet_view`` and ``encounter_view`` give a state's wire view; the small named converters carry
a nested value across: into the state (``lasting``: an event's ``Lasting`` into the sheet) or out
of it (``lasting_view``: the sheet's into an event). Both sides have the same fields, so each is
the value re-read as the other class, with the same stored bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

import contracts.rulesets.wish as c
from domain.rulesets.mapping import as_struct as _as
from domain.rulesets.mapping import as_structs as _all
from domain.rulesets.wish import state_checks as chk
from domain.rulesets.wish import state_effects as eff
from domain.rulesets.wish import state_encounter as enc
from domain.rulesets.wish.state import (
    ConditionInstance,
    Hindrance,
    Lasting,
    Skill,
    Specialization,
    Stunt,
    StuntCost,
    WishSheet,
)

# state -> wire views


def sheet_view(sheet: WishSheet) -> c.WishSheet:
    """A character's state as the wire's sheet (gRPC, CreateCharacter's schema)."""
    return _as(sheet, c.WishSheet)


def encounter_view(state: enc.EncounterState) -> c.EncounterState:
    """An encounter's state as the wire's encounter view (the OpenAPI ``Encounter`` union)."""
    return _as(state, c.EncounterState)


def lasting_view(value: Lasting) -> c.Lasting:
    return _as(value, c.Lasting)


def condition_view(value: ConditionInstance) -> c.ConditionInstance:
    return _as(value, c.ConditionInstance)


def dot_view(value: eff.DoTEffect) -> c.DoTEffect:
    return _as(value, c.DoTEffect)


def skills_view(values: dict[str, Skill]) -> dict[str, c.Skill]:
    return {k: _as(v, c.Skill) for k, v in values.items()}


def stunts_view(values: dict[str, Stunt]) -> dict[str, c.Stunt]:
    return {k: _as(v, c.Stunt) for k, v in values.items()}


def specializations_view(values: Iterable[Specialization]) -> list[c.Specialization]:
    return _all(values, c.Specialization)


def slots_view(values: Iterable[enc.InitiativeSlot]) -> list[c.InitiativeSlot]:
    return _all(values, c.InitiativeSlot)


def tally_view(value: chk.Tally) -> c.Tally:
    return _as(value, c.Tally)


def result_view(value: chk.CheckResult) -> c.CheckResult:
    return _as(value, c.CheckResult)


def dice_view(values: Iterable[chk.DieRoll]) -> list[c.DieRoll]:
    return _all(values, c.DieRoll)


# wire -> state converters


def lasting(value: c.Lasting) -> Lasting:
    return _as(value, Lasting)


def condition(value: c.ConditionInstance) -> ConditionInstance:
    return _as(value, ConditionInstance)


def dot(value: c.DoTEffect) -> eff.DoTEffect:
    return _as(value, eff.DoTEffect)


def dot_spec(value: c.DoTSpec | None) -> eff.DoTSpec | None:
    return None if value is None else _as(value, eff.DoTSpec)


def deflect_spec(value: c.DeflectSpec | None) -> eff.DeflectSpec | None:
    return None if value is None else _as(value, eff.DeflectSpec)


def stunt_cost(value: c.StuntCost) -> StuntCost:
    return _as(value, StuntCost)


def specialization(value: c.Specialization) -> Specialization:
    return _as(value, Specialization)


def skills(values: dict[str, c.Skill]) -> dict[str, Skill]:
    return {k: _as(v, Skill) for k, v in values.items()}


def stunts(values: dict[str, c.Stunt]) -> dict[str, Stunt]:
    return {k: _as(v, Stunt) for k, v in values.items()}


def hindrance(value: c.Hindrance) -> Hindrance:
    return _as(value, Hindrance)


def slots(values: Iterable[c.InitiativeSlot]) -> list[enc.InitiativeSlot]:
    return _all(values, enc.InitiativeSlot)


def tally(value: c.Tally) -> chk.Tally:
    return _as(value, chk.Tally)


def result(value: c.CheckResult) -> chk.CheckResult:
    return _as(value, chk.CheckResult)


def dice(values: Iterable[c.DieRoll]) -> list[chk.DieRoll]:
    return _all(values, chk.DieRoll)


def view(state: WishSheet | enc.EncounterState) -> msgspec.Struct:
    """The wire view of either kind of WISH's stream state: what a read serves
    (``seam.CommandRuleset.view``)."""
    if isinstance(state, WishSheet):
        return sheet_view(state)
    return encounter_view(state)
