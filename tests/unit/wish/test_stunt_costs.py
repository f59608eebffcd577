"""Stunt costs (L508), with Tireless, Stress-less, Effortless (L1313-1321) and Tiring,
Stressful, Occasional (L1375-1381)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import RollCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, stunt_costs
from domain.rulesets.wish.state import Stunt, StuntCost
from tests.unit.wish.builders import build_sheet, states


def test_cost_marks_change_the_printed_cost_L1313_L1381() -> None:
    card = StuntCost(stress=1, fatigue=1, fortune=1)
    assert stunt_costs.cost(Stunt(cost=card)) == {"stress": 1, "fatigue": 1, "fortune": 1}
    eased = Stunt(cost=card, facilitators=["Tireless", "Stress-less", "Effortless"])
    assert stunt_costs.cost(eased) == {}
    worse = Stunt(cost=card, hindrances=["Tiring", "Stressful", "Occasional"])
    assert stunt_costs.cost(worse) == {"stress": 2, "fatigue": 2, "fortune": 2}
    assert stunt_costs.cost(Stunt(facilitators=["Tireless"])) == {}  # never below 0


def use(sheet: dict[str, Any], dice: list[int]) -> list[Any]:
    cmd = RollCheck(campaign_id="c", character_id="hero", characteristic="str", stunt="Bash")
    return WISH.decide(cmd, states(hero=sheet), {}, ScriptedDice(dice))


def test_the_cost_is_paid_before_the_check_and_counts_for_distress_L508() -> None:
    """'Stress: 1, Fitness: 1' ... 'The cost is paid up front, before a Stunt is put into play
    and before any checks are made' (L508)."""
    sheet = build_sheet(fatigue=2, stunts={"Bash": {"cost": {"stress": 1, "fatigue": 1}}})
    events = use(sheet, [1, 1, 1])
    assert [e.type for e in events][:2] == ["wish.StuntCostPaid", "wish.CheckRolled"]
    assert events[0].data == {"stunt": "Bash", "stress": 1, "fatigue": 1}
    # fatigue 3 on Str 2: one distress die (D-42) that fatigue 2 alone would not add
    assert events[1].data["check"]["pool"] == {"CHR": 2, "MIS": 1}
    after = WISH.evolve(sheet, events[0].type, events[0].data)
    assert (after["stress"], after["fatigue"]) == (1, 3)


def test_fortune_wounds_and_grit_costs_need_the_points_L508() -> None:
    broke = build_sheet(fortune=0, stunts={"Bash": {"cost": {"fortune": 1}}})
    with pytest.raises(StateConflict) as err:
        use(broke, [1, 1])
    assert (err.value.field, err.value.rule) == ("stunt", "wish.stunt.cost L508")
    bleeding = build_sheet(wounds_lost=12, stunts={"Bash": {"cost": {"wounds": 1}}})  # 12 of 12
    with pytest.raises(StateConflict):
        use(bleeding, [1, 1])
    paid = use(build_sheet(stunts={"Bash": {"cost": {"grit": 2, "fortune": 1}}}), [1, 1])
    after = WISH.evolve(build_sheet(stunts={"Bash": {"cost": {"grit": 2, "fortune": 1}}}),
                        paid[0].type, paid[0].data)
    assert (after["grit_lost"], after["fortune"]) == (2, 1)


def test_negative_costs_are_refused_on_sheets_L508() -> None:
    with pytest.raises(DomainError) as err:
        build_sheet(stunts={"Bash": {"cost": {"stress": -1}}})
    assert err.value.field == "sheet.stunts.Bash.cost.stress"
