"""Deciding combat's start and end (L32-35, P-22) and Life discards (L55-58)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.base import RulesetEvent
from domain.rulesets.potential import damage
from domain.rulesets.potential.decide_actions import RID, char
from domain.rulesets.potential.options import PotentialOptions

Load = Callable[[str, str], c.PotentialSheet]


def start_combat(cmd: c.StartCombat, load: Load) -> list[RulesetEvent]:
    """Readiness (L33-35): each participant starts with ``readiness`` dynamic tokens spent."""
    unknown = set(cmd.readiness) - set(cmd.participants)
    if unknown:
        raise DomainError("payload.readiness", "potential.readiness L33",
                          f"not participants: {sorted(unknown)}")
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
                                    c.CombatStarted(character_id=cid, readiness=ready))))
    return out


def end_combat(cmd: c.EndCombat, load: Load, opts: PotentialOptions) -> list[RulesetEvent]:
    """P-22: after combat every token returns to the bank; under the ``end_of_combat`` recovery
    option (P-20) every discarded advantage is recovered too."""
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
    return out


def discard_life(cmd: c.DiscardLife, sheet: c.PotentialSheet,
                 opts: PotentialOptions) -> list[RulesetEvent]:
    """L57: the player chooses Life advantages whose CP covers the degree of success."""
    cp, exhausted = damage.check_discard(sheet, cmd.advantages, sheet.pending_damage,
                                         opts.discard_rule)
    ev = c.LifeDiscarded(character_id=cmd.character_id, advantages=list(cmd.advantages), cp=cp,
                         covered=sheet.pending_damage, exhausted=exhausted)
    return [RulesetEvent(stream=char(cmd.character_id), type=f"{RID}.LifeDiscarded",
                         data=msgspec.to_builtins(ev))]
