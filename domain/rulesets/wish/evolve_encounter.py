"""Folding recorded WISH encounter events into the encounter's state: rounds, turns, maneuvers
and the initiative tracker (L378-380, L402-419, digest G-7). Total, like ``evolve``."""

from __future__ import annotations

from collections.abc import Callable

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import initiative, views
from domain.rulesets.wish.folding import EncounterFolds, R, given
from domain.rulesets.wish.state_encounter import DareRecord, EncounterState, TurnState

ENCOUNTER_FOLDS = EncounterFolds()


def start_encounter(event: ev.EncounterStarted) -> EncounterState:
    """The state ``wish.EncounterStarted`` makes: its participants, round 1, nobody's turn
    (L378)."""
    return EncounterState(encounter_id=event.encounter_id, participants=list(event.participants))


@ENCOUNTER_FOLDS.on(ev.EncounterStarted)
def fold_started(e: EncounterState, x: ev.EncounterStarted) -> EncounterState:
    """Fold ``wish.EncounterStarted`` on a stream that has a state: it starts again."""
    return start_encounter(x)


def _turn(e: EncounterState, f: Callable[[TurnState], TurnState]) -> EncounterState:
    return R(e, turn=f(e.turn)) if e.turn is not None else e


@ENCOUNTER_FOLDS.on(ev.TurnStarted)
def fold_turn_started(e: EncounterState, x: ev.TurnStarted) -> EncounterState:
    """Fold ``wish.TurnStarted``: a Rally Step and the starter's Dare end (G-8, L450)."""
    return R(e, turn=TurnState(character_id=x.character_id), rally_step=False,
             dares=[d for d in e.dares if d.character_id != x.character_id])


@ENCOUNTER_FOLDS.on(ev.RallyStepBegan)
def fold_rally_step(e: EncounterState, x: ev.RallyStepBegan) -> EncounterState:
    """Fold ``wish.RallyStepBegan`` (G-8)."""
    return R(e, rally_step=True)


@ENCOUNTER_FOLDS.on(ev.Dared)
def fold_dared(e: EncounterState, x: ev.Dared) -> EncounterState:
    """Fold ``wish.Dared``: the darer's Dare replaces any it had standing (L450)."""
    return R(e, dares=[*(d for d in e.dares if d.character_id != x.character_id),
                       DareRecord(character_id=x.character_id, opponents=list(x.opponents))])


@ENCOUNTER_FOLDS.on(ev.ManeuverTaken)
def fold_maneuver(e: EncounterState, x: ev.ManeuverTaken) -> EncounterState:
    """Fold ``wish.ManeuverTaken``: one more maneuver, and whether it was a free one (L380,
    L448)."""
    return _turn(e, lambda t: R(t, maneuvers=t.maneuvers + 1,
                                free_maneuvers=t.free_maneuvers + int(x.free)))


@ENCOUNTER_FOLDS.on(ev.ActionTaken)
def fold_action(e: EncounterState, x: ev.ActionTaken) -> EncounterState:
    """Fold ``wish.ActionTaken``: the turn's Action (L380), the free maneuvers it bought
    (Reposition, L448), and whether it took the whole turn (L261, L264)."""
    whole = given(x.whole_turn, False)
    return _turn(e, lambda t: R(
        t, actions=t.actions + 1, extra_maneuvers=t.extra_maneuvers + given(x.extra_maneuvers, 0),
        whole_turn=t.whole_turn or whole, whole_turn_kind=x.kind if whole else t.whole_turn_kind))


@ENCOUNTER_FOLDS.on(ev.StanceShiftTaken)
def fold_stance_shift(e: EncounterState, x: ev.StanceShiftTaken) -> EncounterState:
    """Fold ``wish.StanceShiftTaken``: the turn's stance shift is spent (L249)."""
    return _turn(e, lambda t: R(t, stance_shifted=True))


@ENCOUNTER_FOLDS.on(ev.TurnEnded)
def fold_turn_ended(e: EncounterState, x: ev.TurnEnded) -> EncounterState:
    """Fold ``wish.TurnEnded``: the character has acted this round."""
    return R(e, turn=None, acted=[*e.acted, x.character_id])


@ENCOUNTER_FOLDS.on(ev.RoundEnded)
def fold_round_ended(e: EncounterState, x: ev.RoundEnded) -> EncounterState:
    """Fold ``wish.RoundEnded``: a new round, every initiative slot free again (G-7)."""
    return R(e, round=e.round + 1, acted=[], turn=None,
             initiative=[R(s, used=False) for s in e.initiative])


@ENCOUNTER_FOLDS.on(ev.ParticipantLeft)
def fold_left(e: EncounterState, x: ev.ParticipantLeft) -> EncounterState:
    """Fold ``wish.ParticipantLeft``."""
    return R(e, participants=[p for p in e.participants if p != x.character_id],
             acted=[p for p in e.acted if p != x.character_id])


@ENCOUNTER_FOLDS.on(ev.InitiativeRolled)
def fold_initiative(e: EncounterState, x: ev.InitiativeRolled) -> EncounterState:
    """Fold ``wish.InitiativeRolled``: the tracker's slots and each one's superteam (G-7)."""
    return R(e, initiative=views.slots(x.slots), sides=dict(x.sides))


@ENCOUNTER_FOLDS.on(ev.InitiativeSlotTaken)
def fold_slot_taken(e: EncounterState, x: ev.InitiativeSlotTaken) -> EncounterState:
    """Fold ``wish.InitiativeSlotTaken``: the slot used, by the turn running (G-7)."""
    return _turn(R(e, initiative=[R(s, used=True) if i == x.slot else s
                                  for i, s in enumerate(e.initiative)]),
                 lambda t: R(t, slot=x.slot))


@ENCOUNTER_FOLDS.on(ev.InitiativeMoved)
def fold_initiative_moved(e: EncounterState, x: ev.InitiativeMoved) -> EncounterState:
    """Fold ``wish.InitiativeMoved`` (Delayed L1456, Accelerated L1499, Shift L449)."""
    return _turn(R(e, initiative=initiative.move(e.initiative, x.from_, x.to)),
                 lambda t: R(t, slot=x.to))


@ENCOUNTER_FOLDS.on(ev.EncounterEnded)
def fold_ended(e: EncounterState, x: ev.EncounterEnded) -> EncounterState:
    """Fold ``wish.EncounterEnded``: no turn, Rally Step or Dare stands any more."""
    return R(e, active=False, turn=None, rally_step=False, dares=[])


@ENCOUNTER_FOLDS.on(ev.SeparationSet)
def fold_separation(e: EncounterState, x: ev.SeparationSet) -> EncounterState:
    """Fold ``wish.SeparationSet``: a pair so many movement maneuvers apart (L402-419)."""
    return R(e, separations={**e.separations, x.pair: x.maneuvers})
