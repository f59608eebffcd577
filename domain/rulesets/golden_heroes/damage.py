"""The damage pipeline (L103, L112, L118-L123; digest §3.7's order).

1. the attack form's dice; 2. Damage Modifiers as the attacker allocated them, each total
clamped at 0 (decision #34); 3. the response: glancing blow (half of HTC + HTK, taken from
HTK first, L103) or a melee parry's damage (HTK first, L112); the push-back HTC is taken here
(decision #16); 4. Defence Class immunity to WC 0/1, bullets and knives (L118); 5. dividers:
the DC's plus the Strength bonus minus the attack's reductions, each applied only when at least
2 (L119); 6. into the pools: HTC below 0 absorbs at most the Vigour, the rest goes to HTK (L123).
"""

from __future__ import annotations

from typing import NamedTuple

from contracts.rulesets.golden_heroes import DamageStep
from domain.rulesets.golden_heroes import generation, powers, tables
from domain.rulesets.golden_heroes.state import GoldenHeroesSheet, PendingAttack


class Damage(NamedTuple):
    htc: int
    htk: int


def rolled(p: PendingAttack, htc_faces: list[int], htk_faces: list[int]) -> Damage:
    """The attack form's dice plus their constants, e.g. a fist's 2d6 HTC and 1d6-6 HTK (L131)."""
    return Damage(sum(htc_faces) + p.htc_plus, sum(htk_faces) + p.htk_plus)


def with_modifiers(base: Damage, p: PendingAttack, extra_htc: int = 0) -> Damage:
    """Damage Modifiers, the HTK share as allocated, the rest on HTC; each clamped at 0 (L118)."""
    htc = base.htc + p.damage_modifier - p.to_htk + extra_htc
    return Damage(max(htc, 0), max(base.htk + p.to_htk, 0))


def take_htk_first(d: Damage, reduction: int) -> Damage:
    """Remove ``reduction`` points, from HTK first and then HTC (L103, L112)."""
    off_htk = min(d.htk, reduction)
    return Damage(max(d.htc - (reduction - off_htk), 0), d.htk - off_htk)


def glancing(d: Damage, rounding: str = "down") -> Damage:
    """A glancing blow: half the total (rounded down, or up by option), taken from HTK first
    (L103, decision #5)."""
    total = d.htc + d.htk
    return take_htk_first(d, total // 2 if rounding == "down" else -(-total // 2))


def immune(dc: int, p: PendingAttack, d: Damage) -> Damage:
    """DC 1-3 take nothing, DC 4 no HTK, from WC 0/1 attacks, bullets or knives (L118)."""
    if not (p.weapon_class <= 1 or {"bullet", "knife"} & set(p.tags)):
        return d
    if dc <= 3:
        return Damage(0, 0)
    if dc == 4:
        return Damage(d.htc, 0)
    return d


def dividers(target: GoldenHeroesSheet, dc: int, reduction: int) -> Damage:
    """The DC's dividers (L62-L66) plus the Strength bonus (L4-L6) minus reductions (L119)."""
    row = tables.DEFENCE_CLASS[dc]
    bonus = generation.strength_divider_bonus(target.attributes.get("strength", 10))
    # below 2 a divider does nothing (L119); shown as 0 when reductions take it below that
    return Damage(max(row.htc_divider + bonus["htc"] - reduction, 0),
                  max(row.htk_divider + bonus["htk"] - reduction, 0))


def divide(d: Damage, by: Damage) -> Damage:
    """Each divider applies only when its total is 2 or more (L119), rounding down."""
    return Damage(d.htc // by.htc if by.htc >= 2 else d.htc,
                  d.htk // by.htk if by.htk >= 2 else d.htk)


def into_pools(target: GoldenHeroesSheet, d: Damage) -> tuple[int, int, int]:
    """New (HTC, HTK, HTC carried into HTK): below 0 HTC absorbs at most the Vigour (L123)."""
    floor = -target.attributes.get("vigour", 0)
    htc = target.htc - d.htc
    overflow = max(floor - htc, 0) if d.htc else 0
    htc = max(htc, min(floor, target.htc))
    return htc, target.htk - d.htk - overflow, overflow


def pushback_threshold(target: GoldenHeroesSheet, stand_firm: bool, off_balance: bool) -> int:
    """20 HTC for the superpowered, Strength for others (L119-L120); standing firm +5 a grade
    of Strength (L115); caught off balance -15 (L89)."""
    pbt = (tables.PUSHBACK_THRESHOLD if target.character_type != "non_superpowered"
           else target.attributes.get("strength", 10))
    if stand_firm:
        pbt += tables.STAND_FIRM_PER_GRADE * powers.grade(target, "strength")
    return pbt - (15 if off_balance else 0)


def pushback_metres(htc: int, threshold: int) -> int:
    """2 m for every 5 HTC, or part, above the threshold (L119)."""
    per, metres = tables.PUSHBACK_METRES_PER
    over = htc - threshold
    return 0 if over <= 0 else metres * -(-over // per)


def fall_dexterity(target: GoldenHeroesSheet) -> int:
    """Agility and Wallcrawling count as Dexterity 21 against falling over (L120)."""
    if powers.grade(target, "agility") or powers.grade(target, "wallcrawling"):
        return 21
    return target.attributes.get("dexterity", 10)


def falls(die: int, metres: int, dexterity: int, rule: str = "over_dexterity") -> bool:
    """1d20 + 1 per 2 m pushed: over the Dexterity, the character falls (L119; decision #15);
    the ``under_dexterity`` option reads L119 literally."""
    total = die + metres // 2
    return total > dexterity if rule == "over_dexterity" else total < dexterity


def step(name: str, d: Damage) -> DamageStep:
    return DamageStep(step=name, htc=d.htc, htk=d.htk)
