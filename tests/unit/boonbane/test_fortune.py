"""Fortune (L45-L47) on attack and challenge rolls, decided and folded without I/O."""

from __future__ import annotations

from typing import Any, Final

import pytest

from contracts.rulesets.boonbane import ChallengeRoll, FateRoll, GiveFortune, Heal, TakeDamage
from contracts.rulesets.boonbane.play import SpendFortune
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE
from tests.unit.boonbane.test_turns import Table

C: Final = "c"


def _states() -> dict[str, Any]:
    return {"character:a": BOONBANE.validate_sheet({"fortune": 1}, {}),
            "character:b": BOONBANE.validate_sheet({"fortune": 2}, {}),
            "character:z": BOONBANE.validate_sheet({}, {})}


def _roll(states: dict[str, Any], faces: list[int], **fields: Any) -> list[Any]:
    dice = ScriptedDice(faces)
    events = BOONBANE.decide(ChallengeRoll(campaign_id=C, stat="will", **fields), states, {}, dice)
    assert dice.remaining == 0
    assert BOONBANE.reread(events[0].type, events[0].data, dice.drawn) == []
    for ev in events:
        key = ev.stream
        states[key] = BOONBANE.evolve(states[key], ev.type, ev.data)
    return events


def test_fortune_turns_a_failure_into_a_success_and_is_spent_only_then() -> None:
    states = _states()
    [roll] = _roll(states, [12], character_id="a", fortune="succeed")  # 12 >= 10: not needed
    assert roll.data["success"] is True and states["character:a"]["fortune"] == 1
    roll, spent = _roll(states, [3], character_id="a", fortune="succeed")
    assert roll.data["success"] is True and roll.data["fortune_success"] is True  # L45
    assert spent.type == "boonbane.FortuneSpent" and states["character:a"]["fortune"] == 0
    before = dict(states)
    with pytest.raises(DomainError) as err:
        _roll(states, [3], character_id="a", fortune="succeed")
    assert err.value.rule == "boonbane.fortune L45" and states == before


def test_another_players_fortune_gives_2_boons_and_a_d6_can_be_a_6() -> None:
    states = _states()

    def give(giver: str, target: str) -> list[Any]:
        events = BOONBANE.decide(GiveFortune(campaign_id=C, character_id=giver,
                                             target_id=target), states, {}, ScriptedDice([]))
        for ev in events:
            states[ev.stream] = BOONBANE.evolve(states[ev.stream], ev.type, ev.data)
        return events

    # b's player spends b's Fortune before a's roll (L46): a's next roll has 2 boons
    spent, gift = give("b", "a")
    assert spent.stream == "character:b" and states["character:b"]["fortune"] == 1
    assert gift.stream == "character:a" and gift.data["effect"]["kind"] == "fortune_boons"
    [roll] = _roll(states, [4, 1, 2], character_id="a")
    assert roll.data["boons"] == 2 and roll.data["total"] == 4 + 2
    assert roll.data["consumed"] == ["fortune_boons"]
    [roll] = _roll(states, [4], character_id="a")  # used up by that roll
    assert roll.data["boons"] == 0
    give("b", "a")
    roll, spent_a = _roll(states, [4, 1, 2], character_id="a", fortune="six")
    assert spent_a.stream == "character:a"
    assert (roll.data["kept"], roll.data["total"]) == (6, 10)  # L47: 4 + 6
    assert states["character:a"]["fortune"] == 0 and states["character:b"]["fortune"] == 0
    for giver, target, rule in (("a", "a", "boonbane.fortune L46"),  # another player
                                ("b", "a", "boonbane.fortune L45"),  # none left
                                ("z", "a", "boonbane.fortune L45")):
        with pytest.raises(DomainError) as err:
            give(giver, target)
        assert err.value.rule == rule
    states["character:n"] = BOONBANE.validate_sheet({"kind": "npc"}, {})
    states["character:b"] = BOONBANE.validate_sheet({"fortune": 2}, {})
    with pytest.raises(DomainError) as err:
        give("b", "n")  # a non-player creature is no other player's
    assert err.value.rule == "boonbane.fortune L46"
    give("b", "a")
    with pytest.raises(DomainError) as err:
        give("b", "a")  # one gift waits at a time
    assert err.value.rule == "boonbane.fortune L46"
    with pytest.raises(DomainError) as err:
        _roll(states, [4], character_id="z", fortune="six")
    assert err.value.rule == "boonbane.fortune L45"
    with pytest.raises(DomainError) as err:
        _roll(_states(), [4], character_id="a", fortune="six")
    assert err.value.rule == "boonbane.fortune L47"  # no boon die to treat as a 6


def _spend(states: dict[str, Any], cid: str, use: str) -> dict[str, Any]:
    [ev] = BOONBANE.decide(SpendFortune(campaign_id=C, character_id=cid, use=use),
                           states, {}, ScriptedDice([]))
    assert ev.type == "boonbane.FortuneAmended"
    states[ev.stream] = BOONBANE.evolve(states[ev.stream], ev.type, ev.data)
    data: dict[str, Any] = ev.data
    return data


def test_fortune_after_the_roll_amends_the_latest_roll_once() -> None:
    states = _states()
    states["character:b"] = BOONBANE.validate_sheet({"fortune": 3}, {})
    # d20 3, mod 0 against 10: a failure (L22); 1 Fortune turns it into a success (L45)
    _roll(states, [3], character_id="b")
    amended = _spend(states, "b", "succeed")
    assert (amended["roll"], amended["success"], amended["total"], amended["fortune"]) == (
        1, True, 3, 2)
    with pytest.raises(DomainError) as err:  # no longer a failure
        _spend(states, "b", "succeed")
    assert err.value.rule == "boonbane.fortune L45"
    # roll 2 with one boon (helped, L184): d20 4 + d6 2 = 6 fails; the d6 treated as a 6 (L47)
    # gives 10, a success; the same die twice is refused
    _roll(states, [4, 2], character_id="b", situations=["helped"])
    amended = _spend(states, "b", "six")
    assert (amended["roll"], amended["total"], amended["success"]) == (2, 10, True)
    assert states["character:b"]["last_roll"]["fortune_six"] is True
    with pytest.raises(DomainError) as err:
        _spend(states, "b", "six")
    assert err.value.rule == "boonbane.fortune L47"
    # out of Fortune (L45)
    _roll(states, [3], character_id="b")
    _spend(states, "b", "succeed")
    _roll(states, [3], character_id="b")
    with pytest.raises(DomainError) as err:
        _spend(states, "b", "succeed")
    assert err.value.rule == "boonbane.fortune L45" and "has 0" in err.value.message


def test_fortune_never_turns_an_automatic_failure() -> None:
    states = {"character:s": BOONBANE.validate_sheet(
        {"fortune": 1, "afflictions": [{"name": "stunned"}]}, {})}
    _roll(states, [], character_id="s")
    with pytest.raises(DomainError) as err:
        _spend(states, "s", "succeed")
    assert err.value.rule == "boonbane.fortune D-34"


def _fate_table(fortune: int = 1) -> Any:
    t = Table(hero={"health": 8, "fortune": fortune})
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=7))
    t.send(TakeDamage(campaign_id=C, character_id="hero", amount=1))  # disabled (L65)
    t.fate = lambda faces: t.send(FateRoll(campaign_id=C, character_id="hero"), faces)
    return t


def _names(t: Any) -> list[tuple[str, str | None]]:
    return sorted((a["name"], a["source"]) for a in t.sheet("hero")["afflictions"])


def test_fortune_treats_a_fate_roll_of_1_as_a_6_while_its_result_stands() -> None:
    t = _fate_table()
    t.fate([1])  # L35: dying, and so unconscious
    assert t.sheet("hero")["life_state"] == "dying"
    [ev] = t.send(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"))
    assert ev.type == "boonbane.FateAmended" and ev.data["rolled"] == 1
    assert ev.data["fate"]["d6"] == 6 and ev.data["fate"]["outcome"] == "recovered L36"
    hero = t.sheet("hero")
    # read as a 6 (L36): heal 1, impaired for 1 minute; no longer dying nor defenseless
    assert (hero["life_state"], hero["damage"], hero["fortune"]) == ("active", 7, 0)
    assert _names(t) == [("impaired", "recovered, 1 minute L36"), ("prone", "incapacitated L62")]
    t.refused(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"),
              "boonbane.fortune L45")  # none left


def test_a_dying_fate_roll_of_1_as_a_6_is_disabled_again_with_no_healing() -> None:
    t = _fate_table()
    t.fate([1])
    t.fate([1])  # L42: dead
    assert t.sheet("hero")["life_state"] == "dead"
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"))
    hero = t.sheet("hero")
    assert (hero["life_state"], hero["damage"], hero["disabled_rounds"]) == ("disabled", 8, 0)
    assert _names(t) == [("defenseless", "disabled L33"), ("prone", "incapacitated L62")]


def test_the_third_disabled_round_read_as_a_6_recovers_instead_of_sleeping() -> None:
    t = _fate_table()
    t.fate([3])
    t.fate([4])
    t.fate([2, 3])  # L38: unconscious 3 hours, healed 1, impaired on waking
    assert ("unconscious", "three disabled rounds, 1d3 hours L38") in _names(t)
    t.send(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"))
    assert _names(t) == [("impaired", "recovered, 1 minute L36"), ("prone", "incapacitated L62")]
    assert t.sheet("hero")["damage"] == 7


def test_fortune_on_a_fate_roll_is_refused_once_the_result_has_changed_or_was_a_6() -> None:
    t = _fate_table(fortune=2)
    t.refused(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"),
              "boonbane.fortune L47")  # no Fate roll yet
    t.fate([3])
    t.send(Heal(campaign_id=C, character_id="hero", amount=1))
    t.refused(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"),
              "boonbane.fortune L47")
    t2 = _fate_table()
    t2.fate([6])
    t2.refused(SpendFortune(campaign_id=C, character_id="hero", use="fate_six"),
               "boonbane.fortune L47")
