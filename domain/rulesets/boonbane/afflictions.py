"""Afflictions (L248-L334) as data: what each one does to rolls and actions.

Instances stack in bookkeeping but not in effect (Multiple Afflictions, L303-L306).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane.play import AfflictionAdded, AfflictionRemoved
from domain.errors import StateConflict
from domain.rulesets.boonbane import views
from domain.rulesets.boonbane.state import AfflictionInstance, BoonbaneSheet

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


# instances linked to a life state cannot be removed on their own (digest D-74): they end with it
LINKED: Final[dict[str, str]] = {"disabled L33": "disabled", "dying L40": "dying"}


def count(instances: Iterable[AfflictionInstance], name: str) -> int:
    return sum(1 for i in instances if i.name == name)


def add(sheet: BoonbaneSheet, character_id: str, instance: c.AfflictionInstance,
        cause: str) -> AfflictionAdded:
    """Gaining an affliction adds an instance; the same affliction again adds no new effect
    (L305) but must itself be removed (L306)."""
    if sheet.life_state == "dead":
        raise StateConflict("character_id", "boonbane.dead", "the creature is dead")
    return AfflictionAdded(character_id=character_id, instance=instance,
                           instances=count(sheet.afflictions, instance.name) + 1, cause=cause)


def remove(sheet: BoonbaneSheet, character_id: str, name: str, source: str | None,
           cause: str) -> AfflictionRemoved:
    """Remove one instance: ``source``'s if given, else the oldest (L306)."""
    match = [a for a in sheet.afflictions if a.name == name
             and (source is None or a.source == source)
             and LINKED.get(a.source or "") != sheet.life_state]
    if not match:
        linked = [a for a in sheet.afflictions if a.name == name]
        rule = "boonbane.linked-affliction D-74" if linked else "boonbane.affliction L306"
        raise StateConflict("name", rule,
                            f"no removable {name!r} instance" + (
                                f" from {source!r}" if source else "") + (
                                ": it ends with the life state it belongs to" if linked else ""))
    return AfflictionRemoved(character_id=character_id, instance=views.wire_affliction(match[0]),
                             instances=count(sheet.afflictions, name) - 1, cause=cause)


def refuse_charmed(actor: BoonbaneSheet, target_id: str) -> None:
    """Charmed (L263): the creature cannot choose the source of the affliction as the target of
    its attacks (the instance's ``source`` names the charmer)."""
    if any(a.name == "charmed" and a.source == target_id for a in actor.afflictions):
        raise StateConflict("target_id", "boonbane.charmed L263",
                            f"a charmed creature cannot attack its charmer {target_id!r}")


def fold_added(sheet: BoonbaneSheet, ev: AfflictionAdded) -> BoonbaneSheet:
    return msgspec.structs.replace(sheet, afflictions=[*sheet.afflictions,
                                                       views.affliction(ev.instance)])


def fold_removed(sheet: BoonbaneSheet, ev: AfflictionRemoved) -> BoonbaneSheet:
    kept = list(sheet.afflictions)
    instance = views.affliction(ev.instance)
    if instance in kept:
        kept.remove(instance)
    return msgspec.structs.replace(sheet, afflictions=kept)
