"""The explicit mapping between boon/bane's stored stream states and its typed ones, the
domain's (``state.py``): a creature's sheet (``BoonbaneSheet``) and an encounter's round state
(``BoonbaneEncounter``), each stored as all of its fields (defaults included), as it always
was. The wire's views of them are ``views.py``'s."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.rulesets.boonbane import sheet as sheets
from domain.rulesets.boonbane.context import State
from domain.rulesets.boonbane.state import BoonbaneEncounter
from domain.rulesets.seam import StreamKind


class BoonbaneCodec:
    """``load``: None for a stream with no state (a character not created, no encounter
    running); ``dump``: the plain data read models, snapshots and exports hold."""

    def load(self, kind: StreamKind, stored: Mapping[str, Any] | None) -> State | None:
        if kind == "encounter":
            return msgspec.convert(dict(stored), BoonbaneEncounter) if stored else None
        return None if stored is None else sheets.load(stored)

    def dump(self, state: State | None) -> dict[str, Any] | None:
        if state is None:
            return None
        out: dict[str, Any] = msgspec.to_builtins(state)
        return out
