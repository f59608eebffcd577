"""WISH device payloads (L299-332): a disarmed device taken back, a broken one repaired."""

from __future__ import annotations

from typing import Literal

import msgspec


class RestoreDevice(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A disarmed device recovered, or a broken one repaired (L309, L920: an Item of Power is
    never broken for good)."""

    campaign_id: str
    character_id: str
    device: str
    how: Literal["recover", "repair"]
