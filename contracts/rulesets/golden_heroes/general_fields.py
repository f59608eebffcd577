"""General force fields placed in a fight (L206-L207): the command and its event.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Literal

import msgspec

GeneralFieldType = Literal["general_force_barrier", "general_force_wall"]


class PlaceForceField(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Form a General Force Barrier or Wall within 6 m in front of the characters it
    ``protects`` (1 Action), or let it drop (``up`` false, no time). While it stands its caster
    concentrates and takes no other action (L206-L207)."""

    campaign_id: str
    character_id: str
    encounter_id: str
    field: GeneralFieldType
    protects: list[str] = []
    up: bool = True


class GeneralFieldChanged(msgspec.Struct, frozen=True, kw_only=True):
    """A general field placed, dropped or destroyed; a destroyed wall cannot be regenerated for
    1 hour per HTK of the wall (L207)."""

    encounter_id: str
    caster_id: str
    field: str
    up: bool
    strength: int = 0
    protects: list[str] = []
    reason: str = ""
    regenerates_hours: int = 0
