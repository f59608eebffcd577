"""Option lines (L514-528): the card notation and which lines a check may trigger."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    ChooseOptionLines,
    ImposeOptionLines,
    OptionLine,
    RollCheck,
    SpendFortuneAfterRoll,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH, lines
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None,
        options: Any = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, options or {}, ScriptedDice(faces or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def rolled(faces: list[int], difficulty: int = 0, expertise: int = 0) -> dict[str, Any]:
    skills = {"Athletics": {"characteristic": "str", "ranks": expertise}} if expertise else {}
    st = states(hero=build_sheet(characteristics={"str": 3}, skills=skills, fortune=2))
    cmd = RollCheck(campaign_id="c1", character_id="hero", difficulty=difficulty,
                    **({"skill": "Athletics"} if expertise else {"characteristic": "str"}))
    return run(st, cmd, faces)


def choose(*keys: str, **kw: Any) -> ChooseOptionLines:
    return ChooseOptionLines(campaign_id="c1", character_id="hero", check_id="check-1",
                             lines=[OptionLine(key=k, **kw) for k in keys])


def impose(*keys: str) -> ImposeOptionLines:
    return ImposeOptionLines(campaign_id="c1", character_id="hero", check_id="check-1",
                             lines=[OptionLine(key=k) for k in keys])


def test_card_keys_L522_L528() -> None:
    assert lines.parse("1:") == lines.Line("success", 1, True)  # "1: You hit for ..." (L516)
    assert lines.parse("3:") == lines.Line("success", 3, True)  # L522
    assert lines.parse("-2:") == lines.Line("failure", 2, False)  # L524
    assert lines.parse("++") == lines.Line("boon", 2, True)  # "two boons qualify" (L526)
    assert lines.parse("---") == lines.Line("bane", 3, False)  # "three banes" (L526)
    assert lines.parse("!") == lines.Line("serendipity", 1, True)  # L528
    assert lines.parse("?") == lines.Line("calamity", 1, False)  # L528
    with pytest.raises(DomainError):
        lines.parse("x:")


def test_one_success_line_boons_pay_for_boon_lines_L520_L526() -> None:
    # Str 3: CHR 8, 7 successes (L4-L5), CHR 4 a boon (L8): 2 net successes, 1 boon
    st = rolled([8, 7, 4])
    with pytest.raises(DomainError) as e:  # "3: some better effect" needs 3 successes
        WISH.decide(choose("3:"), st, {}, ScriptedDice([]))
    assert e.value.field == "lines.0" and "L522" in e.value.rule
    with pytest.raises(DomainError) as e:  # success lines are not cumulative (L520)
        WISH.decide(choose("1:", "2:"), st, {}, ScriptedDice([]))
    assert "L520" in e.value.rule
    with pytest.raises(DomainError) as e:  # "++" needs two boons; the check has one
        WISH.decide(choose("++"), st, {}, ScriptedDice([]))
    assert "L526" in e.value.rule
    [ev] = WISH.decide(choose("2:", "+"), st, {}, ScriptedDice([]))
    assert ev.type == "wish.OptionLinesChosen"
    assert ev.data["lines"] == ["2", "+"] and ev.data["consumed"] == {"B": 1}
    st = run(st, choose("2:", "+"))
    with pytest.raises(DomainError):  # each line once per resolution (L520)
        WISH.decide(choose("+"), st, {}, ScriptedDice([]))
    with pytest.raises(DomainError):  # a resolved check is no longer amended
        WISH.decide(SpendFortuneAfterRoll(campaign_id="c1", character_id="hero",
                                          check_id="check-1"),
                    st, {"fortune_after_roll": True}, ScriptedDice([6]))


def test_detrimental_lines_are_the_gms_L520_L524_L528() -> None:
    # CHR 2, 1, 1 blanks (L10-L11); CHL 3 two failures (L43), CHL 1 a calamity (L45)
    st = rolled([2, 1, 1, 3, 1], difficulty=2)
    assert ImposeOptionLines in WISH.gm_commands and ChooseOptionLines not in WISH.gm_commands
    with pytest.raises(DomainError) as e:  # the actor does not pick "?" (L520)
        WISH.decide(choose("?"), st, {}, ScriptedDice([]))
    assert e.value.field == "lines.0"
    with pytest.raises(DomainError):  # "-3:" needs 3 failures; the check has 2 (L524)
        WISH.decide(impose("-3:"), st, {}, ScriptedDice([]))
    [ev] = WISH.decide(impose("-2:", "?"), st, {}, ScriptedDice([]))
    assert ev.data["chooser"] == "gm" and ev.data["consumed"] == {"CAL": 1}


def test_serendipity_pays_for_one_line_unless_repeatable_L520_L528() -> None:
    # Athletics 1 rank: CHR 1, 1, 1 blanks, EXP 6 a serendipity (L48)
    st = rolled([1, 1, 1, 6], expertise=1)
    with pytest.raises(DomainError):  # one serendipity pays for one "!" (D-2)
        WISH.decide(choose("!", times=2, repeatable=True), st, {}, ScriptedDice([]))
    with pytest.raises(DomainError):  # twice needs "usable more than once" (L520)
        WISH.decide(choose("!", times=2), st, {}, ScriptedDice([]))
    [ev] = WISH.decide(choose("!"), st, {}, ScriptedDice([]))
    assert ev.data["consumed"] == {"SER": 1}
