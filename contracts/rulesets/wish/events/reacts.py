"""WISH events of Reacts: declared against an attack, and used on it (L264-271)."""

from __future__ import annotations

from msgspec import UNSET, UnsetType

from contracts.rulesets.wish.events.base import WishEvent


class ReactDeclared(WishEvent, frozen=True, kw_only=True, tag="wish.ReactDeclared"):
    action: str
    attacker_id: str
    net_successes: int
    stunt: str | UnsetType = UNSET


class ReactUsed(WishEvent, frozen=True, kw_only=True, tag="wish.ReactUsed"):
    """A React read against an attack: the attack's net successes (Dodge, Deflect) or its damage
    (Brace, Deflect) before and after, and the seed line."""

    action: str
    attacker_id: str
    line: int
    stunt: str | None | UnsetType = UNSET
    attack_net: int | UnsetType = UNSET
    net_after: int | UnsetType = UNSET
    damage: int | UnsetType = UNSET
    damage_after: int | UnsetType = UNSET
