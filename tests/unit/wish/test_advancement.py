"""Experience, Rank, advances and creation costs (L143-L1048) and illegal purchases."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    AwardExperience,
    FinishCreation,
    Purchase,
    Specialization,
    SpendAdvance,
    SpendFortune,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH, advancement, origin_apply
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice([])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def buy(kind: str, target: str = "", currency: str = "advance", **kw: Any) -> SpendAdvance:
    return SpendAdvance(
        campaign_id="c",
        character_id="hero",
        currency=currency,  # type: ignore[arg-type]
        purchase=Purchase(kind=kind, target=target, **kw),
    )  # type: ignore[arg-type]


def test_characteristic_costs_are_the_new_rating_L143_L145() -> None:
    assert advancement.characteristic_cost(2, 3) == 3
    assert advancement.characteristic_cost(2, 5) == 3 + 4 + 5 == 12
    assert advancement.characteristic_cost(2, 10) == 52


def test_rank_table_L641_L649() -> None:
    assert [advancement.rank(x) for x in (0, 15, 16, 30, 31, 45, 46, 60, 61, 75)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
    ]


def test_power_levels_and_origin_points_L609_L815() -> None:
    assert advancement.creation_points("Classic", None) == 60
    assert advancement.creation_points("Gritty", "Freak") == 30 + 25  # L619, L815


def test_spending_advances_pays_the_seed_cost() -> None:
    st = states(hero=build_sheet(advances=10))
    st = run(st, buy("characteristic", "str"))  # 2 -> 3 costs 3
    assert st["character:hero"]["characteristics"]["str"] == 3
    assert st["character:hero"]["advances"] == 7
    st = run(st, buy("stance_step", "offensive"))  # 1 each (L95)
    st = run(st, buy("mitigation", "soak"))  # 0 -> 1 costs 1 (L181)
    st = run(st, buy("stunt", "Bash", off_sfx=True))  # 1 + 2 off-SFX (L476)
    s = st["character:hero"]
    assert s["advances"] == 7 - 1 - 1 - 3 and s["stance"]["offensive"] == 3 and s["soak"] == 1


def test_award_experience_grants_advances_and_rank_L605_L641() -> None:
    st = run(
        states(hero=build_sheet()), AwardExperience(campaign_id="c", character_id="hero", xp=16)
    )
    s = st["character:hero"]
    assert (s["experience"], s["advances"]) == (16, 16)


def test_raising_past_maxima_is_refused_and_appends_nothing_L153() -> None:
    st = states(hero=build_sheet(characteristics={"str": 5}, advances=20))
    with pytest.raises(DomainError) as e:
        WISH.decide(buy("characteristic", "str"), st, {}, ScriptedDice([]))
    assert "L153" in e.value.rule and e.value.field == "purchase.target"


def test_maxima_only_during_creation_L161() -> None:
    play = states(hero=build_sheet(advances=5))
    with pytest.raises(DomainError) as e:
        WISH.decide(buy("maximum", "str"), play, {}, ScriptedDice([]))
    assert "L161" in e.value.rule
    making = states(hero=build_sheet(phase="creation", creation_points=5))
    st = run(making, buy("maximum", "str", currency="creation"))
    assert st["character:hero"]["maxima"]["str"] == 6
    assert st["character:hero"]["creation_points"] == 4


def test_cannot_spend_advances_one_lacks() -> None:
    st = states(hero=build_sheet(advances=2))
    with pytest.raises(DomainError) as e:
        WISH.decide(buy("characteristic", "str"), st, {}, ScriptedDice([]))
    assert e.value.field == "currency"


def test_skill_training_is_limited_by_rank_L994() -> None:
    st = states(hero=build_sheet(advances=5))
    st = run(st, buy("skill_rank", "Athletics"))
    with pytest.raises(DomainError) as e:
        WISH.decide(buy("skill_rank", "Athletics"), st, {}, ScriptedDice([]))
    assert "L994" in e.value.rule


def test_two_specializations_per_advance_L169() -> None:
    st = states(hero=build_sheet(advances=1))
    spec = [
        Specialization(name="Power Lifting", target="str"),
        Specialization(name="Grip", target="str"),
    ]
    st = run(st, buy("specializations", specializations=spec))
    assert len(st["character:hero"]["specializations"]) == 2


def test_spending_fortune_one_lacks_is_refused_L220() -> None:
    st = states(hero=build_sheet(fortune=1))
    with pytest.raises(DomainError) as e:
        WISH.decide(
            SpendFortune(campaign_id="c", character_id="hero", points=2), st, {}, ScriptedDice([])
        )
    assert "L220" in e.value.rule and e.value.field == "points"


def test_creation_ends_only_with_every_point_spent_L581() -> None:
    st = states(hero=build_sheet(phase="creation", creation_points=1))
    with pytest.raises(DomainError):
        WISH.decide(FinishCreation(campaign_id="c", character_id="hero"), st, {}, ScriptedDice([]))


def test_robot_origin_raises_mitigation_start_and_maxima_L888_L892() -> None:
    from domain.rulesets.wish import sheet as sheets

    base = sheets.load(build_sheet(phase="creation"))
    picks = {"str": 2, "to": 2, "int": 1, "wp": 1}  # Design: six +1 (L888)
    robot = origin_apply.apply_origin(base, "Robot", picks)
    assert (robot.soak, robot.mitigation_maxima["soak"]) == (3, 8)  # Resistance (L889)
    assert (robot.psyche, robot.mitigation_maxima["psyche"]) == (3, 8)  # Mind (L890)
    assert (robot.characteristics["fel"], robot.maxima["fel"]) == (1, 4)  # Personality (L891)
    assert (robot.characteristics["str"], robot.maxima["str"]) == (4, 7)
    assert robot.fortune_rating == 1  # Fate: -1 (L892)
    with pytest.raises(DomainError):
        origin_apply.apply_origin(base, "Robot", {"str": 1})


def test_anthropomorphic_magnetism_adds_an_offensive_step_L786() -> None:
    from domain.rulesets.wish import sheet as sheets

    base = sheets.load(build_sheet(phase="creation"))
    a = origin_apply.apply_origin(base, "Anthropomorphic", {"str": 1, "ag": 1, "to": 1})
    assert a.stance.offensive == base.stance.offensive + 1


def test_a_new_character_starts_with_its_power_levels_creation_points_L627() -> None:
    """L627: 'To play classic Stan Lee era style supers, characters start with 60 creation
    points'; Gritty grants 30 (L619)."""
    raw = {"characteristics": {c: 2 for c in ("str", "ag", "to", "int", "wp", "fel")},
           "phase": "creation"}
    assert WISH.validate_sheet(raw, {})["creation_points"] == 60
    assert WISH.validate_sheet(raw, {"power_level": "Gritty"})["creation_points"] == 30
    assert WISH.validate_sheet({**raw, "creation_points": 7}, {})["creation_points"] == 7


def test_choosing_an_origin_applies_it_once_during_creation_L815_L838() -> None:
    from contracts.rulesets.wish import ChooseOrigin

    st = states(hero=build_sheet(phase="creation", creation_points=60))
    freak = run(st, ChooseOrigin(campaign_id="c", character_id="hero", origin="Freak"))
    assert freak["character:hero"]["creation_points"] == 60 + 25  # Superfreaky (L815)
    assert freak["character:hero"]["origin"] == "Freak"
    mystic = run(st, ChooseOrigin(campaign_id="c", character_id="hero", origin="Mystic",
                                 talent="Spellcaster"))
    hero = mystic["character:hero"]
    assert hero["creation_points"] == 70 and hero["fortune_rating"] == 3  # L838-839
    for state, origin, rule in ((freak, "Mystic", "wish.origin L765"),
                                (states(hero=build_sheet()), "Freak", "wish.origin L765"),
                                (st, "Martian", "wish.origin L751")):
        with pytest.raises(DomainError) as err:
            WISH.decide(ChooseOrigin(campaign_id="c", character_id="hero", origin=origin),
                        state, {}, ScriptedDice([]))
        assert err.value.rule == rule
