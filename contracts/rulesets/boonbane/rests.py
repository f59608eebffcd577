"""Boonbane wire schema for rests (L91-L95): an 8- or 24-hour rest with the interruptions the GM
records, which fails when they exceed the minute L95 allows.

Seed: ``seeds/001``; ``L###`` points into it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Minutes = Annotated[float, msgspec.Meta(ge=0, le=1440)]


class Rest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A rest of 8 or 24 hours (L93-L94), run by the GM: ``interruptions`` lists each break in
    minutes; "A rest cannot be interrupted for more than 1 minute." (L95). A completed rest heals
    (L93-L94) and, at a ``safe_location``, relieves 1 Exposure tier (L382, digest D-52)."""

    campaign_id: str
    character_id: str
    hours: Literal[8, 24]
    interruptions: Annotated[list[Minutes], msgspec.Meta(max_length=100)] = []
    safe_location: bool = False


class RestFailed(msgspec.Struct, frozen=True, kw_only=True):
    """A rest interrupted for more than 1 minute (L95): no healing and no Exposure relief
    (digest D-16, D-52); its hours still passed."""

    character_id: str
    hours: int
    interrupted_minutes: float  # the total, or the longest break, as the option counts them
    counted: str  # the ``rest_interruptions_counted`` option
    rule: str = "L95"


COMMANDS: tuple[type[msgspec.Struct], ...] = (Rest,)
