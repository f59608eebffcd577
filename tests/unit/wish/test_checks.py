"""RollCheck through WISH.decide/evolve: every face recorded, cancellation (L514-528)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import RollCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish.resolve import resolve, roll, tally
from tests.unit.wish.builders import build_sheet, states


def check(**kw: Any) -> RollCheck:
    return RollCheck(campaign_id="c1", character_id="hero", **kw)


def fold(st: dict[str, Any], events: list[Any]) -> dict[str, Any]:
    st = dict(st)
    for e in events:
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def test_check_records_pool_sources_faces_and_result() -> None:
    st = states(
        hero=build_sheet(
            characteristics={"str": 5}, stance={"defensive": 2, "offensive": 2, "position": 2}
        )
    )
    # CHR 8 (S), 3 (B), 1 (-); OFF 10 (SS), 6 (S + stress/fatigue); CHL 3 (FF), 1 (calamity)
    dice = ScriptedDice([8, 3, 1, 10, 6, 3, 1])
    [ev] = WISH.decide(check(characteristic="str", difficulty=2), st, {}, dice)
    assert ev.type == "wish.CheckRolled" and ev.stream == "character:hero"
    c = ev.data["check"]
    assert c["pool"] == {"CHR": 3, "OFF": 2, "CHL": 2}
    assert [(d["die"], d["face"]) for d in c["dice"]] == [
        ("CHR", 8),
        ("CHR", 3),
        ("CHR", 1),
        ("OFF", 10),
        ("OFF", 6),
        ("CHL", 3),
        ("CHL", 1),
    ]
    r = c["result"]
    # 4 successes - 2 failures; the calamity stays and does not cancel (L528)
    assert (r["net_successes"], r["net_boons"], r["calamity"], r["success"]) == (2, 1, 1, True)
    assert ev.data["fatigue"] == 1  # the OFF 6 on a physical check (L18, digest D-4)
    after = fold(st, [ev])["character:hero"]
    assert after["fatigue"] == 1


def test_boons_cancel_banes_and_ties_fail_L524_L526() -> None:
    rolls = roll({"CHR": 2, "CHL": 1}, ScriptedDice([8, 4, 5]))  # S, B vs F
    r = resolve(tally(rolls))
    assert (r.net_successes, r.net_boons, r.success) == (0, 1, False)


def test_expertise_chain_rolls_another_and_serendipity_can_be_downgraded_L49_L528() -> None:
    rolls = roll({"EXP": 1}, ScriptedDice([5, 5, 6]))
    assert [(d.face, d.chained) for d in rolls] == [(5, False), (5, True), (6, True)]
    t = tally(rolls)
    assert (t.S, t.SER) == (2, 1)
    r = resolve(t, downgrade_serendipity=1)
    assert (r.net_successes, r.serendipity, r.downgraded) == (3, 0, 1)


def test_a_failed_check_with_a_calamity_may_be_a_critical_failure_L528() -> None:
    r = resolve(tally(roll({"CHL": 1}, ScriptedDice([1]))))
    assert r.critical_failure_eligible and r.calamity == 1 and not r.success


def test_mental_exertion_is_stress_and_defensive_recharge_goes_on_the_card() -> None:
    hero = build_sheet(
        characteristics={"wp": 2},
        stance={"defensive": 2, "offensive": 2, "position": -1},
        stunts={"Mind Spike": {"rating": 2, "recharge_rating": 2}},
    )
    st = states(hero=hero)
    # DFN 3 (S + recharge), CHR 1
    [ev] = WISH.decide(check(characteristic="wp", stunt="Mind Spike"), st, {}, ScriptedDice([1, 3]))
    assert ev.data["recharge"] == {"Mind Spike": 3}  # rating 2 (L510) + 1 recharge symbol
    after = fold(st, [ev])["character:hero"]
    assert after["stunts"]["Mind Spike"]["recharge_tokens"] == 3
    with pytest.raises(DomainError) as e:
        WISH.decide(
            check(characteristic="wp", stunt="Mind Spike"),
            {"character:hero": after},
            {},
            ScriptedDice([1, 1]),
        )
    assert "L510" in e.value.rule


def test_fortune_spent_on_a_check_is_deducted() -> None:
    st = states(hero=build_sheet(fortune=2))
    [ev] = WISH.decide(
        check(characteristic="str", fortune_points=2), st, {}, ScriptedDice([1, 1, 1, 1])
    )
    assert ev.data["check"]["pool"] == {"CHR": 2, "FRT": 2}
    assert fold(st, [ev])["character:hero"]["fortune"] == 0
