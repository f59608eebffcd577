"""Pool assembly against the seed's worked examples (L91, L13, L25, L137, L171, L184, L220)."""

from __future__ import annotations

import pytest

from contracts.rulesets.wish import CheckSpec, DiceSource
from domain.errors import DomainError
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import DEFAULTS
from domain.rulesets.wish.pool import assemble
from tests.unit.wish.builders import build_sheet


def pool_of(spec: CheckSpec, **sheet: object) -> dict[str, int]:
    return assemble(sheets.load(build_sheet(**sheet)), spec, DEFAULTS).dice()


def test_strength_5_rolls_five_characteristic_dice_L137() -> None:
    assert pool_of(CheckSpec(characteristic="str"), characteristics={"str": 5}) == {"CHR": 5}


def test_str5_two_steps_offensive_rolls_two_offensive_three_characteristic_L91() -> None:
    got = pool_of(
        CheckSpec(characteristic="str"),
        characteristics={"str": 5},
        stance={"defensive": 2, "offensive": 2, "position": 2},
    )
    assert got == {"CHR": 3, "OFF": 2}


def test_agility_3_two_steps_each_way_L13_L25() -> None:
    off = {"defensive": 2, "offensive": 2, "position": 2}
    dfn = {"defensive": 2, "offensive": 2, "position": -2}
    assert pool_of(CheckSpec(characteristic="ag"), characteristics={"ag": 3}, stance=off) == {
        "CHR": 1,
        "OFF": 2,
    }
    assert pool_of(CheckSpec(characteristic="ag"), characteristics={"ag": 3}, stance=dfn) == {
        "CHR": 1,
        "DFN": 2,
    }


def test_depth_never_converts_more_dice_than_the_characteristic_L97() -> None:
    deep = {"defensive": 0, "offensive": 4, "position": 4}
    assert pool_of(CheckSpec(characteristic="str"), stance=deep) == {"OFF": 2}


def test_str7_power_lifting_adds_a_fortune_die_L171() -> None:
    got = pool_of(
        CheckSpec(characteristic="str", specializations=["Power Lifting"]),
        characteristics={"str": 7},
        specializations=[{"name": "Power Lifting", "target": "str"}],
    )
    assert got == {"CHR": 7, "FRT": 1}


def test_skill_ranks_add_expertise_and_difficulty_adds_challenge_L47_L37() -> None:
    got = pool_of(
        CheckSpec(skill="Observation", difficulty=2),
        characteristics={"int": 3},
        skills={"Observation": {"characteristic": "int", "ranks": 1}},
    )
    assert got == {"CHR": 3, "CHL": 2, "EXP": 1}


def test_target_defense_fortune_points_and_sources_L184_L220() -> None:
    actor = sheets.load(build_sheet(fortune=2))
    target = sheets.load(build_sheet(defense=2, fortune=1))
    spec = CheckSpec(
        characteristic="str",
        fortune_points=1,
        sources=[DiceSource(source="card", die="FRT", count=1)],
    )
    p = assemble(actor, spec, DEFAULTS, target=target, attack=True, opponent_fortune_points=1)
    assert p.dice() == {"CHR": 2, "FRT": 2, "MIS": 3}
    assert p.fortune_spent == 1 and p.opponent_fortune_spent == 1
    assert {s.source for s in p.sources} >= {"target Defense", "Fortune points", "card"}


def test_cannot_spend_fortune_you_lack_L220() -> None:
    with pytest.raises(DomainError) as e:
        pool_of(CheckSpec(characteristic="str", fortune_points=3), fortune=2)
    assert e.value.field == "fortune_points" and "L220" in e.value.rule


def test_characteristic_zero_cannot_be_checked_L113() -> None:
    with pytest.raises(DomainError) as e:
        pool_of(CheckSpec(characteristic="fel"), characteristics={"fel": 0})
    assert "L113" in e.value.rule


def test_unacquired_advanced_skill_cannot_be_attempted_L1044() -> None:
    with pytest.raises(DomainError) as e:
        pool_of(CheckSpec(skill="Medicine"))
    assert "L1044" in e.value.rule


def test_conditions_modify_pools_and_removals_never_go_below_zero() -> None:
    conds = [
        {"id": "a", "name": "Weakened", "tokens": 2},  # -1 Str and a misfortune die (L1448)
        {"id": "b", "name": "Challenged", "tokens": 2},  # a challenge die (L1455)
        {"id": "c", "name": "Thunderstruck", "tokens": 2},  # remove one expertise, if any (L1457)
        {"id": "d", "name": "Inspired", "tokens": 2},  # a fortune die (L1480)
    ]
    got = pool_of(CheckSpec(characteristic="str"), characteristics={"str": 4}, conditions=conds)
    assert got == {"CHR": 3, "CHL": 1, "FRT": 1, "MIS": 1}


def test_distress_adds_misfortune_per_token_above_the_characteristic() -> None:
    # D-42 (from L896): 4 fatigue against Str 2 distresses it by 2
    assert pool_of(CheckSpec(characteristic="str"), fatigue=4) == {"CHR": 2, "MIS": 2}
    assert pool_of(CheckSpec(characteristic="int"), fatigue=4) == {"CHR": 2}
