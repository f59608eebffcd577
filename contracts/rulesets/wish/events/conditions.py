"""WISH events of conditions, stance and damage over time (L249-256, L1393-1511, D-20, D-45)."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.effects import DoTEffect
from contracts.rulesets.wish.events.base import WishEvent
from contracts.rulesets.wish.sheet import ConditionInstance


class ConditionAdded(WishEvent, frozen=True, kw_only=True, tag="wish.ConditionAdded"):
    """A condition placed on the character; ``serial`` numbers its id."""

    condition: ConditionInstance
    serial: int


class ConditionIgnored(WishEvent, frozen=True, kw_only=True, tag="wish.ConditionIgnored"):
    """A condition the character is immune to (L1407)."""

    name: str
    rule: str


class ConditionRemoved(WishEvent, frozen=True, kw_only=True, tag="wish.ConditionRemoved"):
    """A condition ended, and why."""

    condition_id: str
    cause: str


class ConditionTokensAdded(WishEvent, frozen=True, kw_only=True,
                           tag="wish.ConditionTokensAdded"):
    """Tokens added to (or, negative, taken from) a condition; ``absorbed`` names the
    conditions merged into it (Intoxicated into Drunk, L1465)."""

    condition_id: str
    tokens: int
    absorbed: list[str] | UnsetType = UNSET


class ConditionsTicked(WishEvent, frozen=True, kw_only=True, tag="wish.ConditionsTicked"):
    """Brief conditions losing tokens (L1393): tokens taken per condition id, those that ended."""

    ticks: dict[str, int]
    expired: list[str]
    cause: str


class BriefConditionRolled(WishEvent, frozen=True, kw_only=True,
                           tag="wish.BriefConditionRolled"):
    """d100 rolled on a Brief table (L1431-1511): every roll and the conditions they name."""

    table: str
    rolls: list[int]
    results: list[str]


class StanceSet(WishEvent, frozen=True, kw_only=True, tag="wish.StanceSet"):
    """The stance meter moved to ``position`` (L249-250, L449-451)."""

    position: int
    cause: str


class DoTPlaced(WishEvent, frozen=True, kw_only=True, tag="wish.DoTPlaced"):
    """A damage-over-time effect placed on the character (L256)."""

    dot: DoTEffect


class DoTTriggered(WishEvent, frozen=True, kw_only=True, tag="wish.DoTTriggered"):
    """A damage-over-time effect struck again (L256)."""

    id: str
    stunt: str
    remaining: int


class DoTExpired(WishEvent, frozen=True, kw_only=True, tag="wish.DoTExpired"):
    """A damage-over-time effect ended (L256)."""

    id: str
    stunt: str
    cause: str
