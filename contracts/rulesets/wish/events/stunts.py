"""WISH events of stunts: costs paid, toggles, Lingering and Extended effects, recharge tokens
(L256-273, L508-510)."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.events.base import WishEvent


class StuntCostPaid(WishEvent, frozen=True, kw_only=True, tag="wish.StuntCostPaid"):
    """A stunt's cost (L508): only the non-zero parts are listed."""

    stunt: str
    stress: int | UnsetType = UNSET
    fatigue: int | UnsetType = UNSET
    fortune: int | UnsetType = UNSET
    wounds: int | UnsetType = UNSET
    grit: int | UnsetType = UNSET


class StuntToggled(WishEvent, frozen=True, kw_only=True, tag="wish.StuntToggled"):
    stunt: str | None
    on: bool
    cause: str


class StuntRestored(WishEvent, frozen=True, kw_only=True, tag="wish.StuntRestored"):
    stunt: str


class LingeringMaintained(WishEvent, frozen=True, kw_only=True, tag="wish.LingeringMaintained"):
    stunt: str | None


class LingeringUpkeep(WishEvent, frozen=True, kw_only=True, tag="wish.LingeringUpkeep"):
    """Lingering effects at the end of a turn (L262): those that ended and those kept."""

    ended: list[str]
    kept: list[str]


class LingeringEnded(WishEvent, frozen=True, kw_only=True, tag="wish.LingeringEnded"):
    stunts: list[str]
    cause: str


class ExtendedBegun(WishEvent, frozen=True, kw_only=True, tag="wish.ExtendedBegun"):
    """An X Turns effect begun (L261)."""

    stunt: str
    turns: int


class ExtendedProgressed(WishEvent, frozen=True, kw_only=True, tag="wish.ExtendedProgressed"):
    stunt: str
    done: int


class ExtendedResolved(WishEvent, frozen=True, kw_only=True, tag="wish.ExtendedResolved"):
    stunt: str
    turns: int


class ExtendedFailed(WishEvent, frozen=True, kw_only=True, tag="wish.ExtendedFailed"):
    stunt: str
    turns_wasted: int
    cause: str


class RechargeTokensAdded(WishEvent, frozen=True, kw_only=True, tag="wish.RechargeTokensAdded"):
    """Recharge tokens put on stunts (L510)."""

    stunts: dict[str, int]
    cause: str


class RechargeTokensRemoved(WishEvent, frozen=True, kw_only=True,
                            tag="wish.RechargeTokensRemoved"):
    stunts: dict[str, int]
