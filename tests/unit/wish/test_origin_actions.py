"""Origin abilities in play without I/O: Mystical Reality (L837), Cosmic Winds (L799-804,
D-40), Xeno (L777), overcoming Origin hindrances (L777-924), Engineered Limits (L896)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    DiceSource,
    OvercomeOriginHindrance,
    RemindXeno,
    RollCheck,
    UseCosmicWinds,
    UseMysticalReality,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.wish import WISH
from tests.unit.wish.builders import build_sheet, states


def run(st: dict[str, Any], cmd: Any, faces: list[int] | None = None) -> tuple[dict[str, Any],
                                                                            list[Any]]:
    st = dict(st)
    dice = ScriptedDice(faces or [])
    events = WISH.decide(cmd, st, {}, dice)
    assert dice.remaining == 0
    for e in events:
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st, events


def roll(cid: str = "hero", **kw: Any) -> RollCheck:
    return RollCheck(campaign_id="c", character_id=cid, characteristic="str", **kw)


FRT = [DiceSource(source="help", die="FRT", count=1)]


def test_mystical_reality_rerolls_fortune_and_misfortune_dice_once_L837() -> None:
    """L837: 'suffer 1 stress to force a re-roll of all fortune and misfortune dice in a dice
    pool or 1 fortune point and 1 stress to force a complete re-roll; the second roll stands.
    Any dice roll may be influenced in this fashion, not just the character's own.'"""
    st = states(hero=build_sheet(), mage=build_sheet(origin="Mystic"))
    st, _ = run(st, roll(sources=FRT), [1, 1, 1])  # CHR blank, blank; FRT blank: a failure
    st, events = run(st, UseMysticalReality(campaign_id="c", character_id="mage",
                                            check_id="check-1", roller_id="hero"), [6])
    [rerolled] = [e.data for e in events if e.type == "wish.CheckRerolled"]
    assert [d["die"] for d in rerolled["replaced"]] == ["FRT"]
    assert rerolled["result"]["success"] is True  # the FRT's 6 is a success (L55)
    assert st["character:mage"]["stress"] == 1
    assert st["character:hero"]["recent_checks"][-1]["result"]["success"] is True
    assert WISH.reread("wish.CheckRerolled", rerolled, [(6, 6)]) == []
    assert WISH.reread("wish.CheckRerolled", {**rerolled, "tally": {"S": 3}}, [(6, 6)])
    with pytest.raises(DomainError) as err:
        run(st, UseMysticalReality(campaign_id="c", character_id="mage", check_id="check-1",
                                   roller_id="hero"), [1])
    assert err.value.rule == "wish.origin.mystic.mystical_reality L837"


def test_mystical_reality_whole_pool_costs_a_fortune_L837() -> None:
    st = states(mage=build_sheet(origin="Mystic"))
    st, _ = run(st, roll(cid="mage"), [1, 1])
    st, events = run(st, UseMysticalReality(campaign_id="c", character_id="mage",
                                            check_id="check-1", whole_pool=True), [8, 8])
    mage = st["character:mage"]
    assert (mage["fortune"], mage["stress"]) == (1, 1)
    assert mage["recent_checks"][-1]["result"]["net_successes"] == 2
    with pytest.raises(DomainError):  # not a Mystic
        run(states(hero=build_sheet()), UseMysticalReality(
            campaign_id="c", character_id="hero", check_id="check-1"))


def test_cosmic_winds_one_choice_per_kept_serendipity_L799_D40() -> None:
    """L799-803: 'Whenever a Cosmic character rolls a serendipity ... Recover all Stress';
    D-40: one Cosmic Winds choice per kept serendipity."""
    st = states(star=build_sheet(origin="Cosmic", stress=2, fatigue=1))
    st, _ = run(st, roll(cid="star", sources=[DiceSource(source="x", die="EXP", count=1)]),
                [1, 1, 6])  # the expertise die's 6: a serendipity (L47)
    st, _ = run(st, UseCosmicWinds(campaign_id="c", character_id="star", check_id="check-1",
                                   effect="recover_stress"))
    assert st["character:star"]["stress"] == 0 and st["character:star"]["fatigue"] == 1
    with pytest.raises(DomainError) as err:
        run(st, UseCosmicWinds(campaign_id="c", character_id="star", check_id="check-1",
                               effect="recover_fatigue"))
    assert err.value.rule == "wish.origin.cosmic.cosmic_winds L799"


def test_xeno_costs_3_grit_until_overcome_for_3_L777() -> None:
    """L777: 'The Alien suffers 3 Grit whenever they are reminded of their alien nature ...
    This Hindrance can be overcome for 3 creation points or advances.'"""
    st = states(et=build_sheet(origin="Alien", advances=3))
    st, _ = run(st, RemindXeno(campaign_id="c", character_id="et"))
    assert st["character:et"]["grit_lost"] == 3
    st, _ = run(st, OvercomeOriginHindrance(campaign_id="c", character_id="et", name="Xeno"))
    assert (st["character:et"]["advances"], st["character:et"]["overcome"]) == (0, ["Xeno"])
    with pytest.raises(DomainError):
        run(st, RemindXeno(campaign_id="c", character_id="et"))
    with pytest.raises(DomainError) as err:
        run(st, OvercomeOriginHindrance(campaign_id="c", character_id="et", name="Nexus"))
    assert err.value.rule == "wish.origin L759"


def test_overcome_no_dogs_allowed_drops_its_die_L790() -> None:
    """L790: No Dogs Allowed 'can be overcome for 3 creation points or advances'."""
    cat = build_sheet(origin="Anthropomorphic", advances=2)
    st = states(cat=cat)
    with pytest.raises(DomainError):  # 2 advances of 3
        run(st, OvercomeOriginHindrance(campaign_id="c", character_id="cat",
                                        name="No Dogs Allowed"))
    social = RollCheck(campaign_id="c", character_id="cat", skill="Charm", tags=["normals"])
    _, before = run(st, social, [1, 1, 1])
    assert before[0].data["check"]["pool"] == {"CHR": 2, "MIS": 1}
    st = states(cat={**cat, "advances": 3})
    st, _ = run(st, OvercomeOriginHindrance(campaign_id="c", character_id="cat",
                                            name="No Dogs Allowed"))
    _, after = run(st, social, [1, 1])
    assert after[0].data["check"]["pool"] == {"CHR": 2}


def test_engineered_limits_wounds_instead_of_distress_dice_L896() -> None:
    """L896: 'rather than add misfortune dice to their dice pools a Robot suffers 1 Wound or
    Grit for each fatigue or stress token greater than the affected characteristic'."""
    st = states(bot=build_sheet(origin="Robot", fatigue=4))
    after, events = run(st, roll(cid="bot"), [1, 1])
    assert events[0].data["check"]["pool"] == {"CHR": 2}  # no distress dice
    assert after["character:bot"]["wounds_lost"] == 2  # 4 fatigue above Str 2
    human = states(bot=build_sheet(fatigue=4))
    _, events = run(human, roll(cid="bot"), [1, 1, 1, 1])
    assert events[0].data["check"]["pool"] == {"CHR": 2, "MIS": 2}  # D-42


def test_critical_intolerance_disables_a_stunt_until_the_critical_is_repaired_L897() -> None:
    """L897: 'The GM ... chooses a Stunt the Robot has with a Stunt Rating equal to or less than
    the severity of the critical Wound inflicted; that Stunt becomes unusable until the critical
    Wound is repaired. Passive Stunts cannot be chosen unless they are the only Stunts
    remaining.'"""
    from contracts.rulesets.wish import ChooseMalfunction, Repair

    bot = build_sheet(origin="Robot", criticals=[{"id": "crit-1", "name": "gears", "severity": 2}],
                      stunts={"Zap": {"rating": 2}, "Big Zap": {"rating": 3},
                              "Armor": {"rating": 1, "traits": ["Passive"]}})
    st = states(bot=bot)

    def choose(stunt: str) -> ChooseMalfunction:
        return ChooseMalfunction(campaign_id="c", character_id="bot", critical_id="crit-1",
                                 stunt=stunt)

    for stunt in ("Big Zap", "Armor"):  # Rating 3 > severity 2; Passive while Zap works
        with pytest.raises(DomainError) as err:
            run(st, choose(stunt))
        assert err.value.rule == "wish.origin.robot.critical_intolerance L897"
    st, _ = run(st, choose("Zap"))
    with pytest.raises(DomainError) as err:
        run(st, RollCheck(campaign_id="c", character_id="bot", characteristic="str", stunt="Zap"))
    assert err.value.field == "stunt"
    st, _ = run(st, Repair(campaign_id="c", character_id="bot", treat=["crit-1"]))
    assert st["character:bot"]["malfunctions"] == {} and st["character:bot"]["criticals"] == []


def test_attacks_on_an_item_of_power_add_a_challenge_and_rank_misfortune_L920() -> None:
    """L920: 'Attacks that directly target a Wielder's item of power add [X] and Character Rank #
    of [Y] to their dice pools' (Appendix A row 22: 1 CHL, Rank MIS)."""
    from contracts.rulesets.wish import Attack

    st = states(hero=build_sheet(), wield=build_sheet(origin="Wielder", experience=20))
    hit = Attack(campaign_id="c", character_id="hero", target_id="wield", skill="Melee Skill",
                 tags=["item_of_power"])
    _, events = run(st, hit, [1, 1, 8, 1, 1])
    assert events[0].data["check"]["pool"] == {"CHR": 2, "CHL": 1, "MIS": 2}  # Rank 2
    with pytest.raises(DomainError) as err:
        run(states(hero=build_sheet(), wield=build_sheet()), hit)
    assert err.value.field == "tags"
