"""Basic Reacts (L437-441; digest G-2) as data and the rules that read them.

The seed gives summaries only. Brace: +2 Soak against one physical attack (G-2). Riposte: a
counter-attack after being attacked, "Challenging" (+1 challenge die, G-2), at Melee damage.
Parry and Dodge have no decision in the digest: here each rolls its check when declared, and
its net successes take that many from the attack's net successes (ties miss, as D-1), an
active defense in the spirit of the digest's contested checks (D-9); option ``parry_dodge``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import msgspec

from contracts.rulesets.wish import PendingReact, WishSheet

CHARACTERISTIC: Final[dict[str, str]] = {  # L438-441
    "Brace": "to", "Parry": "str", "Dodge": "ag", "Riposte": "ag",
}
LINE: Final[dict[str, int]] = {"Brace": 438, "Parry": 439, "Dodge": 440, "Riposte": 441,
                               "Deflect": 271}


def pending_against(target: WishSheet, attacker_id: str) -> PendingReact | None:
    """The React the target declared against this attacker's next attack, if any (L437-441)."""
    r = target.react
    return r if r is not None and r.attacker_id == attacker_id else None


def braced_amount(amount: int, soak_bonus: int) -> int:
    """Damage after Brace's Soak bonus, before Soak: the minimum of 1 still holds (L185)."""
    return amount if amount < 1 else max(1, amount - soak_bonus)


def fold_declared(s: WishSheet, d: Mapping[str, Any]) -> WishSheet:
    """Fold ``wish.ReactDeclared``: the React awaits its attacker's next attack."""
    return msgspec.structs.replace(s, react=msgspec.convert(
        {k: d[k] for k in ("action", "attacker_id", "net_successes", "stunt") if k in d}, PendingReact))


def fold_used(s: WishSheet, d: Mapping[str, Any]) -> WishSheet:
    """Fold ``wish.ReactUsed``: a React applies to one attack."""
    return msgspec.structs.replace(s, react=None)
