"""Event bodies recorded before a field of their event existed, brought up to the event's Struct
before it is decoded: the missing field gets the value the fold gave a body without it, so a
log recorded then folds as it did. Only bodies without the field change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from domain.rulesets.wish import encounter

# The value a fold gave each field a body was recorded without, by event type.
ADDED_FIELDS: Final[dict[str, dict[str, Any]]] = {
    # before the Alien's and Wielder's restricted origin points (L776, L921): all creation points
    "wish.OriginChosen": {"restricted": False},
}


def _free_before(state: Any) -> bool:
    """Whether a maneuver recorded before ``free`` was a free one: while the turn had free
    maneuvers left by the count then in use, one plus those its Action bought (L380, L448)."""
    enc = encounter.load(state)
    t = enc.turn if enc is not None else None
    return t is not None and t.maneuvers < 1 + t.extra_maneuvers


def upcast(state: Any, event_type: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with the fields its event gained since it was recorded, as the fold then read
    them (a maneuver's ``free`` from the stream's ``state``, the encounter before it)."""
    added = ADDED_FIELDS.get(event_type)
    if added is not None and not added.keys() <= data.keys():
        return {**added, **data}
    if event_type == "wish.ManeuverTaken" and "free" not in data:
        return {**data, "free": _free_before(state)}
    return data
