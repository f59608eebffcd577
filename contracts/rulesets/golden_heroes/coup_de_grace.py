"""Coup de grace (L78): the command and its event.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

import msgspec


class CoupDeGrace(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``character_id`` declares and delivers a coup de grace to ``target_id``, unconscious or
    stunned and helpless: 1 Action; the victim does not recover for several hours (L78)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None  # in a fight the action's frames are spent


class CoupDeGraceDelivered(msgspec.Struct, frozen=True, kw_only=True):
    """The "several hours" (L78) as 1d6 + 1 hours (digest decision #46)."""

    character_id: str  # the one who delivered it
    target_id: str
    die: int
    hours: int
