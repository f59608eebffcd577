"""Deflect (L271), driven by each card's own declaration (``Stunt.deflect``).

L271: 'An effect with the Deflect trait have the potential to nullify an attack either
partially or completely.' L270: Blast (Burst) effects 'cannot be parried or deflected'. A
Deflect stunt is played as a React against one attacker's next attack (L255); its card
declares whether it nullifies the attack completely (``all``) or takes ``amount`` from its net
successes or from its damage.
"""

from __future__ import annotations

from domain.errors import DomainError, StateConflict
from domain.rulesets.wish.state import Stunt, WishSheet
from domain.rulesets.wish.state_effects import DeflectSpec

RULE = "wish.trait.deflect L271"


def card(sheet: WishSheet, name: str | None) -> tuple[Stunt, DeflectSpec]:
    """The Deflect stunt a React names, usable now: it has the trait, declares what it
    nullifies, and is not recharging (L271, L510)."""
    if name is None:
        raise DomainError("stunt", RULE, "name the Deflect stunt")
    stunt = sheet.stunts.get(name)
    if stunt is None:
        raise DomainError("stunt", RULE, f"no stunt {name!r}")
    if "Deflect" not in stunt.traits or stunt.deflect is None:
        raise DomainError("stunt", RULE, f"{name} has no Deflect trait declaring what it "
                          "nullifies")
    if stunt.recharge_tokens > 0:
        raise StateConflict("stunt", "wish.stunt.recharge L510",
                            f"{name} is recharging ({stunt.recharge_tokens} tokens)")
    return stunt, stunt.deflect


def net_after(spec: DeflectSpec, net: int) -> int:
    """An attack's net successes after the deflection: none left when it nullifies completely,
    ``amount`` fewer when it reduces successes, unchanged when it reduces damage (L271)."""
    if spec.nullifies == "all":
        return min(net, 0)
    if spec.nullifies == "successes":
        return net - spec.amount
    return net


def damage_after(spec: DeflectSpec, amount: int) -> int:
    """Damage after a deflection that reduces damage: ``amount`` less, never below 0 (L271)."""
    return max(0, amount - spec.amount) if spec.nullifies == "damage" else amount
