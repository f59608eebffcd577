"""Taking damage (L55-58): discard whole Life advantages whose CP covers the degree of success."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import DomainError
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.state import Advantage, PotentialSheet


def life_available(sheet: PotentialSheet) -> list[Advantage]:
    """L56-57: the Life advantages not yet discarded, which can absorb damage."""
    return [a for a in sheet.advantages if "Life" in a.keywords and not a.discarded]


def check_discard(sheet: PotentialSheet, chosen: Sequence[str], damage: int,
                  rule: str = "irreducible") -> tuple[int, bool]:
    """Validate a player's discard (L57-58, P-17, P-18); returns (CP discarded, exhausted).

    The chosen Life advantages must total at least the damage; under ``irreducible`` every one
    must be needed (dropping any leaves the rest short). When all available Life CP is short,
    the only legal choice is every remaining Life advantage (P-18).
    """
    field = "payload.advantages"
    if damage <= 0:
        raise DomainError("payload.character_id", "potential.discard L57",
                          "there is no damage to cover")
    if len(set(chosen)) != len(chosen) or (not chosen and life_available(sheet)):
        raise DomainError(field, "potential.discard L58", "name each advantage once")
    picked: list[Advantage] = []
    for adv_id in chosen:
        adv = sheets.find(sheet, adv_id)
        if adv is None or adv.discarded or "Life" not in adv.keywords:
            raise DomainError(field, "potential.discard-life L56",
                              f"{adv_id!r} is not an available Life advantage")
        picked.append(adv)
    cps = [a.cp or 0 for a in picked]
    total = sum(cps)
    every = life_available(sheet)
    if sum(a.cp or 0 for a in every) < damage:
        if len(picked) != len(every):
            raise DomainError(field, "potential.discard-covers L57",
                              "Life CP cannot cover the damage: discard every Life advantage "
                              "(P-18)")
        return total, True
    if total < damage:
        raise DomainError(field, "potential.discard-covers L57",
                          f"the discarded CP {total} does not cover the damage {damage}")
    if rule == "irreducible" and any(total - cp >= damage for cp in cps):
        raise DomainError(field, "potential.discard-irreducible P-17",
                          f"CP {total} covers {damage} even without one of them: "
                          "discard no more than needed")
    return total, False
