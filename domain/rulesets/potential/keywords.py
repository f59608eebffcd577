"""Keywords (L10, L25, L46, L56, L61-67): the rule keywords as data, and their hooks.

The seed gives each combat keyword a one-line summary and defers the details to the Core rules
(L62); the hooks below are the digest's defaults (section 4.9, P-34), each one citing its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from contracts.rulesets.potential import StatusEffect
from domain.rulesets.potential.state import Advantage


class KeywordRule(NamedTuple):
    line: str
    hook: str


KEYWORDS: Final[dict[str, KeywordRule]] = {
    "Life": KeywordRule("L56-57", "discarded whole to cover a degree of success"),
    "Static": KeywordRule("L11", "costs static potential instead of dynamic"),
    "Dice": KeywordRule("L25", "its die is rolled again, once, when it shows `reroll` or less"),
    "Movement": KeywordRule("L46", "with other advantages, one large movement: the score"),
    "Aid Other": KeywordRule("L63", "offered to an ally, it adds its 1d6+N to the ally's action; "
                                    "its owner pays its token"),
    "Aid Resist": KeywordRule("L64", "offered to an ally, it adds its 1d6+N to the ally's "
                                     "resistance action; its owner pays its token"),
    "Opportunity": KeywordRule("L65", "an action using it may be taken outside the own turn"),
    "Range": KeywordRule("L66", "a target beyond `range` gives the opponent one 1d6+0 "
                                "situation bonus per range step"),
    "Status": KeywordRule("L67", "a hit places `status` on the target until the end of the "
                                 "target's next turn"),
}


def has(adv: Advantage, keyword: str) -> bool:
    """L10: whether the advantage carries the keyword."""
    return keyword in adv.keywords


def opportunity(advantages: Sequence[Advantage]) -> bool:
    """L65: an Opportunity advantage lets its owner act during someone else's turn."""
    return any(has(a, "Opportunity") for a in advantages)


def range_steps(adv: Advantage, distance: int | None) -> int:
    """L66: how many whole range steps past its reach the target is (0 when within range)."""
    if distance is None or not has(adv, "Range") or adv.range is None or distance <= adv.range:
        return 0
    return -(-(distance - adv.range) // adv.range)


def range_dice(advantages: Sequence[Advantage], distance: int | None, per_step: int) -> int:
    """L66, L23: situation bonus dice the opponent gains for targets beyond the Range."""
    return per_step * sum(range_steps(a, distance) for a in advantages)


def statuses(advantages: Sequence[Advantage], source_id: str, degree: int) -> list[StatusEffect]:
    """L67: each Status advantage of a successful attack places its status on the target."""
    return [StatusEffect(name=a.status or a.title, source_id=source_id, advantage=a.id,
                         degree=degree)
            for a in advantages if has(a, "Status")]
