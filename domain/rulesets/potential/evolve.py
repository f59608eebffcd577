"""Folding recorded Potential events into a character's sheet (total: never fails)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets import potential as c
from domain.rulesets.potential import potential_bank
from domain.rulesets.potential import sheet as sheets


def _apply(sheet: c.PotentialSheet, event_type: str, data: Mapping[str, Any]
           ) -> c.PotentialSheet:
    name = event_type.removeprefix(f"{c.RULESET_ID}.")
    body = dict(data)
    if name == "ActionTaken":
        ev = msgspec.convert(body, c.ActionTaken)
        return potential_bank.spend(sheet, ev.pool.cost) if ev.tracked else sheet
    if name == "AttackResolved":
        att = msgspec.convert(body, c.AttackResolved)
        return potential_bank.spend(sheet, att.attack.cost) if att.tracked else sheet
    if name == "Resisted":
        res = msgspec.convert(body, c.Resisted)
        paid = potential_bank.spend(sheet, res.cost) if res.tracked else sheet
        return msgspec.structs.replace(paid, pending_damage=res.degree)
    if name == "LifeDiscarded":
        dis = msgspec.convert(body, c.LifeDiscarded)
        gone = set(dis.advantages)
        advs = [msgspec.structs.replace(a, discarded=True) if a.id in gone else a
                for a in sheet.advantages]
        return msgspec.structs.replace(sheet, advantages=advs, pending_damage=0)
    if name == "CombatStarted":
        return potential_bank.pre_spend(sheet, msgspec.convert(body, c.CombatStarted).readiness)
    if name == "CombatEnded":
        return potential_bank.restore(sheet)
    return sheet


def evolve(state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
    """Fold one event; an unreadable event leaves the sheet as it was."""
    try:
        sheet = sheets.load(state)
        return msgspec.to_builtins(_apply(sheet, event_type, data))
    except (msgspec.ValidationError, TypeError):
        return state
