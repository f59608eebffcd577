"""The Assist maneuver (L382-388): the assistant's own maneuver, one die per assisting ally on
the ally's next check, which uses it up. Naming an ally on a check gives no die by itself."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    Attack,
    CheckSpec,
    ContestedCheck,
    RollCheck,
    StartEncounter,
    StartTurn,
    TakeManeuver,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, assists
from domain.rulesets.wish.options import parse_options
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table

DOC = {"Medicine": {"characteristic": "int", "kind": "advanced", "acquired": True}}


def world() -> Table:
    return Table(states(doc=build_sheet(skills=DOC), nurse=build_sheet(skills=DOC),
                        pal=build_sheet(), foe=build_sheet()))


def assist(t: Table, by: str, ally: str = "doc", skill: str | None = None) -> list[Any]:
    """The Assist maneuver out of an encounter (Story Mode, L378), by the assistant itself."""
    return t.do(TakeManeuver(campaign_id="c", character_id=by, kind="assist", ally_id=ally,
                             skill=skill))


def roll(t: Table, **spec: Any) -> list[Any]:
    return t.do(RollCheck(campaign_id="c", character_id="doc", **spec), [1] * 10)


def test_each_assisting_ally_adds_a_fortune_die_to_the_next_check_only_L384() -> None:
    """L384: "Performing the Assist maneuver allows an ally engaged with the assisting
    character to add to their next check. Several characters can use the assist maneuver to
    add more bonus fortune dice to the engaged ally's next check.\""""
    t = world()
    assert [e.type for e in assist(t, "nurse")] == ["wish.AssistGiven"]
    assist(t, "pal")
    rolled = roll(t, skill="Athletics", assisted_by=["nurse", "pal"])
    assert rolled[0].data["check"]["pool"] == {"CHR": 2, "FRT": 2}
    assert rolled[1].type == "wish.AssistsUsed" and rolled[1].data["by"] == ["nurse", "pal"]
    assert roll(t, skill="Athletics")[0].data["check"]["pool"] == {"CHR": 2}  # used up


def test_naming_an_ally_who_did_not_assist_is_refused_L384() -> None:
    """Assistance nobody gave: a check, an attack or a contest naming an ally in
    ``assisted_by`` who has not taken the Assist maneuver (L384) for it is refused, and gains
    no die."""
    t = world()
    assist(t, "nurse")
    for cmd in (RollCheck(campaign_id="c", character_id="doc", characteristic="str",
                          assisted_by=["pal"]),
                Attack(campaign_id="c", character_id="doc", target_id="foe",
                       skill="Melee Skill", assisted_by=["nurse", "pal"]),
                ContestedCheck(campaign_id="c", character_id="doc", target_id="foe",
                               skill="Stealth", opposition=CheckSpec(), assisted_by=["pal"])):
        with pytest.raises(StateConflict) as err:
            t.do(cmd, [1] * 10)
        assert (err.value.field, err.value.rule) == ("assisted_by", "wish.maneuver.assist L384")
        assert "pal has not taken the Assist maneuver" in err.value.message
    # the nurse's assist is still there for the check that names it, or names nobody
    assert roll(t, characteristic="str")[0].data["check"]["pool"] == {"CHR": 2, "FRT": 1}


def test_an_advanced_skill_is_assisted_only_by_those_who_acquired_it_L386() -> None:
    """'a character could not assist a doctor using the Medicine skill unless they themselves
    also had the Medicine skill' (L386)."""
    t = world()
    assist(t, "nurse", skill="Medicine")
    assert roll(t, skill="Medicine", assisted_by=["nurse"])[0].data["check"]["pool"]["FRT"] == 1
    with pytest.raises(StateConflict) as err:
        assist(t, "pal", skill="Medicine")
    assert (err.value.field, err.value.rule) == ("skill", "wish.maneuver.assist L386")
    assist(t, "pal")  # assisting, but not with Medicine: no help to a Medicine check
    with pytest.raises(StateConflict) as err:
        roll(t, skill="Medicine")
    assert (err.value.field, err.value.rule) == ("skill", "wish.maneuver.assist L386")


def test_nobody_assists_themselves_or_twice_L388() -> None:
    t = world()
    for allies, rule in ((["doc"], "wish.maneuver.assist L388"),
                         (["pal", "pal"], "wish.maneuver.assist L384")):
        with pytest.raises(DomainError) as err:
            roll(t, characteristic="str", assisted_by=allies)
        assert (err.value.kind, err.value.rule) == ("invalid", rule)
    with pytest.raises(DomainError) as err:
        assist(t, "doc")
    assert err.value.rule == "wish.maneuver.assist L388"
    assist(t, "pal")
    with pytest.raises(StateConflict) as err:
        assist(t, "pal")
    assert err.value.rule == "wish.maneuver.assist L384"


def test_out_of_an_encounter_only_the_assist_maneuver_is_taken_L378() -> None:
    """L378: "During Story Mode, maneuvers can usually be performed as often as required"."""
    with pytest.raises(DomainError) as err:
        world().do(TakeManeuver(campaign_id="c", character_id="pal", kind="movement"))
    assert (err.value.field, err.value.kind) == ("encounter_id", "invalid")


def test_an_ally_not_engaged_cannot_assist_L384() -> None:
    t = world()
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["doc", "pal"]))
    t.st["encounter:e"]["separations"] = {"doc|pal": 3}
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="pal"))
    with pytest.raises(StateConflict) as err:
        t.do(TakeManeuver(campaign_id="c", encounter_id="e", character_id="pal",
                          kind="assist", ally_id="doc"))
    assert "Medium" in err.value.message


def test_unnamed_assists_only_by_option() -> None:
    spec = CheckSpec(characteristic="str", assists=2)
    with pytest.raises(DomainError) as err:
        assists.count(spec, parse_options({}))
    assert (err.value.field, err.value.rule) == ("assists", "wish.maneuver.assist L386-388")
    assert assists.count(spec, parse_options({"unnamed_assists": True})) == 2


def test_a_named_assist_alone_gives_no_die_L384() -> None:
    """Before any Assist maneuver, the same check naming the nurse was rolled with an assist
    die; now it is refused and appends nothing."""
    st = states(doc=build_sheet(skills=DOC), nurse=build_sheet(skills=DOC))
    with pytest.raises(StateConflict):
        WISH.decide(RollCheck(campaign_id="c", character_id="doc", skill="Medicine",
                              assisted_by=["nurse"]), st, {}, ScriptedDice([1] * 10))
