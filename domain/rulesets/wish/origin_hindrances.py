"""Origin hindrances (L759): their points were already spent on the origin's abilities, and
most can be overcome for the price the seed names (L777-924). A Wielder may pay off Limited
Advancement and Limited Charges with the Wielded Abilities points (L922)."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.wish import Purchase, WishSheet
from domain.errors import DomainError, StateConflict


class OriginHindrance(msgspec.Struct, frozen=True, kw_only=True):
    origin: str
    name: str
    cost: int  # "can be overcome for N creation points or advances"
    line: int
    wielded_payable: bool = False  # L922


ORIGIN_HINDRANCES: Final[dict[str, OriginHindrance]] = {
    h.name: h
    for h in (
        OriginHindrance(origin="Alien", name="Xeno", cost=3, line=777),
        OriginHindrance(origin="Anthropomorphic", name="No Dogs Allowed", cost=3, line=790),
        OriginHindrance(origin="Mutant", name="Dirty Mutie!", cost=3, line=829),
        # Out of Warranty's buy-off is partial ("its own abilities heal", L895)
        OriginHindrance(origin="Robot", name="Out of Warranty", cost=5, line=895),
        OriginHindrance(origin="Robot", name="Engineered Limits", cost=5, line=896),
        OriginHindrance(origin="Robot", name="Critical Intolerance", cost=3, line=897),
        OriginHindrance(origin="Wielder", name="Limited Advancement", cost=5, line=923,
                        wielded_payable=True),
        OriginHindrance(origin="Wielder", name="Limited Charges", cost=5, line=924,
                        wielded_payable=True),
    )
}


def price(sheet: WishSheet, p: Purchase) -> tuple[int, str]:
    """Overcoming an origin hindrance (L777-924): its cost and rule; refused for a hindrance
    the character's origin does not have, or one already overcome."""
    h = ORIGIN_HINDRANCES.get(p.target)
    if h is None or h.origin != sheet.origin:
        raise DomainError("purchase.target", "wish.origin.hindrance L759",
                          f"{p.target!r} is not a hindrance of the {sheet.origin} origin: "
                          f"{sorted(n for n, x in ORIGIN_HINDRANCES.items() if x.origin == sheet.origin)}")
    if p.target in sheet.overcome_hindrances:
        raise StateConflict("purchase.target", f"wish.origin.hindrance L{h.line}",
                            f"{p.target} is already overcome")
    return h.cost, f"wish.origin.hindrance L{h.line}"


def wielded_payable(name: str) -> bool:
    """Wielded Abilities points 'can be used to pay off either or both of the Limited
    Advancement and Limited Charges Hindrances' (L922)."""
    h = ORIGIN_HINDRANCES.get(name)
    return h is not None and h.wielded_payable
