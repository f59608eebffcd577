"""Fortune spent after the roll (L220, L222; digest D-8): option ``fortune_after_roll``."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Attack, RollCheck, SpendFortuneAfterRoll
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from domain.rulesets.wish.reread import reread
from tests.unit.wish.builders import build_sheet, states

ON = {"fortune_after_roll": True}


def run(st: dict[str, Any], cmd: Any, faces: list[int], options: Any = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, options or {}, ScriptedDice(faces)):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def rolled_tie() -> dict[str, Any]:
    """Str 2 against 1 challenge die: CHR 8 is a success (L4), CHR 1 blank (L11), CHL 5 a
    failure (L41): 1 success - 1 failure = 0, not a success (L522-524)."""
    st = states(hero=build_sheet(fortune=2), villain=build_sheet(fortune=1))
    cmd = RollCheck(campaign_id="c1", character_id="hero", characteristic="str", difficulty=1)
    return run(st, cmd, [8, 1, 5])


def after(points: int = 1, who: str = "hero", check_id: str = "check-1",
          roller: str | None = None) -> SpendFortuneAfterRoll:
    return SpendFortuneAfterRoll(campaign_id="c1", character_id=who, check_id=check_id,
                                 points=points, roller_id=roller)


def test_a_check_records_a_derived_check_id() -> None:
    st = rolled_tie()
    hero = st["character:hero"]
    assert hero["recent_checks"][-1]["check_id"] == "check-1"
    assert hero["recent_checks"][-1]["result"]["success"] is False
    # the id is derived from the sheet, so deciding again gives the same id
    cmd = RollCheck(campaign_id="c1", character_id="hero", characteristic="str")
    a = WISH.decide(cmd, st, {}, ScriptedDice([8, 1]))
    b = WISH.decide(cmd, st, {}, ScriptedDice([8, 1]))
    assert a[0].data["check_id"] == b[0].data["check_id"] == "check-2"


def test_refused_when_the_campaign_spends_fortune_before_the_roll_L222() -> None:
    # "Fortune points officially should be spent prior to a roll being made" (L222)
    with pytest.raises(DomainError) as e:
        WISH.decide(after(), rolled_tie(), {}, ScriptedDice([6]))
    assert e.value.field == "check_id" and "L222" in e.value.rule


def test_own_fortune_after_the_roll_adds_a_fortune_die_and_amends_the_result_L220_L222() -> None:
    st = rolled_tie()
    dice = ScriptedDice([6])  # FRT 6: a success (L56)
    events = WISH.decide(after(), st, ON, dice)
    assert [e.type for e in events] == ["wish.FortuneSpent", "wish.CheckAmended"]
    amended = events[1].data
    assert [(d["die"], d["face"]) for d in amended["dice"]] == [("FRT", 6)]
    assert amended["previous_tally"]["S"] == 1 and amended["tally"]["S"] == 2
    assert amended["result"]["net_successes"] == 1 and amended["result"]["success"] is True
    assert reread("wish.CheckAmended", amended, dice.drawn) == []
    st = run(st, after(), [6], ON)
    assert st["character:hero"]["fortune"] == 1
    assert st["character:hero"]["recent_checks"][-1]["result"]["success"] is True


def test_the_target_may_add_a_misfortune_die_to_a_check_against_it_L220() -> None:
    st = states(hero=build_sheet(fortune=2), villain=build_sheet(fortune=1))
    cmd = RollCheck(campaign_id="c1", character_id="villain", characteristic="str",
                    target_id="hero")
    st = run(st, cmd, [8, 1])  # CHR 8 success (L4), CHR 1 blank (L11): net 1, success
    assert st["character:villain"]["recent_checks"][-1]["result"]["success"] is True
    # hero spends 1 Fortune: MIS 6 is a failure (L64) and the villain's net drops to 0
    events = WISH.decide(after(who="hero", roller="villain"), st, ON, ScriptedDice([6]))
    fortune, amended = events
    assert (fortune.stream, amended.stream) == ("character:hero", "character:villain")
    assert amended.data["dice"][0]["die"] == "MIS"
    assert amended.data["result"]["success"] is False
    # a bystander is not the one targeted (L220 "targets or would harm them")
    st["character:other"] = build_sheet(fortune=2)
    with pytest.raises(DomainError) as e:
        WISH.decide(after(who="other", roller="villain"), st, ON, ScriptedDice([6]))
    assert e.value.field == "roller_id" and "L220" in e.value.rule


def test_refusals_name_the_field_and_return_no_events() -> None:
    st = rolled_tie()
    for cmd, field in (
        (after(points=3), "points"),  # only 2 Fortune left (L220)
        (after(points=0), "points"),
        (after(check_id="check-9"), "check_id"),
    ):
        with pytest.raises(DomainError) as e:
            WISH.decide(cmd, st, ON, ScriptedDice([6, 6, 6]))
        assert e.value.field == field
    # only the latest check by default (the window is a campaign option)
    st = run(st, RollCheck(campaign_id="c1", character_id="hero", characteristic="str"), [1, 1])
    with pytest.raises(DomainError):
        WISH.decide(after(check_id="check-1"), st, ON, ScriptedDice([6]))
    assert WISH.decide(after(check_id="check-1"), st, {**ON, "fortune_after_roll_window": 2},
                       ScriptedDice([6]))


def test_an_attack_whose_damage_is_dealt_cannot_be_amended() -> None:
    st = states(hero=build_sheet(fortune=2), villain=build_sheet())
    atk = Attack(campaign_id="c1", character_id="hero", target_id="villain", characteristic="str")
    st = run(st, atk, [2, 1])  # two blanks (L10, L11): a miss
    with pytest.raises(DomainError) as e:
        WISH.decide(after(), st, ON, ScriptedDice([6]))
    assert "L222" in e.value.rule
