"""Golden Heroes' events as one typed union, and the decided event bound for its stream.

Every rule returns ``Out`` values (an event Struct and the stream it goes to); the handlers
emit them into the decision (``decide.py``) and the seam's codec tags them from the registry
(``contracts.rulesets.golden_heroes.EVENTS``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeAlias

from contracts.rulesets import golden_heroes as c
from domain.errors import NotFound
from domain.rulesets.base import character_key
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.options import GoldenHeroesOptions
from domain.rulesets.seam import Emitted, Visibility, Working

Event: TypeAlias = (
    c.CharacterGenerated | c.PowerGained | c.PowerOptionChosen | c.PowerRollsConverted
    | c.BackgroundTaken | c.StrikeRolled | c.HitPending | c.CombatStarted | c.InitiativeRolled
    | c.FramesUsed | c.PhaseEnded | c.CombatEnded | c.AttackResolved | c.ForceFieldRaised
    | c.Recovered | c.Aided | c.WeekStarted | c.ScenarioStarted | c.RatingSet
    | c.HeroPointsSpent | c.CharacterImproved | c.CoupDeGraceDelivered | c.ObjectFell
    | c.MentalAttackRolled | c.RatingReasonNoted | c.ScenarioEnded | c.GrabRolled
    | c.GripChanged | c.ObjectHandled | c.EquipmentChosen | c.JudoThrown
    | c.GeneralFieldChanged | c.DupsAllocated | c.ResourcesUsed | c.RatingRolled
    | c.TargetChosen | c.BindingRolled | c.VehicleRammed | c.ThrowStopped | c.AttackDeclared
    | c.BountyHunterDeclared | c.ConditionNoted | c.FightJoined | c.CriticalMissSuffered
    | c.LeftOpenTaken | c.StoodUp)
"""Every Golden Heroes event (the registry ``c.EVENTS``, by class)."""

State: TypeAlias = st.GoldenHeroesSheet | st.EncounterState
"""A stream's typed state: a character's sheet or a fight."""

States: TypeAlias = Mapping[str, State | None]
"""The states a command is decided in, by ruleset stream key."""

Out: TypeAlias = Emitted[Event]
"""A decided event bound for its stream."""

Ctx: TypeAlias = Working[State, Event, GoldenHeroesOptions]
"""The context a Golden Heroes command is decided in."""


def event(stream: str, body: Event, visibility: Visibility = "public") -> Out:
    """``body`` bound for ``stream`` (``gm``: kept from the players)."""
    return Emitted(stream=stream, event=body, visibility=visibility)


def spent_slots(out: Iterable[Out]) -> list[int]:
    """The frame slots the decided ``FramesUsed`` events spend, in order."""
    return [s for e in out if isinstance(e.event, c.FramesUsed) for s in e.event.slots]


def sheet(ctx: Ctx, cid: str, field: str) -> st.GoldenHeroesSheet:
    """The sheet of character ``cid``, named in the payload's ``field``; refused (404) when the
    campaign has no such Golden Heroes character."""
    state = ctx.states.get(character_key(cid))
    if not isinstance(state, st.GoldenHeroesSheet):
        raise NotFound(field, "golden-heroes.character", f"no Golden Heroes character {cid!r}")
    return state


def loader(ctx: Ctx) -> Callable[[str, str], st.GoldenHeroesSheet]:
    """``sheet`` for rules that load the characters a command lists."""
    def load(cid: str, field: str) -> st.GoldenHeroesSheet:
        return sheet(ctx, cid, field)
    return load


def emit_all(ctx: Ctx, out: Iterable[Out]) -> None:
    """Emit a rule's decided events, in order."""
    for e in out:
        ctx.emit(e.stream, e.event, e.visibility)
