"""Attack and challenge rolls with their sources, decided without I/O (L4-L22, L248-L412)."""

from __future__ import annotations

from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import AttackRoll, ChallengeRoll
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE
from domain.rulesets.boonbane.sheet import healing_rate

C: Final = "c"


def _states(**sheets: dict[str, Any]) -> dict[str, Any]:
    return {f"character:{cid}": BOONBANE.validate_sheet(raw, {}) for cid, raw in sheets.items()}


def _decide(cmd: msgspec.Struct, states: dict[str, Any], faces: list[int]) -> dict[str, Any]:
    dice = ScriptedDice(faces)
    [ev] = BOONBANE.decide(cmd, states, BOONBANE.validate_options({}), dice)
    assert dice.remaining == 0
    assert BOONBANE.reread(ev.type, ev.data, dice.drawn) == []
    return ev.data


def test_attack_with_boons_from_a_prone_target_and_a_bane_from_frightened() -> None:
    states = _states(hero={"strength": 13, "afflictions": [{"name": "frightened"}]},
                     foe={"defense": 14, "afflictions": [{"name": "prone"}, {"name": "stunned"}]})
    cmd = AttackRoll(campaign_id=C, character_id="hero", target_id="foe", situations=["feinted"])
    # boons: prone in reach (L315), stunned (L325), feinted 2 (L171) = 4; banes: frightened (L290)
    data = _decide(cmd, states, [9, 2, 5, 3])
    assert {(s["source"], s["line"], s["boons"], s["banes"]) for s in data["sources"]} == {
        ("frightened", "L290", 0, 1), ("target prone, in reach", "L315", 1, 0),
        ("target stunned", "L325", 1, 0), ("feinted", "L171", 2, 0)}
    assert (data["boons"], data["banes"], data["net"]) == (4, 1, 3)
    # d20 9 + Str modifier 3 (13 - 10) + highest of three boon d6 (5) = 17 against Defense 14
    assert (data["d20"], data["d6"], data["kept"], data["total"]) == (9, [2, 5, 3], 5, 17)
    assert data["success"] is True and data["target_number"] == 14


def test_banes_subtract_the_highest_die_and_out_of_reach_prone_is_a_bane() -> None:
    states = _states(hero={"agility": 12}, foe={"defense": 10, "afflictions": [{"name": "prone"}]})
    cmd = AttackRoll(campaign_id=C, character_id="hero", target_id="foe", attribute="agility",
                     in_reach=False, situations=["called_shot"])
    data = _decide(cmd, states, [10, 4, 1, 6])
    assert data["banes"] == 3 and data["net"] == -3  # L316 1 + Called Shot L216 2
    assert data["total"] == 10 + 2 - 6 and data["success"] is False


def test_defense_is_5_against_the_unconscious_and_asleep_means_prone_too() -> None:
    states = _states(hero={}, foe={"defense": 16, "afflictions": [{"name": "asleep"}]})
    data = _decide(AttackRoll(campaign_id=C, character_id="hero", target_id="foe"), states, [5, 1])
    assert data["target_number"] == 5  # L333 (asleep is unconscious, L251)
    assert data["net"] == 1 and data["total"] == 6 and data["success"] is True  # prone L315


def test_stunned_challenge_fails_with_no_dice_and_stunned_cannot_attack() -> None:
    states = _states(hero={"afflictions": [{"name": "stunned"}]}, foe={})
    data = _decide(ChallengeRoll(campaign_id=C, character_id="hero", stat="will"), states, [])
    assert data["success"] is False and data["automatic"] == "stunned L324" and data["d20"] is None
    with pytest.raises(DomainError) as err:
        BOONBANE.decide(AttackRoll(campaign_id=C, character_id="hero", target_id="foe"), states, {},
                        ScriptedDice([]))
    assert err.value.rule == "boonbane.stunned L323"


def test_defenseless_fails_attribute_challenges_but_not_perception() -> None:
    states = _states(hero={"afflictions": [{"name": "defenseless"}]})
    auto = _decide(ChallengeRoll(campaign_id=C, character_id="hero", stat="agility"), states, [])
    assert auto["automatic"] == "defenseless L280"
    ok = _decide(ChallengeRoll(campaign_id=C, character_id="hero", stat="perception"), states, [10])
    assert ok["automatic"] is None and ok["success"] is True  # 10 + 0 >= 10 (L22)


def test_overlay_sources_insanity_exposure_escalation_death_state_corruption() -> None:
    states = _states(hero={"will": 12, "insanity": 7, "exposure_tier": 2, "marked_dead": True,
                           "escalation": {"ritual": 2}, "corruption": 5, "perception": 11})
    will = _decide(ChallengeRoll(campaign_id=C, character_id="hero", stat="will", task_key="ritual",
                                 interaction="corrupted"), states, [10, 3])
    # Insanity 7: -2 on Will challenge rolls (L387); death state 1 bane (L355); escalation 2
    # banes (L360); corruption 5: 2 boons with corrupted entities (L345) -> net -1
    assert will["modifier"] == 2 - 2 and will["net"] == -1 and will["total"] == 10 - 3
    per = _decide(ChallengeRoll(campaign_id=C, character_id="hero", stat="perception"), states, [12, 2, 2])
    lines = [s["line"] for s in per["sources"]]
    assert "L371" in lines and "L370" not in lines  # tier 2 is not double-counted with tier 1
    assert per["banes"] == 2


def test_sheet_validation_and_derived_figures() -> None:
    with pytest.raises(DomainError) as err:
        BOONBANE.validate_sheet({"health": 10, "damage": 11}, {})
    assert err.value.field == "sheet.damage"
    with pytest.raises(DomainError) as err:
        BOONBANE.validate_sheet({"afflictions": [{"name": "sleepy"}]}, {})
    assert err.value.field.startswith("sheet.afflictions")
    with pytest.raises(DomainError) as err:
        BOONBANE.validate_sheet({"strenght": 12}, {})
    assert "strenght" in str(err.value)
    assert [healing_rate(h) for h in (1, 3, 4, 11, 20)] == [1, 1, 1, 2, 5]  # L57
    d = BOONBANE.derived(BOONBANE.validate_sheet({"health": 11, "damage": 6}, {}), {})
    assert d["injured"] is True and d["healing_rate"] == 2  # L68: 6 >= 11/2
    d = BOONBANE.derived(BOONBANE.validate_sheet({"health": 11, "damage": 5}, {}), {})
    assert d["injured"] is False


def test_social_backfire_and_misfire_at_a_total_of_zero_or_lower() -> None:
    states = {"character:a": BOONBANE.validate_sheet({"intellect": 10, "health": 10}, {}),
              "character:t": BOONBANE.validate_sheet({"will": 10}, {})}

    def attack(faces: list[int], **extra: Any) -> list[Any]:
        dice = ScriptedDice(faces)
        events = BOONBANE.decide(AttackRoll(campaign_id="c", character_id="a", target_id="t",
                                            **extra), states, {}, dice)
        assert dice.remaining == 0
        assert BOONBANE.reread(events[0].type, events[0].data, dice.drawn) == []
        return events

    # digest Appendix B 11: a Taunt (Int vs Will) with 1 bane: d20 3, bane die 4 -> -1 backfires
    [roll] = attack([3, 4], attribute="intellect", against="will", social=True,
                    situations=["charged"])
    assert (roll.data["total"], roll.data["backfire"], roll.data["success"]) == (-1, True, False)
    [roll] = attack([4, 4], attribute="intellect", against="will", social=True,
                    situations=["charged"])
    assert roll.data["total"] == 0 and roll.data["backfire"] is True  # "0 or lower" (L104)
    [roll] = attack([5, 4], attribute="intellect", against="will", social=True,
                    situations=["charged"])
    assert roll.data["backfire"] is False
    # Misfire (L128): total -1, d6 4 even: jammed, no damage
    [roll] = attack([3, 4, 4], misfire=True, situations=["charged"])
    assert roll.data["misfire"] == [4] and roll.data["jammed"] is True
    # d6 3 odd: explodes for 2d6 (5 + 2) to the wielder
    roll, hurt = attack([3, 4, 3, 5, 2], misfire=True, situations=["charged"])
    assert roll.data["misfire"] == [3, 5, 2] and hurt.type == "boonbane.DamageTaken"
    assert hurt.stream == "character:a" and hurt.data["applied"] == 7
    assert BOONBANE.reread(roll.type, roll.data, [(20, 3), (6, 4), (6, 3), (6, 5), (6, 1)]) == [
        "recorded misfire dice differ from the draws"]
