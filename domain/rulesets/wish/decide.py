"""Deciding WISH commands: the dispatcher from command type to handler.

Each command family decides in its own module, which lists its handlers in ``HANDLERS``;
a new family is one more module in ``FAMILIES``. A handler checks the rules, draws its dice
from the context and emits events; a refusal raises before anything is returned, so a refused
command appends nothing.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

import msgspec

from domain.rulesets.wish import (
    decide_actions,
    decide_advancement,
    decide_checks,
    decide_conditions,
    decide_devices,
    decide_encounter,
    decide_extended,
    decide_fortune,
    decide_health,
    decide_initiative,
    decide_justification_lines,
    decide_lines,
    decide_movement,
    decide_origin,
    decide_rally,
    decide_reacts,
    decide_travel,
)
from domain.rulesets.wish.decide_context import Ctx, Handler, char, enc

__all__ = ["FAMILIES", "HANDLERS", "Ctx", "char", "enc"]

FAMILIES: Final[tuple[ModuleType, ...]] = (
    decide_checks,
    decide_health,
    decide_encounter,
    decide_conditions,
    decide_lines,
    decide_advancement,
    decide_actions,
    decide_movement,
    decide_devices,
    decide_justification_lines,
    decide_origin,
    decide_travel,
    decide_initiative,
    decide_reacts,
    decide_fortune,
    decide_extended,
    decide_rally,
)


def _collect(families: tuple[ModuleType, ...]) -> dict[type[msgspec.Struct], Handler]:
    out: dict[type[msgspec.Struct], Handler] = {}
    for family in families:
        for command, handler in family.HANDLERS.items():
            if command in out:
                raise RuntimeError(f"two handlers for {command.__name__}")
            out[command] = handler
    return out


HANDLERS: Final = _collect(FAMILIES)
