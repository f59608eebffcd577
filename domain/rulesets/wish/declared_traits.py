"""The numbers a card declares for its DoT (L256), Deflect (L271) and Rally (L257) traits,
checked when the sheet is: each only on a card with that trait, and sensible."""

from __future__ import annotations

from domain.rulesets.wish.dot import RULE
from domain.rulesets.wish.state import Stunt


def problems(name: str, stunt: Stunt) -> list[tuple[str, str, str]]:
    """A card stipulation names a DoT only on a DoT card, with an effect and a positive count
    (L256); a Deflect declaration only on a Deflect card (L271); ``rally_only`` only on a Rally
    one (L257)."""
    out: list[tuple[str, str, str]] = []
    at = f"sheet.stunts.{name}"
    d = stunt.dot
    if d is not None:
        if "DoT" not in stunt.traits:
            out.append((f"{at}.dot", RULE, "only a card with the DoT trait stipulates a DoT"))
        if min(d.damage, d.stress, d.fatigue) < 0 or not (d.damage or d.stress or d.fatigue):
            out.append((f"{at}.dot", RULE, "a DoT stipulates its effect: damage, stress or "
                        "fatigue, none negative"))
        if d.expiry == "count" and d.count < 1:
            out.append((f"{at}.dot.count", RULE, "a DoT expiring by count triggers at least once"))
        if d.expiry == "recharge" and stunt.recharge_rating < 1:
            out.append((f"{at}.dot.expiry", RULE, "a DoT expiring by recharge tokens needs a "
                        "card with a Recharge rating"))
    f = stunt.deflect
    if f is not None:
        rule = "wish.trait.deflect L271"
        if "Deflect" not in stunt.traits:
            out.append((f"{at}.deflect", rule, "only a card with the Deflect trait deflects"))
        if (f.nullifies == "all") == (f.amount != 0) or f.amount < 0:
            out.append((f"{at}.deflect.amount", rule, "a partial deflection nullifies a positive "
                        "amount; a complete one (all) names none"))
    if stunt.rally_only and "Rally" not in stunt.traits:
        out.append((f"{at}.rally_only", "wish.trait.rally L257",
                     "only a Rally ability is limited to Rally Steps"))
    return out
