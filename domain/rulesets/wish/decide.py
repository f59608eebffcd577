"""Deciding WISH commands: the dispatcher from command type to handler.

Each command family decides in its own module, which registers its handlers by command class
in its ``HANDLERS`` (a ``seam.Handlers``); a new family is one more module in ``FAMILIES``.
A handler checks the rules, draws its dice from the context and emits events; a refusal raises
before anything is returned, so a refused command appends nothing.
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

from domain.rulesets.seam import Handlers
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
from domain.rulesets.wish.decide_context import Ctx, char, enc

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


HANDLERS: Final[Handlers[Ctx]] = Handlers[Ctx]().merge(*(f.HANDLERS for f in FAMILIES))
