"""Deciding combat's start and end (L32-35, P-22) and Life discards (L55-58)."""

from __future__ import annotations

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import combat_order, damage
from domain.rulesets.potential.context import Ctx, char, combat_of, combat_stream, sheet_of
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


@HANDLERS.on(c.StartCombat)
def start_combat(ctx: Ctx, cmd: c.StartCombat) -> None:
    """Readiness (L33-35): each participant starts with ``readiness`` dynamic tokens spent;
    the GL may nominate the first to act (P-23)."""
    unknown = set(cmd.readiness) - set(cmd.participants)
    if unknown:
        raise DomainError("payload.readiness", "potential.readiness L33",
                          f"not participants: {sorted(unknown)}")
    if cmd.first is not None and cmd.first not in cmd.participants:
        raise DomainError("payload.first", "potential.nominate L37",
                          f"{cmd.first!r} is not a participant")
    if combat_of(ctx, cmd.combat_id).active:
        raise StateConflict("payload.combat_id", "potential.combat L30",
                            f"combat {cmd.combat_id!r} is already running")
    started: list[c.CombatStarted] = []
    for cid in dict.fromkeys(cmd.participants):
        sheet = sheet_of(ctx, cid, "payload.participants")
        if sheet.in_combat:
            raise StateConflict("payload.participants", "potential.combat L30",
                                f"{cid!r} is already in combat")
        ready = cmd.readiness.get(cid, 0)
        if ready > sheet.dynamic.bank + sheet.dynamic.spent:
            raise DomainError("payload.readiness", "potential.readiness L35",
                              f"{cid!r} has only {sheet.dynamic.bank + sheet.dynamic.spent} "
                              "dynamic potential")
        started.append(c.CombatStarted(character_id=cid, readiness=ready,
                                       combat_id=cmd.combat_id))
    for event in started:
        ctx.emit(char(event.character_id), event)
    ctx.emit(combat_stream(cmd.combat_id), c.CombatOpened(
        combat_id=cmd.combat_id, participants=list(dict.fromkeys(cmd.participants)),
        first=cmd.first))


@HANDLERS.on(c.EndCombat)
def end_combat(ctx: Ctx, cmd: c.EndCombat) -> None:
    """P-22: after combat every token returns to the bank; under the ``end_of_combat`` recovery
    option (P-20) every discarded advantage is recovered too."""
    combat = combat_order.active(combat_of(ctx, cmd.combat_id), cmd.combat_id)
    if sorted(set(cmd.participants)) != sorted(combat.participants):
        raise DomainError("payload.participants", "potential.combat L30",
                          f"the combat's participants are {combat.participants}")
    ended: list[c.CombatEnded] = []
    for cid in dict.fromkeys(cmd.participants):
        sheet = sheet_of(ctx, cid, "payload.participants")
        if not sheet.in_combat:
            raise StateConflict("payload.participants", "potential.combat L30",
                                f"{cid!r} is not in combat")
        healed = ([a.id for a in sheet.advantages if a.discarded]
                  if ctx.options.recovery_policy == "end_of_combat" else [])
        ended.append(c.CombatEnded(character_id=cid, recovered=healed))
    for event in ended:
        ctx.emit(char(event.character_id), event)
    ctx.emit(combat_stream(cmd.combat_id), c.CombatClosed(combat_id=cmd.combat_id))


@HANDLERS.on(c.DiscardLife)
def discard_life(ctx: Ctx, cmd: c.DiscardLife) -> None:
    """L57: the player chooses Life advantages whose CP covers the degree of success."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    opts = ctx.options
    cp, exhausted = damage.check_discard(sheet, cmd.advantages, sheet.pending_damage,
                                         opts.discard_rule)
    ctx.emit(char(cmd.character_id), c.LifeDiscarded(
        character_id=cmd.character_id, advantages=list(cmd.advantages), cp=cp,
        covered=sheet.pending_damage, exhausted=exhausted))
    if exhausted and opts.on_life_exhausted == "unconscious" and sheet.conscious:  # P-18
        ctx.emit(char(cmd.character_id), c.ConsciousnessSet(
            character_id=cmd.character_id, conscious=False,
            reason="Life exhausted (P-18, option on_life_exhausted)"))
