"""Devices (L299-332, L920): Soak and Wounds of a device, the dice for targeting or disarming
one, damage to it, and which stunts a disarmed or broken device takes away. The seed prints no
die icon for targeting and disarming (L311-315, L920): the dice are campaign options holding
the digest's restorations (Appendix A rows 5-8, 22)."""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets.wish import DiceSource
from domain.errors import StateConflict
from domain.rulesets.wish import item_of_power, justifications
from domain.rulesets.wish.creation_tables import rank as character_rank
from domain.rulesets.wish.options import WishOptions
from domain.rulesets.wish.state import Device, WishSheet

# kind -> (Soak before SR, Wounds beyond SR, seed line): Detached (7 + SR) Soak and SR Wounds,
# Integrated (5 + SR) Soak and (SR + 2) Wounds
DURABILITY: Final[dict[str, tuple[int, int, int]]] = {
    "detached": (7, 0, 317),
    "integrated": (5, 2, 318),
}


class Durability(msgspec.Struct, frozen=True, kw_only=True):
    soak: int
    wounds: int
    wounds_left: int
    rule: str


def durability(sheet: WishSheet, device: Device) -> Durability:
    """Device Soak and Wounds (L317-324): by the highest-rated of its stunts, +1 Soak and +1
    Wound per further stunt (L322), plus the Soak it gives its user (L324); an Item of Power has
    15 + Rank Soak and 5 x Rank Wounds (L920)."""
    if device.kind == "item_of_power":
        soak, wounds = item_of_power.soak_and_wounds(character_rank(sheet.experience))
        soak, rule = soak + device.soak_bonus, "wish.device L920"
    else:
        ratings = [sheet.stunts[n].rating for n in device.stunts if n in sheet.stunts] or [0]
        base, more, line = DURABILITY[device.kind]
        extra = len(ratings) - 1
        soak = base + max(ratings) + extra + device.soak_bonus
        wounds, rule = max(ratings) + more + extra, f"wish.device L{line}, L322"
    return Durability(soak=soak, wounds=wounds, wounds_left=max(0, wounds - device.wounds_lost),
                      rule=rule)


def attack_dice(device: Device, disarm: bool, options: WishOptions) -> list[DiceSource]:
    """Dice an attacker adds to target a Detached or Integrated device directly or to disarm
    it (L311-315); an Item of Power's are the origin's (``origin_abilities``, L920)."""
    key = f"{'disarm' if disarm else 'target'}_{device.kind}"
    line = {"target_detached": 311, "target_integrated": 312, "disarm_detached": 314,
            "disarm_integrated": 315}[key]
    return [DiceSource(source=f"{key.replace('_', ' ')} device L{line}", die=d, count=n)
            for d, n in options.device_dice[key].items() if n]


def holding(sheet: WishSheet, stunt: str) -> tuple[str, Device] | None:
    """The device that justifies a stunt, if one does (L299-322)."""
    for name, device in sheet.devices.items():
        if stunt in device.stunts:
            return name, device
    return None


def usable(sheet: WishSheet, stunt: str) -> None:
    """A device 'can be taken away from a character or potentially even destroyed' (L301): its
    stunts are unusable while it is disarmed or broken; Wielded abilities need the Item of Power
    (L921)."""
    held = holding(sheet, stunt)
    st = sheet.stunts.get(stunt)
    if held is None and st is not None and st.wielded:
        held = next(((n, d) for n, d in sheet.devices.items() if d.kind == "item_of_power"), None)
    if held is not None and held[1].state != "ready":
        raise StateConflict("stunt", "wish.device L301, L921",
                            f"{stunt} comes from {held[0]}, which is {held[1].state}")


def damaged(sheet: WishSheet, device: Device, amount: int, pierce: int) -> dict[str, int | bool]:
    """Damage to a device: its Soak (less Pierce, L272) first, and 'Devices do not take automatic
    Wounds; if they Soak all incoming damage they are unharmed' (L320)."""
    d = durability(sheet, device)
    soak = max(0, d.soak - pierce)
    wounds = min(max(0, amount - soak), d.wounds_left)
    return {"amount": amount, "soak": soak, "wounds_lost": wounds,
            "broken": wounds >= d.wounds_left and d.wounds_left > 0 and wounds > 0}


def problems(sheet: WishSheet, options: WishOptions) -> list[tuple[str, str, str]]:
    """Each device lists owned stunts, each in one device only, that are Device-justified
    (L299, L322); figures are never negative."""
    p: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for name, device in sheet.devices.items():
        field = f"sheet.devices.{name}"
        if device.soak_bonus < 0 or device.wounds_lost < 0:
            p.append((field, "wish.device L317-324", "negative Soak or Wounds"))
        for stunt in device.stunts:
            st = sheet.stunts.get(stunt)
            if st is None or stunt in seen:
                p.append((f"{field}.stunts", "wish.device L322",
                          f"{stunt!r} is not a stunt of the sheet, or in two devices"))
            elif justifications.effective(sheet, st) != "device" and not st.wielded:
                p.append((f"{field}.stunts", "wish.justification.device L299",
                          f"{stunt} is not Device-justified"))
            seen.add(stunt)
    return p
