"""Burst (L270), Toggle (L260), Lingering (L262), Invested (L263) and Persisted (L264) in the
domain, without I/O."""

from __future__ import annotations

import pytest

from contracts.rulesets.wish import (
    ApplyDamage,
    Attack,
    BeginExtended,
    EndRound,
    EndTurn,
    MaintainEffect,
    React,
    RollCheck,
    ShiftStance,
    StartEncounter,
    StartTurn,
    Stunt,
    TakeManeuver,
)
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import burst, lingering, toggles
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import parse_options
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table


def test_burst_hits_the_engagement_and_only_a_burst_names_one_L270() -> None:
    """L270: 'An effect with the Blast trait can affect an entire engagement rather than a
    single target' (the heading calls the trait Burst)."""
    assert burst.is_burst(Stunt(traits=["Blast"])) and burst.is_burst(Stunt(traits=["Burst"]))
    assert not burst.is_burst(Stunt(traits=["Ranged"])) and not burst.is_burst(None)
    who = ["me", "orc", "gob", "troll"]
    apart = {"gob|orc": 0, "orc|troll": 2}
    assert burst.engagement("me", "orc", [], False, None, None) == ["orc"]
    assert burst.engagement("me", "orc", ["gob"], True, who, apart) == ["orc", "gob"]
    with pytest.raises(StateConflict):
        burst.engagement("me", "orc", ["troll"], True, who, apart)  # Close, not engaged
    with pytest.raises(DomainError):
        burst.engagement("me", "orc", ["gob"], False, who, apart)  # not a Burst
    with pytest.raises(DomainError):
        burst.engagement("me", "orc", ["me"], True, who, apart)  # not the attacker


def test_a_toggle_switches_and_goes_off_at_zero_wounds_L260_L196() -> None:
    """L260: a maneuver turns a Toggle stunt on or off; 'A Toggle Stunt toggles off
    automatically if the character becomes unconscious'."""
    o = parse_options({})
    s = sheets.load(build_sheet(stunts={"Aura": {"sfx": "Fire", "traits": ["Toggle"]},
                                        "Bolt": {"sfx": "Fire"}}))
    assert toggles.switch(s, "Aura") is True
    with pytest.raises(StateConflict):
        toggles.switch(s, "Bolt")
    s.stunts["Aura"].toggled_on = True
    assert toggles.switch(s, "Aura") is False
    assert toggles.off_when_unconscious(s, o) == []
    s.wounds_lost = sheets.wounds_threshold(s, o) - 1  # 1 Wound left: still conscious
    assert toggles.off_when_unconscious(s, o) == []
    s.wounds_lost += 1  # 0 Wounds: unconscious (L196)
    assert toggles.off_when_unconscious(s, o) == ["Aura"]


def test_a_lingering_effect_is_maintained_once_a_turn_L262() -> None:
    s = sheets.load(build_sheet(stunts={"Smoke": {"sfx": "Fire", "traits": ["Lingering"]}}))
    with pytest.raises(StateConflict):
        lingering.maintainable(s, "Smoke")  # not in play
    s.lingering = {"Smoke": False}
    assert lingering.maintainable(s, "Smoke") == "Lingering"
    with pytest.raises(StateConflict) as err:
        lingering.maintainable(s, "Smoke", "action")  # a maneuver keeps it, not the Action
    assert err.value.rule == "wish.trait.lingering L262"
    s.lingering = {"Smoke": True}
    with pytest.raises(StateConflict):
        lingering.maintainable(s, "Smoke")


STUNTS = {"Wall": {"sfx": "Force", "traits": ["Invested"]},
          "Storm": {"sfx": "Cold", "traits": ["Persisted"]}}


def fight() -> Table:
    t = Table(states(mage=build_sheet(stunts=STUNTS), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["mage", "foe"]))
    return t


def next_turn(t: Table) -> None:
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="mage"))


def keep(stunt: str) -> MaintainEffect:
    return MaintainEffect(campaign_id="c", encounter_id="e", character_id="mage", stunt=stunt)


def use(stunt: str) -> RollCheck:
    return RollCheck(campaign_id="c", character_id="mage", encounter_id="e",
                     characteristic="wp", stunt=stunt)


def in_play(t: Table) -> dict[str, bool]:
    return sheets.load(t.st["character:mage"]).lingering


def test_an_invested_effect_is_kept_with_the_turns_action_L263() -> None:
    """L263 Invested: 'as Lingering, but a character must spend their Action each Round to
    keep the effect going. The character can take maneuvers'."""
    t = fight()
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    t.do(use("Wall"), faces=[1, 1])
    assert in_play(t) == {"Wall": True}  # in effect at once, the turn of use kept
    next_turn(t)
    with pytest.raises(StateConflict) as err:  # a maneuver does not keep it
        t.do(TakeManeuver(campaign_id="c", encounter_id="e", character_id="mage",
                          kind="maintain", stunt="Wall"))
    assert err.value.rule == "wish.trait.invested L263"
    t.do(TakeManeuver(campaign_id="c", encounter_id="e", character_id="mage", kind="movement"))
    t.do(keep("Wall"))  # maneuvers first, then the Action
    with pytest.raises(StateConflict) as err:  # the Action is spent
        t.do(use("Storm"), faces=[1, 1])
    assert err.value.rule == "wish.encounter.action L380"
    next_turn(t)
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))  # not kept: it ends
    assert in_play(t) == {}


def test_a_persisted_effect_takes_the_whole_turn_and_a_react_ends_it_L264() -> None:
    """L264 Persisted: 'a character must spend their entire Turn each Round to keep the effect
    going. The character cannot take maneuvers and cannot use Reacts without terminating the
    effect.'"""
    t = fight()
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    t.do(use("Storm"), faces=[1, 1])
    next_turn(t)
    t.do(TakeManeuver(campaign_id="c", encounter_id="e", character_id="mage", kind="movement"))
    with pytest.raises(StateConflict) as err:  # a maneuver was taken: not the entire turn
        t.do(keep("Storm"))
    assert err.value.rule == "wish.trait.persisted L264"
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    assert in_play(t) == {}  # not kept this turn: it ended
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    t.do(use("Storm"), faces=[1, 1])
    next_turn(t)
    t.do(keep("Storm"))
    for cmd in (TakeManeuver(campaign_id="c", encounter_id="e", character_id="mage",
                             kind="movement"), use("Wall")):
        with pytest.raises(StateConflict) as err:
            t.do(cmd, faces=[1, 1])
        assert err.value.rule == "wish.trait.persisted L264"
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    assert in_play(t) == {"Storm": False}  # kept through this turn
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    t.do(Attack(campaign_id="c", character_id="foe", target_id="mage", encounter_id="e",
                skill="Melee Skill"), faces=[1, 1])
    events = t.do(React(campaign_id="c", encounter_id="e", character_id="mage",
                        attacker_id="foe", action="Brace"))
    assert events[0].type == "wish.LingeringEnded" and events[0].data["stunts"] == ["Storm"]
    assert in_play(t) == {}


def ritual() -> Table:
    stunts = {"Ritual": {"sfx": "Magic", "traits": ["2 Turns"], "recharge_rating": 3}}
    t = Table(states(mage=build_sheet(stunts=stunts), foe=build_sheet()))
    t.do(StartEncounter(campaign_id="c", encounter_id="e", participants=["mage", "foe"]))
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    return t


def test_an_x_turns_effect_takes_entire_turns_and_resolves_at_the_last_end_L261() -> None:
    """L261 X Turns: 'occupies 1 or more of a character's entire Turns, preventing them from
    altering their stance, taking any maneuvers at all, or taking their normal Action. The
    effect resolves during the character's End of Turn phase at the end of the allotted time
    frame'; L259: its recharge begins when the window has elapsed."""
    t = ritual()
    t.do(BeginExtended(campaign_id="c", encounter_id="e", character_id="mage", stunt="Ritual"))
    for cmd in (TakeManeuver(campaign_id="c", encounter_id="e", character_id="mage",
                             kind="movement"),
                ShiftStance(campaign_id="c", character_id="mage", steps=1)):
        with pytest.raises(StateConflict) as err:
            t.do(cmd)
        assert "L261" in err.value.rule or "L264" in err.value.rule
    first = t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    assert [e.data["done"] for e in first if e.type == "wish.ExtendedProgressed"] == [1]
    t.do(EndRound(campaign_id="c", encounter_id="e"))
    began = t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    assert [e.data.get("whole_turn") for e in began if e.type == "wish.ActionTaken"] == [True]
    with pytest.raises(StateConflict):  # no Action in this turn either
        t.do(use("Ritual"))
    last = t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    types = [e.type for e in last]
    assert types.index("wish.ExtendedResolved") < types.index("wish.RechargeTokensAdded")
    mage = sheets.load(t.st["character:mage"])
    assert mage.extended is None
    assert mage.stunts["Ritual"].recharge_tokens == 3 - 1  # placed, then this End of Turn's 1


def test_damage_makes_an_x_turns_effect_fail_L261() -> None:
    """L261: 'If anything interrupts the character or does damage to them, the effect
    automatically fails and any Actions expended on it thus far are wasted.'"""
    t = ritual()
    t.do(BeginExtended(campaign_id="c", encounter_id="e", character_id="mage", stunt="Ritual"))
    t.do(EndTurn(campaign_id="c", encounter_id="e", character_id="mage"))
    events = t.do(ApplyDamage(campaign_id="c", character_id="mage", amount=3))
    [failed] = [e for e in events if e.type == "wish.ExtendedFailed"]
    assert failed.data == {"stunt": "Ritual", "turns_wasted": 1, "cause": "damaged L261"}
    assert sheets.load(t.st["character:mage"]).extended is None
    t.do(StartTurn(campaign_id="c", encounter_id="e", character_id="foe"))
    with pytest.raises(DomainError) as err:  # the foe has no such stunt
        t.do(BeginExtended(campaign_id="c", encounter_id="e", character_id="foe",
                           stunt="Ritual"))
    assert (err.value.field, err.value.rule) == ("stunt", "wish.trait.x_turns L261")
