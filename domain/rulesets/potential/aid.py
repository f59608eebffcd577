"""Aid Other (L63) and Aid Resist (L64): an ally's advantage joins another character's pool.

The ally's own player offers the advantage (``potential.OfferAid``), so nobody spends another
player's potential; the offer is used once, by the action or resistance that names the ally in
``aid_from``, and the ally pays that advantage's token from its own bank then (digest 4.9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from contracts.rulesets.potential import AidUse, Cost
from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import potential_bank
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.state import Advantage, PotentialSheet

AID_KEYWORD: dict[str, str] = {"action": "Aid Other", "resistance": "Aid Resist"}  # L63, L64
AID_LINE: dict[str, str] = {"action": "L63", "resistance": "L64"}


def check_offer(sheet: PotentialSheet, helper_id: str, to: str, advantage: str,
                kind: Literal["action", "resistance"]) -> None:
    """L63-64: an offer names an available advantage of the right keyword and an ally."""
    keyword, line = AID_KEYWORD[kind], AID_LINE[kind]
    if to == helper_id:
        raise DomainError("payload.to", f"potential.aid {line}", "aid helps an ally, not oneself")
    adv = sheets.find(sheet, advantage)
    if adv is None or adv.discarded:
        raise DomainError("payload.advantage", "potential.available L19",
                          f"advantage {advantage!r} is not available")
    if keyword not in adv.keywords:
        raise DomainError("payload.advantage", f"potential.aid {line}",
                          f"{advantage!r} lacks the {keyword} keyword")


def collect(allies: Sequence[str], sheets_by_id: Mapping[str, PotentialSheet], aided: str,
            kind: Literal["action", "resistance"], tracked: Mapping[str, bool],
            field: str) -> list[tuple[AidUse, Advantage]]:
    """Each ally's standing offer to ``aided``, checked again now and priced (L22, L63-64)."""
    if len(set(allies)) != len(allies):
        raise DomainError(field, f"potential.aid {AID_LINE[kind]}", "name each ally once")
    out: list[tuple[AidUse, Advantage]] = []
    for ally_id in allies:
        ally = sheets_by_id[ally_id]
        offer = ally.aid_offer
        if offer is None or offer.to != aided or offer.kind != kind:
            raise StateConflict(field, f"potential.aid {AID_LINE[kind]}",
                                f"{ally_id!r} has offered no {AID_KEYWORD[kind]} to {aided!r}")
        if not sheets.is_conscious(ally):
            raise StateConflict(field, "potential.unconscious L53",
                                f"{ally_id!r} is unconscious and cannot aid")
        adv = sheets.find(ally, offer.advantage)
        if adv is None or adv.discarded:
            raise StateConflict(field, "potential.available L19",
                                f"{ally_id!r}'s {offer.advantage!r} is no longer available")
        cost = Cost(static=1) if sheets.is_static(adv) else Cost(dynamic=1)
        potential_bank.check_affordable(ally, cost, tracked[ally_id], field)
        out.append((AidUse(character_id=ally_id, advantage=adv.id, cost=cost), adv))
    return out
