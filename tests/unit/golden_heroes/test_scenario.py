"""Golden Heroes Practice and Success Rate at the end of a scenario against the seed (no I/O)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import campaign, scenario
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
F = Fraction


@pytest.mark.parametrize(("current", "value", "success", "after"), [
    (F(1), 6, True, F(7, 2)),  # success, higher value: (1 + 6) / 2, the half retained (L329)
    (F(1), 5, True, F(3)),
    (F(7, 2), 8, True, F(6)),  # 5.75 rounds to the nearest whole number, 6 (L329-L330)
    (F(7, 2), 7, True, F(5)),  # 5.25 rounds to 5
    (F(6), 8, False, F(6)),  # failure in a higher-valued adventure: no change (L330)
    (F(6), 2, True, F(6)),  # success in a lower-valued one: no change (L330)
    (F(6), 2, False, F(4)),  # failure in a lower-valued one: averaged (L329)
    (F(6), 6, True, F(6))])  # equal values: not covered, no change (decision #19)
def test_practice(current: Fraction, value: int, success: bool, after: Fraction) -> None:
    assert scenario.new_practice(current, value, success) == after


def test_success_rate_counts_the_last_five_and_two_partials_may_be_one() -> None:
    results = ["success", "partial", "failure", "partial", "success"]
    assert scenario.success_rate(results, "two_count_as_one") == 3  # L357
    assert scenario.success_rate(results, "do_not_count") == 2


def test_end_scenario_moves_practice_public_status_and_success_rate() -> None:
    w = World(hero=sheet(), sidekick=sheet())
    ev = w.run(c.EndScenario(campaign_id=CID, practice=6, outcomes=[
        c.ScenarioOutcome(character_id="hero", result="success"),
        c.ScenarioOutcome(character_id="sidekick", result="success", unseen=1)]))
    assert ev[0].data["practice_before"] == "1" and ev[1].data["practice_value"] == 5
    hero, side = w.sheet("hero"), w.sheet("sidekick")
    assert (hero.ratings["practice"], hero.practice_half) == (3, True)  # 3.5 (L329)
    assert (side.ratings["practice"], side.practice_half) == (3, False)  # (1 + 5) / 2
    # Public Status uses the whole part: 3 + 3 + 3 + 3 + 3 (digest decision #19)
    assert campaign.derived(hero)["public_status"] == 15
    assert hero.ratings["success_rate"] == 1  # "almost always reach 1" (L357)
    w.run(c.EndScenario(campaign_id=CID, practice=8, outcomes=[
        c.ScenarioOutcome(character_id="hero", result="success")]))
    assert (w.sheet("hero").ratings["practice"], w.sheet("hero").practice_half) == (6, False)
    for _ in range(5):
        w.run(c.EndScenario(campaign_id=CID, practice=1, outcomes=[
            c.ScenarioOutcome(character_id="hero", result="partial")]))
    hero = w.sheet("hero")
    assert hero.scenario_results == ["partial"] * 5 and hero.ratings["success_rate"] == 2
    # failures in lower-valued scenarios: 6 -> 3.5 -> 2.25 = 2 -> 1.5 -> 1.25 = 1 -> 1
    assert (hero.ratings["practice"], hero.practice_half) == (1, False)


def test_one_outcome_a_character() -> None:
    w = World(hero=sheet())
    with pytest.raises(DomainError) as err:
        w.run(c.EndScenario(campaign_id=CID, practice=3, outcomes=[
            c.ScenarioOutcome(character_id="hero", result="success"),
            c.ScenarioOutcome(character_id="hero", result="failure")]))
    assert err.value.field == "outcomes"
