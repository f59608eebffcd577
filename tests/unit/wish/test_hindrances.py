"""Hindrances (L1335-1383) and facilitators (L1293-1333) with mechanical effects."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import RollCheck, TakeHindrance
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(faces or [])):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def take(name: str, **kw: Any) -> TakeHindrance:
    return TakeHindrance(campaign_id="c1", character_id="hero", name=name, **kw)


def creating(**over: Any) -> dict[str, Any]:
    return states(hero=build_sheet(phase="creation", **over))


@pytest.mark.parametrize(("name", "points"), [
    ("Overconfident", 4),  # "This grants 4 hindrance points" (L1349)
    ("Timid", 4),  # L1351
    ("Bizarre Looking", 1),  # L1357
    ("Scary Looking", 2),  # L1359
    ("Secret Id", 3),  # L1365
    ("Alter Ego", 3),  # L1367
    ("Dark Past", 1),  # L1369
])
def test_hindrance_points_follow_the_seed_table(name: str, points: int) -> None:
    hero = run(creating(), take(name))["character:hero"]
    assert hero["hindrance_points"] == points
    assert hero["hindrances"][0]["name"] == name


def test_taking_a_hindrance_is_a_gm_command_L1339() -> None:
    # "all hindrances must be approved by the GM" (L1339)
    assert TakeHindrance in WISH.gm_commands


def test_obsessed_needs_its_object_and_grants_5_L1353() -> None:
    with pytest.raises(DomainError) as e:
        WISH.decide(take("Obsessed"), creating(), {}, ScriptedDice([]))
    assert e.value.field == "detail" and "L1353" in e.value.rule
    hero = run(creating(), take("Obsessed", detail="the Moonstone"))["character:hero"]
    assert hero["hindrance_points"] == 5


def test_anathema_states_its_points_L1355() -> None:
    # "if you suffer [2 dice] and 3 Grit when exposed ... it would grant 5 hindrance points";
    # within Long range "you gain 2 more hindrance points"
    with pytest.raises(DomainError) as e:
        WISH.decide(take("Anathema", detail="green rock"), creating(), {}, ScriptedDice([]))
    assert e.value.field == "points" and "L1355" in e.value.rule
    ev = WISH.decide(take("Anathema", detail="green rock", points=5 + 2), creating(), {},
                     ScriptedDice([]))[0]
    assert ev.data["points"] == 7
    assert ev.data["scrutiny"] is True  # more than 5 advances worth (L1343)


def test_alter_ego_under_the_gm_grants_6_L1367() -> None:
    hero = run(creating(), take("Alter Ego", gm_controls_alter_ego=True))["character:hero"]
    assert hero["hindrance_points"] == 6


def test_a_stated_point_value_must_match_the_table() -> None:
    with pytest.raises(DomainError) as e:
        WISH.decide(take("Timid", points=6), creating(), {}, ScriptedDice([]))
    assert e.value.field == "points" and "L1351" in e.value.rule


def test_ogrish_changes_rating_and_maxima_L1363() -> None:
    # "+1 Strength, +1 Toughness, +1 Soak, -1 Agility ... affect both your rating and your maxima"
    hero = run(creating(soak=1), take("Ogrish"))["character:hero"]
    assert hero["hindrance_points"] == 1
    assert (hero["characteristics"]["str"], hero["maxima"]["str"]) == (3, 6)
    assert (hero["characteristics"]["to"], hero["maxima"]["to"]) == (3, 6)
    assert (hero["characteristics"]["ag"], hero["maxima"]["ag"]) == (1, 4)
    assert hero["soak"] == 2


def test_monstrous_looking_grants_6_and_one_psyche_L1361() -> None:
    hero = run(creating(), take("Monstrous Looking"))["character:hero"]
    assert hero["hindrance_points"] == 6 and hero["psyche"] == 1


def test_per_stunt_hindrances_name_a_stunt_each_time_a_different_one_L1373() -> None:
    st = creating(stunts={"Blast": {"rating": 2}, "Shield": {"rating": 1}})
    with pytest.raises(DomainError) as e:
        WISH.decide(take("Erratic"), st, {}, ScriptedDice([]))
    assert e.value.field == "stunt" and "L1373" in e.value.rule
    st = run(st, take("Erratic", stunt="Blast"))
    assert st["character:hero"]["stunts"]["Blast"]["hindrances"] == ["Erratic"]
    with pytest.raises(DomainError) as e:  # "applied to a different Stunt each time"
        WISH.decide(take("Erratic", stunt="Blast"), st, {}, ScriptedDice([]))
    assert e.value.field == "stunt"
    st = run(st, take("Erratic", stunt="Shield"))
    assert st["character:hero"]["hindrance_points"] == 2  # 1 each (L1373)


def check(stunt: str, characteristic: str = "str", difficulty: int = 0) -> RollCheck:
    return RollCheck(campaign_id="c1", character_id="hero", characteristic=characteristic,
                     stunt=stunt, difficulty=difficulty)


def test_contemplative_converts_sr_more_dice_to_defensive_L1331() -> None:
    # "a character with 6 Willpower currently at Defensive (2) using a Contemplative Stunt with a
    # Rating of 3 ... after three more characteristic dice are converted": 5 DFN + 1 CHR
    hero = build_sheet(characteristics={"wp": 6}, stance={"position": -2},
                       stunts={"Calm Mind": {"rating": 3, "facilitators": ["Contemplative"]}})
    ev = WISH.decide(check("Calm Mind", "wp"), states(hero=hero), {}, ScriptedDice([1] * 6))[0]
    assert ev.data["check"]["pool"] == {"CHR": 1, "DFN": 5}


def test_impetuous_converts_sr_more_dice_to_offensive_L1333() -> None:
    # 6 Agility at Offensive (2), Impetuous Rating 3: 5 OFF + 1 CHR
    hero = build_sheet(characteristics={"ag": 6}, stance={"position": 2},
                       stunts={"Dash": {"rating": 3, "facilitators": ["Impetuous"]}})
    ev = WISH.decide(check("Dash", "ag"), states(hero=hero), {}, ScriptedDice([1] * 6))[0]
    assert ev.data["check"]["pool"] == {"CHR": 1, "OFF": 5}


def test_contemplative_cannot_be_used_outside_a_defensive_stance_L1331() -> None:
    # "it cannot be used unless you are in a Defensive stance"
    hero = build_sheet(stunts={"Calm Mind": {"rating": 3, "facilitators": ["Contemplative"]}})
    with pytest.raises(DomainError) as e:
        WISH.decide(check("Calm Mind", "wp"), states(hero=hero), {}, ScriptedDice([1, 1]))
    assert e.value.field == "stunt" and "L1331" in e.value.rule


def test_easy_and_difficult_change_the_difficulty_by_one_L1323_L1383() -> None:
    hero = build_sheet(stunts={"Leap": {"rating": 1, "facilitators": ["Easy"]},
                               "Smash": {"rating": 1, "hindrances": ["Difficult"]}})
    st = states(hero=hero)
    easy = WISH.decide(check("Leap", difficulty=2), st, {}, ScriptedDice([1] * 3))[0]
    assert easy.data["check"]["pool"] == {"CHR": 2, "CHL": 1}
    hard = WISH.decide(check("Smash", difficulty=2), st, {}, ScriptedDice([1] * 5))[0]
    assert hard.data["check"]["pool"] == {"CHR": 2, "CHL": 3}


def test_frequent_and_infrequent_change_the_recharge_by_one_L1317_L1379() -> None:
    hero = build_sheet(stunts={
        "Quick": {"rating": 1, "recharge_rating": 2, "facilitators": ["Frequent"]},
        "Slow": {"rating": 1, "recharge_rating": 2, "hindrances": ["Infrequent"]},
    })
    st = states(hero=hero)
    quick = WISH.decide(check("Quick"), st, {}, ScriptedDice([1, 1]))[0]
    slow = WISH.decide(check("Slow"), st, {}, ScriptedDice([1, 1]))[0]
    assert quick.data["recharge"] == {"Quick": 1} and slow.data["recharge"] == {"Slow": 3}


def test_sheet_refuses_unknown_or_repeated_stunt_marks_and_prolonged_without_ongoing() -> None:
    with pytest.raises(DomainError) as e:
        build_sheet(stunts={"X": {"facilitators": ["Prolonged"]}})  # Ongoing only (L1319)
    assert "L1319" in e.value.rule
    with pytest.raises(DomainError):
        build_sheet(stunts={"X": {"hindrances": ["Tiring", "Tiring"]}})
