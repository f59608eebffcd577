"""The Assist maneuver (L382-388): one die per assisting ally, checked."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import CheckSpec, RollCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, assists
from domain.rulesets.wish.options import parse_options
from tests.unit.wish.builders import build_sheet, states

DOC = {"Medicine": {"characteristic": "int", "kind": "advanced", "acquired": True}}


def roll(st: dict[str, Any], **spec: Any) -> list[Any]:
    cmd = RollCheck(campaign_id="c", character_id="doc", **spec)
    return WISH.decide(cmd, st, {}, ScriptedDice([1] * 10))


def test_each_named_ally_adds_a_fortune_die_L384() -> None:
    st = states(doc=build_sheet(skills=DOC), nurse=build_sheet(skills=DOC), pal=build_sheet())
    [rolled] = roll(st, skill="Athletics", assisted_by=["nurse", "pal"])
    assert rolled.data["check"]["pool"] == {"CHR": 2, "FRT": 2}


def test_an_advanced_skill_is_assisted_only_by_those_who_acquired_it_L386() -> None:
    """'a character could not assist a doctor using the Medicine skill unless they themselves
    also had the Medicine skill' (L386)."""
    st = states(doc=build_sheet(skills=DOC), nurse=build_sheet(skills=DOC), pal=build_sheet())
    [rolled] = roll(st, skill="Medicine", assisted_by=["nurse"])
    assert rolled.data["check"]["pool"]["FRT"] == 1
    with pytest.raises(StateConflict) as err:
        roll(st, skill="Medicine", assisted_by=["pal"])
    assert (err.value.field, err.value.rule) == ("assisted_by", "wish.maneuver.assist L386")


def test_nobody_assists_themselves_or_twice_L388() -> None:
    st = states(doc=build_sheet(skills=DOC), pal=build_sheet())
    for allies, rule in ((["doc"], "wish.maneuver.assist L388"),
                         (["pal", "pal"], "wish.maneuver.assist L384")):
        with pytest.raises(DomainError) as err:
            roll(st, characteristic="str", assisted_by=allies)
        assert err.value.rule == rule


def test_unnamed_assists_only_by_option() -> None:
    spec = CheckSpec(characteristic="str", assists=2)
    with pytest.raises(DomainError) as err:
        assists.count(spec, parse_options({}))
    assert (err.value.field, err.value.rule) == ("assists", "wish.maneuver.assist L386-388")
    assert assists.count(spec, parse_options({"unnamed_assists": True})) == 2


def test_an_ally_not_engaged_cannot_assist_L384() -> None:
    spec = CheckSpec(characteristic="str", assisted_by=["pal"])
    pal = WISH.validate_sheet({"characteristics": {"str": 2, "ag": 2, "to": 2, "int": 2,
                                                   "wp": 2, "fel": 2}}, {})
    from domain.rulesets.wish import sheet as sheets
    allies = {"pal": sheets.load(pal)}
    assists.validate("doc", spec, allies, {"doc|pal": 0})
    with pytest.raises(StateConflict) as err:
        assists.validate("doc", spec, allies, {"doc|pal": 3})
    assert "Medium" in err.value.message
