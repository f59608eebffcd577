"""WISH device and stunt restoration payloads (L273, L299-332): a disarmed device taken back,
a broken one repaired, an Unreliable stunt usable again."""

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


class RestoreStunt(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM makes an Unreliable stunt usable again: it 'should remain unusable for at least an
    Act, or require some significant action or effort to overcome' (L273)."""

    campaign_id: str
    character_id: str
    stunt: str
