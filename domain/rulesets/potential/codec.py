"""The stored form of Potential's states and back: a character's sheet and a combat's order are
stored as their Structs' plain data, every field given (``msgspec.to_builtins``)."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from domain.rulesets.potential import state as s
from domain.rulesets.potential.context import State
from domain.rulesets.seam import StreamKind


class PotentialCodec:
    """``load``: a stored state as its Struct (None: no character; an empty combat stream);
    ``dump``: the Struct as plain data."""

    def load(self, kind: StreamKind, stored: Mapping[str, object] | None) -> State | None:
        if kind == "encounter":
            return msgspec.convert(dict(stored), s.CombatState) if stored else None
        return None if stored is None else msgspec.convert(dict(stored), s.PotentialSheet)

    def dump(self, state: State | None) -> dict[str, object] | None:
        out: dict[str, object] | None = msgspec.to_builtins(state)
        return out


CODEC = PotentialCodec()
