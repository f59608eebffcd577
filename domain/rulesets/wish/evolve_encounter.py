"""Folding recorded WISH encounter events into the encounter's state: rounds, turns, maneuvers
and the initiative tracker (L378-380, L402-419, digest G-7). Total, like ``evolve``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from contracts.rulesets.wish import DareRecord, EncounterState, InitiativeSlot, TurnState
from domain.rulesets.wish import initiative

R = msgspec.structs.replace
Data = Mapping[str, Any]


def _turn(e: EncounterState, f: Callable[[TurnState], TurnState]) -> EncounterState:
    return R(e, turn=f(e.turn)) if e.turn is not None else e


def _free(t: TurnState, d: Data) -> bool:
    """Whether a recorded maneuver was a free one; one recorded before ``free`` was: counted as
    free while the turn had free maneuvers left by the count then in use (L380, L448)."""
    if "free" in d:
        return bool(d["free"])
    return t.maneuvers < 1 + t.extra_maneuvers


ENCOUNTER: dict[str, Callable[[EncounterState, Data], EncounterState]] = {
    "wish.TurnStarted": lambda e, d: R(  # a Rally Step and the starter's Dare end (G-8, L450)
        e, turn=TurnState(character_id=d["character_id"]), rally_step=False,
        dares=[x for x in e.dares if x.character_id != d["character_id"]]),
    "wish.RallyStepBegan": lambda e, d: R(e, rally_step=True),  # G-8
    "wish.Dared": lambda e, d: R(e, dares=[  # L450
        *(x for x in e.dares if x.character_id != d["character_id"]),
        DareRecord(character_id=d["character_id"], opponents=list(d["opponents"]))]),
    "wish.ManeuverTaken": lambda e, d: _turn(e, lambda t: R(  # L380, L448
        t, maneuvers=t.maneuvers + 1, free_maneuvers=t.free_maneuvers + int(_free(t, d)))),
    "wish.ActionTaken": lambda e, d: _turn(e, lambda t: R(
        t, actions=t.actions + 1,
        extra_maneuvers=t.extra_maneuvers + int(d.get("extra_maneuvers", 0)),
        whole_turn=t.whole_turn or bool(d.get("whole_turn", False)),
        whole_turn_kind=str(d.get("kind", "")) if d.get("whole_turn") else t.whole_turn_kind)),
    "wish.StanceShiftTaken": lambda e, d: _turn(e, lambda t: R(t, stance_shifted=True)),
    "wish.TurnEnded": lambda e, d: R(e, turn=None, acted=[*e.acted, d["character_id"]]),
    "wish.RoundEnded": lambda e, d: R(e, round=e.round + 1, acted=[], turn=None,
                                      initiative=[R(x, used=False) for x in e.initiative]),
    "wish.ParticipantLeft": lambda e, d: R(
        e, participants=[p for p in e.participants if p != d["character_id"]],
        acted=[p for p in e.acted if p != d["character_id"]]),
    "wish.InitiativeRolled": lambda e, d: R(
        e, initiative=[msgspec.convert(x, InitiativeSlot) for x in d["slots"]],
        sides=dict(d["sides"])),
    "wish.InitiativeSlotTaken": lambda e, d: _turn(R(e, initiative=[
        R(x, used=True) if i == d["slot"] else x for i, x in enumerate(e.initiative)]),
        lambda t: R(t, slot=d["slot"])),
    "wish.InitiativeMoved": lambda e, d: _turn(
        R(e, initiative=initiative.move(e.initiative, d["from"], d["to"])),
        lambda t: R(t, slot=d["to"])),
    "wish.EncounterEnded": lambda e, d: R(e, active=False, turn=None, rally_step=False,
                                          dares=[]),
    "wish.SeparationSet": lambda e, d: R(
        e, separations={**e.separations, d["pair"]: int(d["maneuvers"])}),
}
