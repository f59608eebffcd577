"""Basic Reacts (L437-441; digest G-2) as data and the rules that read them.

The seed gives summaries only. Brace: +2 Soak against one physical attack (G-2). Riposte: a
counter-attack after being attacked, "Challenging" (+1 challenge die, G-2), at Melee damage.
Parry and Dodge have no decision in the digest: here each rolls its check when declared, and
its net successes take that many from the attack's net successes (ties miss, as D-1), an
active defense in the spirit of the digest's contested checks (D-9); option ``parry_dodge``.
"""

from __future__ import annotations

from typing import Final, TypeGuard, get_args

import msgspec

from contracts.rulesets.wish import ReactName
from contracts.rulesets.wish import events as ev
from domain.rulesets.wish.folding import given
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_effects import PendingReact

CHARACTERISTIC: Final[dict[str, str]] = {  # L438-441
    "Brace": "to", "Parry": "str", "Dodge": "ag", "Riposte": "ag",
}
LINE: Final[dict[str, int]] = {"Brace": 438, "Parry": 439, "Dodge": 440, "Riposte": 441,
                               "Deflect": 271}
REACT_NAMES: Final = frozenset(get_args(ReactName))


def pending_against(target: WishSheet, attacker_id: str) -> PendingReact | None:
    """The React the target declared against this attacker's next attack, if any (L437-441)."""
    r = target.react
    return r if r is not None and r.attacker_id == attacker_id else None


def braced_amount(amount: int, soak_bonus: int) -> int:
    """Damage after Brace's Soak bonus, before Soak: the minimum of 1 still holds (L185)."""
    return amount if amount < 1 else max(1, amount - soak_bonus)


def _named(action: str) -> TypeGuard[ReactName]:
    return action in REACT_NAMES


def fold_declared(s: WishSheet, e: ev.ReactDeclared) -> WishSheet:
    """Fold ``wish.ReactDeclared``: the React awaits its attacker's next attack (a React the
    rules do not name changes nothing)."""
    if not _named(e.action):
        return s
    return msgspec.structs.replace(s, react=PendingReact(
        action=e.action, attacker_id=e.attacker_id, net_successes=e.net_successes,
        stunt=given(e.stunt, None)))


def fold_used(s: WishSheet, e: ev.ReactUsed) -> WishSheet:
    """Fold ``wish.ReactUsed``: a React applies to one attack."""
    return msgspec.structs.replace(s, react=None)
