"""What a declared React does to the attack it awaits (L437-440; digest G-2): Parry and Dodge
take their net successes from the attack's, Brace adds Soak against a physical hit. Called
by ``decide_checks.attack``; the React itself is declared in ``decide_reacts.py``."""

from __future__ import annotations

from domain.rulesets.wish import reacts
from domain.rulesets.wish.decide_context import Ctx, char


def net_after_reacts(ctx: Ctx, attacker_id: str, target_id: str, net: int,
                     burst: bool = False) -> int:
    """The attack's net successes after the target's Parry or Dodge (option parry_dodge). A
    Burst attack 'cannot be parried ... but can be dodged' (L270): a Parry stays declared,
    unused, for the attacker's next attack."""
    r = reacts.pending_against(ctx.sheet(target_id), attacker_id)
    if r is None or r.action not in ("Parry", "Dodge") or (burst and r.action == "Parry"):
        return net
    after = net - r.net_successes if ctx.options.parry_dodge == "subtract_net" else net
    ctx.emit(char(target_id), "wish.ReactUsed",
             {"action": r.action, "attacker_id": attacker_id, "attack_net": net,
              "net_after": after, "line": reacts.LINE[r.action]})
    return after


def braced(ctx: Ctx, attacker_id: str, target_id: str, amount: int, kind: str) -> int:
    """Brace: "a mild Soak bonus but only works vs physical attacks" (L438; G-2: +2 Soak)."""
    r = reacts.pending_against(ctx.sheet(target_id), attacker_id)
    if r is None or r.action != "Brace" or kind != "physical":
        return amount
    after = reacts.braced_amount(amount, ctx.options.brace_soak)
    ctx.emit(char(target_id), "wish.ReactUsed",
             {"action": "Brace", "attacker_id": attacker_id, "damage": amount,
              "damage_after": after, "line": reacts.LINE["Brace"]})
    return after
