"""The WISH state codec: the explicit mapping between a stream's stored form and its typed
state (``seam.StateCodec``). Bodies recorded before a field of their event existed are brought up
to date by ``upcast.py`` (the seam's ``upcast``).

A character's stored state is its sheet as plain data (``sheet.dump``: every field, defaults
included), an encounter's its ``EncounterState`` as plain data (``msgspec.to_builtins``): the
forms read models, snapshots and exports have always held. The typed states are the domain's own
classes (``state.py``, ``state_encounter.py``); ``views.py`` maps them to the wire's.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.rulesets.seam import StreamKind
from domain.rulesets.wish import encounter
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_encounter import EncounterState


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

