"""Deciding combat's start and end (L32-35, P-22) and Life discards (L55-58)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.base import RulesetEvent
from domain.rulesets.potential import combat_order, damage
from domain.rulesets.potential.decide_actions import RID, char, ev
from domain.rulesets.potential.options import PotentialOptions

Load = Callable[[str, str], c.PotentialSheet]


def _combat_ev(combat_id: str, body: msgspec.Struct) -> RulesetEvent:
    return RulesetEvent(stream=combat_order.stream(combat_id),
                        type=f"{RID}.{type(body).__name__}", data=msgspec.to_builtins(body))


def start_combat(cmd: c.StartCombat, load: Load, raw_combat: Any) -> list[RulesetEvent]:
    """Readiness (L33-35): each participant starts with ``readiness`` dynamic tokens spent;
    the GL may nominate the first to act (P-23)."""
    unknown = set(cmd.readiness) - set(cmd.participants)
    if unknown:
        raise DomainError("payload.readiness", "potential.readiness L33",
                          f"not participants: {sorted(unknown)}")
    if cmd.first is not None and cmd.first not in cmd.participants:
        raise DomainError("payload.first", "potential.nominate L37",
                          f"{cmd.first!r} is not a participant")
    if combat_order.load(raw_combat).active:
        raise StateConflict("payload.combat_id", "potential.combat L30",
                            f"combat {cmd.combat_id!r} is already running")
    out = []
    for cid in dict.fromkeys(cmd.participants):
        sheet = load(cid, "payload.participants")
        if sheet.in_combat:
            raise StateConflict("payload.participants", "potential.combat L30",
                                f"{cid!r} is already in combat")
        ready = cmd.readiness.get(cid, 0)
        if ready > sheet.dynamic.bank + sheet.dynamic.spent:
            raise DomainError("payload.readiness", "potential.readiness L35",
                              f"{cid!r} has only {sheet.dynamic.bank + sheet.dynamic.spent} "
                              "dynamic potential")
        out.append(RulesetEvent(stream=char(cid), type=f"{RID}.CombatStarted",
                                data=msgspec.to_builtins(
                                    c.CombatStarted(character_id=cid, readiness=ready,
                                                    combat_id=cmd.combat_id))))
    return out + [_combat_ev(cmd.combat_id, c.CombatOpened(
        combat_id=cmd.combat_id, participants=list(dict.fromkeys(cmd.participants)),
        first=cmd.first))]


def end_combat(cmd: c.EndCombat, load: Load, opts: PotentialOptions,
               raw_combat: Any) -> list[RulesetEvent]:
    """P-22: after combat every token returns to the bank; under the ``end_of_combat`` recovery
    option (P-20) every discarded advantage is recovered too."""
    combat = combat_order.active(raw_combat, cmd.combat_id)
    if sorted(set(cmd.participants)) != sorted(combat.participants):
        raise DomainError("payload.participants", "potential.combat L30",
                          f"the combat's participants are {combat.participants}")
    out = []
    for cid in dict.fromkeys(cmd.participants):
        sheet = load(cid, "payload.participants")
        if not sheet.in_combat:
            raise StateConflict("payload.participants", "potential.combat L30",
                                f"{cid!r} is not in combat")
        healed = ([a.id for a in sheet.advantages if a.discarded]
                  if opts.recovery_policy == "end_of_combat" else [])
        out.append(RulesetEvent(stream=char(cid), type=f"{RID}.CombatEnded",
                                data=msgspec.to_builtins(
                                    c.CombatEnded(character_id=cid, recovered=healed))))
    return out + [_combat_ev(cmd.combat_id, c.CombatClosed(combat_id=cmd.combat_id))]


def discard_life(cmd: c.DiscardLife, sheet: c.PotentialSheet,
                 opts: PotentialOptions) -> list[RulesetEvent]:
    """L57: the player chooses Life advantages whose CP covers the degree of success."""
    cp, exhausted = damage.check_discard(sheet, cmd.advantages, sheet.pending_damage,
                                         opts.discard_rule)
    body = c.LifeDiscarded(character_id=cmd.character_id, advantages=list(cmd.advantages),
                           cp=cp, covered=sheet.pending_damage, exhausted=exhausted)
    out = [ev(cmd.character_id, body)]
    if exhausted and opts.on_life_exhausted == "unconscious" and sheet.conscious:  # P-18
        out.append(ev(cmd.character_id, c.ConsciousnessSet(
            character_id=cmd.character_id, conscious=False,
            reason="Life exhausted (P-18, option on_life_exhausted)")))
    return out
