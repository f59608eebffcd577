"""Fortune's "treat any d6 roll as a 6" (L47) on the dice the service rolls inside a command:
a damage roll's d6 (L29), a Misfire d6 (L128) and a Spell Consequence d6 (L416), as the digest
reads L47 ("It applies to any d6: boon die, Fate roll, damage die, Misfire die, Spell
Consequence die"). The spend is declared on the command that rolls the die, because the die's
consequence (damage dealt, a jam or an explosion, an Exposure tier) is decided in that same
command; it is spent only when a die it can change is rolled, and the event keeps the face."""

from __future__ import annotations

from typing import Literal

from contracts.rulesets.boonbane import FortuneSpent
from domain.errors import DomainError
from domain.rulesets.boonbane import fortune
from domain.rulesets.boonbane.state import BoonbaneSheet

SIX = 6


def require_d6(sides: int, field: str) -> None:
    """Only a d6 can be treated as a 6 (L47)."""
    if sides != SIX:
        raise DomainError(field, "boonbane.fortune L47",
                          f"Fortune treats a d6 as a 6, and this roll's dice are d{sides}")


def require_player(sheet: BoonbaneSheet, field: str, use: str) -> None:
    """Fortune is a player character's (L45-L47, digest D-34), and it must have 1 to spend."""
    if sheet.kind != "pc":
        raise DomainError(field, "boonbane.fortune L47",
                          "only a player character spends Fortune")
    fortune.require(sheet, field, use)


def damage_die(faces: list[int]) -> int | None:
    """The damage die Fortune treats as a 6 (L47): the lowest d6 below 6, so the roll gains
    the most; None when every die already shows 6."""
    low = [i for i, f in enumerate(faces) if f < SIX]
    return min(low, key=lambda i: faces[i]) if low else None


def damage_amount(faces: list[int], bonus: int, fortune_die: int | None) -> int:
    """A damage roll's total (L29) with the die Fortune made a 6 (L47)."""
    return sum(SIX if i == fortune_die else f for i, f in enumerate(faces)) + bonus


def misfire_changes(face: int) -> bool:
    """Misfire (L128) "odd explodes for 2d6 damage, even needs 1 minute of repair": read as a 6
    (L47), an odd face jams instead of exploding; an even one jams anyway, so nothing is spent."""
    return face % 2 == 1


def spent(sheet: BoonbaneSheet, character_id: str,
          use: Literal["misfire_six", "damage_six", "consequence_six"], rolled: int,
          for_character: str) -> FortuneSpent:
    """1 Fortune spent on a d6 that showed ``rolled`` (L47)."""
    return FortuneSpent(character_id=character_id, use=use,
                        for_character=for_character, fortune=sheet.fortune - 1, rolled=rolled)
