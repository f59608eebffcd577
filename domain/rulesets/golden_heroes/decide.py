"""Golden Heroes' decider: every command's handler, by class, from its family's registry;
folds by class into sheets and fights; after every command, the fight told of each fighter's
changed condition (``fight_conditions``, L123)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.dice import Dice
from domain.rulesets.golden_heroes import (
    fight_conditions,
    fold_fight,
    fold_sheet,
    handle_campaign,
    handle_fight,
    handle_generation,
    handle_hazards,
)
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.events import Ctx, Event, State
from domain.rulesets.golden_heroes.options import GoldenHeroesOptions, parse_options
from domain.rulesets.seam import Emitted, HandlerDecider, Handlers, Working

HANDLERS: Final[Handlers[Ctx]] = Handlers[Ctx]().merge(
    handle_generation.HANDLERS, handle_campaign.HANDLERS, handle_hazards.HANDLERS,
    handle_fight.HANDLERS)


class GoldenHeroesDecider(
        HandlerDecider[Event, st.GoldenHeroesSheet, st.EncounterState, GoldenHeroesOptions]):
    """The seam's decider, whose settle step (a fight noting its fighters' conditions) reads
    the states a command was decided in as well as those its events leave: a condition is
    noted when it changed."""

    def decide(self, command: msgspec.Struct, states: Mapping[str, State | None],
               options: Mapping[str, Any], dice: Dice) -> Sequence[Emitted[Event]]:
        ctx: Ctx = Working(states, self.parse_options(options), dice, self.folded)
        self.handlers.dispatch(ctx, command)
        fight_conditions.settle(ctx, states)
        return ctx.events

    def folded(self, state: State | None, event: Event) -> State | None:
        """``evolve``, total as the recorded fold is: a state a fold cannot apply to stays."""
        try:
            return self.evolve(state, event)
        except (msgspec.ValidationError, TypeError, ValueError):
            return state


# Rolls and records whose consequences the same command records in events of their own (the
# damage, the condition, the rating): they change no state themselves.
FOLD_FREE: Final[frozenset[type[msgspec.Struct]]] = frozenset({
    c.BindingRolled, c.GrabRolled, c.JudoThrown, c.MentalAttackRolled, c.ObjectFell,
    c.ObjectHandled, c.RatingReasonNoted, c.RatingRolled, c.TargetChosen, c.VehicleRammed})

DECIDER: Final = GoldenHeroesDecider(
    handlers=HANDLERS, characters=fold_sheet.FOLDS, encounters=fold_fight.FOLDS,
    options=parse_options, starts=fold_fight.starts, fold_free=FOLD_FREE)
