"""Damage, Soak/Psyche, criticals, schisms, death, healing and recovery (L184-210, L1417)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import ApplyDamage, Heal, InflictLasting, Recover
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import DEFAULTS
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def hit(amount: int, **kw: Any) -> ApplyDamage:
    return ApplyDamage(campaign_id="c", character_id="hero", amount=amount, **kw)


def view(st: dict[str, Any]) -> dict[str, Any]:
    return sheets.derived(sheets.load(st["character:hero"]), DEFAULTS)


def test_thresholds_are_ten_plus_toughness_and_willpower_L192() -> None:
    st = states(hero=build_sheet(characteristics={"to": 3, "wp": 4}, wounds_purchased=2))
    v = view(st)
    assert (v["wounds_threshold"], v["grit_threshold"]) == (15, 14)


def test_soak_subtracts_but_leaves_at_least_one_and_pierce_lowers_it_L185_L272() -> None:
    st = states(hero=build_sheet(soak=3))
    assert run(st, hit(5))["character:hero"]["wounds_lost"] == 2
    assert run(st, hit(2))["character:hero"]["wounds_lost"] == 1  # minimum 1
    assert run(st, hit(5, pierce=2))["character:hero"]["wounds_lost"] == 4
    assert run(st, hit(5, pierce=9))["character:hero"]["wounds_lost"] == 5  # Soak floors at 0


def test_psyche_protects_grit_L186() -> None:
    st = states(hero=build_sheet(psyche=2))
    after = run(st, hit(3, kind="nonphysical"))["character:hero"]
    assert (after["grit_lost"], after["wounds_lost"]) == (1, 0)


def test_wounds_at_zero_become_criticals_and_death_follows_toughness_L196_L206_L208() -> None:
    st = states(hero=build_sheet(characteristics={"to": 2}))  # 12 Wounds
    st = run(st, hit(12, kind="direct_wounds"))
    v = view(st)
    assert v["current_wounds"] == 0 and v["unconscious"] and not v["dead"]
    st = run(st, hit(2, kind="direct_wounds"))
    assert len(st["character:hero"]["criticals"]) == 2 and not view(st)["dead"]  # 2 = To
    st = run(st, hit(1, kind="direct_wounds"))
    assert view(st)["dead"]  # 3 criticals > Toughness 2


def test_grit_at_zero_becomes_schisms_and_more_than_willpower_breaks_L206_L210() -> None:
    st = states(hero=build_sheet(characteristics={"wp": 1}))  # 11 Grit
    st = run(st, hit(13, kind="direct_grit"))
    assert len(st["character:hero"]["schisms"]) == 2 and view(st)["broken"]


def test_an_explicit_critical_counts_as_a_wound_L1417() -> None:
    st = run(
        states(hero=build_sheet()),
        InflictLasting(
            campaign_id="c", character_id="hero", kind="critical", name="Broken arm", severity=3
        ),
    )
    assert view(st)["current_wounds"] == 11


def test_healing_never_passes_threshold_less_criticals_and_treats_criticals() -> None:
    st = states(hero=build_sheet())
    st = run(st, hit(13, kind="direct_wounds"))  # 12 lost + 1 critical
    crit = st["character:hero"]["criticals"][0]["id"]
    st = run(st, Heal(campaign_id="c", character_id="hero", wounds=20))
    assert view(st)["current_wounds"] == 11  # 12 - 1 critical
    st = run(st, Heal(campaign_id="c", character_id="hero", treat=[crit]))
    assert view(st)["current_wounds"] == 12


def test_recovery_is_blocked_by_exhausted_and_shocked_L1442_L1443() -> None:
    st = states(
        hero=build_sheet(
            fatigue=2, stress=2, conditions=[{"id": "x", "name": "Exhausted", "tokens": 1}]
        )
    )
    with pytest.raises(DomainError) as e:
        WISH.decide(
            Recover(campaign_id="c", character_id="hero", fatigue=1), st, {}, ScriptedDice([])
        )
    assert "L1442" in e.value.rule
    after = run(st, Recover(campaign_id="c", character_id="hero", stress=5))["character:hero"]
    assert after["stress"] == 0 and after["fatigue"] == 2
