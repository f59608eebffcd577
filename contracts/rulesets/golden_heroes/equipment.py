"""Equipment and costume (L23, L27, L29-L30): the command and its event.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.golden_heroes.sheet import WeaponType

ItemKind = Literal["weapon", "shield", "padding", "other"]


class Item(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An item of equipment the player chooses: a ``weapon`` (only with a power that specifies
    one), a ``shield`` (only with Weapon Skill), ``padding`` (Suit Padding or Ultra-light
    Chainmail, DC 5) or any ``other`` (rope and grapple, lineslinger, tracer, radio) (L29)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    kind: ItemKind = "other"
    weapon_type: WeaponType | None = None


class ChooseEquipment(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Starting equipment: up to 3 items besides the costume, counting the items the powers
    give (Armour, the Weapon Skill weapon, a Cybernetic Device, a costume of Destabilised
    Molecules) (L29-L30). Chosen again, it replaces the earlier choice."""

    campaign_id: str
    character_id: str
    items: list[Item] = []


class EquipmentChosen(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    costume: str  # "standard" (DC 6, L27) or "destabilised_molecules" (L30)
    granted: list[str]  # the items the powers give, each counted among the 3 (L29)
    items: list[Item]
    defence_class: int  # the costume's, or the padding's DC 5 (L29)
