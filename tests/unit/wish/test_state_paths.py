"""A state's consequences follow it whatever path reached it: unconsciousness (L196) switches
Toggle stunts off (L260) whether it came from damage, an explicit critical (L206) or a stunt's
Wound cost (L508)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import (
    ApplyDamage,
    InflictLasting,
    RollCheck,
    RollInitiative,
    SpendFortuneAfterRoll,
    Stabilize,
    StartEncounter,
)
from domain.errors import StateConflict
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import parse_options
from tests.unit.wish.builders import build_sheet, states
from tests.unit.wish.test_encounter import Table

AURA = {"sfx": "Fire", "traits": ["Toggle"], "toggled_on": True}


def one_wound_left(**stunts: Any) -> Table:
    s = sheets.load(build_sheet(stunts={"Aura": AURA, **stunts}))
    left = sheets.wounds_threshold(s, parse_options({})) - 1
    return Table(states(hero=build_sheet(stunts={"Aura": AURA, **stunts}, wounds_lost=left)))


def aura_on(t: Table) -> bool:
    return sheets.load(t.st["character:hero"]).stunts["Aura"].toggled_on


def test_a_toggle_goes_off_at_zero_wounds_by_damage_L260() -> None:
    t = one_wound_left()
    t.do(ApplyDamage(campaign_id="c", character_id="hero", amount=5))
    assert not aura_on(t)


def test_a_toggle_goes_off_at_zero_wounds_by_an_explicit_critical_L206_L260() -> None:
    """L260: "A Toggle Stunt toggles off automatically if the character becomes unconscious";
    a critical counts against Wounds (L206), so the last Wound lost to one is unconsciousness
    too (L196)."""
    t = one_wound_left()
    assert aura_on(t)
    events = t.do(InflictLasting(campaign_id="c", character_id="hero", kind="critical",
                                 name="Broken arm"))
    assert sheets.is_unconscious(sheets.load(t.st["character:hero"]), parse_options({}))
    assert events[-1].type == "wish.StuntToggled" and events[-1].data["cause"] == "unconscious"
    assert not aura_on(t)


def test_a_toggle_goes_off_when_a_stunts_wound_cost_takes_the_last_wound_L508_L260() -> None:
    t = one_wound_left(Sacrifice={"sfx": "Magic", "cost": {"wounds": 1}})
    t.do(RollCheck(campaign_id="c", character_id="hero", characteristic="wp",
                   stunt="Sacrifice"), [1, 1])
    assert not aura_on(t)


def test_fortune_after_the_roll_does_not_amend_a_roll_whose_outcome_is_applied_L222() -> None:
    """L222 lets Fortune be spent after the roll, to change its outcome: a Stabilize whose
    First Aid failed (no ``wish.Stabilized``), or an initiative roll already ordered on the
    tracker, would gain a success that changes nothing. Such a spend is refused, as it is for
    an attack or a contest: Fortune for them is spent before the roll (L220)."""
    opts = {"dying": "bleed_out", "fortune_after_roll": True}
    t = Table(states(medic=build_sheet(fortune=3, fortune_rating=3), down=build_sheet(wounds_lost=12)))
    t.do(StartEncounter(campaign_id="c", encounter_id="f", participants=["medic", "down"]))
    t.opts = opts
    t.do(Stabilize(campaign_id="c", character_id="medic", target_id="down"), [1, 1])
    assert sheets.load(t.st["character:down"]).stabilized is False
    with pytest.raises(StateConflict) as err:
        t.do(SpendFortuneAfterRoll(campaign_id="c", character_id="medic", check_id="check-1"),
             [6])
    assert err.value.rule == "wish.fortune.after_roll L222"
    t.do(RollInitiative(campaign_id="c", encounter_id="f", sides={"medic": "a", "down": "b"}),
         [1, 1])
    with pytest.raises(StateConflict) as err:
        t.do(SpendFortuneAfterRoll(campaign_id="c", character_id="medic", check_id="check-2"),
             [6])
    assert err.value.rule == "wish.fortune.after_roll L222"


def test_healed_back_to_consciousness_a_stabilized_character_bleeds_again_G3_L196() -> None:
    """L196: "A character who is at 0 Wounds is unconscious and in danger of dying"; first aid
    stops the bleeding while it stays at 0 Wounds (G-3). Healed above 0 and hurt to 0 again
    before any End of Round, it is in danger again: the old first aid does not hold."""
    from contracts.rulesets.wish import EndRound, Heal

    t = Table(states(medic=build_sheet(), down=build_sheet(wounds_lost=12)))
    t.opts = {"dying": "bleed_out"}
    t.do(StartEncounter(campaign_id="c", encounter_id="f", participants=["medic", "down"]))
    t.do(Stabilize(campaign_id="c", character_id="medic", target_id="down"), [8, 8])
    assert sheets.load(t.st["character:down"]).stabilized is True
    healed = t.do(Heal(campaign_id="c", character_id="down", wounds=1))
    assert healed[-1].type == "wish.StabilizationEnded"
    t.do(ApplyDamage(campaign_id="c", character_id="down", amount=1))  # to 0 Wounds again
    assert sheets.load(t.st["character:down"]).criticals == []
    t.do(EndRound(campaign_id="c", encounter_id="f", participants=["medic", "down"]))
    assert len(sheets.load(t.st["character:down"]).criticals) == 1  # bleeding again
