"""What a Potential command is decided in (``seam.Working``): its events as one union, the
states of its streams (a character's sheet, a combat's order) and the campaign's options."""

from __future__ import annotations

from typing import Final, TypeAlias

from contracts.rulesets import potential as c
from domain.errors import NotFound
from domain.rulesets.base import character_key, encounter_key
from domain.rulesets.potential import state as s
from domain.rulesets.potential.options import PotentialOptions
from domain.rulesets.seam import Working

# Every Potential event: those folded into a character's sheet, then those of a combat's order.
Event: TypeAlias = (
    c.ActionTaken | c.AttackDeclared | c.AttackPending | c.AttackResolved | c.Resisted
    | c.LifeDiscarded | c.CombatStarted | c.CombatEnded | c.TurnStarted | c.Recouped | c.Moved
    | c.TurnEnded | c.InitiativeSeized | c.RoundStarted | c.AdvantageRecovered | c.AidGiven
    | c.AidOffered | c.ConsciousnessSet | c.StatusApplied | c.CombinationChallenged
    | c.CombinationRuled | c.RetrainingStarted | c.FreeResistChanged | c.MinorActionTaken
    | c.CombatOpened | c.TurnBegan | c.TurnPassed | c.InitiativeBid | c.InitiativeYielded
    | c.InitiativeTaken | c.RoundBegan | c.CombatClosed)
State: TypeAlias = s.PotentialSheet | s.CombatState  # a character's sheet, a combat's order
Ctx: TypeAlias = Working[State, Event, PotentialOptions]

# The registry (tag -> Struct) the platform, the OpenAPI document and the seam's codec read.
EVENT_TYPES: Final[dict[str, type[Event]]] = {
    f"{c.RULESET_ID}.{t.__name__}": t for t in (
        c.ActionTaken, c.AttackDeclared, c.AttackPending, c.AttackResolved, c.Resisted,
        c.LifeDiscarded, c.CombatStarted, c.CombatEnded, c.TurnStarted, c.Recouped, c.Moved,
        c.TurnEnded, c.InitiativeSeized, c.RoundStarted, c.AdvantageRecovered, c.AidGiven,
        c.AidOffered, c.ConsciousnessSet, c.StatusApplied, c.CombinationChallenged,
        c.CombinationRuled, c.RetrainingStarted, c.FreeResistChanged, c.MinorActionTaken,
        c.CombatOpened, c.TurnBegan, c.TurnPassed, c.InitiativeBid, c.InitiativeYielded,
        c.InitiativeTaken, c.RoundBegan, c.CombatClosed)}

char = character_key  # a character's stream key (domain.rulesets.base)
combat_stream = encounter_key  # a combat's stream key: its order is an encounter stream


def sheet_of(ctx: Ctx, cid: str, field: str) -> s.PotentialSheet:
    """The sheet of character ``cid``; refused naming ``field`` when there is none."""
    state = ctx.states.get(char(cid))
    if not isinstance(state, s.PotentialSheet):
        raise NotFound(field, "potential.character", f"no Potential character {cid!r}")
    return state


def sheets_of(ctx: Ctx, ids: list[str], field: str) -> dict[str, s.PotentialSheet]:
    """The sheets of the characters ``ids`` (allies, participants), by id."""
    return {cid: sheet_of(ctx, cid, field) for cid in ids}


def combat_of(ctx: Ctx, combat_id: str) -> s.CombatState:
    """The order of combat ``combat_id`` (an empty one before it opens)."""
    state = ctx.states.get(combat_stream(combat_id))
    return state if isinstance(state, s.CombatState) else s.CombatState()
