"""What a declared React does to the attack it awaits (L437-440; digest G-2): Parry and Dodge
take their net successes from the attack's, Brace adds Soak against a physical hit. Called
by ``decide_checks.attack``; the React itself is declared in ``decide_reacts.py``."""

from __future__ import annotations

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import deflect, reacts
from domain.rulesets.wish.decide_context import Ctx, char
from domain.rulesets.wish.state_effects import DeflectSpec, PendingReact


def net_after_reacts(ctx: Ctx, attacker_id: str, target_id: str, net: int,
                     burst: bool = False) -> int:
    """The attack's net successes after the target's Parry or Dodge (option parry_dodge). A
    Burst attack 'cannot be parried ... but can be dodged' (L270): a Parry stays declared,
    unused, for the attacker's next attack."""
    r = reacts.pending_against(ctx.sheet(target_id), attacker_id)
    spec = _deflecting(ctx, target_id, r, burst)
    if r is not None and spec is not None and spec.nullifies != "damage":
        after = deflect.net_after(spec, net)
        ctx.emit(char(target_id), ev.ReactUsed(
            action="Deflect", stunt=r.stunt, attacker_id=attacker_id, attack_net=net, net_after=after,
            line=271))
        return after
    if r is None or r.action not in ("Parry", "Dodge") or (burst and r.action == "Parry"):
        return net
    after = net - r.net_successes if ctx.options.parry_dodge == "subtract_net" else net
    ctx.emit(char(target_id), ev.ReactUsed(
        action=r.action, attacker_id=attacker_id, attack_net=net, net_after=after,
        line=reacts.LINE[r.action]))
    return after


def braced(ctx: Ctx, attacker_id: str, target_id: str, amount: int, kind: str) -> int:
    """Brace: "a mild Soak bonus but only works vs physical attacks" (L438; G-2: +2 Soak)."""
    r = reacts.pending_against(ctx.sheet(target_id), attacker_id)
    if r is None or r.action != "Brace" or kind != "physical":
        return amount
    after = reacts.braced_amount(amount, ctx.options.brace_soak)
    ctx.emit(char(target_id), ev.ReactUsed(
        action="Brace", attacker_id=attacker_id, damage=amount, damage_after=after,
        line=reacts.LINE["Brace"]))
    return after


def _deflecting(ctx: Ctx, target_id: str, r: PendingReact | None,
                burst: bool) -> DeflectSpec | None:
    """The declaration of the Deflect stunt the target holds ready against this attack; none
    against a Burst, which 'cannot be parried or deflected' (L270): it stays declared."""
    if r is None or r.action != "Deflect" or r.stunt is None or burst:
        return None
    stunt = ctx.sheet(target_id).stunts.get(r.stunt)
    return stunt.deflect if stunt is not None else None


def deflected_damage(ctx: Ctx, attacker_id: str, target_id: str, amount: int,
                     burst: bool = False) -> int:
    """A Deflect card that reduces damage takes its amount from the hit's damage (L271)."""
    r = reacts.pending_against(ctx.sheet(target_id), attacker_id)
    spec = _deflecting(ctx, target_id, r, burst)
    if r is None or spec is None or spec.nullifies != "damage":
        return amount
    after = deflect.damage_after(spec, amount)
    ctx.emit(char(target_id), ev.ReactUsed(
        action="Deflect", stunt=r.stunt, attacker_id=attacker_id, damage=amount, damage_after=after,
        line=271))
    return after
