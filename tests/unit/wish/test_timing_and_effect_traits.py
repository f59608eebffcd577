"""Burst (L270), Toggle (L260) and Lingering (L262) in the domain, without I/O."""

from __future__ import annotations

import pytest

from contracts.rulesets.wish import Stunt
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import burst, lingering, toggles
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import parse_options
from tests.unit.wish.builders import build_sheet


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
    s = sheets.load(build_sheet())
    with pytest.raises(StateConflict):
        lingering.maintainable(s, "Smoke")  # not in play
    s.lingering = {"Smoke": False}
    lingering.maintainable(s, "Smoke")
    s.lingering = {"Smoke": True}
    with pytest.raises(StateConflict):
        lingering.maintainable(s, "Smoke")
