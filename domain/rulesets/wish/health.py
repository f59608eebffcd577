"""Damage, Wounds and Grit, criticals and schisms, death, healing and recovery.

L184-210, L272 (Pierce), L1417-1419 (criticals and schisms); digest §5.3.
"""

from __future__ import annotations

import msgspec

from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.wish import conditions
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import Lasting, WishSheet


class DamageResult(msgspec.Struct, frozen=True, kw_only=True):
    kind: str
    raw: int
    mitigation: int
    taken: int
    wounds_lost: int = 0
    grit_lost: int = 0
    criticals: list[Lasting] = []
    schisms: list[Lasting] = []
    stress: int = 0  # Susceptible (L1436)
    fatigue: int = 0  # Depleted at To 0 (L1449)
    unconscious: bool = False
    incapacitated: bool = False
    dead: bool = False
    broken: bool = False
    serial: int = 0


def mitigate(
    target: WishSheet, amount: int, kind: str, pierce: int, bypass: bool
) -> tuple[int, int]:
    """(mitigation, damage taken): Soak vs physical (Pierce lowers it, min 0), Psyche vs
    non-physical, each leaving at least 1 (L185-186, L272). Direct losses are not mitigated (D-14);
    nothing dealt means nothing taken (D-36)."""
    if amount <= 0:
        return 0, 0
    if kind == "physical":
        soak = 0 if bypass else max(0, sheets.mitigation(target, "soak") - pierce)
        return soak, max(1, amount - soak)
    if kind == "nonphysical":
        psyche = 0 if bypass else sheets.mitigation(target, "psyche")
        return psyche, max(1, amount - psyche)
    return 0, amount


def damage(
    target: WishSheet,
    amount: int,
    kind: str,
    options: WishOptions,
    *,
    pierce: int = 0,
    bypass: bool = False,
) -> DamageResult:
    """Apply a damage packet: every Wound at 0 Wounds is a critical, every Grit at 0 Grit a
    schism (L206); unconscious at 0 Wounds (L196); dead when criticals exceed Toughness (L208);
    permanently broken when schisms exceed Willpower (L210)."""
    if amount < 0 or pierce < 0:
        raise DomainError("amount", "wish.damage L185", "damage and Pierce must not be negative")
    # Thunderstruck: +1 damage taken per instance (L1457).
    raw = amount + (conditions.count(target, "Thunderstruck") if amount > 0 else 0)
    mitig, taken = mitigate(target, raw, kind, pierce, bypass)
    physical = kind in ("physical", "direct_wounds")
    serial = target.serial
    lost, extra = 0, []
    left = (sheets.current_wounds if physical else sheets.current_grit)(target, options)
    for _ in range(taken):
        if left > 0:
            left -= 1
            lost += 1
        else:
            serial += 1
            name = "Critical wound" if physical else "Schism"
            extra.append(
                Lasting(
                    id=f"{'crit' if physical else 'schism'}-{serial}",
                    name=name,
                    severity=options.default_critical_severity,
                )
            )
    after = msgspec.structs.replace(
        target,
        wounds_lost=target.wounds_lost + (lost if physical else 0),
        grit_lost=target.grit_lost + (0 if physical else lost),
        criticals=[*target.criticals, *extra] if physical else target.criticals,
        schisms=target.schisms if physical else [*target.schisms, *extra],
    )
    stress = fatigue = 0
    if physical and taken > 0:
        stress += conditions.count(target, "Susceptible")  # L1436
        if sheets.effective(target, "to") == 0 and conditions.count(target, "Depleted"):
            fatigue += 1  # L1449
    if not physical and taken > 0 and sheets.effective(target, "wp") == 0:
        stress += 1 if conditions.count(target, "Depressed") else 0  # L1452
    return DamageResult(
        kind=kind,
        raw=raw,
        mitigation=mitig,
        taken=taken,
        wounds_lost=lost if physical else 0,
        grit_lost=0 if physical else lost,
        criticals=extra if physical else [],
        schisms=[] if physical else extra,
        stress=stress,
        fatigue=fatigue,
        unconscious=sheets.is_unconscious(after, options),
        incapacitated=sheets.current_grit(after, options) == 0,
        dead=sheets.is_dead(after, options),
        broken=sheets.is_broken(after, options),
        serial=serial,
    )


def inflict(target: WishSheet, kind: str, name: str, severity: int) -> Lasting:
    """An ability explicitly inflicts a critical or schism (L206); it counts as a Wound (L1417)."""
    if not 1 <= severity <= 5:
        raise DomainError("severity", "wish.condition.contingent L1415", "severity must be 1-5")
    prefix = "crit" if kind == "critical" else "schism"
    return Lasting(id=f"{prefix}-{target.serial + 1}", name=name, severity=severity)


class Healing(msgspec.Struct, frozen=True, kw_only=True):
    wounds: int = 0
    grit: int = 0
    treated: list[str] = []


def heal(target: WishSheet, wounds: int, grit: int, treat: list[str]) -> Healing:
    """Heal Wounds and Grit (never past threshold minus criticals, L194, L1417) and treat
    criticals or schisms (L1417-1419; the procedures are a gap, G-4)."""
    if wounds < 0 or grit < 0:
        raise DomainError("wounds", "wish.health.heal L194", "must not be negative")
    known = {c.id for c in target.criticals} | {s.id for s in target.schisms}
    for i in treat:
        if i not in known:
            raise NotFound("treat", "wish.health.heal L1417", f"no critical or schism {i!r}")
    return Healing(
        wounds=min(wounds, target.wounds_lost),
        grit=min(grit, target.grit_lost),
        treated=list(treat),
    )


class Recovery(msgspec.Struct, frozen=True, kw_only=True):
    stress: int = 0
    fatigue: int = 0


def recover(target: WishSheet, stress: int, fatigue: int) -> Recovery:
    """Remove stress and fatigue tokens; Exhausted blocks fatigue recovery (L1442) and Shocked
    blocks stress recovery (L1443)."""
    if stress < 0 or fatigue < 0:
        raise DomainError("stress", "wish.health.recover L896", "must not be negative")
    if fatigue and conditions.count(target, "Exhausted"):
        raise StateConflict("fatigue", "wish.condition.exhausted L1442", "cannot recover fatigue")
    if stress and conditions.count(target, "Shocked"):
        raise StateConflict("stress", "wish.condition.shocked L1443", "cannot recover stress")
    return Recovery(stress=min(stress, target.stress), fatigue=min(fatigue, target.fatigue))


def fatigue_suffered(target: WishSheet, n: int) -> int:
    """Fatigue actually suffered: Sickened adds 1 per instance whenever any is suffered (L1435)."""
    return n + conditions.count(target, "Sickened") if n > 0 else 0
