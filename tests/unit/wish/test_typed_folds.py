"""WISH folds by event class (the seam's ``Folds``): every registered event that changes a
state folds into exactly one kind of stream, each fold reads its event's typed fields, and the
stored-form ``evolve`` decodes a body into its Struct before folding it."""

from __future__ import annotations

from typing import Any

import msgspec

from contracts.rulesets.wish import events as ev
from domain.rulesets.wish import WISH
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.evolve import ENCOUNTER_FOLDS, SHEET_FOLDS, evolve, start_encounter
from domain.rulesets.wish.state_encounter import EncounterState, TurnState
from tests.unit.wish.builders import build_sheet

# Recorded for the record only: no state holds what they tell (a contest's winner, a condition
# the character is immune to, a Brief table's rolls, a Grandstand, a Rally ability used).
RECORD_ONLY = {ev.ContestResolved, ev.ConditionIgnored, ev.BriefConditionRolled,
               ev.Grandstanded, ev.RallyAbilityUsed}


def test_every_registered_event_folds_into_one_kind_of_stream_or_is_a_record_only() -> None:
    sheet, enc = set(SHEET_FOLDS.events()), set(ENCOUNTER_FOLDS.events())
    assert sheet & enc == set()
    assert sheet | enc | RECORD_ONLY == set(ev.WISH_EVENTS)
    assert not RECORD_ONLY & (sheet | enc)
    assert ev.EncounterStarted in enc and ev.DamageTaken in sheet and ev.TurnStarted in enc


def test_a_typed_fold_and_the_stored_form_fold_agree() -> None:
    raw = sheets.load(build_sheet(stress=1))
    e = ev.Exerted(stress=2, cause="a push")
    folded = SHEET_FOLDS.fold(raw, e)
    assert (folded.stress, folded.fatigue) == (3, 0)  # fatigue left out of the body: none
    body = {k: v for k, v in msgspec.to_builtins(e).items() if k != "type"}
    assert evolve(sheets.dump(raw), "wish.Exerted", body) == sheets.dump(folded)


def test_a_misspelt_field_is_no_silent_zero_the_body_does_not_fit_and_nothing_changes() -> None:
    stored = build_sheet(stress=1)
    assert evolve(stored, "wish.Exerted", {"stres": 2, "cause": "typo"}) == stored
    assert evolve(stored, "wish.Exerted", {"stress": "2", "cause": "text"}) == stored
    assert evolve(stored, "wish.NoSuchEvent", {}) == stored
    assert evolve(None, "wish.Exerted", {"stress": 2, "cause": "no sheet"}) is None


def test_an_encounter_starts_from_its_first_event_and_only_from_it() -> None:
    started = start_encounter(ev.EncounterStarted(encounter_id="e", participants=["a", "b"]))
    assert started == EncounterState(encounter_id="e", participants=["a", "b"])
    assert evolve(None, "wish.TurnStarted", {"character_id": "a"}) is None
    stored = evolve(None, "wish.EncounterStarted", {"encounter_id": "e", "participants": ["a"]})
    assert stored == msgspec.to_builtins(EncounterState(encounter_id="e", participants=["a"]))


def _maneuvers(turn: TurnState, bodies: list[dict[str, Any]]) -> dict[str, Any]:
    state: Any = msgspec.to_builtins(EncounterState(encounter_id="e", participants=["a"],
                                                    turn=turn))
    for body in bodies:
        state = WISH.evolve(state, "wish.ManeuverTaken", body)
    turn_state: dict[str, Any] = state["turn"]
    return turn_state


def test_a_maneuver_recorded_before_free_was_counts_free_while_the_turn_had_free_ones_L380() -> None:
    """"1 Maneuver" a Turn (L380), and those a Reposition buys (L448): a maneuver recorded
    without ``free`` was free while the turn had some left, as the fold counted it then."""
    old = {"character_id": "a", "kind": "movement", "fatigue": 0}
    turn = _maneuvers(TurnState(character_id="a", extra_maneuvers=1), [old, old, old])
    assert (turn["maneuvers"], turn["free_maneuvers"]) == (3, 2)
    new = _maneuvers(TurnState(character_id="a"), [{**old, "free": False}])
    assert (new["maneuvers"], new.get("free_maneuvers", 0)) == (1, 0)  # as recorded
