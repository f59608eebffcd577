"""Attack forms: weapon types' damage and time (L130-L133) and the powers' attacks (Energy
Attack L178, Martial Arts L239-L240, Stunner L272, Weapon Skill L279-L280, Precision L242)."""

from __future__ import annotations

from typing import Final, NamedTuple

from contracts.rulesets.golden_heroes import ModifierLine, Strike, StrikeSpec
from domain.errors import DomainError
from domain.rulesets.golden_heroes import energy_gimmicks, generation, powers, tables
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet


class Weapon(NamedTuple):
    htc_dice: int
    htc_plus: int
    htk_dice: int
    htk_plus: int
    frames: int  # one-handed weapons strike in a frame, all others take an action (L131)
    parry_row: str  # the Parry Table's attack row (L104-L111)
    strength_applies: bool  # no Strength modifier on light projectiles (L131)
    divider_reduction: int
    dodge_modifier: int  # heavy projectiles are dodged at -3 (L132)
    tags: tuple[str, ...]
    line: str


# WEAPON TYPES (L130-L133); fists and feet are one-handed concussive (L131).
WEAPONS: Final[dict[str, Weapon]] = {
    "one_handed_concussive": Weapon(2, 0, 1, -6, 1, "melee_other", True, 0, 0, (), "L131"),
    "two_handed_concussive": Weapon(2, 6, 1, 0, 2, "melee_other", True, 0, 0, (), "L131"),
    "hand_hurled_concussive": Weapon(2, 3, 1, 0, 2, "missile_hh", True, 0, 0, (), "L131"),
    "one_handed_penetrative": Weapon(1, 0, 2, 0, 1, "melee_other", True, 0, 0, ("knife",),
                                     "L131"),
    "two_handed_penetrative": Weapon(1, 0, 2, 3, 2, "melee_other", True, 0, 0, (), "L131"),
    "hand_hurled_penetrative": Weapon(1, 0, 2, 3, 2, "missile_hh", True, 0, 0, ("knife",),
                                      "L131"),
    "light_projectile": Weapon(1, 3, 2, 3, 2, "missile_lp", False, 0, 0, ("bullet",), "L131"),
    "heavy_projectile": Weapon(2, 3, 3, 3, 2, "hp_ea", False, 2, -3, (), "L131-L132"),
}

class Variant(NamedTuple):
    weapon: str  # the weapon type it is one of
    weapon_class: int | None  # its own WC, at least
    strike: int  # strike modifier
    dodge: int  # dodge modifier against it
    parry_row: str | None  # parried as energy (L132)
    divider_reduction: int
    line: str


# Weapons the WEAPON TYPES give their own numbers (L131-L132).
VARIANTS: Final[dict[str, Variant]] = {
    "bullwhip": Variant("one_handed_concussive", None, -2, 0, None, 0, "L131"),
    "smg": Variant("light_projectile", None, 0, -1, None, 0, "L132"),
    "laser": Variant("light_projectile", 2, 0, -2, "hp_ea", 1, "L132"),
    "blaster": Variant("light_projectile", 2, 0, 0, "hp_ea", 2, "L132"),
}

# ORIENTAL MARTIAL ARTS damage options a/b by grade (L239), PUGILISM by grade (L240).
ORIENTAL: Final[dict[int, dict[str, tuple[int, int, int, int]]]] = {
    1: {"a": (1, 0, 2, 0), "b": (2, 0, 1, -6)},
    2: {"a": (2, 6, 1, 0), "b": (1, 0, 2, 3)},
}
PUGILISM: Final[dict[int, tuple[int, int, int, int]]] = {1: (2, 0, 1, -6), 2: (2, 6, 1, 0)}

ENERGY_MAX_DICE: Final = 10  # "Max 10d6 per Action" (L178)
ENERGY_MAX_SPLIT: Final = 2  # HTC and HTK dice at most 2 apart (L178)
# CHARGE damage bonuses (L77 and the power entries); a power's bonus replaces the basic +1
# (decision #33): source -> (bonus, the power it needs, line)
CHARGES: Final[dict[str, tuple[int, str, str]]] = {
    "basic": (1, "", "L77"), "agility": (2, "agility", "L173"), "leaping": (2, "leaping", "L221"),
    "speed": (4, "speed", "L271"), "flight_dive": (5, "flight", "L205"),
    "growth": (4, "growth", "L208"), "shrink": (4, "shrink", "L266")}
CHARGE_DICE: Final = (2, 6, 1, 0)  # 2d6+6 HTC and 1d6 HTK, struck in a frame (L77)
WEAPON_SKILL_BONUS: Final = {2: (2, 5), 3: (5, 10)}  # one-/two-handed damage bonus (L280)


class AttackForm(NamedTuple):
    name: str
    weapon_type: str
    weapon_class: int
    htc_dice: int
    htc_plus: int
    htk_dice: int
    htk_plus: int
    frames: int
    parry_row: str
    divider_reduction: int
    dodge_modifier: int
    tags: tuple[str, ...]
    damage_modifiers: tuple[ModifierLine, ...]
    crit_range: int


def _missing(power: str, line: str) -> DomainError:
    return DomainError("attack", f"golden-heroes.{power.replace('_', '-')} {line}",
                       f"this character has no {power.replace('_', ' ')}")


def form(sheet: GoldenHeroesSheet, spec: Strike | StrikeSpec) -> AttackForm:
    """The attack form a strike uses, with its WC, damage dice, time and modifiers."""
    superpowered = sheet.character_type != "non_superpowered"
    strength = sheet.attributes.get("strength", 10)
    mods: list[ModifierLine] = []
    weapon_type = "one_handed_concussive"
    wc = sheet.weapon_class
    name = spec.attack
    tags: tuple[str, ...] = ()
    reduction = 0
    if name == "weapon":
        if spec.weapon is None:
            raise DomainError("weapon", "golden-heroes.weapons L130", "name the weapon type")
        weapon_type = spec.weapon
        skill = powers.held(sheet, "weapon_skill")
        skilled = skill is not None and skill.choice == weapon_type
        if superpowered and not skilled and not weapon_type.startswith("hand_hurled"):
            raise DomainError("weapon", "golden-heroes.weapons L29",
                              "superpowered characters use weapons only through Weapon Skill")
        if skilled and skill is not None:
            wc = 4  # Weapon Skill: WC4 with the chosen weapon (L279)
            if skill.grade >= 2:
                bonus = WEAPON_SKILL_BONUS[min(skill.grade, 3)][WEAPONS[weapon_type].frames - 1]
                mods.append(ModifierLine(source=f"weapon skill grade {skill.grade} (L280)",
                                         value=bonus))
    w = WEAPONS[weapon_type]
    dice = (w.htc_dice, w.htc_plus, w.htk_dice, w.htk_plus)
    frames, row, strength_applies, dodge = w.frames, w.parry_row, w.strength_applies, w.dodge_modifier
    size = spec.object_size if isinstance(spec, Strike) else None
    if size is not None:
        if not weapon_type.startswith("hand_hurled"):
            raise DomainError("object_size", "golden-heroes.throw L70-L74",
                              "an object's Size is for a hand-hurled weapon")
        need = tables.SIZES[size].throw
        if strength < need:
            raise DomainError("object_size", "golden-heroes.throw L72-L74",
                              f"throwing a Size {size} object needs Strength {need}")
        dodge -= size // 5  # a large hurled object: Dodge Modifier -Size/5 (L103)
        strength_applies = size >= 1  # Damage Modifiers only for 1 kg or more (L131)
    tags, reduction = w.tags, w.divider_reduction
    if spec.variant is not None:
        v = VARIANTS[spec.variant]
        if name != "weapon" or weapon_type != v.weapon:
            raise DomainError("variant", f"golden-heroes.weapons {v.line}",
                              f"a {spec.variant} is a {v.weapon.replace('_', ' ')} weapon")
        wc = max(wc, v.weapon_class or 0)
        dodge, reduction = dodge + v.dodge, reduction + v.divider_reduction
        row = v.parry_row or row
    if name == "weapon" and wc == 4 and row != "hp_ea":  # energy-like stays parried as EA
        row = "melee_ws" if row == "melee_other" else "missile_ws"
    if name == "energy_attack":
        if powers.grade(sheet, "energy_attack") == 0:
            raise _missing(name, "L178")
        h, k = spec.energy_htc_dice if isinstance(spec, Strike) else 3, \
            spec.energy_htk_dice if isinstance(spec, Strike) else 3
        b = energy_gimmicks.blast(sheet)
        if not 1 <= h + k <= b.max_dice:
            raise DomainError("energy_htc_dice", "golden-heroes.energy-attack L178, L194",
                              f"an energy attack uses 1 to {b.max_dice} dice an action")
        if abs(h - k) > ENERGY_MAX_SPLIT:
            raise DomainError("energy_htk_dice", "golden-heroes.energy-attack L178",
                              "HTC and HTK dice may differ by at most 2")
        quick = b.quick and h + k <= energy_gimmicks.QUICK_BLAST_DICE
        dice, wc, frames, row, strength_applies = (h, 0, k, 0), b.weapon_class, \
            1 if quick else 2, "hp_ea", False
        # dividers -2 on a hit (L178), -3 with Improved Damage (L192)
        reduction, tags, dodge = b.divider_reduction, ("energy",), 0
        if b.push_back:
            tags = (*tags, "push_back_gimmick")  # threshold 15 lower (L183)
    elif name == "stunner":
        if powers.grade(sheet, "stunner") == 0:
            raise _missing(name, "L272")
        dice, wc, frames, row, strength_applies = (3, 0, 0, 0), 3, 2, "hp_ea", False
        reduction, tags, dodge = 2, ("energy",), 0
    elif name == "martial_arts":
        ma = powers.held(sheet, "martial_arts")
        if ma is None:
            raise _missing(name, "L239")
        opt = spec.martial_option if isinstance(spec, Strike) else "a"
        if "pugilism" in ma.choice.split(",") and "oriental" not in ma.choice.split(","):
            dice, wc, row = PUGILISM[min(ma.grade, 2)], 3, "melee_ma"
        else:
            dice = ORIENTAL[min(ma.grade, 2)][opt]
            wc, row = (4, "melee_ma3") if ma.grade >= 3 else (3, "melee_ma")
        frames = 1
    charge = spec.charge if isinstance(spec, Strike) else None
    if charge is not None:
        bonus, power, line = CHARGES[charge]
        if name != "fist":
            raise DomainError("charge", "golden-heroes.charge L77", "a charge is a fist or foot blow")
        if not superpowered or (power and powers.grade(sheet, power) == 0):
            raise DomainError("charge", f"golden-heroes.charge {line}",
                              f"this charge needs {power or 'a superpowered character'}")
        dice, frames = CHARGE_DICE, 1
        mods.append(ModifierLine(source=f"charge: {charge} ({line})", value=bonus))
        tags = (*tags, "charge")
    if not superpowered and name == "fist":
        wc = min(wc, 1)
    if strength_applies:
        dmg = generation.strength_damage_modifier(strength)
        if dmg:
            mods.insert(0, ModifierLine(source=f"strength {strength} (L4-L6)", value=dmg))
    precision = powers.held(sheet, "precision")
    crit_range = 1
    if precision is not None and precision.choice in ("", name, weapon_type):
        crit_range = 2  # criticals on 19-20 (L242)
        if precision.grade >= 2:
            mods.append(ModifierLine(source="precision grade 2 (L242)", value=5))
    if spec.weapon_class is not None:
        wc = spec.weapon_class
    return AttackForm(name=name, weapon_type=weapon_type, weapon_class=wc, htc_dice=dice[0],
                      htc_plus=dice[1], htk_dice=dice[2], htk_plus=dice[3], frames=frames,
                      parry_row=row, divider_reduction=reduction, dodge_modifier=dodge, tags=tags,
                      damage_modifiers=tuple(mods), crit_range=crit_range)
