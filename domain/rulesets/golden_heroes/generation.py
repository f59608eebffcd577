"""Character generation: attributes (L3), HTC and HTK (L9), movement (L10), frames (L42)."""

from __future__ import annotations

from contracts.rulesets.golden_heroes import AttributeRoll, CharacterGenerated
from domain.dice import Dice
from domain.rulesets.golden_heroes import tables

ATTRIBUTES = ("ego", "strength", "dexterity", "vigour")  # "in turn" (L3)


def roll_attribute(name: str, dice: Dice, method: str) -> AttributeRoll:
    """Attributes: 3d6, or 4d6 keeping the best 3 as the experienced referee's option (L3)."""
    count = 4 if method == "4d6k3" else 3
    faces = [dice.roll(6) for _ in range(count)]
    kept = sorted(faces, reverse=True)[:3]
    return AttributeRoll(attribute=name, dice=faces, kept=kept, value=sum(kept))


def generate(character_id: str, character_type: str, dice: Dice, method: str,
             power_rolls: int = 0) -> CharacterGenerated:
    """Roll the attributes, then HTC and HTK: a separate 1d6 per point of Vigour each (L9)."""
    rolls = [roll_attribute(a, dice, method) for a in ATTRIBUTES]
    vigour = rolls[3].value
    htc = [dice.roll(6) for _ in range(vigour)]
    htk = [dice.roll(6) for _ in range(vigour)]
    return CharacterGenerated(character_id=character_id, character_type=character_type,
                              method=method, attributes=rolls, htc_dice=htc, htk_dice=htk,
                              max_htc=sum(htc), max_htk=sum(htk), power_rolls=power_rolls)


def movement(strength: int, dexterity: int, vigour: int) -> int:
    """Movement in metres per frame: (STR + DEX + VIG) / 6, halves rounded up (L10)."""
    return (strength + dexterity + vigour + 3) // 6


def swim(move: int) -> int:
    """Swimming: one fifth of Movement, to the nearest whole number (L10; halves up, a decision)."""
    return (2 * move + 5) // 10


def strength_damage_modifier(strength: int) -> int:
    """Strength Effect Table damage modifier: +1 per point above 15, -1..-3 at 5..3 (L4-L6)."""
    return strength - 15 if strength >= 16 else tables.band(tables.STRENGTH_DAMAGE, strength)


def strength_divider_bonus(strength: int) -> dict[str, int]:
    """Strength Effect Table damage divider modifier (L4-L6): 19-39, 40-59, 60+."""
    if strength >= 60:
        return {"htk": 1, "htc": 3}
    if strength >= 40:
        return {"htk": 1, "htc": 2}
    if strength >= 19:
        return {"htk": 1, "htc": 1}
    return {"htk": 0, "htc": 0}


def thresholds(max_htc: int, max_htk: int) -> dict[str, int]:
    """Staggered at a fifth, stunned at a tenth of HTC; hospitalised at a tenth of HTK (L9)."""
    return {"staggered_htc": max_htc // 5, "stunned_htc": max_htc // 10,
            "hospitalised_htk": max_htk // 10}


def frames_per_round(character_type: str) -> int:
    """Frames per round: 4 superpowered, 3 minor villains, 2 most non-superpowered (L42)."""
    return tables.FRAMES_PER_ROUND[character_type][0]
