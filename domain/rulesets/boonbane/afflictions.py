"""Afflictions (L248-L334) as data: what each one does to rolls and actions.

Instances stack in bookkeeping but not in effect (Multiple Afflictions, L303-L306).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from contracts.rulesets.boonbane import AfflictionInstance

# afflictions that impose 1 bane on the creature's own attack and challenge rolls
OWN_BANE: Final[dict[str, str]] = {
    "diseased": "L284", "fatigued": "L287", "frightened": "L290", "impaired": "L302",
    "poisoned": "L309",
}
# afflictions that give other creatures 1 boon on attack rolls against the creature
ATTACKED_WITH_BOON: Final[dict[str, str]] = {"immobilized": "L299", "stunned": "L325"}
# afflictions whose creature cannot use actions (so makes no attack rolls)
NO_ACTIONS: Final[dict[str, str]] = {
    "compelled": "L265", "dazed": "L271", "defenseless": "L279", "stunned": "L323",
    "surprised": "L328", "unconscious": "L334",
}
# afflictions under which every challenge roll fails without dice
CHALLENGES_FAIL: Final[dict[str, str]] = {
    "stunned": "L324", "surprised": "L329", "unconscious": "L334",
}
# afflictions that make Defense 5
DEFENSE_FIVE: Final[dict[str, str]] = {"defenseless": "L278", "unconscious": "L333"}
# Asleep: "A sleeping creature is prone and unconscious." (L251)
IMPLIES: Final[dict[str, tuple[str, ...]]] = {"asleep": ("prone", "unconscious")}


def active(instances: Iterable[AfflictionInstance]) -> set[str]:
    """The affliction types in effect (one instance is enough, L303-L306; Asleep implies two, L251)."""
    names: set[str] = {i.name for i in instances}
    for name in list(names):
        names.update(IMPLIES.get(name, ()))
    return names
