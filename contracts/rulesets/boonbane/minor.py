"""Boonbane wire schema for minor activities (L70-L74): "Minor activities do not use an action,
triggered action, or move." Drawing or stowing, dropping or picking up a weapon changes whether
it is wielded; every minor activity counts against the turn's 1 (fast) or 2 (slow) (L74).

Seed: ``seeds/001``; ``L###`` points into it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

# the seed's examples (L73), and "other" for the rest of an open list (digest §1.13)
Activity = Literal["draw_weapon", "stow_weapon", "drop_weapon", "pick_up_weapon", "drop_item",
                   "pick_up_item", "open_door", "close_door", "other"]


class MinorActivity(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One minor activity (L72-L74); in an encounter, on the creature's own turn. ``weapon`` names
    the sheet's weapon for the four weapon activities; ``what`` describes any other."""

    campaign_id: str
    character_id: str
    activity: Activity
    weapon: Annotated[str, msgspec.Meta(min_length=1, max_length=80)] | None = None
    what: Annotated[str, msgspec.Meta(max_length=200)] = ""
    encounter_id: str | None = None


class MinorActivityDone(msgspec.Struct, frozen=True, kw_only=True):
    """A minor activity on the creature's stream: the weapon it drew, stowed, dropped or picked
    up is wielded or not after it (L73)."""

    character_id: str
    activity: str
    what: str = ""
    weapon: str | None = None
    wielded: bool | None = None


class MinorActivityUsed(msgspec.Struct, frozen=True, kw_only=True):
    """A minor activity counted against the current turn's allowance (L74) on the encounter."""

    character_id: str
    activity: str
    round: int
    used: int  # this turn's minor activities, this one included
    allowed: int  # 1 on a fast turn, 2 on a slow one (L74; campaign options, digest D-64)


COMMANDS: tuple[type[msgspec.Struct], ...] = (MinorActivity,)
