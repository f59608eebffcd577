"""Boonbane wire schema for weapons on the sheet (L123-L134): the properties the rules apply by
themselves when an attack names the weapon, and the Reload action (L219-L221).

Seed: ``seeds/001``; ``L###`` points into it. Weapon damage is not in the seed (digest §6.7): a
damage roll is the GM's AreaDamage or TakeDamage."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec


class Weapon(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A weapon a creature carries and its properties (L125-L134)."""

    kind: Literal["melee", "ranged"] = "melee"
    wielded: bool = True
    cumbersome: bool = False  # attacks with 1 bane (L125)
    finesse: bool = False  # a melee weapon that may attack with Agi instead of Str (L9, L127)
    reach: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0  # Reach +X: X yards more reach (L130)
    defensive: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0  # + Defense while wielded (L126)
    misfire: bool = False  # a total of 0 or less rolls the misfire d6 (L128)
    reload: bool = False  # attacks only if loaded (L131)
    loaded: bool = True
    min_size: Annotated[float, msgspec.Meta(ge=0, le=100)] = 0  # Size needed to wield (L132)
    ammunition: Annotated[int, msgspec.Meta(ge=0, le=9999)] | None = None  # 1 a attack (L133)
    # Range (Short, Medium, Long): the weapon's range band (L129; 5, 20, 100 yards, L86-L88)
    range: Literal["short", "medium", "long"] | None = None
    thrown: bool = False  # can be thrown as a ranged attack, within its range (L134)


class Reload(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The Reload action (L219-L221): the named weapon is loaded; in an encounter it is the turn's
    action."""

    campaign_id: str
    character_id: str
    weapon: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    encounter_id: str | None = None


class WeaponChanged(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon loaded (L221), or fired: unloaded (L131) and 1 ammunition spent (L133), or thrown
    (L134) and so no longer wielded."""

    character_id: str
    weapon: str
    loaded: bool
    ammunition: int | None
    cause: str
    wielded: bool | None = None  # False: thrown (L134); True: drawn or picked up (L73)


COMMANDS: tuple[type[msgspec.Struct], ...] = (Reload,)
