"""Mappers between Potential's domain states (``state.py``) and the wire
(``contracts.rulesets.potential``): the views of a sheet and of a combat's order, and the few
nested values that cross between an event and a state.

Events and commands carry contract Structs; states hold the domain's own. A fold that puts an
event's value into a state, or a handler that copies a state's value into an event, converts it
here, by name.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from contracts.rulesets import potential as c
from domain.rulesets.mapping import as_struct as _as
from domain.rulesets.potential import state as s

# --------------------------------------------------------------------------- state -> wire


def sheet_view(sheet: s.PotentialSheet) -> c.PotentialSheet:
    """A character's sheet as the wire shows it (the gRPC sheet, the CreateCharacter schema)."""
    return _as(sheet, c.PotentialSheet)


def encounter_view(combat: s.CombatState) -> c.CombatState:
    """A combat's order as the wire shows it (the gRPC and OpenAPI encounter view)."""
    return _as(combat, c.CombatState)


def pending_attack_view(pending: s.PendingAttack) -> c.PendingAttack:
    """An attack waiting in a sheet (L50), as the wire value its resolution is read from."""
    return _as(pending, c.PendingAttack)


def bids_view(bids: Sequence[s.Bid]) -> list[c.Bid]:
    """An auction's bids (L37, P-25), as ``InitiativeSeized`` records them."""
    return [c.Bid(character_id=b.character_id, tokens=b.tokens) for b in bids]


# --------------------------------------------------------------------------- wire -> state


def pending_attack(pending: c.PendingAttack) -> s.PendingAttack:
    """An ``AttackPending`` event's attack, as the target's sheet holds it (L50)."""
    return _as(pending, s.PendingAttack)


def status(effect: c.StatusEffect) -> s.StatusEffect:
    """A ``StatusApplied`` event's status, as the target's sheet holds it (L67)."""
    return _as(effect, s.StatusEffect)


def view(state: s.PotentialSheet | s.CombatState) -> msgspec.Struct:
    """The wire view of either kind of Potential's stream state: what a read serves
    (``seam.CommandRuleset.view``)."""
    if isinstance(state, s.PotentialSheet):
        return sheet_view(state)
    return encounter_view(state)
