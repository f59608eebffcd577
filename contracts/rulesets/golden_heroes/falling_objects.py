"""Falling objects (L136): the referee's command and its event.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Annotated

import msgspec


class DropObject(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An object of a Size (L72-L74) falls ``metres`` onto ``character_id``: a hand-hurled
    missile attack the victim responds to (``Respond``) before its damage is taken (L136)."""

    campaign_id: str
    character_id: str  # the one it falls on
    object_size: Annotated[int, msgspec.Meta(ge=0, le=21)]
    metres: Annotated[int, msgspec.Meta(ge=0, le=100_000)]
    encounter_id: str | None = None  # in a fight a response spends future frames
    # the referee's: the metres still to fall when the victim, having seen it, responds; 20 or
    # more and any Combat Response automatically succeeds (L136). None: seen too late
    metres_left: Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None = None


class ObjectFell(msgspec.Struct, frozen=True, kw_only=True):
    """The Throw Strength of the Size plus 2 per 5 m beyond 5 m (at most +100), half HTC with
    odd halves up, the rest HTK (L136)."""

    character_id: str
    object_size: int
    metres: int
    throw_strength: int
    modifier: int
    damage: int
    htc: int
    htk: int
    rounds_to_fall: int = 0  # 40 m in the first Round, 140 m more in the 2nd, ... (L136)
    metres_left: int | None = None
    response_succeeds: bool = False  # 20 m or more still to fall (L136)


class Ram(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A vehicle of a Size (L72-L74) drives into ``character_id`` at ``speed`` metres a Round:
    a hit the victim responds to as to a hand-hurled missile (L139-L140)."""

    campaign_id: str
    character_id: str  # the one it runs into
    vehicle_size: Annotated[int, msgspec.Meta(ge=0, le=21)]
    speed: Annotated[int, msgspec.Meta(ge=0, le=10_000)]  # metres a Round
    encounter_id: str | None = None


class VehicleRammed(msgspec.Struct, frozen=True, kw_only=True):
    """The vehicle's Throw Strength, +1 per 2 m a Round over 20 or -2 per metre under 20, half
    HTC with odd halves up, the rest HTK (L139-L140): a heavy lorry at 40 m is 51 + 10 = 61,
    31 HTC and 30 HTK."""

    character_id: str
    vehicle_size: int
    speed: int
    throw_strength: int
    modifier: int
    damage: int
    htc: int
    htk: int
