"""WISH events of health and devices: damage, recovery, exertion, lasting harm, stabilizing,
and devices damaged or disarmed (L185-210, L314-324, L1417-1419, L1490-1511)."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.events.base import WishEvent
from contracts.rulesets.wish.sheet import Lasting


class DamageTaken(WishEvent, frozen=True, kw_only=True, tag="wish.DamageTaken"):
    """Damage through Soak or Psyche (L185-210): what was mitigated and lost, and what it did."""

    kind: str
    raw: int
    mitigation: int
    taken: int
    wounds_lost: int = 0
    grit_lost: int = 0
    criticals: list[Lasting] = []
    schisms: list[Lasting] = []
    stress: int = 0
    fatigue: int = 0
    unconscious: bool = False
    incapacitated: bool = False
    dead: bool = False
    broken: bool = False
    serial: int = 0
    source: str


class Restored(WishEvent, frozen=True, kw_only=True, tag="wish.Restored"):
    """Wounds, Grit, stress, fatigue or Fortune recovered; ``treated`` after a heal."""

    wounds: int | UnsetType = UNSET
    grit: int | UnsetType = UNSET
    treated: list[str] | UnsetType = UNSET
    stress: int | UnsetType = UNSET
    fatigue: int | UnsetType = UNSET
    fortune: int | UnsetType = UNSET
    cause: str


class Exerted(WishEvent, frozen=True, kw_only=True, tag="wish.Exerted"):
    """Stress or fatigue suffered, and why."""

    stress: int | UnsetType = UNSET
    fatigue: int | UnsetType = UNSET
    cause: str


class LastingInflicted(WishEvent, frozen=True, kw_only=True, tag="wish.LastingInflicted"):
    """A critical wound or schism (L1417-1419)."""

    kind: str
    lasting: Lasting
    serial: int
    cause: str | UnsetType = UNSET


class Stabilized(WishEvent, frozen=True, kw_only=True, tag="wish.Stabilized"):
    by: str
    check_id: str


class StabilizationEnded(WishEvent, frozen=True, kw_only=True, tag="wish.StabilizationEnded"):
    cause: str


class DeviceDamaged(WishEvent, frozen=True, kw_only=True, tag="wish.DeviceDamaged"):
    """Damage to a device after its Soak (L272, L320)."""

    device: str
    amount: int
    soak: int
    wounds_lost: int
    broken: bool


class DeviceDisarmed(WishEvent, frozen=True, kw_only=True, tag="wish.DeviceDisarmed"):
    """A device taken away (L314-315)."""

    device: str
    by: str
    rule: str


class DeviceRestored(WishEvent, frozen=True, kw_only=True, tag="wish.DeviceRestored"):
    device: str
    how: str
