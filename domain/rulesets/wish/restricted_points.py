"""Origin points with strings attached: the Alien's 10 Alien Advantages points (L776) and the
Wielder's 40 Wielded Abilities points (L921), each its own currency, spent only on what the
seed names. The campaign option ``origin_points_restricted`` (default on, digest D-16) keeps
them apart from general creation points; off, they are general creation points."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.wish import Purchase
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish.state import Stunt, WishSheet


class Restriction(msgspec.Struct, frozen=True, kw_only=True):
    currency: str
    origin: str
    line: int
    kinds: frozenset[str]  # purchase kinds the points may pay for
    what: str  # the seed's wording, for refusals
    origin_sfx_stunts: bool = False  # stunts only from the origin's chosen SFX
    wielded_stunts: bool = False  # ratings only on stunts the item of power grants


# the origin hindrances the Wielded Abilities points may pay off (L922)
WIELDED_PAYS_OFF: Final = frozenset({"Limited Advancement", "Limited Charges"})

RESTRICTIONS: Final[dict[str, Restriction]] = {
    r.currency: r
    for r in (
        # "Spend 10 creation points to purchase any skill, or a Stunt from the Alien Traits SFX"
        Restriction(currency="alien", origin="Alien", line=776,
                    kinds=frozenset({"acquire_skill", "skill_rank", "stunt", "stunt_rating"}),
                    what="any skill, or a Stunt from the Alien Traits SFX",
                    origin_sfx_stunts=True),
        # "+40 points with which to purchase abilities that their item of power allows them to
        # use": stunts usable only while the item is readied or worn
        Restriction(currency="wielded", origin="Wielder", line=921,
                    kinds=frozenset({"stunt", "stunt_rating"}),
                    what="abilities (stunts) the item of power allows them to use (Limited "
                         "Advancement and Limited Charges: wish.OvercomeOriginHindrance, L922)",
                    wielded_stunts=True),
    )
}


def check_purchase(sheet: WishSheet, p: Purchase, currency: str) -> None:
    """Restricted origin points (L776, L921): refuse a purchase they may not pay for."""
    r = RESTRICTIONS.get(currency)
    if r is None:
        return
    rule = f"wish.origin.{r.origin.lower()} L{r.line}"
    if currency not in sheet.restricted_points:
        raise StateConflict("currency", rule, f"no {currency} points: an {r.origin}'s")
    if sheet.phase != "creation":
        raise StateConflict("currency", rule, f"{currency} points are spent during creation")
    if p.kind not in r.kinds:
        raise DomainError("purchase.kind", rule,
                          f"{currency} points buy only {r.what}, not a {p.kind} raise")
    if r.origin_sfx_stunts and p.kind in ("stunt", "stunt_rating"):
        sfx = p.sfx if p.kind == "stunt" else _owned(sheet, p.target, rule).sfx
        if sfx not in sheet.origin_sfx:
            raise DomainError("purchase.sfx", rule,
                              f"{currency} points buy stunts of the Alien Traits SFX chosen with "
                              f"wish.ChooseOriginGrants ({sheet.origin_sfx}), not {sfx}")
    if r.wielded_stunts and p.kind == "stunt_rating" and not _owned(sheet, p.target, rule).wielded:
        raise DomainError("purchase.target", rule,
                          f"{p.target} is not a Wielded ability; its rating is not raised with "
                          "wielded points")


def _owned(sheet: WishSheet, name: str, rule: str) -> Stunt:
    stunt = sheet.stunts.get(name)
    if stunt is None:
        raise StateConflict("purchase.target", rule, f"no stunt {name!r}")
    return stunt


def unspent(sheet: WishSheet) -> dict[str, int]:
    """Restricted points still to spend (every creation point is spent before play, L581)."""
    return {k: v for k, v in sheet.restricted_points.items() if v > 0}
