"""Equipment and costume (L23, L27, L29-L30): up to 3 items besides the costume, the items the
powers require counted among them; weapons only with a power that specifies one, shields only
with Weapon Skill; Suit Padding or Ultra-light Chainmail is DC 5.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import powers
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.decide_combat import char
from domain.rulesets.golden_heroes.events import Out, event

RULE: Final = "golden-heroes.equipment L29"
MAX_ITEMS: Final = 3  # "up to 3 items of equipment, in addition to their basic costume" (L29)
PADDING_DC: Final = 5  # "Suit Padding or Ultra-light Chainmail of Defence Class 5" (L29)
# items a power requires, given as part of the starting equipment (L29)
POWER_ITEMS: Final[dict[str, tuple[str, str]]] = {
    "armour": ("suit of armour", "L29, L174"),
    "weapon_skill": ("weapon for Weapon Skill", "L29, L279"),
    "cybernetics": ("cybernetic device", "L29, L175"),
}
# powers a costume of Destabilised Molecules lets its wearer use (L29-L30; digest §1.10)
DESTABILISED: Final = frozenset({"stretch", "shrink", "growth", "invisibility", "chameleon",
                                 "intangibility"})
# powers that specify a weapon (L29): Weapon Skill, Stunner, a Cybernetic Weapon
WEAPON_POWERS: Final = frozenset({"weapon_skill", "stunner", "cybernetics"})


def granted(sheet: st.GoldenHeroesSheet) -> list[str]:
    """The items the character's powers give it, each counted among the 3 (L29)."""
    out = [name for power, (name, _) in POWER_ITEMS.items() if powers.grade(sheet, power)]
    if any(powers.grade(sheet, p) for p in DESTABILISED):
        out.append("costume of Destabilised Molecules")
    return out


def choose(cmd: c.ChooseEquipment, sheet: st.GoldenHeroesSheet) -> list[Out]:
    """Starting equipment (L29): refused past 3 items, a weapon without a power that specifies
    one, a shield without Weapon Skill."""
    given = granted(sheet)
    if len(given) + len(cmd.items) > MAX_ITEMS:
        raise DomainError("items", RULE, f"up to {MAX_ITEMS} items besides the costume; the "
                          f"powers already give {len(given)}: {given}")
    superpowered = sheet.character_type != "non_superpowered"
    for n, item in enumerate(cmd.items):
        if item.kind == "shield" and powers.grade(sheet, "weapon_skill") == 0:
            raise DomainError(f"items[{n}].kind", RULE,
                              "only characters with Weapon Skill may have a shield")
        if item.kind == "weapon" and superpowered and \
                not any(powers.grade(sheet, p) for p in WEAPON_POWERS):
            raise DomainError(f"items[{n}].kind", RULE, "only characters with a Superpower "
                              "that specifies a weapon may have one (Weapon Skill, Stunner, "
                              "a Cybernetic Weapon)")
        if item.kind == "weapon" and item.weapon_type is None:
            raise DomainError(f"items[{n}].weapon_type", RULE, "name the weapon's type (L130)")
    padded = any(i.kind == "padding" for i in cmd.items)
    base = sheet.costume_dc if sheet.equipped else sheet.defence_class  # 6, the costume (L27)
    dc = min(base, PADDING_DC) if padded else base
    costume = ("destabilised_molecules" if "costume of Destabilised Molecules" in given
               else "standard")
    return [event(char(cmd.character_id), c.EquipmentChosen(
        character_id=cmd.character_id, costume=costume, granted=given, items=list(cmd.items),
        defence_class=dc))]


def fold(sheet: st.GoldenHeroesSheet, ev: c.EquipmentChosen) -> st.GoldenHeroesSheet:
    """The sheet after an equipment choice: the items and the costume's DC."""
    costume_dc = sheet.costume_dc if sheet.equipped else sheet.defence_class
    return msgspec.structs.replace(
        sheet, equipped=True, costume=ev.costume, costume_dc=costume_dc,
        equipment=[*ev.granted, *(i.name for i in ev.items)], defence_class=ev.defence_class)
