"""Pushing and lifting by the Size table (L70-L74): commands and the event.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
Throwing is a ``Strike``: an object with ``object_size``, a held and lifted being with
``thrown_id``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Size = Annotated[int, msgspec.Meta(ge=0, le=21)]


class Push(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Pushing an object of a Size aside: the Push Strength, half for a ``mobile`` object
    (a car with the brakes off); with the Strength to lift it, pushed along at half Movement,
    to throw it at full Movement; the initial push takes 1 Frame (L70-L71)."""

    campaign_id: str
    character_id: str
    object_size: Size
    mobile: bool = False
    encounter_id: str | None = None


class Lift(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Lifting an object of a Size, or the being ``target_id`` (Size 3, an average person,
    unless ``object_size`` says otherwise), clear of the ground: 1 Frame (L71). An unwilling
    being able to resist must first be grabbed (``Grab``, the Action's other frame, L71); one
    unable to resist needs no roll (L73). Carried at half Movement with only the Strength to
    lift it, at full Movement with the Strength to throw it (L71)."""

    campaign_id: str
    character_id: str
    target_id: str | None = None
    object_size: Size | None = None
    unresisting: bool = False  # bound, willing, surprised (L73)
    encounter_id: str | None = None


class ObjectHandled(msgspec.Struct, frozen=True, kw_only=True):
    """A push or lift read on the Size table: the Strength needed and how it can be moved."""

    character_id: str
    action: Literal["push", "lift"]
    object_size: int
    target_id: str | None = None
    strength: int
    need: int
    moves: Literal["shoved_aside", "half_movement", "full_movement"]
    movement_metres: int  # metres a frame while pushing or carrying it
    encounter_id: str | None = None
