"""Appropriate combinations (L18-21, L51): the group's approval, enforced (P-7).

"The whole group decides whether a particular combination of advantages is appropriate" (L21);
"most of the time ... approval is automatic". Under the default ``appropriateness`` option
(``"challenge"``) a combination is approved unless someone has challenged it: then it is refused
until the GM rules, and refused for good when vetoed. Under ``"gm_approves"`` every combination
must have the GM's approval before it is used.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.state import PotentialSheet, Ruling

RULE = "potential.appropriate L21"


def key(advantages: Sequence[str]) -> list[str]:
    return sorted(set(advantages))


def ruling(sheet: PotentialSheet, advantages: Sequence[str]) -> Ruling | None:
    k = key(advantages)
    return next((r for r in sheet.rulings if r.advantages == k), None)


def check(sheet: PotentialSheet, advantages: Sequence[str], mode: str, field: str) -> str:
    """L21, P-7: refuse a combination that is challenged, vetoed or (``gm_approves``) not yet
    approved; returns how it stands approved: ``"automatic"`` or ``"gm"``."""
    if not advantages:
        return "automatic"  # a potential action combines nothing (L29)
    found = ruling(sheet, advantages)
    if found is not None and found.state == "approved":
        return "gm"
    names = ", ".join(key(advantages))
    if found is not None and found.state == "vetoed":
        raise StateConflict(field, RULE, f"the GM ruled [{names}] inappropriate: {found.reason}")
    if found is not None:
        raise StateConflict(field, RULE, f"[{names}] is challenged: awaiting the GM's ruling")
    if mode == "gm_approves":
        raise StateConflict(field, RULE, f"[{names}] needs the GM's approval first")
    return "automatic"


def check_named(sheet: PotentialSheet, advantages: Sequence[str]) -> None:
    """L19, L21: a challenge or a ruling names advantages on the sheet, each once."""
    if len(set(advantages)) != len(advantages):
        raise DomainError("payload.advantages", RULE, "name each advantage once")
    for adv_id in advantages:
        if sheets.find(sheet, adv_id) is None:
            raise DomainError("payload.advantages", "potential.available L19",
                              f"advantage {adv_id!r} is not on the sheet")
