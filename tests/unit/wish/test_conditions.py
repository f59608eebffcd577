"""Brief condition tables (L1431-1511), rolling on them, and their effects."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import AddCondition, RemoveCondition, RollBriefCondition
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH, conditions
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(faces or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def names(st: dict[str, Any]) -> list[tuple[str, int]]:
    return [(c["name"], c["tokens"]) for c in st["character:hero"]["conditions"]]


def test_tables_keep_the_seed_rows_and_severities() -> None:
    assert conditions.row_for_roll("malign", 3).name == "Demoralized"  # 1-5 (L1433)
    assert conditions.row_for_roll("malign", 76).name == "Challenged"  # 76-77 (L1455)
    assert conditions.row_for_roll("malign", 96).name == "Drained"  # 96 (L1464)
    assert conditions.row_for_roll("malign", 100).roll_twice  # L1468
    assert conditions.row_for_roll("benign", 26).name == "Camouflaged"  # 26 (L1483)
    assert conditions.row_for_roll("benign", 99).name == "Boosted"  # 99 (L1511)
    assert conditions.BY_NAME["Helpless"].severity == 5  # L1463
    assert conditions.BY_NAME["Refreshed"].severity == 1  # L1479
    # the seed's broken malign ranges (L1440-1449) are kept beside the repaired ones
    assert conditions.BY_NAME["Overwhelmed"].stated == "36-30"
    for table in conditions.TABLES.values():  # every d100 result selects exactly one row
        assert sorted(r for row in table for r in range(row.lo, row.hi + 1)) == list(range(1, 101))


def test_rolling_a_brief_condition_and_worse_than_you_thought_rolls_twice_L1468() -> None:
    st = states(hero=build_sheet())
    st = run(
        st,
        RollBriefCondition(campaign_id="c", character_id="hero", table="malign", tokens=2),
        [100, 3, 76],
    )
    assert names(st) == [("Demoralized", 2), ("Challenged", 2)]


def test_benign_roll() -> None:
    st = run(
        states(hero=build_sheet()),
        RollBriefCondition(campaign_id="c", character_id="hero", table="benign", tokens=1),
        [44],
    )
    assert names(st) == [("Strengthened", 1)]


def test_stat_conditions_change_effective_ratings_L1448_L1489() -> None:
    st = states(hero=build_sheet(characteristics={"str": 3}))
    st = run(st, AddCondition(campaign_id="c", character_id="hero", name="Strengthened", tokens=2))
    st = run(st, AddCondition(campaign_id="c", character_id="hero", name="Strengthened", tokens=2))
    st = run(st, AddCondition(campaign_id="c", character_id="hero", name="Weakened", tokens=2))
    from domain.rulesets.wish import sheet as sheets

    assert sheets.effective(sheets.load(st["character:hero"]), "str") == 4  # 3 + 1 + 1 - 1


def test_intoxicated_twice_becomes_drunk_L1437() -> None:
    st = states(hero=build_sheet())
    add = AddCondition(campaign_id="c", character_id="hero", name="Intoxicated", tokens=2)
    st = run(run(st, add), add)
    assert names(st) == [("Drunk", 4)]


def test_ignited_burns_on_application_L1458() -> None:
    st = run(
        states(hero=build_sheet(soak=1)),
        AddCondition(campaign_id="c", character_id="hero", name="Ignited", tokens=3),
    )
    assert st["character:hero"]["wounds_lost"] == 2  # 3 tokens of damage, Soak applies


def test_irritated_pulls_into_offensive_stance_or_costs_two_stress_L1488() -> None:
    add = AddCondition(campaign_id="c", character_id="hero", name="Irritated", tokens=2)
    st = run(states(hero=build_sheet()), add)
    assert st["character:hero"]["stance"]["position"] == 1
    stay = AddCondition(
        campaign_id="c", character_id="hero", name="Irritated", tokens=2, stay_in_stance=True
    )
    st = run(states(hero=build_sheet()), stay)
    assert st["character:hero"]["stance"]["position"] == 0 and st["character:hero"]["stress"] == 2


def test_unknown_condition_and_removal() -> None:
    st = states(hero=build_sheet())
    with pytest.raises(DomainError) as e:
        WISH.decide(
            AddCondition(campaign_id="c", character_id="hero", name="Grumpy"),
            st,
            {},
            ScriptedDice([]),
        )
    assert e.value.field == "name"
    st = run(
        st, AddCondition(campaign_id="c", character_id="hero", name="Grumpy", duration="contingent")
    )
    cid = st["character:hero"]["conditions"][0]["id"]
    st = run(st, RemoveCondition(campaign_id="c", character_id="hero", condition_id=cid))
    assert names(st) == []
