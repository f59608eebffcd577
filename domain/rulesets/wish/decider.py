"""WISH's decider on the seam: its handlers by command class, its typed folds by event class,
its options, the start of an encounter, and ``settle`` after every command (L260, G-3)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

import msgspec

from contracts.rulesets.wish import events as ev
from contracts.rulesets.wish.events import EncounterStarted, WishEvent
from domain.dice import Dice
from domain.rulesets.seam import Emitted, HandlerDecider, Handlers, Working
from domain.rulesets.wish.decide import HANDLERS
from domain.rulesets.wish.decide_context import Ctx, WishState
from domain.rulesets.wish.decide_health import settle
from domain.rulesets.wish.evolve import ENCOUNTER_FOLDS, SHEET_FOLDS, start_encounter
from domain.rulesets.wish.options import WishOptions, parse_options
from domain.rulesets.wish.state import WishSheet
from domain.rulesets.wish.state_encounter import EncounterState

_Working = Working[WishState, WishEvent, WishOptions]  # the seam's context, which Ctx extends

FOLD_FREE: Final[frozenset[type[WishEvent]]] = frozenset({
    # Events that record what happened and change no state: what follows from them is
    # recorded by events of its own.
    ev.ContestResolved,  # each side's net successes and the winner (D-1, D-9)
    ev.RallyAbilityUsed,  # a Rally ability used in the rally step (L1405)
    ev.ConditionIgnored,  # a condition the character is immune to (L1407)
    ev.BriefConditionRolled,  # the d100 rolls (L1431-1511); each condition is ConditionAdded
    ev.Grandstanded,  # a Grandstand (L546-552); its maneuver and Protected have their own
})


def starts(event: WishEvent) -> EncounterState | None:
    """An encounter's state comes from its EncounterStarted only (L378); any other encounter
    event on a stream with no state yet leaves it without one."""
    return start_encounter(event) if isinstance(event, EncounterStarted) else None


class WishDecider(HandlerDecider[WishEvent, WishSheet, EncounterState, WishOptions]):
    """``HandlerDecider`` whose handlers decide in WISH's ``Ctx`` (a ``Working`` with the
    ``sheet``/``encounter`` readers WISH's rules use)."""

    def __init__(self, handlers: Handlers[Ctx], settle: Callable[[Ctx], None]) -> None:
        # Ctx is the Working every handler and settle receive (``decide`` makes it), so the
        # registries are the seam's own, typed for the context WISH decides in.
        super().__init__(handlers=cast(Handlers[_Working], handlers), characters=SHEET_FOLDS,
                         encounters=ENCOUNTER_FOLDS, options=parse_options, starts=starts,
                         settle=cast(Callable[[_Working], None], settle), fold_free=FOLD_FREE)
        self.wish_handlers = handlers
        self.wish_settle = settle

    def decide(self, command: msgspec.Struct, states: Mapping[str, WishState | None],
               options: Mapping[str, Any], dice: Dice) -> Sequence[Emitted[WishEvent]]:
        """Dispatch by class in a ``Ctx``, then settle (L260, G-3)."""
        ctx = Ctx(states, self.parse_options(options), dice, self.evolve)
        self.wish_handlers.dispatch(ctx, command)
        self.wish_settle(ctx)
        return ctx.events


DECIDER: Final = WishDecider(HANDLERS, settle)
