"""The explicit mapping between a Golden Heroes stream's stored form and its typed state: a
character's sheet or a fight, the domain's own classes (``state.py``), stored as their plain
fields, defaults included (the form read models, snapshots and exports hold)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.rulesets.golden_heroes import sheet as sheets
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.events import State
from domain.rulesets.seam import StreamKind


class GoldenHeroesCodec:
    """``load`` a stored sheet or fight; ``dump`` it back to plain data."""

    def load(self, kind: StreamKind, stored: Any) -> State | None:
        if stored is None:
            return None
        if kind == "character":
            return sheets.load(stored)
        return msgspec.convert(stored, st.EncounterState)

    def dump(self, state: State | None) -> Any:
        return msgspec.to_builtins(state)
