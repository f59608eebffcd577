"""Potential's decider: every command's handler, merged from its families in one place, and
the folds of its two kinds of stream (a character's sheet, a combat's order)."""

from __future__ import annotations

from typing import Final

from domain.rulesets.potential import (
    combat_order,
    decide_actions,
    decide_combat,
    decide_rulings,
    decide_turns,
)
from domain.rulesets.potential import state as s
from domain.rulesets.potential.context import Ctx, Event
from domain.rulesets.potential.evolve import CHARACTERS
from domain.rulesets.potential.options import PotentialOptions, parse_options
from domain.rulesets.seam import HandlerDecider, Handlers

HANDLERS: Final[Handlers[Ctx]] = Handlers[Ctx]().merge(
    decide_actions.HANDLERS, decide_combat.HANDLERS, decide_turns.HANDLERS,
    decide_rulings.HANDLERS)

DECIDER: Final[HandlerDecider[Event, s.PotentialSheet, s.CombatState, PotentialOptions]] = \
    HandlerDecider(handlers=HANDLERS, characters=CHARACTERS, encounters=combat_order.ENCOUNTERS,
                   options=parse_options, starts=combat_order.starts)
