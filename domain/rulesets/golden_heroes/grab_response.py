"""Answering a grab (L115): a successful grab waits for the victim's response like any hit;
parried, it is measured as a hypothetical 1d6 + the grabber's Strength Damage Modifier.

"Any appropriate response can be made to a grab. Although grabs inflict no damage, if they are
parried, then a hypothetical figure of 1d6 plus any Damage Modifier for Strength is used to
determine whether the parry prevents the grab or not." (L115)
"""

from __future__ import annotations

from typing import Final

from domain.errors import DomainError
from domain.rulesets.golden_heroes import generation, grapples, powers, tables
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet, Grip, PendingAttack

RULE: Final = "golden-heroes.grab-response L115"
# the responses that answer a grab: no damage to stand firm against, no grapple to resist
GRAB_RESPONSES: Final = frozenset({"none", "dodge", "parry", "superpower", "common_sense"})
GRAB_FRAMES: Final = 1  # a grab takes 1 Frame (L76): the time a dodge or parry of it costs


def can_respond(target: GoldenHeroesSheet, surprised: bool) -> bool:
    """Whether a grabbed being may answer the grab: only the superpowered respond (L100), never
    when surprised (L57), nor at DC 11-12 (L66)."""
    if target.character_type == "non_superpowered" or surprised:
        return False
    return tables.DEFENCE_CLASS[powers.defence_class(target)].responds


def grab_attack(grabber: GoldenHeroesSheet, grabber_id: str, hand: str,
                encounter_id: str | None, surprised: bool) -> PendingAttack:
    """A successful grab as a hit waiting for its response (L115): 1 Frame, the grab's WC, the
    hypothetical figure's 1d6 and the grabber's Strength Damage Modifier."""
    return PendingAttack(
        attacker_id=grabber_id, encounter_id=encounter_id, attack="grab",
        weapon_class=grapples.grab_wc(grabber), frames=GRAB_FRAMES, parry_row="melee_other",
        htc_dice=1, htc_plus=0, htk_dice=0, htk_plus=0,
        damage_modifier=generation.strength_damage_modifier(
            grabber.attributes.get("strength", 10)),
        tags=["grab", f"hand:{hand}"], target_surprised=surprised,
        attacker_superpowered=grabber.character_type != "non_superpowered")


def is_grab(p: PendingAttack) -> bool:
    """Whether a waiting hit is a grab (L115)."""
    return "grab" in p.tags


def check(p: PendingAttack, kind: str) -> None:
    """A grab is answered by a dodge, a parry, a Superpower or a common-sense response (L115,
    L117); there is no damage to stand firm against and no grapple to resist."""
    if is_grab(p) and kind not in GRAB_RESPONSES:
        raise DomainError("response", RULE, f"a grab is not answered by {kind!r}: "
                          f"one of {sorted(GRAB_RESPONSES)}")


def figure(p: PendingAttack, die: int) -> int:
    """The grab's hypothetical figure: 1d6 plus the grabber's Strength Damage Modifier (L115)."""
    return die + p.damage_modifier


def prevented_by_parry(parry_damage: int, hypothetical: int) -> bool:
    """A parry prevents the grab when its damage leaves none of the hypothetical figure, as a
    parry's total is deducted from the attack's damage (L112, L115)."""
    return parry_damage >= hypothetical


def grip(p: PendingAttack, target: GoldenHeroesSheet) -> Grip:
    """The grip a grab that was not avoided takes: that hand, added to the grabber's other."""
    hand = next(t[5:] for t in p.tags if t.startswith("hand:"))
    old = target.grip
    mine = old is not None and old.holder_id == p.attacker_id
    hands = [*(old.hands if old is not None and mine else []), hand]
    return Grip(holder_id=p.attacker_id, hands=hands,
                hold=old.hold if old is not None and mine else None,
                encounter_id=p.encounter_id)
