"""Golden Heroes DUPs, Personal Status and Hero Points against the seed (no I/O)."""

from __future__ import annotations

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import GOLDEN_HEROES, campaign
from domain.rulesets.golden_heroes import state as st
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
CONFIDENT = {"conscience": 5, "expression": 5, "success_rate": 5, "public_response": 5,
             "security": 8}  # 28: Total confidence, 3 Hero Points (L371)


@pytest.mark.parametrize(("total", "state", "points", "mental"), [
    (4, "jinxed", 0, 0), (13, "uncertain", 0, 0), (18, "secure", 0, 0),
    (23, "confident", 0, 3), (28, "total_confidence", 3, 5), (30, "egomaniac", 5, 5)])
def test_personal_status_table(total: int, state: str, points: int, mental: int) -> None:
    # L367-L371: the benefits are cumulative (PS 28: +5 against Mental Attacks, 3 Hero Points)
    assert campaign.state_of_mind(total) == state
    assert campaign.hero_point_allowance(total) == points
    assert campaign.mental_defence(total) == mental


def test_the_initial_personal_status_is_13() -> None:
    assert campaign.personal_status(st.GoldenHeroesSheet()) == 13  # digest §6.8


def test_ratings_a_sheet_does_not_name_count_at_their_initial_values() -> None:
    """A sheet naming only its FRL and Security is not Jinxed: the other components keep their
    initial values (Conscience 3, Expression 3, Success Rate 0, Public Response 2; L351-L361)."""
    sheet = st.GoldenHeroesSheet(ratings={"frl": 5, "security": 7})
    assert campaign.personal_status(sheet) == 3 + 3 + 0 + 2 + 7
    assert campaign.state_of_mind(campaign.personal_status(sheet)) == "uncertain"  # 11-15


def test_dups_a_week_and_a_scenario_and_the_jinxed_lose_two() -> None:
    w = World(hero=sheet(backgrounds=["rich_inherited"]),
              sad=sheet(ratings={"conscience": 1, "expression": 1, "success_rate": 0,
                                 "public_response": 1, "security": 2}))
    w.run(c.StartWeek(campaign_id=CID, characters=["hero", "sad"]))
    assert (w.sheet("hero").dups, w.sheet("sad").dups) == (8, 7)  # 7 a week, +1 (L16, L285)
    w.run(c.StartScenario(campaign_id=CID, characters=["hero", "sad"]))
    assert (w.sheet("hero").dups, w.sheet("sad").dups) == (7, 4)  # 1 used; Jinxed -2 (L370)
    w.run(c.ImproveCharacter(campaign_id=CID, character_id="hero", dups=5,
                             improvement="Strike Modifier training"))
    assert w.sheet("hero").dups == 2
    with pytest.raises(DomainError) as err:
        w.run(c.ImproveCharacter(campaign_id=CID, character_id="hero", dups=3,
                                 improvement="more"))
    assert err.value.rule == "golden-heroes.dups L285"


def test_jinxed_characters_critically_miss_on_1_or_2() -> None:
    w = World(hero=sheet(ratings={"conscience": 1, "expression": 1, "success_rate": 0,
                                  "public_response": 1, "security": 2}), foe=sheet())
    ev = w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [2, 5])[0]
    assert ev.data["critical"] == "miss" and ev.data["miss_range"] == 2  # L370


def test_hero_points_turn_a_miss_into_a_hit_once_a_roll_once_a_scenario() -> None:
    w = World(hero=sheet(ratings=CONFIDENT), foe=sheet())
    w.run(c.StartScenario(campaign_id=CID, characters=["hero"], dups_used=0))
    assert w.sheet("hero").hero_points == 3
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [8])  # 8+2+6 = 16
    assert w.sheet("foe").pending_attack is None
    spend = c.SpendHeroPoints(campaign_id=CID, character_id="hero", roller_id="hero",
                              target_id="foe", points=2)
    ev = w.run(spend)[0].data
    assert (ev["total"], ev["hit"]) == (18, True)  # the roll just made, +2 (L373)
    assert w.sheet("foe").pending_attack is not None  # the hit now waits for its response
    with pytest.raises(DomainError) as err:
        w.run(c.SpendHeroPoints(campaign_id=CID, character_id="hero", roller_id="hero",
                                target_id="foe", points=1))
    assert err.value.rule == "golden-heroes.hero-points L373"  # a second spend on that roll
    w.run(c.Respond(campaign_id=CID, character_id="foe"), [1, 1, 1])
    w.run(c.Strike(campaign_id=CID, character_id="hero", target_id="foe"), [5])
    with pytest.raises(DomainError) as err:
        w.run(c.SpendHeroPoints(campaign_id=CID, character_id="hero", roller_id="hero",
                                target_id="foe", points=2))  # only 1 left this scenario
    assert "1 Hero Point(s) left" in str(err.value)


def test_a_superpower_refinement_responds_on_1d6_plus_ipp_plus_the_referees_1_to_3() -> None:
    """L116-L117: a power practised as a Superpower Refinement (its IPP Rating set by the
    referee's improvement, L375) avoids the damage on 1d6 + IPP + 1-3 >= 7; 2 Frames."""
    w = World(hero=sheet(), foe=sheet(powers=[{"power": "teleport"}], dups=20))
    w.run(c.Strike(campaign_id="c", character_id="hero", target_id="foe"), [15])
    with pytest.raises(DomainError) as err:
        w.run(c.Respond(campaign_id="c", character_id="foe", response="superpower",
                        power="teleport"), [6])
    assert (err.value.field, err.value.rule) == ("power",
                                                 "golden-heroes.superpower-response L116-L117")
    with pytest.raises(DomainError) as err:
        w.run(c.ImproveCharacter(campaign_id="c", character_id="foe", dups=10,
                                 improvement="blink away", refinement="flight", ipp=3))
    assert err.value.field == "refinement"
    w.run(c.ImproveCharacter(campaign_id="c", character_id="foe", dups=10,
                             improvement="blink away", refinement="teleport", ipp=3))
    assert w.sheet("foe").refinements == {"teleport": 3} and w.sheet("foe").dups == 10
    # 3 + 3 + 1 = 7: no damage at all
    res = w.run(c.Respond(campaign_id="c", character_id="foe", response="superpower",
                          power="teleport"), [3])[0].data
    assert (res["response_total"], res["response_result"], res["htc_taken"]) == (7, "success", 0)
    assert res["response_frames"] == 2
    w.run(c.Strike(campaign_id="c", character_id="hero", target_id="foe"), [15])
    # 2 + 3 + 1 = 6 fails: the fist's 2d6 HTC land (Strength 10: no modifier)
    res = w.run(c.Respond(campaign_id="c", character_id="foe", response="superpower",
                          power="teleport"), [2, 4, 5, 1])[0].data
    assert (res["response_result"], res["htc_taken"]) == ("fail", 9)


def test_spare_dups_are_allocated_by_general_instructions_within_what_is_held() -> None:
    """L285-L287: players give general instructions for their spare DUPs; the referee resolves
    them (ImproveCharacter)."""
    w = World(hero=sheet(dups=5))
    plan = [c.Allocation(activity="practise Energy Attack", dups=3),
            c.Allocation(activity="build a tracer", dups=2)]
    w.run(c.AllocateDups(campaign_id="c", character_id="hero", allocations=plan))
    assert w.sheet("hero").dup_plan == {"practise Energy Attack": 3, "build a tracer": 2}
    with pytest.raises(DomainError) as err:
        w.run(c.AllocateDups(campaign_id="c", character_id="hero",
                             allocations=[*plan, c.Allocation(activity="patrol", dups=1)]))
    assert (err.value.field, err.value.rule) == ("allocations", "golden-heroes.dups L285-L287")
    w.run(c.AllocateDups(campaign_id="c", character_id="hero", allocations=plan[:1]))
    derived = GOLDEN_HEROES.derived(w.states["character:hero"], {})
    assert derived["dups_unallocated"] == 2


def test_a_critical_stands_against_hero_points_unless_the_option_changes_it() -> None:
    ps28 = {"conscience": 5, "expression": 5, "success_rate": 5, "public_response": 5,
            "security": 8}
    for option, allowed in (("stand", False), ("change", True)):
        w = World({"hero_points_on_criticals": option}, hero=sheet(ratings=ps28), foe=sheet())
        w.run(c.StartScenario(campaign_id="c", characters=["hero"]))
        w.run(c.Strike(campaign_id="c", character_id="hero", target_id="foe"), [1, 5])
        spend = c.SpendHeroPoints(campaign_id="c", character_id="hero", roller_id="hero",
                                  target_id="foe", points=3)
        if allowed:
            # 1 + 2 + 6 = 9, +3 is 12: the total decides, still a miss
            assert w.run(spend)[0].data["total"] == 12
        else:
            with pytest.raises(DomainError) as err:
                w.run(spend)
            assert "a critical stands as rolled" in err.value.message


def test_a_tie_on_a_critical_against_the_non_superpowered_counts_as_the_option_says() -> None:
    """L84: a critical hit knocks the non-superpowered out if it does more HTC than HTK and
    kills if more HTK; a tie is HTC by default (decision #2)."""
    for option, condition, injury in (("htc", "unconscious", "none"),
                                      ("htk", "fine", "technically_dead")):
        w = World({"critical_tie": option}, hero=sheet(attributes={"strength": 18}),
                  thug=sheet(character_type="non_superpowered", max_htc=20, max_htk=20))
        # Strength 18: +3, all on HTK; a natural 20 on the non-superpowered rolls no d10
        w.run(c.Strike(campaign_id="c", character_id="hero", target_id="thug", to_htk=3), [20])
        # 2d6 (1 + 2) HTC and 1d6-6 (6 - 6) + 3 HTK: 3 and 3, a tie
        res = w.run(c.Respond(campaign_id="c", character_id="thug"), [1, 2, 6])[0].data
        assert (res["condition"], res["injury"]) == (condition, injury)
