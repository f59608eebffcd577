"""The strike roll (L79): d20 + WC + DC (DC 1-4 add 5) + strike modifiers >= 18 hits.

A natural 20 is a critical hit and always hits; a natural 1 a critical miss and always
misses (digest decision #1). Superpowered criticals roll a d10 on their tables (L84-L98).
"""

from __future__ import annotations

from collections.abc import Iterable

from contracts.rulesets.golden_heroes import ModifierLine, StrikeRolled
from domain.dice import Dice
from domain.rulesets.golden_heroes import tables


def defence_added(dc: int) -> int:
    """What the target's Defence Class adds to the strike total: DC 1-4 add 5 (L79)."""
    return tables.LOW_DC_ADDS if dc <= 4 else dc


def modifier_lines(dexterity: int | None, circumstances: Iterable[str], cover: int = 0,
                   extreme_range_fifths: int = 0, other: int = 0) -> list[ModifierLine]:
    """Every strike modifier that applies, each named with its seed line (L7, L80-L82, L123)."""
    out: list[ModifierLine] = []
    if dexterity is not None:
        dex = tables.band(tables.DEXTERITY_STRIKE, dexterity)
        if dex:
            out.append(ModifierLine(source=f"dexterity {dexterity} (L7)", value=dex))
    for name in dict.fromkeys(circumstances):
        value, line = tables.CIRCUMSTANCES[name]
        out.append(ModifierLine(source=f"{name} ({line})", value=value))
    if cover:
        out.append(ModifierLine(source="cover (L80-L82)", value=-cover))
    if extreme_range_fifths:
        out.append(ModifierLine(source="extreme range (L80-L82)", value=-extreme_range_fifths))
    if other:
        out.append(ModifierLine(source="other", value=other))
    return out


def check_circumstances(circumstances: Iterable[str]) -> None:
    """Behind and above are exclusive: "It can never be both" (L82)."""
    from domain.errors import DomainError

    given = set(circumstances)
    if {"behind", "above"} <= given:
        raise DomainError("circumstances", "golden-heroes.strike.behind-or-above L82",
                          "an attacker is behind or above a foe, never both")


def resolve(dice: Dice, *, character_id: str, target_id: str, weapon_class: int,
            defence_class: int, modifiers: list[ModifierLine], attacker_superpowered: bool,
            target_superpowered: bool, crit_range: int = 1, miss_range: int = 1
            ) -> StrikeRolled:
    """Roll the d20 and read it (L79). A superpowered character's Critical Hit "against a
    superpowered opponent" rolls 1d10 on the Critical Hit Table (L84); "whenever a superpowered
    character suffers a Critical Miss", whatever its target, 1d10 on the Critical Miss Table
    (L85), a backfire rolling its 1d6 HTC (L98). A non-superpowered maker of a critical miss
    loses its next action (L84)."""
    natural = dice.roll(20)
    added = defence_added(defence_class)
    total = natural + weapon_class + added + sum(m.value for m in modifiers)
    critical: str | None = None
    if natural >= 21 - crit_range:
        critical = "hit"
    elif natural <= miss_range:
        critical = "miss"  # 1, or 1-2 when Jinxed (L370)
    hit = critical == "hit" or (critical is None and natural != 1
                                and total >= tables.HIT_TARGET)
    die = effect = backfire = None
    table = (attacker_superpowered and target_superpowered if critical == "hit"
             else attacker_superpowered)
    if critical is not None and table:
        die = dice.roll(10)
        text, line = (tables.CRITICAL_HIT if critical == "hit" else tables.CRITICAL_MISS)[die]
        effect = f"{text} ({line})"
        if critical == "miss" and die == tables.BACKFIRE:
            backfire = dice.roll(6)
    elif critical == "miss":
        effect = "non-superpowered: loses their next action (L84)"
    return StrikeRolled(character_id=character_id, target_id=target_id, natural=natural,
                        weapon_class=weapon_class, defence_class=defence_class,
                        defence_added=added, modifiers=modifiers, total=total, hit=hit,
                        critical=critical,  # type: ignore[arg-type]
                        critical_die=die, critical_effect=effect, backfire_die=backfire,
                        crit_range=crit_range,
                        miss_range=miss_range)


def reread(data: StrikeRolled, natural: int, crit_range: int = 1,
           miss_range: int = 1) -> list[str]:
    """How a recorded strike's reading differs from the rule applied to its d20."""
    out: list[str] = []
    total = natural + data.weapon_class + defence_added(data.defence_class) + sum(
        m.value for m in data.modifiers)
    if natural != data.natural:
        out.append(f"natural {data.natural} recorded, {natural} drawn")
    if total != data.total:
        out.append(f"total {data.total} recorded, {total} from the draws")
    hit = natural >= 21 - crit_range or (natural > miss_range and total >= tables.HIT_TARGET)
    if hit != data.hit:
        out.append(f"hit={data.hit} recorded, the rule gives {hit}")
    return out
