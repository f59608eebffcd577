"""Stance shifts (L83, L89) and the turn they belong to."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import ShiftStance, StartEncounter, StartTurn, TakeManeuver
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def shift(steps: int, **kw: Any) -> ShiftStance:
    return ShiftStance(campaign_id="c", character_id="hero", steps=steps, **kw)


def test_one_step_is_free_and_a_second_costs_one_stress_L83() -> None:
    st = states(hero=build_sheet())
    one = run(st, shift(1))["character:hero"]
    assert one["stance"]["position"] == 1 and one["stress"] == 0
    two = run(st, shift(-2))["character:hero"]
    assert two["stance"]["position"] == -2 and two["stress"] == 1


def test_never_more_than_two_steps_nor_past_the_meter_L83_L89() -> None:
    st = states(hero=build_sheet(stance={"defensive": 1, "offensive": 2, "position": 0}))
    for steps, rule in ((3, "L83"), (-2, "wish.stance.meter L89")):
        with pytest.raises(DomainError) as e:
            WISH.decide(shift(steps), st, {}, ScriptedDice([]))
        assert rule in e.value.rule and e.value.field == "steps"


def test_in_an_encounter_only_at_the_beginning_of_ones_own_turn() -> None:
    st = states(
        hero=build_sheet(stance={"defensive": 2, "offensive": 2, "position": 2}), foe=build_sheet()
    )
    st = run(st, StartEncounter(campaign_id="c", encounter_id="e", participants=["hero", "foe"]))
    assert st["character:hero"]["stance"]["position"] == 0  # neutral at the start (L83)
    with pytest.raises(DomainError):
        WISH.decide(shift(1, encounter_id="e"), st, {}, ScriptedDice([]))  # not their turn
    st = run(st, StartTurn(campaign_id="c", encounter_id="e", character_id="hero"))
    st = run(st, shift(1, encounter_id="e"))
    with pytest.raises(DomainError) as e:
        WISH.decide(shift(1, encounter_id="e"), st, {}, ScriptedDice([]))
    assert "L83" in e.value.rule
    st2 = run(st, TakeManeuver(campaign_id="c", encounter_id="e", character_id="hero"))
    assert st2["encounter:e"]["turn"]["maneuvers"] == 1


def test_staggered_cannot_change_stance_L1460() -> None:
    st = states(hero=build_sheet(conditions=[{"id": "s", "name": "Staggered", "tokens": 2}]))
    with pytest.raises(DomainError) as e:
        WISH.decide(shift(1), st, {}, ScriptedDice([]))
    assert "L1460" in e.value.rule
