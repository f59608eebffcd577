"""Deciding DoT effects (L256): placing one with a hit of its card, and triggering each at its
time frame (called from the attack, End of Turn and End of Round deciders)."""

from __future__ import annotations

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import dot, health, views
from domain.rulesets.wish.decide_context import Ctx, char
from domain.rulesets.wish.decide_health import damage


def place(ctx: Ctx, source_id: str, stunt_name: str | None, target_id: str,
          check_id: str) -> None:
    """A DoT card's hit places its DoT on the target it hit (L256)."""
    card = ctx.sheet(source_id).stunts.get(stunt_name) if stunt_name else None
    effect = dot.placed(source_id, stunt_name, card, check_id) if card and stunt_name else None
    if effect is not None and effect.remaining > 0:
        ctx.emit(char(target_id), ev.DoTPlaced(dot=views.dot_view(effect)))


def trigger(ctx: Ctx, cid: str, every: str) -> None:
    """Each DoT on ``cid`` whose time frame is ``every`` ("end_of_turn": the target's End of
    Turn, digest D-22 step 2; "round": the Round's end) triggers its stipulated effect (damage
    through Soak or Psyche, D-14; stress; fatigue), and after its last trigger expires (L256)."""
    for effect in list(ctx.sheet(cid).dots):
        spec = effect.spec
        if spec.every != every:
            continue
        remaining = effect.remaining - 1
        ctx.emit(char(cid), ev.DoTTriggered(id=effect.id, stunt=effect.stunt, remaining=remaining))
        if spec.damage:
            damage(ctx, cid, spec.damage, spec.damage_kind, 0, False, f"DoT {effect.stunt}")
        fatigue = health.fatigue_suffered(ctx.sheet(cid), spec.fatigue) if spec.fatigue else 0
        if spec.stress or fatigue:
            ctx.emit(char(cid), ev.Exerted(stress=spec.stress, fatigue=fatigue, cause=f"DoT {effect.stunt}"))
        if remaining <= 0:
            ctx.emit(char(cid), ev.DoTExpired(
                id=effect.id, stunt=effect.stunt,
                cause="count L256" if spec.expiry == "count" else "recharge tokens L256"))
