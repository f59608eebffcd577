"""The WISH codecs: the explicit mapping between a stream's stored form and its typed state
(``seam.StateCodec``), and WISH's event registry read with the bodies recorded before a field
was added (``seam.EventCodec``).

A character's stored state is its sheet as plain data (``sheet.dump``: every field, defaults
included), an encounter's its ``EncounterState`` as plain data (``msgspec.to_builtins``): the
forms read models, snapshots and exports have always held.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import msgspec

from contracts.rulesets.wish import EncounterState, WishSheet
from contracts.rulesets.wish.events import WishEvent
from domain.rulesets.seam import EventCodec, StreamKind
from domain.rulesets.wish import encounter
from domain.rulesets.wish import sheet as sheets


class WishCodec:
    """Stored form to ``WishSheet`` / ``EncounterState`` and back."""

    def load(self, kind: StreamKind, stored: Any) -> WishSheet | EncounterState | None:
        """The typed state of a stream (None: no state yet)."""
        if stored is None:
            return None
        if kind == "encounter":
            return encounter.load(stored)
        return sheets.load(stored)

    def dump(self, state: WishSheet | EncounterState | None) -> Any:
        """The stored form of a typed state."""
        if isinstance(state, WishSheet):
            return sheets.dump(state)
        return msgspec.to_builtins(state)


# A field added to an event after logs were recorded without it: its value in those logs, the
# one the fold has always given its absence.
RECORDED_WITHOUT: Final[dict[str, dict[str, Any]]] = {
    # the Wielder/Alien restriction (D-16): an older origin spent as creation points
    "wish.OriginChosen": {"restricted": False},
}


class WishEvents(EventCodec[WishEvent]):
    """WISH's event registry both ways; a body recorded before one of its fields existed
    decodes with that field's value in ``RECORDED_WITHOUT``."""

    def decode(self, event_type: str, data: Mapping[str, Any]) -> WishEvent | None:
        before = RECORDED_WITHOUT.get(event_type)
        return super().decode(event_type, data if before is None else {**before, **data})
