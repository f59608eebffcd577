"""The lines Arcane, Psychic and Karmic justifications add to a stunt (L338-368)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import ChooseJustificationLine, ImposeJustificationLine, RollCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, dice: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(dice or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def rolled(sheet: dict[str, Any], stunt: str, faces: list[int], **extra: Any) -> dict[str, Any]:
    """A check with ``stunt`` on the scripted ``faces``."""
    st = states(hero=sheet, **extra)
    return run(st, RollCheck(campaign_id="c", character_id="hero", characteristic="wp",
                             stunt=stunt, check_id="k", target_id=next(iter(extra), None)), faces)


def recent(st: dict[str, Any]) -> dict[str, Any]:
    rec: dict[str, Any] = st["character:hero"]["recent_checks"][-1]
    return rec


def with_result(st: dict[str, Any], **result: int) -> dict[str, Any]:
    """The recorded check's result set to what a test needs (a roll could give it)."""
    hero = dict(st["character:hero"])
    rec = {**recent(st), "result": {**recent(st)["result"], **result}}
    hero["recent_checks"] = [*hero["recent_checks"][:-1], rec]
    return {**st, "character:hero": hero}


def test_arcane_lines_change_the_rating_and_fail_at_0_L340_L343() -> None:
    st = rolled(build_sheet(origin="Mystic", stunts={"Hex": {"rating": 1,
                                                             "justification": "arcane"}}),
                "Hex", [1, 1])
    st = with_result(st, serendipity=2, calamity=2)
    up = run(st, ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                         line="!", times=2))
    assert recent(up)["stunt_rating"] == 3 and recent(up)["consumed"] == {"SER": 2}
    down = WISH.decide(ImposeJustificationLine(campaign_id="c", character_id="hero",
                                               check_id="k", line="?"), st, {}, ScriptedDice([]))
    assert (down[-1].data["stunt_rating"], down[-1].data["fails"]) == (0, True)  # L343
    with pytest.raises(StateConflict):  # a third serendipity is not there (D-2)
        WISH.decide(ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                            line="!", times=3), st, {}, ScriptedDice([]))


def test_psychic_lines_cause_stress_once_each_L353_L354() -> None:
    st = rolled(build_sheet(stunts={"Blast": {"sfx": "Mind"}}), "Blast", [1] * 10,
                foe=build_sheet())
    st = with_result(st, net_boons=2)
    hit = run(st, ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                          line="+", target_id="foe"))
    assert hit["character:foe"]["stress"] == 1
    with pytest.raises(StateConflict):  # once each (D-41)
        WISH.decide(ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                            line="+", target_id="foe"), hit, {}, ScriptedDice([]))
    with pytest.raises(DomainError):  # "+" needs boons, "-" banes; this check has no banes
        WISH.decide(ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                            line="+", times=2, target_id="foe"), st, {},
                    ScriptedDice([]))


def test_karmic_lines_L366_L368() -> None:
    sheet = build_sheet(origin="Natural", fortune=2, fortune_rating=3,
                        stunts={"Fate": {"justification": "karmic"}})
    st = with_result(rolled(sheet, "Fate", [1] * 10), serendipity=1, calamity=1, net_successes=0,
                     success=False)
    bought = run(st, ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                             line="fortune", times=2))
    assert bought["character:hero"]["fortune"] == 0
    assert recent(bought)["result"]["net_successes"] == 2 and recent(bought)["result"]["success"]
    regained = run(bought, ChooseJustificationLine(campaign_id="c", character_id="hero",
                                                   check_id="k", line="!"))
    assert regained["character:hero"]["fortune"] == 1
    broke = dict(bought)
    lost = run(broke, ImposeJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                              line="?"))
    assert (lost["character:hero"]["grit_lost"], lost["character:hero"]["stress"]) == (1, 3)


def test_lines_only_of_the_stunts_own_justification_L338() -> None:
    st = with_result(rolled(build_sheet(stunts={"Punch": {}}), "Punch", [1, 1]), serendipity=1)
    with pytest.raises(DomainError) as err:
        WISH.decide(ChooseJustificationLine(campaign_id="c", character_id="hero", check_id="k",
                                            line="!"), st, {}, ScriptedDice([]))
    assert err.value.field == "line"
