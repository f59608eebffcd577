"""Deciding the Rally Step (L257, L1405; digest G-8, option ``rally_step``). Rally abilities
used in it are decided with the checks (``decide_checks``, ``rally.free_use``)."""

from __future__ import annotations

from contracts.rulesets.wish import RallyStep
from contracts.rulesets.wish import events as ev
from domain.errors import DomainError
from domain.rulesets.seam import Handlers
from domain.rulesets.wish import rally
from domain.rulesets.wish.decide_context import Ctx, char, enc


def rally_step(ctx: Ctx, cmd: RallyStep) -> None:
    """RallyStep (GM, G-8): between turns, a Rally Step opens until the next Turn begins; Rally
    abilities are usable in it as a kind of free Action (L257) and Encounter conditions end
    (L1405: 'until combat ends or a Rally Step happens'). No automatic recovery (G-8)."""
    e = ctx.encounter(cmd.encounter_id)
    rally.can_call(e, ctx.options.rally_step)
    if sorted(cmd.participants) != sorted(e.participants):
        raise DomainError("participants", "wish.rally_step G-8, L1405",
                          "name the encounter's participants: their Encounter conditions end")
    ctx.emit(enc(cmd.encounter_id), ev.RallyStepBegan(round=e.round))
    for cid in e.participants:
        for cond in ctx.sheet(cid, "participants").conditions:
            if cond.duration == "encounter":
                ctx.emit(char(cid), ev.ConditionRemoved(condition_id=cond.id, cause="rally step L1405"))


HANDLERS: Handlers[Ctx] = Handlers()
HANDLERS.add(RallyStep, rally_step)
