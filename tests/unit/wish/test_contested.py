"""Opposed checks: Stealth "usually opposed by Observation" (L1011); the seed gives no
procedure, the digest's D-9 a contested roll (ties go to the defender)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import CheckSpec, ContestedCheck, SpendFortuneAfterRoll
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def sneak() -> ContestedCheck:
    return ContestedCheck(campaign_id="c1", character_id="hero", target_id="guard",
                          skill="Stealth", opposition=CheckSpec(skill="Observation"))


def world() -> dict[str, Any]:
    return states(hero=build_sheet(characteristics={"ag": 3}), guard=build_sheet())


def test_both_sides_roll_and_the_net_difference_decides_L1011_D9() -> None:
    # hero Stealth (Ag 3): CHR 8, 7 successes (L4, L5), CHR 1 blank (L11) -> net 2
    # guard Observation (Int 2): CHR 8 success, CHR 2 blank (L10) -> net 1
    events = WISH.decide(sneak(), world(), {}, ScriptedDice([8, 7, 1, 8, 2]))
    assert [(e.type, e.stream) for e in events] == [
        ("wish.CheckRolled", "character:hero"),
        ("wish.CheckRolled", "character:guard"),
        ("wish.ContestResolved", "character:hero"),
    ]
    assert events[0].data["check"]["pool"] == {"CHR": 3}
    assert events[1].data["check"]["characteristic"] == "int"
    r = events[2].data
    assert (r["actor_net"], r["opposition_net"], r["net_successes"], r["success"]) == (2, 1, 1, True)


def test_a_tie_goes_to_the_defender_D9() -> None:
    # hero: CHR 8 success, two blanks -> 1; guard: CHR 8 success, blank -> 1
    events = WISH.decide(sneak(), world(), {}, ScriptedDice([8, 1, 1, 8, 2]))
    assert events[-1].data["net_successes"] == 0 and events[-1].data["success"] is False


def test_refusals() -> None:
    with pytest.raises(DomainError) as e:  # the alternative decision: opposition as CHL dice
        WISH.decide(sneak(), world(), {"opposed_checks": "difficulty"}, ScriptedDice([]))
    assert e.value.field == "opposition" and "L1011" in e.value.rule
    cmd = ContestedCheck(campaign_id="c1", character_id="hero", target_id="guard",
                         skill="Stealth", opposition=CheckSpec(skill="Observation",
                                                               fortune_points=1))
    with pytest.raises(DomainError) as e:  # the defender's Fortune is the defender's to spend
        WISH.decide(cmd, world(), {}, ScriptedDice([1] * 6))
    assert e.value.field == "opposition.fortune_points" and "L220" in e.value.rule


def test_a_contest_is_not_amended_after_the_roll() -> None:
    st = dict(world())
    for ev in WISH.decide(sneak(), st, {}, ScriptedDice([8, 7, 1, 8, 2])):
        st[ev.stream] = WISH.evolve(st.get(ev.stream), ev.type, ev.data)
    cmd = SpendFortuneAfterRoll(campaign_id="c1", character_id="hero", check_id="check-1")
    with pytest.raises(DomainError) as e:
        WISH.decide(cmd, st, {"fortune_after_roll": True}, ScriptedDice([6]))
    assert "L222" in e.value.rule


def contest(skill: str | None, opposition: CheckSpec, **kw: Any) -> ContestedCheck:
    return ContestedCheck(campaign_id="c1", character_id="hero", target_id="guard",
                          skill=skill, opposition=opposition, **kw)


def test_the_challenger_does_not_pick_the_defenders_opposition_L1011_L1017_L1018() -> None:
    """L1011 Stealth "is usually opposed by Observation"; L1017 Charm "often opposed by
    Discipline"; L1018 Guile "generally opposed by Intuition or Discipline". The challenger
    names the contest; the defender's skill, characteristic and pool are not its to choose."""
    bad = [
        (contest("Stealth", CheckSpec(skill="Athletics")), "opposition.skill", 1011),
        (contest("Stealth", CheckSpec(characteristic="str")), "opposition.characteristic", 1011),
        (contest("Charm", CheckSpec(skill="Observation")), "opposition.skill", 1017),
        (contest("Guile", CheckSpec(skill="Intuition")), "opposition.skill", 1018),
    ]
    for cmd, field, line in bad:
        with pytest.raises(DomainError) as e:
            WISH.decide(cmd, world(), {}, ScriptedDice([1] * 10))
        assert (e.value.field, e.value.rule, e.value.kind) == (
            field, f"wish.check.opposed L{line}", "invalid")
    for field, value in (("sources", [{"source": "x", "die": "MIS", "count": 3}]),
                         ("specializations", ["Ears"]), ("assisted_by", ["hero"]),
                         ("stunt", "Bash"), ("difficulty", 2), ("downgrade_serendipity", 1)):
        spec = CheckSpec(skill="Observation", **{field: value})
        with pytest.raises(DomainError) as e:
            WISH.decide(contest("Stealth", spec), world(), {}, ScriptedDice([1] * 10))
        assert e.value.field == f"opposition.{field}" and e.value.kind == "invalid"


def test_the_seeds_opposition_is_rolled_when_none_is_named_L1011_L1017() -> None:
    for skill, against, characteristic in (("Stealth", "Observation", "int"),
                                           ("Charm", "Discipline", "wp")):
        events = WISH.decide(contest(skill, CheckSpec()), world(), {}, ScriptedDice([1] * 10))
        theirs = events[1].data["check"]
        assert (theirs["skill"], theirs["characteristic"]) == (against, characteristic)
        assert events[-1].data["opposition_skill"] == against


def test_guile_is_opposed_by_the_defenders_better_of_intuition_and_discipline_L1018() -> None:
    """L1018: Guile "is generally opposed by Intuition or Discipline": the defender rolls the
    one its sheet does better with (Intuition on Int, Discipline on WP, L1024, L1026)."""
    for chars, against in (({"int": 4}, "Intuition"), ({"wp": 4}, "Discipline"),
                           ({}, "Intuition")):
        st = states(hero=build_sheet(), guard=build_sheet(characteristics=chars))
        events = WISH.decide(contest("Guile", CheckSpec()), st, {}, ScriptedDice([1] * 10))
        assert events[1].data["check"]["skill"] == against, chars


def test_a_contest_the_seed_names_no_opposition_for_is_like_against_like() -> None:
    events = WISH.decide(contest(None, CheckSpec(), characteristic="str"), world(), {},
                         ScriptedDice([1] * 10))
    assert events[1].data["check"]["characteristic"] == "str"
    with pytest.raises(DomainError) as e:
        WISH.decide(contest(None, CheckSpec(characteristic="ag"), characteristic="str"),
                    world(), {}, ScriptedDice([1] * 10))
    assert e.value.field == "opposition.characteristic"
