"""Golden Heroes rolls on the campaign ratings (L374-L377): 3 x Detective Points for a lead,
3 x Public Status for co-operation and Thugs' morale, and the "Why me?" targeting rule."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
PS = {"conscience": 3, "expression": 3, "success_rate": 0, "public_response": 2, "security": 5}


def rolled(w: World, use: str, face: int) -> c.RatingRolled:
    events = w.run(c.RollRating(campaign_id=CID, character_id="hero", use=use), [face])  # type: ignore[arg-type]
    return msgspec.convert(events[0].data, c.RatingRolled)


def test_a_lead_at_3_x_detective_points_and_co_operation_at_3_x_public_status() -> None:
    # the Detective Points components begin at a total of 15: a lead is heard of on 45%
    w = World(hero=sheet())
    ev = rolled(w, "lead", 45)
    assert (ev.rating, ev.percent, ev.success) == (15, 45, True)
    assert not rolled(w, "lead", 46).success
    # Public Status 23 gives 69% (L376's example)
    w = World(hero=sheet(ratings={**PS, "backing": 5, "heroism": 5, "identification": 5,
                                  "public_relations": 5, "practice": 3}))
    ev = rolled(w, "co_operation", 69)
    assert (ev.rating, ev.percent, ev.success) == (23, 69, True)
    assert not rolled(w, "thug_morale", 70).success


def test_why_me_tests_candidates_in_ascending_personal_status() -> None:
    low = sheet(ratings={**PS, "security": 2})  # Personal Status 10: 30% to be passed over
    high = sheet(ratings={**PS, "security": 8})  # 16: 48%
    w = World(a=high, b=low)
    # b (10) first: 30 passes; a (16): 49 fails, a is the target
    events = w.run(c.ChooseTarget(campaign_id=CID, candidates=["a", "b"]), [30, 49])
    ev = msgspec.convert(events[0].data, c.TargetChosen)
    assert (ev.order, ev.statuses, ev.target, ev.at_random) == (["b", "a"], [10, 16], "a", False)
    assert events[0].stream == "character:a"
    # everyone passes: one picked at random
    ev = msgspec.convert(w.run(c.ChooseTarget(campaign_id=CID, candidates=["a", "b"]),
                               [1, 1, 1])[0].data, c.TargetChosen)
    assert (ev.target, ev.at_random, ev.dice) == ("b", True, [1, 1, 1])
    with pytest.raises(DomainError) as err:
        w.run(c.ChooseTarget(campaign_id=CID, candidates=["a", "a"]))
    assert err.value.field == "candidates"


def test_a_recorded_rating_roll_is_reread() -> None:
    w = World(hero=sheet())
    data = w.run(c.RollRating(campaign_id=CID, character_id="hero", use="lead"), [20])[0].data
    assert GOLDEN_HEROES.reread("golden-heroes.RatingRolled", data, [(100, 20)]) == []
    assert GOLDEN_HEROES.reread("golden-heroes.RatingRolled", {**data, "success": False},
                                [(100, 20)]) == ["20 against 45%: success=False (L374)"]
