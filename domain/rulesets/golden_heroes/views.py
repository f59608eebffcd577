"""The one place Golden Heroes values cross between the domain's state (``state.py``) and the
wire (``contracts.rulesets.golden_heroes``): a stream state's public view, and the named
converters for the nested values events carry into a state or take from it.

Each is a field-for-field copy (the two classes have the same fields), so a view encodes to
exactly the stored form of the state it shows.
"""

from __future__ import annotations

from typing import overload

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.mapping import as_struct as _as

# --------------------------------------------------------------------------- state -> view


def sheet_view(sheet: st.GoldenHeroesSheet) -> c.GoldenHeroesSheet:
    """A character's sheet as the wire shows it (the gRPC ``Character`` sheet, the schema a
    created character's sheet is checked against)."""
    return _as(sheet, c.GoldenHeroesSheet)


def encounter_view(fight: st.EncounterState) -> c.EncounterState:
    """A fight as the wire shows it (the OpenAPI ``Encounter``, the gRPC ``Encounter``)."""
    return _as(fight, c.EncounterState)


@overload
def pending_attack_view(attack: st.PendingAttack) -> c.PendingAttack: ...
@overload
def pending_attack_view(attack: None) -> None: ...
def pending_attack_view(attack: st.PendingAttack | None) -> c.PendingAttack | None:
    """A hit as an event carries it: one waiting on a sheet (Hero Points, L373) or one just
    decided (``HitPending``, ``StrikeRolled``, L79)."""
    return None if attack is None else _as(attack, c.PendingAttack)


@overload
def grip_view(grip: st.Grip) -> c.Grip: ...
@overload
def grip_view(grip: None) -> None: ...
def grip_view(grip: st.Grip | None) -> c.Grip | None:
    """A grip as ``GripChanged`` carries it (None: let go; L75-L76, L83)."""
    return None if grip is None else _as(grip, c.Grip)


@overload
def energy_pool_view(pool: st.EnergyPool) -> c.EnergyPool: ...
@overload
def energy_pool_view(pool: None) -> None: ...
def energy_pool_view(pool: st.EnergyPool | None) -> c.EnergyPool | None:
    """An Energy Attack pool as ``StrikeRolled`` carries it (L178)."""
    return None if pool is None else _as(pool, c.EnergyPool)


def combatant_view(fighter: st.Combatant) -> c.Combatant:
    """A fighter as ``CombatStarted`` carries it (L42-L43)."""
    return _as(fighter, c.Combatant)


# --------------------------------------------------------------------------- event -> state


@overload
def pending_attack(attack: c.PendingAttack) -> st.PendingAttack: ...
@overload
def pending_attack(attack: None) -> None: ...
def pending_attack(attack: c.PendingAttack | None) -> st.PendingAttack | None:
    """The hit an event (``HitPending``, ``StrikeRolled``, ``HeroPointsSpent``) puts on a
    sheet (L79, L373)."""
    return None if attack is None else _as(attack, st.PendingAttack)


@overload
def grip(value: c.Grip) -> st.Grip: ...
@overload
def grip(value: None) -> None: ...
def grip(value: c.Grip | None) -> st.Grip | None:
    """The grip ``GripChanged`` puts on a sheet (None: no longer held; L75-L76, L83)."""
    return None if value is None else _as(value, st.Grip)


@overload
def energy_pool(pool: c.EnergyPool) -> st.EnergyPool: ...
@overload
def energy_pool(pool: None) -> None: ...
def energy_pool(pool: c.EnergyPool | None) -> st.EnergyPool | None:
    """The Energy Attack pool ``StrikeRolled`` puts on a sheet (L178)."""
    return None if pool is None else _as(pool, st.EnergyPool)


def combatant(value: c.Combatant) -> st.Combatant:
    """A fighter ``CombatStarted`` puts in a fight (L42-L43)."""
    return _as(value, st.Combatant)


def view(state: st.GoldenHeroesSheet | st.EncounterState) -> msgspec.Struct:
    """The wire view of either kind of Golden Heroes' stream state: what a read serves
    (``seam.CommandRuleset.view``)."""
    if isinstance(state, st.GoldenHeroesSheet):
        return sheet_view(state)
    return encounter_view(state)
