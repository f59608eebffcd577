"""WISH events of travel (L1076-1198)."""

from __future__ import annotations

from typing import Any

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.events.base import WishEvent


class TravelResolved(WishEvent, frozen=True, kw_only=True, tag="wish.TravelResolved"):
    """A travel skill used in its mode: a React's effect, automatic successes, or a check's
    outcome with its rider and calamities (L1076-1198)."""

    skill: str
    travel_skill: str
    mode: str
    purpose: str
    line: int
    react: str | UnsetType = UNSET
    free_movement_maneuver: bool | UnsetType = UNSET
    automatic_successes: int | UnsetType = UNSET
    check_id: str | UnsetType = UNSET
    success: bool | UnsetType = UNSET
    net_successes: int | UnsetType = UNSET
    calamities: int | UnsetType = UNSET
    rider: dict[str, int] | UnsetType = UNSET
    calamity_effect: dict[str, Any] | UnsetType = UNSET
    device_broken: bool | UnsetType = UNSET
    gate_allocations: int | UnsetType = UNSET
    gate: dict[str, int] | UnsetType = UNSET


class TravelRechargeSet(WishEvent, frozen=True, kw_only=True, tag="wish.TravelRechargeSet"):
    tokens: dict[str, int]
